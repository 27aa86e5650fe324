"""Cards and hands as integers, for the core: a card's code, its bit, a hand's mask.

A card is its library code (``4 × rank + suit``, suits S H D C as 0 to 3),
so a hand sorted by code is the order the library shows it in. A hand is one
int, a bit a card, 16 bits a suit (bit ``16 × suit + rank``), the layout
:mod:`~rummyrules.games.gin_rummy.deadwood` counts deadwood on: runs are bits
in a row, and the empty edges of each suit keep them from crossing (GIN-2).

>>> from rummyrules import parse_cards
>>> hand = hand_mask(parse_cards("AS 2S 3S KC"))
>>> [str(card) for card in hand_cards(hand)], points(hand)
(['AS', '2S', '3S', 'KC'], 16)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Any, Final

from rummyrules.core.cards import BY_CODE, STANDARD_CARDS, Card
from rummyrules.games.gin_rummy.deadwood import card_points

__all__ = [
    "CARD_BIT",
    "LANE",
    "ByByte",
    "by_bytes",
    "byte_tables",
    "card_of_bit",
    "code_mask",
    "hand_cards",
    "hand_mask",
    "points",
]

LANE: Final = 16
"""Bits a suit takes in a hand's mask: ranks 1 to 13, and empty edges."""
_RANK_BITS: Final = (1 << 14) - 1  # bits 0 to 13 of a lane: where its ranks are
_CODES: Final = 56  # codes run from 4 (the Ace of spades) to 55 (the King of clubs)


def _bit(code: int) -> int:
    rank, suit = divmod(code, 4)
    return 1 << (LANE * suit + rank) if rank else 0


CARD_BIT: Final[tuple[int, ...]] = tuple(_bit(code) for code in range(_CODES))
"""A card's bit in a hand's mask, by its code (0 for a code no card has)."""

_CODE_OF_PLACE: Final[dict[int, int]] = {
    CARD_BIT[code].bit_length() - 1: code for code in range(_CODES) if CARD_BIT[code]
}
# A lane's rank bits spread out to code bits (rank r to bit 4r), for suit 0;
# suit s is the same shifted by s. Turns a hand into sorted order at once.
_SPREAD: Final[tuple[int, ...]] = tuple(
    sum(1 << (4 * rank) for rank in range(14) if bits >> rank & 1)
    for bits in range(1 << 14)
)
# A card's value (1 to 10, GIN-1) in four bits: one mask for each bit.
_V0, _V1, _V2, _V3 = (
    sum(CARD_BIT[int(card)] for card in STANDARD_CARDS if card_points(card) >> w & 1)
    for w in range(4)
)


def code_mask(hand: int) -> int:
    """The hand as a mask of codes, bit ``code`` a card: its bits low to high are the sorted hand.

    >>> bin(code_mask(CARD_BIT[4] | CARD_BIT[7]))  # AS and AC
    '0b10010000'
    """
    spread = _SPREAD
    return (
        spread[hand & _RANK_BITS]
        | spread[hand >> LANE & _RANK_BITS] << 1
        | spread[hand >> 2 * LANE & _RANK_BITS] << 2
        | spread[hand >> 3 * LANE & _RANK_BITS] << 3
    )


ByByte = tuple[tuple[tuple[Any, ...], ...], ...]
"""Seven tables, one for each byte of a code mask: what each byte's cards give, in code order."""


def byte_tables(of_code: Callable[[int], Any]) -> ByByte:
    """For each byte of a code mask and each value of it, ``of_code`` of its cards' codes, in order.

    A hand's things in sorted order are then seven lookups (:func:`by_bytes`),
    with no loop over its cards.

    >>> by_bytes(byte_tables(lambda code: code), code_mask(CARD_BIT[9] | CARD_BIT[4]))
    (4, 9)
    """
    return tuple(
        tuple(
            tuple(
                of_code(8 * index + bit)
                for bit in range(8)
                if value >> bit & 1
                and 8 * index + bit < _CODES
                and CARD_BIT[8 * index + bit]
            )
            for value in range(256)
        )
        for index in range(7)
    )


def by_bytes(tables: ByByte, mask: int) -> tuple[Any, ...]:
    """The things ``tables`` give for the cards of a code mask, in code order (see :func:`byte_tables`).

    >>> by_bytes(byte_tables(str), 0)
    ()
    """
    return (
        tables[0][mask & 255]
        + tables[1][mask >> 8 & 255]
        + tables[2][mask >> 16 & 255]
        + tables[3][mask >> 24 & 255]
        + tables[4][mask >> 32 & 255]
        + tables[5][mask >> 40 & 255]
        + tables[6][mask >> 48 & 255]
    )


@functools.lru_cache(maxsize=1 << 10)
def hand_cards(hand: int) -> tuple[Card, ...]:
    """The hand's cards, sorted as the library keeps a hand.

    Memoised: a state's fields are worked out once a move on the public
    face, and most of its hands (the other player's, the cards known) are
    the ones the state before had.

    >>> [str(card) for card in hand_cards(CARD_BIT[9] | CARD_BIT[4])]
    ['AS', '2H']
    """
    if not hand:
        return ()
    found: tuple[Card, ...] = by_bytes(_CARD_TABLES, code_mask(hand))
    return found


def hand_mask(cards: Iterable[Card]) -> int:
    """The mask of some cards of one deck.

    >>> hand_mask([]) == 0
    True
    """
    mask = 0
    for card in cards:
        mask |= CARD_BIT[int(card)]
    return mask


def card_of_bit(bit: int) -> int:
    """The code of the card whose bit this is.

    >>> card_of_bit(CARD_BIT[30])
    30
    """
    return _CODE_OF_PLACE[bit.bit_length() - 1]


def points(cards: int) -> int:
    """What the cards of a mask count (GIN-1): four bit counts, one a bit of value.

    >>> points(CARD_BIT[4] | CARD_BIT[52])  # AS and KS
    11
    """
    return (
        (cards & _V0).bit_count()
        + ((cards & _V1).bit_count() << 1)
        + ((cards & _V2).bit_count() << 2)
        + ((cards & _V3).bit_count() << 3)
    )


_CARD_TABLES: Final = byte_tables(BY_CODE.__getitem__)
