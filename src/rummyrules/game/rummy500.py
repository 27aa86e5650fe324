"""What End of the Page and 1400 share as Rummy 500 games.

Both deal a round at a time and keep a score sheet, have a wild rank whose
face-up card its holder shows until it is played, lay melds in front of the
player who made them, credit lay-offs to whoever played them, and score the
cards played minus the cards in hand. The pieces here serve both; each game's
package says only what is its own.

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
>>> round_scores(game)
(-245, -145)
"""

from __future__ import annotations

import abc
import functools
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

import attrs

from rummyrules import melds
from rummyrules.core.cards import Card, Rank
from rummyrules.core.hands import hand_after
from rummyrules.core.shuffle import shuffled
from rummyrules.game.dealing import first_order
from rummyrules.game.machine import refuse
from rummyrules.game.moves import Claim, LayOff, NewMeld
from rummyrules.game.playable import PlayableRules
from rummyrules.game.state import GameState
from rummyrules.game.table import TableMeld, played_by_each
from rummyrules.game.turns import check_held
from rummyrules.game.view import View
from rummyrules.melds import Meld, MeldKind, MeldRules
from rummyrules.melds import search as meld_search

__all__ = [
    "Deal",
    "OnMeld",
    "Rummy500State",
    "Rummy500View",
    "add_row",
    "face_up_after",
    "fit_on_meld",
    "lay_off",
    "lay_off_options",
    "meld_after",
    "meld_options",
    "name_lay_off",
    "name_meld",
    "next_round",
    "play_meld",
    "round_scores",
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


# --- Melds and lay-offs -------------------------------------------------------


@functools.lru_cache(maxsize=4096)
def _melds_of(
    hand: tuple[Card, ...], meld_rules: MeldRules, wild: Rank | None
) -> tuple[NewMeld, ...]:
    # A pure search memoised on the frozen hand: each state lists its moves
    # from it, and states repeat hands often within a turn and across bots.
    found = meld_search.find_melds(hand, meld_rules, wild=wild)
    return tuple(NewMeld.of(meld) for meld in found)


def meld_options(state: Rummy500State, player: int) -> tuple[NewMeld, ...]:
    """Every new meld the player can lay from their hand, wilds declared.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw")
    >>> [str(move) for move in meld_options(game, 1)][:2]
    ['meld 6H 6D 8D=6', 'meld 9H 9C 8D=9']
    """
    return _melds_of(state.hands[player], state.rules.meld_rules, state.wild)


def name_meld(state: Rummy500State, move: NewMeld, player: int) -> list[NewMeld]:
    """The readings a new meld names, each wild declared; or why it is no meld.

    >>> from rummyrules import EndOfThePage
    >>> from rummyrules.game.moves import parse_move
    >>> game = EndOfThePage().new_game(seed=3).apply("draw")
    >>> [str(move) for move in name_meld(game, parse_move("meld 9H 9C 8D"), 1)]
    ['meld 9H 9C 8D=9']
    """
    check_held(state.hands[player], move.cards)
    meld_rules = state.rules.meld_rules
    found = melds.check(move.cards, meld_rules, wild=state.wild, declared=move.declared)
    if not found:
        raise refuse(found.reason, found.rule or meld_rules.meld_rule)
    if any(move.declared) and all(
        melds.is_wild(card, state.wild) for card in move.cards
    ):
        open_meld = NewMeld(cards=move.cards)
        raise refuse(
            "a meld of wild cards only is laid with its meaning open, for the cards "
            f"laid off on it to decide: '{open_meld}'",
            meld_rules.wild_rule,
        )
    return [NewMeld.of(meld) for meld in found.melds]


def play_meld(state: R, move: NewMeld, player: int) -> R:
    """Lay a new meld: the cards leave the hand for the table (MELD-6).

    The player is then "down" for the round (EOP-9).

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw")
    >>> after = play_meld(game, game.legal_moves()[5], 1)
    >>> str(after.melds[0]), after.melded
    ('KH KD KC', (False, True))
    """
    (meld,) = melds.readings(
        move.cards, state.rules.meld_rules, wild=state.wild, declared=move.declared
    )
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], take=move.cards)
    return state.replace(
        hands=tuple(hands),
        melds=(*state.melds, TableMeld.laid(meld, owner=player)),
        face_up=face_up_after(state, hands),
    )


