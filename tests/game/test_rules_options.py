"""Rules classes: every option's default, range and message; every variant's deck."""

from collections import Counter

import attrs
import pytest

from rummyrules import (
    WILDCARD,
    EndOfThePage,
    FourteenHundred,
    GoingOut,
    GoingOutRummy,
    OptionError,
    Rank,
    StockOut,
)


def test_eop_1_players_and_decks_defaults() -> None:
    assert [EndOfThePage(players=n).decks for n in range(2, 9)] == [1, 1, 2, 2, 2, 3, 3]


def test_eop_1_three_players_may_use_two_decks() -> None:
    assert EndOfThePage(players=3, decks=2).decks == 2


def test_eop_1_four_players_need_two_decks() -> None:
    with pytest.raises(
        OptionError, match=r"4 players need at least 2 decks .*\(EOP-1\)"
    ):
        EndOfThePage(players=4, decks=1)


def test_eop_1_deal_must_never_run_out() -> None:
    with pytest.raises(OptionError) as caught:
        EndOfThePage(players=7, decks=2)
    assert str(caught.value) == (
        "7 players need 3 decks in End of the Page: the deal may take "
        "7 * 14 + 1 = 99 cards and 2 decks hold 96 (EOP-1)"
    )
    assert EndOfThePage(players=8, decks=3).players == 8


@pytest.mark.parametrize("players", [0, 1, 9, "2", 2.0, None])
def test_eop_1_player_range(players: object) -> None:
    with pytest.raises(
        OptionError, match="players must be from 2 to 8 in End of the Page"
    ):
        EndOfThePage(players=players)  # type: ignore[arg-type]  # bad input on purpose


def test_eop_1_deck_has_no_twos() -> None:
    deck = EndOfThePage().deck()
    assert len(deck) == 48
    assert all(card.rank is not Rank.TWO for card in deck)
    assert len(set(deck)) == 48
    two = Counter(EndOfThePage(players=4).deck())
    assert set(two.values()) == {2}
    assert len(two) == 48


def test_eop_17_rounds_default_and_range() -> None:
    assert EndOfThePage().rounds == 10
    with pytest.raises(OptionError, match=r"rounds must be .* not 0 \(EOP-17\)"):
        EndOfThePage(rounds=0)


def test_eop_r2_take_cards_above_is_a_boolean_option() -> None:
    assert EndOfThePage().take_cards_above is True
    assert EndOfThePage(take_cards_above=False).take_cards_above is False
    with pytest.raises(OptionError, match=r"True or False .*\(EOP-R2\)"):
        EndOfThePage(take_cards_above=1)  # type: ignore[arg-type]  # bad input on purpose


def test_eop_r3_discard_taken_card_default() -> None:
    assert EndOfThePage().discard_taken_card is True
    assert EndOfThePage(discard_taken_card=False).discard_taken_card is False


@pytest.mark.parametrize("value", ["end_round", "reshuffle", "flip"])
def test_eop_r4_stock_out_values(value: str) -> None:
    assert EndOfThePage(stock_out=value).stock_out is StockOut(value)


def test_eop_r4_stock_out_refuses_other_values() -> None:
    with pytest.raises(OptionError) as caught:
        EndOfThePage(stock_out="burn")
    assert str(caught.value) == (
        "stock_out must be one of 'end_round', 'reshuffle', 'flip' in End of the Page, "
        "not 'burn' (EOP-R4)"
    )


@pytest.mark.parametrize("rules_class", [EndOfThePage, FourteenHundred, GoingOutRummy])
def test_all_5_max_turns(
    rules_class: type[EndOfThePage | FourteenHundred | GoingOutRummy],
) -> None:
    assert rules_class().max_turns is None
    assert rules_class(max_turns=50).max_turns == 50
    with pytest.raises(
        OptionError, match="max_turns must be a whole number of at least 1"
    ):
        rules_class(max_turns=0)


def test_f14_r1_players_and_decks() -> None:
    assert FourteenHundred().players == 4
    assert [FourteenHundred(players=n).decks for n in range(2, 7)] == [1, 1, 2, 2, 2]
    with pytest.raises(
        OptionError, match=r"players must be from 2 to 6 in 1400, not 7 \(F14-R1\)"
    ):
        FourteenHundred(players=7)


def test_f14_1_four_players_need_two_decks() -> None:
    with pytest.raises(OptionError, match=r"\(F14-1\)"):
        FourteenHundred(players=4, decks=1)


def test_f14_1_deck_of_two_packs_without_jokers() -> None:
    deck = Counter(FourteenHundred().deck())
    assert len(deck) == 52
    assert set(deck.values()) == {2}
    assert WILDCARD not in deck


def test_f14_r2_ace_hand_size() -> None:
    assert FourteenHundred().ace_hand_size == 15
    assert FourteenHundred(ace_hand_size=16).ace_hand_size == 16


def test_f14_r3_r5_r7_r8_boolean_defaults() -> None:
    rules = FourteenHundred()
    assert rules.wild_card_dealt is True
    assert rules.pass_freely is False
    assert rules.lay_off_needs_meld is False
    assert rules.all_wild_melds is False


def test_f14_15_target() -> None:
    assert FourteenHundred().target == 1400
    assert FourteenHundred(target=500).target == 500
    with pytest.raises(OptionError, match=r"\(F14-15\)"):
        FourteenHundred(target=0)


def test_gor_1_options() -> None:
    rules = GoingOutRummy()
    assert (rules.players, rules.hand_size, rules.wildcards) == (2, 7, 0)
    with pytest.raises(OptionError, match=r"players .* not 11 \(GOR-1\)"):
        GoingOutRummy(players=11)
    for size in (1, 11):
        with pytest.raises(OptionError, match=r"hand_size .* \(GOR-1\)"):
            GoingOutRummy(hand_size=size)
    with pytest.raises(OptionError, match=r"wildcards .* not 10 \(GOR-1\)"):
        GoingOutRummy(wildcards=10)


def test_gor_1_deck_of_three_packs_and_wildcards() -> None:
    deck = Counter(GoingOutRummy(wildcards=4).deck())
    assert deck[WILDCARD] == 4
    assert sum(deck.values()) == 160
    assert {n for card, n in deck.items() if card != WILDCARD} == {3}


def test_gor_8_going_out_option() -> None:
    assert GoingOutRummy().going_out is GoingOut.STANDARD
    assert GoingOutRummy(going_out="major").going_out is GoingOut.MAJOR
    with pytest.raises(OptionError, match=r"'standard', 'major', 'minor'.*\(GOR-8\)"):
        GoingOutRummy(going_out="mega")


def test_gor_r3_last_player_wins_default() -> None:
    assert GoingOutRummy().last_player_wins is True


@pytest.mark.parametrize("rules_class", [EndOfThePage, FourteenHundred, GoingOutRummy])
def test_every_option_names_its_rule(
    rules_class: type[EndOfThePage | FourteenHundred | GoingOutRummy],
) -> None:
    for field in attrs.fields(rules_class):
        assert field.metadata["rule"], field.name
        assert field.metadata["doc"], field.name
        assert field.kw_only, field.name


def test_rules_are_frozen_values() -> None:
    rules = EndOfThePage(players=3)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rules.players = 4  # type: ignore[misc]  # frozen on purpose
    assert rules == EndOfThePage(players=3)
    assert hash(rules) == hash(EndOfThePage(players=3))
    # evolve keeps decks=1, which four players cannot use: refused, not changed
    with pytest.raises(OptionError, match="4 players need at least 2 decks"):
        attrs.evolve(rules, players=4)
