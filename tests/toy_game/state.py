"""Toy Rummy's state and view: the fields only this game keeps.

:class:`~rummyrules.GameState` already holds what every game has (the hands,
the stock, the discard pile, the melds, whose turn it is, the turns played);
a game's state adds only its own fields. Toy Rummy adds one: who won.

>>> from toy_game import ToyRummy
>>> game = ToyRummy().new_game(seed=4)
>>> type(game).__name__, game.winner, game.winners
('ToyState', None, ())
"""

from __future__ import annotations

from typing import Protocol, cast

import attrs

from rummyrules import GameState, Phase, View

__all__ = ["Options", "ToyState", "ToyView", "options"]


class Options(Protocol):
    """The options of Toy Rummy that its turn machine and checks read.

    The machine takes a state, whose ``rules`` field is typed as any game's
    rules; this protocol names what it reads of them, so that mypy checks it.
    """

    @property
    def players(self) -> int:
        """Players at the table (TOY-1)."""

    @property
    def burns(self) -> bool:
        """Whether a player may burn the top card of the stock (TOY-8)."""

    @property
    def max_turns(self) -> int | None:
        """Turns after which the game ends with no winner (ALL-5)."""


def options(state: GameState | View) -> Options:
    """The Toy Rummy options of a state's (or a view's) rules.

    >>> from toy_game import ToyRummy
    >>> options(ToyRummy(max_turns=9).new_game(seed=1)).max_turns
    9
    """
    # Only this game's rules make this game's states and views.
    return cast("Options", state.rules)


@attrs.frozen(kw_only=True)
class ToyState(GameState):
    """A game of Toy Rummy, as a frozen value: one deal is the whole game.

    Attributes:
        phase: Draw, then play (melds and the discard, TOY-3 to TOY-5); over
            once somebody has emptied their hand, the turn limit is reached or
            the cards run out (TOY-6, TOY-7, ALL-5).
        winner: Who emptied their hand first (TOY-6); None while the game goes
            on, and when it ended without a winner.

    >>> from toy_game import ToyRummy
    >>> game = ToyRummy().new_game(seed=4).apply("draw")
    >>> game.phase, len(game.hand(1))
    (<Phase.PLAY: 'play'>, 6)
    """

    # Narrowed from the base's any-game phase: Toy Rummy uses the shared three.
    phase: Phase
    winner: int | None = None

    @property
    def winners(self) -> tuple[int, ...]:
        """The winner, once the game is over; nobody when it ended without one.

        >>> from toy_game import ToyRummy
        >>> ToyRummy().new_game(seed=1).winners
        ()
        """
        if not self.is_over or self.winner is None:
            return ()
        return (self.winner,)

    def _view(self, player: int) -> ToyView:
        # The shared fields already hide what must be hidden: the other hands
        # show only their sizes, the stock only its count.
        return ToyView(**self.view_fields(player))


@attrs.frozen(kw_only=True)
class ToyView(View):
    """What one player may see of a game of Toy Rummy: the shared view, nothing more.

    A game declares a view class of its own even when, like this one, it adds
    no field: saved views are read back as the class their rules declare.

    >>> from toy_game import ToyRummy
    >>> view = ToyRummy().new_game(seed=4).view(0)
    >>> view.hand_sizes, view.stock_count
    ((5, 5), 21)
    """

    phase: Phase
