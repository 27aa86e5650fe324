"""End of the Page, played: the seed's worked example and one test per rule ID."""

from collections import Counter

import attrs
import pytest

import machine_listing
from rummyrules import EndOfThePage, EndOfThePageState, Phase, parse_cards
from scenarios import play, refused

TWO = EndOfThePage(players=2)

# The seed's example: the dealer is player 1 and 3s are wild; "mom" is
# player 0, dealt a 4. Mom's cards, the dealer's, the upcard, then the stock.
EXAMPLE = TWO.stacked_deck("4H 4D 3H 9S  3S KC 4C  QD  7D 3D 6C AC 10H")


def example() -> EndOfThePageState:
    return TWO.new_game(deck=EXAMPLE, dealer=1)


def test_eop_16_worked_example_scores_210_and_105() -> None:
    game = example()
    assert game.wild is not None
    assert str(game.wild) == "3"
    assert game.to_move == 0
    game = play(game, "draw", "meld 4H 4D 3H=4", "discard 9S")  # mom
    game = play(game, "draw")  # the dealer draws the other 3
    assert not any(str(m).startswith("meld") for m in game.legal_moves())
    game = play(game, "discard KC")
    game = play(game, "draw", "discard 6C")  # mom
    game = play(game, "take", "meld 4C 3S=5C 6C", "lay 3D=4 on 1")  # the dealer floats
    assert game.hand(1) == ()
    assert game.to_move == 0
    game = play(game, "draw", "discard AC")  # mom
    game = play(game, "draw", "discard 10H")  # the dealer goes out
    assert game.score_sheet == ((105, 210),)
    assert game.scores == (105, 210)
    assert game.round == 2


@pytest.mark.parametrize("discard", ["4C", "3S", "3D"])
def test_eop_12_worked_example_what_if_the_dealer_discards_a_card_that_plays(
    discard: str,
) -> None:
    game = play(example(), "draw", "meld 4H 4D 3H=4", "discard 9S", "draw")
    game = play(game, f"discard {discard}", "take")
    card = discard
    game = play(game, f"lay {card} on 1", "discard 7D")  # mom goes out
    assert len(game.score_sheet) == 1
    mom, dealer = game.score_sheet[0]
    assert mom == 110 + TWO.card_value(card, wild="3")
    assert dealer < 0


# --- Setup and deal ----------------------------------------------------------


def test_eop_1_a_stacked_deck_must_be_the_whole_deck() -> None:
    with pytest.raises(ValueError, match="it lacks") as caught:
        TWO.new_game(deck=EXAMPLE[:-1])
    assert "the deck must be the game's 48 cards" in str(caught.value)
    with pytest.raises(ValueError, match="too many 2S"):
        TWO.new_game(deck=(*EXAMPLE[:-1], *parse_cards("2S")))


def test_eop_1_every_card_is_somewhere() -> None:
    game = EndOfThePage(players=4).new_game(seed=5)
    assert (
        sum(len(h) for h in game.hands) + len(game.stock) + len(game.discard_pile) == 96
    )


def test_eop_r7_a_table_may_use_more_decks_than_it_needs() -> None:
    """Two players with two decks is a legal table; the default stays one deck."""
    assert EndOfThePage(players=2).decks == 1
    game = EndOfThePage(players=2, decks=2).new_game(seed=3)
    cards = Counter(str(card) for card in game.stock + game.discard_pile)
    for hand in game.hands:
        cards.update(str(card) for card in hand)
    assert sum(cards.values()) == 96
    assert set(cards.values()) == {2}  # every card of the 48 twice
    with pytest.raises(ValueError, match="EOP-1"):
        EndOfThePage(players=2, decks=4)


def test_eop_2_the_flipped_card_sets_each_hand_size() -> None:
    rules = EndOfThePage(players=3)
    # player 1 flips a 5, player 2 a Jack, the dealer (0) a 4
    deck = rules.stacked_deck("5H 6C 7C 8C 9C  JD 3C 3D 3H 3S 4C 4D 4H 6D 5C 5D  4S")
    game = rules.new_game(deck=deck, dealer=0)
    assert [len(game.hand(p)) for p in range(3)] == [4, 5, 11]
    assert game.to_move == 1  # the dealer's left plays first


