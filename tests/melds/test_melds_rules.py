"""Meld rulings, one test per rule ID, built from card text (MELD-*, EOP, F14, GOR)."""

import pytest

from rummyrules import (
    WILDCARD,
    EndOfThePage,
    FourteenHundred,
    GoingOutRummy,
    MeldCheck,
    MeldKind,
    Rank,
    Rules,
    parse_cards,
)
from rummyrules.melds import check, parse_declared

EOP = EndOfThePage()
EOP_TWO_DECKS = EndOfThePage(players=4)
F14 = FourteenHundred()
GOR = GoingOutRummy(wildcards=9)
EVERY_VARIANT = [EOP, F14, GOR]


def texts(result: MeldCheck) -> list[str]:
    return [str(meld) for meld in result.melds]


# --- The seed's own questions (End of the Page FAQ) -------------------------


def test_eop_8_faq_nine_five_five_queen_king_is_no_run() -> None:
    result = EOP.check_meld("9S 5H 5D QS KS", wild="5")
    assert not result
    assert result.rule == "EOP-8"
    assert result.reason == (
        "wild cards 5H and 5D have only 0 natural cards between them; "
        "End of the Page needs 2"
    )


def test_eop_8_faq_seven_five_nine_and_five_queen_king_are_runs() -> None:
    assert texts(EOP.check_meld("7S 5H 9S", wild="5")) == ["7S 5H=8S 9S"]
    assert texts(EOP.check_meld("5D QS KS", wild="5")) == [
        "5D=JS QS KS",
        "QS KS 5D=AS",
    ]


def test_eop_8_faq_three_wild_threes_are_no_set() -> None:
    result = EOP.check_meld("3H 3D 3C", wild="3")
    assert not result
    assert result.rule == "EOP-8"
    assert "natural" in result.reason


def test_eop_7_faq_ace_is_never_low() -> None:
    result = EOP.check_meld("AS 3S 4S", wild="5")
    assert not result
    assert result.rule == "EOP-7"
    assert "Aces are high only" in result.reason
    # and a wild cannot bridge an Ace to the 3, since there is no 2 to stand for
    bridged = EOP.check_meld("AS 5H 3S", wild="5")
    assert not bridged
    assert bridged.rule == "EOP-7"


def test_eop_7_ace_high_run() -> None:
    assert texts(EOP.check_meld("QS KS AS")) == ["QS KS AS"]


def test_meld_2_faq_set_of_more_than_four_with_two_decks() -> None:
    result = EOP_TWO_DECKS.check_meld("4H 4H 4D 4S 4C 5S", wild="5")
    assert result
    assert result.melds[0].kind is MeldKind.SET
    assert result.melds[0].rank is Rank.FOUR
    assert len(result.melds[0].cards) == 6


def test_eop_8_faq_wild_four_four_wild_is_a_set() -> None:
    result = EOP.check_meld("3S 4H 4D 3D", wild="3")
    assert result
    assert texts(result) == ["4H 4D 3S=4 3D=4"]


def test_eop_8_four_wild_six_wild_is_no_run() -> None:
    result = EOP.check_meld("4S 3H 6S 3D", wild="3")
    assert not result
    assert result.rule == "EOP-8"


def test_eop_8_set_holds_half_its_naturals_plus_one_wild() -> None:
    # two naturals: two wilds fit (W N N W), three do not
    assert EOP_TWO_DECKS.check_meld("9H 9D 5S 5H", wild="5")
    three = EOP_TWO_DECKS.check_meld("9H 9D 5S 5H 5D", wild="5")
    assert not three
    assert three.rule == "EOP-8"
    # four naturals: three wilds fit (W N N W N N W)
    assert EOP_TWO_DECKS.check_meld("9H 9D 9S 9C 5S 5H 5D", wild="5")


def test_eop_8_every_meld_has_two_naturals() -> None:
    result = EOP.check_meld("9H 5S 5H", wild="5")
    assert not result
    assert result.rule == "EOP-8"


def test_eop_8_lay_off_must_keep_the_meld_valid() -> None:
    meld = EOP.check_meld("7S 5H 9S", wild="5").melds[0]
    # a second wild next to the first one is refused; at the far end it needs
    # two naturals between, which 9S alone is not
    lay_offs = EOP.find_lay_offs("5D 10S 6S", meld, wild="5")
    assert sorted(str(lay.meld) for lay in lay_offs) == [
        "6S 7S 5H=8S 9S",
        "7S 5H=8S 9S 10S",
    ]


