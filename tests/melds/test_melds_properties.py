"""Property tests of meld validation and search (MELD-2 … MELD-6, EOP-7/8,
F14-10/11/R8, GOR-5 … GOR-8), checked against the brute-force oracle.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import oracle
from rummyrules import WILDCARD, Card, Meld, Rank, Suit, parse_cards
from rummyrules.melds import parse_declared, readings
from rummyrules.melds.layouts import find_going_out
from rummyrules.melds.search import find_lay_offs, find_melds
from strategies import (
    CHECK_VARIANTS,
    EOP,
    EOP_TWO_DECKS,
    F14,
    GOR,
    SEARCH_VARIANTS,
    Variant,
    declared_melds,
    declared_text,
    hands,
    layoff_hands,
    long_melds,
    table_melds,
    wild_ranks,
)

EXAMPLES = settings().max_examples
"""The active profile's examples per test: 50 in "dev", 100 in "ci"."""


def scaled(factor: int) -> settings:
    """More examples than the profile's default, in proportion to it."""
    return settings(max_examples=EXAMPLES * factor)


def pairs(meld: Meld) -> tuple[oracle.Pair, ...]:
    return tuple(zip(meld.cards, meld.stands_for, strict=True))


def key(meld: Meld) -> oracle.Key:
    return oracle.canonical(meld.kind.value, pairs(meld))


def exact(meld: Meld) -> oracle.Reading:
    """The meld as an oracle reading: a run's pairs in order, a set's sorted."""
    if meld.kind.value in {oracle.SET, oracle.WILD}:
        return (meld.kind.value, tuple(sorted(pairs(meld), key=oracle.pair_key)))
    return (oracle.RUN, pairs(meld))


def oracle_accepts(meld: Meld, variant: Variant, wild: Rank | None) -> bool:
    """Whether the meld, its wilds' meanings included, is valid by brute force."""
    cards = oracle.sort_cards(meld.cards)
    return exact(meld) in oracle.readings(cards, variant.spec, wild)


def is_open(meld: Meld, wild: Rank | None) -> bool:
    """A meld of wild cards only, its meaning left open."""
    return all(
        oracle.is_wild(card, wild) and meaning is None for card, meaning in pairs(meld)
    )


def shown_rank_and_suit(
    meld: Meld, wild: Rank | None
) -> tuple[Rank | None, Suit | None]:
    """A set's rank and a run's suit, from what its cards stand for.

    A meld of wild cards only, left open, has neither.
    """
    if is_open(meld, wild):
        return None, None
    shown = [card if meaning is None else meaning for card, meaning in pairs(meld)]
    if meld.kind.value == oracle.SET:
        (rank,) = {item if isinstance(item, Rank) else item.rank for item in shown}
        return rank, None
    (suit,) = {item.suit for item in shown if isinstance(item, Card)}
    return None, suit


def show(found: set[oracle.Key]) -> list[str]:
    return sorted(str(item) for item in found)


# --- The oracle itself, on the rule book's own examples ---------------------


