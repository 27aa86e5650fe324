"""The library's exceptions.

Every error is a :class:`ValueError`, so code that already guards against bad
input keeps working; the subclasses say which kind of input was bad.

>>> from rummyrules import Card, CardParseError
>>> try:
...     Card.parse("1S")
... except CardParseError as error:
...     print(error)
'1S' is not a card: ranks are A 2-10 J Q K (T for 10), suits S H D C, * is a WILDCARD
"""

from __future__ import annotations

__all__ = [
    "CardParseError",
    "DeckError",
    "IllegalMoveError",
    "LoadError",
    "MoveParseError",
    "OptionError",
    "RummyRulesError",
    "UnknownCardError",
]


class RummyRulesError(ValueError):
    """Base class of every error the library raises on bad input.

    >>> issubclass(RummyRulesError, ValueError)
    True
    """


class CardParseError(RummyRulesError):
    """Text that is not a card, or not a list of cards.

    The message quotes the token that could not be read.

    >>> from rummyrules import parse_cards
    >>> parse_cards("7S 8X")
    Traceback (most recent call last):
    ...
    rummyrules.errors.CardParseError: '8X' is not a card: ranks are A 2-10 J Q K (T for 10), suits S H D C, * is a WILDCARD
    """


class MoveParseError(RummyRulesError):
    """Text that is not a move at all (as opposed to a move the rules forbid).

    >>> from rummyrules.moves import parse_move
    >>> parse_move("dance")
    Traceback (most recent call last):
    ...
    rummyrules.errors.MoveParseError: 'dance' is not a move: a move is draw, take, meld, lay, discard, pass, claim, out, drop or done
    """


class UnknownCardError(RummyRulesError):
    """A card that the game's deck does not hold (a 2 in End of the Page).

    >>> from rummyrules import EndOfThePage
    >>> EndOfThePage().card_value("2S")
    Traceback (most recent call last):
    ...
    rummyrules.errors.UnknownCardError: there is no 2S in the End of the Page deck (EOP-1)
    """


class OptionError(RummyRulesError):
    """A rules option outside its allowed values.

    The message names the option, the value given and the values allowed.

    >>> from rummyrules import EndOfThePage
    >>> EndOfThePage(players=1)
    Traceback (most recent call last):
    ...
    rummyrules.errors.OptionError: players must be from 2 to 8 in End of the Page, not 1 (EOP-1)
    """


class IllegalMoveError(RummyRulesError):
    """A move the rules do not allow.

    ``rule`` is the ID of the rule it breaks, as in the rule book
    (``"EOP-8"``); the message is a sentence a player would understand.

    >>> error = IllegalMoveError("you must draw first", rule="EOP-5")
    >>> error.rule
    'EOP-5'
    >>> str(error)
    'you must draw first (EOP-5)'
    """

    def __init__(self, reason: str, *, rule: str) -> None:
        super().__init__(f"{reason} ({rule})")
        self.reason = reason
        self.rule = rule


class DeckError(OptionError):
    """A stacked deck that is not exactly the game's deck.

    The message says which cards it lacks and which it has too many of.

    >>> from rummyrules import EndOfThePage, parse_cards
    >>> EndOfThePage().new_game(deck=parse_cards("AS KS"))
    Traceback (most recent call last):
    ...
    rummyrules.errors.DeckError: the deck must be the game's 48 cards, top card first; this one has 2: it lacks 3S 4S 5S 6S 7S 8S 9S 10S JS QS and 36 more
    """


class LoadError(RummyRulesError):
    """Saved data that is not a value this library wrote, or not one the rules allow.

    Raised by :func:`~rummyrules.loads` for text that is not JSON, another
    format or version, a missing or mistyped field, a card the deck lacks, a
    card lost or copied, or a meld, player or phase that cannot be.

    >>> from rummyrules import loads
    >>> loads("[1, 2]")
    Traceback (most recent call last):
    ...
    rummyrules.errors.LoadError: rummyrules data is a JSON object, not a list or a value
    """
