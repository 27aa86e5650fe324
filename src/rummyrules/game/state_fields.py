"""What every game state holds, and what that tells without playing on.

:class:`StateFields` is the frozen value beneath every
:class:`~rummyrules.GameState`: the cards where they lie, whose move it is,
the scores, the state as text. Playing on from it (the legal moves, a move
applied, its events, a player's view) is :class:`~rummyrules.GameState`'s.

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage(players=3).new_game(seed=5, dealer=1)
>>> isinstance(game, StateFields), game.players, game.scores
(True, 3, (0, 0, 0))
"""

from __future__ import annotations

import abc
import enum
from typing import Any, ClassVar, Self, cast

import attrs

from rummyrules.core.cards import Card, Rank
from rummyrules.core.inputs import expect, expect_player
from rummyrules.game.copies import Copy, copier
from rummyrules.game.playable_rules import PlayableRules
from rummyrules.game.results import RoundResult
from rummyrules.game.table import TableMeld
from rummyrules.game.to_move import Phase

__all__ = ["StateFields"]


@attrs.frozen(kw_only=True)
class StateFields(abc.ABC):
    """The fields every game state has, and what they tell (see :class:`~rummyrules.GameState`).

    >>> from rummyrules import GoingOutRummy
    >>> game = GoingOutRummy().new_game(seed=1)
    >>> game.is_over, game.round, game.set_aside()
    (False, 1, ())
    """

    phases: ClassVar[type[enum.StrEnum]] = Phase
    """The phases of this game, by which positions name them."""

    rules: PlayableRules[Any]
    seed: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    melds: tuple[TableMeld, ...] = ()
    phase: enum.StrEnum
    to_move: int | None
    turns: int = 0
    reshuffles: int = 0
    known: tuple[tuple[Card, ...], ...] = ()
    round_results: tuple[RoundResult, ...] = attrs.field(default=(), eq=False)

    @property
    def players(self) -> int:
        """How many players are at the table.

        >>> from rummyrules import EndOfThePage
        >>> EndOfThePage(players=3).new_game(seed=1).players
        3
        """
        return len(self.hands)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended.

        >>> from rummyrules import EndOfThePage
        >>> EndOfThePage().new_game(seed=1).is_over
        False
        """
        return self.to_move is None

    @property
    @abc.abstractmethod
    def winners(self) -> tuple[int, ...]:
        """Who won, once the game is over; empty while it goes on.

        In End of the Page and 1400, the players with the highest total (ties
        share). In Going Out Rummy, the player who went out or was left alone
        at the table; nobody when the game ended without a winner (GOR-R3,
        GOR-R4).

        >>> from rummyrules import EndOfThePage
        >>> EndOfThePage().new_game(seed=1).winners
        ()
        """

    @property
    def wild(self) -> Rank | None:
        """This round's wild rank; None in a game without one (Going Out Rummy).

        >>> from rummyrules import GoingOutRummy
        >>> print(GoingOutRummy().new_game(seed=1).wild)
        None
        """
        return None

    @property
    def round(self) -> int:
        """The round being played, from 1 (the last one, once the game is over).

        >>> from rummyrules import GoingOutRummy
        >>> GoingOutRummy().new_game(seed=1).round
        1
        """
        return 1

    @property
    def score_sheet(self) -> tuple[tuple[int, ...], ...]:
        """One row of scores per finished round; none in a game that keeps no score.

        >>> from rummyrules import GoingOutRummy
        >>> GoingOutRummy().new_game(seed=1).score_sheet
        ()
        """
        return ()

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's running total, the sum of the score sheet's rows.

        >>> from rummyrules import GoingOutRummy
        >>> GoingOutRummy().new_game(seed=1).scores
        (0, 0)
        """
        totals = [0] * self.players
        for row in self.score_sheet:
            for player, score in enumerate(row):
                totals[player] += score
        return tuple(totals)

    def hand(self, player: int) -> tuple[Card, ...]:
        """One player's hand, in the order the library shows cards.

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=1)
        >>> len(game.hand(0)) > 0
        True
        """
        if type(player) is not int:  # checked only off the common path
            expect_player(player)
        return self.hands[player]

    def position(self) -> str:
        """The state as one line of text, which ``rules.position`` reads back.

        >>> from rummyrules import GoingOutRummy
        >>> rules = GoingOutRummy(hand_size=2)
        >>> game = rules.position("to_move 1 draw | hands 7S 8S / 9H 9D | pile KC")
        >>> rules.position(game.position()) == game
        True
        """
        return self.rules.write_position(self)

    def with_page(self, rounds: int) -> Self:
        """The game with the page taped longer or ripped shorter (EOP-17).

        Only End of the Page keeps its score on a page; other games refuse.

        >>> from rummyrules import EndOfThePage, GoingOutRummy
        >>> EndOfThePage().new_game(seed=1).with_page(12).rules.rounds
        12
        >>> GoingOutRummy().new_game(seed=1).with_page(3)
        Traceback (most recent call last):
        ...
        rummyrules.OptionError: Going Out Rummy keeps no score page: one hand is the whole game (GOR-1)
        """
        expect(rounds, int, name="rounds", what="a whole number of rounds (int)")
        return cast("Self", self.rules.with_page(self, rounds))

    def set_aside(self) -> tuple[Card, ...]:
        """The cards neither in a hand, the stock, the discard pile nor a meld.

        1400's marker (F14-R3) and the cards of players who dropped out of
        Going Out Rummy (GOR-10); none in most games.

        >>> from rummyrules import EndOfThePage
        >>> EndOfThePage().new_game(seed=1).set_aside()
        ()
        """
        return ()

    def replace(self, **changes: Any) -> Self:
        """This state with some fields changed: the one way a turn machine makes a state.

        It is ``attrs.evolve`` without the validation the state classes do
        not have, written out once for each state class: the turn machines
        copy a state several times a move.

        >>> from rummyrules import EndOfThePage
        >>> EndOfThePage().new_game(seed=1).replace(turns=3).turns
        3
        >>> EndOfThePage().new_game(seed=1).replace(score=3)
        Traceback (most recent call last):
        ...
        TypeError: EndOfThePageState has no field score
        """
        copy = _COPIES.get(type(self))
        if copy is None:
            copy = _COPIES[type(self)] = copier(type(self))
        new: Self = copy(self, changes)
        return new

    def _lines(self) -> list[str]:
        """What this game's state adds to its text (:meth:`__str__`)."""
        return []

    def __str__(self) -> str:
        lines = [
            f"{self.rules.name}, round {self.round}, dealer {self.dealer}, "
            f"wild {self.wild}, {self.phase.value}, player {self.to_move} to move",
        ]
        for player, hand in enumerate(self.hands):
            lines.append(f"  hand {player}: {' '.join(map(str, hand))}")
        for number, meld in enumerate(self.melds, start=1):
            lines.append(f"  meld {number} (player {meld.owner}): {meld}")
        top = " ".join(map(str, self.discard_pile))
        lines.append(f"  discard pile (top first): {top}")
        lines += self._lines()
        lines.append(f"  stock: {len(self.stock)} cards; scores {list(self.scores)}")
        return "\n".join(lines)


_COPIES: dict[type[StateFields], Copy] = {}
"""Each state class's copy with changes (:meth:`StateFields.replace`)."""
