"""What End of the Page and 1400 share as Rummy 500 games.

Both lay melds in front of the player who made them, credit lay-offs to
whoever played them, score the cards played minus the cards in hand, keep a
spread discard pile, and total the rounds on a score sheet. The pieces here
serve both; each variant's module says only what is its own.

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
>>> round_scores(game)
(-245, -145)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypedDict, TypeVar

import attrs

from rummyrules import melds
from rummyrules.core.cards import Card, Rank
from rummyrules.core.errors import IllegalMoveError
from rummyrules.core.hands import hand_after, sorted_hand
from rummyrules.core.shuffle import shuffled
from rummyrules.game.dealing import first_order
from rummyrules.game.moves import Claim, LayOff, NewMeld
from rummyrules.game.state import GameState, mover
from rummyrules.game.table import TableMeld, played_by_each
from rummyrules.game.turns import check_held
from rummyrules.melds import Meld, MeldKind, MeldRules
from rummyrules.melds import search as meld_search

if TYPE_CHECKING:
    pass

__all__ = [
    "Deal",
    "FaceUp",
    "OnMeld",
    "add_row",
    "face_up_after",
    "fit_on_meld",
    "lay_off",
    "layoff_moves",
    "meld_after",
    "meld_moves",
    "next_round",
    "play_meld",
    "resolve_layoff",
    "resolve_meld",
    "round_scores",
    "start",
]


@functools.lru_cache(maxsize=4096)
def _melds_of(
    hand: tuple[Card, ...], rules: MeldRules, wild: Rank | None
) -> tuple[Meld, ...]:
    # A pure search memoised on the frozen hand: each state lists its moves
    # from it, and states repeat hands often within a turn and across bots.
    return meld_search.find_melds(hand, rules, wild=wild)


def meld_moves(state: GameState, player: int) -> list[NewMeld]:
    """Every new meld the player can lay from their hand, wilds declared.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw")
    >>> [str(move) for move in meld_moves(game, 1)][:2]
    ['meld 6H 6D 8D=6', 'meld 9H 9C 8D=9']
    """
    found = _melds_of(state.hands[player], state.rules.meld_rules, state.wild)
    return [NewMeld.of(meld) for meld in found]


def layoff_moves(state: GameState, player: int) -> list[LayOff]:
    """Every lay-off of one card of the player's hand onto a meld on the table.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
    >>> [str(move) for move in layoff_moves(game, 1)]
    ['lay 8D=K on 1']
    """
    rules, wild = state.rules.meld_rules, state.wild
    cards = sorted_hand(set(state.hands[player]))
    found: list[LayOff] = []
    for number, table_meld in enumerate(state.table, start=1):
        meld = table_meld.meld
        fits = meld_search.could_fit(meld, rules, wild)
        found.extend(
            LayOff(card=card, declared=option.stands_for, meld=number)
            for card in cards
            if fits(card)
            for option in meld_search.layoff_options(card, meld, rules, wild)
        )
    return found


def resolve_meld(state: GameState, move: NewMeld, *, rule: str) -> NewMeld:
    """The one reading a new meld names, every wild declared; or why none.

    ``rule`` is the variant's rule for melds, cited where the meld check
    names none.

    >>> from rummyrules import EndOfThePage
    >>> from rummyrules.game.moves import parse_move
    >>> game = EndOfThePage().new_game(seed=3).apply("draw")
    >>> move = parse_move("meld 9H 9C 8D")
    >>> str(resolve_meld(game, move, rule="EOP-7"))
    'meld 9H 9C 8D=9'
    """
    check_held(state.hands[mover(state)], move.cards)
    found = melds.check(
        move.cards, state.rules.meld_rules, wild=state.wild, declared=move.declared
    )
    if not found:
        raise IllegalMoveError(found.reason, rule=found.rule or rule)
    meld_rules = state.rules.meld_rules
    if all(melds.is_wild(card, state.wild) for card in move.cards) and any(
        move.declared
    ):
        open_meld = NewMeld(cards=move.cards)
        raise IllegalMoveError(
            "a meld of wild cards only is laid with its meaning open, for the cards "
            f"laid off on it to decide: '{open_meld}'",
            rule=meld_rules.wild_rule,
        )
    if len(found.melds) > 1:
        choices = [NewMeld.of(meld) for meld in found.melds]
        raise IllegalMoveError(_ambiguous(choices), rule="MELD-5")
    return NewMeld.of(found.melds[0])


def resolve_layoff(state: GameState, move: LayOff) -> LayOff:
    """The one lay-off this move names, its wild declared; or why none (MELD-6).

    >>> from rummyrules import EndOfThePage
    >>> from rummyrules.game.moves import LayOff
    >>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
    >>> str(resolve_layoff(game, LayOff(card=Card.parse("8D"), meld=1)))
    'lay 8D=K on 1'
    """
    _table_meld(state, move.meld)
    check_held(state.hands[mover(state)], [move.card])
    return fit_on_meld(state, move)


OnMeld = TypeVar("OnMeld", LayOff, Claim)
"""A move that adds one card to a meld on the table: a lay-off, or 1400's claim."""


