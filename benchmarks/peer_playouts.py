"""Random playouts of our tables beside OpenSpiel's and RLCard's gin rummy, as users run them.

A *decision* is one listing of the legal moves, one uniform choice among
them and one ``apply`` (``playout.one_decision``), or on the fast path one
listing of the legal actions and one ``apply_action`` (``playout.one_action``,
the same choices, so the same games); for a peer, one legal
action chosen and applied (chance nodes, the peers' deals and draws, are not
decisions). Each table plays a fixed set of seeded games, so that every run
of every version of the code makes the same decisions, and is timed in CPU
seconds of this process (:func:`time.process_time`), which other programs on
a shared machine change less than the wall clock.

Each run starts with the library's memos empty, as a new process does, and
plays long enough for them to fill, as a long-running process has them.
Each table runs with the garbage collector **on** (the headline: users run
with it on) and **paused**; the rounds are interleaved, table after table,
and the figures are the medians of the rounds. The collector's share is the
CPU time spent in collections (:data:`gc.callbacks`) over the CPU time of the
run, with the collector on. OpenSpiel is driven from Python two ways: a new
initial state each game, as a simple caller does, and a clone of one initial
state each game, which skips building the game's state from scratch.
"""

from __future__ import annotations

import gc
import random
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from peer_modules import optional, version_of
from playout import TABLES, forget_memos, one_action, one_decision

from rummyrules import PlayableRules

Playout = Callable[[int, int], int]
"""Play this many games from this seed; the decisions made."""

GAMES: dict[str, int] = {
    "End of the Page, 2 players": 60,
    "End of the Page, 4 players": 45,
    "1400, 4 players": 40,
    "Going Out, 4 players": 30,
    "Gin Rummy, 2 players": 1000,
}
"""Games a run of each of our tables (about 2-4 CPU s each at scale 1)."""
PEER_GAMES = 1000
"""Gin Rummy games a run of each peer."""
OPENSPIEL_NEW = "OpenSpiel gin_rummy, new state"
OPENSPIEL_CLONE = "OpenSpiel gin_rummy, cloned state"
RLCARD = "RLCard gin-rummy"


def playout(make: Callable[[], PlayableRules[Any]], *, fast: bool) -> Playout:
    """Seeded games of the rules ``make`` gives, on the public face or the fast path.

    The public face plays ``playout.one_decision`` (``legal_moves`` +
    ``apply``); the fast path ``playout.one_action`` (``legal_actions`` +
    ``apply_action``), the same choices, so the same games. On the fast path
    a game is over when its player to move has no action (there is no dead
    end, ALL-1), so that no field of a state is read to know it.
    """

    def run(games: int, seed: int) -> int:
        rules = make()
        rng = random.Random(seed)
        decisions = 0
        for _ in range(games):
            game = rules.new_game(seed=rng.randrange(1 << 30))
            while game.legal_actions() if fast else not game.is_over:
                game = one_action(game, rng) if fast else one_decision(game, rng)
                decisions += 1
        return decisions

    return run


def ours(name: str) -> Playout:
    """One of our tables on the public face (:func:`playout`)."""
    return playout(TABLES[name], fast=False)


def ours_fast(name: str) -> Playout:
    """One of our tables on the fast path (:func:`playout`): the same games."""
    return playout(TABLES[name], fast=True)


FAST = ", fast path"
"""The end of the name of a table's row on the fast path (``legal_actions`` + ``apply_action``)."""


def openspiel_playout(pyspiel: Any, *, clone: bool) -> Playout:
    """OpenSpiel's C++ gin rummy, one random legal action a decision.

    Chance nodes (the deal, each draw from the stock) are sampled from
    ``chance_outcomes()`` with the seeded generator and not counted.
    """
    game = pyspiel.load_game("gin_rummy")

    def run(games: int, seed: int) -> int:
        rng = random.Random(seed)
        initial = game.new_initial_state()
        decisions = 0
        for _ in range(games):
            state = initial.clone() if clone else game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(outcomes, weights)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    decisions += 1
        return decisions

    return run


