"""How ``sample_state`` deals the hidden cards: uniformly among the deals that fit the view.

Small positions whose deals can be counted: a Gin Rummy hand of three cards
with most of the deck in the discard pile, where every deal of the seven
unseen cards can be told apart, and Going Out Rummy, whose view shows the
stock only as a band and the pile only as its top card (GOR-11). The tests
count, over a few thousand samples with fixed seeds, how often each outcome
comes, and compare the chi-square statistic with a wide bound: for ``k``
outcomes, its mean is ``k - 1`` and its spread ``sqrt(2 (k - 1))``; the bound
is six spreads above the mean, which a uniform sampler passes but for about
one seed in a billion, and a sampler off by a few per cent fails.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Hashable, Iterable
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummyrules import (
    Card,
    FourteenHundred,
    GameState,
    GinRummy,
    GoingOutRummy,
    OptionError,
    StateError,
    StockSize,
    parse_cards,
    sample_state,
)
from rummyrules.core.hands import sorted_hand
from rummyrules.core.shuffle import random_words
from rummyrules.formats import hand_draws
from rummyrules.game.hand_rules import HoldsOneOf
from rummyrules.game.state import PlayableRules
from rummyrules.game.view import SOME
from rummyrules.games.fourteen_hundred.state import hand_size
from rummyrules.games.gin_rummy.deadwood import knock_discards, min_deadwood
from strategies import (
    bot_walks,
    eop_tables,
    f14_tables,
    gin_tables,
    gor_tables,
    seeds,
    some_states,
)


def chi_square(counts: Counter[Hashable], outcomes: Iterable[Hashable]) -> float:
    """The chi-square statistic of the counts against equal chances for every outcome."""
    every = list(outcomes)
    assert set(counts) <= set(every), set(counts) - set(every)
    expected = counts.total() / len(every)
    return sum((counts[outcome] - expected) ** 2 / expected for outcome in every)


def bound(outcomes: int) -> float:
    """Six spreads above the chi-square statistic's mean, for this many outcomes."""
    return outcomes - 1 + 6 * math.sqrt(2 * (outcomes - 1))


def gin_three_cards() -> GameState:
    """Gin Rummy with three cards a hand and 42 in the discard pile: 7 cards unseen by player 0."""
    rules = GinRummy(hand_size=3)
    hands = ("AS 2S 3S", "JH QD KD")
    stock = "9C 9D 5H 6H"
    named = " ".join((*hands, stock)).split()
    pile = [str(card) for card in rules.deck() if str(card) not in named]
    return rules.position(
        f"to_move 0 draw | hands {hands[0]} / {hands[1]} | pile {' '.join(pile)}"
        f" | stock {stock}"
    )


def test_every_deal_of_the_hidden_cards_is_equally_likely() -> None:
    """Gin Rummy, 7 unseen cards: 35 hands for the opponent times 24 stock orders, 840 deals, each as often as the others over 4,200 samples."""
    game = gin_three_cards()
    view = game.view(0)
    unseen = [*game.hand(1), *game.stock]
    every = [
        (frozenset(hand), stock)
        for hand in itertools.combinations(unseen, 3)
        for stock in itertools.permutations(card for card in unseen if card not in hand)
    ]
    assert len(set(every)) == 840
    deals: Counter[Hashable] = Counter()
    for seed in range(4200):
        sample = sample_state(view, seed=seed)
        assert sample.view(0) == view
        deals[(frozenset(sample.hand(1)), sample.stock)] += 1
    assert chi_square(deals, every) < bound(len(every))


def test_each_unseen_card_is_as_likely_as_any_in_the_opponents_hand() -> None:
    """Gin Rummy, 7 unseen cards: over 700 samples each card lands in the opponent's hand 3 times in 7, and on top of the stock 1 time in 7."""
    game = gin_three_cards()
    view = game.view(0)
    in_hand: Counter[Hashable] = Counter()
    on_top: Counter[Hashable] = Counter()
    for seed in range(700):
        sample = sample_state(view, seed=seed)
        in_hand.update(sample.hand(1))
        on_top[sample.stock[0]] += 1
    unseen = [*game.hand(1), *game.stock]
    assert chi_square(on_top, unseen) < bound(7)
    # Each sample puts three cards in the hand: compare the shares.
    shares = Counter({card: count / 3 for card, count in in_hand.items()})
    assert chi_square(shares, unseen) < bound(7)