def test_eop_3_an_ace_flipped_by_the_dealer_is_not_wild() -> None:
    rules = EndOfThePage(players=2)
    deck = rules.stacked_deck("3H 4H 5H  AS AH 7D 8D 9D 10D JD QD KD 3C 4C 5C 6C 7C")
    game = rules.new_game(deck=deck, dealer=1)
    assert len(game.hand(1)) == 14  # the Ace still deals 14, the next cards included
    assert game.wild is not None
    assert str(game.wild) == "7"
    assert str(game.face_up) == "7D"


def test_eop_3_the_wild_card_stays_face_up_until_the_dealer_plays_it() -> None:
    game = play(
        example(), "draw", "meld 4H 4D 3H=4", "discard 9S", "draw", "discard KC"
    )
    assert str(game.face_up) == "3S"
    assert game.face_up_holder == 1
    game = play(game, "draw", "discard 6C", "take", "meld 4C 3S=5C 6C")
    assert game.face_up is None
    assert game.face_up_holder is None  # nobody holds a card no longer face up
    assert game.view(0).face_up_holder is None


def test_eop_4_one_upcard_starts_the_discard_pile() -> None:
    game = example()
    assert [str(c) for c in game.discard_pile] == ["QD"]
    assert str(game.stock[0]) == "7D"


def test_eop_r1_the_deal_passes_left_and_the_seed_deals_the_next_round() -> None:
    first = EndOfThePage(players=3, rounds=2, max_turns=1).new_game(seed=9, dealer=2)
    second = first.apply("draw").apply(first.apply("draw").legal_moves()[-1])
    assert second.round == 2
    assert second.dealer == 0
    again = EndOfThePage(players=3, rounds=2, max_turns=1).new_game(seed=9, dealer=2)
    assert again.apply("draw").apply(again.apply("draw").legal_moves()[-1]) == second


# --- The turn ----------------------------------------------------------------


def test_eop_5_a_turn_begins_with_one_draw() -> None:
    game = example()
    assert refused(game, "discard 9S").rule == "EOP-5"
    assert refused(game, "meld 4H 4D 3H").rule == "EOP-5"
    drawn = game.apply("draw")
    assert refused(drawn, "draw").rule == "EOP-5"
    assert refused(drawn, "take").rule == "EOP-5"
    error = refused(game, "1: draw")
    assert (error.rule, error.reason) == (
        "ALL-2",
        "it is player 0's turn, not player 1's",
    )
    assert (
        refused(game, "2: draw").reason
        == "there is no player 2: the players are 0 to 1"
    )
    assert game.apply("0: draw") == drawn


def test_eop_5_take_the_top_discard() -> None:
    game = example().apply("take")
    assert "QD" in [str(c) for c in game.hand(0)]
    assert game.discard_pile == ()


# Mom (0) is dealt 7H 8H 8D 10S JS 5C 6D; the dealer (1) flips a 4, so 4s are wild.
PICKUP = TWO.stacked_deck("7H 8H 8D 10S JS 5C 6D  4S 9S KC QC  8C  AD KD")


def pickup_position(*, take_cards_above: bool = True) -> EndOfThePageState:
    """Mom to play with 9S, AD, 8C in the discard pile, top first."""
    rules = EndOfThePage(players=2, take_cards_above=take_cards_above)
    game = rules.new_game(deck=PICKUP, dealer=1)
    game = play(game, "draw", "discard AD", "draw", "discard 9S")
    assert [str(c) for c in game.discard_pile] == ["9S", "AD", "8C"]
    return game


def test_eop_6_deep_pickup_needs_two_natural_cards_that_meld_with_it() -> None:
    game = pickup_position()
    assert "take 8C" in [str(m) for m in game.legal_moves()]
    error = refused(game, "take AD")
    assert error.rule == "EOP-6"
    assert "two natural cards" in error.reason
    assert refused(game, "take 7C").rule == "EOP-5"  # not in the pile at all


def test_eop_6_the_card_taken_deep_must_be_melded_at_once() -> None:
    game = pickup_position().apply("take 8C")
    assert [str(m) for m in game.legal_moves()] == ["meld 8H 8D 8C"]
    assert refused(game, "discard 5C").rule == "EOP-6"
    assert refused(game, "meld 9S 10S JS").rule == "EOP-6"
    game = game.apply("meld 8H 8D 8C")
    assert "discard 5C" in [str(m) for m in game.legal_moves()]


