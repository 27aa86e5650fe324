"""Gin Rummy's options, its own move (the knock), its state and its view.

>>> from rummyrules import GinRummy
>>> game = GinRummy().new_game(seed=3)
>>> type(game).__name__, game.phase.value, game.to_move, game.knock_card
('GinRummyState', 'upcard', 0, 10)
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, ClassVar, Final

import attrs

from rummyrules.core.cards import Card, Rank
from rummyrules.core.options import about, at_least, between, is_bool
from rummyrules.formats.game_rules import GameRules
from rummyrules.game.moves import Move
from rummyrules.game.notation import register_move
from rummyrules.game.state import GameState, View
from rummyrules.game.view import WORKED_OUT
from rummyrules.games.gin_rummy.deadwood import (
    card_points,
    knock_deadwood,
    min_deadwood,
)

__all__ = [
    "DEALER_ZERO",
    "GAME_BONUS",
    "MOST_DEADWOOD_KNOCK",
    "UPCARD_LIMIT",
    "WALL",
    "GinRummyOptions",
    "GinRummyPhase",
    "GinRummyState",
    "GinRummyView",
    "Knock",
    "hand_score",
    "oklahoma_knock_card",
    "own_deadwood",
    "shown_deadwood",
    "shows_hands",
]

MOST_DEADWOOD_KNOCK: Final = 10
"""The highest knock card a table may choose: OpenSpiel's bound (GIN-5)."""
DEALER_ZERO: Final = (
    "dealer must be 0 in Gin Rummy: player 0 always moves first (GIN-3)"
)
"""Why a game of Gin Rummy has no other dealer: the deal fixes who moves first."""
WALL: Final = 2
"""Cards left in the stock that make the wall (GIN-8)."""
GAME_BONUS: Final = 100
"""Points for the player who reaches the ``target`` (GIN-R2)."""
UPCARD_LIMIT: Final = 50
"""Upcards drawn in a hand after which it is a draw (GIN-9, OpenSpiel's bound)."""


class GinRummyPhase(enum.StrEnum):
    """Where a hand of Gin Rummy stands: what kind of move comes next.

    >>> GinRummyPhase.UPCARD == "upcard", GinRummyPhase.LAY_OFF.value
    (True, 'layoff')
    """

    UPCARD = "upcard"
    """The first upcard, which each player in turn takes or passes (GIN-3)."""
    DRAW = "draw"
    """The player to move draws from the stock or takes the upcard (GIN-4)."""
    PLAY = "play"
    """The player has drawn, and discards or knocks (GIN-4, GIN-5)."""
    KNOCK = "knock"
    """The knocker discards, keeping the knock good (GIN-5)."""
    LAY_DOWN = "laydown"
    """The knocker lays their melds one at a time, then is done (GIN-5)."""
    LAY_OFF = "layoff"
    """The opponent lays cards off on the knocker's melds, then is done (GIN-6)."""
    MELD = "meld"
    """The opponent lays their own melds, then is done; the hand is scored (GIN-6, GIN-7)."""
    WALL = "wall"
    """Two cards are left in the stock, so the player knocks with the upcard or passes (GIN-8)."""
    OVER = "over"
    """The game is over; there are no more moves."""


@attrs.frozen(kw_only=True, cache_hash=True)
class GinRummyOptions(GameRules["GinRummyState"]):
    """The options of Gin Rummy, declared once: :class:`~rummyrules.GinRummy` is this class with what the game declares.

    The state and the view read them as ``state.rules.knock_card``, typed.

    >>> from rummyrules import GinRummy
    >>> GinRummy(gin_bonus=20).new_game(seed=1).rules.gin_bonus
    20
    """

    hand_size: int = attrs.field(
        default=10,
        validator=between(1, 10),
        metadata=about("GIN-1", "Cards dealt to each player."),
    )
    knock_card: int = attrs.field(
        default=10,
        validator=between(0, MOST_DEADWOOD_KNOCK),
        metadata=about("GIN-5", "The most deadwood a knock may leave; 0: gin only."),
    )
    gin_bonus: int = attrs.field(
        default=25,
        validator=between(0, 1000),
        metadata=about("GIN-7", "Points for going gin."),
    )
    undercut_bonus: int = attrs.field(
        default=25,
        validator=between(0, 1000),
        metadata=about("GIN-7", "Points for an undercut."),
    )
    undercut_on_equal: bool = attrs.field(
        default=False,
        validator=is_bool,
        metadata=about("GIN-R1", "Equal deadwood is an undercut."),
    )
    oklahoma: bool = attrs.field(
        default=False,
        validator=is_bool,
        metadata=about("GIN-10", "The first upcard's value is the knock card."),
    )
    target: int | None = attrs.field(
        default=None,
        validator=at_least(1),
        metadata=about("GIN-R2", "Points that end a game of several hands."),
    )
    max_turns: int | None = attrs.field(
        default=None,
        validator=at_least(1),
        metadata=about(
            "ALL-5",
            "Turns, over all hands, after which the game ends; the hand a draw.",
        ),
    )


