"""What every turn machine says the same way when it explains a refusal.

Some refusals are the same situation in every game, and name the same rule
in every game: a verb the game does not have, a move in another player's
name (ALL-2), a card the player does not hold (ALL-1). Each machine asks
these helpers before its own rules, so no game words them its own way. The
game over and a player number off the table are :func:`~rummyrules.game.state.mover`
and :func:`~rummyrules.game.state.check_player`, which the state itself uses too.

>>> from rummyrules import FourteenHundred
>>> from rummyrules.game.moves import parse_move
>>> game = FourteenHundred(players=2).new_game(seed=3)
>>> game.apply("drop")
Traceback (most recent call last):
...
rummyrules.IllegalMoveError: 'drop' is not a move in 1400 (ALL-2)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

import attrs

from rummyrules.core.cards import Card
from rummyrules.core.errors import IllegalMoveError
from rummyrules.core.hands import lacking
from rummyrules.game.moves import Move, Take
from rummyrules.game.state import GameState, check_player, mover

__all__ = ["check_held", "check_kind", "own_move", "plain_take"]


def check_kind(state: GameState, move: Move, kinds: Collection[type[Move]]) -> None:
    """Refuse a kind of move this game never lists, whoever makes it (ALL-2).

    ``kinds`` are the move classes the game has.

    >>> from rummyrules import EndOfThePage
    >>> from rummyrules.game.moves import Draw, Pass, parse_move
    >>> game = EndOfThePage().new_game(seed=1)
    >>> check_kind(game, parse_move("0: pass"), {Draw})
    Traceback (most recent call last):
    ...
    rummyrules.IllegalMoveError: 'pass' is not a move in End of the Page (ALL-2)
    """
    if type(move) not in kinds:
        verb = str(attrs.evolve(move, player=None)).split()[0]
        message = f"'{verb}' is not a move in {state.rules.name}"
        raise IllegalMoveError(message, rule="ALL-2")


def own_move(state: GameState, move: Move) -> Move:
    """The move as the player to move's own, or why it is not theirs (ALL-2).

    A move named for the player to move drops the name; one named for anyone
    else is refused: there is no such player, or it is not their turn. A
    ``take`` naming the top discard becomes plain ``take`` (:func:`plain_take`).

    >>> from rummyrules import EndOfThePage
    >>> from rummyrules.game.moves import parse_move
    >>> game = EndOfThePage().new_game(seed=1)
    >>> str(own_move(game, parse_move("1: draw")))
    'draw'
    >>> own_move(game, parse_move("0: draw"))
    Traceback (most recent call last):
    ...
    rummyrules.IllegalMoveError: it is player 1's turn, not player 0's (ALL-2)
    """
    player = mover(state)
    if move.player is not None:
        if move.player != player:
            check_player(state, move.player)
            raise IllegalMoveError(
                f"it is player {player}'s turn, not player {move.player}'s",
                rule="ALL-2",
            )
        move = attrs.evolve(move, player=None)
    return plain_take(state, move)


def plain_take(state: GameState, move: Move) -> Move:
    """The move, with ``take X`` naming the top discard written as plain ``take``.

    ``take X`` takes the topmost X of the discard pile; when X is the top
    card, that is the very move ``take``, which is how every game lists it.

    >>> from rummyrules import EndOfThePage
    >>> from rummyrules.game.moves import parse_move
    >>> game = EndOfThePage().new_game(seed=1)
    >>> top = game.discard_pile[0]
    >>> str(plain_take(game, parse_move(f"1: take {top}")))
    '1: take'
    """
    if (
        isinstance(move, Take)
        and move.card is not None
        and state.discard_pile[:1] == (move.card,)
    ):
        return attrs.evolve(move, card=None)
    return move


def check_held(hand: Sequence[Card], cards: Sequence[Card]) -> None:
    """Refuse a move that plays cards the hand does not hold (ALL-1).

    No move may make a card out of nothing, in any game.

    >>> from rummyrules import parse_cards
    >>> check_held(parse_cards("7S 7H"), parse_cards("7S 7S"))
    Traceback (most recent call last):
    ...
    rummyrules.IllegalMoveError: you do not hold 2 of 7S (ALL-1)
    """
    missing = lacking(hand, cards)
    if missing is not None:
        raise IllegalMoveError(f"you do not hold {missing}", rule="ALL-1")