def lay_off_options(state: Rummy500State, player: int) -> list[LayOff]:
    """Every lay-off of one card of the player's hand onto a meld on the table.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
    >>> [str(move) for move in lay_off_options(game, 1)]
    ['lay 8D=K on 1']
    """
    meld_rules, wild = state.rules.meld_rules, state.wild
    cards = dict.fromkeys(state.hands[player])
    found: list[LayOff] = []
    for number, table_meld in enumerate(state.melds, start=1):
        meld = table_meld.meld
        fits = meld_search.could_fit(meld, meld_rules, wild)
        found.extend(
            LayOff(card=card, declared=option.stands_for, meld=number)
            for card in cards
            if fits(card)
            for option in meld_search.layoff_options(card, meld, meld_rules, wild)
        )
    return found


def name_lay_off(state: Rummy500State, move: LayOff, player: int) -> list[LayOff]:
    """The lay-offs this move names, the wild declared; or why none (MELD-6).

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
    >>> [
    ...     str(lay)
    ...     for lay in name_lay_off(game, LayOff(card=Card.parse("8D"), meld=1), 1)
    ... ]
    ['lay 8D=K on 1']
    """
    _table_meld(state, move.meld)
    check_held(state.hands[player], [move.card])
    return fit_on_meld(state, move)


def lay_off(state: R, move: LayOff | Claim, player: int) -> R:
    """Lay a card off: it joins the meld, credited to the player (MELD-6).

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
    >>> lay = LayOff(card=Card.parse("8D"), declared=Rank.KING, meld=1)
    >>> after = lay_off(game, lay, 1)
    >>> str(after.melds[0]), after.melds[0].played_by
    ('KH KD KC 8D=K', (1, 1, 1, 1))
    """
    old = state.melds[move.meld - 1]
    table = list(state.melds)
    table[move.meld - 1] = old.with_card(meld_after(state, move), player=player)
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], take=[move.card])
    return state.replace(
        hands=tuple(hands), melds=tuple(table), face_up=face_up_after(state, hands)
    )


OnMeld = TypeVar("OnMeld", LayOff, Claim)
"""A move that adds one card to a meld on the table: a lay-off, or 1400's claim."""


def fit_on_meld(state: Rummy500State, move: OnMeld) -> list[OnMeld]:
    """Each way the move's card joins its meld, the wild declared; or why none (MELD-6).

    Laying off in one's own turn and claiming a discard (F14-R9) both come
    here, so the same declarations are read the same way and refused for
    the same reasons. Whether the player holds the card is the caller's
    business.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
    >>> [str(lay) for lay in fit_on_meld(game, LayOff(card=Card.parse("8D"), meld=1))]
    ['lay 8D=K on 1']
    >>> fit_on_meld(game, LayOff(card=Card.parse("7C"), meld=1))
    Traceback (most recent call last):
    ...
    rummyrules.IllegalMoveError: 7C does not fit meld 1 (KH KD KC): ...
    """
    table_meld: Meld = _table_meld(state, move.meld)
    found = melds.check(
        (*table_meld.cards, move.card),
        state.rules.meld_rules,
        wild=state.wild,
        declared=(*table_meld.stands_for, move.declared),
    )
    if not found:
        reason = (
            f"{move.card} does not fit meld {move.meld} ({table_meld}): {found.reason}"
        )
        raise refuse(reason, found.rule or "MELD-6")
    if table_meld.kind is MeldKind.WILD and move.declared is not None:
        # As a new meld of wilds only is laid open (name_meld), a wild laid
        # off on one leaves it open: only a natural card decides it.
        undeclared = attrs.evolve(move, declared=None)
        raise refuse(
            f"meld {move.meld} ({table_meld}) is wild cards only, its meaning left "
            f"open, and a wild card laid off on it leaves it so: '{undeclared}'",
            state.rules.meld_rules.wild_rule,
        )
    if not melds.is_wild(move.card, state.wild):
        return [attrs.evolve(move, declared=None)]
    meanings = dict.fromkeys(
        meld_search.new_meaning(table_meld, after, move.card, state.wild)
        for after in found.melds
    )
    return [attrs.evolve(move, declared=meaning) for meaning in meanings]


