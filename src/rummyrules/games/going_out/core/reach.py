"""Whether a hand could go out at all: quick tests over card codes, run before the library's layout search (GOR-5 … GOR-7).

After each draw the turn machine lists the ways out of the hand, which the
library's layout search finds (:func:`~rummyrules.melds.layouts.going_out_layouts`);
most hands have none, and the search is the dearest part of a turn. Two
tests over card codes, each only *necessary* (a hand that fails it has no
way out; one that passes is searched), skip it for most hands:

- :func:`lone_cards`, the library's own first test: a natural card that
  fits no meld of the hand's cards can only be the one left over;
- :func:`may_cover`: the natural cards split into the card left over and
  the naturals of melds, each needing some WILDCARDs (a group short of
  three, a sequence's holes and its shortness), with no more WILDCARDs in
  all than the hand holds. It is the search with the WILDCARDs counted
  only, not placed, memoised on the codes.

>>> from rummyrules import parse_cards
>>> hand = tuple(parse_cards("4C 5C 6C 7S 7H 7D 8S 9S"))  # 7S: in the group or the run?
>>> lone_cards(hand, 1), may_cover(hand, 1)
(0, False)
>>> may_cover(tuple(parse_cards("7S 7H 7D 8C 9C 10C 2D KS")), 1)
False
>>> may_cover(tuple(parse_cards("7S 7H 7D 8C 9C 10C 10C JC")), 1)
True
"""

from __future__ import annotations

import functools
from itertools import combinations
from typing import Final

from rummyrules.core.cards import WILDCARD_CODE, Card

__all__ = ["lone_cards", "may_cover"]

# A card's places on the run ladder, 16 bits a suit: A 2 … K at 0 … 12 and
# the Ace again at 13, high (GOR-5). Two empty bits at the top of each lane
# keep three in a row from crossing into the next suit.
_LANE: Final = 16
_LANES: Final = tuple(
    0
    if code < 4 or code >= WILDCARD_CODE
    else ((1 << (code >> 2) - 1) | (1 << 13 if code >> 2 == 1 else 0))
    << _LANE * (code & 3)
    for code in range(WILDCARD_CODE + 1)
)
_TOP: Final = 13  # the Ace's high place
_MOST_COUNTED: Final = 2  # more WILDCARDs than this and may_cover says yes at once


def lone_cards(hand: tuple[Card, ...], most: int) -> int:
    """How many natural cards no meld made from this hand could hold, counted past ``most`` at most.

    A card fits a group when its rank's copies and the WILDCARDs make three,
    and a sequence when some three places in a row around it are held in its
    suit or can be filled by WILDCARDs (GOR-5, GOR-6). More than ``most``
    such cards and the hand cannot go out.

    >>> from rummyrules import parse_cards
    >>> lone_cards(tuple(parse_cards("7S 7H 7D 8C 9C 10C 2D KS")), 1)
    2
    >>> lone_cards(tuple(parse_cards("7S 7H 8C 9C * 2D")), 1)
    1
    """
    wilds = 0
    held = 0
    ranks = [0] * 14
    for card in hand:
        if card >= WILDCARD_CODE:
            wilds += 1
        else:
            held |= _LANES[card]
            ranks[card >> 2] += 1
    if wilds >= 2:
        return 0  # two WILDCARDs make a meld with any card (GOR-6)
    need = 3 - wilds
    if need == 2:
        near = held & (held >> 1 | held << 1 | held >> 2 | held << 2)
    else:
        starts = held & held >> 1 & held >> 2
        near = starts | starts << 1 | starts << 2
    lone = 0
    for card in hand:
        if card < WILDCARD_CODE and ranks[card >> 2] < need and not _LANES[card] & near:
            lone += 1
            if lone > most:
                break
    return lone