@attrs.frozen(kw_only=True)
class Knock(Move):
    """Knock instead of discarding, or at the wall with the upcard (GIN-5, GIN-8): Gin Rummy's own move.

    >>> from rummyrules import parse_move
    >>> parse_move("knock"), str(Knock(player=1))
    (Knock(player=None), '1: knock')
    """

    kind: ClassVar[str] = "knock"
    action: ClassVar[int | None] = 4  # its RL action since before moves declared theirs

    def _body(self) -> str:
        return "knock"


register_move(Knock)


def shows_hands(phase: GinRummyPhase, knocker: int | None) -> bool:
    """Whether both hands lie face up in this phase: once the knocker has laid down (GIN-6).

    >>> shows_hands(GinRummyPhase.LAY_OFF, 0), shows_hands(GinRummyPhase.OVER, None)
    (True, False)
    """
    if phase in (GinRummyPhase.LAY_OFF, GinRummyPhase.MELD):
        return True
    return phase is GinRummyPhase.OVER and knocker is not None


def own_deadwood(view: GinRummyView) -> int:
    """The least deadwood of the viewer's own hand (GIN-2); holding the card drawn, after the best discard (GIN-5).

    A hand of one card over the hand size has just drawn (or knocked): what
    counts is what it keeps after its discard, as when deciding to knock.

    >>> from rummyrules import GinRummy
    >>> game = GinRummy(hand_size=4).position(
    ...     "to_move 0 play | hands 7S 8S 9S KD 2C / 6S 5D 9H JC | pile QH"
    ... )
    >>> own_deadwood(game.view(0)), own_deadwood(game.view(1))
    (2, 30)
    """
    if len(view.hand) > view.rules.hand_size:
        return knock_deadwood(view.hand)
    return min_deadwood(view.hand)


def shown_deadwood(view: GinRummyView) -> tuple[int, ...]:
    """Each shown hand's least deadwood, as the hand is counted (GIN-2, GIN-7); none while hidden.

    >>> from rummyrules import GinRummy
    >>> shown_deadwood(GinRummy().new_game(seed=1).view(0))
    ()
    """
    return tuple(min_deadwood(hand) for hand in view.shown_hands)


def oklahoma_knock_card(upcard: Card) -> int:
    """The knock card the first upcard sets under ``oklahoma``: its value, an Ace gin only (GIN-10).

    >>> [oklahoma_knock_card(Card.parse(text)) for text in ["7H", "KS", "AD"]]
    [7, 10, 0]
    """
    return 0 if upcard.rank is Rank.ACE else card_points(upcard)


def hand_score(state: GinRummyState) -> tuple[list[int], list[int]]:
    """Each player's points for the hand, and the gin or undercut bonus in them (GIN-7).

    The knocker scores the opponent's deadwood less their own, each hand
    counted in its best arrangement (GIN-2), with the gin bonus; an
    undercut gives the opponent the difference and the undercut bonus, and
    equal deadwood is no undercut unless ``undercut_on_equal`` (GIN-R1).
    Without a knock the hand is a draw: 0 each.

    >>> from rummyrules import GinRummy
    >>> game = GinRummy(hand_size=3).position(
    ...     "to_move 1 meld | knocker 0 | hands / 2C 5D 9H | melds 0: 7S 8S 9S | pile KD"
    ... )
    >>> hand_score(game)
    ([41, -41], [25, 0])
    """
    knocker, rules = state.knocker, state.rules
    if knocker is None:
        return [0, 0], [0, 0]
    own = min_deadwood(state.hands[knocker])
    other = min_deadwood(state.hands[1 - knocker])
    score, bonus = other - own, [0, 0]
    if own == 0:  # gin is never undercut
        score += rules.gin_bonus
        bonus[knocker] = rules.gin_bonus
    elif score < 0 or (score == 0 and rules.undercut_on_equal):
        score -= rules.undercut_bonus
        bonus[1 - knocker] = rules.undercut_bonus
    return ([score, -score] if knocker == 0 else [-score, score]), bonus


