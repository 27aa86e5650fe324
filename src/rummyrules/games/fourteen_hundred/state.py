"""1400's state and view: what only this game keeps.

>>> from rummyrules import FourteenHundred
>>> game = FourteenHundred(players=2).new_game(seed=3)
>>> type(game).__name__, game.phase, game.passes
('FourteenHundredState', <FourteenHundredPhase.OPENING: 'opening'>, 0)
"""

from __future__ import annotations

import enum
from typing import Any, ClassVar, Protocol, cast

import attrs

from rummyrules.core.cards import Card
from rummyrules.core.options import StockOut
from rummyrules.game.rummy500 import Rummy500State, Rummy500View
from rummyrules.game.state import GameState, PlayableRules

__all__ = [
    "FourteenHundredPhase",
    "FourteenHundredState",
    "FourteenHundredTurn",
    "FourteenHundredView",
    "Options",
    "options",
    "options_of",
]


class FourteenHundredPhase(enum.StrEnum):
    """Where a game of 1400 stands: what kind of move comes next.

    >>> FourteenHundredPhase.OPENING.value, FourteenHundredPhase.DRAW == "draw"
    ('opening', True)
    """

    OPENING = "opening"
    """The first upcard, which each player in turn melds at once or passes (F14-6)."""
    DRAW = "draw"
    """The player to move must draw (F14-8)."""
    PLAY = "play"
    """The player has drawn and may now meld, lay off and discard (F14-9, F14-10)."""
    LAST = "last"
    """The next player's last draw and plays after a player went out without
    a discard, ended by ``done`` (F14-13)."""
    OVER = "over"
    """The game is over; there are no more moves."""


class Options(Protocol):
    """The options of 1400 that its turn machine reads."""

    @property
    def players(self) -> int:
        """Players at the table (F14-R1)."""

    @property
    def ace_hand_size(self) -> int:
        """Cards dealt for an Ace shown (F14-R2)."""

    @property
    def wild_card_dealt(self) -> bool:
        """The wild-rank card goes to the dealer's left (F14-R3)."""

    @property
    def pass_freely(self) -> bool:
        """Any player may pass the first upcard (F14-R5)."""

    @property
    def lay_off_needs_meld(self) -> bool:
        """Laying off needs a meld of one's own first (F14-R7)."""

    @property
    def stock_out(self) -> StockOut:
        """What an empty stock does (F14-R10)."""

    @property
    def target(self) -> int:
        """The total that ends the game (F14-15)."""

    @property
    def max_turns(self) -> int | None:
        """Turns after which a round ends unfinished (ALL-5)."""


def options_of(rules: PlayableRules[Any]) -> Options:
    """The 1400 options of a rules object of the game.

    >>> from rummyrules import FourteenHundred
    >>> options_of(FourteenHundred()).max_turns is None
    True
    """
    # Only this game's rules come here, and its rules class has them all.
    return cast("Options", rules)


def options(state: GameState) -> Options:
    """The 1400 options of a state's rules.

    >>> from rummyrules import FourteenHundred
    >>> options(FourteenHundred().new_game(seed=1)).max_turns is None
    True
    """
    return options_of(state.rules)


@attrs.frozen(kw_only=True)
class FourteenHundredTurn:
    """What has happened so far in the turn being played (F14-6, F14-9, F14-13).

    Attributes:
        taken: The card chosen from the discard pile this turn, if any.
        must_meld: The first upcard, taken in the opening: it goes into a new
            meld at once (F14-6); None once melded.
        must_use: The card chosen from the discard pile, which must be played
            (melded or laid off) before anything else (F14-9).
        drew: The last plays: whether the player has drawn (F14-13).

    >>> FourteenHundredTurn().must_use is None
    True
    """

    taken: Card | None = None
    must_meld: Card | None = None
    must_use: Card | None = None
    drew: bool = False


@attrs.frozen(kw_only=True)
class FourteenHundredState(Rummy500State):
    """A game of 1400, as a frozen value.

    Attributes:
        phase: The opening, then draw and play; the last plays; over.
        marker: With ``wild_card_dealt=False``, the wild-rank card lying on
            the table, out of play (F14-R3).
        turn: What has happened so far in the turn being played.
        passes: How many players have passed the first upcard (F14-7).
        claim: The last discard while it may still be claimed (F14-12).
        discarder: Who discarded ``claim``.

    >>> from rummyrules import FourteenHundred
    >>> game = FourteenHundred(players=2).new_game(seed=3, dealer=1)
    >>> game.face_up_holder == 0, game.claim
    (True, None)
    """

    phases: ClassVar[type[enum.StrEnum]] = FourteenHundredPhase

    phase: FourteenHundredPhase
    marker: Card | None = None
    turn: FourteenHundredTurn = FourteenHundredTurn()
    passes: int = 0
    claim: Card | None = None
    discarder: int | None = None

    @classmethod
    def dealt_face_up_seat(cls, rules: PlayableRules[Any], dealer: int) -> int | None:
        """The dealer's left, dealt the wild-rank card; None when it is a marker (F14-R3).

        >>> from rummyrules import FourteenHundred
        >>> FourteenHundredState.dealt_face_up_seat(FourteenHundred(players=3), 2)
        0
        """
        if not options_of(rules).wild_card_dealt:
            return None
        return (dealer + 1) % rules.players

    def set_aside(self) -> tuple[Card, ...]:
        """The marker, when the wild-rank card lies on the table (F14-R3).

        >>> from rummyrules import FourteenHundred
        >>> game = FourteenHundred(players=2, wild_card_dealt=False).new_game(seed=3)
        >>> game.set_aside() == (game.marker,)
        True
        """
        return () if self.marker is None else (self.marker,)

    def view(self, player: int) -> FourteenHundredView:
        """What ``player`` may see, as this game's own view (see :meth:`GameState.view`).

        >>> from rummyrules import FourteenHundred
        >>> game = FourteenHundred().new_game(seed=1)
        >>> game.view(0).phase
        <FourteenHundredPhase.OPENING: 'opening'>
        """
        return cast("FourteenHundredView", super().view(player))

    def _view(self, player: int) -> FourteenHundredView:
        mine = self.to_move == player
        return FourteenHundredView(
            **self.view_fields(player),
            marker=self.marker,
            turn=self.turn if mine else FourteenHundredTurn(),
            claim=self.claim,
            discarder=self.discarder,
        )

    def _lines(self) -> list[str]:
        lines = super()._lines()
        if self.marker is not None:
            lines.append(f"  on the table, showing the wild rank: {self.marker}")
        if self.claim is not None:
            lines.append(f"  {self.claim} may be claimed until the next draw")
        return lines


@attrs.frozen(kw_only=True)
class FourteenHundredView(Rummy500View):
    """What one player may see of a game of 1400.

    Attributes:
        marker: The wild-rank card set aside on the table (F14-R3).
        turn: What has happened in this player's own turn; empty when it is
            another player's turn.
        claim: The last discard while it may still be claimed (F14-12).
        discarder: Who discarded ``claim``.

    >>> from rummyrules import FourteenHundred
    >>> FourteenHundred(players=2).new_game(seed=2).view(0).claim is None
    True
    """

    phase: FourteenHundredPhase
    marker: Card | None
    turn: FourteenHundredTurn
    claim: Card | None
    discarder: int | None