def _table_meld(state: Rummy500State, number: int) -> Meld:
    """Meld ``number`` on the table (from 1), or why there is none (MELD-6)."""
    if not 1 <= number <= len(state.melds):
        count = len(state.melds)
        there = {0: "there are no melds", 1: "there is only meld 1"}.get(
            count, f"there are melds 1 to {count}"
        )
        raise refuse(f"there is no meld {number} on the table ({there})", "MELD-6")
    return state.melds[number - 1].meld


def meld_after(state: Rummy500State, move: LayOff | Claim) -> Meld:
    """The meld a lay-off makes: the reading in which the card means what it says.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
    >>> str(meld_after(game, LayOff(card=Card.parse("8D"), declared=Rank.KING, meld=1)))
    'KH KD KC 8D=K'
    """
    table_meld = state.melds[move.meld - 1].meld
    options = meld_search.layoff_options(
        move.card, table_meld, state.rules.meld_rules, state.wild
    )
    return next(option.meld for option in options if option.stands_for == move.declared)


# --- Rounds and scores ----------------------------------------------------------


class Deal(Protocol):
    """A game's deal of one round from a deck order (its ``deal`` function).

    >>> from rummyrules.games.end_of_the_page.machine import deal as eop_deal
    >>> from rummyrules.games.fourteen_hundred.machine import deal as f14_deal
    >>> deals: list[Deal] = [eop_deal, f14_deal]
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
    ) -> Rummy500State:
        """Deal the round."""


def start(
    rules: PlayableRules[Any],
    deal: Deal,
    *,
    seed: int,
    deck: Sequence[Card] | None,
    dealer: int,
) -> Rummy500State:
    """The first round of a game, dealt from a checked stacked deck or the seed.

    >>> from rummyrules import EndOfThePage
    >>> EndOfThePage().new_game(seed=4).round
    1
    """
    order = first_order(
        rules, players=rules.players, seed=seed, deck=deck, dealer=dealer
    )
    return deal(rules, order, seed=seed, dealer=dealer, sheet=())


def next_round(state: Rummy500State, deal: Deal) -> Rummy500State:
    """The next round: the deal passes one seat left (EOP-R1, F14-R4), the seed shuffles.

    >>> from rummyrules import EndOfThePage
    >>> from rummyrules.games.end_of_the_page.machine import deal
    >>> game = EndOfThePage().new_game(seed=4, dealer=1)
    >>> next_round(game, deal).dealer
    0
    """
    number = len(state.score_sheet) + 1
    order = shuffled(state.rules.deck(), state.seed, "round", number)
    dealer = (state.dealer + 1) % state.players
    return deal(
        state.rules, order, seed=state.seed, dealer=dealer, sheet=state.score_sheet
    )


def add_row(state: R, row: tuple[int, ...]) -> R:
    """The state with one more row on the score sheet (and so new totals).

    >>> from rummyrules import EndOfThePage
    >>> game = add_row(EndOfThePage().new_game(seed=4), (10, -5))
    >>> game.score_sheet, game.scores
    (((10, -5),), (10, -5))
    """
    return state.replace(score_sheet=(*state.score_sheet, row))


def round_scores(state: Rummy500State) -> tuple[int, ...]:
    """This round's score for each player: cards played minus cards in hand.

    A card laid off on another player's meld counts for the player who laid
    it (EOP-16, F14-14).

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
    >>> round_scores(game)
    (-245, -145)
    """
    value = functools.partial(state.rules.card_value, wild=state.wild)
    played = played_by_each(state.melds, state.players, value)
    return tuple(
        played[p] - sum(value(card) for card in hand)
        for p, hand in enumerate(state.hands)
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
