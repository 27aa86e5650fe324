"""Deadwood: the points of the cards a hand leaves out of its best melds (GIN-1, GIN-2, GIN-5).

A first, plain version (a search over the hand's melds); a faster one is on
its way.

>>> from rummyrules import parse_cards
>>> min_deadwood(parse_cards("7S 8S 9S KD 2C"))
12
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from rummyrules.core.cards import Card, Rank
from rummyrules.melds import MeldRules
from rummyrules.melds import search as meld_search

__all__ = ["card_points", "knock_discards", "min_deadwood"]

_RULES: Final = MeldRules(
    game="Gin Rummy", run_ranks=tuple(Rank), meld_rule="GIN-2", min_naturals=1
)
_FACE: Final = 10


def card_points(card: Card) -> int:
    """A card's points (GIN-1): Ace 1, 2 to 10 their face, J Q K 10.

    >>> from rummyrules import Card
    >>> card_points(Card.parse("QH")), card_points(Card.parse("AS"))
    (10, 1)
    """
    rank = card.rank
    return 0 if rank is None else min(int(rank), _FACE)


def min_deadwood(hand: Sequence[Card]) -> int:
    """The least deadwood of any arrangement of the hand into melds (GIN-2).

    >>> from rummyrules import parse_cards
    >>> (
    ...     min_deadwood(parse_cards("AS 2S 3S 4S 4H 4D")),
    ...     min_deadwood(parse_cards("KS KH")),
    ... )
    (0, 20)
    """
    return _least(tuple(sorted(hand)))


@functools.lru_cache(maxsize=1 << 14)
def _least(hand: tuple[Card, ...]) -> int:
    total = sum(map(card_points, hand))
    best = total
    found = meld_search.find_melds(hand, _RULES)
    if not found:
        return total
    first = hand[0]
    # The first card is in no meld, or in one of the melds that hold it.
    rest = hand[1:]
    best = card_points(first) + _least(rest)
    for meld in found:
        if first in meld.cards:
            left = list(hand)
            for card in meld.cards:
                left.remove(card)
            best = min(best, _least(tuple(left)))
    return best


def knock_discards(hand: Sequence[Card], knock_card: int) -> tuple[Card, ...]:
    """The cards whose discard leaves deadwood at most ``knock_card`` (GIN-5).

    >>> from rummyrules import parse_cards
    >>> [str(c) for c in knock_discards(parse_cards("7S 8S 9S KD 2C"), 10)]
    ['2C', 'KD']
    """
    found: list[Card] = []
    cards = sorted(hand)
    for card in dict.fromkeys(cards):
        left = list(cards)
        left.remove(card)
        if _least(tuple(left)) <= knock_card:
            found.append(card)
    return tuple(found)
