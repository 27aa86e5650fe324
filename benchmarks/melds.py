"""How fast rummyrules checks melds and searches hands (see benchmarks/README.md).

Run from the repository root::

    .venv/bin/python benchmarks/melds.py          # the full run, under a minute
    .venv/bin/python benchmarks/melds.py --quick  # a smoke run, a few seconds

Every figure is measured with :func:`time.perf_counter_ns` over repeated
runs; the tables give the median and a low percentile (p10) of the time per
call. Card text is parsed once, before any clock starts, except where a row
says the rules class is given text (that is what a caller does). The garbage
collector is paused while the clock runs, as :mod:`timeit` does, unless
``--gc`` is given.

Three groups of figures, each against an aim; a figure that misses its aim is
flagged ``MISS`` and listed again at the end:

1. ``check_meld`` on a fixed, mixed sample of candidates (valid and invalid,
   sets and runs, with and without wilds), split by layer: the rules class
   (``Rules.check_meld``), :func:`rummyrules.melds.check` and
   :func:`rummyrules.melds.readings`. Aim: median under 10 µs a call.
2. Meld search (``Rules.find_melds`` and :func:`rummyrules.melds.search.find_melds`)
   on the worst hands found: built by hand, then by a seeded random search
   that keeps the slowest. Aim: a 16-card End of the Page hand under 1 ms.
3. Going-out search (``GoingOutRummy.find_going_out`` and
   :func:`rummyrules.melds.layouts.find_going_out`) on 11-card hands that can and
   cannot go out, with 0 and 4 WILDCARDs, standard, major and minor.
   Aim: under 1 ms.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import hashlib
import importlib.metadata
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
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path

from rummyrules import (
    WILDCARD,
    Card,
    EndOfThePage,
    FourteenHundred,
    GoingOutRummy,
    Rank,
    Rules,
    Suit,
    melds,
    parse_cards,
)
from rummyrules.melds import layouts, pieces
from rummyrules.melds import search as meld_search

AIM_CHECK_US = 10.0
"""check_meld: median µs per call over the mixed sample."""
AIM_SEARCH_MS = 1.0
"""find_melds: ms for a 16-card hand, the worst included ("Integers inside"; 2 before it)."""
AIM_GOING_OUT_MS = 1.0
"""find_going_out: median ms for an 11-card Going Out Rummy hand."""
LOW_PERCENTILE = 10
"""The low percentile printed beside each median."""

EOP = EndOfThePage(players=4)  # two decks, so a hand may hold duplicates
F14 = FourteenHundred(players=4, ace_hand_size=16)  # two decks, hands up to 16
GOR = GoingOutRummy(wildcards=4)  # three packs and four WILDCARDs

Action = Callable[[], object]


# --------------------------------------------------------------------------
# Settings and timing


@dataclass(frozen=True)
class Settings:
    """How hard to measure: the full run or ``--quick``."""

    quick: bool
    repeats: int
    """Timed runs per check_meld figure (median and p10 are over these)."""
    min_run_ns: int
    """A timed run of a fast call loops until it takes at least this long."""
    search_repeats: int
    """Timed calls per hand in the search tables."""
    random_hands: int
    """Random hands tried per variant (and per WILDCARD count) for the worst."""
    keep_worst: int
    """How many of the slowest random hands are measured again and shown."""
    climb_steps: int
    """Changes tried when hill-climbing from the slowest random hand."""
    seed: int
    keep_gc: bool


def settings_for(*, quick: bool, seed: int, keep_gc: bool) -> Settings:
    """The full run's settings, or the quick smoke run's."""
    if quick:
        return Settings(
            quick=True,
            repeats=5,
            min_run_ns=2_000_000,
            search_repeats=3,
            random_hands=25,
            keep_worst=1,
            climb_steps=10,
            seed=seed,
            keep_gc=keep_gc,
        )
    return Settings(
        quick=False,
        repeats=15,
        min_run_ns=10_000_000,
        search_repeats=11,
        random_hands=400,
        keep_worst=2,
        climb_steps=200,
        seed=seed,
        keep_gc=keep_gc,
    )


@dataclass(frozen=True)
class Timing:
    """Nanoseconds per call, one value per timed run, sorted."""

    per_call_ns: tuple[float, ...]

    @property
    def median_ns(self) -> float:
        """The median of the runs."""
        values = self.per_call_ns
        middle = len(values) // 2
        if len(values) % 2:
            return values[middle]
        return (values[middle - 1] + values[middle]) / 2

    @property
    def low_ns(self) -> float:
        """The LOW_PERCENTILE-th percentile of the runs (nearest rank)."""
        rank = math.ceil(LOW_PERCENTILE / 100 * len(self.per_call_ns))
        return self.per_call_ns[max(rank - 1, 0)]


@contextmanager
def clock_conditions(settings: Settings) -> Iterator[None]:
    """Pause the garbage collector while timing (as timeit does), unless --gc."""
    was_enabled = gc.isenabled()
    gc.collect()
    if not settings.keep_gc:
        gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _run(action: Action, loops: int) -> int:
    start = time.perf_counter_ns()
    for _ in range(loops):
        action()
    return time.perf_counter_ns() - start


def time_batch(action: Action, *, calls: int, settings: Settings) -> Timing:
    """Time a fast action that makes ``calls`` calls, looping it enough to measure.

    The loop count doubles until one run takes ``min_run_ns``; then
    ``repeats`` runs are timed and divided by the calls made.
    """
    loops = 1
    with clock_conditions(settings):
        action()  # warm up caches (the deck counts' lru_cache, etc.)
        while _run(action, loops) < settings.min_run_ns and loops < 1 << 20:
            loops *= 2
        samples = [
            _run(action, loops) / (loops * calls) for _ in range(settings.repeats)
        ]
    return Timing(tuple(sorted(samples)))


def time_each(action: Action, *, repeats: int, settings: Settings) -> Timing:
    """Time a slow action call by call, after one warm-up call."""
    with clock_conditions(settings):
        action()
        samples = [float(_run(action, 1)) for _ in range(repeats)]
    return Timing(tuple(sorted(samples)))


def quick_time(action: Action) -> float:
    """The faster of two single calls, in ns: cheap, for ranking random hands."""
    return float(min(_run(action, 1), _run(action, 1)))


# --------------------------------------------------------------------------
# Output


@dataclass
class Report:
    """Collects the figures that miss their aims, for the summary at the end."""

    misses: list[str] = field(default_factory=list)

    def flag(self, value: float, aim: float, what: str) -> str:
        """``ok`` when the value is under the aim, else ``MISS`` (and remember it)."""
        if value < aim:
            return "ok"
        self.misses.append(what)
        return "MISS"


def heading(title: str) -> None:
    print()
    print(title)
    print("=" * len(title))


def us(ns: float) -> str:
    return f"{ns / 1e3:.2f}"


def ms(ns: float) -> str:
    return f"{ns / 1e6:.3f}"


def text(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards)


# --------------------------------------------------------------------------
# 1. check_meld


@dataclass(frozen=True)
class Candidate:
    """One meld candidate: its cards (parsed once) and the round's wild rank."""

    label: str
    cards: tuple[Card, ...]
    wild: Rank | None

    @property
    def valid(self) -> bool:
        """Whether the sample says this candidate is a valid meld."""
        return not self.label.startswith("bad")