def test_eop_r2_deep_pickup_takes_the_cards_above() -> None:
    game = pickup_position().apply("take 8C")
    assert {"9S", "AD", "8C"} <= {str(c) for c in game.hand(0)}
    assert game.discard_pile == ()


def test_eop_r2_option_leaves_the_cards_above_in_the_pile() -> None:
    game = pickup_position(take_cards_above=False).apply("take 8C")
    assert [str(c) for c in game.discard_pile] == ["9S", "AD"]
    assert "9S" not in {str(c) for c in game.hand(0)}


def moves_of(game: EndOfThePageState) -> list[str]:
    return [str(move) for move in game.legal_moves()]


# 3s are wild. Player 0 holds QC QD (a set with QS) and JS AS (no KS): the
# QS is taken from under 9C.
DEEP_QS = (
    "wild 3 | dealer 1 | to_move 0 draw | hands QC QD JS AS 3D 5H / 4C 6D 7D"
    " | pile 9C QS 8H | had_turn 0 1"
)


def test_eop_6_the_deep_card_is_melded_with_the_two_naturals_that_qualify_it() -> None:
    game = TWO.position(DEEP_QS).apply("take QS")
    # JS and AS are held naturals, but with QS they make no run by themselves:
    # the wild would bridge the gap at KS.
    error = refused(game, "meld JS QS 3D=KS AS")
    assert error.rule == "EOP-6"
    assert moves_of(game) == ["meld QS QD QC", "meld QS QD QC 3D=Q"]
    assert game.apply("meld QC QD QS 3D").turn.must_meld is None


def test_eop_6_the_two_naturals_stand_beside_the_card_in_a_run() -> None:
    # 9D 10D qualify JD; QD joins above it. A meld where the held naturals are
    # not beside the card with no wild between is refused, even if valid.
    game = TWO.position(
        "wild 3 | dealer 1 | to_move 0 draw | hands 9D 10D 3S KD 5H / 4C 6D 7D"
        " | pile 9C JD 8H | had_turn 0 1"
    ).apply("take JD")
    assert "meld 9D 10D JD 3S=QD KD" in moves_of(game)
    game = TWO.position(
        "wild 3 | dealer 1 | to_move 0 draw | hands 9D KD 3S 5H / 4C 6D 7D"
        " | pile 9C JD 8H | had_turn 0 1"
    )
    # A wild standing for 10D or QD would bridge a gap: JD does not qualify.
    assert refused(game, "take JD").rule == "EOP-6"


def test_eop_r6_a_wild_deep_in_the_pile_stands_for_a_card_of_the_three() -> None:
    # 3s are wild; AS AH make a set with a wild, 9D JD a run with it as 10D.
    game = TWO.position(
        "wild 3 | dealer 1 | to_move 0 draw | hands AS AH 9D JD 5C / 4C 6D 7D"
        " | pile 9C 3C 8H | had_turn 0 1"
    )
    assert "take 3C" in moves_of(game)
    taken = game.apply("take 3C")
    assert moves_of(taken) == ["meld AS AH 3C=A", "meld 9D 3C=10D JD"]
    assert [str(m) for m in taken.apply("meld AS AH 3C=A").melds] == ["AS AH 3C=A"]
    # The wild must stand beside the two naturals that qualified it.
    game = TWO.position(
        "wild 3 | dealer 1 | to_move 0 draw | hands 9D 10D 5C / 4C 6D 7D"
        " | pile JD 3C 8H | had_turn 0 1"
    ).apply("take 3C")
    assert "meld 3C=8D 9D 10D JD" in moves_of(game)
    # As QD it would stand beside 10D and the JD from the pile: not the two.
    assert refused(game, "meld 9D 10D JD 3C=QD").rule == "EOP-6"
    assert (
        refused(
            TWO.position(
                "wild 3 | dealer 1 | to_move 0 draw | hands 9D QD 5C / 4C 6D 7D"
                " | pile JD 3C 8H | had_turn 0 1"
            ),
            "take 3C",
        ).rule
        == "EOP-6"
    )


