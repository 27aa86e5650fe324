"""What a playable game's rules class declares: its state, its machine, its texts.

:class:`PlayableRules` is generic in the game's state class, so that
``EndOfThePage().new_game()`` is typed as an ``EndOfThePageState``.

>>> from rummyrules import EndOfThePage
>>> EndOfThePage.state_class.__name__, EndOfThePage.short_name
('EndOfThePageState', 'eop')
"""

from __future__ import annotations

import abc
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, TypeVar

import attrs

from rummyrules.core.cards import Card
from rummyrules.core.errors import OptionError
from rummyrules.game.cores import Core
from rummyrules.game.duties import Duty
from rummyrules.game.machine import Machine
from rummyrules.game.rules import Rules

__all__ = ["PlayableRules"]

S = TypeVar("S")
"""The game's state class."""


@attrs.frozen(kw_only=True, cache_hash=True)
class PlayableRules(Rules, Generic[S]):
    """A rules class whose games can be dealt and played.

    Besides its options, a game's rules class declares what the shared
    layers ask of it: its state and view classes, its integer core, its
    turn machine, its name on the command line.

    >>> from rummyrules import EndOfThePage
    >>> isinstance(EndOfThePage(), PlayableRules)
    True
    """

    state_class: ClassVar[type[Any]]
    """The class of this game's states."""
    view_class: ClassVar[type[Any]]
    """The class of this game's views."""
    short_name: ClassVar[str]
    """The game's short name on the command line (``eop``)."""
    aliases: ClassVar[tuple[str, ...]] = ()
    """Other names the command line takes for the game."""

    @property
    @abc.abstractmethod
    def players(self) -> int:
        """How many players are at the table.

        >>> from rummyrules import EndOfThePage
        >>> EndOfThePage(players=3).players
        3
        """

    @property
    @abc.abstractmethod
    def machine(self) -> Machine[Any]:
        """The game's turn machine, which explains a refusal and plays a move.

        >>> from rummyrules import EndOfThePage
        >>> EndOfThePage().machine.game
        'End of the Page'
        """

    @property
    @abc.abstractmethod
    def core(self) -> Core:
        """The game's integer core, which lists and plays its moves, under every option.

        See :mod:`rummyrules.game.cores`.

        >>> from rummyrules import EndOfThePage
        >>> from rummyrules.game.cores import Core
        >>> isinstance(EndOfThePage().core, Core)
        True
        """

    @abc.abstractmethod
    def new_game(
        self, *, seed: int = 0, deck: Sequence[Card] | None = None, dealer: int = 0
    ) -> S:
        """Deal a new game, from a seed or from a whole stacked deck (top card first).

        A seed, dealer or deck of the wrong type (``seed="42"``, a deck given
        as text) raises TypeError; a dealer who is no player, a seed of more
        than 100 digits or a deck that is not the game's raises
        :class:`~rummyrules.OptionError` (a :class:`~rummyrules.DeckError`
        for the deck).

        >>> from rummyrules import EndOfThePage
        >>> EndOfThePage().new_game(seed=1) == EndOfThePage().new_game(seed=1)
        True
        """

    @abc.abstractmethod
    def position(self, text: str) -> S:
        """The game state a position's text describes, fully checked (see :doc:`positions`).

        The text may leave out the rules line; if it has one, it must name
        these rules. Raises :class:`~rummyrules.PositionError` saying what
        is wrong.

        >>> from rummyrules import GoingOutRummy
        >>> rules = GoingOutRummy(hand_size=2)
        >>> game = rules.position("to_move 1 draw | hands 7S 8S / 9H 9D | pile KC")
        >>> [str(move) for move in game.legal_moves()]
        ['draw', 'take', 'drop']
        """

    def with_page(self, state: S, rounds: int) -> S:
        """The game with a page of ``rounds`` rows, where the game keeps a page (EOP-17).

        A game without a page needs not say more; this is what it says:

        >>> from rummyrules import FourteenHundred
        >>> rules = FourteenHundred()
        >>> PlayableRules.with_page(rules, rules.new_game(seed=1), 3)
        Traceback (most recent call last):
        ...
        rummyrules.OptionError: 1400 keeps no score page (EOP-17)
        """
        del state, rounds
        raise OptionError(f"{self.name} keeps no score page (EOP-17)")

    def duties(self, state: S, player: int) -> tuple[Duty, ...]:
        """What the rules still ask of ``player``, the player to move, this turn; a game with none says nothing.

        :meth:`~rummyrules.GameState.duties` asks it; see
        :mod:`rummyrules.game.duties`.

        >>> from rummyrules import GoingOutRummy
        >>> rules = GoingOutRummy()
        >>> rules.duties(rules.new_game(seed=1), 1)  # going out is a choice (GOR-7)
        ()
        """
        del state, player
        return ()

    def check_state(self, state: S) -> None:
        """Refuse a state, sound in shape, that no play of this game reaches.

        :func:`~rummyrules.formats.checks.check_state` checks what every game
        shares (the cards, the melds, the players) and then asks the game.

        >>> from rummyrules import EndOfThePage
        >>> rules = EndOfThePage()
        >>> rules.check_state(rules.new_game(seed=1))
        """
        del state

    def check_view(self, view: Any) -> None:
        """Refuse a view, sound in shape, that no play of this game shows.

        >>> from rummyrules import EndOfThePage
        >>> rules = EndOfThePage()
        >>> rules.check_view(rules.new_game(seed=1).view(0))
        """
        del view

    @abc.abstractmethod
    def write_position(self, state: S) -> str:
        """A state of this game as the one line :meth:`position` reads back.

        >>> from rummyrules import GoingOutRummy
        >>> rules = GoingOutRummy(hand_size=2)
        >>> game = rules.position("to_move 1 draw | hands 7S 8S / 9H 9D | pile KC")
        >>> rules.write_position(game) == game.position()
        True
        """
