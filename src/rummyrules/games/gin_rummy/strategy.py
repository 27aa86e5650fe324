"""What Gin Rummy answers a bot or a front end (see :mod:`rummyrules.game.strategy`).

A game of points: every card left out of a meld costs its points (GIN-7).
The opponent may lay off only after a knock (GIN-6).

>>> from rummyrules import GinRummy
>>> STRATEGY.may_lay_off(GinRummy().new_game(seed=1).view(0))
False
"""

from __future__ import annotations

from typing import Final

from rummyrules.game.moves import Move
from rummyrules.game.state import View
from rummyrules.game.strategy import PointsStrategy, Seen, Shown
from rummyrules.games.gin_rummy.moves import Knock
from rummyrules.games.gin_rummy.state import GinRummyState, GinRummyView

__all__ = ["STRATEGY", "GinRummyStrategy"]


class GinRummyStrategy(PointsStrategy):
    """Gin Rummy's answers: lay-offs only in the opponent's turn after a knock.

    >>> from rummyrules import GinRummy
    >>> isinstance(STRATEGY, PointsStrategy)
    True
    """

    def may_lay_off(self, view: View) -> bool:
        """Whether the player may lay off now: the opponent, once the knock is down (GIN-6).

        >>> from rummyrules import GinRummy
        >>> STRATEGY.may_lay_off(GinRummy().new_game(seed=2).view(1))
        False
        """
        return view.phase == "layoff"

    def first_choice(self, view: View) -> Move | None:
        """Knock whenever a knock is listed (GIN-5): the greedy bot knocks when it can.

        >>> from rummyrules import GinRummy
        >>> game = GinRummy(hand_size=3).position(
        ...     "to_move 0 play | hands 7S 8S 9S KD / 2C 5D 9H | pile 4H"
        ... )
        >>> print(STRATEGY.first_choice(game.view(0)))
        knock
        """
        return next((move for move in view.legal_moves if type(move) is Knock), None)

    def shown(self, game: Seen) -> tuple[Shown, ...]:
        """Both hands, face up, once the knocker has laid down (GIN-6).

        >>> from rummyrules import GinRummy
        >>> STRATEGY.shown(GinRummy().new_game(seed=2))
        ()
        """
        if isinstance(game, GinRummyView):
            hands = game.shown_hands
        elif isinstance(game, GinRummyState) and game.hands_shown:
            hands = game.hands
        else:
            return ()
        return tuple(
            Shown(card, holder) for holder, hand in enumerate(hands) for card in hand
        )


STRATEGY: Final = GinRummyStrategy()
"""The strategy ``GinRummy.strategy`` declares."""
