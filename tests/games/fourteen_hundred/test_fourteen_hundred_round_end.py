"""1400's end of a round and of the game: going out, the last plays, scoring, the stock run out, the turn limit (F14-13 … F14-15, F14-R10, ALL-1, ALL-5)."""

from collections import Counter

import attrs
import pytest

from rummyrules import (
    FourteenHundred,
    FourteenHundredPhase,
    FourteenHundredState,
    parse_cards,
)
from scenarios import every_card, listed, play, refused, texts

from .conftest import (
    NOBODY,
    TIE,
    TWO,
    base,
    base_after_opening,
    last_plays,
    new,
    pile_position,
)

# --- Going out ------------------------------------------------------------------


def test_f14_13_out_with_a_discard_ends_the_round_at_once() -> None:
    game = play(base(), "take", "meld 5H 6H 7H KS=8H", "discard 3H")
    assert game.score_sheet == ((5 + 5 + 5 + 100, -(5 + 300)),)
    assert (game.round, game.phase) == (2, FourteenHundredPhase.OPENING)


def test_f14_13_out_without_a_discard_gives_the_next_player_last_plays() -> None:
    game = last_plays()
    assert game.hand(0) == ()
    assert (game.phase, game.to_move, game.out) == (FourteenHundredPhase.LAST, 1, 0)
    assert listed(game)[0] == "draw"
    assert listed(game)[-1] == "done"
    assert refused(game, "discard 4C").rule == "F14-13"
    assert refused(game, "take").rule == "F14-13"
    game = game.apply("draw")
    assert "8H" in texts(game.hand(1))
    assert "lay 8H on 1" in listed(game)
    assert listed(game)[-1] == "done"
    assert not any(move.startswith("discard") for move in listed(game))
    error = refused(game, "discard 8H")
    assert (error.rule, error.reason) == (
        "F14-13",
        "the last plays end with 'done', not a discard",
    )
    assert refused(game, "draw").rule == "F14-13"
    game = play(game, "lay 8H on 1", "meld 4C KH=5C KD=6C", "done")
    assert len(game.score_sheet) == 1
    assert game.round == 2


def test_f14_13_the_last_player_may_stop_without_drawing() -> None:
    game = last_plays().apply("done")
    assert game.score_sheet == ((5 + 100 + 5 + 5 + 5, -(5 + 300)),)


def test_f14_13_done_only_ends_the_last_plays() -> None:
    game = base_after_opening().apply("draw")
    assert refused(game, "done").rule == "F14-13"


def test_f14_13_the_last_player_may_play_without_drawing() -> None:
    # The draw is the player's choice ("may draw"); plays need not wait for it.
    game = last_plays().apply("meld 4C KH=5C KD=6C")
    assert str(game.melds[1]) == "4C KH=5C KD=6C"
    assert "draw" in listed(game)
    assert len(game.apply("done").score_sheet) == 1


# --- Scoring and the end ---------------------------------------------------------


def test_f14_14_played_minus_hand_lay_offs_to_who_played_them() -> None:
    game = pile_position()
    game = play(game, "take QS", "meld JS QS KS", "lay AS on 2", "lay 7S on 1")
    game = play(game, "meld 10D 10S 9D", "discard 6C")  # player 0 keeps 4D
    game = play(game, "draw", "lay 10C on 3", "discard 3H")  # player 1 goes out
    assert game.score_sheet == (
        (
            (10 + 10 + 10 + 15) + 5 + (10 + 10 + 100) - 5,  # JS QS KS AS, 7S, 10s
            (5 + 5 + 5) + 10,  # 7H 7D 7C and the 10C laid on player 0's set
        ),
    )
    assert game.scores == (165, 25)


def test_f14_14_a_wild_card_left_in_hand_costs_100() -> None:
    game = play(last_plays(), "draw", "lay 8H on 1", "done")
    (row,) = game.score_sheet
    assert row == (5 + 100 + 5 + 5 + 5, 5 - (5 + 100 + 100 + 100))
    assert row == (120, -300)


