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
from rummyrules.games.gin_rummy.deadwood import min_deadwood
from rummyrules.games.gin_rummy.knocking import KnockerHand
from rummyrules.games.gin_rummy.moves import Knock
from rummyrules.games.gin_rummy.state import GinRummyPhase, GinRummyState, GinRummyView

__all__ = ["STEPS", "STRATEGY", "GinRummyStrategy"]

STEPS: Final = {
    GinRummyPhase.UPCARD: "take the upcard, or pass (GIN-3)",
    GinRummyPhase.DRAW: "draw from the stock, or take the upcard (GIN-4)",
    GinRummyPhase.KNOCK: "discard a card that keeps your knock good (GIN-5)",
    GinRummyPhase.LAY_DOWN: "lay your melds one at a time, then 'done' (GIN-5)",
    GinRummyPhase.LAY_OFF: "lay cards off on the knocker's melds, then 'done' (GIN-6)",
    GinRummyPhase.MELD: "lay your own melds, then 'done' to count the hand (GIN-6)",
}
"""What Gin Rummy asks of the player to move, by phase (the play phase is worked out)."""


class GinRummyStrategy(PointsStrategy):
    """Gin Rummy's answers: lay-offs only in the opponent's turn after a knock.

    >>> from rummyrules import GinRummy
    >>> isinstance(STRATEGY, PointsStrategy)
    True
    """

    counts_deadwood = True

    def notes(self, view: View) -> tuple[str, ...]:
        """The player's deadwood, the knock card until a knock, and what the phase asks.

        The deadwood is the view's own (GIN-2; holding the card drawn, what
        is left after the best discard, GIN-5).

        >>> from rummyrules import GinRummy
        >>> game = GinRummy().new_game(seed=4)
        >>> STRATEGY.notes(game.view(1))  # not this player's turn
        ('Your deadwood: 45; a knock needs 10 or less (GIN-5)',)
        >>> for line in STRATEGY.notes(
        ...     game.apply("pass").apply("pass").apply("draw").view(0)
        ... ):
        ...     print(line)
        Your deadwood: 69; a knock needs 10 or less (GIN-5)
        Now: discard a card (GIN-4); too much deadwood to knock (GIN-5)
        """
        if not isinstance(view, GinRummyView):
            return ()
        line = f"Your deadwood: {view.deadwood}"
        if view.knocker is None:  # the knock card matters until somebody knocks
            limit = "0 (gin)" if view.knock_card == 0 else f"{view.knock_card} or less"
            line += f"; a knock needs {limit} (GIN-5)"
        if view.to_move != view.player:
            return (line,)
        return (line, f"Now: {_step(view)}")

    def face_up_note(self, game: Seen, holder: int) -> str:
        """A hand face up once the knocker has laid down: its deadwood as counted (GIN-7).

        >>> from rummyrules import GinRummy
        >>> game = GinRummy(hand_size=4).position(
        ...     "to_move 1 layoff | knocker 0 | hands 2C / 10S 5D 6S 9H"
        ...     " | melds 0: 7S 8S 9S | pile 4H"
        ... )
        >>> STRATEGY.face_up_note(game, 1), STRATEGY.face_up_note(game.view(1), 0)
        ('deadwood 30', 'deadwood 2')
        >>> STRATEGY.face_up_note(GinRummy().new_game(seed=1), 0)
        ''
        """
        if isinstance(game, GinRummyView) and game.shown_hands:
            return f"deadwood {game.shown_deadwood[holder]}"
        if isinstance(game, GinRummyState) and game.hands_shown:
            return f"deadwood {min_deadwood(game.hands[holder])}"
        return ""

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


def _step(view: GinRummyView) -> str:
    if view.phase != GinRummyPhase.PLAY:
        return STEPS[view.phase]
    if view.deadwood <= view.knock_card:
        return "discard a card, or knock ('knock', GIN-5)"
    return "discard a card (GIN-4); too much deadwood to knock (GIN-5)"


STRATEGY: Final = GinRummyStrategy()
"""The strategy ``GinRummy.strategy`` declares."""
