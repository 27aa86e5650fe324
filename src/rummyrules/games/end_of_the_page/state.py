"""End of the Page's state and view: what only this game keeps.

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=3)
>>> type(game).__name__, game.had_turn, game.turn
('EndOfThePageState', (False, False), EndOfThePageTurn(taken=None, must_meld=None, support=(), held_copy=False))
"""

from __future__ import annotations

from typing import Any, Protocol, cast

import attrs

from rummyrules.core.cards import Card
from rummyrules.core.options import StockOut
from rummyrules.game.rummy500 import Rummy500State, Rummy500View
from rummyrules.game.state import GameState, Phase, PlayableRules

__all__ = [
    "EndOfThePageState",
    "EndOfThePageTurn",
    "EndOfThePageView",
    "Options",
    "options",
    "options_of",
]


class Options(Protocol):
    """The options of End of the Page that its turn machine reads."""

    @property
    def players(self) -> int:
        """Players at the table (EOP-1)."""

    @property
    def rounds(self) -> int:
        """Rounds on the page (EOP-17)."""

    @property
    def take_cards_above(self) -> bool:
        """A deep pickup takes the cards above too (EOP-R2)."""

    @property
    def discard_taken_card(self) -> bool:
        """The card just taken may be discarded again (EOP-R3)."""

    @property
    def stock_out(self) -> StockOut:
        """What an empty stock does (EOP-R4)."""

    @property
    def max_turns(self) -> int | None:
        """Turns after which a round ends unfinished (ALL-5)."""


def options_of(rules: PlayableRules[Any]) -> Options:
    """The End of the Page options of a rules object of the game.

    >>> from rummyrules import EndOfThePage
    >>> options_of(EndOfThePage()).max_turns is None
    True
    """
    # Only this game's rules come here, and its rules class has them all.
    return cast("Options", rules)


def options(state: GameState) -> Options:
    """The End of the Page options of a state's rules.

    >>> from rummyrules import EndOfThePage
    >>> options(EndOfThePage().new_game(seed=1)).max_turns is None
    True
    """
    return options_of(state.rules)


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

    phase: Phase
    turn: EndOfThePageTurn