def test_f14_15_the_game_goes_on_below_the_target() -> None:
    game = play(new(TWO, NOBODY), "pass", "pass")
    assert TWO.target == 1400
    assert not game.is_over
    assert game.winners == ()


def test_f14_15_the_game_ends_after_a_round_that_reaches_the_target() -> None:
    rules = FourteenHundred(players=2, target=100)
    game = play(new(rules, NOBODY), "pass", "pass")
    assert game.scores == (110, 20)
    assert game.is_over
    assert (game.phase, game.to_move, game.winners) == (
        FourteenHundredPhase.OVER,
        None,
        (0,),
    )
    assert game.legal_moves() == ()
    assert refused(game, "pass").rule == "ALL-2"


def test_f14_15_when_both_reach_the_target_the_highest_total_wins() -> None:
    rules = FourteenHundred(players=2, target=20)
    game = play(new(rules, NOBODY), "pass", "pass")
    assert game.scores == (110, 20)
    assert game.winners == (0,)


def test_f14_15_equal_highest_totals_share_the_win() -> None:
    rules = FourteenHundred(players=2, target=100)
    game = play(new(rules, TIE), "pass", "pass")
    assert game.scores == (110, 110)
    assert game.winners == (0, 1)


# --- Stock out, wilds on the table, turn limit --------------------------------------


def stock_out(how: str) -> FourteenHundredState:
    """BASE after the opening, with the whole stock moved under the discard pile."""
    game = base_after_opening(FourteenHundred(players=2, stock_out=how))
    return attrs.evolve(game, stock=(), discard_pile=(*game.discard_pile, *game.stock))


AS_IT_STANDS = (5 + 5 + 5 - 100, -(5 + 300))  # player 0 still holds the wild KS


def test_f14_r10_end_round_draw_from_an_empty_stock_ends_the_round() -> None:
    game = stock_out("end_round")
    assert "take" in listed(game)  # the pile may still be taken
    after = game.apply("draw")
    assert after.score_sheet == (AS_IT_STANDS,)


def test_f14_r10_reshuffle_makes_a_new_stock_from_the_seed() -> None:
    game = stock_out("reshuffle")
    pile = game.discard_pile
    after = game.apply("draw")
    assert after.discard_pile == pile[:1]
    drawn = Counter(after.hand(1)) - Counter(game.hand(1))
    assert Counter(after.stock) + drawn == Counter(pile[1:])
    assert after.stock != tuple(reversed(pile[1:]))[1:]  # shuffled, not flipped
    assert after == stock_out("reshuffle").apply("draw")  # the seed decides (ALL-4)


def test_f14_r10_flip_turns_the_pile_over() -> None:
    game = stock_out("flip")
    pile = game.discard_pile
    after = game.apply("draw")
    assert pile[-1] in after.hand(1)  # the bottom card came up first
    assert after.stock == tuple(reversed(pile[1:-1]))


@pytest.mark.parametrize("how", ["end_round", "reshuffle", "flip"])
def test_f14_r10_a_round_can_always_end(how: str) -> None:
    game = stock_out(how)
    # nothing left to draw: one card in the pile, the rest in player 0's hand
    rest = (*game.hand(0), *game.discard_pile[1:])
    game = attrs.evolve(
        game, discard_pile=game.discard_pile[:1], hands=(rest, game.hand(1))
    )
    assert "draw" in listed(game)
    assert len(game.apply("draw").score_sheet) == 1