def test_eop_1_no_twos_in_the_deck() -> None:
    result = EOP.check_meld("2S 3S 4S")
    assert not result
    assert result.rule == "EOP-1"
    assert "2S" in result.reason


def test_eop_1_one_deck_has_each_card_once() -> None:
    result = EOP.check_meld("4H 4H 4D")
    assert not result
    assert result.rule == "EOP-1"
    assert EOP_TWO_DECKS.check_meld("4H 4H 4D")


# --- Card values ------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "value"),
    [
        ("AS", 100),
        ("KS", 10),
        ("QH", 10),
        ("JD", 10),
        ("10C", 10),
        ("9S", 10),
        ("8H", 10),
        ("7D", 5),
        ("6C", 5),
        ("5S", 5),
        ("4H", 5),
        ("3D", 5),
    ],
)
def test_eop_15_card_values(card: str, value: int) -> None:
    assert EOP.card_value(card) == value


def test_eop_15_wild_card_is_worth_100() -> None:
    assert EOP.card_value("4H", wild="4") == 100
    assert EOP.card_value("4H", wild="5") == 5


@pytest.mark.parametrize(
    ("card", "value"),
    [
        ("AS", 15),
        ("KS", 10),
        ("QH", 10),
        ("JD", 10),
        ("10C", 10),
        ("9S", 5),
        ("8H", 5),
        ("7D", 5),
        ("6C", 5),
        ("5S", 5),
        ("4H", 5),
        ("3D", 5),
        ("2C", 5),
    ],
)
def test_f14_2_card_values(card: str, value: int) -> None:
    assert F14.card_value(card) == value


def test_f14_2_wild_card_is_worth_100_even_an_ace() -> None:
    assert F14.card_value("AH", wild="A") == 100
    assert F14.card_value("2H", wild="2") == 100


def test_gor_1_no_points() -> None:
    assert {GOR.card_value(card) for card in ("AS", "KH", "*")} == {0}


def test_eop_1_card_value_of_a_card_not_in_the_deck_is_refused() -> None:
    with pytest.raises(ValueError, match="no 2S"):
        EOP.card_value("2S")


# --- Where the Ace stands, and wrapping -------------------------------------


@pytest.mark.parametrize("rules", EVERY_VARIANT, ids=lambda r: r.name)
def test_meld_3_king_ace_two_is_never_a_run(rules: Rules) -> None:
    result = rules.check_meld("KH AH 2H")
    assert not result


def test_f14_10_ace_is_high_only() -> None:
    assert F14.check_meld("QD KD AD")
    low = F14.check_meld("AD 2D 3D")
    assert not low
    assert low.rule == "F14-10"


def test_f14_10_runs_may_use_twos() -> None:
    assert texts(F14.check_meld("2C 3C 4C")) == ["2C 3C 4C"]


def test_gor_5_ace_low_or_high() -> None:
    assert texts(GOR.check_meld("AH 2H 3H")) == ["AH 2H 3H"]
    assert texts(GOR.check_meld("QD KD AD")) == ["QD KD AD"]
    # thirteen of a suit: the Ace may stand at either end, not both
    whole = GOR.check_meld("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")
    assert [meld.cards[0] for meld in whole.melds] == list(parse_cards("AS 2S"))


def test_gor_5_no_run_uses_the_ace_at_both_ends() -> None:
    everything = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"
    result = GOR.check_meld(everything)
    assert not result
    assert result.rule == "GOR-5"
    assert result.reason.endswith(
        "the Ace low or high, never both, so it holds at most 13 cards"
    )
    assert GOR.check_meld(everything.removesuffix(" AS"))


def test_gor_5_wildcard_cannot_wrap_a_run() -> None:
    result = GOR.check_meld("KH AH *")
    assert texts(result) == ["*=QH KH AH"]


# --- What a meld is ---------------------------------------------------------


def test_meld_1_identical_cards_from_different_decks_are_equal() -> None:
    first, second = parse_cards("7H 7h")
    assert first == second
    assert hash(first) == hash(second)


def test_meld_2_set_suits_may_repeat_with_two_decks() -> None:
    assert EOP_TWO_DECKS.check_meld("7H 7H 7S")


def test_meld_2_set_of_one_rank_only() -> None:
    result = F14.check_meld("7H 7S 8S")
    assert not result
    assert result.rule in {"MELD-2", "MELD-3"}


def test_meld_3_run_of_one_suit_only() -> None:
    result = F14.check_meld("7H 8S 9S")
    assert not result
    assert result.rule == "MELD-3"


