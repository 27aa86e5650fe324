"""Where the public face leaves the core: going out laid another way than the one listed (GOR-7).

The core lists one way out for each card that can be left over, and
:meth:`~rummyrules.GameState.apply` plays a listed move on the core. A player
may still lay the hand down any valid way: such a move is resolved and played
by the turn machine, as every move was before the core, with the events and
the known cards :meth:`~rummyrules.GameState.apply` gives a move it plays
there.

>>> from rummyrules import GoingOutRummy
>>> rules = GoingOutRummy(hand_size=3, wildcards=1)
>>> game = rules.new_game(deck=rules.stacked_deck("4C 8H 5C 9C * KD 9D")).apply("draw")
>>> [str(move) for move in game.legal_moves()][0]
'out *=3C 4C 5C discard 9D'
>>> after = laid_out(game, "out 4C 5C *=6C discard 9D", None)
>>> [str(meld) for meld in after.melds] if after else None
['4C 5C *=6C']
>>> print(laid_out(game, "discard 9D", None))
None
"""

from __future__ import annotations

from typing import TypeVar

from rummyrules.game.events import cause_of, known_after
from rummyrules.game.moves import Move
from rummyrules.game.state import GameState
from rummyrules.game.to_move import sent_move

__all__ = ["apply", "laid_out"]

S = TypeVar("S", bound=GameState)


def laid_out(state: S, move: Move | str, player: int | None) -> S | None:
    """The state after going out with a layout the listing does not hold; None for any other move.

    None too where the move is listed, or is made out of turn: the core
    plays the one, the rules refuse the other. A layout the rules refuse
    raises their :class:`~rummyrules.IllegalMoveError`.

    >>> from rummyrules import GoingOutRummy
    >>> print(laid_out(GoingOutRummy().new_game(seed=1), "draw", None))
    None
    """
    if isinstance(move, Move) and move.kind != "go_out":
        return None  # the usual move: listed, or refused by its rule
    sent = sent_move(move, player)
    actor = state.to_move
    if sent.kind != "go_out" or actor is None or sent.player not in (None, actor):
        return None
    if sent in state.legal_moves():
        return None
    machine = state.rules.machine
    resolved = machine.resolve(state, sent)  # raises the rule that refuses it
    if resolved in state.legal_moves():
        return None
    after: S = machine.play(state, resolved)
    object.__setattr__(after, "_cause", cause_of(state, resolved, actor))
    known = state.known
    if known and known[actor]:  # the game's end forgets them (GameState.apply)
        object.__setattr__(after, "known", known_after(state, resolved, actor, after))
    return after


def apply(state: S, move: Move | str, *, player: int | None = None) -> S:
    """The state after the move: :meth:`GameState.apply <rummyrules.GameState.apply>`, but going out laid another way than listed plays on the machine (GOR-7).

    It is Going Out Rummy's state's ``apply``.

    >>> from rummyrules import GoingOutRummy
    >>> game = GoingOutRummy().new_game(seed=1)
    >>> apply(game, "draw") == game.apply("draw"), game.apply("draw").phase
    (True, <Phase.PLAY: 'play'>)
    """
    after = laid_out(state, move, player)
    return GameState.apply(state, move, player=player) if after is None else after
