"""The meld search of one piece of a hand, on integers, in the library's order (MELD-2, MELD-3).

The library's search (:mod:`rummyrules.melds.pieces`) makes each meld of a
piece as a :class:`~rummyrules.melds.Meld`; here the same melds, in the same
order, are made as :data:`~rummyrules.melds.codes.MeldCode` tuples straight
away (the kind, the cards' codes, what each wild stands for), for the core
to keep as actions: End of the Page's and 1400's cores share it, each with
its own meld rules (EOP-8's spacing of wilds, F14-11's none). A set's wilds stand for its rank, a run's for the card
of their place; a run's wilds are laid in card order, place by place
(``Meld.wilds_in_order``).

>>> from rummyrules import EndOfThePage, Card
>>> rules = EndOfThePage().meld_rules
>>> wild_nine = (int(Card.parse("9S")),)
>>> set_codes(7, 0x0111 << 4, wild_nine, 9, rules)[:1]  # 7D 7C 9S=7
((0, 30, 31, 36, -1, -1, 71),)
>>> [len(code) >> 1 for code in run_codes(1, 0b11 << 7, wild_nine, rules)]
[3, 3]
"""

from __future__ import annotations

import functools
from itertools import combinations, product
from typing import Final

from rummyrules.melds import MeldKind, MeldRules
from rummyrules.melds.codes import MeldCode
from rummyrules.melds.pieces import run_patterns

__all__ = ["run_codes", "set_codes", "wild_subsets"]

_SET: Final = list(MeldKind).index(MeldKind.SET)
_RUN: Final = list(MeldKind).index(MeldKind.RUN)
_RANK_BASE: Final = 64  # a meaning that is a rank: 64 plus the rank (melds/codes.py)


@functools.lru_cache(maxsize=1 << 10)
def wild_subsets(wild_key: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The distinct sub-multisets of the wild cards' codes, by size, each in card order.

    >>> wild_subsets((21, 21, 22))[2]
    ((21, 21), (21, 22))
    """
    ordered = sorted(wild_key)
    return tuple(
        tuple(sorted(set(combinations(ordered, size))))
        for size in range(len(ordered) + 1)
    )


def set_codes(
    rank: int,
    copies: int,
    wild_key: tuple[int, ...],
    wild: int,
    meld_rules: MeldRules,
) -> tuple[MeldCode, ...]:
    """Every set of a rank (the library's) from its naturals and the wild cards.

    ``copies`` holds four bits a suit (S H D C) of how many of each card the
    hand holds; each choice of naturals, at least two, takes up to as many
    wilds as EOP-8 allows, each choice of wild cards apart.
    """
    del wild
    subsets = wild_subsets(wild_key)
    wild_count = len(subsets) - 1
    distinct: list[int] = []
    counts: list[int] = []
    for suit in range(4):
        count = copies >> (4 * suit) & 15
        if count:
            distinct.append(rank * 4 + suit)
            counts.append(count)
    found: list[MeldCode] = []
    meaning = _RANK_BASE + rank
    for choice in product(*(range(count + 1) for count in counts)):
        size = sum(choice)
        if size == 0 or size < meld_rules.min_naturals:
            continue
        chosen: list[int] = []
        for code, count in zip(distinct, choice, strict=True):
            chosen += [code] * count
        limit = meld_rules.max_wilds_in_set(size)
        most = wild_count if limit is None else min(limit, wild_count)
        for extra_count in range(max(0, 3 - size), most + 1):
            for extra in subsets[extra_count]:
                if extra_count:
                    tail = (-1,) * size + (meaning,) * extra_count
                else:
                    tail = (-1,) * size
                found.append((_SET, *chosen, *extra, *tail))
    return tuple(found)


def run_codes(
    suit: int, held: int, wild_key: tuple[int, ...], meld_rules: MeldRules
) -> tuple[MeldCode, ...]:
    """Every run of a suit from the ranks held (bits of the library's ranks) and the wilds."""
    subsets = wild_subsets(wild_key)
    wild_count = len(subsets) - 1
    ranks = [int(rank) for rank in meld_rules.run_ranks]
    targets = [rank * 4 + suit for rank in ranks]
    places = tuple(bool(held >> rank & 1) for rank in ranks)
    patterns = run_patterns(
        places,
        meld_rules.longest_run,
        max(1, meld_rules.min_naturals),
        meld_rules.wild_gap,
        wild_count,
    )
    found: list[MeldCode] = []
    for start, end, wild_at in patterns:
        base = targets[start : end + 1]
        if not wild_at:
            found.append((_RUN, *base, *(-1,) * len(base)))
            continue
        slots = [position - start for position in wild_at]
        tail = [-1] * len(base)
        for slot in slots:
            tail[slot] = base[slot]
        for extra in subsets[len(slots)]:
            cards = base.copy()
            for slot, card in zip(slots, extra, strict=True):
                cards[slot] = card
            found.append((_RUN, *cards, *tail))
    return tuple(dict.fromkeys(found))
