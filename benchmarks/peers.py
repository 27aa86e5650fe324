"""rummyrules beside the engines a user would otherwise pick, in one process run.

Four parts, printed against the aims of the speed issue (see
benchmarks/README.md), everything with the garbage collector on, as users
run, unless a column says "paused":

1. Random playouts (``peer_playouts.py``): decisions per CPU second of each
   of our tables over fixed seeded games, on the public face (``legal_moves``
   + ``apply``) and beside it on the fast path (``legal_actions`` +
   ``apply_action``, the same games), with the collector on and paused,
   its share of the time, and beside OpenSpiel's ``gin_rummy`` (C++, driven
   through ``pyspiel``, from a new state and from a cloned one each game) and
   RLCard's ``gin-rummy`` environment, our ratio to each. Aims: at least 1x
   OpenSpiel in End of the Page, 0.7x in 1400, 1.3x in Going Out Rummy and
   Gin Rummy; at least 3x RLCard; the collector at most 5 %.
2. Long runs: 1,000 games of each table from empty memos: speed, the
   collector's share, and the objects it tracks before and after (what the
   library's memos keep).
3. Single calls, median and mean µs with :func:`time.perf_counter_ns`: meld
   search on dealt 16-card End of the Page hands, going out on Going Out Rummy
   hands, ``apply`` on states from random play, ``dumps`` + ``loads`` of
   mid-game states and ``new_game``. Aims: ``apply`` median under 10 µs,
   ``dumps`` + ``loads`` under 200 µs, ``new_game`` under 100 µs.
4. Gin Rummy's deadwood count (``gin_deadwood.py``) beside OpenSpiel's C++
   helper and RLCard's, on the same random hands.
5. The search bot's playouts per CPU second (``search_bot.py --speed``): with
   its greedy rollouts, and with random ones by views and by actions (the
   fast path, the same moves chosen).

The peers are optional: neither is a dependency of rummyrules, and a peer that
is not installed gets a "not installed" row. Run from the repository root::

    .venv/bin/pip install -e '.[dev,peers]'
    .venv/bin/python benchmarks/peers.py                 # about 10 minutes
    .venv/bin/python benchmarks/peers.py --only playouts --rounds 1 --scale 0.2
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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import attrs
import gin_deadwood
import search_bot
from peer_modules import version_of
from peer_playouts import (
    FAST,
    GAMES,
    OPENSPIEL_CLONE,
    OPENSPIEL_NEW,
    RLCARD,
    Table,
    all_tables,
    long_run,
    measure,
    ours,
)
from playout import TABLES

import rummyrules
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
from rummyrules.melds import support
from rummyrules.melds.layouts import going_out_layouts

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

AIMS_OPENSPIEL = {
    "End of the Page, 2 players": 1.0,
    "End of the Page, 4 players": 1.0,
    "1400, 4 players": 0.7,
    "Going Out, 4 players": 1.3,
    "Gin Rummy, 2 players": 1.3,
}
"""Our decisions per second over OpenSpiel's (a new state a game), at least."""
AIM_RLCARD = 3.0
"""Our decisions per second over RLCard's, at least, for every table."""
AIM_GC_SHARE = 0.05
"""The collector's share of the CPU time, at most, for every table."""


# --------------------------------------------------------------------------
# 1. Random playouts


def bench_playouts(args: argparse.Namespace, misses: list[str]) -> None:
    tables = all_tables(args.scale)
    print()
    print(
        f"1. Random playouts: decisions per CPU second over fixed seeded games "
        f"(seed {args.seed}), memos emptied before each run; {args.rounds} "
        "interleaved round(s) of every table, collector on and paused; medians"
    )
    measure(tables, args.rounds, args.seed)
    by_name = {table.name: table for table in tables}
    spiel, clone, rl = by_name[OPENSPIEL_NEW], by_name[OPENSPIEL_CLONE], by_name[RLCARD]
    print(
        f"{'table':<40}{'games':>6}{'on':>9}{'paused':>9}{'gc':>7}"
        f"{'xOS new':>9}{'xOS clone':>10}{'xRLCard':>9}  aims (collector on)"
    )
    for table in tables:
        if table.playout is None:
            print(f"{table.name:<40}  not installed (pip install -e '.[peers]')")
            continue
        on, paused = table.rate(collector=True), table.rate(collector=False)
        line = (
            f"{table.name:<40}{table.games:>6}{on:>9,.0f}{paused:>9,.0f}"
            f"{table.gc_share():>7.1%}"
        )
        if table.name.endswith(FAST):
            print(line + fast_path_ratios(table, by_name, (spiel, clone, rl)))
            continue
        aim = AIMS_OPENSPIEL.get(table.name)
        if aim is None:
            print(line)
            continue
        verdicts = []
        for peer, want in ((spiel, aim), (clone, None), (rl, AIM_RLCARD)):
            if not peer.on:
                line += f"{'-':>9}"
                continue
            ratio = on / peer.rate(collector=True)
            line += f"{ratio:>{10 if peer is clone else 9}.2f}"
            if want is not None:
                met = ratio >= want
                verdicts.append(f">= {want:g}x {'met' if met else 'MISSED'}")
                if not met:
                    misses.append(
                        f"playout, {table.name}: {ratio:.2f}x {peer.name} (aim {want:g}x)"
                    )
        share = table.gc_share()
        verdicts.append(f"gc {'met' if share <= AIM_GC_SHARE else 'MISSED'}")
        if share > AIM_GC_SHARE:
            misses.append(f"playout, {table.name}: the collector takes {share:.1%}")
        print(f"{line}  {', '.join(verdicts)}")
    for table in tables:
        if table.note:
            print(f"  {table.name}: {table.note}")
    print(
        "  on/paused: decisions per CPU second; gc: the collector's share of the "
        "CPU time with it on;\n  xOS new/clone, xRLCard: our rate over the peer's, "
        "both with the collector on;\n  fast path: legal_actions + apply_action "
        "(the same games as the public face, legal_moves + apply),\n  xpublic: "
        "its rate over the public face's"
    )


