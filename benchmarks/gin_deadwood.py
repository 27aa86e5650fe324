"""Gin Rummy deadwood: µs per call, ours beside OpenSpiel's and RLCard's helpers.

Run from the repository root::

    .venv/bin/python benchmarks/gin_deadwood.py            # 1,000 hands a size
    .venv/bin/python benchmarks/gin_deadwood.py --hands 200

Each row times one function on the same seeded random 10-card or 11-card
hands (cards converted to each engine's own form before any clock starts),
one call at a time with :func:`time.perf_counter_ns`, the garbage collector
paused. *Cold* is the first call on each hand, after
:func:`rummyrules.games.gin_rummy.deadwood` has emptied any memo it keeps (it
keeps none: no call remembers a hand); *warm* is the median of the next five
calls on the same hand. The columns are the median, p90 and max over the
hands, in µs.

The peers, when installed (``.venv/bin/pip install -e '.[peers]'``):

- OpenSpiel's C++ ``GinRummyUtils.min_deadwood`` through ``pyspiel``. Given
  11 cards it counts the best arrangement of all 11 less its highest
  deadwood card, which is not always the best discard (see the agreement
  lines printed at the end); our ``knock_deadwood`` is the row beside it.
- RLCard's ``rlcard.games.gin_rummy.utils.melding``: the least of
  ``utils.get_deadwood_count`` over ``melding.get_meld_clusters``, as its
  ``get_best_meld_clusters`` works it out (10 cards only), and for 11 cards
  its knock helper ``judge.get_going_out_cards`` beside our
  ``knock_discards``.

The aim ("Gin Rummy deadwood"): within 5× of OpenSpiel's helper, median,
cold: ``min_deadwood`` on 10 cards, and on 11 both ``min_deadwood`` and
``knock_deadwood`` (OpenSpiel's question for 11 cards).
"""

from __future__ import annotations

import argparse
import gc
import importlib
import importlib.metadata
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from typing import Any

from peer_modules import optional, version_of

from rummyrules import Card
from rummyrules.core.cards import STANDARD_CARDS
from rummyrules.games.gin_rummy import deadwood

AIM_RATIO = 5.0
"""Our median µs over OpenSpiel's, at most, cold (the project's aim)."""
WARM_CALLS = 5
"""Calls a hand after the first; warm is their median."""
P90 = 90
NS_PER_US = 1000
KNOCK_CARD = 10
"""The default knock card (GIN-5), for the knock rows."""
SIZES = (10, 11)
OPENSPIEL_SUITS = "SCDH"
"""OpenSpiel's suit order: its card is 13 × this place + the rank less one."""
OPENSPIEL_SHAPE = (13, 4, 10)
"""``GinRummyUtils(num_ranks, num_suits, hand_size)`` for the standard game."""
RLCARD_RANKS = "A23456789TJQK"
NAME_WIDTH = 52


