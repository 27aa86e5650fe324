"""rummyrules beside the engines a user would otherwise pick, in one process run.

Two parts, both printed against the aims of the speed issue (see
benchmarks/README.md):

1. Random playouts: decisions per second of each of our tables (the ones
   ``playout.py`` plays, with its ``play_for``) and, when they are installed,
   of OpenSpiel's ``gin_rummy`` (C++, driven through ``pyspiel``) and RLCard's
   ``gin-rummy`` environment, with our ratio to each. Aims: at least 1× OpenSpiel
   and at least 3× RLCard, for every table.
2. Single calls, median and mean µs with :func:`time.perf_counter_ns`: meld
   search on dealt 16-card End of the Page hands, going out on Going Out Rummy
   hands, ``apply`` on states from random play, ``dumps`` + ``loads`` of
   mid-game states and ``new_game``. Aims: ``apply`` median under 10 µs,
   ``dumps`` + ``loads`` under 200 µs, ``new_game`` under 100 µs.
3. Gin Rummy's deadwood count (``gin_deadwood.py``) beside OpenSpiel's C++
   helper and RLCard's, on the same random hands. Gin Rummy is also one of
   the playout tables: the peers' own game, like for like.

The peers are optional: neither is a dependency of rummyrules, and a peer that
is not installed gets a "not installed" row. Run from the repository root::

    .venv/bin/pip install -e '.[peers]'           # only to measure the peers
    .venv/bin/python benchmarks/peers.py          # 5 s a table
    .venv/bin/python benchmarks/peers.py --seconds 1 --profile
"""

from __future__ import annotations

import argparse
import cProfile
import datetime
import gc
import math
import os
import platform
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import attrs
import gin_deadwood
from peer_modules import optional, version_of
from playout import TABLES, play_for

from melds import cold
from rummyrules import (
    WILDCARD,
    Card,
    EndOfThePage,
    FourteenHundredState,
    GameState,
    GoingOutRummy,
    Phase,
    PlayableRules,
    Rank,
    dumps,
    loads,
)
from rummyrules.game.moves import Move
from rummyrules.games.going_out.state import Drop
from rummyrules.melds.layouts import going_out_layouts

AIM_OPENSPIEL = 1.0
"""Our decisions per second over OpenSpiel's, at least, for every table."""
AIM_RLCARD = 3.0
"""Our decisions per second over RLCard's, at least, for every table."""
AIM_APPLY_US = 10.0
"""``apply``: median µs per call (the aim of "Integers inside"; 20 before it)."""
AIM_SERIALIZE_US = 200.0
"""``dumps`` + ``loads`` of a mid-game state: median µs."""
AIM_NEW_GAME_US = 100.0
"""``new_game``: median µs."""
AIM_SEARCH_US = 1000.0
"""Meld search, 16-card End of the Page hand: each under 1 ms ("Integers inside")."""
AIM_GOING_OUT_US = 1000.0
"""Going out, a Going Out Rummy hand: each under 1 ms (melds.py's aim)."""

EOP = EndOfThePage(players=4)  # two decks, so a hand may hold duplicates
GOR = GoingOutRummy(players=4, hand_size=7, wildcards=4)  # the playout table
GOR_11 = GoingOutRummy(wildcards=4)  # for 11-card hands, as melds.py times
WILD_RANKS = [rank for rank in Rank if rank in EndOfThePage.wild_ranks]
GOR_TABLE = "Going Out, 4 players"  # the key of the Going Out table in TABLES

Playout = Callable[[float, int], tuple[int, int, float]]
"""Play for about this many seconds from this seed: decisions, games, time."""


@contextmanager
def clock_conditions(keep_gc: bool) -> Iterator[None]:  # noqa: FBT001
    """The garbage collector paused while the clock runs (unless ``keep_gc``)."""
    if not keep_gc:
        gc.collect()
        gc.disable()
    try:
        yield
    finally:
        gc.enable()


# --------------------------------------------------------------------------
# 1. Random playouts


