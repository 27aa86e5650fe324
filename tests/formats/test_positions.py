"""Positions: a state as one line of text, read back to the same state.

Round trips over random play of every variant, rulings set up from a
position, and the refusal of positions no game could reach, each with its
sentence.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import hypothesis
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummyrules import (
    EndOfThePage,
    FourteenHundred,
    FourteenHundredState,
    GameState,
    GoingOutRummy,
    Phase,
    PlayableRules,
    RummyRulesError,
)
from rummyrules.core.errors import PositionError
from rummyrules.formats.positions import read_position, write_position
from scenarios import every_card, listed, play, texts
from strategies import (
    gor_games,
    meld_positions,
    random_play,
    respelled_positions,
    seeds,
    tables,
)

TWO = EndOfThePage(players=2)
# The seed's worked example (as in test_end_of_the_page.py): the dealer is
# player 1, 3s are wild; mom holds 4H 4D 3H 9S, the dealer 3S KC 4C.
EXAMPLE = TWO.stacked_deck("4H 4D 3H 9S  3S KC 4C  QD  7D 3D 6C AC 10H")


def example() -> GameState:
    return TWO.new_game(deck=EXAMPLE, dealer=1)


# --- Round trips ---------------------------------------------------------------


@pytest.mark.slow
@given(tables(), seeds, st.randoms(use_true_random=False))
def test_every_state_of_random_play_reads_back_from_its_position(
    rules: PlayableRules[Any], seed: int, rng: random.Random
) -> None:
    """read_position(write_position(s)) == s for every state of random legal play."""
    for game in random_play(rules.new_game(seed=seed), rng, 150):
        text = write_position(game)
        assert "\n" not in text
        assert read_position(text) == game, text
        assert read_position(text, rules=rules) == game


@settings(max_examples=50)
@given(gor_games())
def test_going_out_games_worn_down_and_reshuffled_read_back(game: GameState) -> None:
    """Going Out Rummy states with a worn or rebuilt stock (GOR-9) read back too."""
    assert read_position(write_position(game)) == game


@settings(max_examples=50)
@given(st.data(), tables(), seeds, st.randoms(use_true_random=False))
def test_a_position_respelled_reads_the_same(
    data: st.DataObject, rules: PlayableRules[Any], seed: int, rng: random.Random
) -> None:
    """Section order, letter case and spaces around separators do not matter."""
    states = random_play(rules.new_game(seed=seed), rng, 60)
    game = states[data.draw(st.integers(0, len(states) - 1))]
    text = data.draw(respelled_positions(write_position(game)))
    assert read_position(text) == game, text


# --- The stock, filled in ---------------------------------------------------------


def test_a_left_out_stock_is_the_rest_of_the_deck_in_its_own_order() -> None:
    # The seed's worked example, dealt from a stacked deck, written by hand.
    game = read_position(
        "EndOfThePage | dealer 1 | wild 3 | face_up 3S | to_move 0 draw"
        " | hands 4H 4D 3H 9S / 3S KC 4C | pile QD | stock 7D 3D 6C AC 10H +"
    )
    assert game == example()
    assert write_position(game) == (
        "EndOfThePage | dealer 1 | wild 3 | face_up 3S | to_move 0 draw"
        " | hands 3H 4H 4D 9S / 3S 4C KC | pile QD | stock 7D 3D 6C AC 10H +"
    )


@pytest.mark.parametrize("fill", ["+", "…", "...", ""])
def test_the_stock_may_end_with_plus_or_be_left_out(fill: str) -> None:
    stock = f" | stock 7D 3D {fill}" if fill else ""
    text = "EndOfThePage | wild 3 | face_up 3S@0 | to_move 1 draw | hands 3S / 4C"
    game = read_position(text + " | had_turn 0 1" + stock)
    top = "3S 4C 7D 3D" if fill else "3S 4C"
    assert game.stock == TWO.stacked_deck(top)[2:]


def test_with_two_decks_the_later_copy_of_a_card_stays_in_the_stock() -> None:
    rules = EndOfThePage(players=4)
    game = read_position(
        "EndOfThePage players=4 | wild 5 | face_up 5S | to_move 1 draw"
        " | hands 5S / AS / 3H / 4H | pile KD | had_turn 0 1 2 3"
    )
    assert game.stock == rules.stacked_deck("5S AS 3H 4H KD")[5:]
    assert texts(game.stock).count("AS") == 1
    assert every_card(game) == Counter(rules.deck())


def test_an_empty_stock_is_written_as_a_dash() -> None:
    rules = GoingOutRummy(hand_size=2)
    pile = " ".join(texts(rules.stacked_deck("7S 7H 8S 8H")[4:]))
    game = read_position(
        f"GoingOutRummy hand_size=2 | to_move 1 draw | hands 7S 7H / 8S 8H | pile {pile}"
    )
    assert game.stock == ()
    assert write_position(game).endswith(" | stock -")
    assert listed(game) == ["take", "drop"]


# --- Rulings from positions -------------------------------------------------------

# The seed's worked example, at the dealer's decisive turn: mom has laid 4H 4D
# 3H=4 and discarded 6C; the dealer (player 1) holds 3S 3D 4C.
DECISIVE = (
    "EndOfThePage | dealer 1 | wild 3 | face_up 3S | to_move 1 draw"
    " | hands 7D / 3S 3D 4C"
    " | melds 0: 4H 4D 3H=4"
    " | pile 6C KC 9S QD"
    " | had_turn 0 1 | turns 3"
    " | stock AC 10H +"
)


def test_eop_16_worked_example_from_a_position_scores_210_and_105() -> None:
    game = TWO.position(DECISIVE)
    assert game == play(
        example(), "draw", "meld 4H 4D 3H=4", "discard 9S", "draw", "discard KC"
    ).apply("draw").apply("discard 6C")
    game = play(game, "take", "meld 4C 3S=5C 6C", "lay 3D=4 on 1")  # the dealer floats
    assert game.hand(1) == ()
    assert game.face_up is None
    game = play(game, "draw", "discard AC")  # mom
    game = play(game, "draw", "discard 10H")  # the dealer goes out
    assert game.score_sheet == ((105, 210),)
    assert game.scores == (105, 210)


def test_eop_16_the_dealer_floating_written_out_shows_who_laid_each_card() -> None:
    game = play(read_position(DECISIVE), "take", "meld 4C 3S=5C 6C", "lay 3D=4 on 1")
    text = write_position(game)
    assert "melds 0: 4H 4D 3H=4 3D=4@1 / 1: 4C 3S=5C 6C" in text
    assert game.melds[0].played_by == (0, 0, 0, 1)
    assert read_position(text) == game


def test_eop_12_the_last_card_must_play_if_it_can() -> None:
    game = read_position(
        "EndOfThePage | dealer 1 | wild 3 | face_up 3S | to_move 0 play"
        " | hands 4C / 3S 5C | melds 0: 4H 4D 3H=4 | pile KC 9S QD | had_turn 0 1"
    )
    assert listed(game) == ["lay 4C on 1"]


def test_eop_6_a_card_taken_from_deep_in_the_pile_must_be_melded_at_once() -> None:
    game = read_position(
        "EndOfThePage | wild 3 | face_up 3S@0 | to_move 1 play"
        " | turn taken 10D must_meld 10D support 9D JD"
        " | hands 3S 4C / 9D 10D JD KC | pile 6C | had_turn 1"
    )
    assert listed(game) == ["meld 9D 10D JD"]


def test_f14_12_a_player_who_is_down_may_claim_the_last_discard() -> None:
    game = FourteenHundred(players=3).position(
        "FourteenHundred players=3 | wild 9 | to_move 1 draw | claim 7H@0"
        " | hands 2C 3C 4D / KS KD 8C / JD QD | melds 2: 4H 5H 6H | pile 7H 10S"
    )
    assert isinstance(game, FourteenHundredState)
    assert listed(game, player=2) == ["2: claim 7H on 1"]
    after = game.apply("2: claim 7H on 1")
    assert after.melds[0].played_by == (2, 2, 2, 2)
    assert after.claim is None
    assert "claim" not in write_position(after)


def test_f14_13_the_last_plays_after_a_player_went_out_without_a_discard() -> None:
    game = read_position(
        "FourteenHundred players=2 decks=1 | wild 9 | to_move 1 last | out 0"
        " | hands - / 7H 8H 2C | melds 0: 4H 5H 6H / 0: KS KD KC | pile 10S"
    )
    assert listed(game)[0] == "draw"
    assert "done" in listed(game)
    assert "lay 7H on 1" in listed(game)


def test_gor_r3_the_last_player_left_wins() -> None:
    game = read_position(
        "GoingOutRummy players=3 | to_move 2 draw"
        " | hands 7S 7H 7D 8C 9C 10C KD / - / AS 2S 3S 4S 5S 6S 7S"
        " | dropped 1 | dropped_cards QH QS QD QC JH JS JD"
    )
    after = game.apply("2: drop")
    assert after.is_over
    assert after.winners == (0,)
    assert read_position(write_position(after)) == after


def test_gor_7_going_out_from_a_position() -> None:
    game = read_position(
        "GoingOutRummy | to_move 0 play | hands 7S 7H 7D 8C 9C 10C JC KD / AS 2S 4H 6D 8S 10H QC"
    )
    assert "out 7S 7H 7D / 8C 9C 10C JC discard KD" in listed(game)
    over = game.apply("out 7S 7H 7D / 8C 9C 10C JC discard KD")
    assert write_position(over).endswith(
        "over | hands - / AS 2S 4H 6D 8S 10H QC | melds 0: 7S 7H 7D / 0: 8C 9C 10C JC"
        " | pile KD | out 0 | turns 1 | winner 0"
    )


def test_a_rules_object_may_stand_for_the_rules_line() -> None:
    rules = GoingOutRummy(hand_size=3)
    game = read_position("to_move 1 draw | hands 7S 7H 9C / 7D 8D 9D", rules=rules)
    assert game.rules == rules
    assert game == read_position(write_position(game), rules=rules)
    assert game.phase == Phase.DRAW


def test_a_wild_meld_left_open_and_a_wild_declared_on_the_table() -> None:
    rules = FourteenHundred(players=2, all_wild_melds=True)
    game = read_position(
        "FourteenHundred players=2 decks=1 all_wild_melds=true | wild 9 | to_move 0 draw"
        " | hands 2C / 3C | melds 1: 9S 9H 9D / 0: 4C 5C 9C=6C | pile KH",
        rules=rules,
    )
    assert [meld.meld.kind.value for meld in game.melds] == ["wild", "run"]
    assert read_position(write_position(game)) == game


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("10S 10H 8S=10S", "10S 10H 8S=10"),  # a set's wild declared as a card
        ("10S 10H 10C 8S=10D@1", "10S 10H 10C 8S=10@1"),
        ("JH QH KH 8S=A", "JH QH KH 8S=AH"),  # a run's wild declared as a rank
        ("8S = A@1 QH KH JH", "JH QH KH 8S=AH@1"),
    ],
)
def test_meld_5_a_wild_declared_in_the_other_form_is_read_as_the_meld_needs(
    written: str, read: str
) -> None:
    game = EndOfThePage().position(
        "EndOfThePage | wild 8 | to_move 0 draw | hands 7D / 4C"
        f" | melds 0: {written} / 1: 3S 3H 3D | pile 6C | had_turn 0 1"
    )
    assert write_position(game).split(" | ")[4] == f"melds 0: {read} / 1: 3S 3H 3D"
    assert read_position(write_position(game)) == game


def test_a_long_meld_in_a_position_is_refused_in_a_short_message() -> None:
    with pytest.raises(PositionError) as caught:
        EndOfThePage().position(
            "EndOfThePage | wild 8 | to_move 0 draw | hands 7D / 4C"
            f" | melds 0: {'JH QH KH 8S=A ' * 5000} | pile 6C"
        )
    message = str(caught.value)
    assert message.startswith("melds: meld 1 ")
    assert len(message) < 300


@given(meld_positions())
@hypothesis.example(
    "EndOfThePage | wild 8 | to_move 0 draw | hands 7D / 4C"
    " | melds 0: 10S 10H 8S=10S | pile 6C | had_turn 0 1"
)
@hypothesis.example(
    "FourteenHundred | wild 9 | to_move 2 draw | hands 4C / KC / QD / JH"
    " | melds 1: 9H=7 8S 9S=10@0 / 0: 9D=QC 9C=QD QH@3 | pile 6C"
)
def test_meld_text_in_a_position_reads_or_is_refused_with_a_position_error(
    text: str,
) -> None:
    """Random and spoiled meld text in a position gives a state that reads back, or a PositionError, never another exception."""
    try:
        game = read_position(text)
    except PositionError:
        return
    assert read_position(write_position(game)) == game, text


def test_an_undeclared_wild_with_one_reading_is_read_that_way() -> None:
    game = read_position(
        "EndOfThePage | wild 5 | face_up 5S@0 | to_move 1 draw"
        " | hands 5S / 4C | melds 1: 7S 5H 9S | pile KH | had_turn 0 1"
    )
    assert str(game.melds[0]) == "7S 5H=8S 9S"


# --- Refusals ---------------------------------------------------------------------

EOP = "EndOfThePage | wild 3 | face_up 3S@0 | to_move 1 draw | hands 3S / 4C"
GOR = "GoingOutRummy hand_size=2 | to_move 1 draw | hands 7S 7H / 8S 8H"
F14 = "FourteenHundred players=2 decks=1 | wild 9 | to_move 1 draw | hands 2C / 3C"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("to_move 0 draw | hands - / -", "a position starts with its rules, as in"),
        ("", "a position starts with its rules"),
        ("Canasta | to_move 0 draw", "rules: there is no variant 'Canasta'"),
        (
            "EndOfThePage players=9 | wild 3",
            "rules: players must be from 2 to 8 in End of the Page, not 9 (EOP-1)",
        ),
        (
            EOP + " | colour red",
            "'colour' is not a section of a position; End of the Page's sections "
            "are dealer, face_up, had_turn, hands, known, melded, melds, out, over, pile, "
            "reshuffles, round, scores, seed, sheet, stock, to_move, turn, turns, wild",
        ),
        (GOR + " | wild 5", "wild: there is no such thing in Going Out Rummy"),
        (EOP + " | dealer 1 | dealer 0", "dealer: the section is given twice"),
        (
            "EndOfThePage | to_move 1 draw | hands 3S / 4C",
            "wild: a round of End of the Page has a wild rank; name it, as in 'wild 5'",
        ),
        (
            EOP.replace("wild 3", "wild A"),
            "wild: A cannot be the wild rank in End of the Page; it may be one of",
        ),
        (EOP.replace("4C", "4C 1S"), "hands: '1S' is not a card: ranks are A 2-10"),
        (
            EOP.replace("4C", "4C 2S"),
            "hands: there is no 2S in the End of the Page deck",
        ),
        (
            EOP.replace("4C", "4C 4C"),
            "the position holds 2 of 4C, and the End of the Page deck has 1 (ALL-1)",
        ),
        (EOP.replace("3S / 4C", "3S 4C"), "hands: 1 hands for 2 players"),
        (EOP.replace("| hands 3S / 4C", ""), "hands: give every player's hand"),
        (
            EOP.replace("| to_move 1 draw", ""),
            "to_move: say who is to move and in which phase, as in 'to_move 1 draw'",
        ),
        (
            EOP.replace("1 draw", "1 opening"),
            "to_move: 'opening' is not a phase of End of the Page; it has draw or play",
        ),
        (EOP.replace("1 draw", "1"), "to_move: give the player and the phase"),
        (
            EOP.replace("1 draw", "2 draw"),
            "to_move: there is no player 2: the players are 0 to 1",
        ),
        (EOP + " | over", "over: a game over has nobody to move"),
        (EOP + " | seed x", "seed: 'x' is not a whole number"),
        (EOP + " | turns -1", "turns: '-1' is not a whole number of 0 or more"),
        (
            EOP + " | melds 0: 4H 5D 6C",
            "melds: meld 1 (4H 5D 6C) is no meld: ",
        ),
        (
            EOP.replace("wild 3", "wild 5").replace("3S", "5S")
            + " | melds 0: 5D QS KS",
            "melds: meld 1 (5D QS KS) can be read more than one way; declare its wild "
            "cards: '5D=JS QS KS' or 'QS KS 5D=AS'",
        ),
        (
            EOP + " | melds 4H 4D 4S",
            "melds: meld 1 needs its owner, as in '0: 7S 8S 9S'",
        ),
        (EOP + " | melds 3: 4H 4D 4S", "melds: meld 1: there is no player 3"),
        (EOP + " | melds 0: 4H 4D 4S@5", "melds: meld 1: there is no player 5"),
        (
            EOP + " | stock 7D",
            "stock: the position lacks AS 4S 5S 6S 7S 8S 9S 10S JS QS and 35 more of "
            "the deck (ALL-1); end the stock with '+' to fill in the rest",
        ),
        (
            EOP.replace("face_up 3S@0", "face_up 4C"),
            "face_up: 4C is not of the wild rank 3; the face-up card is the one that "
            "set it (EOP-3, F14-4)",
        ),
        (
            EOP.replace("face_up 3S@0", "face_up 3S@1"),
            "face_up: the face-up card is in the hand of the player the deal gave it "
            "to, player 0 (EOP-3, F14-4)",
        ),
        (
            EOP + " | turn taken 4C",
            "turn: nothing has happened yet in a turn in the draw phase",
        ),
        (
            EOP.replace("1 draw", "1 play") + " | had_turn 1 | turn drew",
            "turn: 'drew' is not one of taken, must_meld, support, held_copy",
        ),
        (
            EOP + " | turn 4C",
            "turn: '4C' is not one of taken, must_meld, support, held_copy",
        ),
        (
            EOP.replace("1 draw", "1 play") + " | had_turn 1 | turn must_meld 9D",
            "turn: player 1 must still play 9D (must_meld), but does not hold it",
        ),
        (
            EOP.replace("1 draw", "1 play"),
            "had_turn: player 1 is playing a turn, so has had one (EOP-14)",
        ),
        (
            EOP.replace("1 draw", "0 play").replace("3S / 4C", "- / 3S 4C")
            + " | had_turn 0",
            "face_up: 3S is face up in player 0's hand",
        ),
        (
            EOP.replace("face_up 3S@0 | ", "")
            .replace("1 draw", "0 play")
            .replace("3S / 4C", "- / 3S 4C")
            + " | had_turn 0",
            "player 0 has no move in this position (ALL-2)",
        ),
        (
            EOP.replace("EndOfThePage", "EndOfThePage rounds=1") + " | sheet 10 -5",
            "sheet: every round of the page is scored, so the game is over; write 'over'",
        ),
        (
            EOP.replace("EndOfThePage", "EndOfThePage rounds=1")
            + " | sheet 10 -5 / 5 5",
            "sheet: a page of 1 rounds has no room for 2 rows (EOP-17)",
        ),
        (
            EOP.replace("| to_move 1 draw", "| over"),
            "over: the game ends with the page, and only 0 of its 10 rounds are scored",
        ),
        (EOP + " | sheet 10", "sheet: row 1 has 1 scores for 2 players"),
        (EOP + " | sheet 10 x", "sheet: 'x' is not a whole number"),
        (
            EOP + " | sheet 10 -5 | scores 5 5",
            "scores: '5 5' does not agree with the totals of the score sheet",
        ),
        (EOP + " | scores 5", "scores: give 2 whole numbers, one for each player"),
        (
            EOP + " | round 3",
            "round: '3' does not agree with the score sheet, which makes it the round "
            "after the last one scored",
        ),
        (
            EOP + " | melded 1",
            "melded: '1' does not agree with the melds, whose owners are the players "
            "who have melded (EOP-9)",
        ),
        (EOP + " | had_turn 1 1", "had_turn: a player is named twice"),
        (
            F14.replace("decks=1", "decks=1 wild_card_dealt=false"),
            "marker: with wild_card_dealt=false the wild-rank card lies on the table; "
            "name it, as in 'marker 7H' (F14-R3)",
        ),
        (
            F14 + " | marker 9S",
            "marker: the wild-rank card is dealt to a player under these rules, so "
            "there is no marker (F14-R3)",
        ),
        (
            F14.replace("decks=1", "decks=1 wild_card_dealt=false") + " | marker 8S",
            "marker: 8S is not of the wild rank 9 (F14-R3)",
        ),
        (
            F14 + " | claim 7H",
            "claim: name the card and who discarded it, as in 'claim 7H@2'",
        ),
        (
            F14 + " | claim 7H@0 | pile 10S",
            "claim: 7H may be claimed only as the top discard, until the next player "
            "draws (F14-12)",
        ),
        (
            F14 + " | passes 2",
            "passes: when all 2 players pass, the round is over (F14-7)",
        ),
        (
            F14.replace("1 draw", "1 opening"),
            "pile: the round opens on an upcard, and there is none (F14-6)",
        ),
        (
            F14.replace("1 draw", "1 last"),
            "out: the last plays follow another player's going out; say who, as in "
            "'out 1' (F14-13)",
        ),
        (
            F14 + " | sheet 1400 0",
            "sheet: a player has reached 1400, so the game is over; write 'over' (F14-15)",
        ),
        (
            F14.replace("| to_move 1 draw", "| over"),
            "over: the game ends when a player reaches 1400, and the best total is 0",
        ),
        (F14 + " | had_turn 0", "had_turn: there is no such thing in 1400"),
        (
            F14.replace("3C", "3C 9S") + " | face_up 9S@0",
            "face_up: the face-up card is in the hand of the player the deal gave it "
            "to, player 1 (EOP-3, F14-4)",
        ),
        (
            F14 + " | melded 0",
            "melded: '0' does not agree with the melds, whose owners are the players "
            "who have melded (F14-12)",
        ),
        (
            GOR.replace("8S 8H", "8S"),
            "hands: player 1 holds 1 cards; in the draw phase they hold 2",
        ),
        (GOR + " | dropped 1", "to_move: player 1 has dropped out (GOR-10)"),
        (
            GOR + " | dropped 0",
            "hands: player 0 dropped out, so holds no cards (GOR-10)",
        ),
        (
            GOR.replace("7S 7H", "-") + " | dropped 0 0",
            "dropped: a player is named twice",
        ),
        (
            GOR.replace("7S 7H", "-") + " | dropped_cards 7S 7H",
            "dropped_cards: cards go out of play only when a player drops out (GOR-10)",
        ),
        (GOR + " | winner 0", "winner: there is a winner only once the game is over"),
        (
            GOR.replace("hand_size=2", "hand_size=2 players=3").replace(
                "8S 8H", "8S 8H / -"
            )
            + " | dropped 2 0",
            "hands: player 0 dropped out, so holds no cards",
        ),
        (
            GOR.replace("7S 7H", "-").replace("| to_move 1 draw", "| over")
            + " | dropped 0 | winner 0 | dropped_cards 7S 7H",
            "winner: player 0 dropped out (GOR-10)",
        ),
        (
            GOR.replace("draw", "play"),
            "hands: player 1 holds 2 cards; in the play phase they hold 3",
        ),
    ],
)
def test_a_bad_position_is_refused_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(PositionError) as caught:
        read_position(text)
    assert str(caught.value).startswith(message), str(caught.value)
    assert isinstance(caught.value, RummyRulesError)
    assert isinstance(caught.value, ValueError)


def test_the_rules_given_must_be_the_rules_named() -> None:
    with pytest.raises(PositionError, match="the position is for EndOfThePage, not "):
        read_position(EOP, rules=EndOfThePage(players=3))
    # Player 1 is to draw on a later lap: at the deal, a hand of one card is no size (EOP-2).
    played = EOP + " | had_turn 0 1"
    assert read_position(played, rules=EndOfThePage()).rules == EndOfThePage()


def test_a_position_is_text() -> None:
    with pytest.raises(
        TypeError, match="position must be a position's text, not bytes"
    ):
        read_position(EOP.encode())  # type: ignore[arg-type]  # what is refused


def test_writing_leaves_out_what_is_at_its_default() -> None:
    game = GoingOutRummy().new_game(seed=0)
    text = write_position(game)
    assert text.startswith("GoingOutRummy | to_move 1 draw | hands ")
    for key in ("seed", "dealer", "wild", "turn", "melds", "pile", "winner", "dropped"):
        assert f"| {key} " not in text


def test_the_rules_line_names_every_option_the_rules_need() -> None:
    # rules_text leaves out decks=2, FourteenHundred's default for 4 players,
    # though 2 players would read back with 1 deck; the position keeps it.
    rules = FourteenHundred(players=2, decks=2)
    game = rules.new_game(seed=1)
    assert write_position(game).startswith("FourteenHundred players=2 decks=2 | ")
    assert read_position(write_position(game)).rules == rules