@contextmanager
def gc_paused() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@dataclass(frozen=True)
class Figures:
    """Median, p90 and max of one row, in µs."""

    median: float
    p90: float
    most: float

    @classmethod
    def of(cls, times_ns: Sequence[int | float]) -> Figures:
        """The figures of these times, given in ns."""
        ordered = sorted(times_ns)
        p90 = ordered[min(len(ordered) - 1, len(ordered) * P90 // 100)]
        return cls(
            statistics.median(ordered) / NS_PER_US,
            p90 / NS_PER_US,
            ordered[-1] / NS_PER_US,
        )

    def __str__(self) -> str:
        return f"{self.median:8.2f} {self.p90:8.2f} {self.most:8.2f}"


def one_call(call: Callable[[], object]) -> int:
    started = time.perf_counter_ns()
    call()
    return time.perf_counter_ns() - started


def measure(
    calls: Sequence[Callable[[], object]], reset: Callable[[], None] | None = None
) -> tuple[Figures, Figures]:
    """Cold (first call a hand, after ``reset``) and warm figures of the calls."""
    cold: list[int] = []
    warm: list[float] = []
    with gc_paused():
        for call in calls:
            if reset is not None:
                reset()
            cold.append(one_call(call))
            warm.append(statistics.median(one_call(call) for _ in range(WARM_CALLS)))
    return Figures.of(cold), Figures.of(warm)


def forget() -> None:
    """Empty any memo the deadwood module keeps (it keeps none today)."""
    for value in vars(deadwood).values():
        clear = getattr(value, "cache_clear", None)
        if callable(clear):
            clear()


def openspiel_codes(hand: Sequence[Card]) -> list[int]:
    return [
        13 * OPENSPIEL_SUITS.index(str(card.suit)) + int(card) // 4 - 1 for card in hand
    ]


def rlcard_cards(rlcard_card: Any, hand: Sequence[Card]) -> list[Any]:
    return [
        rlcard_card(str(card.suit), RLCARD_RANKS[int(card) // 4 - 1]) for card in hand
    ]


def rlcard_min_deadwood(melding: Any, utils: Any, hand: list[Any]) -> int:
    """RLCard's least deadwood of 10 cards, as its get_best_meld_clusters finds it."""
    counts = [
        utils.get_deadwood_count(hand, cluster)
        for cluster in melding.get_meld_clusters(hand)
    ]
    return int(min(counts, default=sum(map(utils.get_deadwood_value, hand))))


@dataclass
class Row:
    """One row of a table: its name, a call a hand (None: not installed)."""

    name: str
    calls: list[Callable[[], object]] | None
    reset: Callable[[], None] | None = None


def rows_for(size: int, hands: list[tuple[Card, ...]]) -> list[Row]:
    ours = [
        Row(
            f"ours min_deadwood ({size} cards, all counted)",
            [partial(deadwood.min_deadwood, hand) for hand in hands],
            forget,
        ),
        Row(
            "ours best_arrangement",
            [partial(deadwood.best_arrangement, hand) for hand in hands],
            forget,
        ),
    ]
    if size == max(SIZES):
        ours += [
            Row(
                "ours knock_deadwood (best after a discard)",
                [partial(deadwood.knock_deadwood, hand) for hand in hands],
                forget,
            ),
            Row(
                f"ours knock_discards (knock card {KNOCK_CARD})",
                [partial(deadwood.knock_discards, hand, KNOCK_CARD) for hand in hands],
                forget,
            ),
        ]
    pyspiel = optional("pyspiel")
    spiel = Row(f"OpenSpiel min_deadwood (open_spiel {version_of('open_spiel')})", None)
    if pyspiel is not None:
        utils = pyspiel.gin_rummy.GinRummyUtils(*OPENSPIEL_SHAPE)
        spiel.calls = [partial(utils.min_deadwood, openspiel_codes(h)) for h in hands]
    rlcard = optional("rlcard.games.gin_rummy.utils.melding")
    version = version_of("rlcard")
    if size == min(SIZES):
        rl = Row(f"RLCard least deadwood (rlcard {version})", None)
        if rlcard is not None:
            utils_rl = importlib.import_module("rlcard.games.gin_rummy.utils.utils")
            card = importlib.import_module("rlcard.games.base").Card
            rl.calls = [
                partial(rlcard_min_deadwood, rlcard, utils_rl, rlcard_cards(card, h))
                for h in hands
            ]
    else:
        rl = Row(f"RLCard get_going_out_cards (rlcard {version})", None)
        if rlcard is not None:
            judge = importlib.import_module("rlcard.games.gin_rummy.judge")
            card = importlib.import_module("rlcard.games.base").Card
            rl.calls = [
                partial(judge.get_going_out_cards, rlcard_cards(card, h), KNOCK_CARD)
                for h in hands
            ]
    return [*ours, spiel, rl]


def agreement(hands: list[tuple[Card, ...]]) -> Iterator[str]:
    """How often OpenSpiel's count and ours agree, on these hands."""
    pyspiel = optional("pyspiel")
    if pyspiel is None:
        return
    utils = pyspiel.gin_rummy.GinRummyUtils(*OPENSPIEL_SHAPE)
    by_size: dict[int, list[tuple[Card, ...]]] = {}
    for hand in hands:
        by_size.setdefault(len(hand), []).append(hand)
    for size, group in sorted(by_size.items()):
        ours = deadwood.min_deadwood if size == min(SIZES) else deadwood.knock_deadwood
        differ = [
            (utils.min_deadwood(openspiel_codes(hand)), ours(hand)) for hand in group
        ]
        above = sum(theirs > mine for theirs, mine in differ)
        below = sum(theirs < mine for theirs, mine in differ)
        yield (
            f"{size} cards, OpenSpiel min_deadwood beside our {ours.__name__}: "
            f"{len(group) - above - below} of {len(group)} equal, "
            f"{above} higher, {below} lower"
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time Gin Rummy deadwood counts.")
    parser.add_argument("--hands", type=int, default=1000, help="hands of each size")
    parser.add_argument("--seed", type=int, default=1, help="seed of the hands")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    print("Gin Rummy deadwood, µs per call (median, p90, max over the hands)")
    print(
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs; "
        f"{args.hands} hands a size, seed {args.seed}, garbage collector paused"
    )
    all_hands: list[tuple[Card, ...]] = []
    ratios: list[str] = []
    for size in SIZES:
        hands = [tuple(rng.sample(STANDARD_CARDS, size)) for _ in range(args.hands)]
        all_hands += hands
        print(f"\n{size}-card hands")
        print(
            f"{'':{NAME_WIDTH}} {'cold':^26} | {'warm':^26}\n"
            f"{'':{NAME_WIDTH}} {'median':>8} {'p90':>8} {'max':>8} | "
            f"{'median':>8} {'p90':>8} {'max':>8}"
        )
        medians: dict[str, float] = {}
        for row in rows_for(size, hands):
            if row.calls is None:
                print(f"{row.name:{NAME_WIDTH}} not installed")
                continue
            cold, warm = measure(row.calls, row.reset)
            medians[row.name.split(" (")[0]] = cold.median
            print(f"{row.name:{NAME_WIDTH}} {cold} | {warm}")
        theirs = medians.get("OpenSpiel min_deadwood")
        for name in ("ours min_deadwood", "ours knock_deadwood"):
            mine = medians.get(name)
            if theirs and mine:
                verdict = "met" if mine <= AIM_RATIO * theirs else "MISSED"
                ratios.append(
                    f"{size} cards: {name} cold median {mine / theirs:.1f}× "
                    f"OpenSpiel's (aim at most {AIM_RATIO:.0f}×): {verdict}"
                )
    print()
    for line in (*ratios, *agreement(all_hands)):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