def test_gor_11_the_stock_is_any_size_its_band_allows() -> None:
    """Going Out Rummy shows the stock only as a band (GOR-11): every stock size in the band, and so every size of the hidden pile below the top card, is equally likely."""
    rules = GoingOutRummy(hand_size=2)
    game = rules.position("to_move 0 draw | hands 7S 8S / 9H 9D | pile KC")
    view = game.view(0)
    assert view.stock_size is StockSize.MANY
    assert view.stock_count is None
    rest = len(game.stock)  # every card but the hands and the top of the pile
    sizes: Counter[Hashable] = Counter()
    for seed in range(1200):
        sample = sample_state(view, seed=seed)
        assert len(sample.stock) + len(sample.discard_pile) - 1 == rest
        assert sample.discard_pile[0] == game.discard_pile[0]
        sizes[len(sample.stock)] += 1
    outcomes = range(SOME, rest + 1)
    assert set(sizes) <= set(outcomes)
    assert chi_square(sizes, outcomes) < bound(len(outcomes))


def test_gor_10_dropped_cards_are_a_hand_or_one_more() -> None:
    """A player who dropped out left a hand face down, one card more if they dropped in their own turn (GOR-10): the sample deals either count, each sometimes."""
    rules = GoingOutRummy(players=3)
    game = rules.new_game(seed=4).apply("2: drop")
    view = game.view(0)
    counts = Counter(
        len(sample_state(view, seed=seed).set_aside()) for seed in range(40)
    )
    assert set(counts) == {7, 8}


def test_a_view_no_deal_fits_is_refused() -> None:
    """A view that shows a hand smaller than the cards known to be in it fits no deal: StateError, saying so."""
    game = GinRummy().new_game(seed=3).apply("take")
    view = game.view(1)
    broken = attrs.evolve(view, hand_sizes=(0, 10))
    with pytest.raises(StateError, match="player 0 holds 0 cards"):
        sample_state(broken, seed=1)


def test_a_sample_needs_a_view_and_a_whole_seed() -> None:
    """A state is no view, and a seed is a whole number: TypeError for either."""
    game = GinRummy().new_game(seed=3)
    with pytest.raises(TypeError, match="View"):
        sample_state(game, seed=1)  # type: ignore[arg-type]  # the wrong type on purpose
    with pytest.raises(TypeError, match="seed"):
        sample_state(game.view(0), seed="1")  # type: ignore[arg-type]  # the wrong type on purpose


# --- Views that say more of a hand than its cards (GIN-5) --------------------

ISSUE_LAYDOWN = (
    "to_move 1 laydown | knocker 1 | hands 4H 4D 5S 5H 5C 6S 6H 6D 6C 7C"
    " / AS AD 2S 2D 3S 4S 4C JD QD KD | known 5H 6S / JD | pile 5D 7H 7S 2C JC 3C"
    " 9C QC AC 10D 8D AH JH 8H 10S KS"
)
"""The knocker, player 1, about to lay down; the opponent knows JD is in that hand."""


def test_gin_5_sample_knocker_opponent_view_in_laydown() -> None:
    """Before the knocker lays down, the opponent knows only that the hand keeps the knock good (GIN-5) and holds JD: every seed deals such a hand."""
    game = GinRummy().position(ISSUE_LAYDOWN)
    view = game.view(0)
    for seed in range(20):
        sample = sample_state(view, seed=seed)
        assert sample.view(0) == view
        assert min_deadwood(sample.hand(1)) <= 10
        assert Card.parse("JD") in sample.hand(1)


def test_gin_5_sample_knocker_opponent_view_in_knock() -> None:
    """Just after a knock for gin only (knock card 0), the knocker's 11 cards have a discard that leaves gin (GIN-5): every seed deals such a hand."""
    rules = GinRummy(knock_card=0)
    game = rules.position(
        "to_move 1 knock | knocker 1 | hands 4H 4D 5S 5H 5C 6S 6H 6D 6C 7C"
        " / AS 2S 3S 4S JD QD KD 9S 9H 9D 2D | pile 5D 7H 7S 2C JC 3C 9C QC AC 10D"
        " 8D AH JH 8H 10S KS"
    )
    view = game.view(0)
    for seed in range(20):
        sample = sample_state(view, seed=seed)
        assert sample.view(0) == view
        assert knock_discards(sample.hand(1), 0)