def test_meld_3_run_with_a_gap_says_what_is_missing() -> None:
    result = F14.check_meld("7S 9S JS")
    assert not result
    assert result.rule == "MELD-3"
    assert "8S 10S" in result.reason


def test_meld_3_set_and_run_never_combine() -> None:
    result = GOR.check_meld("5H 6H 7H 7S 7D")
    assert not result


@pytest.mark.parametrize("rules", EVERY_VARIANT, ids=lambda r: r.name)
def test_meld_2_at_least_three_cards(rules: Rules) -> None:
    result = rules.check_meld("7H 7S")
    assert not result
    assert "at least 3 cards" in result.reason


def test_meld_4_wild_rank_makes_every_suit_wild() -> None:
    for text in ("7S 8S 5H", "7S 8S 5C", "7S 8S 5D"):
        assert F14.check_meld(text, wild="5")
    assert not F14.check_meld("7S 8S 5H")


def test_meld_4_wild_rank_card_counts_as_wild_even_in_its_own_place() -> None:
    # 4S 5S 6S with 5s wild: 5S is wild, standing for the 5S
    meld = F14.check_meld("4S 5S 6S", wild="5").melds
    assert [str(m) for m in meld] == ["4S 5S=5S 6S"]


def test_meld_5_several_readings_are_all_listed() -> None:
    result = GOR.check_meld("4C 5C *")
    assert texts(result) == ["*=3C 4C 5C", "4C 5C *=6C"]


def test_meld_5_a_declaration_picks_one_reading() -> None:
    assert texts(GOR.check_meld("4C 5C *=6C")) == ["4C 5C *=6C"]
    assert texts(EOP.check_meld("4H 4D 3S=4", wild="3")) == ["4H 4D 3S=4"]


def test_meld_5_a_declaration_that_does_not_fit_is_refused() -> None:
    result = F14.check_meld("7S 5H=9S 9S", wild="5")
    assert not result
    assert result.rule == "MELD-5"


def test_meld_5_a_natural_card_cannot_be_declared() -> None:
    result = F14.check_meld("7S 8S=9S 10S", wild="5")
    assert not result
    assert result.rule == "MELD-5"
    assert "8S is not wild" in result.reason


def test_meld_5_declarations_are_read_from_text() -> None:
    cards, declared = parse_declared("7S 5H=8S 3D=4")
    assert [str(c) for c in cards] == ["7S", "5H", "3D"]
    assert declared == (None, *parse_cards("8S"), Rank.FOUR)


def test_meld_6_lay_off_onto_a_set_and_either_end_of_a_run() -> None:
    meld = F14.check_meld("7S 8S 9S").melds[0]
    lay_offs = F14.find_lay_offs("6S 10S 5H 7H", meld, wild="5")
    assert [str(lay.meld) for lay in lay_offs] == [
        "5H=6S 7S 8S 9S",
        "7S 8S 9S 5H=10S",
        "6S 7S 8S 9S",
        "7S 8S 9S 10S",
    ]
    wild_lay = lay_offs[0]
    assert wild_lay.card == parse_cards("5H")[0]
    assert wild_lay.stands_for == parse_cards("6S")[0]


def test_eop_r5_lay_off_keeps_the_wilds_meaning() -> None:
    meld = EOP.check_meld("5H=6S 7S 8S", wild="5").melds[0]
    # the 5H stays a 6S: a 6S cannot be laid off to take its place
    assert [str(lay.meld) for lay in EOP.find_lay_offs("6S 9S", meld, wild="5")] == [
        "5H=6S 7S 8S 9S"
    ]


# --- Wild cards by variant --------------------------------------------------


def test_f14_11_no_wild_spacing() -> None:
    assert F14.check_meld("9S 5H 5D QS KS", wild="5")
    assert F14.check_meld("7H 5S 5D 5C", wild="5")


def test_f14_r8_a_meld_needs_a_natural_card() -> None:
    result = F14.check_meld("5H 5D 5C", wild="5")
    assert not result
    assert result.rule == "F14-R8"


def test_f14_r8_all_wild_melds_option() -> None:
    rules = FourteenHundred(all_wild_melds=True)
    (open_meld,) = rules.check_meld("5H 5D 5C", wild="5").melds
    assert open_meld.kind is MeldKind.WILD
    assert open_meld.rank is None
    # a natural laid off on it makes it a set of that rank (the library's ruling)
    lay_offs = rules.find_lay_offs("7H", open_meld, wild="5")
    assert [str(lay.meld) for lay in lay_offs] == ["7H 5H=7 5D=7 5C=7"]
    assert lay_offs[0].meld.kind is MeldKind.SET
    declared = rules.check_meld("5H=7 5D=7 5C=7", wild="5")
    assert texts(declared) == ["5H=7 5D=7 5C=7"]
    assert declared.melds[0].rank is Rank.SEVEN


