"""Cards and card text (MELD-1).

A card is a frozen value: a :class:`Rank` and a :class:`Suit`, or neither for
Going Out Rummy's :data:`WILDCARD`. Two cards with the same rank and suit are
equal whichever deck they came from; the rules never tell them apart.

Card text is the rank then the suit, case-free: ``AS``, ``10h``, ``Th``,
``qd``, ``7♣``; ``*`` is a WILDCARD. ``str(card)`` writes it back, with ``10``
for ten.

>>> from rummyrules import Card, Rank, Suit, parse_cards
>>> Card.parse("th")
Card(rank=Rank.TEN, suit=Suit.HEARTS)
>>> str(Card(rank=Rank.QUEEN, suit=Suit.SPADES))
'QS'
>>> [str(card) for card in parse_cards("7♠ 5h  *")]
['7S', '5H', '*']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

import attrs

from rummyrules.core.errors import CardParseError
from rummyrules.core.inputs import brief, expect, wrong_type
from rummyrules.core.ranks import RANKS_BY_TEXT, SUITS_BY_TEXT, Rank, Suit

__all__ = [
    "BY_CODE",
    "BY_RANK_AND_SUIT",
    "STANDARD_CARDS",
    "WILDCARD",
    "WILDCARD_CODE",
    "Card",
    "Rank",
    "Suit",
    "card_key",
    "card_syntax",
    "in_deck_words",
    "make_deck",
    "parse_cards",
    "read_cards",
]


# Card.__str__ is on every hot path: a table, not the property.
_RANK_SYMBOLS: Final = {rank: rank.symbol for rank in Rank}
_SUIT_INDEX: Final = {suit: index for index, suit in enumerate(Suit)}
WILDCARD_CODE: Final = 4 * (max(Rank) + 1)
"""The WILDCARD's code: after every other card's (see :class:`Card`)."""


def _code(rank: Rank | None, suit: Suit | None) -> int:
    # Rank first, then suit, WILDCARDs last: ordering cards by their codes is
    # the order the library shows them in (card_key), and no code is 0.
    if rank is None or suit is None:
        return WILDCARD_CODE
    return 4 * int(rank) + _SUIT_INDEX[suit]


class Card(int):
    """A playing card (MELD-1): a rank and a suit, or neither for a WILDCARD.

    A card is a frozen value, and also a small whole number, its code: the
    hot paths of the library count, mask and sort cards as integers. The code
    is four times the rank plus the suit's place (S H D C are 0 to 3), and
    ``WILDCARD_CODE`` for the WILDCARD; ``BY_CODE`` gives the card back. There is
    one object for each distinct card, so ``Card(rank=..., suit=...)`` and
    :meth:`parse` give the same object every time. Cards order as the
    library shows them: by rank, Ace low, then suit S H D C, WILDCARDs last.

    >>> card = Card(rank=Rank.SEVEN, suit=Suit.HEARTS)
    >>> card == Card.parse("7h"), str(card), card.is_wildcard
    (True, '7H', False)
    >>> (
    ...     card is Card.parse("7H"),
    ...     sorted(parse_cards("8S 7H 7S")) == list(parse_cards("7S 7H 8S")),
    ... )
    (True, True)
    >>> WILDCARD.is_wildcard, str(WILDCARD)
    (True, '*')
    """

    rank: Rank | None
    suit: Suit | None

    def __new__(cls, rank: Rank | None, suit: Suit | None) -> Card:
        """The one card of this rank and suit; neither makes the WILDCARD.

        >>> Card(rank=None, suit=None) is WILDCARD
        True
        >>> Card(rank=Rank.ACE, suit=None)
        Traceback (most recent call last):
        ...
        rummyrules.CardParseError: a card has both a rank and a suit, or neither (a WILDCARD)
        """
        try:
            return _INTERNED[rank, suit]
        except (KeyError, TypeError):  # a new card, an unhashable or wrong value
            pass
        if (rank is None) != (suit is None):
            message = "a card has both a rank and a suit, or neither (a WILDCARD)"
            raise CardParseError(message)
        if not (rank is None or type(rank) is Rank) or not (
            suit is None or type(suit) is Suit
        ):
            message = "a card's rank must be a Rank and its suit a Suit"
            raise TypeError(message)
        card = int.__new__(cls, _code(rank, suit))
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        _INTERNED[rank, suit] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise attrs.exceptions.FrozenInstanceError

    def __delattr__(self, name: str) -> None:
        raise attrs.exceptions.FrozenInstanceError

    def __reduce__(self) -> tuple[type[Card], tuple[Rank | None, Suit | None]]:
        # Pickled and copied as its rank and suit, unpickled as the one object.
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @property
    def is_wildcard(self) -> bool:
        """True for Going Out Rummy's rankless, suitless WILDCARD (MELD-4).

        >>> Card.parse("*").is_wildcard
        True
        """
        return self.rank is None

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card from its text (see the module's description).

        Anything but text raises TypeError.

        >>> Card.parse(" 10♦ ")
        Card(rank=Rank.TEN, suit=Suit.DIAMONDS)
        >>> Card.parse("11S")
        Traceback (most recent call last):
        ...
        rummyrules.CardParseError: '11S' is not a card: ranks are A 2-10 J Q K (T for 10), suits S H D C, * is a WILDCARD
        """
        expect(text, str, name="card", what="a card's text")
        key = text.strip().upper()
        try:
            return _CARDS_BY_TEXT[key]
        except KeyError:
            message = f"{brief(text.strip())} is not a card: {card_syntax()}"
            raise CardParseError(message) from None

    def __str__(self) -> str:
        if self.rank is None or self.suit is None:
            return "*"
        # _value_ is the plain attribute behind Enum.value, without its descriptor.
        return _RANK_SYMBOLS[self.rank] + self.suit._value_

    def __repr__(self) -> str:
        if self.rank is None or self.suit is None:
            return "WILDCARD"
        return f"Card(rank=Rank.{self.rank.name}, suit=Suit.{self.suit.name})"

    __format__ = object.__format__  # f"{card}" is its text, not its code


