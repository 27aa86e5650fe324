"""What a game's integer core answers: the fast path's contract with each game.

A game's *core* is its turn over small integers: a position as a tuple of
ints and tuples (its *core value*), each legal move as one int (an *action*),
and one listing and one apply function a phase. The frozen
:class:`~rummyrules.GameState` a person reads is built from a core value only
when one of its fields is asked for; :meth:`~rummyrules.GameState.legal_actions`
and :meth:`~rummyrules.GameState.apply_action` never build it.

Every game declares its core as its rules' ``core``, and the core plays
every option of the game: it lists the moves
(:meth:`~rummyrules.GameState.legal_moves` are its actions' moves, in their
order) and plays them; the game's turn machine
(:mod:`rummyrules.game.machine`) only explains a move the core does not list.

An action names one move *in the state that listed it*: the same number may
mean another move elsewhere, and it is no reinforcement-learning action (the
RL layer keeps fixed token actions of its own).

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=1)
>>> isinstance(game.rules.core, Core)
True
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Protocol, runtime_checkable

from rummyrules.game.moves import Move

__all__ = ["Core"]


@runtime_checkable
class Core(Protocol):
    """A game's turn over integers (see the module's docstring).

    Every method is a plain function of a core value: none changes it, and
    the same value always gives the same answer. ``player`` is always a
    player seated at the table; the state checks that first.

    >>> isinstance(object(), Core)
    False
    """

    def encode(self, state: Any) -> Hashable:
        """The core value of ``state``, a state built from its fields (a new game, a loaded one)."""
        ...

    def to_move(self, core: Any) -> int | None:
        """The player to move at ``core``; None once the game is over."""
        ...

    def legal_actions(self, core: Any, player: int) -> tuple[int, ...]:
        """Every action ``player`` may take at ``core``, in a fixed order (ALL-2): the order of :meth:`~rummyrules.GameState.legal_moves`.

        For the player to move, their turn's actions; for anyone else, the
        moves the game lets them make out of turn (1400's claims, F14-12;
        Going Out Rummy's drops, GOR-12), usually none.
        """
        ...

    def apply_action(self, core: Any, action: int, player: int) -> Hashable:
        """The core value after ``player`` takes ``action``, one that is listed for them."""
        ...

    def action_to_move(self, core: Any, action: int, player: int) -> Move | None:
        """The move ``action`` stands for at ``core``, or None when it stands for none.

        An action that is listed gives the very move the public face lists.
        """
        ...

    def leaves_game(self, core: Any, action: int, player: int) -> bool:
        """Whether the move ``action`` names takes its player out of the game (Going Out Rummy's drop, GOR-10).

        A core tells it without naming the move, so that a bot that never
        leaves the game passes such actions over cheaply.
        """
        ...

    def fields(self, core: Any) -> dict[str, Any]:
        """The public fields of the state at ``core``, by name: every attrs field of its state class but ``rules``."""
        ...