def test_gor_6_meld_of_wildcards_only() -> None:
    result = GOR.check_meld("* * *")
    assert result
    (meld,) = result.melds
    assert meld.cards == (WILDCARD,) * 3
    assert meld.kind is MeldKind.WILD
    assert (meld.rank, meld.suit) == (None, None)
    assert str(result) == "valid: wild * * *"


def test_gor_6_any_number_of_wildcards() -> None:
    assert GOR.check_meld("7S * * * * *")
    assert GOR.check_meld("7S 7H 7D 7C 7S *")
    assert GOR.check_meld("5H 6H *")


def test_gor_1_wildcards_only_when_chosen() -> None:
    result = GoingOutRummy().check_meld("7S 7H *")
    assert not result
    assert result.rule == "GOR-1"
    assert result.reason == (
        "there is no * in this Going Out Rummy game: it was set up with no WILDCARDs;"
        " choose 1 to 9 with the option wildcards (wildcards=1 in code, --wildcards 1"
        " on the command line)"
    )
    too_many = GoingOutRummy(wildcards=2).check_meld("* * *")
    assert too_many.reason == "this game has only 2 WILDCARDs, not 3"
    assert GoingOutRummy(wildcards=1).check_meld("7S 7H *")


def test_gor_1_three_packs() -> None:
    assert GoingOutRummy().check_meld("7S 7S 7S")
    result = GoingOutRummy().check_meld("7S 7S 7S 7S")
    assert (
        result.reason == "there are only 3 7S in a 3-deck Going Out Rummy game, not 4"
    )


def test_eop_3_ace_is_never_the_wild_rank() -> None:
    with pytest.raises(ValueError, match="cannot be the wild rank"):
        EOP.check_meld("7S 8S 9S", wild="A")


def test_f14_4_ace_may_be_the_wild_rank() -> None:
    assert texts(F14.check_meld("7S AD 9S", wild="A")) == ["7S AD=8S 9S"]


def test_meld_4_gor_has_no_wild_rank() -> None:
    with pytest.raises(ValueError, match="wild rank"):
        GOR.check_meld("7S 8S 9S", wild="5")


# --- Going out --------------------------------------------------------------


def test_gor_7_going_out_leaves_at_most_one_card() -> None:
    layout = GoingOutRummy(wildcards=1).find_going_out("7S 7H 7D AH 2H * KC")
    assert layout is not None
    assert [str(m) for m in layout.melds] == ["AH 2H *=3H", "7S 7H 7D"]
    assert str(layout.leftover) == "KC"
    assert GoingOutRummy().find_going_out("7S 7H 7D AH 2H QC KC") is None


def test_gor_7_going_out_with_nothing_left_over() -> None:
    layout = GoingOutRummy().find_going_out("7S 7H 7D 8C 9C 10C")
    assert layout is not None
    assert layout.leftover is None


def test_gor_8_major_needs_one_meld_of_every_card() -> None:
    major = GoingOutRummy(going_out="major")
    assert major.find_going_out("2H 3H 4H 5H 6H 7H") is not None
    assert major.find_going_out("2H 3H 4H 9S 9C 9D") is None
    assert major.find_going_out("2H 3H 4H 5H 6H KC") is None


def test_gor_8_minor_allows_one_card_out_of_the_single_meld() -> None:
    minor = GoingOutRummy(going_out="minor")
    layout = minor.find_going_out("2H 3H 4H 5H 6H KC")
    assert layout is not None
    assert str(layout) == "2H 3H 4H 5H 6H discard KC"
    assert minor.find_going_out("2H 3H 4H 9S 9C 9D KC") is None


def test_meld_5_a_set_declaration_of_another_rank_is_named() -> None:
    result = F14.check_meld("7S 7H 5D=8", wild="5")
    assert not result
    assert result.rule == "MELD-5"
    assert result.reason == "5D is declared as 8, but 7S 7H 5D is a set of 7s"


def test_meld_5_all_wild_declarations_must_agree() -> None:
    rules = FourteenHundred(all_wild_melds=True)
    result = rules.check_meld("5H=3C 5D=4H 5S=5C", wild="5")
    assert not result
    assert result.rule == "MELD-5"
    assert texts(rules.check_meld("5H=3C 5D=4C 5S=5C", wild="5")) == [
        "5H=3C 5D=4C 5S=5C"
    ]


