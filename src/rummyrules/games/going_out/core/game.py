"""Going Out Rummy's :class:`~rummyrules.game.cores.Core`: the game's turn over tuples and ints (issue 40).

A position is a tuple (:mod:`~rummyrules.games.going_out.core.value`), a
move an int (:mod:`~rummyrules.games.going_out.core.listing`), and one
function a kind of move plays it (:mod:`~rummyrules.games.going_out.core.play`).
Its actions list the turn machine's moves in the machine's order, so the
public face (``legal_moves``, ``apply``) plays on it too. Every option of the
game is played: players, hand size, WILDCARDs, Going Out Major and Minor,
the last player's win, the turn limit.

>>> from rummyrules import GoingOutRummy
>>> game = GoingOutRummy(players=3).new_game(seed=8)
>>> game.rules.core is CORE
True
>>> after = game.apply_action(game.legal_actions()[0])
>>> after == game.apply("draw")
True
"""

from __future__ import annotations

from typing import Any, Final

from rummyrules.game.moves import Move
from rummyrules.games.going_out.core import listing, play, value

__all__ = ["CORE", "GoingOutCore"]


class GoingOutCore:
    """The :class:`~rummyrules.game.cores.Core` of Going Out Rummy; :data:`CORE` is the one there is.

    >>> from rummyrules.game.cores import Core
    >>> isinstance(CORE, Core)
    True
    """

    def encode(self, state: Any) -> value.Value:
        """The core value of a state, from its public fields.

        >>> from rummyrules import GoingOutRummy
        >>> len(CORE.encode(GoingOutRummy().new_game(seed=1)))
        10
        """
        return value.encode(state)

    def to_move(self, core: Any) -> int | None:
        """The player to move, None once the game is over.

        >>> from rummyrules import GoingOutRummy
        >>> CORE.to_move(CORE.encode(GoingOutRummy().new_game(seed=1)))
        1
        """
        to_move: int | None = core[value.TO_MOVE]
        return to_move

    def legal_actions(self, core: Any, player: int) -> tuple[int, ...]:
        """The player's actions, in the machine's order (ALL-2, GOR-4, GOR-10).

        >>> from rummyrules import GoingOutRummy
        >>> CORE.legal_actions(CORE.encode(GoingOutRummy().new_game(seed=1)), 1)
        (0, 5)
        """
        return listing.legal_actions(core, player)

    def apply_action(self, core: Any, action: int, player: int) -> value.Value:
        """The core value after the player takes a listed action.

        >>> from rummyrules import GoingOutRummy
        >>> after = CORE.apply_action(
        ...     CORE.encode(GoingOutRummy().new_game(seed=1)), 0, 1
        ... )
        >>> CORE.legal_actions(after, 1)[-1]
        5
        """
        return play.apply_action(core, action, player)

    def action_to_move(self, core: Any, action: int, player: int) -> Move | None:
        """The move the action names, as the machine lists it; None for an int that names none.

        >>> from rummyrules import GoingOutRummy
        >>> print(
        ...     CORE.action_to_move(CORE.encode(GoingOutRummy().new_game(seed=1)), 0, 1)
        ... )
        draw
        """
        return listing.action_to_move(core, action, player)

    def moves(
        self, core: Any, actions: tuple[int, ...], player: int
    ) -> tuple[Move, ...]:
        """The moves these actions, listed for the player, name: the public listing, made at once.

        >>> from rummyrules import GoingOutRummy
        >>> value = CORE.encode(GoingOutRummy().new_game(seed=1))
        >>> [str(move) for move in CORE.moves(value, (0, 5), 1)]
        ['draw', 'drop']
        """
        return listing.moves(core, actions, player)

    def leaves_game(self, core: Any, action: int, player: int) -> bool:
        """Whether the action's move takes its player out of the game: a drop (GOR-10).

        >>> CORE.leaves_game((), listing.DROP, 0), CORE.leaves_game((), listing.DRAW, 0)
        (True, False)
        """
        del core, player  # the kind is in the number
        return action & listing.KIND_MASK == listing.DROP

    def fields(self, core: Any) -> dict[str, Any]:
        """The state's public fields, by name (all but ``rules``).

        >>> from rummyrules import GoingOutRummy
        >>> CORE.fields(CORE.encode(GoingOutRummy().new_game(seed=1)))["turns"]
        0
        """
        return value.fields(core)


CORE: Final = GoingOutCore()
"""The one Going Out Rummy core: every rules object gives it (``GoingOutRummy.core``)."""
