"""Bots on the fast path: choosing an action of the state instead of a move of a view.

A bot that plays many games (a random opponent, the search bot's rollouts)
may choose by action number (:meth:`~rummyrules.GameState.legal_actions`) and
have its choice played with :meth:`~rummyrules.GameState.apply_action`: no
view is built, no :class:`~rummyrules.Move` object but the one chosen, and on
a game with an integer core no public field. :class:`ActionBot` says what
such a bot answers; :func:`kept_actions` lists the actions a bot that never
drops out may take, in the order :meth:`~rummyrules.GameState.legal_moves`
lists their moves, so that a choice by index among them is the very choice
the same bot makes among the view's moves.

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=1)
>>> [str(game.action_to_move(action)) for action in kept_actions(game, 1)]
['draw', 'take']
"""

from __future__ import annotations

import functools
from typing import Any, Protocol, runtime_checkable

from rummyrules.game.state import GameState, PlayableRules

__all__ = ["ActionBot", "kept_actions", "leaves_game"]


@runtime_checkable
class ActionBot(Protocol):
    """A bot that may also choose by action number, on the fast path.

    ``choose_action(state, player)`` gives the action of ``state`` naming
    the very move ``choose(state.view(player))`` would give, with the same
    effect on the bot (a random bot's stream of words moves on alike), or
    None where ``choose`` gives None. It is given the whole state only so
    that it can list the player's actions without building a view: it reads
    nothing else (``rummyrules.bots.fast_path.kept_actions``). :func:`~rummyrules.bots.play_game`,
    :func:`~rummyrules.simulate` and the search bot's rollouts ask it rather
    than ``choose``; the games played are the same, move for move.

    >>> from rummyrules.bots import GreedyBot, RandomBot
    >>> class ByViews:
    ...     def choose(self, view):
    ...         return None
    >>> [isinstance(bot, ActionBot) for bot in (RandomBot(), GreedyBot(), ByViews())]
    [True, True, False]
    """

    def choose(self, view: Any) -> Any:
        """One of ``view.legal_moves``, or None (see :class:`~rummyrules.bots.Bot`).

        >>> from rummyrules import EndOfThePage
        >>> from rummyrules.bots import RandomBot
        >>> view = EndOfThePage().new_game(seed=1).view(1)
        >>> RandomBot(seed=3).choose(view) in view.legal_moves
        True
        """

    def choose_action(self, state: GameState, player: int) -> int | None:
        """The action naming the move ``choose(state.view(player))`` would make, or None.

        >>> from rummyrules import EndOfThePage
        >>> from rummyrules.bots import RandomBot
        >>> game = EndOfThePage().new_game(seed=1)
        >>> RandomBot(seed=3).choose_action(game, 1) in game.legal_actions()
        True
        """


@functools.cache
def leaves_game(rules: PlayableRules[Any]) -> bool:
    """Whether the rules have a move that leaves the game (Going Out Rummy's drop, GOR-10).

    >>> from rummyrules import GinRummy, GoingOutRummy
    >>> leaves_game(GinRummy()), leaves_game(GoingOutRummy())
    (False, True)
    """
    machine = rules.machine
    kinds = [kind for phase in machine.phases.values() for kind in phase.kinds]
    return any(kind.move.leaves_game for kind in (*kinds, *machine.out_of_turn))


def kept_actions(state: GameState, player: int | None = None) -> tuple[int, ...]:
    """The player's actions but those that leave the game, in the order their moves are listed.

    Their moves are ``[move for move in state.legal_moves(player=player) if
    not move.leaves_game]``, in that order (the core lists the moves in the
    order of its actions), so that a bot choosing the ``k``-th action
    chooses the ``k``-th move. ``player`` None is the player to move, who
    is then not looked up; a game over lists none.

    >>> from rummyrules import GoingOutRummy
    >>> game = GoingOutRummy().new_game(seed=1)
    >>> [str(game.action_to_move(a)) for a in game.legal_actions()]
    ['draw', 'drop']
    >>> game.to_move, [str(game.action_to_move(a)) for a in kept_actions(game, 1)]
    (1, ['draw'])
    >>> kept_actions(game, 0)  # out of turn, only a drop
    ()
    """
    actions = state.legal_actions(player)
    if not actions or not leaves_game(state.rules):
        return actions
    return state.staying_actions(player)