def ours(make: Callable[[], PlayableRules[Any]]) -> Playout:
    """A table of ours, played by playout.py's ``play_for`` (no ``drop`` moves)."""

    def run(seconds: float, seed: int) -> tuple[int, int, float]:
        decisions, _, games, took = play_for(make(), seconds, seed)
        return decisions, games, took

    return run


def openspiel_playout(pyspiel: Any) -> Playout:
    """OpenSpiel's C++ gin rummy, one random legal action a decision.

    Chance nodes (the deal and each draw from the stock) are sampled from
    ``chance_outcomes()`` with the seeded generator and not counted.
    """
    game = pyspiel.load_game("gin_rummy")

    def run(seconds: float, seed: int) -> tuple[int, int, float]:
        rng = random.Random(seed)
        decisions = games = 0
        start = time.perf_counter()
        deadline = start + seconds
        while time.perf_counter() < deadline:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(outcomes, weights)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    decisions += 1
            games += 1
        return decisions, games, time.perf_counter() - start

    return run


def rlcard_playout(rlcard: Any) -> Playout:
    """RLCard's gin rummy environment, one ``env.step`` a decision."""

    def run(seconds: float, seed: int) -> tuple[int, int, float]:
        env = rlcard.make("gin-rummy", config={"seed": seed})
        rng = random.Random(seed)
        decisions = games = 0
        start = time.perf_counter()
        deadline = start + seconds
        while time.perf_counter() < deadline:
            state, _ = env.reset()
            while not env.is_over():
                state, _ = env.step(rng.choice(list(state["legal_actions"])))
                decisions += 1
            games += 1
        return decisions, games, time.perf_counter() - start

    return run


@dataclass
class Table:
    """One playout table and the rates measured on it, one per run."""

    name: str
    playout: Playout | None  # None: the engine is not installed
    rates: list[float]
    games: int = 0
    package: str = ""  # a peer's pip package

    @property
    def rate(self) -> float:
        """The median of the runs' decisions per second (NaN before any run)."""
        return statistics.median(self.rates) if self.rates else math.nan

    def spread(self) -> str:
        """The lowest and highest run, when there were several."""
        if len(self.rates) < 2:
            return ""
        return f"{min(self.rates):,.0f}-{max(self.rates):,.0f}"


def peer_tables() -> tuple[Table, Table]:
    """OpenSpiel's and RLCard's tables; without a playout where not installed."""
    pyspiel = optional("pyspiel")
    rlcard = optional("rlcard")
    openspiel = Table("OpenSpiel gin_rummy", None, [], package="open_spiel")
    rl = Table("RLCard gin-rummy", None, [], package="rlcard")
    if pyspiel is not None:
        openspiel.name += f" (open_spiel {version_of('open_spiel')})"
        openspiel.playout = openspiel_playout(pyspiel)
    if rlcard is not None:
        rl.name += f" (rlcard {version_of('rlcard')})"
        rl.playout = rlcard_playout(rlcard)
    return openspiel, rl


def bench_playouts(args: argparse.Namespace, misses: list[str]) -> None:
    print()
    print(
        f"1. Random playouts: decisions per second, {args.seconds:g} s a table, "
        f"{args.repeat} run(s) of every table in turn (median of the runs)"
    )
    mine = [Table(name, ours(make), []) for name, make in TABLES.items()]
    openspiel, rl = peer_tables()
    tables = [*mine, openspiel, rl]
    for run in range(args.repeat):
        for table in tables:
            if table.playout is None:
                continue
            with clock_conditions(args.gc):
                decisions, games, took = table.playout(args.seconds, args.seed + run)
            table.rates.append(decisions / took)
            table.games += games
    print(
        f"{'table':<36}{'decisions/s':>12}{'games':>7}"
        f"{'/OpenSpiel':>12}{'/RLCard':>9}  aims: >= 1x OpenSpiel, >= 3x RLCard"
    )
    for table in mine:
        verdicts = []
        ratios = []
        for peer, aim in ((openspiel, AIM_OPENSPIEL), (rl, AIM_RLCARD)):
            if not peer.rates:
                ratios.append("-")
                verdicts.append("peer not installed")
                continue
            ratio = table.rate / peer.rate
            ratios.append(f"{ratio:.2f}x")
            met = ratio >= aim
            verdicts.append("met" if met else "MISSED")
            if not met:
                misses.append(
                    f"playout, {table.name}: {ratio:.2f}x {peer.name.split()[0]} "
                    f"(aim {aim:g}x)"
                )
        print(
            f"{table.name:<36}{table.rate:>12,.0f}{table.games:>7}"
            f"{ratios[0]:>12}{ratios[1]:>9}  {', '.join(verdicts)}"
        )
    for peer in (openspiel, rl):
        if peer.rates:
            print(f"{peer.name:<36}{peer.rate:>12,.0f}{peer.games:>7}")
        else:
            print(f"{peer.name:<36}  not installed (pip install {peer.package})")
    for table in tables:
        if table.spread():
            print(f"  {table.name}: runs {table.spread()} decisions/s")