def out_on_the_last_stock_card(how: str) -> FourteenHundredState:
    """Three players, 10s wild: one card in the stock, the other 39 in the pile.

    Player 0 draws the 9H and lays off the 8H and the 9H on the run 5H 6H 7H,
    going out without a discard; player 1 (2C 3D) has the last plays (F14-13).
    """
    rules = FourteenHundred(players=3, stock_out=how)
    named = Counter(parse_cards("5H 6H 7H KS KD KC 8H 2C 3D 4S 6D JC 9H"))
    pile = " ".join(map(str, (Counter(rules.deck()) - named).elements()))
    game = rules.position(
        "wild 10 | to_move 0 draw | hands 8H / 2C 3D / 4S 6D JC"
        f" | melds 0: 5H 6H 7H / 1: KS KD KC | pile {pile} | stock 9H"
    )
    assert len(game.discard_pile) == 39
    game = play(game, "draw", "lay 8H on 1", "lay 9H on 1")
    assert (game.phase, game.to_move, game.out, game.stock) == (
        FourteenHundredPhase.LAST,
        1,
        0,
        (),
    )
    return game


@pytest.mark.parametrize("how", ["reshuffle", "flip"])
def test_f14_r10_the_last_draw_rebuilds_an_empty_stock(how: str) -> None:
    game = out_on_the_last_stock_card(how)
    assert listed(game) == ["draw", "done"]
    drawn = game.apply("draw")
    assert drawn.phase == FourteenHundredPhase.LAST
    assert len(drawn.hand(1)) == 3
    assert (len(drawn.stock), drawn.discard_pile) == (37, game.discard_pile[:1])
    assert drawn.reshuffles == 1
    assert every_card(drawn) == Counter(drawn.rules.deck())
    assert "draw" not in listed(drawn)  # one last draw, not two
    assert len(drawn.apply("done").score_sheet) == 1


def test_f14_r10_end_round_the_last_plays_have_nothing_to_draw() -> None:
    # Under end_round an empty stock stays empty: the last plays are the
    # player's plays, if any, and 'done'.
    game = out_on_the_last_stock_card("end_round")
    assert listed(game) == ["done"]
    error = refused(game, "draw")
    assert error.rule == "F14-R10"
    assert error.reason.startswith("the stock is empty and cannot be rebuilt")
    assert refused(game, "take").rule == "F14-13"


def test_f14_r10_a_wild_keeps_its_meaning_on_the_table() -> None:
    game = play(base(), "take", "meld 5H 6H 7H KS=8H")
    run = game.melds[0].meld
    assert str(run) == "5H 6H 7H KS=8H"
    # nobody may put the real 8H in the wild's place; a 9H or 4H still fits
    assert TWO.find_lay_offs("8H", run, wild="K") == ()
    assert [str(o.meld) for o in TWO.find_lay_offs("9H", run, wild="K")] == [
        "5H 6H 7H KS=8H 9H"
    ]


def test_all_5_max_turns_ends_the_round_as_it_stands() -> None:
    assert TWO.max_turns is None
    unlimited = play(base_after_opening(), "draw", "discard 8H")
    assert unlimited.score_sheet == ()
    one = base_after_opening(FourteenHundred(players=2, max_turns=1))
    assert one.score_sheet == (AS_IT_STANDS,)
    two = base_after_opening(FourteenHundred(players=2, max_turns=2))
    assert two.score_sheet == ()
    assert play(two, "draw", "discard 8H").score_sheet == (AS_IT_STANDS,)


def test_all_5_the_last_plays_are_played_past_max_turns() -> None:
    # A ruling: once a player is out without a discard, the round ends after
    # the next player's last plays (F14-13), however many turns it has had;
    # those plays are one turn at most, so the limit still bounds the round.
    game = last_plays(FourteenHundred(players=2, max_turns=1))
    assert game.turns == 1
    assert (game.phase, game.to_move) == (FourteenHundredPhase.LAST, 1)
    assert listed(game)[0] == "draw"
    game = game.apply("draw")
    assert game.phase == FourteenHundredPhase.LAST
    assert len(game.apply("done").score_sheet) == 1


def test_all_1_cards_are_neither_made_nor_lost_in_a_turn() -> None:
    game = pile_position()
    deck = Counter(TWO.deck())
    for move in ["take QS", "meld JS QS KS", "lay AS on 2", "discard 4D"]:
        game = game.apply(move)
        assert every_card(game) == deck
    assert texts(game.discard_pile) == ["4D"]
