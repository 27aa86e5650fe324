"""What End of the Page answers a bot or a front end (see :mod:`rummyrules.game.strategy`).

It is a game of points, played as every Rummy 500 game is, but for two
things of its own: without the cards above (EOP-R2) a deep pickup brings
only the card chosen, and that card must go into a meld at once (EOP-6).

>>> from rummyrules import EndOfThePage
>>> EndOfThePage.strategy is STRATEGY
True
"""

from __future__ import annotations

from typing import Any, Final

from rummyrules.core.cards import Card
from rummyrules.game.moves import Take
from rummyrules.game.state import Phase, View
from rummyrules.game.strategy import Dealt, Rummy500Strategy
from rummyrules.games.end_of_the_page.state import EndOfThePageView

__all__ = ["STRATEGY", "EndOfThePageStrategy"]


class EndOfThePageStrategy(Rummy500Strategy):
    """End of the Page's answers: a Rummy 500 game with its own deep pickup.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=1)
    >>> STRATEGY.may_lay_off(game.view(1))
    False
    """

    def taken(self, view: View, move: Take) -> tuple[Card, ...]:
        """The cards a take brings: only the card chosen, without the cards above (EOP-R2).

        >>> from rummyrules import EndOfThePage
        >>> from rummyrules.game.notation import parse_move
        >>> game = EndOfThePage(take_cards_above=False).position(
        ...     "wild 3 | to_move 1 draw | hands 3S 4C / 9D JD KC | pile 6C 10D"
        ... )
        >>> [str(card) for card in STRATEGY.taken(game.view(1), parse_move("take 10D"))]
        ['10D']
        """
        if (
            isinstance(view, EndOfThePageView)
            and not view.rules.take_cards_above
            and move.card is not None
        ):
            return (move.card,)
        return super().taken(view, move)

    def state_fields(self, view: View, dealt: Dealt) -> dict[str, Any]:
        """The view's own fields, and who has had a turn this round, which no view shows (EOP-14).

        Everyone is taken to have had a turn, but once a player has gone
        out: then the player to move, and the players after them up to the
        dealer, are still to play theirs (EOP-14). Of another player's turn
        in progress the view shows nothing, and the state keeps nothing
        either (as after a draw from the stock).

        >>> from rummyrules import EndOfThePage
        >>> from rummyrules.game.strategy import Dealt
        >>> game = EndOfThePage(players=3).new_game(seed=2)
        >>> dealt = Dealt.of(game)
        >>> STRATEGY.state_fields(game.view(0), dealt)["had_turn"]
        (True, True, True)
        """
        fields = super().state_fields(view, dealt)
        players = len(view.hand_sizes)
        had_turn = [True] * players
        out = getattr(view, "out", None)
        if out is not None and view.to_move is not None:
            seat = view.to_move
            playing = view.phase == Phase.PLAY
            while True:
                had_turn[seat] = playing and seat == view.to_move
                if seat == view.dealer:
                    break
                seat = (seat + 1) % players
        fields["had_turn"] = tuple(had_turn)
        return fields


STRATEGY: Final = EndOfThePageStrategy()
"""The one strategy object of End of the Page, which its rules class declares."""