def test_gor_5_run_longer_than_the_ladder_is_explained() -> None:
    result = GOR.check_meld("10S JS QS KS AS " + "* " * 9)
    assert not result
    assert "longer than a run can be" in result.reason


def test_meld_2_too_few_cards_is_explained() -> None:
    assert EOP.check_meld("7S 8S").reason == (
        "a meld needs at least 3 cards, and 7S 8S is only 2"
    )
    assert (
        EOP.check_meld("").reason
        == "a meld needs at least 3 cards, and none were given"
    )


# --- Which rule a refusal names ---------------------------------------------
# The rule that really stops the cards: the one that, lifted, lets some
# reading through; MELD-2 or MELD-3 only when no rule lifted makes a meld.


def test_eop_8_a_declared_run_that_breaks_only_the_spacing() -> None:
    result = EOP.check_meld("4C 3D=5C 6C 3C=7C", wild="3")
    assert result.rule == "EOP-8"
    assert result.reason == (
        "wild cards 3D and 3C have only 1 natural card between them; "
        "End of the Page needs 2"
    )


def test_eop_7_a_wild_cannot_stand_for_a_two() -> None:
    result = EOP.check_meld("9H=2S 3S 4S", wild="9")
    assert result.rule == "EOP-7"
    assert result.reason == "End of the Page runs use 3 to A, so 9H cannot stand for 2S"


@pytest.mark.parametrize("rules", [EOP, F14], ids=lambda r: r.name)
def test_meld_3_ace_five_nine_is_no_run_whichever_way_the_ace_goes(
    rules: Rules,
) -> None:
    result = rules.check_meld("AS 5S 9S")
    assert result.rule == rules.check_meld("5S 9S JS").rule == "MELD-3"
    assert result.reason == (
        "AS 5S 9S has gaps at 6S 7S 8S 10S JS QS KS; filling them takes 7 wild "
        "cards, and there are 0"
    )


def test_eop_8_a_run_whose_only_reading_breaks_the_spacing() -> None:
    result = EOP.check_meld("4S 5S 6S 7S 8S 9S 10S AS KH KD KC", wild="K")
    assert result.rule == "EOP-8"
    assert result.reason == (
        "wild cards KH and KD have only 0 natural cards between them; "
        "End of the Page needs 2"
    )


@pytest.mark.parametrize(
    ("rules", "text"),
    [
        (EOP, "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 4H"),
        (EOP_TWO_DECKS, "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 4H 4D"),
    ],
    ids=["thirteen", "fourteen"],
)
def test_eop_7_a_run_of_thirteen_cards_or_more_is_longer_than_any(
    rules: Rules, text: str
) -> None:
    result = rules.check_meld(text, wild="4")
    assert result.rule == "EOP-7"
    assert result.reason == (
        f"{text} is longer than a run can be: End of the Page runs go from 3 to A"
    )


def test_gor_5_ace_to_king_and_a_wildcard_would_need_the_ace_at_both_ends() -> None:
    text = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS *"
    result = GOR.check_meld(text)
    assert result.rule == "GOR-5"
    assert result.reason == (
        f"{text} is longer than a run can be: a Going Out Rummy run has the Ace "
        "low or high, never both, so it holds at most 13 cards"
    )


def test_meld_5_a_declaration_is_blamed_only_when_dropping_it_helps() -> None:
    # 7S 5H=9S 9S: the 5H cannot be the 9S, but it can be the 8S
    assert F14.check_meld("7S 5H=9S 9S", wild="5").rule == "MELD-5"
    # a wild declared as a 2 in End of the Page breaks EOP-7, not MELD-5
    assert EOP.check_meld("9H=2S 3S 4S", wild="9").rule == "EOP-7"


def test_a_refusal_of_a_long_list_stays_cheap_and_short() -> None:
    """No run is longer than its ladder, so a long list is never placed card by card.

    Forty Aces of spades could each stand low or high: trying every way
    would take 2**40 steps.
    """
    aces = check(parse_cards("AS " * 40 + "* 7S"), GOR.meld_rules)
    assert aces.rule == "MELD-3"
    assert aces.reason.endswith(
        "and 18 more is no set (it mixes ranks) and no run (a run holds each rank once)"
    )
    mixed = check(parse_cards("5S 9S JS 7H " * 25_000), F14.meld_rules)
    assert mixed.rule == "MELD-2"
    assert len(mixed.reason) < 300
    # about 1 MB of text: refused for the cards the deck lacks, before any reading
    assert EOP.check_meld("AS 9H=2S " * 100_000, wild="9").rule == "EOP-1"
