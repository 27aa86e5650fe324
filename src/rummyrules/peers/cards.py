"""Cards and melds in OpenSpiel's numbers and in rummyrules' text.

Card texts are ours: rank ``A 2 .. 10 J Q K`` then suit ``S H D C``.
OpenSpiel's card id is ``suit * 13 + rank``, rank 0 the Ace to 12 the King,
in its suit order ``s c d h``: ``0..12`` spades, ``13..25`` clubs, ``26..38``
diamonds, ``39..51`` hearts. OpenSpiel numbers its melds ``0..184`` (sets
of 3 or 4, runs of 3 to 5); a meld is laid by action ``56 + id``.

>>> card_id("10H"), card_text(48)
(48, '10H')
>>> meld_text(meld_id_of([card_id(text) for text in ("9S", "7S", "8S")]))
'meld 7S 8S 9S'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .openspiel import UTILS

__all__ = [
    "card_id",
    "card_key",
    "card_text",
    "fits",
    "meld_cards",
    "meld_id_of",
    "meld_text",
    "run_parts",
]

RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""The ranks as our card text writes them, Ace low (GIN-1)."""
OUR_SUITS: Final = "SHDC"
"""Our suit order, which meld texts are sorted by."""
OS_SUITS: Final = "SCDH"
"""OpenSpiel's suit order: card id = ``OS_SUITS.index(suit) * 13 + rank``."""
LONGEST_RUN: Final = 5
"""The longest run OpenSpiel numbers as one meld (D5: longer ones are two)."""
SHORTEST_MELD: Final = 3
"""The fewest cards of a meld (GIN-2)."""


def card_id(text: str) -> int:
    """OpenSpiel's card id for one of our card texts.

    >>> card_id("AS"), card_id("10H"), card_id("KD")
    (0, 48, 38)
    >>> card_id("1H")
    Traceback (most recent call last):
    ...
    ValueError: not a card: '1H'
    """
    rank, suit = text[:-1], text[-1:]
    if rank not in RANKS or not suit or suit not in OS_SUITS:
        raise ValueError(f"not a card: {text!r}")
    return OS_SUITS.index(suit) * 13 + RANKS.index(rank)


def card_text(card: int) -> str:
    """Our card text for an OpenSpiel card id.

    >>> card_text(0), card_text(48)
    ('AS', '10H')
    """
    if not 0 <= card < 52:
        raise ValueError(f"not a card id: {card}")
    return RANKS[card % 13] + OS_SUITS[card // 13]


def card_key(card: int) -> tuple[int, int]:
    """Where an OpenSpiel card id sorts in our order: by rank, Ace low, then suit S H D C.

    >>> [
    ...     card_text(c)
    ...     for c in sorted([card_id("2C"), card_id("2H"), card_id("AD")], key=card_key)
    ... ]
    ['AD', '2H', '2C']
    """
    return card % 13, OUR_SUITS.index(OS_SUITS[card // 13])


def meld_cards(meld_id: int) -> list[int]:
    """The card ids of OpenSpiel's meld ``meld_id`` (``0..184``).

    >>> [card_text(card) for card in meld_cards(0)]
    ['AC', 'AD', 'AH']
    """
    return list(UTILS.int_to_meld[meld_id])


def meld_text(meld_id: int) -> str:
    """The move text that lays OpenSpiel's meld ``meld_id``, its cards in our order.

    >>> meld_text(0)
    'meld AH AD AC'
    """
    return "meld " + " ".join(
        card_text(c) for c in sorted(meld_cards(meld_id), key=card_key)
    )


def meld_id_of(cards: Sequence[int]) -> int:
    """OpenSpiel's meld id for a set of 3 or 4 or a run of 3 to 5, in any order.

    A run of six or more has no id: OpenSpiel lays it as two melds (D5,
    :func:`run_parts`).

    >>> meld_id_of([card_id("AD"), card_id("AH"), card_id("AC")])
    0
    >>> meld_id_of([card_id(text) for text in ("3S", "4S", "5S", "6S", "7S", "8S")])
    Traceback (most recent call last):
    ...
    ValueError: not a set of 3 or 4 or a run of 3 to 5 of one suit
    """
    ordered = sorted(cards)
    if len(set(ordered)) != len(ordered):
        raise ValueError("a meld repeats a card")
    shaped = UTILS.is_rank_meld(ordered) or UTILS.is_suit_meld(ordered)
    if not shaped or len(ordered) > LONGEST_RUN:
        raise ValueError("not a set of 3 or 4 or a run of 3 to 5 of one suit")
    return int(UTILS.meld_to_int(ordered))


def fits(card: int, meld: Sequence[int]) -> bool:
    """Whether ``card`` extends ``meld``, a set or a run of card ids (GIN-6).

    >>> fits(card_id("9S"), [card_id(text) for text in ("6S", "7S", "8S")])
    True
    >>> fits(card_id("9H"), [card_id(text) for text in ("6S", "7S", "8S")])
    False
    """
    if len({c % 13 for c in meld}) == 1:  # a set: only a suit it lacks
        return card % 13 == meld[0] % 13 and card not in meld
    suit, ranks = meld[0] // 13, [c % 13 for c in meld]
    return card // 13 == suit and card % 13 in (min(ranks) - 1, max(ranks) + 1)


def run_parts(cards: Sequence[str]) -> list[list[str]]:
    """A run of our card texts cut into the runs of 3 to 5 OpenSpiel lays it as (D5).

    A run of six or more becomes as few parts as can be, as even as can be,
    lowest cards first; anything else (a set, a run of five or fewer) is
    one part, itself.

    >>> run_parts(["3S", "4S", "5S", "6S", "7S", "8S", "9S"])
    [['3S', '4S', '5S'], ['6S', '7S', '8S', '9S']]
    >>> run_parts(["7H", "7S", "7D"])
    [['7H', '7S', '7D']]
    """
    ordered = sorted(cards, key=lambda text: card_key(card_id(text)))
    suits = {text[-1] for text in ordered}
    if len(ordered) <= LONGEST_RUN or len(suits) != 1:
        return [list(cards)]
    count = -(-len(ordered) // LONGEST_RUN)  # parts of at most five cards
    size, longer = divmod(len(ordered), count)
    parts: list[list[str]] = []
    start = 0
    for index in range(count):
        # The longer parts go last: 7 cards are 3 + 4.
        length = size + (index >= count - longer)
        parts.append(ordered[start : start + length])
        start += length
    return parts
