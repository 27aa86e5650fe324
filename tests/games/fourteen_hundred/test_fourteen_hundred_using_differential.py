"""F14-9's take and play tests answer as they did when they made the state after each play.

The take test walks down the pile once (game/pile_reach.py) and the play
test asks the table a play would leave without making it
(rummy500_reach.offer_after). Here both are checked against the tests they
replaced, kept below as references: every card of the pile, and every new
meld and lay-off the hand holds (listed or not), at every state of seeded
games played at random, under each option that changes the answer.
"""

import random
from collections.abc import Iterator, Sequence

import pytest

from machine_listing.rummy500 import lay_off_candidates, meld_candidates
from rummyrules import FourteenHundred, FourteenHundredPhase, FourteenHundredState
from rummyrules import melds as meld_api
from rummyrules.core.cards import BY_RANK_AND_SUIT, Card, Rank
from rummyrules.core.hands import hand_after
from rummyrules.game.moves import LayOff, NewMeld, Take
from rummyrules.game.pile_reach import PileWalk
from rummyrules.game.rummy500_melding import fits_melds, lay_off, play_meld
from rummyrules.game.table_analysis import RunEnds, table_analysis
from rummyrules.games.fourteen_hundred import using
from rummyrules.melds import MeldRules, support
from rummyrules.melds import search as meld_search

State = FourteenHundredState

# --- The references: the tests as they were, state made after each play ---------


def _ref_reaches(
    state: State, card: Card, hand: Sequence[Card], *, may_lay_off: bool
) -> bool:
    if not state.melds:
        return False
    fits = fits_melds(state, card)
    if may_lay_off:
        return fits or _ref_chains(state, card, hand)
    if not state.rules.lay_off_needs_meld:
        return False
    meld_rules, wild = state.rules.meld_rules, state.wild
    for first in meld_search.find_melds(hand, meld_rules, wild=wild):
        if fits:
            return True
        if _ref_chains(state, card, hand_after(hand, take=first.cards)):
            return True
    return False


def _ref_chains(state: State, card: Card, hand: Sequence[Card]) -> bool:
    if meld_api.is_wild(card, state.wild):
        return False
    runs = table_analysis(state).runs(card.suit)
    meld_rules = state.rules.meld_rules
    return any(_ref_chain(run, card, hand, meld_rules, state.wild) for run in runs)


def _ref_chain(
    run: RunEnds,
    card: Card,
    hand: Sequence[Card],
    meld_rules: MeldRules,
    wild: Rank | None,
) -> bool:
    meld, low, high = run
    ladder = meld_rules.run_ranks
    rank, suit = card.rank, card.suit
    assert rank is not None
    assert suit is not None
    wilds = [other for other in hand if meld_api.is_wild(other, wild)]
    held = {other.rank for other in hand if other.suit is suit} - {wild}
    for place in meld_rules.places[rank]:
        if place > high:
            gap = range(high + 1, place)
        elif place < low:
            gap = range(place + 1, low)
        else:
            continue
        if sum(ladder[gap_place] not in held for gap_place in gap) > len(wilds):
            continue
        fill: list[Card] = []
        meanings: list[Card | None] = []
        naturals = [other for other in hand if not meld_api.is_wild(other, wild)]
        spare = list(wilds)
        for gap_place in gap:
            natural = BY_RANK_AND_SUIT[ladder[gap_place], suit]
            if natural in naturals:
                naturals.remove(natural)
                fill.append(natural)
                meanings.append(None)
            elif spare:
                fill.append(spare.pop())
                meanings.append(natural)
            else:
                break
        else:
            cards = (*meld.cards, *fill, card)
            declared = (*meld.stands_for, *meanings, None)
            if meld_api.readings(cards, meld_rules, wild=wild, declared=declared):
                return True
    return False


def _down(state: State, player: int) -> bool:
    return state.melded[player] or not state.rules.lay_off_needs_meld


