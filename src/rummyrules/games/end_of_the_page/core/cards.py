"""Cards and hands as bits, laid out for End of the Page's melds (EOP-1, EOP-7).

Inside the core a card is ``suit * 16 + rank``, the Ace 14 (high only in
End of the Page's runs, EOP-7), so that a suit's cards are one 16-bit field
(a run is a row of bits) and a rank's cards are four bits 16 apart (a set is
those bits). The library's :class:`~rummyrules.Card` is ``rank * 4 + suit``,
the Ace 1; :data:`MINE` and :data:`CARD` translate.

A hand is ``(first, second, third, held, size)``: three masks of the first,
second and third copies of each card (three decks at most, EOP-1), the
library codes of the distinct cards held as one mask (the hand's order, for
discards and lay-offs), and the number of cards.

>>> from rummyrules import parse_cards
>>> hand = hand_of(parse_cards("AS 7H 7H KD"))
>>> hand[4], [str(card) for card in cards_of(hand)]
(4, ['AS', '7H', '7H', 'KD'])
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from rummyrules.core.cards import BY_CODE, Card, Rank

__all__ = [
    "ALL_RANKS",
    "CARD",
    "EMPTY",
    "MINE",
    "REPL",
    "Hand",
    "added",
    "cards_of",
    "hand_of",
    "rank_of",
    "removed",
]

Hand = tuple[int, int, int, int, int]
"""A hand as bits: three masks of copies, the library codes held, the size."""

EMPTY: Final[Hand] = (0, 0, 0, 0, 0)
REPL: Final = 0x0001000100010001
"""A 16-bit field times this: the same bits in every suit."""
ALL_RANKS: Final = 0x7FF8 * REPL
"""Every card's bit: ranks 3 to 14 of the four suits."""


def rank_of(rank: Rank) -> int:
    """A library rank as the core's: the Ace high, 14.

    >>> rank_of(Rank.ACE), rank_of(Rank.SEVEN)
    (14, 7)
    """
    return 14 if rank is Rank.ACE else int(rank)


def _tables() -> tuple[list[int], list[Card | None]]:
    mine = [-1] * 64
    card: list[Card | None] = [None] * 64
    for code, found in BY_CODE.items():
        if found.rank is None or found.suit is None or found.rank is Rank.TWO:
            continue
        bit = (code & 3) * 16 + rank_of(
            found.rank
        )  # a library code's suit: its low bits
        mine[code] = bit
        card[bit] = found
    return mine, card


MINE, CARD = _tables()
"""The core's code of each library code, and the Card of each core code."""


def added(hand: Hand, card: Card) -> Hand:
    """The hand with one more copy of ``card``.

    >>> from rummyrules import Card
    >>> added(EMPTY, Card.parse("7H"))[4]
    1
    """
    first, second, third, held, size = hand
    bit = 1 << MINE[card]
    if not first & bit:
        return (first | bit, second, third, held | 1 << card, size + 1)
    if not second & bit:
        return (first, second | bit, third, held, size + 1)
    return (first, second, third | bit, held, size + 1)


def removed(hand: Hand, card: Card) -> Hand:
    """The hand with one copy of ``card`` fewer (the hand holds it).

    >>> from rummyrules import Card
    >>> removed(added(EMPTY, Card.parse("7H")), Card.parse("7H")) == EMPTY
    True
    """
    first, second, third, held, size = hand
    bit = 1 << MINE[card]
    if third & bit:
        return (first, second, third ^ bit, held, size - 1)
    if second & bit:
        return (first, second ^ bit, third, held, size - 1)
    return (first ^ bit, second, third, held & ~(1 << card), size - 1)


def hand_of(cards: Iterable[Card]) -> Hand:
    """A hand of these cards, as bits.

    >>> from rummyrules import parse_cards
    >>> hand_of(parse_cards("7H 7H"))[1] != 0
    True
    """
    hand = EMPTY
    for card in cards:
        hand = added(hand, card)
    return hand


def cards_of(hand: Hand) -> tuple[Card, ...]:
    """The hand's cards in the library's order (by code, copies together).

    >>> from rummyrules import parse_cards
    >>> [str(card) for card in cards_of(hand_of(parse_cards("KD 3S AS")))]
    ['AS', '3S', 'KD']
    """
    _, second, third, held, _ = hand
    found: list[Card] = []
    while held:
        low = held & -held
        held ^= low
        card = BY_CODE[low.bit_length() - 1]
        found.append(card)
        bit = 1 << MINE[card]
        if second & bit:
            found.append(card)
            if third & bit:
                found.append(card)
    return tuple(found)
