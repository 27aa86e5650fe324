"""1400's core: its turn over a flat tuple, the fast path's contract (issue 40).

:class:`FourteenHundredCore` fulfils :class:`~rummyrules.game.cores.Core`
for every option of 1400. A position is a tuple
(:mod:`~rummyrules.games.fourteen_hundred.core.value`); a move is played on
it in place of a state (:mod:`~rummyrules.games.fourteen_hundred.core.plays`);
an action is an int that names the same move in every state
(:mod:`~rummyrules.games.fourteen_hundred.core.codes`), listed a phase at a
time in the turn machine's order
(:mod:`~rummyrules.games.fourteen_hundred.core.listing`) on integers: a
hand's new melds by pieces (:mod:`.melding`, :mod:`.search`), what the
table's melds take (:mod:`.laying`), the takes of the spread pile a player
could use (:mod:`.taking`, F14-9) and the plays that keep the card taken
usable (:mod:`.duty`, F14-9). The turn machine stays the oracle of the
tests and the explainer of refused moves; what is rare (a wild card taken
under F14-9, the end of a round) is still asked of the library's rules.

>>> from rummyrules import FourteenHundred
>>> game = FourteenHundred(players=2).new_game(seed=3)
>>> CORE is game.rules.core
True
>>> after = game.apply_action(game.legal_actions()[0])
>>> after == game.apply(game.legal_moves()[0])
True
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from rummyrules.game.moves import Move
from rummyrules.games.fourteen_hundred.core import value
from rummyrules.games.fourteen_hundred.core.codes import MELD, meld_of, move_of
from rummyrules.games.fourteen_hundred.core.listing import listed
from rummyrules.games.fourteen_hundred.core.plays import played

__all__ = ["CORE", "FourteenHundredCore"]


class FourteenHundredCore:
    """1400's turn over a tuple (see the module's docstring): one for every table.

    >>> from rummyrules import FourteenHundred
    >>> game = FourteenHundred().new_game(seed=1)
    >>> CORE.to_move(CORE.encode(game)) == game.to_move
    True
    """

    def encode(self, state: Any) -> Hashable:
        """The core value of ``state`` (:func:`~.value.encode`).

        >>> from rummyrules import FourteenHundred
        >>> game = FourteenHundred().new_game(seed=1)
        >>> CORE.fields(CORE.encode(game))["hands"] == game.hands
        True
        """
        return value.encode(state)

    def to_move(self, core: Any) -> int | None:
        """The player to move; None once the game is over (F14-15).

        >>> from rummyrules import FourteenHundred
        >>> CORE.to_move(CORE.encode(FourteenHundred().new_game(seed=1, dealer=2)))
        3
        """
        found: int | None = core[value.TO_MOVE]
        return found

    def legal_actions(self, core: Any, player: int) -> tuple[int, ...]:
        """The actions of the player's turn, or their claims (F14-12), in the machine's order.

        >>> from rummyrules import FourteenHundred
        >>> game = FourteenHundred().new_game(seed=1)
        >>> len(CORE.legal_actions(CORE.encode(game), game.to_move)) == len(
        ...     game.legal_moves()
        ... )
        True
        """
        return listed(core, player)

    def apply_action(self, core: Any, action: int, player: int) -> Hashable:
        """The core value after ``player`` takes a listed ``action``.

        >>> from rummyrules import FourteenHundred
        >>> game = FourteenHundred(players=2).new_game(seed=3)
        >>> core = CORE.encode(game)
        >>> after = CORE.apply_action(
        ...     core, CORE.legal_actions(core, game.to_move)[0], game.to_move
        ... )
        >>> CORE.fields(after)["turn"] == game.apply(game.legal_moves()[0]).turn
        True
        """
        move = move_of(action)
        if move is None:  # pragma: no cover - a listed action names its move
            raise ValueError(f"{action} names no move")
        meld = meld_of(action)[0] if action & 7 == MELD else None
        return played(core, move, player, meld)

    def action_to_move(self, core: Any, action: int, player: int) -> Move | None:
        """The move ``action`` names, as the turn machine lists it; None for no move.

        >>> from rummyrules import FourteenHundred
        >>> game = FourteenHundred(players=2).new_game(seed=3)
        >>> core = CORE.encode(game)
        >>> first = CORE.legal_actions(core, game.to_move)[0]
        >>> CORE.action_to_move(core, first, game.to_move) == game.legal_moves()[0]
        True
        >>> print(CORE.action_to_move(core, -1, game.to_move))
        None
        """
        del core, player
        return move_of(action)

    def leaves_game(self, core: Any, action: int, player: int) -> bool:
        """Whether the action's move takes its player out of the game: never in 1400.

        >>> CORE.leaves_game((), 0, 0)
        False
        """
        del core, action, player
        return False

    def fields(self, core: Any) -> dict[str, Any]:
        """The state's public fields at ``core`` (:func:`~.value.fields`).

        >>> from rummyrules import FourteenHundred
        >>> game = FourteenHundred().new_game(seed=1)
        >>> CORE.fields(CORE.encode(game))["phase"] == game.phase
        True
        """
        return value.fields(core)


CORE = FourteenHundredCore()
"""The one core every table of 1400 plays."""
