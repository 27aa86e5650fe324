"""Whose move it is, and what kind: the phases every game has, the players at the table.

Every game and every entry point asks these the same way: a game that is over
has no player to move and accepts no move, a player number off the table is
refused before anything else (ALL-2), and nobody moves in another player's
name (ALL-3).

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=1)
>>> mover(game), game.phase == Phase.DRAW
(1, True)
"""

from __future__ import annotations

import enum
import reprlib
from typing import Protocol

import attrs

from rummyrules.core.errors import IllegalMoveError
from rummyrules.core.inputs import expect_player, wrong_type
from rummyrules.game.moves import Move
from rummyrules.game.notation import parse_move

__all__ = ["Phase", "Playing", "mover", "seated_player", "sent_move"]


class Phase(enum.StrEnum):
    """Where a game stands: what kind of move comes next.

    These are the phases every game has; a game with more declares its own
    (1400's ``FourteenHundredPhase`` adds the opening and the last plays).
    Phases compare by their text, so ``state.phase == Phase.DRAW`` holds in
    every game.

    >>> Phase.PLAY.value, Phase.PLAY == "play"
    ('play', True)
    """

    DRAW = "draw"
    """The player to move must draw (EOP-5, F14-8, GOR-4)."""
    PLAY = "play"
    """The player has drawn and plays (melds, lays off, goes out, discards)."""
    OVER = "over"
    """The game is over; there are no more moves."""


class Playing(Protocol):
    """What the machine reads of a game state: whose move it is, in which phase."""

    @property
    def players(self) -> int:
        """How many players are at the table."""

    @property
    def to_move(self) -> int | None:
        """The player to move; None when the game is over."""

    @property
    def phase(self) -> enum.StrEnum:
        """What kind of move comes next."""


def mover(state: Playing) -> int:
    """The player to move; while the game is over, why there is no move (ALL-2).

    Every game and every path says "the game is over" this one way: a game
    over lists no moves, so it accepts none.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=1)
    >>> mover(game)
    1
    >>> mover(game.replace(phase="over", to_move=None))
    Traceback (most recent call last):
    ...
    rummyrules.IllegalMoveError: the game is over (ALL-2)
    """
    if state.to_move is None:
        raise IllegalMoveError("the game is over", rule="ALL-2")
    return state.to_move


def seated_player(state: Playing, player: object) -> int:
    """The player, once someone sits at that number; else why not (ALL-2).

    Every game and every entry point (``apply``, ``legal_moves``, ``view``,
    the turn machines) refuses a player number off the table this one way:
    no move is ever listed for that player.

    >>> from rummyrules import GoingOutRummy
    >>> seated_player(GoingOutRummy().new_game(seed=1), 7)
    Traceback (most recent call last):
    ...
    rummyrules.IllegalMoveError: there is no player 7: the players are 0 to 1 (ALL-2)
    """
    if type(player) is int and 0 <= player < state.players:
        return player
    if type(player) is not int:
        shown = reprlib.repr(player)
    elif abs(player) < 10**9:
        shown = str(player)
    else:  # a huge number has no cheap text, and the message stays short
        shown = "by that number"
    message = f"there is no player {shown}: the players are 0 to {state.players - 1}"
    raise IllegalMoveError(message, rule="ALL-2")


def sent_move(move: Move | str, player: int | None) -> Move:
    """The move as a player sent it: its text read, and made by that player (ALL-3).

    With ``player``, a move that names no player is that player's, and one
    that names another player is refused: nobody moves in another's name.
    Text that is no move raises :class:`~rummyrules.MoveParseError`; a move
    that is neither a :class:`~rummyrules.Move` nor text, or a player that
    is no whole number, raises TypeError.

    >>> str(sent_move("draw", 2)), str(sent_move("draw", None))
    ('2: draw', 'draw')
    >>> sent_move("1: draw", 2)
    Traceback (most recent call last):
    ...
    rummyrules.IllegalMoveError: player 2 cannot make a move in player 1's name (ALL-3)
    """
    if isinstance(move, str):
        move = parse_move(move)
    elif not isinstance(move, Move):
        raise wrong_type(move, name="move", what="a Move or its text")
    if player is not None:
        expect_player(player)
        if move.player is None:
            move = attrs.evolve(move, player=player)
        elif move.player != player:
            message = (
                f"player {player} cannot make a move in player {move.player}'s name"
            )
            raise IllegalMoveError(message, rule="ALL-3")
    return move