# 3s are wild. 8C 9C qualify the 3D deep in the pile as 10C (EOP-R6); QC JC,
# which come up with it, and the 3S as KC join the run, two naturals between
# the wilds (EOP-8). As KC the 3D would stand beside JC QC, not held before.
DEEP_WILD = (
    "wild 3 | dealer 1 | to_move 0 draw | hands 8C 9C 3S 5H / 4C 6D 7D"
    " | pile QC JC 3D 8H | had_turn 0 1"
)
DEEP_WILD_TAKEN = (
    "wild 3 | dealer 1 | to_move 0 play | had_turn 0 1"
    " | turn taken 3D must_meld 3D support 8C 9C 3S 5H"
    " | hands 8C 9C 3S 5H QC JC 3D / 4C 6D 7D | pile 8H"
)
PICKUP_RUN = "meld 8C 9C 3D=10C JC QC 3S=KC"
SWAPPED_RUN = "meld 8C 9C 3S=10C JC QC 3D=KC"


@pytest.mark.parametrize("reached", ["by play", "by position"])
def test_eop_r6_taken_wild_keeps_its_place_beside_the_naturals(reached: str) -> None:
    # Same-rank wilds lie in one order on the table, except the wild a deep
    # pickup forces into a meld: it stands beside the two naturals (EOP-6).
    if reached == "by play":
        game = TWO.position(DEEP_WILD).apply("take 3D")
    else:
        game = TWO.position(DEEP_WILD_TAKEN)
    assert str(game.turn.must_meld) == "3D"
    assert {"JC", "QC"}.isdisjoint(str(card) for card in game.turn.support)
    moves = moves_of(game)
    assert moves.count(PICKUP_RUN) == 1
    assert SWAPPED_RUN not in moves
    # Where card order already puts the 3D beside 8C 9C (as 10C), it stays.
    assert "meld 3S=7C 8C 9C 3D=10C" in moves
    assert "meld 3D=7C 8C 9C 3S=10C" not in moves
    # The turn machine lists the same moves, and the fast path names them.
    assert [str(m) for m in machine_listing.legal_moves(game)] == moves
    assert [str(game.action_to_move(a)) for a in game.legal_actions()] == moves
    laid = game.apply(PICKUP_RUN)
    assert [str(meld) for meld in laid.melds] == ["8C 9C 3D=10C JC QC 3S=KC"]
    assert laid.turn.must_meld is None
    # The other spelling of the same meld is the same move.
    assert game.apply(SWAPPED_RUN) == laid
    assert game.apply_action(game.move_to_action(PICKUP_RUN)) == laid
    assert game.apply_action(game.move_to_action(SWAPPED_RUN)) == laid


def test_eop_r6_outside_a_pickup_same_rank_wilds_lie_in_card_order() -> None:
    # With no pickup to honour, either spelling lays the one canonical layout.
    game = TWO.position(
        "wild 3 | dealer 1 | to_move 0 play | had_turn 0 1"
        " | hands 8C 9C JC QC 3S 3D 5H / 4C 6D 7D | pile 8H"
    )
    moves = moves_of(game)
    assert SWAPPED_RUN in moves
    assert PICKUP_RUN not in moves
    laid = game.apply(PICKUP_RUN)
    assert [str(meld) for meld in laid.melds] == ["8C 9C 3S=10C JC QC 3D=KC"]
    assert game.apply(SWAPPED_RUN) == laid


def test_eop_7_a_meld_needs_three_cards_held() -> None:
    game = example().apply("draw")
    assert refused(game, "meld 4H 4D").rule == "EOP-7"
    error = refused(game, "meld 9H 9D 9C")
    assert (error.rule, error.reason) == ("ALL-1", "you do not hold 9H")


def test_eop_8_wild_spacing_in_play() -> None:
    game = play(
        example(), "draw", "meld 4H 4D 3H=4", "discard 9S", "draw", "discard KC"
    )
    game = play(game, "draw", "discard 6C", "take")
    error = refused(game, "meld 4C 3S 3D 6C")
    assert error.rule == "EOP-8"


def test_meld_5_undeclared_wild_with_two_readings_is_refused_listing_both() -> None:
    rules = EndOfThePage(players=2)
    game = rules.new_game(
        deck=rules.stacked_deck("4H 4D 3H 9S  3S 5C 6C  QD"), dealer=1
    )
    game = play(game, "draw", "discard 9S", "draw")
    error = refused(game, "meld 5C 6C 3S")
    assert error.rule == "MELD-5"
    assert "'meld 3S=4C 5C 6C'" in error.reason
    assert "'meld 5C 6C 3S=7C'" in error.reason
    assert game.apply("meld 5C 6C 3S=7C").melds[0].cards == parse_cards("5C 6C 3S")


