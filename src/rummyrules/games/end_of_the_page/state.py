"""End of the Page's options, state and view: what only this game keeps.

The options are declared here, below the turn machine, so that the state
and the view can name them: the rules class in ``rules.py`` inherits them.

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=3)
>>> type(game).__name__, game.had_turn, game.turn
('EndOfThePageState', (False, False), EndOfThePageTurn(taken=None, must_meld=None, support=(), held_copy=False))
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, cast

import attrs

from rummyrules.core.cards import Card
from rummyrules.core.options import StockOut, about, at_least, between, choice, is_bool
from rummyrules.formats.game_rules import GameRules
from rummyrules.game.rules import check_decks
from rummyrules.game.rummy500 import Rummy500State, Rummy500View
from rummyrules.game.state import Phase, PlayableRules
from rummyrules.melds import Meld, is_wild
from rummyrules.melds.pickup import pickup_layout

__all__ = [
    "EndOfThePageOptions",
    "EndOfThePageState",
    "EndOfThePageTurn",
    "EndOfThePageView",
]

CARDS_PER_DECK: Final = 48
MOST_CARDS_DEALT: Final = 14  # an Ace flipped gives 14 cards (EOP-2)


def _default_decks(instance: EndOfThePageOptions) -> int:
    # Defaults are made before validators run: a bad ``players`` must reach
    # its own validator, whose message is the one to show.
    if type(instance.players) is not int or instance.players <= 3:
        return 1
    return 2 if instance.players <= 6 else 3


def _stock_out(value: StockOut | str) -> StockOut:
    return choice(
        StockOut, value, game="End of the Page", name="stock_out", rule="EOP-R4"
    )


@attrs.frozen(kw_only=True, cache_hash=True)
class EndOfThePageOptions(GameRules["EndOfThePageState"]):
    """The options of End of the Page (its house rules), declared once.

    The rules class, :class:`~rummyrules.EndOfThePage`, is these options and
    what the shared layers ask of the game; the state and view declare their
    ``rules`` as these, so that the turn machine reads the options typed.

    >>> from rummyrules import EndOfThePage
    >>> isinstance(EndOfThePage(), EndOfThePageOptions)
    True
    """

    players: int = attrs.field(
        default=2,
        validator=between(2, 8),
        metadata=about("EOP-1", "Players at the table."),
    )
    decks: int = attrs.field(
        default=attrs.Factory(_default_decks, takes_self=True),
        validator=between(1, 3),
        metadata=about(
            "EOP-1", "Decks of 48 cards (no 2s); 4 or more players need two."
        ),
    )
    rounds: int = attrs.field(
        default=10,
        validator=between(1, 1000),
        metadata=about("EOP-17", "Rounds on the page."),
    )
    take_cards_above: bool = attrs.field(
        default=True,
        validator=is_bool,
        metadata=about(
            "EOP-R2", "A deep pickup takes the cards above the chosen one too."
        ),
    )
    discard_taken_card: bool = attrs.field(
        default=True,
        validator=is_bool,
        metadata=about(
            "EOP-R3",
            "The card just taken from the discard pile may be discarded again.",
        ),
    )
    stock_out: StockOut = attrs.field(
        default=StockOut.END_ROUND,
        converter=_stock_out,
        metadata=about("EOP-R4", "What happens when the stock is empty."),
    )
    max_turns: int | None = attrs.field(
        default=None,
        validator=at_least(1),
        metadata=about("ALL-5", "Turns after which a round ends unfinished."),
    )

    def __attrs_post_init__(self) -> None:
        check_decks(
            self,
            decks=self.decks,
            deal=(
                self.players,
                f"{self.players} * {MOST_CARDS_DEALT} + 1",
                self.players * MOST_CARDS_DEALT + 1,
            ),
            per_deck=CARDS_PER_DECK,
            rule="EOP-1",
        )


@attrs.frozen(kw_only=True)
class EndOfThePageTurn:
    """What has happened so far in the turn being played (EOP-6, EOP-R3).

    Attributes:
        taken: The card taken from the discard pile this turn, if any.
        must_meld: The card taken from deep in the discard pile, which must
            go into a new meld at once (EOP-6); None once it is melded.
        support: The natural cards the player held before that deep pickup:
            two of them must join the taken card in the meld (EOP-6).
        held_copy: Whether the player already held a card equal to ``taken``
            (so discarding that card is not discarding the taken one, EOP-R3).

    >>> EndOfThePageTurn().must_meld is None
    True
    """

    taken: Card | None = None
    must_meld: Card | None = None
    support: tuple[Card, ...] = ()
    held_copy: bool = False


@attrs.frozen(kw_only=True)
class EndOfThePageState(Rummy500State):
    """A game of End of the Page, as a frozen value.

    Attributes:
        phase: Draw, then play (EOP-5 … EOP-13); over once the page is full.
        turn: What has happened so far in the turn being played.
        had_turn: Who has had a turn this round (EOP-14).

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage(players=3).new_game(seed=5, dealer=1)
    >>> game.face_up_holder, game.to_move
    (1, 2)
    """

    if TYPE_CHECKING:
        # This game's states hold this game's rules: the type checker reads
        # their options typed. Declared for it alone, the field stays where
        # GameState puts it, first, in reprs and saved JSON.
        rules: EndOfThePageOptions
    phase: Phase
    turn: EndOfThePageTurn = EndOfThePageTurn()
    had_turn: tuple[bool, ...]

    @classmethod
    def dealt_face_up_seat(cls, rules: PlayableRules[Any], dealer: int) -> int:
        """The dealer: their wild-rank card lies face up until played (EOP-3).

        >>> from rummyrules import EndOfThePage
        >>> EndOfThePageState.dealt_face_up_seat(EndOfThePage(), 1)
        1
        """
        del rules
        return dealer

    def meld_layout(self) -> Callable[[Meld], Meld] | None:
        """While a wild taken from deep in the pile waits, the layout that keeps it beside its two naturals (EOP-R6).

        The new meld that pickup forces holds the wild where it makes the
        set or run with the two natural cards that let it be taken (EOP-6);
        the other wilds lie in card order
        (:func:`~rummyrules.melds.pickup.pickup_layout`). Otherwise None:
        every new meld has its wilds in card order.

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().position(
        ...     "wild 3 | to_move 1 play | turn taken 3D must_meld 3D support 8C 9C"
        ...     " | hands 4C 5C / 8C 9C 3D JC QC 3S | pile 6C | had_turn 1"
        ... )
        >>> meld = game.rules.check_meld("8C 9C 3S=10C JC QC 3D=KC", wild="3").melds[0]
        >>> str(game.meld_layout()(meld))
        '8C 9C 3D=10C JC QC 3S=KC'
        """
        taken, wild = self.turn.must_meld, self.wild
        if taken is None or not is_wild(taken, wild):
            return None
        return functools.partial(
            pickup_layout, card=taken, support=self.turn.support, wild=wild
        )

    def view(self, player: int) -> EndOfThePageView:
        """What ``player`` may see, as this game's own view (see :meth:`GameState.view`).

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=1)
        >>> game.view(0).face_up_holder  # the dealer shows the wild card (EOP-3)
        0
        """
        return cast("EndOfThePageView", super().view(player))

    def _view(self, player: int) -> EndOfThePageView:
        mine = self.to_move == player
        return EndOfThePageView(
            **self.view_fields(player),
            turn=self.turn if mine else EndOfThePageTurn(),
        )


@attrs.frozen(kw_only=True)
class EndOfThePageView(Rummy500View):
    """What one player may see of a game of End of the Page.

    Attributes:
        turn: What has happened in this player's own turn; empty when it is
            another player's turn.

    >>> from rummyrules import EndOfThePage
    >>> EndOfThePage().new_game(seed=2).view(0).turn.taken is None
    True
    """

    if TYPE_CHECKING:  # the game's own rules, as in its state
        rules: EndOfThePageOptions
    phase: Phase
    turn: EndOfThePageTurn
