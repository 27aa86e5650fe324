"""1400's options, its own move, state and view: what only this game keeps (``F14-*``).

The options are declared once, here, below everything that reads them: the
rules class (:class:`~rummyrules.FourteenHundred`) inherits them, and the
state's ``rules`` is typed as them, so the turn machine reads
``state.rules.target`` as it is.

>>> from rummyrules import FourteenHundred
>>> game = FourteenHundred(players=2).new_game(seed=3)
>>> type(game).__name__, game.phase, game.passes, game.rules.target
('FourteenHundredState', <FourteenHundredPhase.OPENING: 'opening'>, 0, 1400)
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any, ClassVar, Final, cast

import attrs

from rummyrules.core.cards import Card, Rank
from rummyrules.core.errors import OptionError
from rummyrules.core.options import (
    MOST,
    StockOut,
    about,
    at_least,
    between,
    choice,
    is_bool,
)
from rummyrules.formats.game_rules import GameRules
from rummyrules.game.move_base import declared_text
from rummyrules.game.moves import LayOff
from rummyrules.game.notation import register_move
from rummyrules.game.rules import check_decks
from rummyrules.game.rummy500 import Rummy500State, Rummy500View
from rummyrules.game.state import PlayableRules

__all__ = [
    "Claim",
    "FourteenHundredOptions",
    "FourteenHundredPhase",
    "FourteenHundredState",
    "FourteenHundredTurn",
    "FourteenHundredView",
    "hand_size",
]

CARDS_PER_DECK: Final = 52


def _default_decks(instance: FourteenHundredOptions) -> int:
    # Defaults are made before validators run: a bad ``players`` must reach
    # its own validator, whose message is the one to show.
    if type(instance.players) is not int or instance.players <= 3:
        return 1
    return 2


def _stock_out(value: StockOut | str) -> StockOut:
    return choice(StockOut, value, game="1400", name="stock_out", rule="F14-R10")


@attrs.frozen(kw_only=True, cache_hash=True)
class FourteenHundredOptions(GameRules["FourteenHundredState"]):
    """The options of 1400 (house rules), declared once; :class:`~rummyrules.FourteenHundred` says each.

    >>> FourteenHundredOptions.__attrs_attrs__.target.default
    1400
    """

    players: int = attrs.field(
        default=4,
        validator=between(2, 6),
        metadata=about("F14-R1", "Players at the table."),
    )
    decks: int = attrs.field(
        default=attrs.Factory(_default_decks, takes_self=True),
        validator=between(1, 3),
        metadata=about("F14-R1", "Decks of 52 cards; 4 or more players need two."),
    )
    ace_hand_size: int = attrs.field(
        default=15,
        validator=between(15, 16),
        metadata=about("F14-R2", "Cards dealt for an Ace shown."),
    )
    wild_card_dealt: bool = attrs.field(
        default=True,
        validator=is_bool,
        metadata=about(
            "F14-R3", "The wild-rank card goes to the player on the dealer's left."
        ),
    )
    pass_freely: bool = attrs.field(
        default=False,
        validator=is_bool,
        metadata=about(
            "F14-R5",
            "Any player may pass the first upcard, not only one who cannot use it.",
        ),
    )
    lay_off_needs_meld: bool = attrs.field(
        default=False,
        validator=is_bool,
        metadata=about(
            "F14-R7", "Laying off in one's own turn needs a meld of one's own first."
        ),
    )
    all_wild_melds: bool = attrs.field(
        default=False,
        validator=is_bool,
        metadata=about("F14-R8", "Melds of wild cards only are allowed."),
    )
    stock_out: StockOut = attrs.field(
        default=StockOut.END_ROUND,
        converter=_stock_out,
        metadata=about("F14-R10", "What happens when the stock is empty."),
    )
    target: int = attrs.field(
        default=1400,
        validator=between(1, MOST),
        metadata=about("F14-15", "The total that ends the game."),
    )
    max_turns: int | None = attrs.field(
        default=None,
        validator=at_least(1),
        metadata=about("ALL-5", "Turns after which a round ends unfinished."),
    )

    def __attrs_post_init__(self) -> None:
        # Every player may show an Ace; then the wild-rank card and the upcard.
        size = self.ace_hand_size
        check_decks(
            self,
            decks=self.decks,
            deal=(
                self.players,
                f"{self.players} * {size} + 2",
                self.players * size + 2,
            ),
            per_deck=CARDS_PER_DECK,
            rule="F14-1",
        )


def hand_size(card: Card, *, ace: int = 15) -> int:
    """How many cards a face-up card deals (F14-3): 2 to 9 face value, 10 to K 10.

    An Ace deals ``ace`` cards: 15 by default, or 16 (F14-R2).

    >>> (
    ...     hand_size(Card.parse("7H")),
    ...     hand_size(Card.parse("QS")),
    ...     hand_size(Card.parse("AS")),
    ... )
    (7, 10, 15)
    """
    if card.rank is None:  # pragma: no cover - 1400 has no WILDCARDs
        raise OptionError("a WILDCARD deals no hand in 1400")
    if card.rank is Rank.ACE:
        return ace
    return min(int(card.rank), 10)


@attrs.frozen(kw_only=True)
class Claim(LayOff):
    """Claim the last discard out of turn and lay it off on a meld (F14-12).

    A lay-off whose card comes from the pile, not the hand: the shared
    rules of laying off (MELD-6) read it as they read any.

    >>> str(Claim(player=2, card=Card.parse("7H"), meld=3))
    '2: claim 7H on 3'
    """

    kind: ClassVar[str] = "claim"
    action: ClassVar[int | None] = 9
    from_hand: ClassVar[bool] = False

    def _body(self) -> str:
        return f"claim {declared_text(self.card, self.declared)} on {self.meld}"


register_move(Claim)


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

    if TYPE_CHECKING:
        # This game's states hold this game's rules: the type checker reads
        # their options typed. Declared for it alone, the field stays where
        # GameState puts it, first, in reprs and saved JSON.
        rules: FourteenHundredOptions
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
        if isinstance(rules, FourteenHundredOptions) and not rules.wild_card_dealt:
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

    if TYPE_CHECKING:  # the game's own rules, as in its state
        rules: FourteenHundredOptions
    phase: FourteenHundredPhase
    marker: Card | None
    turn: FourteenHundredTurn
    claim: Card | None
    discarder: int | None
