"""Why a move may not be made: refusals, and the two shapes of rule that give them.

A rule of a turn is one function that answers "may this be done here, and if
not, which rule forbids it, in what sentence": it returns ``None`` or a
:class:`Refusal`. A :data:`Gate` forbids every move of a kind at once, a
:data:`Filter` some of them; :mod:`rummyrules.game.machine` asks the same
functions to list the legal moves and to refuse a move.

>>> print(Refusal("draw first", "GOR-4"))
draw first (GOR-4)
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from rummyrules.core.cards import Card
from rummyrules.core.errors import IllegalMoveError
from rummyrules.game.moves import Move
from rummyrules.game.to_move import Playing

__all__ = [
    "Filter",
    "Gate",
    "Refusal",
    "Test",
    "card_refusal",
    "refuse",
    "refuses_all",
]

S = TypeVar("S", bound=Playing)
M = TypeVar("M", bound=Move)


@attrs.frozen
class Refusal:
    """Why a move may not be made here: a sentence a player understands, and the rule.

    >>> print(Refusal("you have drawn already this turn", "EOP-5"))
    you have drawn already this turn (EOP-5)
    """

    reason: str
    rule: str

    def error(self) -> IllegalMoveError:
        """The refusal as the error :meth:`~rummyrules.GameState.apply` raises.

        >>> Refusal("draw first", "GOR-4").error().rule
        'GOR-4'
        """
        return IllegalMoveError(self.reason, rule=self.rule)

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})"


def refuse(reason: str, rule: str) -> IllegalMoveError:
    """The error for a refusal that needs no rule function: a move that names nothing.

    >>> refuse("there is no 9S in the discard pile", "EOP-5").rule
    'EOP-5'
    """
    return IllegalMoveError(reason, rule=rule)


def card_refusal(reason: str, rule: str) -> Callable[[Card], Refusal]:
    """A rule's refusal of each card, where ``{card}`` in the reason names it.

    Listing tests every card of a pile and refuses most: each card's refusal
    is made once, not once a card a state.

    >>> refusal = card_refusal("you may not take {card}", "F14-9")
    >>> print(refusal(Card.parse("7H")))
    you may not take 7H (F14-9)
    """
    return functools.cache(lambda card: Refusal(reason.format(card=card), rule))


Gate = Callable[[S, int], Refusal | None]
"""A rule that forbids every move of a kind at once, for this player now."""
Test = Callable[[M], Refusal | None]
"""One rule's test of one move: ``None``, or why it may not be made."""
Filter = Callable[[S], Test[M] | None]
"""A rule that forbids some moves of a kind: it looks at the state once, and
gives the test of each move where it applies (None where it forbids nothing
now, so that most states test no move at all)."""


def refuses_all(refusal: Refusal) -> Test[Any]:
    """The test of a rule that, where it applies, forbids every move of the kind.

    >>> test = refuses_all(Refusal("draw first", "GOR-4"))
    >>> print(test("any move"))
    draw first (GOR-4)
    """

    def test(move: object) -> Refusal:
        del move
        return refusal

    return test