_INTERNED: Final[dict[tuple[Rank | None, Suit | None], Card]] = {}


WILDCARD: Final = Card(rank=None, suit=None)
"""Going Out Rummy's joker, with no rank and no suit, wild in every meld (GOR-6)."""

STANDARD_CARDS: Final = tuple(
    Card(rank=rank, suit=suit) for suit in Suit for rank in Rank
)
"""The 52 cards of a standard pack, by suit S H D C, each from Ace to King."""

BY_RANK_AND_SUIT: Final = {(card.rank, card.suit): card for card in STANDARD_CARDS}
"""Each standard card, looked up by its rank and suit.

>>> BY_RANK_AND_SUIT[Rank.ACE, Suit.SPADES]
Card(rank=Rank.ACE, suit=Suit.SPADES)
"""


def card_key(card: Card) -> int:
    """The order the library shows cards in: by rank, Ace low, then suit; WILDCARDs last.

    It is the card's code, so ``sorted(cards)`` gives the same order faster.

    >>> " ".join(str(card) for card in sorted(parse_cards("* 9H AS 9S"), key=card_key))
    'AS 9S 9H *'
    """
    return int(card)


BY_CODE: Final[dict[int, Card]] = {
    int(card): card for card in (*STANDARD_CARDS, WILDCARD)
}
"""Each card, looked up by its code (see :class:`Card`).

>>> str(BY_CODE[4]), str(BY_CODE[WILDCARD_CODE])
('AS', '*')
"""

_CARDS_BY_TEXT: Final[dict[str, Card]] = {"*": WILDCARD}
for _card in STANDARD_CARDS:
    for _rank_text in [k for k, v in RANKS_BY_TEXT.items() if v is _card.rank]:
        for _suit_text in [k for k, v in SUITS_BY_TEXT.items() if v is _card.suit]:
            _CARDS_BY_TEXT[_rank_text + _suit_text] = _card


def parse_cards(text: str | Iterable[Card | str]) -> tuple[Card, ...]:
    """Read cards from text separated by spaces or commas, or from a sequence.

    A sequence may mix :class:`Card` values and card text. Anything else
    (None, bytes, a number, a sequence holding one) raises TypeError.

    >>> parse_cards("AS, 10h qd")
    (Card(rank=Rank.ACE, suit=Suit.SPADES), Card(rank=Rank.TEN, suit=Suit.HEARTS), Card(rank=Rank.QUEEN, suit=Suit.DIAMONDS))
    >>> parse_cards("")
    ()
    >>> parse_cards(["AS", 7])
    Traceback (most recent call last):
    ...
    TypeError: each card must be a Card or its text, not int 7
    """
    return read_cards(text, name="cards")


