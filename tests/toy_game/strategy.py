"""What Toy Rummy answers a bot or a front end (see :mod:`rummyrules.game.strategy`).

The bots and the command line never test which game they play: they ask the
strategy the rules class declares. Toy Rummy is a game of melding as you go,
so it is a :class:`~rummyrules.game.strategy.PointsStrategy`: the greedy bot
lays the melds that rid it of the most cards (each card is worth one, see
``ToyRummy.card_value``) and discards the card least worth keeping.

>>> from rummyrules.bots import GreedyBot
>>> from toy_game import ToyRummy
>>> game = ToyRummy().new_game(deck=ToyRummy().stacked_deck("7S 7H 8S 7D 9S 7C AH"))
>>> print(GreedyBot().choose(game.apply("draw").view(1)))
meld 7S 8S 9S 10S
"""

from __future__ import annotations

from typing import Final

from rummyrules import View
from rummyrules.game.strategy import PointsStrategy

__all__ = ["STRATEGY", "ToyStrategy"]


class ToyStrategy(PointsStrategy):
    """Toy Rummy's answers: nothing face up, nobody leaves, and no lay-offs.

    >>> from toy_game import ToyRummy
    >>> STRATEGY.may_lay_off(ToyRummy().new_game(seed=1).view(0))
    False
    """

    def may_lay_off(self, view: View) -> bool:
        """Never: cards are laid in new melds only (TOY-4).

        >>> from toy_game import ToyRummy
        >>> STRATEGY.may_lay_off(ToyRummy().new_game(seed=2).view(1))
        False
        """
        del view
        return False


STRATEGY: Final = ToyStrategy()
"""The strategy ``ToyRummy.strategy`` declares."""