def may_cover(hand: tuple[Card, ...], most: int) -> bool:
    """Whether the naturals of this sorted hand could lie in melds, but ``most`` left over, with the WILDCARDs it holds (GOR-7).

    False means the hand has no way out; True, that the search should look.

    >>> from rummyrules import parse_cards
    >>> may_cover(tuple(parse_cards("QH KH AH 4S 4D * 9C")), 1)
    True
    >>> may_cover(tuple(parse_cards("QH KH AH 4S 5D * 9C")), 1)
    False
    """
    naturals = tuple(int(card) for card in hand if card < WILDCARD_CODE)
    wilds = len(hand) - len(naturals)
    if wilds > _MOST_COUNTED:
        return True  # rare, and the counting would branch widely: let the search say
    return _covers(naturals, wilds, most)


@functools.lru_cache(maxsize=1 << 15)
def _covers(naturals: tuple[int, ...], wilds: int, spare: int) -> bool:
    """Whether these sorted natural codes split into ``spare`` cards left over and melds needing at most ``wilds`` WILDCARDs.

    The lowest card is left over, or lies in a group of its rank, or in a
    sequence of its suit where it is the lowest natural (an Ace also the
    highest, Q-K-A). WILDCARDs are only counted: any left over could join
    a meld or be the card left over, so they never make the answer no.
    """
    if not naturals:
        return True
    card = naturals[0]
    rest = naturals[1:]
    if spare and _covers(rest, wilds, spare - 1):
        return True
    return _in_group(card, rest, wilds, spare) or _in_run(card, rest, wilds, spare)


def _in_group(card: int, rest: tuple[int, ...], wilds: int, spare: int) -> bool:
    """Whether ``card`` in a group of its rank (MELD-2) lets the rest be covered."""
    rank = card >> 2
    same = [index for index, other in enumerate(rest) if other >> 2 == rank]
    tried: set[tuple[int, ...]] = set()
    for size in range(max(0, 2 - wilds), len(same) + 1):
        need = max(0, 2 - size)  # WILDCARDs to make three
        for chosen in combinations(same, size):
            taken = tuple(rest[index] for index in chosen)
            if taken in tried:  # copies of one card: one try is enough
                continue
            tried.add(taken)
            left = tuple(
                other for index, other in enumerate(rest) if index not in chosen
            )
            if _covers(left, wilds - need, spare):
                return True
    return False


def _in_run(card: int, rest: tuple[int, ...], wilds: int, spare: int) -> bool:
    """Whether ``card`` in a sequence of its suit (MELD-3, GOR-5) lets the rest be covered.

    The sequence runs up from the card, or down from an Ace high; each place
    past the card holds a natural of the suit or a WILDCARD.
    """
    suit = card & 3
    rank = card >> 2
    if rank == 1:  # the Ace: low, the bottom of A-2-3, or high, the top of Q-K-A
        return _extend(rest, (suit, 1, 1, 1), wilds, spare) or _extend(
            rest, (suit, _TOP - 1, -1, 1), wilds, spare
        )
    return _extend(rest, (suit, rank, 1, 1), wilds, spare)


def _extend(
    rest: tuple[int, ...], run: tuple[int, int, int, int], wilds: int, spare: int
) -> bool:
    """Whether a sequence so far can end or grow so that the rest is covered.

    ``run`` is its suit, its next place, the step to that place (up, or
    down from an Ace high) and its length so far.
    """
    suit, place, step, length = run
    short = max(0, 3 - length)
    if short <= wilds and _covers(rest, wilds - short, spare):
        return True  # it ends here, WILDCARDs making it three
    if not 0 <= place <= _TOP:
        return False
    rank = place + 1 if place < _TOP else 1
    code = rank << 2 | suit
    grown = (suit, place + step, step, length + 1)
    if code in rest:
        index = rest.index(code)
        if _extend(rest[:index] + rest[index + 1 :], grown, wilds, spare):
            return True
    return wilds > 0 and _extend(rest, grown, wilds - 1, spare)