def card_syntax(deck: Iterable[Card] | None = None) -> str:
    """How a card is written, for a message: the ranks, suits and WILDCARD a deck has.

    Without a deck, every card the library knows; with a game's deck, only
    what that game plays with (End of the Page has no 2s, EOP-1).

    >>> card_syntax()
    'ranks are A 2-10 J Q K (T for 10), suits S H D C, * is a WILDCARD'
    >>> card_syntax(make_deck(ranks=[rank for rank in Rank if rank != Rank.TWO]))
    'ranks are A 3-10 J Q K (T for 10), suits S H D C'
    """
    cards = set(STANDARD_CARDS if deck is None else deck) | (
        {WILDCARD} if deck is None else set()
    )
    ranks = sorted({card.rank for card in cards if card.rank is not None})
    words = [str(rank) for rank in ranks if not Rank.TWO <= rank <= Rank.TEN]
    numbers = [rank for rank in ranks if Rank.TWO <= rank <= Rank.TEN]
    if numbers:  # the number ranks, as a range when they run unbroken
        unbroken = len(numbers) == numbers[-1] - numbers[0] + 1
        spans = [f"{numbers[0]}-{numbers[-1]}"] if unbroken else list(map(str, numbers))
        words[1 if Rank.ACE in ranks else 0 : 0] = spans
    suits = " ".join(
        dict.fromkeys(card.suit._value_ for card in sorted(cards) if card.suit)
    )
    text = f"ranks are {' '.join(words)}{' (T for 10)' if Rank.TEN in ranks else ''}, suits {suits}"
    return text + (", * is a WILDCARD" if WILDCARD in cards else "")


def in_deck_words(message: str, deck: Iterable[Card]) -> str:
    """A message that says how any card is written, saying it for a game's deck instead.

    >>> ranks = [rank for rank in Rank if rank != Rank.TWO]
    >>> in_deck_words(f"'1S' is not a card: {card_syntax()}", make_deck(ranks=ranks))
    "'1S' is not a card: ranks are A 3-10 J Q K (T for 10), suits S H D C"
    """
    return message.replace(card_syntax(), card_syntax(deck))


def read_cards(value: str | Iterable[Card | str], *, name: str) -> tuple[Card, ...]:
    """:func:`parse_cards` for an argument called ``name``, which a TypeError names.

    The rules' methods read their hands, decks and melds with it.

    >>> read_cards(None, name="hand")
    Traceback (most recent call last):
    ...
    TypeError: hand must be card text or a sequence of Cards and card text, not NoneType
    """
    if isinstance(value, str):
        words = value.replace(",", " ").split()
        try:  # card text as the library writes it: one lookup a card
            return tuple(map(_CARDS_BY_TEXT.__getitem__, words))
        except KeyError:
            tokens: Iterable[Card | str] = words
    else:
        if isinstance(value, bytes | bytearray) or not isinstance(value, Iterable):
            raise wrong_type(value, name=name, what=_CARDS_LIKE)
        tokens = value
        if type(tokens) is tuple and all(type(token) is Card for token in tokens):
            return tokens  # already cards: the common case in a game loop
    return tuple(map(_read_card, tokens))


_CARDS_LIKE: Final = "card text or a sequence of Cards and card text"


def _read_card(token: Card | str) -> Card:
    if isinstance(token, Card):
        return token
    expect(token, str, name="each card", what="a Card or its text")
    return Card.parse(token)


def make_deck(
    *, decks: int = 1, ranks: Sequence[Rank] = tuple(Rank), wildcards: int = 0
) -> tuple[Card, ...]:
    """A full deck: ``decks`` packs of the given ranks in four suits, then WILDCARDs.

    The order is fixed (each pack by suit S H D C, each suit from Ace to
    King), so that a seeded shuffle of it is the same everywhere. The rules
    classes build their own decks with this (``EndOfThePage().deck()``).

    >>> len(make_deck()), len(make_deck(decks=3, wildcards=4))
    (52, 160)
    >>> " ".join(str(card) for card in make_deck(ranks=[Rank.ACE, Rank.KING]))
    'AS KS AH KH AD KD AC KC'
    """
    if type(decks) is not int or type(wildcards) is not int:  # rarely: check each
        expect(decks, int, name="decks", what="a whole number (int)")
        expect(wildcards, int, name="wildcards", what="a whole number (int)")
    try:
        allowed = frozenset(ranks)
    except TypeError:  # not a sequence, or one of things that are no Ranks
        allowed = None
    if allowed is None or isinstance(ranks, str | bytes):
        raise wrong_type(ranks, name="ranks", what="a sequence of Ranks")
    if not all(type(rank) is Rank for rank in allowed):
        wrong = next(rank for rank in allowed if type(rank) is not Rank)
        raise wrong_type(wrong, name="each rank", what="a Rank")
    pack = tuple(card for card in STANDARD_CARDS if card.rank in allowed)
    return pack * decks + (WILDCARD,) * wildcards