# --------------------------------------------------------------------------
# 2. Single calls


@dataclass(frozen=True)
class Timing:
    """Per-item times: each item's median over the passes, in ns."""

    per_item_ns: tuple[float, ...]

    @property
    def median_us(self) -> float:
        """The median item, µs."""
        return statistics.median(self.per_item_ns) / 1e3

    @property
    def mean_us(self) -> float:
        """The mean over the items, µs."""
        return statistics.fmean(self.per_item_ns) / 1e3

    @property
    def p90_us(self) -> float:
        """The nearest-rank 90th percentile, µs."""
        ordered = sorted(self.per_item_ns)
        return ordered[math.ceil(0.9 * len(ordered)) - 1] / 1e3

    @property
    def max_us(self) -> float:
        """The slowest item, µs."""
        return max(self.per_item_ns) / 1e3


def time_calls(calls: Sequence[Callable[[], object]], passes: int) -> Timing:
    """Time each call alone, ``passes`` times over the whole sample."""
    clock = time.perf_counter_ns
    times: list[list[int]] = [[] for _ in calls]
    for _ in range(passes):
        for spent, call in zip(times, calls, strict=True):
            start = clock()
            call()
            spent.append(clock() - start)
    return Timing(tuple(statistics.median(spent) for spent in times))


@dataclass(frozen=True)
class Played:
    """A state from random play, its legal moves listed, and the move chosen."""

    state: GameState
    move: Move


def random_play(rules: PlayableRules[Any], seed: int) -> list[Played]:
    """One seeded game of random legal moves, as ``play_for`` plays it."""
    rng = random.Random(seed)
    game = rules.new_game(seed=seed)
    played: list[Played] = []
    while not game.is_over:
        moves = [m for m in game.legal_moves() if type(m) is not Drop]
        if isinstance(game, FourteenHundredState) and game.claim is not None:
            moves += [
                m for p in range(game.players) for m in game.legal_moves(player=p)
            ]
        move = rng.choice(moves)
        played.append(Played(game, move))
        game = game.apply(move)
    return played


def states_from_play(rules: PlayableRules[Any], count: int, seed: int) -> list[Played]:
    """The states of seeded random games, whole games until there are ``count``."""
    rng = random.Random(seed)
    played: list[Played] = []
    while len(played) < count:
        played += random_play(rules, rng.randrange(1 << 30))
    return played


@dataclass(frozen=True)
class Row:
    """One line of the single-call table."""

    case: str
    timing: Timing
    aim: str = ""
    met: bool | None = None


def dealt_eop_hands(count: int, seed: int) -> list[tuple[tuple[Card, ...], Rank]]:
    """16 cards off a shuffled End of the Page deck, each with a wild rank."""
    rng = random.Random(seed)
    deck = EOP.deck()
    return [(tuple(rng.sample(deck, 16)), rng.choice(WILD_RANKS)) for _ in range(count)]


def dealt_gor_hands(count: int, seed: int) -> list[tuple[Card, ...]]:
    """11 cards off a shuffled Going Out Rummy deck with 4 WILDCARDs."""
    rng = random.Random(seed)
    deck = GOR_11.deck()
    return [tuple(rng.sample(deck, 11)) for _ in range(count)]