def rlcard_playout(rlcard: Any) -> Playout:
    """RLCard's gin rummy environment, one ``env.step`` a decision."""

    def run(games: int, seed: int) -> int:
        env = rlcard.make("gin-rummy", config={"seed": seed})
        rng = random.Random(seed)
        decisions = 0
        for _ in range(games):
            state, _ = env.reset()
            while not env.is_over():
                state, _ = env.step(rng.choice(list(state["legal_actions"])))
                decisions += 1
        return decisions

    return run


@dataclass
class Run:
    """What one run of one table measured."""

    decisions: int
    cpu_s: float
    gc_s: float

    @property
    def rate(self) -> float:
        """Decisions per CPU second."""
        return self.decisions / self.cpu_s


@dataclass
class Table:
    """One playout table and its runs, with the collector on and paused."""

    name: str
    playout: Playout | None  # None: the engine is not installed
    games: int
    note: str = ""
    on: list[Run] = field(default_factory=list)
    paused: list[Run] = field(default_factory=list)

    def rate(self, *, collector: bool) -> float:
        """The median decisions per CPU second of the runs (NaN before any)."""
        runs = self.on if collector else self.paused
        return statistics.median(r.rate for r in runs) if runs else float("nan")

    def gc_share(self) -> float:
        """The median share of CPU time spent collecting, collector on."""
        return statistics.median(r.gc_s / r.cpu_s for r in self.on) if self.on else 0


@contextmanager
def collector_clock(*, collector: bool) -> Iterator[list[float]]:
    """The collector on or paused; yields a list that sums its collections' CPU time."""
    spent = [0.0]
    started = [0.0]

    def callback(phase: str, info: dict[str, int]) -> None:
        del info
        if phase == "start":
            started[0] = time.process_time()
        else:
            spent[0] += time.process_time() - started[0]

    forget_memos()
    gc.collect()
    if not collector:
        gc.disable()
    gc.callbacks.append(callback)
    try:
        yield spent
    finally:
        gc.callbacks.remove(callback)
        gc.enable()


def timed(table: Table, seed: int, *, collector: bool) -> Run:
    """One run of the table's fixed games from ``seed``."""
    if table.playout is None:
        raise ValueError(f"{table.name} is not installed")
    with collector_clock(collector=collector) as spent:
        start = time.process_time()
        decisions = table.playout(table.games, seed)
        cpu = time.process_time() - start
    return Run(decisions, cpu, spent[0])


def all_tables(scale: float) -> list[Table]:
    """Our tables, then the peers' (without a playout where not installed)."""
    tables = [
        Table(name + path, play(name), max(1, round(games * scale)))
        for name, games in GAMES.items()
        for path, play in (("", ours), (FAST, ours_fast))
    ]
    peer_games = max(1, round(PEER_GAMES * scale))
    pyspiel = optional("pyspiel")
    rlcard = optional("rlcard")
    spiel = f"open_spiel {version_of('open_spiel')}" if pyspiel else "open_spiel"
    for name, clone in ((OPENSPIEL_NEW, False), (OPENSPIEL_CLONE, True)):
        play = openspiel_playout(pyspiel, clone=clone) if pyspiel else None
        tables.append(Table(name, play, peer_games, spiel))
    play = rlcard_playout(rlcard) if rlcard else None
    rl = f"rlcard {version_of('rlcard')}" if rlcard else "rlcard"
    tables.append(Table(RLCARD, play, peer_games, rl))
    return tables


def measure(tables: list[Table], rounds: int, seed: int) -> None:
    """Interleaved rounds: every table on, then paused (order swapped each round)."""
    for number in range(rounds):
        modes = (True, False) if number % 2 == 0 else (False, True)
        for table in tables:
            if table.playout is None:
                continue
            for collector in modes:
                run = timed(table, seed, collector=collector)
                (table.on if collector else table.paused).append(run)


@dataclass
class LongRun:
    """A long run of one table, the collector on: what the memos grow to."""

    name: str
    games: int
    decisions: int
    cpu_s: float
    gc_s: float
    tracked_before: int
    tracked_after: int


def long_run(name: str, games: int, seed: int) -> LongRun:
    """``games`` games from empty memos, collector on; tracked objects before and after."""
    with collector_clock(collector=True) as spent:
        before = len(gc.get_objects())
        start = time.process_time()
        decisions = ours(name)(games, seed)
        cpu = time.process_time() - start
        gc.collect()
        after = len(gc.get_objects())
    return LongRun(name, games, decisions, cpu, spent[0], before, after)