def fast_path_ratios(
    table: Table, by_name: dict[str, Table], peers: Sequence[Table]
) -> str:
    """A fast-path row's ratios: to each peer (no aim of its own yet), and to the public face of its table."""
    public = by_name[table.name.removesuffix(FAST)]
    line = ""
    for peer in peers:
        if not peer.on:
            line += f"{'-':>{10 if peer.name == OPENSPIEL_CLONE else 9}}"
            continue
        ratio = table.rate(collector=True) / peer.rate(collector=True)
        line += f"{ratio:>{10 if peer.name == OPENSPIEL_CLONE else 9}.2f}"
    line += f"  x{table.rate(collector=True) / public.rate(collector=True):.2f} public"
    # Both rows play the same seeded games, decision for decision.
    if [run.decisions for run in table.on] != [run.decisions for run in public.on]:
        line += " (NOT the same decisions as the public face)"
    return line


def bench_long_runs(args: argparse.Namespace, misses: list[str]) -> None:
    print()
    print(
        f"2. Long runs: {args.long_games:,} games of each table from empty memos, "
        "collector on: what the memos grow to"
    )
    print(
        f"{'table':<34}{'decisions':>11}{'dec/s':>9}{'gc':>7}"
        f"{'tracked before':>16}{'after':>10}{'kept':>10}"
    )
    for name in TABLES:
        found = long_run(name, args.long_games, args.seed)
        share = found.gc_s / found.cpu_s
        if share > AIM_GC_SHARE:
            misses.append(f"long run, {name}: the collector takes {share:.1%}")
        print(
            f"{name:<34}{found.decisions:>11,}{found.decisions / found.cpu_s:>9,.0f}"
            f"{share:>7.1%}{found.tracked_before:>16,}{found.tracked_after:>10,}"
            f"{found.tracked_after - found.tracked_before:>10,}"
        )


# --------------------------------------------------------------------------
# 3. Single calls


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
    """One seeded game of random legal moves, as ``playout.one_decision`` plays it."""
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
        f"3. Single calls: µs per call. Each call is timed alone, {args.passes} "
        "passes over the sample; the figures are over the sample's per-call medians"
    )
    gc.collect()  # the collector stays on, as users run
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
    for name, per_run in GAMES.items():
        count = max(1, per_run // 4)
        profile(
            f"playout, {name}, {count} games",
            partial(ours(name), count, args.seed),
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


def build() -> str:
    """Which build of the library runs: pure Python, or compiled with mypyc."""
    compiled = Path(support.__file__ or "").suffix in {".so", ".pyd"}
    return "compiled build (mypyc)" if compiled else "pure Python"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="rummyrules' speed beside OpenSpiel's and RLCard's gin rummy."
    )
    parser.add_argument(
        "--rounds", type=int, default=3, help="interleaved rounds of every table"
    )
    parser.add_argument(
        "--scale", type=float, default=1.0, help="games a run, times the defaults"
    )
    parser.add_argument(
        "--long-games", type=int, default=1000, help="games of each long run (0: none)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of deals and hands")
    parser.add_argument(
        "--search-decisions",
        type=int,
        default=20,
        help="decisions a variant of the search bot's playouts (0: none)",
    )
    parser.add_argument("--passes", type=int, default=5, help="passes of single calls")
    parser.add_argument(
        "--states", type=int, default=2000, help="states for apply and new_game"
    )
    parser.add_argument("--hands", type=int, default=300, help="hands for searches")
    parser.add_argument(
        "--mid-games", type=int, default=40, help="mid-game states to serialize"
    )
    parser.add_argument(
        "--only",
        choices=("playouts", "long", "calls", "search"),
        help="run one part only (default: all)",
    )
    parser.add_argument(
        "--profile", action="store_true", help="also cProfile playouts and single calls"
    )
    parser.add_argument("--profile-rows", type=int, default=10, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    print("rummyrules speed beside its peers")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"{datetime.date.today()}, rummyrules {version_of('rummyrules')}, "
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs, "
        f"load average {load:.1f} at the start; seed {args.seed}"
    )
    print(f"{build()}: {Path(rummyrules.__file__).parent}")
    misses: list[str] = []
    if args.only in (None, "playouts"):
        bench_playouts(args, misses)
    if args.only in (None, "long") and args.long_games > 0:
        bench_long_runs(args, misses)
    games: dict[str, list[Played]] = {}
    if args.only in (None, "calls") or args.profile:
        games = {
            name: states_from_play(make(), args.states, args.seed)
            for name, make in TABLES.items()
        }
    if args.only in (None, "calls"):
        bench_single_calls(args, misses, games)
        # Like for like: the same game's deadwood count beside the peers' helpers.
        print("\n4. ", end="")
        gin_deadwood.main(["--hands", str(args.hands), "--seed", str(args.seed)])
    if args.only in (None, "search") and args.search_decisions > 0:
        print("\n5. ", end="")
        search_bot.print_playout_rates(
            args.search_decisions, search_bot.FIRST_SEED, list(search_bot.VARIANTS)
        )
    print()
    if misses:
        print(f"Missed aims ({len(misses)}):")
        for miss in misses:
            print(f"  MISSED {miss}")
    else:
        print("Every aim is met.")
    if args.profile:
        print_profiles(args, games)
    if hasattr(os, "getloadavg"):
        print(f"load average {os.getloadavg()[0]:.1f} at the end")
    print(f"Total time {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
