"""Toy Rummy's options, state and view: the fields only this game keeps.

:class:`~rummyrules.GameState` already holds what every game has (the hands,
the stock, the discard pile, the melds, whose turn it is, the turns played);
a game's state adds only its own fields. Toy Rummy adds one: who won.

>>> from toy_game import ToyRummy
>>> game = ToyRummy().new_game(seed=4)
>>> type(game).__name__, game.winner, game.winners
('ToyState', None, ())
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from rummyrules import GameState, Phase, View
from rummyrules.authoring import GameRules, about, at_least, between, is_bool

__all__ = ["ToyOptions", "ToyState", "ToyView"]


@attrs.frozen(kw_only=True, cache_hash=True)
class ToyOptions(GameRules["ToyState"]):
    """The options of Toy Rummy, declared once: the rules class inherits them.

    - ``players``: 2 to 4 (TOY-1).
    - ``full_deck``: play with all 52 cards instead of the 32 from 7 to Ace
      (TOY-1, default False).
    - ``burns``: a player may burn the top card of the stock (TOY-8,
      default False).
    - ``max_turns``: end the game with no winner after this many turns
      (ALL-5, default None: no limit).

    They are declared here, below the machine, so that the state and the view
    can name them as their ``rules``: the machine, the checks and the strategy
    then read ``state.rules.max_turns`` typed, with nothing restated. The rules
    class (``rules.py``) adds what the shared layers ask of the game.

    >>> from toy_game import ToyRummy
    >>> ToyRummy(max_turns=9).new_game(seed=1).rules.max_turns
    9
    """

    players: int = attrs.field(
        default=2,
        validator=between(2, 4),
        metadata=about("TOY-1", "Players at the table."),
    )
    full_deck: bool = attrs.field(
        default=False,
        validator=is_bool,
        metadata=about(
            "TOY-1", "Play with all 52 cards instead of the 32 from 7 to Ace."
        ),
    )
    burns: bool = attrs.field(
        default=False,
        validator=is_bool,
        metadata=about("TOY-8", "A player may burn the top card of the stock."),
    )
    max_turns: int | None = attrs.field(
        default=None,
        validator=at_least(1),
        metadata=about("ALL-5", "Turns after which the game ends with no winner."),
    )


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

    if TYPE_CHECKING:
        # This game's states hold this game's rules, narrowed for the type
        # checker alone: the field keeps its place, first, in reprs and saved JSON.
        rules: ToyOptions
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

    if TYPE_CHECKING:  # the game's own rules, as in its state
        rules: ToyOptions
    phase: Phase