@pytest.mark.parametrize(
    ("spec", "wild", "text", "count"),
    [
        (oracle.EOP, Rank.FIVE, "9S 5H 5D QS KS", 0),  # EOP-8
        (oracle.EOP, Rank.FIVE, "7S 5H 9S", 1),  # EOP-8
        (oracle.EOP, Rank.FIVE, "5D QS KS", 2),  # J or A
        (oracle.EOP, Rank.THREE, "3H 3D 3C", 0),  # EOP-8: never three wilds
        (oracle.EOP, Rank.THREE, "4H 4D 3S 3C", 1),  # W 4 4 W
        (oracle.EOP, Rank.THREE, "4H 4D 4C 3S 3C 3D", 0),  # 3 naturals, 3 wilds
        (oracle.EOP, None, "AS 3S 4S", 0),  # EOP-7: Aces high only
        (oracle.EOP, None, "QS KS AS", 1),
        (oracle.F14, None, "AS 2S 3S", 0),  # F14-10
        (oracle.F14, Rank.NINE, "9H 9D 9C", 0),  # F14-R8
        (oracle.F14_ALL_WILD, Rank.NINE, "9H 9D 9C", 1),  # open
        (oracle.F14, Rank.NINE, "4C 9H 9D", 4),  # set; 2-3-4, 3-4-5, 4-5-6
        (oracle.GOR, None, "AS 2S 3S", 1),  # GOR-5
        (oracle.GOR, None, "QS KS AS", 1),
        (oracle.GOR, None, "KS AS 2S", 0),  # MELD-3: no wrap
        (oracle.GOR, None, "4C 5C *", 2),  # MELD-5
        (oracle.GOR, None, "* * *", 1),  # GOR-6, open
        (oracle.GOR, None, "7S 7S 7H 7H 7D", 1),  # MELD-2: more than four
        (oracle.GOR, None, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", 2),  # A low/high
        (oracle.GOR, None, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", 0),
    ],
)
def test_oracle_reads_the_rule_book_examples(
    spec: oracle.Spec, wild: Rank | None, text: str, count: int
) -> None:
    cards = oracle.sort_cards(parse_cards(text))
    assert len({oracle.canonical(*r) for r in oracle.readings(cards, spec, wild)}) == (
        count
    )


def test_oracle_goes_out_as_the_rule_book_says() -> None:
    hand = parse_cards("7S 7H 7D AH 2H * KC")
    assert oracle.going_out(hand, oracle.GOR, None, single_meld=False) == (False, True)
    six = parse_cards("2H 3H 4H 5H 6H 7H")
    assert oracle.going_out(six, oracle.GOR, None, single_meld=True) == (True, True)
    three_three = parse_cards("2H 3H 4H 9S 9C 9D")
    assert oracle.going_out(three_three, oracle.GOR, None, single_meld=True) == (
        False,
        False,
    )
    assert oracle.going_out(three_three, oracle.GOR, None, single_meld=False)[0]


# --- Properties --------------------------------------------------------------


@pytest.mark.parametrize("variant", CHECK_VARIANTS, ids=str)
@given(data=st.data())
def test_check_meld_ignores_card_order(variant: Variant, data: st.DataObject) -> None:
    """Whether cards are a meld, and every reading of them, does not depend on their order."""
    wild = data.draw(wild_ranks(variant), label="wild")
    cards = data.draw(hands(variant, wild, min_size=1, max_size=7), label="cards")
    shuffled = data.draw(st.permutations(cards), label="shuffled")
    first = variant.rules.check_meld(cards, wild=wild)
    second = variant.rules.check_meld(shuffled, wild=wild)
    assert first.ok == second.ok == bool(first.melds)
    assert set(first.melds) == set(second.melds)
    assert len(first.melds) == len(second.melds)


@pytest.mark.parametrize("variant", SEARCH_VARIANTS, ids=str)
@scaled(2)
@given(data=st.data())
def test_find_melds_agrees_with_brute_force(
    variant: Variant, data: st.DataObject
) -> None:
    """find_melds lists each meld of the hand once, and exactly the melds brute force finds."""
    wild = data.draw(wild_ranks(variant), label="wild")
    hand = data.draw(hands(variant, wild), label="hand")
    found = find_melds(hand, variant.rules.meld_rules, wild=wild)
    keys = [key(meld) for meld in found]
    twice = [item for item, n in Counter(keys).items() if n > 1]
    assert not twice, f"listed twice: {show(set(twice))}"
    expected = oracle.all_melds(hand, variant.spec, wild)
    missing, extra = expected - set(keys), set(keys) - expected
    assert not missing, f"find_melds misses {show(missing)}"
    assert not extra, f"find_melds wrongly finds {show(extra)}"
    for meld in found:
        assert oracle_accepts(meld, variant, wild), str(meld)


@pytest.mark.parametrize("variant", SEARCH_VARIANTS, ids=str)
@given(data=st.data())
def test_readings_of_long_melds_agree_with_brute_force(
    variant: Variant, data: st.DataObject
) -> None:
    """readings of long runs (up to the whole ladder) and big sets lists each reading once, exactly as brute force."""
    wild = data.draw(wild_ranks(variant), label="wild")
    cards = data.draw(long_melds(variant, wild), label="cards")
    found = readings(cards, variant.rules.meld_rules, wild=wild)
    keys = [key(meld) for meld in found]
    assert len(keys) == len(set(keys)), "a reading is listed twice"
    expected = {
        oracle.canonical(*reading)
        for reading in oracle.readings(oracle.sort_cards(cards), variant.spec, wild)
    }
    assert set(keys) == expected
    for meld in found:
        assert oracle_accepts(meld, variant, wild), str(meld)
    assert variant.rules.check_meld(cards, wild=wild).ok == bool(expected)


@pytest.mark.parametrize("variant", SEARCH_VARIANTS, ids=str)
@given(data=st.data())
def test_found_melds_validate(variant: Variant, data: st.DataObject) -> None:
    """Every meld find_melds returns is a reading of its cards, check_meld accepts it declared or not, and its rank and suit are the ones it shows."""
    wild = data.draw(wild_ranks(variant), label="wild")
    hand = data.draw(hands(variant, wild), label="hand")
    rules = variant.rules
    for meld in find_melds(hand, rules.meld_rules, wild=wild):
        assert meld in readings(meld.cards, rules.meld_rules, wild=wild), str(meld)
        backwards = meld.cards[::-1]
        assert meld in readings(backwards, rules.meld_rules, wild=wild), str(meld)
        assert rules.check_meld(meld.cards, wild=wild).ok, str(meld)
        # Declared as it lies on the table, it has that one reading (MELD-5).
        assert rules.check_meld(str(meld), wild=wild).melds == (meld,), str(meld)
        assert (meld.rank, meld.suit) == shown_rank_and_suit(meld, wild), str(meld)


@pytest.mark.parametrize("variant", SEARCH_VARIANTS, ids=str)
@given(data=st.data())
def test_lay_offs_keep_the_meld_valid(variant: Variant, data: st.DataObject) -> None:
    """Every lay-off gives a valid meld of the old cards and the laid card, the old wilds keeping their meanings."""
    wild = data.draw(wild_ranks(variant), label="wild")
    meld, left = data.draw(table_melds(variant, wild), label="meld")
    hand = data.draw(layoff_hands(wild, meld, left), label="hand")
    rules = variant.rules
    for lay in find_lay_offs(hand, meld, rules.meld_rules, wild=wild):
        after = lay.meld
        assert lay.card in hand
        declared = after.stands_for
        assert after in readings(
            after.cards, rules.meld_rules, wild=wild, declared=declared
        ), str(after)
        assert rules.check_meld(str(after), wild=wild).melds == (after,), str(after)
        assert oracle_accepts(after, variant, wild), str(after)
        assert Counter(after.cards) == Counter(meld.cards) + Counter([lay.card])
        if not oracle.is_wild(lay.card, wild):
            assert lay.stands_for is None
        # The laid card means in the meld what the lay-off says it means.
        assert (lay.card, lay.stands_for) in pairs(after), f"{lay.stands_for} {after}"
        if is_open(meld, wild):
            assert is_open(after, wild) or lay.stands_for is None
        else:
            assert Counter(pairs(after)) == Counter(pairs(meld)) + Counter(
                [(lay.card, lay.stands_for)]
            ), f"{meld} + {lay.card} = {after}"


@pytest.mark.parametrize("variant", SEARCH_VARIANTS, ids=str)
@given(data=st.data())
def test_find_lay_offs_agrees_with_brute_force(
    variant: Variant, data: st.DataObject
) -> None:
    """find_lay_offs lists exactly what trying each hand card in every meaning finds, the table's wilds keeping theirs."""
    wild = data.draw(wild_ranks(variant), label="wild")
    meld, left = data.draw(table_melds(variant, wild), label="meld")
    hand = data.draw(layoff_hands(wild, meld, left), label="hand")
    assert oracle_accepts(meld, variant, wild), str(meld)
    found = [
        (lay.card, lay.stands_for, key(lay.meld))
        for lay in find_lay_offs(hand, meld, variant.rules.meld_rules, wild=wild)
    ]
    assert len(found) == len(set(found)), "a lay-off is listed twice"
    expected = oracle.lay_offs(hand, pairs(meld), variant.spec, wild)
    missing, extra = expected - set(found), set(found) - expected
    assert not missing, f"find_lay_offs misses {sorted(map(str, missing))}"
    assert not extra, f"find_lay_offs wrongly finds {sorted(map(str, extra))}"


@pytest.mark.parametrize(
    ("single_meld", "leftover"),
    [(False, True), (False, False), (True, True), (True, False)],
    ids=["standard", "standard-no-leftover", "minor", "major"],
)
@given(hand=hands(GOR, None, max_size=8, max_wilds=3))
@example(hand=(WILDCARD,) * 3)
@example(hand=(WILDCARD,) * 4)
@example(hand=parse_cards("2H 9C * * * *"))
def test_find_going_out_agrees_with_brute_force(
    hand: tuple[Card, ...], *, single_meld: bool, leftover: bool
) -> None:
    """find_going_out lays the hand out as valid melds and at most one card over exactly when brute force can."""
    rules = GOR.rules.meld_rules
    layout = find_going_out(hand, rules, single_meld=single_meld, leftover=leftover)
    whole, one_over = oracle.going_out(hand, GOR.spec, None, single_meld=single_meld)
    if not (whole or (leftover and one_over)):
        assert layout is None
        return
    assert layout is not None
    laid = [card for meld in layout.melds for card in meld.cards]
    if layout.leftover is not None:
        laid.append(layout.leftover)
    assert Counter(laid) == Counter(hand)
    for meld in layout.melds:
        assert oracle_accepts(meld, GOR, None), str(meld)
    if single_meld:
        assert len(layout.melds) == 1
    if whole or not leftover:
        # A layout with no card over is preferred (GOR-7).
        assert layout.leftover is None


# --- Which rule a refusal names ------------------------------------------------


def as_given(text: str) -> oracle.Given:
    cards, declared = parse_declared(text)
    return tuple(zip(cards, declared, strict=True))


@pytest.mark.parametrize("variant", [*CHECK_VARIANTS, EOP_TWO_DECKS], ids=str)
@scaled(3)
@given(data=st.data())
def test_a_refusal_names_the_rule_the_oracle_finds(
    variant: Variant, data: st.DataObject
) -> None:
    """check_meld names the rule brute force finds: the first rule that, lifted, lets a reading through, a shape rule only when none does."""
    wild = data.draw(wild_ranks(variant), label="wild")
    given = data.draw(declared_melds(variant, wild), label="given")
    result = variant.rules.check_meld(declared_text(given), wild=wild)
    assert result.rule == oracle.cited_rule(given, variant.spec, wild), result.reason
    assert bool(result) == (result.rule is None) == (not result.reason)
    assert len(result.reason) < 400


@pytest.mark.parametrize(
    ("variant", "wild", "text"),
    [
        (EOP, Rank.THREE, "4C 3D=5C 6C 3C=7C"),
        (EOP, Rank.NINE, "9H=2S 3S 4S"),
        (EOP, None, "AS 5S 9S"),
        (F14, None, "AS 5S 9S"),
        (EOP, Rank.KING, "4S 5S 6S 7S 8S 9S 10S AS KH KD KC"),
        (EOP, Rank.FOUR, "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 4H"),
        (EOP_TWO_DECKS, Rank.FOUR, "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 4H 4D"),
        (GOR, None, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS *"),
        (GOR, None, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"),
        (EOP, Rank.FIVE, "AS 3S 4S"),
    ],
    ids=str,
)
def test_the_oracle_and_check_meld_agree_on_the_rulings_of_issue_12(
    variant: Variant, wild: Rank | None, text: str
) -> None:
    given = as_given(text)
    assert variant.rules.check_meld(text, wild=wild).rule == oracle.cited_rule(
        given, variant.spec, wild
    )
