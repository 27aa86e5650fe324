"""Ranks and suits, and their text (MELD-1).

A card (:mod:`rummyrules.core.cards`) is a rank and a suit; each is read
from its text case-free and written back by ``str``.

>>> Rank.parse("t") is Rank.TEN, str(Suit.parse("♡"))
(True, 'H')
"""

from __future__ import annotations

import enum
from typing import Final

from rummyrules.core.errors import CardParseError
from rummyrules.core.inputs import brief, expect

__all__ = ["RANKS_BY_TEXT", "SUITS_BY_TEXT", "Rank", "Suit"]


class Rank(enum.IntEnum):
    """A card's rank; the value is its face value, with the Ace as 1.

    Where the Ace stands in a run is a rule of each variant, not of the rank.

    >>> Rank.parse("q")
    <Rank.QUEEN: 12>
    >>> Rank.parse("T") is Rank.parse("10") is Rank.TEN
    True
    >>> str(Rank.TEN), str(Rank.ACE)
    ('10', 'A')
    """

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        """The rank's text, one of ``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``.

        >>> Rank.JACK.symbol
        'J'
        """
        return _RANK_SYMBOLS[self]

    @classmethod
    def parse(cls, text: str | Rank) -> Rank:
        """Read a rank from its text, case-free; ``T`` is read as ``10``.

        A :class:`Rank` is returned as it is, so options may take either;
        anything else raises TypeError.

        >>> Rank.parse("k")
        <Rank.KING: 13>
        >>> Rank.parse("1")
        Traceback (most recent call last):
        ...
        rummyrules.CardParseError: '1' is not a rank: ranks are A 2-10 J Q K (T for 10)
        """
        if isinstance(text, Rank):
            return text
        expect(text, str, name="rank", what="a Rank or its text")
        try:
            return RANKS_BY_TEXT[text.strip().upper()]
        except KeyError:
            message = f"{brief(text)} is not a rank: ranks are A 2-10 J Q K (T for 10)"
            raise CardParseError(message) from None

    def __str__(self) -> str:
        return _RANK_SYMBOLS[self]


class Suit(enum.Enum):
    """A card's suit; the value is its letter.

    >>> Suit.parse("♥")
    <Suit.HEARTS: 'H'>
    >>> Suit.CLUBS.symbol
    '♣'
    """

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    # Members are singletons compared by identity, so identity can hash them
    # too; Enum's own hash is written in Python and sits on every hot path.
    __hash__ = object.__hash__

    @property
    def symbol(self) -> str:
        """The suit's sign, one of ♠ ♥ ♦ ♣.

        >>> Suit.SPADES.symbol
        '♠'
        """
        return _SUIT_SYMBOLS[self]

    @classmethod
    def parse(cls, text: str | Suit) -> Suit:
        """Read a suit from its letter (case-free) or its sign.

        A :class:`Suit` is returned as it is; anything else raises TypeError.

        >>> Suit.parse("d")
        <Suit.DIAMONDS: 'D'>
        """
        if isinstance(text, Suit):
            return text
        expect(text, str, name="suit", what="a Suit or its text")
        try:
            return SUITS_BY_TEXT[text.strip().upper()]
        except KeyError:
            message = f"{brief(text)} is not a suit: suits are S H D C (or ♠ ♥ ♦ ♣)"
            raise CardParseError(message) from None

    def __str__(self) -> str:
        return self.value


_RANK_SYMBOLS: Final = {
    rank: {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank.value, str(rank.value))
    for rank in Rank
}
RANKS_BY_TEXT: Final = {symbol: rank for rank, symbol in _RANK_SYMBOLS.items()} | {
    "T": Rank.TEN
}
"""Each rank by its text in capitals (``T`` as well as ``10`` for ten)."""
_SUIT_SYMBOLS: Final = {
    Suit.SPADES: "♠",
    Suit.HEARTS: "♥",
    Suit.DIAMONDS: "♦",
    Suit.CLUBS: "♣",
}
# The white suit signs are read too: printed rules (Going Out Rummy's among
# them) often use ♡ and ♢ for the red suits.
SUITS_BY_TEXT: Final = (
    {suit.value: suit for suit in Suit}
    | {symbol: suit for suit, symbol in _SUIT_SYMBOLS.items()}
    | {"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS}
)
"""Each suit by its letter in capitals or its sign."""
