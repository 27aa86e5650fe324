"""A hand's support for a card, in End of the Page: which cards two of its naturals meld with (EOP-6).

A card below the top of the discard pile is taken only by a player holding
two natural cards that make a set or run with it (EOP-6). The rule that
refuses such a take asks the hand once and then card after card; one
:class:`HandAnalysis` a state answers it, made from one look at the hand
(:func:`~rummyrules.melds.support.naturals_meld_with`).

>>> from rummyrules import EndOfThePage, parse_cards
>>> game = EndOfThePage().new_game(seed=3).apply("draw")
>>> hand = hand_analysis(game, 1)
>>> hand is hand_analysis(game, 1)
True
>>> supported = hand.supports()
>>> [supported(card) for card in parse_cards("KS 5S")]
[True, False]
"""

from __future__ import annotations

from collections.abc import Callable

from rummyrules.core.cards import Card
from rummyrules.game.rummy500 import Rummy500State
from rummyrules.melds import support

__all__ = ["HandAnalysis", "hand_analysis"]


class HandAnalysis:
    """One player's hand, for the cards two of its naturals meld with (EOP-6).

    Made by :func:`hand_analysis`; the test is made the first time it is
    asked and kept. It holds the hand, not the state, so a state's memo of
    it is no cycle for the collector.
    """

    __slots__ = ("_supported", "hand", "state_rules")

    def __init__(self, state: Rummy500State, player: int) -> None:
        self.hand = state.hands[player]
        self.state_rules = (state.rules.meld_rules, state.wild)
        self._supported: Callable[[Card], bool] | None = None

    def supports(self) -> Callable[[Card], bool]:
        """The test of a card: do two natural cards of the hand make a set or run with it (EOP-6)?

        The test itself, made once: a pile's cards are asked one by one.

        >>> from rummyrules import EndOfThePage, parse_cards
        >>> game = EndOfThePage().new_game(seed=3).apply("draw")
        >>> HandAnalysis(game, 1).supports()(parse_cards("KS")[0])
        True
        """
        test = self._supported
        if test is None:
            meld_rules, wild = self.state_rules
            test = self._supported = support.naturals_meld_with(
                self.hand, meld_rules, wild
            )
        return test


def hand_analysis(state: Rummy500State, player: int) -> HandAnalysis:
    """The analysis of a player's hand, made once a state for the player to move.

    >>> from rummyrules import EndOfThePage, parse_cards
    >>> game = EndOfThePage().new_game(seed=3).apply("draw")
    >>> supported = hand_analysis(game, 1).supports()
    >>> [supported(card) for card in parse_cards("KS 5S")]
    [True, False]
    """
    if player == state.to_move:
        return state.memo(_of_player_to_move)
    return HandAnalysis(state, player)


def _of_player_to_move(state: Rummy500State) -> HandAnalysis:
    return HandAnalysis(state, state.to_move or 0)