def test_meld_5_undeclared_wild_with_one_reading_is_accepted() -> None:
    game = example().apply("draw")
    assert game.apply("meld 4H 4D 3H") == game.apply("meld 4H 4D 3H=4")


def test_eop_9_lay_off_only_after_melding() -> None:
    game = play(example(), "draw", "meld 4H 4D 3H=4", "discard 9S", "draw")
    error = refused(game, "lay 4C on 1")
    assert error.rule == "EOP-9"
    assert (
        error.reason
        == "you have not melded yet this round, so you cannot lay off on a meld"
    )
    assert not any(str(m).startswith("lay") for m in game.legal_moves())


def test_eop_9_a_meld_earlier_in_the_turn_counts() -> None:
    game = play(
        example(), "draw", "meld 4H 4D 3H=4", "discard 9S", "draw", "discard KC"
    )
    game = play(game, "draw", "discard 6C", "take", "meld 4C 3S=5C 6C")
    assert "lay 3D=4 on 1" in [str(m) for m in game.legal_moves()]


def test_meld_6_lay_off_is_credited_to_who_played_it() -> None:
    game = play(
        example(), "draw", "meld 4H 4D 3H=4", "discard 9S", "draw", "discard KC"
    )
    game = play(game, "draw", "discard 6C", "take", "meld 4C 3S=5C 6C", "lay 3D=4 on 1")
    (set_of_fours, _) = game.melds
    assert set_of_fours.owner == 0
    assert sorted(set_of_fours.played_by) == [0, 0, 0, 1]
    assert refused(game.apply("draw"), "lay 9H on 5").rule == "MELD-6"


def test_eop_10_discard_ends_the_turn_and_playing_is_optional() -> None:
    game = example().apply("draw")
    assert refused(game, "discard 9H").rule == "ALL-1"  # not held
    after = game.apply("discard 9S")
    assert after.to_move == 1
    assert after.phase == Phase.DRAW
    assert str(after.discard_pile[0]) == "9S"


def test_eop_r3_the_card_just_taken_may_be_discarded_by_default() -> None:
    game = example().apply("take")
    assert "discard QD" in [str(m) for m in game.legal_moves()]


def test_eop_r3_option_forbids_discarding_the_card_just_taken() -> None:
    rules = EndOfThePage(players=2, discard_taken_card=False)
    game = rules.new_game(deck=EXAMPLE, dealer=1).apply("take")
    error = refused(game, "discard QD")
    assert error.rule == "EOP-R3"
    assert "discard QD" not in [str(m) for m in game.legal_moves()]


def test_eop_r3_option_refuses_a_take_or_lay_off_that_leaves_only_the_taken_card() -> (
    None
):
    strict = EndOfThePage(players=2, discard_taken_card=False)
    # A floating player (no cards) may not take a top card that fits nowhere.
    floating = strict.position(
        "wild 3 | to_move 1 draw | hands 3S 4C / - | melds 1: 9D 10D JD"
        " | pile 6C KC | had_turn 1"
    )
    assert refused(floating, "take").rule == "EOP-R3"
    assert moves_of(floating) == ["draw"]
    # Laying off the one other card would strand the 6C just taken.
    game = strict.position(
        "wild 3 | to_move 1 draw | hands 3S 4C / 8D | melds 1: 9D 10D JD"
        " | pile 6C KC | had_turn 1"
    ).apply("take")
    assert refused(game, "lay 8D on 1").rule == "EOP-R3"
    assert moves_of(game) == ["discard 8D"]
    # By default both are allowed.
    assert "take" in moves_of(
        TWO.position(
            "wild 3 | to_move 1 draw | hands 3S 4C / - | melds 1: 9D 10D JD"
            " | pile 6C KC | had_turn 1"
        )
    )


# Mom's fourth card is drawn later: 4S, then 4C, make the last-card story.
LAST_CARD = TWO.stacked_deck("4H 4D 3H 9S  3S KC 5C  QD  4S 3D 4C")


def test_eop_12_the_last_card_must_play_if_it_can() -> None:
    game = TWO.new_game(deck=LAST_CARD, dealer=1)
    game = play(game, "draw", "meld 4H 4D 3H=4", "discard 9S", "draw", "discard KC")
    game = play(game, "draw", "lay 4S on 1")
    assert [str(c) for c in game.hand(0)] == ["4C"]
    error = refused(game, "discard 4C")
    assert error.rule == "EOP-12"
    assert [str(m) for m in game.legal_moves()] == ["lay 4C on 1"]