def wild_gor_hands(count: int, seed: int) -> list[tuple[Card, ...]]:
    """8 cards (a hand after the draw): 2 to 4 WILDCARDs, the rest off a shuffled deck."""
    rng = random.Random(seed)
    naturals = [card for card in GOR.deck() if card is not WILDCARD]
    hands = []
    for _ in range(count):
        wilds = rng.randint(2, 4)
        hands.append((*rng.sample(naturals, 8 - wilds), *(WILDCARD,) * wilds))
    return hands


def sample(items: Sequence[Played], most: int) -> list[Played]:
    """At most ``most`` items, spread evenly through the sequence."""
    step = max(1, len(items) // most)
    return list(items[::step][:most])


def search_rows(args: argparse.Namespace, games: dict[str, list[Played]]) -> list[Row]:
    """Meld search on 16-card End of the Page hands; going out on GOR hands."""
    passes = args.passes
    rows: list[Row] = []
    hands = dealt_eop_hands(args.hands, args.seed)
    # Each search starts with the piece memo empty, as for a hand never met.
    search = time_calls(
        [cold(partial(EOP.find_melds, h, wild=w)) for h, w in hands], passes
    )
    rows.append(
        Row(
            f"meld search, EOP 16-card dealt hands (n={len(hands)})",
            search,
            f"each < {AIM_SEARCH_US / 1e3:g} ms",
            search.max_us < AIM_SEARCH_US,
        )
    )
    in_play = [
        p.state.hand(p.state.to_move)
        for p in games[GOR_TABLE]
        if p.state.phase == Phase.PLAY and p.state.to_move is not None
    ]
    gor_hands = in_play[:: max(1, len(in_play) // args.hands)][: args.hands]
    layouts = [partial(going_out_layouts, h, GOR.meld_rules) for h in gor_hands]
    rows.append(
        Row(
            f"going_out_layouts, GOR 8-card hands from play (n={len(gor_hands)})",
            time_calls(layouts, passes),
        )
    )
    # The quick test rules out most hands at once, but not those with two or
    # more WILDCARDs: they are searched, and play seldom deals them.
    searched = wild_gor_hands(args.hands, args.seed)
    if searched:
        timing = time_calls(
            [partial(going_out_layouts, h, GOR.meld_rules) for h in searched], passes
        )
        rows.append(
            Row(
                f"going_out_layouts, GOR 8-card hands, 2-4 WILDCARDs (n={len(searched)})",
                timing,
                f"each < {AIM_GOING_OUT_US / 1e3:g} ms",
                timing.max_us < AIM_GOING_OUT_US,
            )
        )
    eleven = dealt_gor_hands(args.hands, args.seed)
    timing = time_calls([partial(GOR_11.find_going_out, h) for h in eleven], passes)
    rows.append(
        Row(
            f"find_going_out, GOR 11-card dealt hands (n={len(eleven)})",
            timing,
            f"each < {AIM_GOING_OUT_US / 1e3:g} ms",
            timing.max_us < AIM_GOING_OUT_US,
        )
    )
    return rows


def apply_rows(args: argparse.Namespace, games: dict[str, list[Played]]) -> list[Row]:
    """``apply`` of the chosen move, and ``legal_moves``, on states from play."""
    rows: list[Row] = []
    for name, played in games.items():
        chosen = sample(played, args.states)
        for p in chosen:
            p.state.legal_moves()  # listed first, as by a caller choosing a move
        calls = [partial(p.state.apply, p.move) for p in chosen]
        timing = time_calls(calls, args.passes)
        rows.append(
            Row(
                f"apply, {name} (n={len(chosen)})",
                timing,
                f"median < {AIM_APPLY_US:g} µs",
                timing.median_us < AIM_APPLY_US,
            )
        )
    for name, played in games.items():
        fresh = [attrs.evolve(p.state) for p in sample(played, args.states)]
        rows.append(
            Row(
                f"legal_moves, {name} (copy, memos warm)",
                time_calls([state.legal_moves for state in fresh], 1),
            )
        )
    return rows


def serialize_rows(args: argparse.Namespace) -> list[Row]:
    """``dumps`` + ``loads`` of mid-game states, and each alone."""
    passes = args.passes
    rows: list[Row] = []
    for name in TABLES:
        middles = mid_game_states(TABLES[name](), args.mid_games, args.seed)
        both = time_calls([partial(round_trip, state) for state in middles], passes)
        texts = [dumps(state) for state in middles]
        rows += [
            Row(
                f"dumps + loads, {name} mid-game (n={len(middles)})",
                both,
                f"median < {AIM_SERIALIZE_US:g} µs",
                both.median_us < AIM_SERIALIZE_US,
            ),
            Row(
                "  of which dumps",
                time_calls([partial(dumps, state) for state in middles], passes),
            ),
            Row(
                "  of which loads",
                time_calls([partial(loads, text) for text in texts], passes),
            ),
        ]
    return rows


def new_game_rows(args: argparse.Namespace) -> list[Row]:
    """``new_game`` from seeds drawn from the run's seed."""
    rows: list[Row] = []
    for name, make in TABLES.items():
        rules = make()
        rng = random.Random(args.seed)
        seeds = [rng.randrange(1 << 30) for _ in range(args.states)]
        calls = [partial(rules.new_game, seed=s) for s in seeds]
        timing = time_calls(calls, args.passes)
        rows.append(
            Row(
                f"new_game, {name} (n={len(seeds)})",
                timing,
                f"median < {AIM_NEW_GAME_US:g} µs",
                timing.median_us < AIM_NEW_GAME_US,
            )
        )
    return rows


def round_trip(state: GameState) -> object:
    """The state written and read back."""
    return loads(dumps(state))


def mid_game_states(
    rules: PlayableRules[Any], count: int, seed: int
) -> list[GameState]:
    """The state halfway through each of ``count`` seeded random games."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        played = random_play(rules, rng.randrange(1 << 30))
        found.append(played[len(played) // 2].state)
    return found


def bench_single_calls(
    args: argparse.Namespace, misses: list[str], games: dict[str, list[Played]]
) -> None:
    print()
    print(
        f"2. Single calls: µs per call. Each call is timed alone, {args.passes} "
        "passes over the sample; the figures are over the sample's per-call medians"
    )
    with clock_conditions(args.gc):
        rows = [
            *search_rows(args, games),
            *apply_rows(args, games),
            *serialize_rows(args),
            *new_game_rows(args),
        ]
    print(f"{'case':<58}{'median':>9}{'mean':>9}{'p90':>9}{'max':>9}  aim")
    for row in rows:
        t = row.timing
        verdict = ""
        if row.met is not None:
            verdict = f"{row.aim}: {'met' if row.met else 'MISSED'}"
            if not row.met:
                misses.append(
                    f"{row.case}: median {t.median_us:.1f} µs, max {t.max_us:.1f} µs ({row.aim})"
                )
        print(
            f"{row.case:<58}{t.median_us:>9.1f}{t.mean_us:>9.1f}"
            f"{t.p90_us:>9.1f}{t.max_us:>9.1f}  {verdict}"
        )


# --------------------------------------------------------------------------
# Profiles


def profile(label: str, action: Callable[[], object], rows: int) -> None:
    """Profile one action: each function's own and cumulative share of the time."""
    profiler = cProfile.Profile()
    profiler.enable()
    action()
    profiler.disable()
    stats = pstats.Stats(profiler).get_stats_profile()
    total = stats.total_tt or 1.0
    print()
    print(f"{label}: {stats.total_tt:.2f} s under the profiler")
    own = sorted(stats.func_profiles.items(), key=lambda item: -item[1].tottime)
    # By cumulative time, leaving out the callers every call runs under.
    cumulative = sorted(
        (
            item
            for item in stats.func_profiles.items()
            if item[1].cumtime < 0.98 * total
        ),
        key=lambda item: -item[1].cumtime,
    )
    for heading, ranked in (("by own time", own), ("by cumulative time", cumulative)):
        print(f"  {heading}:")
        print(f"{'own':>6}{'cumul.':>8}{'calls':>12}  function")
        for name, prof in ranked[:rows]:
            where = Path(prof.file_name).name if prof.file_name != "~" else ""
            place = f"{where}:{prof.line_number} " if where else ""
            print(
                f"{prof.tottime / total:>6.0%}{prof.cumtime / total:>8.0%}"
                f"{prof.ncalls!s:>12}  {place}{name}"
            )


def repeat_calls(
    calls: Sequence[Callable[[], object]], times: int
) -> Callable[[], None]:
    """One action: every call of the sample, ``times`` times over."""

    def run() -> None:
        for _ in range(times):
            for call in calls:
                call()

    return run


def print_profiles(args: argparse.Namespace, games: dict[str, list[Played]]) -> None:
    print()
    print(
        "Profiles (cProfile; shares of the profiled time; own = in the function\n"
        "itself, cumul. = with its callees). cProfile taxes every call, so read the\n"
        "shares, not the times."
    )
    seconds = min(args.seconds, 3.0)
    for name, make in TABLES.items():
        profile(
            f"playout, {name}, {seconds:g} s",
            partial(play_for, make(), seconds, args.seed),
            args.profile_rows,
        )
    for name, played in games.items():
        chosen = sample(played, args.states)
        for p in chosen:
            p.state.legal_moves()
        profile(
            f"apply, {name}, {len(chosen)} states x 20",
            repeat_calls([partial(p.state.apply, p.move) for p in chosen], 20),
            args.profile_rows,
        )
    name = "End of the Page, 4 players"
    middles = mid_game_states(TABLES[name](), args.mid_games, args.seed)
    texts = [dumps(state) for state in middles]
    profile(
        f"dumps, {name} mid-game, {len(middles)} states x 50",
        repeat_calls([partial(dumps, state) for state in middles], 50),
        args.profile_rows,
    )
    profile(
        f"loads, {name} mid-game, {len(middles)} states x 50",
        repeat_calls([partial(loads, text) for text in texts], 50),
        args.profile_rows,
    )
    rules = TABLES[name]()
    profile(
        f"new_game, {name}, 2000 seeds",
        repeat_calls([partial(rules.new_game, seed=s) for s in range(2000)], 1),
        args.profile_rows,
    )


# --------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="rummyrules' speed beside OpenSpiel's and RLCard's gin rummy."
    )
    parser.add_argument("--seconds", type=float, default=5.0, help="time per table")
    parser.add_argument(
        "--repeat", type=int, default=1, help="runs of every playout table, in turn"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of deals and hands")
    parser.add_argument("--passes", type=int, default=5, help="passes of single calls")
    parser.add_argument(
        "--states", type=int, default=2000, help="states for apply and new_game"
    )
    parser.add_argument("--hands", type=int, default=300, help="hands for searches")
    parser.add_argument(
        "--mid-games", type=int, default=40, help="mid-game states to serialize"
    )
    parser.add_argument("--gc", action="store_true", help="leave garbage collection on")
    parser.add_argument(
        "--profile", action="store_true", help="also cProfile playouts and single calls"
    )
    parser.add_argument("--profile-rows", type=int, default=10, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    print("rummyrules speed beside its peers")
    print(
        f"{datetime.date.today()}, rummyrules {version_of('rummyrules')}, "
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs; seed "
        f"{args.seed}, garbage collector {'on' if args.gc else 'paused'} while timing"
    )
    misses: list[str] = []
    bench_playouts(args, misses)
    games = {
        name: states_from_play(make(), args.states, args.seed)
        for name, make in TABLES.items()
    }
    bench_single_calls(args, misses, games)
    # Like for like: the same game's deadwood count beside the peers' helpers.
    print("\n3. ", end="")
    gin_deadwood.main(["--hands", str(args.hands), "--seed", str(args.seed)])
    print()
    if misses:
        print(f"Missed aims ({len(misses)}):")
        for miss in misses:
            print(f"  MISSED {miss}")
    else:
        print("Every aim is met.")
    if args.profile:
        print_profiles(args, games)
    print(f"Total time {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