def gin_knocker_small() -> GameState:
    """Gin Rummy with three cards a hand: the knocker's three and seven stock cards unseen by player 0, five knocking hands among them."""
    rules = GinRummy(hand_size=3)
    hands = ("AS 2S 3S", "7H 8H 9H")
    stock = "9C 9D 10H 2C KD AC 3D"
    named = " ".join((*hands, stock)).split()
    pile = [str(card) for card in rules.deck() if str(card) not in named]
    return rules.position(
        f"to_move 1 laydown | knocker 1 | hands {hands[0]} / {hands[1]}"
        f" | pile {' '.join(pile)} | stock {stock}"
    )


@pytest.mark.parametrize("quick_tries", [hand_draws.QUICK_TRIES, 0])
def test_gin_5_every_knocking_hand_is_equally_likely(
    quick_tries: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The knocker's hidden hand is uniform among the hands that keep the knock good (GIN-5), whether a quick try finds it or the list of every such hand gives it."""
    monkeypatch.setattr(hand_draws, "QUICK_TRIES", quick_tries)
    game = gin_knocker_small()
    view = game.view(0)
    unseen = [*game.hand(1), *game.stock]
    fitting = [
        frozenset(hand)
        for hand in itertools.combinations(unseen, 3)
        if min_deadwood(hand) <= GinRummy().knock_card
    ]
    assert 4 <= len(fitting) < math.comb(len(unseen), 3)
    hands: Counter[Hashable] = Counter()
    for seed in range(40 * len(fitting)):
        sample = sample_state(view, seed=seed)
        hands[frozenset(sample.hand(1))] += 1
    assert chi_square(hands, fitting) < bound(len(fitting))


@pytest.mark.parametrize(
    "rules",
    [eop_tables(), f14_tables(), gor_tables(), gin_tables()],
    ids=["eop", "f14", "gor", "gin"],
)
@given(data=st.data(), seed=seeds)
def test_every_view_play_reaches_is_sampled(
    rules: st.SearchStrategy[PlayableRules[Any]], data: st.DataObject, seed: int
) -> None:
    """Each player's view of states greedy or random play reaches, in every game and phase (Gin Rummy's knock and lay-down among them), has a sample: one that shows the very view."""
    walk = data.draw(bot_walks(rules))
    knocks = [game for game in walk if game.phase in ("knock", "laydown")]
    for game in [*some_states(walk), *knocks]:
        for player in range(game.players):
            view = game.view(player)
            assert sample_state(view, seed=seed).view(player) == view


def test_f14_3_hands_that_each_hold_a_card_of_their_size_are_dealt_uniformly() -> None:
    """Several hands that must each hold one of some cards (the deal's face-up card, F14-3) are dealt uniformly among the deals where all do."""
    cards = parse_cards("5S 5H 7C 7D 9S KH")
    fives = HoldsOneOf(frozenset(parse_cards("5S 5H")))
    ruled = [(1, fives, 2), (2, fives, 2)]
    fitting = [
        (frozenset(first), frozenset(second))
        for first in itertools.combinations(cards, 2)
        for second in itertools.combinations(
            [card for card in cards if card not in first], 2
        )
        if fives.fits(first) and fives.fits(second)
    ]
    deals: Counter[Hashable] = Counter()
    words = random_words(7, "test")
    while deals.total() < 40 * len(fitting):
        drawn = hand_draws.one_of_hands(ruled, cards, words)
        if drawn is not None:
            hands, rest = drawn
            assert sorted_hand([*hands[1], *hands[2], *rest]) == sorted_hand(cards)
            deals[frozenset(hands[1]), frozenset(hands[2])] += 1
    assert chi_square(deals, fitting) < bound(len(fitting))


def test_f14_3_a_deal_with_two_hands_of_two_is_sampled() -> None:
    """Found in CI: at a deal each hidden hand holds a card that dealt its size (F14-3); hands of 2 seldom hold a 2 by chance, and this view was refused after 2000 deals."""
    game = FourteenHundred(players=6, wild_card_dealt=False).position(
        "wild 2 | marker 2D | dealer 4 | to_move 5 opening"
        " | hands 3H 4D 7S JD / 2S QH / AD 3D 7D 8H 10C JH JD / AD 3S 4H 5S 7H 7C QS"
        " / 2H KD / 3D 6H 10D QH KS KH | pile JC"
    )
    for player in range(game.players):
        view = game.view(player)
        for seed in range(3):
            sample = sample_state(view, seed=seed)
            assert sample.view(player) == view
            assert all(
                any(hand_size(card) == len(hand) for card in hand)
                for hand in sample.hands
            )


# --- Weights: a deal that leans on what a bot believes -------------------------


def successive_chance(weights: list[float], card: int, count: int) -> float:
    """The chance that ``card`` is among ``count`` drawn one by one, each in proportion to its weight among those left."""
    total = 0.0

    def walk(left: list[int], chance: float, drawn: int) -> None:
        nonlocal total
        if card not in left:
            total += chance
            return
        if drawn == count:
            return
        weight = sum(weights[i] for i in left)
        for i in left:
            walk([j for j in left if j != i], chance * weights[i] / weight, drawn + 1)

    walk(list(range(len(weights))), 1.0, 0)
    return total


def test_weights_draw_the_hand_card_by_card_in_proportion() -> None:
    """With one unseen card 4 times as likely and one a quarter as likely, each lands in the opponent's hand as often as drawing one by one by weight makes it: over 3,000 samples, within 6 standard errors."""
    game = gin_three_cards()
    view = game.view(0)
    unseen = sorted_hand([*game.hand(1), *game.stock])
    heavy, light = unseen[0], unseen[1]
    weights = [4.0, 0.25, 1, 1, 1, 1, 1]
    counts: Counter[Card] = Counter()
    samples = 3000
    for seed in range(samples):
        sample = sample_state(view, seed=seed, weights={1: {heavy: 4.0, light: 0.25}})
        assert sample.view(0) == view
        counts.update(sample.hand(1))
    for place, card in ((0, heavy), (1, light), (2, unseen[2])):
        chance = successive_chance(weights, place, 3)
        error = math.sqrt(chance * (1 - chance) / samples)
        assert abs(counts[card] / samples - chance) < 6 * error, (card, chance)
    assert counts[heavy] > 2 * counts[unseen[2]] > 4 * counts[light]


def test_weights_that_lean_nothing_deal_as_without_them() -> None:
    """No weights, or none for a seat, deal the very state the seed deals without weights; the same weights and seed deal the same state."""
    game = GinRummy().new_game(seed=3).apply("take")
    view = game.view(1)
    for seed in range(5):
        plain = sample_state(view, seed=seed)
        assert sample_state(view, seed=seed, weights={}) == plain
        assert sample_state(view, seed=seed, weights={0: {}}) == plain
        leaned = {0: {Card.parse("KH"): 3.0}}
        assert sample_state(view, seed=seed, weights=leaned) == sample_state(
            view, seed=seed, weights=leaned
        )


@pytest.mark.parametrize(
    ("weights", "error", "match"),
    [
        ([], TypeError, "weights must be a mapping of seats, not list"),
        ({"0": {}}, TypeError, "a seat is a whole number, not str"),
        ({2: {}}, OptionError, "a seat this game lacks: its seats are 0 to 1"),
        ({10**5000: {}}, OptionError, "a seat this game lacks: its seats are 0 to 1"),
        ({0: {Card.parse("KH"): 10**400}}, OptionError, "KH's weight is too large"),
        ({0: {Card.parse("KH"): -1}}, OptionError, "finite number above 0, not -1.0"),
        ({0: [1.0]}, TypeError, "seat 0's weights must map cards to numbers"),
        ({0: {"KH": 1.0}}, TypeError, "a card is a Card, not str"),
        (
            {0: {Card.parse("KH"): "2"}},
            TypeError,
            "KH's weight must be a number, not str",
        ),
        ({0: {Card.parse("KH"): 0.0}}, OptionError, "finite number above 0, not 0.0"),
        ({0: {Card.parse("KH"): math.inf}}, OptionError, "finite number above 0"),
    ],
)
def test_weights_that_are_no_weights_are_refused(
    weights: Any, error: type[Exception], match: str
) -> None:
    """Weights are a mapping of the game's seats to mappings of cards to finite numbers above 0: anything else is refused, saying what was expected."""
    view = GinRummy().new_game(seed=3).view(1)
    with pytest.raises(error, match=match):
        sample_state(view, seed=1, weights=weights)