def test_eop_13_playing_every_card_floats() -> None:
    game = TWO.new_game(deck=LAST_CARD, dealer=1)
    game = play(game, "draw", "meld 4H 4D 3H=4", "discard 9S", "draw", "discard KC")
    game = play(game, "draw", "lay 4S on 1", "lay 4C on 1")
    assert game.hand(0) == ()
    assert game.to_move == 1  # the turn ended without a discard
    assert game.score_sheet == ()  # floating is not going out
    game = play(game, "draw", "discard 5C")
    assert game.to_move == 0
    assert [str(m) for m in game.legal_moves()] == ["draw", "take"]


def test_eop_11_going_out_by_discarding_the_last_card() -> None:
    game = play(
        example(), "draw", "meld 4H 4D 3H=4", "discard 9S", "draw", "discard 4C"
    )
    game = play(game, "take", "lay 4C on 1", "discard 7D")
    assert game.score_sheet[0][0] == 115  # 4H 4D 3H 4C on the table, nothing in hand


# Mom flips a 5 and holds a run of five hearts; the dealer flips a 3.
QUICK = TWO.stacked_deck("5H 6H 7H 8H 9H  3S 5C 6C  QD  KH KD 10D")


def test_eop_14_first_player_out_on_the_first_turn_everyone_still_plays() -> None:
    game = TWO.new_game(deck=QUICK, dealer=1)
    game = play(game, "draw", "meld 5H 6H 7H 8H 9H", "discard KH")
    assert game.score_sheet == ()  # the dealer has not had a turn yet
    assert game.to_move == 1
    game = play(game, "draw", "meld 3S=4C 5C 6C", "discard KD")
    assert len(game.score_sheet) == 1


def test_eop_14_dealer_out_on_the_first_turn_ends_the_round_at_once() -> None:
    game = TWO.new_game(deck=QUICK, dealer=1)
    game = play(game, "draw", "discard KH", "draw", "meld 3S=4C 5C 6C", "discard KD")
    assert len(game.score_sheet) == 1
    assert game.score_sheet[0][1] == 110


# --- Stock out, wilds on the table, scoring, the page --------------------------


def stock_out(how: str) -> EndOfThePageState:
    """The worked example with the whole stock moved under the discard pile."""
    rules = EndOfThePage(players=2, stock_out=how)
    game = rules.new_game(deck=EXAMPLE, dealer=1)
    return attrs.evolve(game, stock=(), discard_pile=(*game.discard_pile, *game.stock))


def test_eop_r4_end_round_draw_from_an_empty_stock_ends_the_round() -> None:
    game = stock_out("end_round")
    assert "take" in [str(m) for m in game.legal_moves()]  # the pile may still be taken
    after = game.apply("draw")
    assert after.score_sheet == (TWO_ROUND_AS_IT_STANDS,)


TWO_ROUND_AS_IT_STANDS = (-120, -115)  # 4H 4D 3H 9S, and 3S KC 4C, still in hand


def test_eop_r4_reshuffle_makes_a_new_stock_from_the_seed() -> None:
    game = stock_out("reshuffle")
    pile = game.discard_pile
    after = game.apply("draw")
    assert after.discard_pile == pile[:1]
    drawn = Counter(after.hand(0)) - Counter(game.hand(0))
    assert Counter(after.stock) + drawn == Counter(pile[1:])
    assert after.stock != tuple(reversed(pile[1:]))[1:]  # shuffled, not flipped
    assert after == stock_out("reshuffle").apply("draw")  # the seed decides (ALL-4)


def test_eop_r4_flip_turns_the_pile_over() -> None:
    game = stock_out("flip")
    pile = game.discard_pile
    after = game.apply("draw")
    assert pile[-1] in after.hand(0)  # the bottom card came up first
    assert after.stock == tuple(reversed(pile[1:-1]))


@pytest.mark.parametrize("how", ["end_round", "reshuffle", "flip"])
def test_eop_r4_a_round_can_always_end(how: str) -> None:
    game = stock_out(how)
    # nothing left to draw: one card in the pile, the rest in mom's hand
    mom = (*game.hand(0), *game.discard_pile[1:])
    game = attrs.evolve(
        game, discard_pile=game.discard_pile[:1], hands=(mom, game.hand(1))
    )
    assert "draw" in [str(m) for m in game.legal_moves()]
    assert len(game.apply("draw").score_sheet) == 1


