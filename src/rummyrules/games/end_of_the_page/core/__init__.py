"""End of the Page's integer core: its turn over a flat tuple and int actions (issue 40).

The fast path (:meth:`~rummyrules.GameState.legal_actions`,
:meth:`~rummyrules.GameState.apply_action`) plays End of the Page here,
without the turn machine's kinds, gates and whole-state copies: a position
is a tuple of the state's fields (:mod:`.layout`), a move an int
(:mod:`.codes`), one listing a phase (:mod:`.listing`) and one apply
(:mod:`.playing`). It plays every option of the game, and its actions list
the machine's moves in the machine's order, so the public face
(:meth:`~rummyrules.GameState.legal_moves`, :meth:`~rummyrules.GameState.apply`)
plays on it too.

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=1)
>>> game.rules.core is CORE
True
>>> after = game.apply_action(game.legal_actions()[0])
>>> after == game.apply("draw")
True
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from rummyrules.game.moves import Move
from rummyrules.games.end_of_the_page.core import layout
from rummyrules.games.end_of_the_page.core.codes import MOVES, move_of
from rummyrules.games.end_of_the_page.core.listing import legal
from rummyrules.games.end_of_the_page.core.playing import play

__all__ = ["CORE", "EndOfThePageCore"]


class EndOfThePageCore:
    """End of the Page's :class:`~rummyrules.game.cores.Core`: one object, :data:`CORE`.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=1)
    >>> value = CORE.encode(game)
    >>> [str(CORE.action_to_move(value, a, 1)) for a in CORE.legal_actions(value, 1)]
    ['draw', 'take']
    """

    def encode(self, state: Any) -> Hashable:
        """The core value of ``state``: its fields as a tuple (:mod:`.layout`).

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=4)
        >>> CORE.fields(CORE.encode(game))["stock"] == game.stock
        True
        """
        return layout.encode(state)

    def to_move(self, core: Any) -> int | None:
        """The player to move; None once the game is over.

        >>> from rummyrules import EndOfThePage
        >>> CORE.to_move(CORE.encode(EndOfThePage().new_game(seed=4, dealer=1)))
        0
        """
        found: int | None = core[layout.TO_MOVE]
        return found

    def legal_actions(self, core: Any, player: int) -> tuple[int, ...]:
        """Every action ``player`` may take, in the machine's order; none out of turn.

        >>> from rummyrules import EndOfThePage
        >>> value = CORE.encode(EndOfThePage().new_game(seed=4))
        >>> CORE.legal_actions(value, 0)
        ()
        """
        return legal(core, player)

    def apply_action(self, core: Any, action: int, player: int) -> Hashable:
        """The core value after ``player`` takes a listed ``action``.

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=4)
        >>> after = CORE.apply_action(CORE.encode(game), 0, 1)
        >>> CORE.fields(after)["phase"]
        <Phase.PLAY: 'play'>
        """
        return play(core, action, player)

    def action_to_move(self, core: Any, action: int, player: int) -> Move | None:
        """The move an action names (the same in every state); None for no move.

        >>> from rummyrules import EndOfThePage
        >>> value = CORE.encode(EndOfThePage().new_game(seed=4))
        >>> str(CORE.action_to_move(value, 1, 1)), CORE.action_to_move(value, -5, 1)
        ('take', None)
        """
        del core, player
        found = MOVES.get(action)  # the public face names every listed action
        return found if found is not None else move_of(action)

    def leaves_game(self, core: Any, action: int, player: int) -> bool:
        """Whether the action's move takes its player out of the game: never in End of the Page.

        >>> CORE.leaves_game((), 0, 0)
        False
        """
        del core, action, player
        return False

    def fields(self, core: Any) -> dict[str, Any]:
        """The public fields of the state at ``core``, by name.

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=4)
        >>> CORE.fields(CORE.encode(game))["had_turn"]
        (False, False)
        """
        return layout.fields(core)


CORE = EndOfThePageCore()
"""The one End of the Page core every game's rules give (``EndOfThePage.core``)."""
