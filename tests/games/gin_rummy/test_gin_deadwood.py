"""Gin Rummy's deadwood (GIN-1, GIN-2, GIN-5), against a brute force over find_melds."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from extras import peer
from rummyrules import WILDCARD, Card, parse_cards
from rummyrules.games.gin_rummy.deadwood import (
    MELD_RULES,
    best_arrangement,
    card_points,
    deadwood_after_discard,
    knock_deadwood,
    knock_discards,
    min_deadwood,
)
from rummyrules.melds import check
from rummyrules.melds.search import find_melds
from strategies import STANDARD_CARDS, gin_hands

EXAMPLES = settings().max_examples


def brute_min_deadwood(hand: Sequence[Card]) -> int:
    """The least deadwood over every set of disjoint melds find_melds lists."""
    melds = [frozenset(meld.cards) for meld in find_melds(hand, MELD_RULES)]
    total = sum(map(card_points, hand))
    best = total

    def extend(start: int, used: frozenset[Card], covered: int) -> None:
        nonlocal best
        best = min(best, total - covered)
        for index in range(start, len(melds)):
            meld = melds[index]
            if not meld & used:
                extend(index + 1, used | meld, covered + sum(map(card_points, meld)))

    extend(0, frozenset(), 0)
    return best


def brute_after_discard(hand: Sequence[Card]) -> dict[Card, int]:
    return {
        card: brute_min_deadwood([other for other in hand if other != card])
        for card in hand
    }


def texts(melds: Sequence[object]) -> list[str]:
    return [str(meld) for meld in melds]


# GIN-1: the deck, the values, the Ace


def test_gin_1_card_points() -> None:
    points = [card_points(card) for card in parse_cards("AS 2H 9D 10C JS QH KD")]
    assert points == [1, 2, 9, 10, 10, 10, 10]
    assert sum(map(card_points, STANDARD_CARDS)) == 4 * (55 + 30)


def test_gin_1_ace_is_low_only() -> None:
    assert min_deadwood("AS 2S 3S") == 0
    assert min_deadwood("QS KS AS") == 21  # no run: the Ace is not high
    assert min_deadwood("KS AS 2S") == 13  # nor does a run turn the corner
    assert best_arrangement("QH KH AH") == ((), 21)
    assert not check(parse_cards("QS KS AS"), MELD_RULES)


def test_gin_1_one_deck_each_card_once() -> None:
    with pytest.raises(ValueError, match="repeats a card"):
        min_deadwood("7S 7S 8S")
    with pytest.raises(
        ValueError, match=r"one standard deck \(GIN-1\): \* is not in it"
    ):
        min_deadwood([*parse_cards("7S 8S"), WILDCARD])
    with pytest.raises(ValueError, match="not in it"):
        card_points(WILDCARD)


# GIN-2: melds and deadwood


def test_gin_2_sets_of_three_or_four_of_a_rank() -> None:
    assert min_deadwood("7S 7H") == 14
    assert min_deadwood("7S 7H 7D") == 0
    assert min_deadwood("7S 7H 7D 7C") == 0
    assert texts(best_arrangement("7C 7D 7S 7H 2C")[0]) == ["7S 7H 7D 7C"]


def test_gin_2_runs_of_three_or_more_of_a_suit() -> None:
    assert min_deadwood("5S 6S 7H") == 18
    assert min_deadwood("5S 6S 7S") == 0
    assert min_deadwood(STANDARD_CARDS[:13]) == 0  # the spades, Ace to King
    assert texts(best_arrangement("9D 10D JD QD KD 2S 4S")[0]) == ["9D 10D JD QD KD"]


def test_gin_2_deadwood_is_the_value_of_cards_in_no_meld() -> None:
    assert min_deadwood("") == 0
    assert min_deadwood("KS") == 10
    hand = "AS 2S 3S 7H 7D 7C 9C 10C JC KD"
    melds, deadwood = best_arrangement(hand)
    assert (texts(melds), deadwood) == (["7H 7D 7C", "AS 2S 3S", "9C 10C JC"], 10)


def test_gin_2_best_arrangement_chooses_between_a_set_and_a_run() -> None:
    # The nine of spades makes the set or the run, not both.
    assert min_deadwood("7S 8S 9S 9H 9D") == 15  # the set leaves 7 + 8
    assert texts(best_arrangement("7S 8S 9S 9H 9D")[0]) == ["9S 9H 9D"]
    assert min_deadwood("7S 8S 9S 10S 9H 9D") == 18  # the run leaves 9 + 9
    assert texts(best_arrangement("7S 8S 9S 10S 9H 9D")[0]) == ["7S 8S 9S 10S"]


def test_gin_2_four_of_a_kind_lends_a_card_to_a_run() -> None:
    melds, deadwood = best_arrangement("KS KH KD KC QS JS")
    assert (texts(melds), deadwood) == (["KH KD KC", "JS QS KS"], 0)
    assert min_deadwood("KS KH KD KC QS JS 2D") == 2


def test_gin_2_reads_card_text_and_any_order() -> None:
    hand = parse_cards("9C 10C 7D 7H AS 3S 2S JC KD 7C")
    assert min_deadwood(hand) == min_deadwood(tuple(reversed(hand))) == 10
    assert min_deadwood(" ".join(map(str, hand))) == 10


# GIN-5: knocking


def test_gin_5_knock_discards() -> None:
    hand = "AS 2S 3S 4S 7H 7D 7C 9C 10C JC KD"
    assert texts(knock_discards(hand, 10)) == ["AS", "4S", "KD"]
    assert texts(knock_discards(hand, 0)) == ["KD"]  # gin
    assert knock_deadwood(hand) == 0
    assert deadwood_after_discard(hand, "AS") == 10
    assert knock_discards("2H 5S 9D KC JH QS 4D 6C 8S 10H 3C", 10) == ()


def test_gin_5_the_best_ten_not_the_best_eleven_less_a_card() -> None:
    # The best arrangement of all 11 cards (two sets, 32) less its highest
    # deadwood card leaves 24; discarding the 9C and taking two runs leaves 23.
    hand = "7H 5H 6C 8D 7D 9S 8S 9C 9D 5S 7S"
    assert min_deadwood(hand) == 32
    assert knock_deadwood(hand) == 23
    assert texts(knock_discards(hand, 23)) == ["9C"]
    assert texts(knock_discards(hand, 24)) == ["8S", "8D", "9C"]


def test_gin_5_discard_must_be_in_hand() -> None:
    with pytest.raises(ValueError, match="4S is not in the hand AS 2S 3S"):
        deadwood_after_discard("AS 2S 3S", "4S")
    with pytest.raises(ValueError, match="no card to discard"):
        knock_deadwood(())


# Properties, against the brute force


@given(gin_hands())
@settings(max_examples=EXAMPLES * 4)
def test_gin_2_min_deadwood_is_the_brute_force_least(hand: tuple[Card, ...]) -> None:
    assert min_deadwood(hand) == brute_min_deadwood(hand)


@given(gin_hands())
@settings(max_examples=EXAMPLES * 4)
def test_gin_2_best_arrangement_is_valid_and_least(hand: tuple[Card, ...]) -> None:
    melds, deadwood = best_arrangement(hand)
    used = [card for meld in melds for card in meld.cards]
    assert len(used) == len(set(used))  # disjoint
    assert set(used) <= set(hand)  # from the hand
    for meld in melds:
        assert meld in check(meld.cards, MELD_RULES).melds  # valid, standard form
    assert deadwood == sum(card_points(card) for card in hand if card not in used)
    assert deadwood == min_deadwood(hand)
    assert best_arrangement(tuple(reversed(hand))) == (melds, deadwood)


@given(gin_hands(min_size=1), st.integers(min_value=0, max_value=10))
def test_gin_5_knock_discards_are_the_brute_force_ones(
    hand: tuple[Card, ...], knock_card: int
) -> None:
    after = brute_after_discard(hand)
    assert knock_deadwood(hand) == min(after.values())
    expected = sorted(
        card for card, deadwood in after.items() if deadwood <= knock_card
    )
    assert list(knock_discards(hand, knock_card)) == expected
    for card, deadwood in after.items():
        assert deadwood_after_discard(hand, card) == deadwood


# Beside OpenSpiel's C++ helper, when it is installed


def _pyspiel() -> Any:
    return peer("pyspiel")


OPENSPIEL_SUITS = "SCDH"
"""OpenSpiel's suit order: its card is 13 × this place + the rank less one."""


@pytest.mark.peer
@given(gin_hands(min_size=10))
def test_gin_2_ten_cards_as_openspiel_counts_them(hand: tuple[Card, ...]) -> None:
    utils = _pyspiel().gin_rummy.GinRummyUtils(13, 4, 10)
    codes = [
        13 * OPENSPIEL_SUITS.index(str(card.suit)) + int(card) // 4 - 1
        for card in hand[:10]
    ]
    assert utils.min_deadwood(codes) == min_deadwood(hand[:10])
