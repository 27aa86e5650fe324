"""The library's exceptions, and the TypeError rule.

Every error is a :class:`ValueError`, so code that already guards against bad
input keeps working; the subclasses say which kind of input was bad.

>>> from rummyrules import Card, CardParseError
>>> try:
...     Card.parse("1S")
... except CardParseError as error:
...     print(error)
'1S' is not a card: ranks are A 2-10 J Q K (T for 10), suits S H D C, * is a WILDCARD

A message quotes the input it refuses briefly: at most its first 100
characters, with its length (:func:`rummyrules.core.inputs.brief`), so that a
megabyte of input never makes a megabyte of message.

**An argument of the wrong type raises** :class:`TypeError`, not one of
these: ``None`` where a move belongs, the text ``"0"`` where a player's
number belongs, a list where a wild rank belongs. That is a mistake in the
calling program rather than bad input, and the message names the argument,
what it should be and what it is. ``True`` and ``False`` are not whole
numbers here (for a player, a seed, a dealer), though Python makes them so.

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=1)
>>> game.apply(None)
Traceback (most recent call last):
...
TypeError: move must be a Move or its text, not NoneType
>>> game.legal_moves(player="0")
Traceback (most recent call last):
...
TypeError: player must be a player number (int), not str '0'
"""

from __future__ import annotations

__all__ = [
    "CardParseError",
    "DeckError",
    "IllegalMoveError",
    "LoadError",
    "MoveParseError",
    "OptionError",
    "PositionError",
    "RecordParseError",
    "RummyRulesError",
    "StateError",
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
    rummyrules.CardParseError: '8X' is not a card: ranks are A 2-10 J Q K (T for 10), suits S H D C, * is a WILDCARD
    """


class MoveParseError(RummyRulesError):
    """Text that is not a move at all (as opposed to a move the rules forbid).

    The verbs it lists end with those of any game of your own registered.

    >>> from rummyrules.game.notation import parse_move
    >>> parse_move("dance")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rummyrules.MoveParseError: 'dance' is not a move: a move is draw, take, meld, lay, discard, ...done...knock...out...drop...
    """


class UnknownCardError(RummyRulesError):
    """A card that the game's deck does not hold (a 2 in End of the Page).

    >>> from rummyrules import EndOfThePage
    >>> EndOfThePage().card_value("2S")
    Traceback (most recent call last):
    ...
    rummyrules.UnknownCardError: there is no 2S in the End of the Page deck (EOP-1)
    """


class OptionError(RummyRulesError):
    """A rules option outside its allowed values.

    The message names the option, the value given and the values allowed.

    >>> from rummyrules import EndOfThePage
    >>> EndOfThePage(players=1)
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: players must be from 2 to 8 in End of the Page, not 1 (EOP-1)
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
    rummyrules.DeckError: the deck must be the game's 48 cards, top card first; this one has 2: it lacks 3S 4S 5S 6S 7S 8S 9S 10S JS QS and 36 more
    """


class StateError(RummyRulesError):
    """A game state, view or match that no game could reach.

    Raised by the checks that :func:`~rummyrules.loads` and
    :meth:`~rummyrules.PlayableRules.position` run on what they read; each
    wraps it in its own error.

    >>> import attrs
    >>> from rummyrules import EndOfThePage
    >>> from rummyrules.formats.checks import check_state
    >>> game = EndOfThePage().new_game(seed=1)
    >>> check_state(attrs.evolve(game, dealer=5))
    Traceback (most recent call last):
    ...
    rummyrules.StateError: dealer is player 5, but the players are 0 to 1
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
    rummyrules.LoadError: rummyrules data is a JSON object, not a list or a value
    """


class PositionError(RummyRulesError):
    """Text that is not a position, or a position no game could reach.

    The message says which section is wrong, and why.

    >>> from rummyrules import GoingOutRummy
    >>> GoingOutRummy().position("GoingOutRummy | to_move 2 draw | hands - / -")
    Traceback (most recent call last):
    ...
    rummyrules.PositionError: to_move: there is no player 2: the players are 0 to 1
    """


class RecordParseError(RummyRulesError):
    r"""Text that is not a game record; the message starts with the line at fault.

    ``line`` is that line's number (from 1), or None when the fault is in the
    record as a whole (a tag it lacks); ``reason`` is the message without it.

    >>> from rummyrules import parse_record
    >>> parse_record('[Variant "EndOfThePage"]\n[Seed "forty-two"]')
    Traceback (most recent call last):
    ...
    rummyrules.RecordParseError: line 2: [Seed] must be a whole number, not 'forty-two'
    """

    def __init__(self, reason: str, *, line: int | None = None) -> None:
        super().__init__(reason if line is None else f"line {line}: {reason}")
        self.reason = reason
        self.line = line
