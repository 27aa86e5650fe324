"""What 1400 answers a bot or a front end (see :mod:`rummyrules.game.strategy`).

It is a game of points, played as every Rummy 500 game is, with an opening
in which the first upcard is taken or passed (F14-6), a house rule that lets
a player lay off before melding (F14-R7), a marker that may lie on the table
showing the wild rank (F14-R3), and cards taken that must be used (F14-6,
F14-9).

>>> from rummyrules import FourteenHundred
>>> FourteenHundred.strategy is STRATEGY
True
"""

from __future__ import annotations

from typing import Any, Final

from rummyrules.game.hand_rules import HandRule, HoldsOneOf
from rummyrules.game.state import View
from rummyrules.game.strategy import Dealt, Rummy500Strategy, Seen, Shown
from rummyrules.games.fourteen_hundred.state import (
    FourteenHundredOptions,
    FourteenHundredPhase,
    FourteenHundredState,
    FourteenHundredView,
    hand_size,
)

__all__ = ["STRATEGY", "FourteenHundredStrategy"]


class FourteenHundredStrategy(Rummy500Strategy):
    """1400's answers: a Rummy 500 game with an opening, a marker and cards to use.

    >>> from rummyrules import FourteenHundred
    >>> game = FourteenHundred(players=2).new_game(seed=1)
    >>> STRATEGY.picking_up(game.view(1))
    True
    """

    def picking_up(self, view: View) -> bool:
        """Whether the player draws or takes now, or takes or passes the first upcard (F14-6).

        >>> from rummyrules import FourteenHundred
        >>> game = FourteenHundred(players=2).new_game(seed=1)
        >>> game.phase.value, STRATEGY.picking_up(game.view(game.to_move))
        ('opening', True)
        """
        return view.phase == FourteenHundredPhase.OPENING or super().picking_up(view)

    def may_lay_off(self, view: View) -> bool:
        """Whether the player may lay off: always, unless a meld must come first (F14-R7).

        >>> from rummyrules import FourteenHundred
        >>> view = FourteenHundred(players=2).new_game(seed=1).view(1)
        >>> STRATEGY.may_lay_off(view)
        True
        >>> needs_meld = FourteenHundred(players=2, lay_off_needs_meld=True)
        >>> STRATEGY.may_lay_off(needs_meld.new_game(seed=1).view(1))
        False
        """
        rules = view.rules
        needs_meld = (
            isinstance(rules, FourteenHundredOptions) and rules.lay_off_needs_meld
        )
        return not needs_meld or super().may_lay_off(view)

    def shown(self, game: Seen) -> tuple[Shown, ...]:
        """The face-up wild-rank card, or the marker on the table showing it (F14-R3).

        >>> from rummyrules import FourteenHundred
        >>> game = FourteenHundred(players=2, wild_card_dealt=False).new_game(seed=1)
        >>> [shown.holder for shown in STRATEGY.shown(game.view(0))]
        [None]
        """
        shown = super().shown(game)
        marker = (
            game.marker
            if isinstance(game, FourteenHundredState | FourteenHundredView)
            else None
        )
        return shown if marker is None else (*shown, Shown(marker, None))

    def hand_rule(self, view: View, player: int) -> HandRule | None:
        """At the deal, a hidden hand holds a card that dealt its size (F14-3, F14-R3).

        The deal is over once the first player passes or takes the upcard;
        until then each hand still holds the card it was dealt face up.

        >>> from rummyrules import FourteenHundred
        >>> game = FourteenHundred(players=2, pass_freely=True).new_game(seed=1)
        >>> rule = STRATEGY.hand_rule(game.view(0), 1)
        >>> rule is not None and rule.fits(game.hand(1))
        True
        >>> print(STRATEGY.hand_rule(game.apply("pass").view(0), 1))
        None
        """
        if not isinstance(view, FourteenHundredView):
            raise TypeError(f"expected a view of 1400, not {type(view).__name__}")
        players = len(view.hand_sizes)
        left = (view.dealer + 1) % players
        if view.phase != FourteenHundredPhase.OPENING or view.to_move != left:
            return None
        if len(view.discard_pile) != 1:
            return None
        ace = view.rules.ace_hand_size
        seat = FourteenHundredState.dealt_face_up_seat(view.rules, view.dealer)
        besides = view.face_up if player == seat else None
        size = view.hand_sizes[player] - (besides is not None)
        cards = frozenset(
            card for card in view.rules.deck() if hand_size(card, ace=ace) == size
        )
        return HoldsOneOf(cards, besides)

    def state_fields(self, view: View, dealt: Dealt) -> dict[str, Any]:
        """The view's own fields, and how many players passed the first upcard (F14-7).

        The first upcard goes round from the dealer's left, so in the
        opening the passes are the players before the one to move; after
        it they count for nothing, and are taken as none. Of another
        player's turn in progress the view shows nothing, and the state
        keeps nothing either (as after a draw from the stock).

        >>> from rummyrules import FourteenHundred
        >>> from rummyrules.game.strategy import Dealt
        >>> game = FourteenHundred(players=3).new_game(seed=5).apply("pass")
        >>> dealt = Dealt.of(game)
        >>> STRATEGY.state_fields(game.view(0), dealt)["passes"], game.passes
        (1, 1)
        """
        fields = super().state_fields(view, dealt)
        opening = view.phase == FourteenHundredPhase.OPENING
        mover = view.to_move
        first = (view.dealer + 1) % len(view.hand_sizes)
        players = len(view.hand_sizes)
        fields["passes"] = (
            (mover - first) % players if opening and mover is not None else 0
        )
        return fields


STRATEGY: Final = FourteenHundredStrategy()
"""The one strategy object of 1400, which its rules class declares."""
