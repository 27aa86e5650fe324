"""What Toy Rummy answers a bot or a front end (see :class:`~rummyrules.authoring.Strategy`).

The bots and the command line never test which game they play: they ask the
strategy the rules class declares. Toy Rummy is a game of melding as you go,
so it is a :class:`~rummyrules.authoring.PointsStrategy`: the greedy bot
lays the melds that rid it of the most cards (each card is worth one, see
``ToyRummy.card_value``) and discards the card least worth keeping.

>>> from rummyrules.bots import GreedyBot
>>> from toy_game import ToyRummy
>>> game = ToyRummy().new_game(deck=ToyRummy().stacked_deck("7S 7H 8S 7D 9S 7C AH"))
>>> print(GreedyBot().choose(game.apply("draw").view(1)))
meld 7S 8S 9S 10S
"""

from __future__ import annotations

from typing import Any, Final

from rummyrules import Phase, View
from rummyrules.authoring import Dealt, PointsStrategy

from .state import ToyView

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

    def state_fields(self, view: View, dealt: Dealt) -> dict[str, Any]:
        """The view's own fields, the winner its view names (TOY-6), and a turn limit reached.

        A game over with no winner ended at the turn limit (ALL-5); the view
        does not say how many turns were played, so the state takes the limit.

        >>> from rummyrules import sample_state
        >>> from toy_game import ToyRummy
        >>> view = ToyRummy().new_game(seed=2).view(1)
        >>> sample_state(view, seed=3).winner is None
        True
        """
        fields = super().state_fields(view, dealt)
        fields["winner"] = view.winners[0] if view.winners else None
        limit = view.rules.max_turns if isinstance(view, ToyView) else None
        if view.phase == Phase.OVER and not view.winners and limit is not None:
            fields["turns"] = limit
        return fields


STRATEGY: Final = ToyStrategy()
"""The strategy ``ToyRummy.strategy`` declares."""
