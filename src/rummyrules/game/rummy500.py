"""What End of the Page and 1400 share as Rummy 500 games.

Both deal a round at a time and keep a score sheet, have a wild rank whose
face-up card its holder shows until it is played, let a player take any card
of the discard pile, and score the cards played minus the cards in hand.
This module holds their state and view, and their rounds and scores; both
lay melds in front of the player who made them and credit lay-offs to
whoever played them (:mod:`rummyrules.game.rummy500_melding`). Each game's
package says only what is its own.

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
>>> counted(game, rule="EOP-16").net
(-245, -145)
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

import attrs

from rummyrules.core.cards import Card, Rank
from rummyrules.core.shuffle import shuffled
from rummyrules.game.dealing import first_order
from rummyrules.game.playable_rules import PlayableRules
from rummyrules.game.results import RoundResult
from rummyrules.game.state import GameState
from rummyrules.game.table import played_by_each
from rummyrules.game.view import View
from rummyrules.melds import Meld

__all__ = [
    "Deal",
    "Rummy500State",
    "Rummy500View",
    "add_result",
    "counted",
    "face_up_after",
    "next_round",
    "start",
]


@attrs.frozen(kw_only=True)
class Rummy500State(GameState):
    """A game of the Rummy 500 family: rounds on a score sheet, a wild rank.

    Attributes:
        wild: This round's wild rank.
        face_up: The card that set the wild rank, while its holder still
            holds it, face up for everyone (EOP-3, F14-4); None once played.
        score_sheet: One row of scores per finished round (the page).
        out: Who went out this round, if anyone.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage(players=3).new_game(seed=5, dealer=1)
    >>> game.round, game.scores, game.face_up_holder
    (1, (0, 0, 0), 1)
    """

    wild: Rank | None
    face_up: Card | None = None
    score_sheet: tuple[tuple[int, ...], ...] = ()
    out: int | None = None

    @property
    def round(self) -> int:
        """The round being played, from 1 (the one after the last scored, or the last once over).

        >>> from rummyrules import EndOfThePage
        >>> EndOfThePage().new_game(seed=1).round
        1
        """
        return max(1, len(self.score_sheet) + (0 if self.is_over else 1))

    @property
    def face_up_holder(self) -> int | None:
        """Who shows the face-up card (the player the deal gave it to), while they hold it.

        >>> from rummyrules import EndOfThePage
        >>> EndOfThePage().new_game(seed=1, dealer=1).face_up_holder
        1
        """
        return None if self.face_up is None else self.face_up_seat()

    def face_up_seat(self) -> int | None:
        """The player the deal gives the face-up card to (None: nobody, it is a marker).

        >>> from rummyrules import EndOfThePage
        >>> EndOfThePage().new_game(seed=1, dealer=1).face_up_seat()
        1
        """
        return self.dealt_face_up_seat(self.rules, self.dealer)

    @classmethod
    @abc.abstractmethod
    def dealt_face_up_seat(cls, rules: PlayableRules[Any], dealer: int) -> int | None:
        """The player these rules deal the face-up wild card to, with this dealer."""

    def meld_layout(self) -> Callable[[Meld], Meld] | None:
        """How a new meld is laid now, if not with its wilds in card order (MELD-5).

        Two wilds of one rank the other way round are one meld, laid one way
        (:meth:`~rummyrules.melds.Meld.wilds_in_order`): None says so. A game
        whose rules place a wild in some turn gives its own layout (End of
        the Page's wild taken from deep in the pile, EOP-R6).

        >>> from rummyrules import FourteenHundred
        >>> print(FourteenHundred().new_game(seed=1).meld_layout())
        None
        """
        return None

    @property
    def melded(self) -> tuple[bool, ...]:
        """Who has laid a meld of their own this round, the owners of melds (EOP-9).

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
        >>> game.melded
        (False, True)
        """
        return self.memo(_melded)

    @property
    def winners(self) -> tuple[int, ...]:
        """The players with the highest total, once the game is over (ties share).

        >>> from rummyrules import EndOfThePage
        >>> EndOfThePage().new_game(seed=1).winners
        ()
        """
        if not self.is_over:
            return ()
        scores = self.scores
        best = max(scores)
        return tuple(player for player, score in enumerate(scores) if score == best)

    def view_fields(self, player: int) -> dict[str, Any]:
        """The fields of a Rummy 500 view: the shared ones and the round's own.

        >>> from rummyrules import EndOfThePage
        >>> EndOfThePage().new_game(seed=1).view_fields(0)["round"]
        1
        """
        return {
            **super().view_fields(player),
            "round": self.round,
            "wild": self.wild,
            "face_up": self.face_up,
            "face_up_holder": self.face_up_holder,
            "scores": self.scores,
            "score_sheet": self.score_sheet,
            "out": self.out,
        }

    def _lines(self) -> list[str]:
        if self.face_up is None:
            return []
        return [f"  face up in player {self.face_up_holder}'s hand: {self.face_up}"]


def _melded(state: Rummy500State) -> tuple[bool, ...]:
    owners = {meld.owner for meld in state.melds}
    return tuple(player in owners for player in range(state.players))


@attrs.frozen(kw_only=True)
class Rummy500View(View):
    """What a player may see of a Rummy 500 game: the shared view and the round's own.

    Attributes:
        round: The round being played.
        wild: This round's wild rank.
        face_up: The wild-rank card lying face up in its holder's hand.
        face_up_holder: Who holds ``face_up``; None once it is played.
        scores: Each player's running total.
        score_sheet: One row of scores per finished round.
        out: Who went out this round, if anyone.

    >>> from rummyrules import EndOfThePage
    >>> view = EndOfThePage().new_game(seed=2).view(0)
    >>> view.round, view.scores
    (1, (0, 0))
    """

    round: int
    wild: Rank | None
    face_up: Card | None
    face_up_holder: int | None
    scores: tuple[int, ...]
    score_sheet: tuple[tuple[int, ...], ...]
    out: int | None


R = TypeVar("R", bound=Rummy500State)


# --- Rounds and scores ----------------------------------------------------------


S_co = TypeVar("S_co", bound=Rummy500State, covariant=True)
"""The state class a game's deal makes."""


class Deal(Protocol[S_co]):
    """A game's deal of one round from a deck order (its ``deal`` function).

    Generic in the game's state class, so that the first round and each next
    one are typed as that game's state.

    >>> from rummyrules.games.end_of_the_page.plays import deal as eop_deal
    >>> from rummyrules.games.fourteen_hundred.machine import deal as f14_deal
    >>> deals: list[Deal[Rummy500State]] = [eop_deal, f14_deal]
    >>> len(deals)
    2
    """

    def __call__(
        self,
        rules: Any,
        order: Sequence[Card],
        *,
        seed: int,
        dealer: int,
        sheet: tuple[tuple[int, ...], ...],
    ) -> S_co:
        """Deal the round."""


def start(
    rules: PlayableRules[Any],
    deal: Deal[R],
    *,
    seed: int,
    deck: Sequence[Card] | None,
    dealer: int,
) -> R:
    """The first round of a game, dealt from a checked stacked deck or the seed.

    >>> from rummyrules import EndOfThePage
    >>> EndOfThePage().new_game(seed=4).round
    1
    """
    order = first_order(
        rules, players=rules.players, seed=seed, deck=deck, dealer=dealer
    )
    return deal(rules, order, seed=seed, dealer=dealer, sheet=())


def next_round(state: Rummy500State, deal: Deal[R]) -> R:
    """The next round: the deal passes one seat left (EOP-R1, F14-R4), the seed shuffles.

    >>> from rummyrules import EndOfThePage
    >>> from rummyrules.games.end_of_the_page.plays import deal
    >>> game = EndOfThePage().new_game(seed=4, dealer=1)
    >>> next_round(game, deal).dealer
    0
    """
    number = len(state.score_sheet) + 1
    order = shuffled(state.rules.deck(), state.seed, "round", number)
    dealer = (state.dealer + 1) % state.players
    dealt = deal(
        state.rules, order, seed=state.seed, dealer=dealer, sheet=state.score_sheet
    )
    return dealt.replace(round_results=state.round_results)


def add_result(state: R, result: RoundResult) -> R:
    """The state with the round counted: its net a new score-sheet row, its result the last.

    The state keeps only the last round's result (the score sheet keeps
    every row); the game's record replays the others
    (:func:`~rummyrules.replay_events`).

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=4)
    >>> game = add_result(game, counted(game, rule="EOP-16"))
    >>> game.score_sheet == (game.round_results[0].net,), len(game.round_results)
    (True, 1)
    """
    return state.replace(
        score_sheet=(*state.score_sheet, result.net),
        round_results=(result,),
    )


def counted(state: Rummy500State, *, rule: str) -> RoundResult:
    """The round counted as the hands lie: cards played minus cards in hand.

    A card laid off on another player's meld counts for the player who laid
    it (EOP-16, F14-14).

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
    >>> result = counted(game, rule="EOP-16")
    >>> result.melded, result.in_hand, result.net
    ((0, 30), (245, 175), (-245, -145))
    """
    # Each distinct card's value asked once: card_value checks its card at
    # every call, and a round of 1400 ends with some 45 cards on the table
    # and in the hands, of a few dozen kinds.
    cards = {card for hand in state.hands for card in hand}
    cards.update(card for meld in state.melds for card in meld.cards)
    values = {card: state.rules.card_value(card, wild=state.wild) for card in cards}
    value = values.__getitem__
    played = tuple(played_by_each(state.melds, state.players, value))
    in_hand = tuple(sum(value(card) for card in hand) for hand in state.hands)
    return RoundResult(
        round=len(state.score_sheet) + 1,
        hands=state.hands,
        melded=played,
        in_hand=in_hand,
        bonus=(0,) * state.players,
        net=tuple(melded - cost for melded, cost in zip(played, in_hand, strict=True)),
        went_out=state.out,
        rule=rule,
    )


def face_up_after(state: Rummy500State, hands: Sequence[Sequence[Card]]) -> Card | None:
    """The face-up card once the hands are these: it stays while its holder holds it.

    The wild-rank card stays face up until its holder plays it (EOP-3,
    F14-4); identical cards are equal, so it stays face up while the holder
    has one.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3)
    >>> face_up_after(game, game.hands) == game.face_up
    True
    >>> print(face_up_after(game, [(), ()]))
    None
    """
    holder = state.face_up_holder
    if state.face_up is None or holder is None or state.face_up not in hands[holder]:
        return None
    return state.face_up