def _ref_take(state: State, depth: int) -> bool:
    player = state.to_move or 0
    down = _down(state, player)
    pile = state.discard_pile
    card, above = pile[depth], pile[:depth]
    meld_rules, wild = state.rules.meld_rules, state.wild
    if down and fits_melds(state, card):
        return True
    hand = state.hands[player]
    if support.melds_with(card, hand, meld_rules, wild, above=above):
        return True
    return _ref_reaches(state, card, hand_after(hand, add=above), may_lay_off=down)


def _ref_play(state: State, move: NewMeld | LayOff) -> bool:
    """Whether the play keeps the card to use usable, the state after it made."""
    card = state.turn.must_use
    assert card is not None
    player = state.to_move or 0
    played = move.cards if isinstance(move, NewMeld) else (move.card,)
    if card in played:
        return True
    # A card that fits a meld the play leaves alone stays usable.
    meld_rules, wild = state.rules.meld_rules, state.wild
    fits_on = {
        number
        for number, table_meld in enumerate(state.melds, start=1)
        if meld_search.card_lay_offs(card, table_meld.meld, meld_rules, wild)
    }
    if fits_on - {0 if isinstance(move, NewMeld) else move.meld}:
        return True
    if isinstance(move, NewMeld):
        after = play_meld(state, move, player)
    else:
        after = lay_off(state, move, player)
    hand = hand_after(after.hands[player], take=[card])
    if support.melds_with(card, hand, meld_rules, wild):
        return True
    return _ref_reaches(after, card, hand, may_lay_off=_down(after, player))


# --- The positions -----------------------------------------------------------------


RULES = [
    pytest.param(FourteenHundred(players=2), id="two"),
    pytest.param(FourteenHundred(players=4), id="four"),
    pytest.param(FourteenHundred(players=3, lay_off_needs_meld=True), id="R7"),
    pytest.param(
        FourteenHundred(players=2, lay_off_needs_meld=True, pass_freely=True),
        id="R7-pass-freely",
    ),
]


def _states(rules: FourteenHundred, seed: int, games: int) -> Iterator[State]:
    """Every state of seeded random games, takes from the pile made often."""
    rng = random.Random(seed)
    for _ in range(games):
        game = rules.new_game(seed=rng.randrange(1 << 30))
        while not game.is_over:
            yield game
            moves = game.legal_moves()
            takes = [move for move in moves if isinstance(move, Take)]
            pick = takes if takes and rng.random() < 0.5 else moves
            game = game.apply(rng.choice(pick))


def _checks(rules: FourteenHundred, seed: int, games: int) -> tuple[int, int]:
    takes = plays = 0
    for state in _states(rules, seed, games):
        player = state.to_move or 0
        if state.phase is FourteenHundredPhase.DRAW and state.discard_pile:
            test = using.usable(state)
            pile = state.discard_pile
            for depth, card in enumerate(pile):
                if pile.index(card) != depth:
                    continue  # a card is taken at its topmost copy
                move = Take() if depth == 0 else Take(card=card)
                assert (test(move) is None) == _ref_take(state, depth), (state, card)
                takes += 1
            # Asked in any order, a fresh walk answers alike.
            down = _down(state, player)
            walk = PileWalk(
                state, player, down=down, meld_first=rules.lay_off_needs_meld
            )
            for depth in random.Random(len(pile)).sample(range(len(pile)), len(pile)):
                if pile.index(pile[depth]) == depth:
                    assert walk.usable(depth) == _ref_take(state, depth)
        filter_ = using.uses_card(state)
        if state.phase is FourteenHundredPhase.PLAY and filter_ is not None:
            candidates: list[NewMeld | LayOff] = [
                *meld_candidates(state, player),
                *lay_off_candidates(state, player),
            ]
            for play in candidates:
                assert (filter_(play) is None) == _ref_play(state, play), (state, play)
                plays += 1
    return takes, plays


@pytest.mark.parametrize("rules", RULES)
def test_f14_9_take_and_play_tests_answer_as_the_state_made_after_each_play(
    rules: FourteenHundred,
) -> None:
    takes, plays = _checks(rules, seed=14, games=2)
    assert takes > 100
    assert plays > 20


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULES)
def test_f14_9_take_and_play_tests_over_many_games(rules: FourteenHundred) -> None:
    _checks(rules, seed=1400, games=25)
