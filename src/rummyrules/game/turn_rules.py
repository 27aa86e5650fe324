"""What every game's turns share: playing only held cards, the discard, drawing first.

A card the player does not hold cannot be played, in any game (ALL-1): no
move may make a card out of nothing. A game whose turn begins with ``draw``
or ``take`` refuses the other moves before the draw, and both after it, in
the same words.

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=1).apply("draw")
>>> game.apply("discard 2S")
Traceback (most recent call last):
...
rummyrules.IllegalMoveError: you do not hold 2S (ALL-1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rummyrules.core.cards import Card
from rummyrules.core.errors import IllegalMoveError
from rummyrules.core.hands import lacking
from rummyrules.game.machine import Refusal
from rummyrules.game.moves import Discard, Move
from rummyrules.game.state import GameState

__all__ = [
    "PhaseRefusal",
    "discard_readings",
    "draw_first",
    "drawn_already",
    "refuse_unheld",
]

PhaseRefusal = Callable[[GameState, Move], Refusal]
"""Why a phase refuses a kind of move it does not take (``PhaseRules.refuse``)."""


def refuse_unheld(hand: Sequence[Card], cards: Sequence[Card]) -> None:
    """Refuse a move that plays cards the hand does not hold (ALL-1).

    No move may make a card out of nothing, in any game.

    >>> from rummyrules import parse_cards
    >>> refuse_unheld(parse_cards("7S 7H"), parse_cards("7S 7S"))
    Traceback (most recent call last):
    ...
    rummyrules.IllegalMoveError: you do not hold 2 of 7S (ALL-1)
    """
    missing = lacking(hand, cards)
    if missing is not None:
        raise IllegalMoveError(f"you do not hold {missing}", rule="ALL-1")


def discard_readings(state: GameState, move: Discard, player: int) -> list[Discard]:
    """The discard, once the player holds the card (ALL-1).

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=1).apply("draw")
    >>> discard_readings(game, Discard(card=Card.parse("2S")), 1)
    Traceback (most recent call last):
    ...
    rummyrules.IllegalMoveError: you do not hold 2S (ALL-1)
    """
    refuse_unheld(state.hands[player], [move.card])
    return [move]


def draw_first(rule: str) -> PhaseRefusal:
    """The refusal of every move but a draw before the draw, under the game's rule.

    >>> from rummyrules import GoingOutRummy, parse_move
    >>> game = GoingOutRummy().new_game(seed=1)
    >>> print(draw_first("GOR-4")(game, parse_move("discard 7H")))
    draw first: a turn begins with 'draw' or 'take' (GOR-4)
    """
    refusal = Refusal("draw first: a turn begins with 'draw' or 'take'", rule)

    def refuse(state: GameState, move: Move) -> Refusal:
        del state, move
        return refusal

    return refuse


def drawn_already(rule: str) -> PhaseRefusal:
    """The refusal of a second draw in a turn, under the game's rule.

    >>> from rummyrules import EndOfThePage, parse_move
    >>> game = EndOfThePage().new_game(seed=1).apply("draw")
    >>> print(drawn_already("EOP-5")(game, parse_move("take")))
    you have drawn already this turn (EOP-5)
    """
    refusal = Refusal("you have drawn already this turn", rule)

    def refuse(state: GameState, move: Move) -> Refusal:
        del state, move
        return refusal

    return refuse
