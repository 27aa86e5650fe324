"""Gin Rummy's :class:`~rummyrules.game.cores.Core`: the contract the fast path asks, on the core's functions.

>>> from rummyrules import GinRummy
>>> GinRummy().core is GIN_CORE
True
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Final

from rummyrules.game.moves import Move
from rummyrules.games.gin_rummy.core import value as layout
from rummyrules.games.gin_rummy.core.listing import listed
from rummyrules.games.gin_rummy.core.moves import move_of
from rummyrules.games.gin_rummy.core.playing import played

__all__ = ["GIN_CORE", "GinCore"]

_NONE: Final[tuple[int, ...]] = ()


class GinCore:
    """The :class:`~rummyrules.game.cores.Core` of Gin Rummy: plain functions of a core value.

    >>> from rummyrules import GinRummy
    >>> value = GIN_CORE.encode(GinRummy().new_game(seed=3))
    >>> GIN_CORE.to_move(value), GIN_CORE.legal_actions(value, 1)
    (0, ())
    """

    def encode(self, state: Any) -> Hashable:
        """The core value of a Gin Rummy state (see :mod:`.value`).

        >>> from rummyrules import GinRummy
        >>> len(GIN_CORE.encode(GinRummy().new_game(seed=1)))
        20
        """
        return layout.encode(state)

    def to_move(self, core: Any) -> int | None:
        """The player to move; None once the game is over.

        >>> from rummyrules import GinRummy
        >>> GIN_CORE.to_move(GIN_CORE.encode(GinRummy().new_game(seed=1)))
        0
        """
        player: int = core[layout.TO_MOVE]
        return None if player == layout.NOBODY else player

    def legal_actions(self, core: Any, player: int) -> tuple[int, ...]:
        """The player's actions, in the turn machine's order; none out of turn (Gin Rummy has no such move).

        >>> from rummyrules import GinRummy
        >>> GIN_CORE.legal_actions(GIN_CORE.encode(GinRummy().new_game(seed=1)), 0)
        (1, 2)
        """
        if player != core[layout.TO_MOVE]:
            return _NONE
        return listed(core)

    def apply_action(self, core: Any, action: int, player: int) -> Hashable:
        """The value after the player to move takes a listed action.

        >>> from rummyrules import GinRummy
        >>> value = GIN_CORE.encode(GinRummy().new_game(seed=1))
        >>> GIN_CORE.to_move(GIN_CORE.apply_action(value, 2, 0))  # pass
        1
        """
        del player  # only the player to move has actions in Gin Rummy
        return played(core, action)

    def action_to_move(self, core: Any, action: int, player: int) -> Move | None:
        """The move an action names, as the turn machine lists it; None for an int that names none.

        >>> from rummyrules import GinRummy
        >>> value = GIN_CORE.encode(GinRummy().new_game(seed=1))
        >>> (
        ...     str(GIN_CORE.action_to_move(value, 1, 0)),
        ...     GIN_CORE.action_to_move(value, -1, 0),
        ... )
        ('take', None)
        """
        del core, player  # an action names the same move everywhere
        return move_of(action)

    def leaves_game(self, core: Any, action: int, player: int) -> bool:
        """Whether the action's move takes its player out of the game: never in Gin Rummy.

        >>> GIN_CORE.leaves_game((), 0, 0)
        False
        """
        del core, action, player
        return False

    def fields(self, core: Any) -> dict[str, Any]:
        """Every public field of the state at ``core`` but its rules.

        >>> from rummyrules import GinRummy
        >>> GIN_CORE.fields(GIN_CORE.encode(GinRummy().new_game(seed=1)))["passes"]
        0
        """
        return layout.fields(core)


GIN_CORE: Final = GinCore()
"""The one Gin Rummy core, which every table of the game shares."""