def fit_on_meld(state: GameState, move: OnMeld) -> OnMeld:
    """The one way the move's card joins its meld, the wild declared; or why none (MELD-6).

    Laying off in one's own turn and claiming a discard (F14-R9) both come
    here, so the same declarations are read the same way and refused for
    the same reasons. Whether the player holds the card is the caller's
    business.

    >>> from rummyrules import EndOfThePage
    >>> from rummyrules.game.moves import LayOff
    >>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
    >>> str(fit_on_meld(game, LayOff(card=Card.parse("8D"), meld=1)))
    'lay 8D=K on 1'
    >>> fit_on_meld(game, LayOff(card=Card.parse("7C"), meld=1))
    Traceback (most recent call last):
    ...
    rummyrules.IllegalMoveError: 7C does not fit meld 1 (KH KD KC): ...
    """
    table_meld: Meld = _table_meld(state, move.meld)
    declared = (*table_meld.stands_for, move.declared)
    cards = (*table_meld.cards, move.card)
    found = melds.check(
        cards, state.rules.meld_rules, wild=state.wild, declared=declared
    )
    if not found:
        raise IllegalMoveError(
            f"{move.card} does not fit meld {move.meld} ({table_meld}): {found.reason}",
            rule=found.rule or "MELD-6",
        )
    if table_meld.kind is MeldKind.WILD and move.declared is not None:
        # As a new meld of wilds only is laid open (resolve_meld), a wild
        # laid off on one leaves it open: only a natural card decides it.
        undeclared = attrs.evolve(move, declared=None)
        raise IllegalMoveError(
            f"meld {move.meld} ({table_meld}) is wild cards only, its meaning left "
            f"open, and a wild card laid off on it leaves it so: '{undeclared}'",
            rule=state.rules.meld_rules.wild_rule,
        )
    options = [
        attrs.evolve(move, declared=meaning)
        for meaning in dict.fromkeys(
            _new_meanings(found.melds, table_meld, move.card, state.wild)
        )
    ]
    if len(options) > 1:
        raise IllegalMoveError(_ambiguous(options), rule="MELD-5")
    return options[0]


def _table_meld(state: GameState, number: int) -> Meld:
    """Meld ``number`` on the table (from 1), or why there is none (MELD-6)."""
    if not 1 <= number <= len(state.table):
        count = len(state.table)
        there = {0: "there are no melds", 1: "there is only meld 1"}.get(
            count, f"there are melds 1 to {count}"
        )
        raise IllegalMoveError(
            f"there is no meld {number} on the table ({there})",
            rule="MELD-6",
        )
    return state.table[number - 1].meld


def play_meld(state: GameState, move: NewMeld) -> GameState:
    """Lay a listed new meld: the cards leave the hand for the table (MELD-6).

    The player is then "down" for the round (EOP-9).

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw")
    >>> after = play_meld(game, game.legal_moves()[5])
    >>> str(after.melds[0]), after.melded
    ('KH KD KC', (False, True))
    """
    player = mover(state)
    (meld,) = melds.readings(
        move.cards, state.rules.meld_rules, wild=state.wild, declared=move.declared
    )
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], take=move.cards)
    melded = list(state.melded)
    melded[player] = True
    return attrs.evolve(
        state,
        hands=tuple(hands),
        table=(*state.table, TableMeld.laid(meld, owner=player)),
        melded=tuple(melded),
        **face_up_after(state, hands),
    )


def lay_off(state: GameState, move: LayOff, *, player: int | None = None) -> GameState:
    """Lay a listed card off: it joins the meld, credited to the player (MELD-6).

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
    >>> after = lay_off(game, LayOff(card=Card.parse("8D"), declared=Rank.KING, meld=1))
    >>> str(after.melds[0]), after.melds[0].played_by
    ('KH KD KC 8D=K', (1, 1, 1, 1))
    """
    who = mover(state) if player is None else player
    old = state.table[move.meld - 1]
    after = meld_after(state, move)
    table = list(state.table)
    table[move.meld - 1] = old.with_card(after, player=who)
    hands = list(state.hands)
    hands[who] = hand_after(hands[who], take=[move.card])
    return attrs.evolve(
        state,
        hands=tuple(hands),
        table=tuple(table),
        **face_up_after(state, hands),
    )


def meld_after(state: GameState, move: LayOff) -> Meld:
    """The meld a listed lay-off makes: the reading in which the card means what it says.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
    >>> str(meld_after(game, LayOff(card=Card.parse("8D"), declared=Rank.KING, meld=1)))
    'KH KD KC 8D=K'
    """
    table_meld = state.table[move.meld - 1].meld
    options = meld_search.layoff_options(
        move.card, table_meld, state.rules.meld_rules, state.wild
    )
    return next(option.meld for option in options if option.stands_for == move.declared)


