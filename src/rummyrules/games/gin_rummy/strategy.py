"""What Gin Rummy answers a bot or a front end (see :mod:`rummyrules.game.strategy`).

A game of points: every card left out of a meld costs its points (GIN-7).
The opponent may lay off only after a knock (GIN-6).

>>> from rummyrules import GinRummy
>>> STRATEGY.may_lay_off(GinRummy().new_game(seed=1).view(0))
False
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from rummyrules.core.cards import Card
from rummyrules.game.moves import Move
from rummyrules.game.state import View
from rummyrules.game.strategy import Dealt, PointsStrategy, Seen, Shown
from rummyrules.games.gin_rummy.knocking import KnockerHand
from rummyrules.games.gin_rummy.moves import Knock
from rummyrules.games.gin_rummy.state import GinRummyPhase, GinRummyState, GinRummyView

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

    def held(self, view: View, player: int) -> Counter[Card]:
        """The cards the view shows in a hand: all of it once both lie face up (GIN-6).

        >>> from rummyrules import GinRummy
        >>> game = GinRummy().new_game(seed=3)
        >>> STRATEGY.held(game.view(0), 1)
        Counter()
        """
        if isinstance(view, GinRummyView) and view.shown_hands:
            return Counter(view.shown_hands[player])
        return super().held(view, player)

    def hand_rule(self, view: View, player: int) -> KnockerHand | None:
        """The knocker's hand keeps the knock good until it is shown (GIN-5); None for other hands.

        >>> from rummyrules import GinRummy
        >>> game = GinRummy(hand_size=3).position(
        ...     "to_move 0 laydown | knocker 0 | hands 7S 8S 9S / 2C 5D 9H | pile KD"
        ... )
        >>> STRATEGY.hand_rule(game.view(1), 0)
        KnockerHand(phase=<GinRummyPhase.LAY_DOWN: 'laydown'>, knock_card=10)
        >>> print(STRATEGY.hand_rule(game.view(1), 1))
        None
        """
        if not isinstance(view, GinRummyView) or player != view.knocker:
            return None
        if view.phase not in (GinRummyPhase.KNOCK, GinRummyPhase.LAY_DOWN):
            return None
        return KnockerHand(view.phase, view.knock_card)

    def state_fields(self, view: View, dealt: Dealt) -> dict[str, Any]:
        """The view's own fields, and the counters of GIN-9 no view shows.

        The upcard taken this turn is the one the last move took, when its
        events say so; the upcards drawn this hand, and whether the last
        turn threw its upcard straight back, are taken as none (they end a
        hand only at the 50th upcard, or at a second such turn, GIN-9).

        >>> from rummyrules import GinRummy
        >>> from rummyrules.game.strategy import Dealt
        >>> game = GinRummy().new_game(seed=3).apply("take")
        >>> dealt = Dealt.of(game)
        >>> fields = STRATEGY.state_fields(game.view(1), dealt)
        >>> fields["taken"] == game.taken, fields["upcards"], fields["bounced"]
        (True, 0, 0)
        """
        fields = super().state_fields(view, dealt)
        taken: Card | None = None
        if view.phase == "play":
            for event in view.events:
                if (
                    event.kind == "take"
                    and event.player == view.to_move
                    and event.cards
                ):
                    taken = event.cards[0]
        fields.update(taken=taken, upcards=0, bounced=0)
        return fields


STRATEGY: Final = GinRummyStrategy()
"""The strategy ``GinRummy.strategy`` declares."""
