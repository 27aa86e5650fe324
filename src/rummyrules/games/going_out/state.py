"""Going Out Rummy's state and view: what only this game keeps.

>>> from rummyrules import GoingOutRummy
>>> game = GoingOutRummy(players=3).new_game(seed=4)
>>> type(game).__name__, game.dropped, game.winner
('GoingOutState', (), None)
"""

from __future__ import annotations

import enum
from typing import Any, Protocol, cast

import attrs

from rummyrules.core.cards import Card
from rummyrules.game.state import GameState, Phase, PlayableRules, View

__all__ = ["GoingOut", "GoingOutState", "GoingOutView", "Options", "options"]


class GoingOut(enum.StrEnum):
    """How a hand may go out (GOR-7, and the Major/Minor variation GOR-8).

    >>> GoingOut("minor")
    <GoingOut.MINOR: 'minor'>
    """

    STANDARD = "standard"
    """Any number of melds, at most one card left over (GOR-7)."""
    MAJOR = "major"
    """Every card in one single meld (GOR-8)."""
    MINOR = "minor"
    """Every card but at most one in one single meld (GOR-8)."""


class Options(Protocol):
    """The options of Going Out Rummy that its turn machine reads."""

    @property
    def players(self) -> int:
        """Players at the table (GOR-1)."""

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player (GOR-1)."""

    @property
    def going_out(self) -> GoingOut:
        """How a hand may go out (GOR-8)."""

    @property
    def last_player_wins(self) -> bool:
        """The last player left wins (GOR-R3)."""

    @property
    def max_turns(self) -> int | None:
        """Turns after which the game ends with no winner (GOR-R4)."""


def options_of(rules: PlayableRules[Any]) -> Options:
    """The Going Out Rummy options of a rules object of the game.

    >>> from rummyrules import GoingOutRummy
    >>> options_of(GoingOutRummy()).max_turns is None
    True
    """
    # Only this game's rules come here, and its rules class has them all.
    return cast("Options", rules)


def options(state: GameState) -> Options:
    """The Going Out Rummy options of a state's rules.

    >>> from rummyrules import GoingOutRummy
    >>> options(GoingOutRummy().new_game(seed=1)).max_turns is None
    True
    """
    return options_of(state.rules)


@attrs.frozen(kw_only=True)
class GoingOutState(GameState):
    """A game of Going Out Rummy, as a frozen value: one hand is the whole game.

    Attributes:
        phase: Draw, then go out or discard (GOR-4); over once someone wins.
        winner: Who won (went out, or was the last player left), once the
            game is over (GOR-7, GOR-R3); None while it goes on or when the
            game ended with no winner.
        dropped: The players who dropped out, in the order they dropped (GOR-10).
        dropped_cards: The cards of the players who dropped out, face down
            and out of play for the rest of the game (GOR-10).

    >>> from rummyrules import GoingOutRummy
    >>> game = GoingOutRummy().new_game(seed=3).apply("1: drop")
    >>> game.winner, game.winners, len(game.dropped_cards)
    (0, (0,), 7)
    """

    phase: Phase
    winner: int | None = None
    dropped: tuple[int, ...] = ()
    dropped_cards: tuple[Card, ...] = ()

    @property
    def out(self) -> int | None:
        """Who went out, laying the whole hand down (GOR-7), if anyone.

        >>> from rummyrules import GoingOutRummy
        >>> print(GoingOutRummy().new_game(seed=3).out)
        None
        """
        winner = self.winner
        if winner is None or self.hands[winner] or winner in self.dropped:
            return None
        return winner if any(meld.owner == winner for meld in self.melds) else None

    @property
    def winners(self) -> tuple[int, ...]:
        """The winner, once the game is over; nobody when it ended with none.

        >>> from rummyrules import GoingOutRummy
        >>> GoingOutRummy().new_game(seed=1).winners
        ()
        """
        if not self.is_over or self.winner is None:
            return ()
        return (self.winner,)

    def set_aside(self) -> tuple[Card, ...]:
        """The cards of the players who dropped out, out of play (GOR-10).

        >>> from rummyrules import GoingOutRummy
        >>> len(GoingOutRummy(players=3).new_game(seed=3).apply("2: drop").set_aside())
        7
        """
        return self.dropped_cards

    def view(self, player: int) -> GoingOutView:
        """What ``player`` may see, as this game's own view (see :meth:`GameState.view`).

        >>> from rummyrules import GoingOutRummy
        >>> game = GoingOutRummy().new_game(seed=1)
        >>> game.view(0).dropped
        ()
        """
        return cast("GoingOutView", super().view(player))

    def _view(self, player: int) -> GoingOutView:
        return GoingOutView(**self.view_fields(player), dropped=self.dropped)

    def _lines(self) -> list[str]:
        if not self.dropped:
            return []
        gone = ", ".join(map(str, self.dropped))
        cards = len(self.dropped_cards)
        return [f"  dropped out: player {gone}; {cards} cards out of play"]


@attrs.frozen(kw_only=True)
class GoingOutView(View):
    """What one player may see of a game of Going Out Rummy (GOR-11).

    The stock only as a rough size, the discard pile only its top card.

    Attributes:
        dropped: Who has dropped out (GOR-10).

    >>> from rummyrules import GoingOutRummy
    >>> view = GoingOutRummy(players=3).new_game(seed=4).view(1)
    >>> view.stock_count, view.dropped
    (None, ())
    """

    phase: Phase
    dropped: tuple[int, ...]