class Deal(Protocol):
    """A variant's deal of one round from a deck order (its ``deal`` function).

    >>> from rummyrules.games.end_of_the_page.machine import deal as eop_deal
    >>> from rummyrules.games.fourteen_hundred.machine import deal as f14_deal
    >>> deals: list[Deal] = [eop_deal, f14_deal]
    >>> len(deals)
    2
    """

    def __call__(  # noqa: PLR0913 - a round is dealt from all of these
        self,
        rules: Any,
        order: Sequence[Card],
        *,
        seed: int,
        round: int,
        dealer: int,
        scores: tuple[int, ...],
        sheet: tuple[tuple[int, ...], ...],
    ) -> GameState:
        """Deal the round."""


def start(
    rules: Any,
    deal: Deal,
    *,
    seed: int,
    deck: Sequence[Card] | None,
    dealer: int,
) -> GameState:
    """The first round of a game, dealt from a checked stacked deck or the seed.

    >>> from rummyrules import EndOfThePage
    >>> EndOfThePage().new_game(seed=4).round
    1
    """
    players: int = rules.players
    order = first_order(rules, players=players, seed=seed, deck=deck, dealer=dealer)
    return deal(
        rules, order, seed=seed, round=1, dealer=dealer, scores=(0,) * players, sheet=()
    )


def next_round(state: GameState, deal: Deal) -> GameState:
    """The next round: the deal passes one seat left (EOP-R1, F14-R4), the seed shuffles.

    >>> from rummyrules import EndOfThePage
    >>> from rummyrules.games.end_of_the_page.machine import deal
    >>> game = EndOfThePage().new_game(seed=4, dealer=1)
    >>> next_round(game, deal).dealer
    0
    """
    rules: Any = state.rules
    number = len(state.score_sheet) + 1
    order = shuffled(rules.deck(), state.seed, "round", number)
    dealer = (state.dealer + 1) % state.players
    return deal(
        rules,
        order,
        seed=state.seed,
        round=number,
        dealer=dealer,
        scores=state.scores,
        sheet=state.score_sheet,
    )


def add_row(state: GameState, row: tuple[int, ...]) -> GameState:
    """The state with one more row on the score sheet, and the totals updated.

    >>> from rummyrules import EndOfThePage
    >>> game = add_row(EndOfThePage().new_game(seed=4), (10, -5))
    >>> game.score_sheet, game.scores
    (((10, -5),), (10, -5))
    """
    scores = tuple(
        total + score for total, score in zip(state.scores, row, strict=True)
    )
    return attrs.evolve(state, scores=scores, score_sheet=(*state.score_sheet, row))


def round_scores(state: GameState) -> tuple[int, ...]:
    """This round's score for each player: cards played minus cards in hand.

    A card laid off on another player's meld counts for the player who laid
    it (EOP-16, F14-14).

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
    >>> round_scores(game)
    (-245, -145)
    """
    value = functools.partial(state.rules.card_value, wild=state.wild)
    played = played_by_each(state.table, state.players, value)
    return tuple(
        played[p] - sum(value(card) for card in hand)
        for p, hand in enumerate(state.hands)
    )


class FaceUp(TypedDict):
    """The face-up fields of a state, as changes for ``attrs.evolve``.

    >>> FaceUp(face_up=None, face_up_holder=None)
    {'face_up': None, 'face_up_holder': None}
    """

    face_up: Card | None
    face_up_holder: int | None


def face_up_after(state: GameState, hands: Sequence[Sequence[Card]]) -> FaceUp:
    """The face-up fields once the hands are these, as changes for ``attrs.evolve``.

    The wild-rank card stays face up until its holder plays it (EOP-3,
    F14-4); identical cards are equal, so it stays face up while the holder
    has one. Once it is gone, nobody holds a face-up card: ``face_up`` and
    ``face_up_holder`` are both None, as every state check expects.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3)
    >>> face_up_after(game, game.hands) == {
    ...     "face_up": game.face_up,
    ...     "face_up_holder": game.face_up_holder,
    ... }
    True
    >>> face_up_after(game, [(), ()])
    {'face_up': None, 'face_up_holder': None}
    """
    face_up, holder = state.face_up, state.face_up_holder
    if face_up is None or holder is None or face_up not in hands[holder]:
        return FaceUp(face_up=None, face_up_holder=None)
    return FaceUp(face_up=face_up, face_up_holder=holder)


def _new_meanings(
    after: Iterable[Meld], before: Meld, card: Card, wild: Rank | None
) -> list[melds.Declaration | None]:
    """What the laid-off card stands for in each reading of the meld after."""
    if not melds.is_wild(card, wild):
        return [None]
    return [meld_search.new_meaning(before, meld, card, wild) for meld in after]


def _ambiguous(choices: Sequence[NewMeld | LayOff | Claim]) -> str:
    listed = " or ".join(f"'{choice}'" for choice in choices)
    return f"the wild cards can be read more than one way; declare them: {listed}"