def test_eop_r5_a_wild_keeps_its_meaning_on_the_table() -> None:
    game = play(
        example(), "draw", "meld 4H 4D 3H=4", "discard 9S", "draw", "discard KC"
    )
    game = play(game, "draw", "discard 6C", "take", "meld 4C 3S=5C 6C")
    run = game.melds[1].meld
    assert str(run) == "4C 3S=5C 6C"
    # nobody may put the real 5C in the wild's place; a 7C still extends it
    assert TWO.find_lay_offs("5C", run, wild="3") == ()
    assert [str(o.meld) for o in TWO.find_lay_offs("7C", run, wild="3")] == [
        "4C 3S=5C 6C 7C"
    ]


def test_eop_15_eop_16_scores_count_played_minus_hand() -> None:
    game = play(
        example(), "draw", "meld 4H 4D 3H=4", "discard 9S", "draw", "discard KC"
    )
    game = play(game, "draw", "discard 6C", "take", "meld 4C 3S=5C 6C", "lay 3D=4 on 1")
    game = play(game, "draw", "discard AC", "draw", "discard 10H")
    assert game.score_sheet[0] == (110 - 5, 5 + 100 + 5 + 100)


def test_eop_17_the_page_ends_the_game_and_highest_total_wins() -> None:
    rules = EndOfThePage(players=2, rounds=1)
    game = play(rules.new_game(deck=EXAMPLE, dealer=1), "draw", "meld 4H 4D 3H=4")
    game = play(game, "discard 9S", "draw", "discard KC", "draw", "discard 6C", "take")
    game = play(game, "meld 4C 3S=5C 6C", "lay 3D=4 on 1", "draw", "discard AC")
    game = play(game, "draw", "discard 10H")
    assert game.is_over
    assert game.to_move is None
    assert game.winners == (1,)
    assert game.legal_moves() == ()
    assert refused(game, "draw").rule == "ALL-2"


def test_eop_17_tape_a_page_on_to_play_longer() -> None:
    rules = EndOfThePage(players=2, rounds=1, max_turns=1)
    over = rules.new_game(seed=4).apply("draw")
    over = over.apply(over.legal_moves()[-1])
    assert over.is_over
    longer = over.with_page(3)
    assert not longer.is_over
    assert longer.round == 2
    assert isinstance(longer.rules, EndOfThePage)
    assert longer.rules.rounds == 3
    assert over.is_over  # the old state is unchanged


def test_eop_17_rip_the_page_but_never_below_the_rounds_begun() -> None:
    game = EndOfThePage(players=2, rounds=10).new_game(seed=4)
    ripped = game.with_page(1).rules
    assert isinstance(ripped, EndOfThePage)
    assert ripped.rounds == 1
    with pytest.raises(ValueError, match="at least the 1 rounds already begun"):
        game.with_page(0)


def test_eop_17_equal_totals_share_the_win() -> None:
    game = attrs.evolve(
        example(), score_sheet=((50, 50),), phase=Phase.OVER, to_move=None
    )
    assert game.winners == (0, 1)


def test_all_5_max_turns_ends_the_round_as_it_stands() -> None:
    rules = EndOfThePage(players=2, max_turns=2)
    game = play(rules.new_game(deck=EXAMPLE, dealer=1), "draw", "discard 9S")
    assert game.score_sheet == ()
    game = play(game, "draw", "discard KC")
    assert len(game.score_sheet) == 1


def test_eop_r3_option_never_leaves_a_player_without_a_move() -> None:
    # Mom takes the 9S she may not discard again; melding her three 3s would
    # leave her holding only the 9S, which fits nowhere: that meld is not allowed.
    rules = EndOfThePage(players=2, discard_taken_card=False)
    deck = rules.stacked_deck("3H 3D 3C  4S KC QC QD  9S")
    game = rules.new_game(deck=deck, dealer=1).apply("take")
    assert [str(m) for m in game.legal_moves()] == [
        "discard 3H",
        "discard 3D",
        "discard 3C",
    ]
    assert refused(game, "meld 3H 3D 3C").rule == "EOP-R3"
