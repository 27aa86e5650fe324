"""Gin Rummy's turn machine, move by move: what each rule refuses and what each move does (GIN-3 … GIN-9).

The rules and plays of ``games/gin_rummy/machine.py`` are private to it;
these are their examples, through the public ``apply`` and ``legal_moves``.
"""

from __future__ import annotations

import pytest

from rummyrules import GinRummy, GinRummyState, IllegalMoveError, StateError

ONE_MELD = "to_move 0 laydown | knocker 0 | hands 7S 8S 9S / 2C 5D 9H | pile KD"
LAY_OFF = "to_move 1 layoff | knocker 0 | hands 2C / 10S 5D 6S 9H | melds 0: 7S 8S 9S"


def moves(game: GinRummyState) -> list[str]:
    return [str(move) for move in game.legal_moves()]


@pytest.mark.parametrize(
    ("rules", "start", "plays", "move", "why"),
    [
        (GinRummy(), None, ["take"], "knock", "your deadwood after any discard "
         "is over the knock card, 10 (GIN-5)"),
        (GinRummy(hand_size=3), ONE_MELD, [], "done", "the cards left in your hand "
         "still hold a meld: lay it before 'done' (GIN-R3)"),
        (GinRummy(), None, ["take"], "meld 2C 3C 4C", "you have drawn already: "
         "discard, or knock (GIN-4)"),
        (GinRummy(), None, ["pass", "pass"], "discard 2C", "draw first: a turn "
         "begins with 'draw' or 'take' (GIN-4)"),
        (GinRummy(), None, [], "draw", "the first upcard is taken or passed: 'take' "
         "or 'pass' (GIN-3)"),
        (GinRummy(hand_size=3), ONE_MELD, [], "draw", "the knocker lays melds, "
         "then is 'done' (GIN-5)"),
        (GinRummy(hand_size=4), LAY_OFF, [], "lay 10S on 2", "there is no meld 2 "
         "on the table (GIN-6)"),
        (GinRummy(hand_size=4), LAY_OFF, [], "lay 5D on 1", "5D does not extend "
         "meld 1 (GIN-6)"),
        (GinRummy(hand_size=4), LAY_OFF, [], "draw", "lay off on the knocker's "
         "melds, then 'done' (GIN-6)"),
    ],
)  # fmt: skip
def test_gin_rules_refuse_with_their_sentence(
    rules: GinRummy, start: str | None, plays: list[str], move: str, why: str
) -> None:
    game = rules.new_game(seed=3) if start is None else rules.position(start)
    for play in plays:
        game = game.apply(play)
    with pytest.raises(IllegalMoveError) as refused:
        game.apply(move)
    assert str(refused.value) == why


def test_gin_3_4_the_upcard_is_passed_then_drawn() -> None:
    game = GinRummy().new_game(seed=3)
    passed = game.apply("pass")
    assert (passed.passes, passed.to_move, passed.phase.value) == (1, 1, "upcard")
    both = passed.apply("pass")
    assert moves(both) == ["draw"]
    drawn = both.apply("draw")
    assert (drawn.phase.value, len(drawn.hand(0))) == ("play", 11)
    assert len(drawn.stock) == len(game.stock) - 1
    taken = game.apply("take")
    assert (str(taken.taken), taken.discard_pile) == ("QH", ())
    after = taken.apply(f"discard {taken.hand(0)[0]}")
    assert (after.to_move, after.phase.value) == (1, "draw")


def test_gin_5_the_knock_keeps_the_knock_good() -> None:
    rules = GinRummy(hand_size=3)
    game = rules.position("to_move 0 play | hands 7S 8S 9S KD / 2C 5D 9H | pile 4H")
    knocked = game.apply("knock")
    assert (knocked.phase.value, knocked.knocker) == ("knock", 0)
    assert moves(knocked) == ["discard KD"]
    with pytest.raises(IllegalMoveError, match=r"after a knock, the knocker discards"):
        knocked.apply("draw")
    laid = rules.position(ONE_MELD).apply("meld 7S 8S 9S")
    assert str(laid.melds[0]) == "7S 8S 9S"
    assert "done" in moves(laid)


def test_gin_6_lay_offs_then_done() -> None:
    game = GinRummy(hand_size=4).position(f"{LAY_OFF} | pile 4H")
    assert str(game.apply("lay 10S on 1").melds[0]) == "7S 8S 9S 10S"
    down = GinRummy(hand_size=4).position(
        "to_move 0 laydown | knocker 0 | hands 2C / AH 5D 9H JC | melds 0: 7S 8S 9S"
        " | pile KD"
    )
    after = down.apply("done")
    assert (after.phase.value, after.to_move) == ("layoff", 1)


def test_gin_7_a_score_sheet_row_is_a_zero_sum() -> None:
    game = GinRummy(target=100).new_game(seed=1)
    GinRummy(target=100).check_state(game.replace(score_sheet=((30, -30),)))
    with pytest.raises(StateError, match=r"row 1 gives one player what the other"):
        GinRummy(target=100).check_state(game.replace(score_sheet=((30, -20),)))
