"""The obligations in force: what each game still asks of the player to move (``GameState.duties``).

Each scenario names the rule that binds the player, on a position built from
card text; the duty is said in the sentence the game refuses a move with
while it stands, and it is gone once met. A game without such rules (Going
Out Rummy: going out is a choice, GOR-7) has none.
"""

from __future__ import annotations

import pytest

from rummyrules import (
    Duty,
    EndOfThePage,
    FourteenHundred,
    GameState,
    GinRummy,
    GoingOutRummy,
    IllegalMoveError,
)


def rules_of(game: GameState, player: int) -> list[str]:
    return [duty.rule for duty in game.duties(player)]


def refusal(game: GameState, move: str) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as caught:
        game.apply(move)
    return caught.value


# --- 1400 --------------------------------------------------------------------------

F14 = FourteenHundred(players=3)
# Player 0 holds 2D 4D: the 3D deep in the pile makes a run with them.
TAKE = (
    "wild 9 | to_move 0 draw | hands 2D 4D 7S 10H / 5C 6C 7C / 8H 8S 8C | pile KS 3D JH"
)


def test_f14_9_the_card_taken_from_the_pile_is_owed_until_played() -> None:
    game = F14.position(TAKE).apply("take 3D")
    (duty,) = game.duties(0)
    assert duty == Duty(
        rule="F14-9",
        text="you took 3D from the discard pile, so you must use it in a meld or "
        "lay-off before you discard",
    )
    # The same sentence refuses the discard while the duty stands.
    assert refusal(game, "discard 7S").reason == duty.text
    assert game.duties(1) == game.duties(2) == ()  # only the player to move
    assert game.apply("meld 2D 3D 4D").duties(0) == ()


def test_f14_9_no_card_is_owed_after_a_draw_from_the_stock() -> None:
    assert F14.position(TAKE).duties(0) == ()
    assert F14.position(TAKE).apply("draw").duties(0) == ()


def test_f14_6_the_first_upcard_taken_is_owed_to_a_new_meld() -> None:
    game = FourteenHundred(players=2).position(
        "wild 9 | to_move 0 opening | hands 2C 5D 5H / 3C 4C 5C | pile 5S"
    )
    taken = game.apply("take")
    assert rules_of(taken, 0) == ["F14-6"]  # F14-9 is met by the same meld
    assert "upcard 5S" in taken.duties(0)[0].text
    assert taken.apply("meld 5D 5H 5S").duties(0) == ()


# --- End of the Page ---------------------------------------------------------------


def test_eop_6_a_card_taken_from_deep_in_the_pile_is_owed_to_a_new_meld() -> None:
    game = EndOfThePage().position(
        "wild 3 | to_move 1 play | turn taken 10D must_meld 10D support 9D JD"
        " | hands 3S 4C / 9D 10D JD KC | pile 6C | had_turn 1"
    )
    (duty,) = game.duties(1)
    assert duty.rule == "EOP-6"
    assert refusal(game, "discard KC").reason == duty.text
    assert game.apply("meld 9D 10D JD").duties(1) == ()


def test_eop_12_a_last_card_that_plays_must_be_played() -> None:
    game = EndOfThePage().position(
        "wild 3 | to_move 1 play | hands 3S 4C / 8D | melds 1: 9D 10D JD"
        " | pile KC | had_turn 1"
    )
    (duty,) = game.duties(1)
    assert (duty.rule, refusal(game, "discard 8D").reason) == ("EOP-12", duty.text)
    assert "8D" in duty.text
    # A last card that fits nothing may be discarded: nothing is owed.
    free = EndOfThePage().position(
        "wild 3 | to_move 1 play | hands 3S 4C / KC | melds 1: 9D 10D JD"
        " | pile 8D | had_turn 1"
    )
    assert free.duties(1) == ()


def test_eop_r3_under_the_option_the_card_taken_is_not_discarded_again() -> None:
    position = (
        "wild 3 | to_move 1 play | turn taken 6C | hands 3S 4C / 6C 9D 10D JD"
        " | pile KC | had_turn 1"
    )
    game = EndOfThePage(discard_taken_card=False).position(position)
    assert rules_of(game, 1) == ["EOP-R3"]
    assert EndOfThePage().position(position).duties(1) == ()  # the default allows it


# --- Gin Rummy ---------------------------------------------------------------------

GIN = GinRummy(hand_size=4)
KNOCK = "to_move 0 play | hands 7S 8S 9S 2C KD / AH 5D 10S JC | pile 4H"


def test_gin_5_a_knock_owes_a_discard_that_keeps_it_then_the_melds() -> None:
    game = GIN.position(KNOCK)
    assert game.duties(0) == ()  # knocking is a choice
    knocked = game.apply("knock")
    (duty,) = knocked.duties(0)
    assert duty.rule == "GIN-5"
    assert "knock card, 10" in duty.text
    laying = knocked.apply("discard KD")
    assert rules_of(laying, 0) == ["GIN-R3"]  # the meld left in hand is owed
    assert laying.apply("meld 7S 8S 9S").duties(0) == ()
    assert laying.duties(1) == ()


# --- Going Out Rummy ---------------------------------------------------------------


def test_gor_7_going_out_is_a_choice_so_nothing_is_owed() -> None:
    game = GoingOutRummy(players=2).position(
        "to_move 1 play | hands 7S 7H 7D 8C 9C 10C KD / AS 2S 3S 4S 5S 6S 7S 9H"
        " | pile QS"
    )
    assert game.duties(0) == game.duties(1) == ()


def test_duties_of_a_player_off_the_table_are_refused() -> None:
    game = GIN.position(KNOCK)
    with pytest.raises(IllegalMoveError):
        game.duties(5)
    with pytest.raises(TypeError):
        game.duties("0")  # type: ignore[arg-type]  # the wrong type, on purpose