@attrs.frozen(kw_only=True)
class GinRummyState(GameState):
    """A game of Gin Rummy, as a frozen value: two players, one hand at a time.

    Attributes:
        phase: What kind of move comes next (see :class:`GinRummyPhase`).
        knock_card: The most deadwood a knock may leave this hand: the
            ``knock_card`` option, or with ``oklahoma`` the first upcard's
            value (GIN-5, GIN-10).
        passes: How many players have passed the first upcard (GIN-3).
        knocker: Who knocked this hand; None until somebody does (GIN-5).
        upcards: How many upcards have been drawn this hand (GIN-9).
        taken: The upcard taken this turn, until the turn's discard or knock (GIN-9).
        bounced: 1 when the last turn took the upcard and discarded it at
            once, else 0 (GIN-9: two such turns in a row end the hand).
        score_sheet: One row a finished hand, each player's points (GIN-7).

    >>> from rummyrules import GinRummy
    >>> game = GinRummy().new_game(seed=3).apply("pass")
    >>> game.passes, game.to_move, game.phase.value
    (1, 1, 'upcard')
    """

    phases: ClassVar[type[enum.StrEnum]] = GinRummyPhase
    if TYPE_CHECKING:
        # The rules field narrowed for the type checker only: re-declared, the
        # field would move last, and saved games write the fields in order.
        rules: GinRummyOptions

    phase: GinRummyPhase
    knock_card: int
    passes: int = 0
    knocker: int | None = None
    upcards: int = 0
    taken: Card | None = None
    bounced: int = 0
    score_sheet: tuple[tuple[int, ...], ...] = ()

    @property
    def opponent(self) -> int:
        """The player who did not knock (or, before a knock, the player not to move).

        >>> from rummyrules import GinRummy
        >>> GinRummy().new_game(seed=1).opponent
        1
        """
        mover = self.knocker if self.knocker is not None else self.to_move or 0
        return 1 - mover

    @property
    def round(self) -> int:
        """The hand being played, counting from 1 (GIN-R2).

        >>> from rummyrules import GinRummy
        >>> GinRummy().new_game(seed=1).round
        1
        """
        return max(1, len(self.score_sheet) + (0 if self.is_over else 1))

    @property
    def winners(self) -> tuple[int, ...]:
        """The players with the most points once the game is over; nobody on a draw.

        >>> from rummyrules import GinRummy
        >>> GinRummy().new_game(seed=1).winners
        ()
        """
        if not self.is_over or not self.score_sheet:
            return ()
        totals = self.scores
        best = max(totals)
        if all(total == best for total in totals):
            return ()
        return tuple(p for p, total in enumerate(totals) if total == best)

    @property
    def hands_shown(self) -> bool:
        """Whether both hands lie face up, as they do once the knocker has laid down (GIN-6).

        >>> from rummyrules import GinRummy
        >>> GinRummy().new_game(seed=1).hands_shown
        False
        """
        return shows_hands(self.phase, self.knocker)

    def _view(self, player: int) -> GinRummyView:
        fields = self.view_fields(player)
        shown = self.hands_shown
        return GinRummyView(
            **fields,
            knock_card=self.knock_card,
            knocker=self.knocker,
            passes=self.passes,
            score_sheet=self.score_sheet,
            shown_hands=self.hands if shown else (),
        )


@attrs.frozen(kw_only=True)
class GinRummyView(View):
    """What one player may see of a game of Gin Rummy.

    Attributes:
        knock_card: The most deadwood a knock may leave this hand.
        knocker: Who knocked; None until somebody does.
        passes: How many players have passed the first upcard.
        score_sheet: The finished hands' points.
        shown_hands: Both hands once the knocker has laid down (GIN-6);
            empty before.
        deadwood: The least deadwood of the player's own hand (GIN-2);
            holding the card drawn, the least left after the best discard,
            as a knock would count it (GIN-5). Worked out from the hand
            (``own_deadwood`` in this module).
        shown_deadwood: Each shown hand's least deadwood, in the order of
            ``shown_hands``, as the hand is scored (GIN-7); empty while the
            hands are hidden. Worked out from them (``shown_deadwood`` in this module).

    >>> from rummyrules import GinRummy
    >>> view = GinRummy().new_game(seed=4).view(1)
    >>> view.hand_sizes, view.shown_hands, view.shown_deadwood
    ((10, 10), (), ())
    >>> view.deadwood
    45
    """

    if TYPE_CHECKING:  # narrowed for the type checker only, as in the state
        rules: GinRummyOptions
    phase: GinRummyPhase
    knock_card: int
    knocker: int | None
    passes: int
    score_sheet: tuple[tuple[int, ...], ...]
    shown_hands: tuple[tuple[Card, ...], ...]
    # Worked out from the fields above (set first: attrs fills fields in order).
    deadwood: int = attrs.field(
        default=attrs.Factory(own_deadwood, takes_self=True),
        metadata={WORKED_OUT: True},
    )
    shown_deadwood: tuple[int, ...] = attrs.field(
        default=attrs.Factory(shown_deadwood, takes_self=True),
        metadata={WORKED_OUT: True},
    )
