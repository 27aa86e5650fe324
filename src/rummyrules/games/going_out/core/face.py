"""Going Out Rummy's public face on its core: ``legal_moves`` and ``apply``, and going out laid another way than listed (GOR-7).

:func:`legal_moves` and :func:`apply` are the state's own: they do what
:meth:`~rummyrules.GameState.legal_moves` and
:meth:`~rummyrules.GameState.apply` do on a core that lists the moves, with
the moves named straight from the actions and a listed move played by its
place in the listing, without asking again at each step whether the action
is listed (it is, by construction).

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

from typing import TYPE_CHECKING, Any, TypeVar, cast

from rummyrules.game.events import cause_of, known_after
from rummyrules.game.moves import Move
from rummyrules.game.state import GameState
from rummyrules.game.to_move import sent_move
from rummyrules.games.going_out.core.value import TO_MOVE

if (
    TYPE_CHECKING
):  # imported for the type checker alone: the core's modules import the state
    from rummyrules.games.going_out.core.game import GoingOutCore

__all__ = ["apply", "is_over", "laid_out", "legal_moves"]

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


def is_over(state: GameState) -> bool:
    """Whether the game has ended, read off the state's core value where it holds one.

    A state the core made works out its fields only when one is read: a
    playout asking only whether the game is over never needs them. It is
    Going Out Rummy's state's ``is_over``.

    >>> from rummyrules import GoingOutRummy
    >>> from rummyrules.games.going_out.core import face
    >>> game = GoingOutRummy().new_game(seed=1)
    >>> face.is_over(game), face.is_over(game.apply("0: drop")), game.is_over
    (False, True, False)
    """
    value: Any = state._core
    if value is None:
        return state.to_move is None
    return value[TO_MOVE] is None


def legal_moves(state: S, player: int | None = None) -> tuple[Move, ...]:
    """Every move the player to move may make (:meth:`GameState.legal_moves <rummyrules.GameState.legal_moves>`), named from the core's actions.

    It is Going Out Rummy's state's ``legal_moves``.

    >>> from rummyrules import GoingOutRummy
    >>> [str(move) for move in legal_moves(GoingOutRummy().new_game(seed=1))]
    ['draw', 'drop']
    """
    core = _core(state)
    if player is not None or core is None:  # checked, out of turn, or on the machine
        return GameState.legal_moves(state, player)
    legal: tuple[Move, ...] | None = state._legal
    if legal is None:
        actions = state.legal_actions()
        value: Any = state._core_value(core)
        legal = core.moves(value, actions, core.to_move(value) or 0)
        object.__setattr__(state, "_legal", legal)
    return legal


def apply(state: S, move: Move | str, *, player: int | None = None) -> S:
    """The state after the move: :meth:`GameState.apply <rummyrules.GameState.apply>`, but going out laid another way than listed plays on the machine (GOR-7).

    It is Going Out Rummy's state's ``apply``. A move taken from
    :func:`legal_moves` is played by its place there.

    >>> from rummyrules import GoingOutRummy
    >>> game = GoingOutRummy().new_game(seed=1)
    >>> apply(game, "draw") == game.apply("draw"), game.apply("draw").phase
    (True, <Phase.PLAY: 'play'>)
    """
    core = _core(state)
    if player is None and type(move) is not str and core is not None:
        legal = state._legal
        if legal is not None:
            for index, listed in enumerate(legal):
                if listed is move:  # listed, so legal: its action is listed too
                    value = state._core_value(core)
                    action = state.legal_actions()[index]
                    actor = core.to_move(value)
                    after = core.apply_action(value, action, actor or 0)
                    return state._of_core(after, (value, action, actor or 0))
    after_out = laid_out(state, move, player)
    if after_out is not None:
        return after_out
    return GameState.apply(state, move, player=player)


def _core(state: GameState) -> GoingOutCore | None:
    """The state's core: Going Out Rummy's rules give theirs (``GoingOutRummy.core``); None where the machine plays."""
    return cast("GoingOutCore | None", state.rules.core)