def candidates(entries: Sequence[tuple[str, str, str | None]]) -> list[Candidate]:
    return [
        Candidate(label, parse_cards(cards), None if wild is None else Rank.parse(wild))
        for label, cards, wild in entries
    ]


# (label, cards, wild rank). Every card exists in the rules' deck, so that the
# rules class does the same work as the lower layers and no deck check cuts it short.
EOP_SAMPLE: list[tuple[str, str, str | None]] = [
    ("run", "7S 8S 9S", "5"),
    ("run, wild inside", "7S 5H 9S", "5"),
    ("run, wild at the end (2 readings)", "9S 10S 5H", "5"),
    ("run, wild below", "5D QS KS", "5"),
    ("run, Ace high", "JH QH KH AH", "5"),
    ("run of 7", "6D 7D 8D 9D 10D JD QD", "5"),
    ("run, two spaced wilds", "5C 9H 10H 5S QH KH", "5"),
    ("run, own wild rank", "3D 4D 5D", "5"),
    ("set", "4H 4D 4C", "5"),
    ("set, one wild", "4H 4D 5S", "5"),
    ("set, two wilds", "KD KD 5H 5S", "5"),
    ("set of 6, two decks", "QS QS QH QD QC QC", "5"),
    ("set, 3 naturals 2 wilds", "5H 8C 8C 8D 5S", "5"),
    ("bad: wilds too close (EOP-8)", "9S 5H 5D QS KS", "5"),
    ("bad: wilds too close in a run", "7S 9S JS 5H 5D", "5"),
    ("bad: all wild", "3H 3D 3C", "3"),
    ("bad: Ace low", "AS 3S 4S", "5"),
    ("bad: mixed suits", "7S 8H 9S", "5"),
    ("bad: mixed ranks", "7S 7H 8S", "5"),
    ("bad: too few cards", "7S 8S", "5"),
    ("bad: two wilds need four naturals", "KS AS 5H 5D", "5"),
    ("bad: set, too many wilds", "6H 6H 6D 5C 5S 5D", "5"),
    ("bad: gaps", "8C 9C JC KC 5D", "5"),
    ("bad: duplicate in a run", "8C 9C 9C 10C", "5"),
]
F14_SAMPLE: list[tuple[str, str, str | None]] = [
    ("run, wild", "4C 5C 9H", "9"),
    ("run from 2", "2H 3H 4H", "9"),
    ("run, Ace high", "QS KS AS", "9"),
    ("run of 13, 9C wild in place", "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC", "9"),
    ("run, Aces wild", "6D 8D AS AC", "A"),
    ("set, wild", "AH AD 9C", "9"),
    ("set of 6", "5S 5H 5D 5C 5S 5H", "9"),
    ("1 natural + 2 wilds (many readings)", "KD AH AC", "A"),
    ("1 natural + 3 wilds", "7D 9H 9S 9C", "9"),
    ("1 natural + 4 wilds", "7D 9H 9S 9C 9D", "9"),
    ("2 naturals + 3 wilds", "7D 8D 9H 9S 9C", "9"),
    ("bad: Ace low", "AS 2S 3S", "9"),
    ("bad: round the corner", "KS AS 2S", "9"),
    ("bad: all wild (F14-R8)", "9H 9D 9C", "9"),
    ("bad: duplicate Ace in a run", "10H JH QH KH AH AH", "9"),
    ("bad: mixed suits", "3S 4H 5S", "9"),
    ("bad: gaps", "6D 8D 10D 9S", "9"),
    ("bad: too few cards", "JD QD", "9"),
    ("bad: mixed ranks", "7S 7H 8S 8H", "9"),
]
GOR_SAMPLE: list[tuple[str, str, str | None]] = [
    ("run, Ace low", "AH 2H 3H", None),
    ("run, Ace high", "QS KS AS", None),
    ("run of 6", "2H 3H 4H 5H 6H 7H", None),
    ("run, one WILDCARD (2 readings)", "4C 5C *", None),
    ("run, three WILDCARDs inside", "2H * * * 6H", None),
    ("run, two WILDCARDs", "8D 9D * *", None),
    ("set", "7S 7H 7D", None),
    ("set, three packs", "7S 7S 7S 7H *", None),
    ("set, WILDCARD", "9C * 9D", None),
    ("all WILDCARDs", "* * *", None),
    ("four WILDCARDs", "* * * *", None),
    ("1 natural + 3 WILDCARDs", "KC * * *", None),
    ("1 natural + 4 WILDCARDs", "7C * * * *", None),
    ("bad: round the corner", "KS AS 2S", None),
    ("bad: Ace at both ends", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", None),
    ("bad: gap too wide", "2H * 6H", None),
    ("bad: mixed suits", "3S 4H 5S", None),
    ("bad: too few cards", "JD QD", None),
    ("bad: duplicate in a run", "5H 5H 6H", None),
    ("bad: mixed, WILDCARDs", "3S 4H * *", None),
]


CheckCall = Callable[[Candidate], object]


def layer_calls(rules: Rules) -> dict[str, CheckCall]:
    """The three layers that answer "is this a meld?", fastest last."""
    meld_rules = rules.meld_rules

    def via_rules(candidate: Candidate) -> object:
        return rules.check_meld(candidate.cards, wild=candidate.wild)

    def via_check(candidate: Candidate) -> object:
        return melds.check(candidate.cards, meld_rules, wild=candidate.wild)

    def via_readings(candidate: Candidate) -> object:
        return melds.readings(candidate.cards, meld_rules, wild=candidate.wild)

    return {
        "rules.check_meld": via_rules,
        "melds.check": via_check,
        "melds.readings": via_readings,
    }


def pass_over(call: CheckCall, sample: Sequence[Candidate]) -> Action:
    """One pass of ``call`` over the sample, as one action to time."""

    def action() -> object:
        for candidate in sample:
            call(candidate)
        return None

    return action


def bench_check_meld(settings: Settings, report: Report) -> None:
    heading(f"1. check_meld: µs per call (aim: median under {AIM_CHECK_US:g} µs)")
    print(
        "'median' times each of the n candidates alone and takes the middle one;\n"
        "'mean' times passes over the whole sample and divides by n; 'valid' and\n"
        "'invalid' are means over those parts of the sample alone.\n"
        "Layers: rules.check_meld(cards, wild=rank) = wild-rank check + deck check\n"
        "+ melds.check; melds.check(cards, meld_rules, wild=rank) = readings + the\n"
        "explanation when there is none; melds.readings(...) alone."
    )
    print()
    print(
        f"{'variant':<16}{'layer':<18}{'n':>3}{'calls/s':>9}"
        f"{'median':>8}{'mean':>7}{'valid':>7}{'invalid':>8}  aim"
    )
    variants = ((EOP, EOP_SAMPLE), (F14, F14_SAMPLE), (GOR, GOR_SAMPLE))
    for rules, entries in variants:
        sample = candidates(entries)
        valid: list[Candidate] = []
        invalid: list[Candidate] = []
        for candidate in sample:
            ok = bool(rules.check_meld(candidate.cards, wild=candidate.wild))
            (valid if ok else invalid).append(candidate)
            if ok != candidate.valid:  # the rules changed, or the sample is wrong
                print(f"note: {rules.name} now says {candidate.label!r} is {ok=}")
        calls = layer_calls(rules)
        for layer, call in calls.items():
            valid_part, invalid_part = (
                us(
                    time_batch(
                        pass_over(call, part), calls=len(part), settings=settings
                    ).median_ns
                )
                if part
                else "-"
                for part in (valid, invalid)
            )
            whole = time_batch(
                pass_over(call, sample), calls=len(sample), settings=settings
            )
            # The aim is for the median call: each candidate timed alone, then
            # the middle of those times. The mean (a whole pass over n) follows.
            median_ns = statistics.median(
                timing.median_ns
                for timing, _ in time_candidates(sample, call, settings)
            )
            median_us = median_ns / 1e3
            flag = ""
            if layer == "rules.check_meld":
                flag = report.flag(
                    median_us,
                    AIM_CHECK_US,
                    f"check_meld, {rules.name}: median {median_us:.2f} µs a call",
                )
            print(
                f"{rules.name:<16}{layer:<18}{len(sample):>3}"
                f"{1e9 / whole.median_ns:>9,.0f}{us(median_ns):>8}"
                f"{us(whole.median_ns):>7}{valid_part:>7}{invalid_part:>8}  {flag}"
            )
        print_slowest_candidates(sample, calls["rules.check_meld"], settings)


def time_candidates(
    sample: Sequence[Candidate], call: CheckCall, settings: Settings
) -> list[tuple[Timing, Candidate]]:
    """Each candidate timed alone, slowest first."""
    alone = replace(settings, repeats=5, min_run_ns=settings.min_run_ns // 10)
    return sorted(
        (
            (time_batch(pass_over(call, [one]), calls=1, settings=alone), one)
            for one in sample
        ),
        key=lambda item: -item[0].median_ns,
    )


def print_slowest_candidates(
    sample: Sequence[Candidate], call: CheckCall, settings: Settings
) -> None:
    """The three candidates that rules.check_meld takes longest on."""
    timed = time_candidates(sample, call, settings)
    for timing, one in timed[:3]:
        wild = "" if one.wild is None else f", wild {one.wild}"
        print(
            f"{'':<16}slow: {us(timing.median_ns)} µs  {one.label} "
            f"[{text(one.cards)}{wild}]"
        )


# --------------------------------------------------------------------------
# 2. Meld search


@dataclass(frozen=True)
class SearchHand:
    """A hand to search, its wild rank (None for Going Out Rummy) and its origin."""

    label: str
    cards: tuple[Card, ...]
    wild: Rank | None


def hand(label: str, cards: str, wild: str | None) -> SearchHand:
    return SearchHand(
        label, parse_cards(cards), None if wild is None else Rank.parse(wild)
    )


EOP_HANDS = [
    hand(
        "run 4-A, wilds of 3 suits, 2 doubles",
        "4S 5S 6S 7S 8S 9S 10S JS QS KS AS QS AS 3S 3H 3D",
        "3",
    ),
    hand(
        "run 4-A, wilds of 2 suits, 2 doubles",
        "4S 5S 6S 7S 8S 9S 10S JS QS KS AS 7S 8S 3H 3H 3D",
        "3",
    ),
    hand(
        "run 3-A but 5, wilds of 2 suits",
        "3S 4S 6S 7S 8S 9S 10S JS QS KS AS 7S 8S 5H 5H 5D",
        "5",
    ),
    hand(
        "run 3-10 doubled, wilds of 3 suits",
        "3S 3S 4S 4S 6S 6S 7S 7S 8S 8S 9S 9S 10S 5H 5D 5C",
        "5",
    ),
    hand(
        "two suits 6-J, 3 wilds",
        "6S 7S 8S 9S 10S JS 6H 7H 8H 9H 10H 8S 9H 5C 5D 5S",
        "5",
    ),
    hand(
        "sets: four ranks doubled, 3 wilds",
        "8S 8S 8H 8H 9S 9S 9H 9H 10S 10S 10H 10H JS 5C 5D 5S",
        "5",
    ),
    hand(
        "beyond the brief: 4 wilds of 2 suits",
        "4S 5S 6S 7S 8S 9S 10S JS QS KS AS 7S 3H 3H 3D 3D",
        "3",
    ),
    hand(
        "14 cards: run 4-A, wilds of 3 suits",
        "4S 5S 6S 7S 8S 9S 10S JS QS KS AS 3S 3H 3D",
        "3",
    ),
]
F14_HANDS = [
    hand(
        "16: run 3-A, 4 wilds of 4 suits",
        "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2S 2H 2D 2C",
        "2",
    ),
    hand(
        "16: run 2-A but 9, 4 wilds of 4 suits",
        "2H 3H 4H 5H 6H 7H 8H 10H JH QH KH AH 9S 9D 9C 9H",
        "9",
    ),
    hand(
        "15: run 3-A, 3 wilds of 3 suits",
        "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 2S 2D 2C",
        "2",
    ),
    hand(
        "15: run 2-8 doubled, 3 wilds",
        "2H 2H 3H 3H 4H 4H 5H 5H 6H 6H 7H 8H 9S 9D 9C",
        "9",
    ),
    hand(
        "16: run 3-8 doubled, 4 wilds of 2 suits",
        "3C 3C 4C 4C 5C 5C 6C 6C 7C 7C 8C 8C 9S 9S 9D 9D",
        "9",
    ),
    hand(
        "15: sets of 3 ranks, 3 wilds",
        "QS QS QH QH KS KS KH KH AS AS AH AD 9S 9H 9C",
        "9",
    ),
]
GOR_HANDS = [
    hand("run 4-10, 4 WILDCARDs", "4S 5S 6S 7S 8S 9S 10S * * * *", None),
    hand("run 2-8, 4 WILDCARDs", "2S 3S 4S 5S 6S 7S 8S * * * *", None),
    hand("run 5-9 with doubles, 4 WILDCARDs", "5H 6H 7H 8H 9H 6H 7H * * * *", None),
    hand("set 7 x3 and run, 4 WILDCARDs", "7S 7S 7S 7H 8H 9H 10H * * * *", None),
    hand("scattered, 4 WILDCARDs", "AS 4D 7C 10H KS 2C 8D * * * *", None),
]


def window_pool(
    rng: random.Random,
    deck: Sequence[Card],
    ranks: Sequence[Rank],
    *,
    suits: int,
    min_width: int,
) -> list[Card]:
    """The deck's cards of ``suits`` random suits and a random window of ``ranks``.

    Random hands are drawn from such a pool, not from the whole deck: hands
    crowded into few suits and ranks hold the most melds, and a pool taken
    from the deck holds each card only as often as the game does.
    """
    chosen = set(rng.sample(list(Suit), suits))
    width = rng.randint(min_width, len(ranks))
    start = rng.randint(0, len(ranks) - width)
    window = set(ranks[start : start + width])
    return [card for card in deck if card.suit in chosen and card.rank in window]


def eop_random_hand(rng: random.Random) -> SearchHand:
    """14–16 cards: three wilds, the rest from one or two suits in a window."""
    wild = rng.choice(EOP.meld_rules.run_ranks[:-1])
    deck = EOP.deck()
    suits = rng.choice((1, 1, 2))
    ranks = [r for r in EOP.meld_rules.run_ranks if r is not wild]
    pool = window_pool(rng, deck, ranks, suits=suits, min_width=7 if suits == 1 else 5)
    wilds = rng.sample([card for card in deck if card.rank is wild], 3)
    naturals = rng.sample(pool, min(rng.randint(14, 16) - 3, len(pool)))
    return SearchHand("random", (*naturals, *wilds), wild)


def f14_random_hand(rng: random.Random) -> SearchHand:
    """15–16 cards: two to four wilds, the rest from one or two suits."""
    wild = rng.choice(tuple(Rank))
    deck = F14.deck()
    suits = rng.choice((1, 1, 2))
    ranks = [r for r in F14.meld_rules.run_ranks if r is not wild]
    pool = window_pool(rng, deck, ranks, suits=suits, min_width=7 if suits == 1 else 5)
    count = rng.randint(2, 4)
    wilds = rng.sample([card for card in deck if card.rank is wild], count)
    naturals = rng.sample(pool, min(rng.randint(15, 16) - count, len(pool)))
    return SearchHand("random", (*naturals, *wilds), wild)


def gor_random_hand(rng: random.Random, wildcards: int = 4) -> SearchHand:
    """11 cards: ``wildcards`` WILDCARDs, the rest from one to four suits."""
    deck = [card for card in GOR.deck() if card is not WILDCARD]
    pool = window_pool(rng, deck, list(Rank), suits=rng.randint(1, 4), min_width=4)
    naturals = rng.sample(pool, 11 - wildcards)
    return SearchHand("random", (*naturals, *(WILDCARD,) * wildcards), None)


@dataclass(frozen=True)
class Deal:
    """What a hand of a game may hold: its natural cards, and copies of each."""

    naturals: tuple[Card, ...]
    copies: int


def dealt_naturals(rules: Rules, wild: Rank | None = None) -> Deal:
    """The distinct cards of the rules' deck that are natural with this wild rank."""
    deck = rules.deck()
    kinds = sorted(
        {card for card in deck if not melds.is_wild(card, wild)}, key=deck.index
    )
    return Deal(tuple(kinds), max(deck.count(card) for card in kinds))


def mutate(rng: random.Random, one: SearchHand, deal: Deal) -> SearchHand:
    """The hand with one natural card changed, mostly to a neighbour of it.

    A neighbour is the next rank up or down in the same suit, or the same
    rank in another suit. Wild cards stay; no card goes over its copies.
    """
    naturals = [card for card in one.cards if not melds.is_wild(card, one.wild)]
    wilds = [card for card in one.cards if melds.is_wild(card, one.wild)]
    allowed = [card for card in deal.naturals if not melds.is_wild(card, one.wild)]
    for _ in range(20):
        index = rng.randrange(len(naturals))
        old = naturals[index]
        near = [
            card
            for card in allowed
            if old.rank is not None
            and card.rank is not None
            and (
                (card.suit is old.suit and abs(card.rank - old.rank) == 1)
                or (card.rank is old.rank and card.suit is not old.suit)
            )
        ]
        new = rng.choice(near if near and rng.random() < 0.7 else allowed)
        trial = [*naturals[:index], new, *naturals[index + 1 :]]
        if trial.count(new) <= deal.copies:
            return replace(one, cards=(*trial, *wilds))
    return one


def climb(
    start: SearchHand,
    cost: Callable[[SearchHand], float],
    deal: Deal,
    steps: int,
    rng: random.Random,
) -> SearchHand:
    """Hill-climb towards a slower hand: keep each change that makes it slower."""
    best, best_cost = start, cost(start)
    for _ in range(steps):
        trial = mutate(rng, best, deal)
        trial_cost = cost(trial)
        if trial_cost > best_cost:
            best, best_cost = trial, trial_cost
    return best


@dataclass(frozen=True)
class SearchVariant:
    """One variant's meld-search table: its rules, hands and random hands."""

    rules: Rules
    built: list[SearchHand]
    make: Callable[[random.Random], SearchHand]
    random_share: float
    """The share of ``Settings.random_hands`` to try (F14 hands are slow)."""
    salt: int


def cold(action: Action) -> Action:
    """The action with the search's run-pattern memo emptied first, as a new hand meets it.

    Without this, every call after the first would time only memo hits.
    """

    def run() -> object:
        # The one memo of the piece search (its melds are not memoised).
        pieces.run_patterns.cache_clear()
        return action()

    return run


def direct_search(rules: Rules, one: SearchHand) -> Action:
    return cold(
        partial(meld_search.find_melds, one.cards, rules.meld_rules, wild=one.wild)
    )


def slowest_random(
    variant: SearchVariant, settings: Settings
) -> tuple[list[SearchHand], int, float]:
    """The slowest random hands and one climbed from them; how many; their median.

    The median is of all the random hands tried, in ns.
    """
    rng = random.Random(settings.seed * 1000 + variant.salt)
    count = max(int(settings.random_hands * variant.random_share), 10)
    steps = max(int(settings.climb_steps * variant.random_share), 5)
    timed: list[tuple[float, SearchHand]] = []
    with clock_conditions(settings):
        for _ in range(count):
            one = variant.make(rng)
            timed.append((quick_time(direct_search(variant.rules, one)), one))
        timed.sort(key=lambda item: item[0])
        worst = [one for _, one in reversed(timed[-settings.keep_worst :])]
        largest = max(len(one.cards) for _, one in timed)
        start = max(
            ((t, one) for t, one in timed if len(one.cards) == largest),
            key=lambda item: item[0],
        )[1]
        climbed = climb(
            start,
            lambda one: quick_time(direct_search(variant.rules, one)),
            dealt_naturals(variant.rules, start.wild),
            steps,
            rng,
        )
    median = timed[len(timed) // 2][0]
    return [*worst, replace(climbed, label=f"climbed, {steps} steps")], count, median


def bench_find_melds(settings: Settings, report: Report) -> None:
    heading(
        f"2. Meld search: ms per call (aim: 16-card EOP hand under {AIM_SEARCH_MS:g} ms)"
    )
    print(
        "rules: rules.find_melds(hand text, wild=rank text), parsing included.\n"
        "melds: meld_search.find_melds(parsed tuple, meld_rules, wild=rank).\n"
        "'random' rows are the slowest of the seeded random hands tried; 'climbed'\n"
        "is the slowest of the largest of them, changed card by card while it got\n"
        "slower. The aim is stated for 16-card End of the Page hands; other rows\n"
        "are held to the same 1 ms for comparison only and marked ok*/over*."
    )
    variants = [
        SearchVariant(EOP, EOP_HANDS, eop_random_hand, 1.0, 1),
        SearchVariant(F14, F14_HANDS, f14_random_hand, 1 / 3, 2),
        SearchVariant(GOR, GOR_HANDS, gor_random_hand, 1.0, 3),
    ]
    for variant in variants:
        rules = variant.rules
        worst, tried, typical = slowest_random(variant, settings)
        print()
        print(
            f"{rules.name}: the built hands, then the slowest of {tried} random "
            f"hands (median of all {tried}: {ms(typical)} ms)"
        )
        print(
            f"{'case':<42}{'cards':>6}{'wilds':>6}{'melds':>7}"
            f"{'rules':>9}{'p10':>8}{'melds':>9}{'p10':>8}  aim"
        )
        for one in [*variant.built, *worst]:
            found = meld_search.find_melds(one.cards, rules.meld_rules, wild=one.wild)
            hand_text = text(one.cards)
            wild_text = None if one.wild is None else str(one.wild)
            via_rules = time_each(
                cold(partial(rules.find_melds, hand_text, wild=wild_text)),
                repeats=settings.search_repeats,
                settings=settings,
            )
            via_melds = time_each(
                direct_search(rules, one),
                repeats=settings.search_repeats,
                settings=settings,
            )
            median_ms = via_rules.median_ns / 1e6
            if rules is EOP and len(one.cards) == 16:
                flag = report.flag(
                    median_ms,
                    AIM_SEARCH_MS,
                    f"find_melds, {rules.name}, 16 cards ({one.label}): "
                    f"{median_ms:.3f} ms",
                )
            else:
                flag = "ok*" if median_ms < AIM_SEARCH_MS else "over*"
            wilds = sum(melds.is_wild(card, one.wild) for card in one.cards)
            print(
                f"{one.label:<42}{len(one.cards):>6}{wilds:>6}{len(found):>7}"
                f"{ms(via_rules.median_ns):>9}{ms(via_rules.low_ns):>8}"
                f"{ms(via_melds.median_ns):>9}{ms(via_melds.low_ns):>8}  {flag}"
            )
            print(
                f"    {hand_text}"
                + ("" if wild_text is None else f"  (wild {wild_text})")
            )


# --------------------------------------------------------------------------
# 3. Going out


GOING_OUT_HANDS: list[tuple[str, str, str]] = [
    # (label, going_out mode, 11 cards); the game has as many WILDCARDs as the hand
    ("out: set + run + run, 1 over", "standard", "7S 7H 7D 2H 3H 4H 5H 9C 10C JC KD"),
    ("out: 4 + 3 + 4, none over", "standard", "7S 7H 7D 7C 2H 3H 4H 9C 10C JC QC"),
    ("out: dense, one suit doubled", "standard", "2H 3H 4H 5H 6H 7H 2H 3H 4H 5H 6H"),
    ("out: fours and high hearts", "standard", "4C 4D 4D KD AH 4H 4H 4H JH QH KH"),
    ("none: scattered", "standard", "AS 3D 5C 7H 9S JD KC 2H 4C 6D 8S"),
    ("none: many pairs, no cover", "standard", "2H 3H 5H 6H 8H 9H 2S 3S 5S 6S 9S"),
    ("none: dense one suit, holes", "standard", "AH 2H 2H 4H 5H 5H 7H 8H 8H 10H JH"),
    ("none: nine 4s, three packs", "standard", "4C 4C 7C 4D 4D 4H 4H 4S 4S 4S 5S"),
    ("none: Aces, 1 WILDCARD", "standard", "AC KC AD AD AH AS AS AS 3S 9S *"),
    ("out: Aces, 2 WILDCARDs", "standard", "AC 4C AD AH AH AS AS 3S QS * *"),
    ("out: run 2-8 + WILDCARDs", "standard", "2S 3S 4S 5S 6S 7S 8S * * * *"),
    ("out: run 4-10 + WILDCARDs", "standard", "4S 5S 6S 7S 8S 9S 10S * * * *"),
    ("out: pairs joined by WILDCARDs", "standard", "2H 3H 6S 7S 9C 9D KD * * * *"),
    ("none: 7 scattered, 4 WILDCARDs", "standard", "AS 4D 7C 10H KS 2C 8D * * * *"),
    (
        "none: 6 scattered + pair, 4 WILDCARDs",
        "standard",
        "AS 4D 7C 10H KS 2C 3C * * * *",
    ),
    ("none: near runs, 4 WILDCARDs", "standard", "2H 3D 4H 5H 6H 9D 10H * * * *"),
    ("none: Aces, 4 WILDCARDs", "standard", "AC AD 2D QD AH 3H KH * * * *"),
    ("major: one run of 11", "major", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH"),
    ("major: none (two melds)", "major", "2H 3H 4H 5H 6H 7H 9S 9C 9D 9H 9S"),
    ("major: run with WILDCARDs", "major", "3D 4D 6D 8D 9D 10D QD * * * *"),
    ("major: none, 4 WILDCARDs", "major", "3D 4D 6D 8D 9C 10D QD * * * *"),
    ("major: none, nine 4s", "major", "4C 4C 7C 4D 4D 4H 4H 4S 4S 4S 5S"),
    ("minor: run of 10 + 1 over", "minor", "2C 3C 4C 5C 6C 7C 8C 9C 10C JC KD"),
    ("minor: none", "minor", "2C 3C 4C 5C 6C 7C 8C 9S 10C JC KD"),
    ("minor: WILDCARDs, 1 over", "minor", "5S 6S 8S 9S JS QS 3H * * * *"),
    ("minor: none, 4 WILDCARDs", "minor", "5S 6S 8S 9S JS 3H 3D * * * *"),
]


@dataclass(frozen=True)
class GoingOutCase:
    """An 11-card hand and how it must go out (the game holds its WILDCARDs)."""

    label: str
    mode: str
    cards: tuple[Card, ...]

    @property
    def wildcards(self) -> int:
        """How many WILDCARDs the hand holds."""
        return self.cards.count(WILDCARD)

    @property
    def rules(self) -> GoingOutRummy:
        """The rules of a game with this hand's WILDCARDs and going-out mode."""
        return GoingOutRummy(wildcards=self.wildcards, going_out=self.mode)

    def direct(self) -> Action:
        """layouts.find_going_out as GoingOutRummy.find_going_out calls it."""
        return partial(
            layouts.find_going_out,
            self.cards,
            GOR.meld_rules,
            single_meld=self.mode != "standard",
            leftover=self.mode != "major",
        )


def slowest_random_going_out(settings: Settings) -> list[GoingOutCase]:
    """Per WILDCARD group, the slowest random hands (out, none) and a climbed one."""
    found: list[GoingOutCase] = []
    deal = dealt_naturals(GOR)
    for salt, group in enumerate(((0,), (1, 2, 3), (4,))):
        rng = random.Random(settings.seed * 1000 + 10 + salt)
        slowest: dict[bool, tuple[float, GoingOutCase]] = {}
        with clock_conditions(settings):
            for _ in range(settings.random_hands):
                cards = gor_random_hand(rng, rng.choice(group)).cards
                case = GoingOutCase("random", "standard", cards)
                elapsed = quick_time(case.direct())
                out = case.direct()() is not None
                if out not in slowest or elapsed > slowest[out][0]:
                    slowest[out] = (elapsed, case)
            start = max(slowest.values(), key=lambda item: item[0])[1]
            climbed = climb(
                SearchHand("", start.cards, None),
                lambda one: quick_time(
                    partial(layouts.find_going_out, one.cards, GOR.meld_rules)
                ),
                deal,
                settings.climb_steps,
                rng,
            )
        tried = f"slowest of {settings.random_hands}"
        for out, (_, case) in sorted(slowest.items(), reverse=True):
            label = f"{'out' if out else 'none'}: random, {tried}"
            found.append(replace(case, label=label))
        verdict = (
            "out" if GoingOutCase("", "standard", climbed.cards).direct()() else "none"
        )
        found.append(
            GoingOutCase(
                f"{verdict}: climbed, {settings.climb_steps} steps",
                "standard",
                climbed.cards,
            )
        )
    return found


def bench_going_out(settings: Settings, report: Report) -> None:
    heading(
        f"3. Going out, 11-card hands: ms per call (aim: under {AIM_GOING_OUT_MS:g} ms)"
    )
    print(
        "rules: GoingOutRummy(wildcards=W, going_out=mode).find_going_out(hand text);\n"
        "W is the WILDCARDs in the hand. melds: layouts.find_going_out(parsed tuple,\n"
        "meld_rules, single_meld=..., leftover=...). search: meld_search.find_melds on the\n"
        "same hand alone, for scale (a going-out search that lists every meld\n"
        "first pays at least that). 'random' rows: the slowest seeded random\n"
        "standard hands with 0, 1-3 and 4 WILDCARDs, that go out and that do not;\n"
        "'climbed': the slowest of those, changed card by card while it got slower."
    )
    cases = [
        GoingOutCase(label, mode, parse_cards(cards))
        for label, mode, cards in GOING_OUT_HANDS
    ]
    cases += slowest_random_going_out(settings)
    print()
    print(
        f"{'case':<40}{'W':>2}{'mode':>9}{'result':>7}"
        f"{'rules':>8}{'p10':>7}{'melds':>8}{'p10':>7}{'search':>8}  aim"
    )
    repeats = settings.search_repeats * 3
    for case in cases:
        layout = case.direct()()
        hand_text = text(case.cards)
        via_rules = time_each(
            partial(case.rules.find_going_out, hand_text),
            repeats=repeats,
            settings=settings,
        )
        via_melds = time_each(case.direct(), repeats=repeats, settings=settings)
        search = "-"
        if case.mode == "standard":
            search = ms(
                time_each(
                    cold(partial(meld_search.find_melds, case.cards, GOR.meld_rules)),
                    repeats=repeats,
                    settings=settings,
                ).median_ns
            )
        median_ms = via_rules.median_ns / 1e6
        flag = report.flag(
            median_ms,
            AIM_GOING_OUT_MS,
            f"find_going_out, {case.mode}, W={case.wildcards} "
            f"({case.label}): {median_ms:.3f} ms",
        )
        print(
            f"{case.label:<40}{case.wildcards:>2}{case.mode:>9}"
            f"{'out' if layout else 'none':>7}"
            f"{ms(via_rules.median_ns):>8}{ms(via_rules.low_ns):>7}"
            f"{ms(via_melds.median_ns):>8}{ms(via_melds.low_ns):>7}{search:>8}  {flag}"
        )
        print(f"    {hand_text}" + ("" if layout is None else f"  ->  {layout}"))


# --------------------------------------------------------------------------


def profile_cases() -> list[tuple[str, Action, int]]:
    """The slowest cases of each group: (label, action, calls to profile)."""
    eop, f14 = EOP_HANDS[0], F14_HANDS[0]
    eop_sample = candidates(EOP_SAMPLE)
    f14_sample = candidates(F14_SAMPLE)
    going_out = {label: cards for label, _, cards in GOING_OUT_HANDS}
    cases: list[tuple[str, Action, int]] = [
        (
            f"EOP check_meld, the whole sample ({len(eop_sample)} candidates)",
            pass_over(layer_calls(EOP)["rules.check_meld"], eop_sample),
            400,
        ),
        (
            f"F14 check_meld, the whole sample ({len(f14_sample)} candidates)",
            pass_over(layer_calls(F14)["rules.check_meld"], f14_sample),
            400,
        ),
        (f"EOP find_melds: {eop.label}", direct_search(EOP, eop), 30),
        (f"F14 find_melds: {f14.label}", direct_search(F14, f14), 3),
    ]
    for label in ("none: nine 4s, three packs", "none: Aces, 1 WILDCARD"):
        cards = parse_cards(going_out[label])
        action = GoingOutCase(label, "standard", cards).direct()
        cases.append((f"find_going_out: {label}", action, 20))
    return cases


def print_profiles(rows: int) -> None:
    """Profile the slowest cases: each function's share of the time spent."""
    heading("Profiles (cProfile; shares of the profiled time)")
    print(
        "own: time in the function itself; with callees: its cumulative time.\n"
        "cProfile adds a cost to every call, so many small calls look dearer than\n"
        "they are; the shares, not the times, are the point."
    )
    for label, action, calls in profile_cases():
        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(calls):
            action()
        profiler.disable()
        stats = pstats.Stats(profiler).get_stats_profile()
        total = stats.total_tt or 1.0
        print()
        print(
            f"{label}: {calls} calls, {stats.total_tt * 1e3 / calls:.3f} ms a call "
            "under the profiler"
        )
        print(f"{'own':>6}{'w/ callees':>11}{'calls':>10}  function")
        ranked = sorted(stats.func_profiles.items(), key=lambda item: -item[1].tottime)
        for name, profile in ranked[:rows]:
            where = Path(profile.file_name).name if profile.file_name != "~" else ""
            place = f"{where}:{profile.line_number} " if where else ""
            print(
                f"{profile.tottime / total:>6.0%}{profile.cumtime / total:>11.0%}"
                f"{profile.ncalls:>10}  {place}{name}"
            )


def source_digest() -> str:
    """The start of the meld modules' SHA-256: which version of the code was measured."""
    digest = hashlib.sha256()
    for module in (melds, pieces, meld_search, layouts):
        digest.update(Path(module.__file__ or "").read_bytes())
    return digest.hexdigest()[:12]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Time rummyrules' meld checks and searches."
    )
    parser.add_argument("--quick", action="store_true", help="a fast smoke run")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random hands")
    parser.add_argument(
        "--gc", action="store_true", help="leave the garbage collector on while timing"
    )
    parser.add_argument(
        "--profile",
        action="store_true",
        help="instead of timing, cProfile the slowest cases and show where time goes",
    )
    args = parser.parse_args(argv)
    if args.profile:
        print(f"rummyrules meld profiles; melds.py sha256 {source_digest()}")
        print_profiles(rows=14)
        return 0
    settings = settings_for(quick=args.quick, seed=args.seed, keep_gc=args.gc)
    started = time.perf_counter()
    print("rummyrules meld benchmarks")
    print(
        f"rummyrules {importlib.metadata.version('rummyrules')}, "
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs; "
        f"melds.py sha256 {source_digest()}"
    )
    print(
        f"{'quick' if settings.quick else 'full'} run, seed {settings.seed}, "
        f"garbage collector {'on' if settings.keep_gc else 'paused'} while timing; "
        f"times per call, median and p{LOW_PERCENTILE}"
    )
    report = Report()
    bench_check_meld(settings, report)
    bench_find_melds(settings, report)
    bench_going_out(settings, report)
    heading("Summary")
    if report.misses:
        print(f"{len(report.misses)} figures miss their aims:")
        for miss in report.misses:
            print(f"  MISS {miss}")
    else:
        print("Every figure meets its aim.")
    print(f"Total time {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
