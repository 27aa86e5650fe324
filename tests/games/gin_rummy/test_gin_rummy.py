"""Gin Rummy, rule by rule (GIN-1 … GIN-10, GIN-R1): scenarios built from card text."""

from __future__ import annotations

import random

import pytest

from rummyrules import (
    GinRummy,
    GinRummyPhase,
    GinRummyState,
    IllegalMoveError,
    dumps,
    loads,
    parse_cards,
    parse_record,
    record_game,
    replay,
)
from rummyrules.games.gin_rummy.strategy import KnockerHand


def moves(game: GinRummyState) -> list[str]:
    return [str(move) for move in game.legal_moves()]


def test_gin_1_player_0_then_player_1_then_the_upcard() -> None:
    rules = GinRummy(hand_size=3)
    game = rules.new_game(deck=rules.stacked_deck("7S 8S 9S 2C 5D 9H QH KD"))
    assert [" ".join(map(str, hand)) for hand in game.hands] == ["7S 8S 9S", "2C 5D 9H"]
    assert str(game.discard_pile[0]) == "QH"
    assert str(game.stock[0]) == "KD"
    assert game.to_move == 0


def test_gin_1_ace_is_low_and_worth_one() -> None:
    rules = GinRummy()
    assert rules.check_meld("AS 2S 3S").ok
    assert not rules.check_meld("QS KS AS").ok
    assert [rules.card_value(c) for c in ["AS", "9D", "10C", "JH", "KS"]] == [
        1,
        9,
        10,
        10,
        10,
    ]


def test_gin_3_both_pass_the_first_upcard_then_player_0_draws() -> None:
    game = GinRummy().new_game(seed=3)
    assert moves(game) == ["take", "pass"]
    game = game.apply("pass")
    assert game.to_move == 1
    assert moves(game) == ["take", "pass"]
    game = game.apply("pass")
    assert (game.to_move, moves(game)) == (0, ["draw"])
    with pytest.raises(IllegalMoveError, match=r"both players passed.*\(GIN-3\)"):
        game.apply("take")


def test_gin_3_the_first_upcard_taken_then_discard_or_knock() -> None:
    game = GinRummy().new_game(seed=3).apply("take")
    assert game.phase == "play"
    assert len(game.hand(0)) == 11
    assert all(m.startswith("discard") for m in moves(game))


def test_gin_4_a_turn_draws_then_discards() -> None:
    game = GinRummy().new_game(seed=3).apply("pass").apply("pass").apply("draw")
    with pytest.raises(IllegalMoveError, match=r"\(GIN-4\)"):
        game.apply("draw")
    top = game.hand(0)[0]
    after = game.apply(f"discard {top}")
    assert (after.to_move, after.phase, after.discard_pile[0]) == (1, "draw", top)
    assert moves(after) == ["draw", "take"]


def test_gin_5_knock_with_deadwood_at_most_the_knock_card() -> None:
    rules = GinRummy(hand_size=3)
    game = rules.position("to_move 0 play | hands 7S 8S 9S KD / 2C 5D 9H | pile 4H")
    assert "knock" in moves(game)
    low = GinRummy(hand_size=3, knock_card=0).position(
        "to_move 0 play | hands 7S 8S 9S KD / 2C 5D 9H | pile 4H"
    )
    assert "knock" in moves(low)  # discarding KD leaves gin
    stuck = rules.position("to_move 0 play | hands 7S 8S JD KD / 2C 5D 9H | pile 4H")
    assert "knock" not in moves(stuck)
    with pytest.raises(IllegalMoveError, match=r"over the knock card, 10 \(GIN-5\)"):
        stuck.apply("knock")


def test_gin_5_after_the_knock_a_discard_that_keeps_it_then_melds_then_done() -> None:
    rules = GinRummy(hand_size=4)
    game = rules.position(
        "to_move 0 play | hands 7S 8S 9S 2C KD / AH 5D 9H JC | pile 4H"
    )
    game = game.apply("knock")
    assert (game.phase, game.knocker) == ("knock", 0)
    assert moves(game) == ["discard 2C", "discard KD"]
    with pytest.raises(IllegalMoveError, match=r"\(GIN-5\)"):
        game.apply("discard 7S")
    game = game.apply("discard KD")
    assert moves(game) == ["meld 7S 8S 9S"]  # GIN-R3: no 'done' with a meld in hand
    game = game.apply("meld 7S 8S 9S")
    assert moves(game) == ["done"]
    game = game.apply("done")
    assert (game.phase, game.to_move) == ("layoff", 1)


def test_gin_6_the_opponent_lays_off_on_the_knockers_melds() -> None:
    rules = GinRummy(hand_size=4)
    game = rules.position(
        "to_move 1 layoff | knocker 0 | hands 2C / 10S 5D 6S 9H | melds 0: 7S 8S 9S"
        " | pile 4H"
    )
    assert moves(game) == ["lay 6S on 1", "lay 10S on 1", "done"]
    game = game.apply("lay 10S on 1")
    assert str(game.melds[0]) == "7S 8S 9S 10S"
    assert game.melds[0].played_by == (0, 0, 0, 1)
    game = game.apply("done")
    assert (game.phase, game.to_move) == ("meld", 1)


def test_gin_6_nobody_lays_off_on_gin() -> None:
    rules = GinRummy(hand_size=3)
    game = rules.position(
        "to_move 0 laydown | knocker 0 | hands 7S 8S 9S / 6S 5D 9H | pile KD"
    )
    game = game.apply("meld 7S 8S 9S").apply("done")
    assert (game.phase, game.to_move) == ("meld", 1)
    assert not any(m.startswith("lay") for m in moves(game))


def test_gin_7_the_knocker_scores_the_difference() -> None:
    rules = GinRummy(hand_size=5)
    game = rules.position(
        "to_move 1 meld | knocker 0 | hands 2C / AD 2H 3C 5D 9H | melds 0: 7S 8S 9S 10S"
        " | pile 4H"
    )
    end = game.apply("done")
    assert end.is_over
    assert end.score_sheet == ((18, -18),)  # 20 - 2
    assert end.winners == (0,)


def test_gin_7_gin_earns_the_gin_bonus() -> None:
    rules = GinRummy(hand_size=3, gin_bonus=20)
    game = rules.position(
        "to_move 1 meld | knocker 0 | hands - / 2C 5D 9H | melds 0: 7S 8S 9S | pile KD"
    )
    assert game.apply("done").score_sheet == ((16 + 20, -(16 + 20)),)


def test_gin_7_an_undercut_costs_the_knocker() -> None:
    rules = GinRummy(hand_size=4, undercut_bonus=25)
    game = rules.position(
        "to_move 1 meld | knocker 0 | hands 5C / AH 2D | melds 0: 6S@1 7S 8S 9S 10S@1"
        " | pile 4H"
    )
    assert game.apply("done").score_sheet == ((-2 - 25, 27),)


@pytest.mark.parametrize(("option", "knocker_scores"), [("false", 0), ("true", -25)])
def test_gin_r1_equal_deadwood_is_an_undercut_only_with_the_option(
    option: str, knocker_scores: int
) -> None:
    rules = GinRummy(hand_size=4, undercut_on_equal=option == "true")
    game = rules.position(
        "to_move 1 meld | knocker 0 | hands 5C / 2H 3D | melds 0: 6S@1 7S 8S 9S 10S@1"
        " | pile 4H"
    )
    assert game.apply("done").score_sheet[0][0] == knocker_scores


def test_gin_8_at_the_wall_knock_with_the_upcard_or_pass() -> None:
    rules = GinRummy(hand_size=3)
    walls = 0
    for seed in range(200):
        game = rules.new_game(seed=seed)
        while not game.is_over and game.phase != "wall":
            legal = game.legal_moves()
            game = game.apply(next((m for m in legal if str(m) != "knock"), legal[0]))
        if game.phase == "wall":
            walls += 1
            assert len(game.stock) == 2
            assert set(moves(game)) <= {"knock", "pass"}
            over = game.apply("pass")
            assert over.is_over
            assert over.score_sheet == ((0, 0),)
    assert walls > 0


def test_gin_9_the_upcard_taken_and_discarded_twice_in_a_row_is_a_draw() -> None:
    game = GinRummy().new_game(seed=3)
    upcard = game.discard_pile[0]
    game = game.apply("take").apply(f"discard {upcard}")
    assert not game.is_over
    game = game.apply("take").apply(f"discard {upcard}")
    assert game.is_over
    assert game.score_sheet == ((0, 0),)


def test_gin_9_fifty_upcards_drawn_is_a_draw() -> None:
    game = GinRummy().new_game(seed=3).apply("pass").apply("pass").apply("draw")
    takes = 0
    while not game.is_over:
        if game.phase == "draw":
            game = game.apply("take")
            takes += 1
        else:  # discard something other than the card just taken
            other = next(c for c in game.hand(game.to_move or 0) if c != game.taken)
            game = game.apply(f"discard {other}")
    assert takes == 50
    assert game.score_sheet == ((0, 0),)


@pytest.mark.parametrize(("upcard", "knock_card"), [("7H", 7), ("KH", 10), ("AH", 0)])
def test_gin_10_oklahoma_the_first_upcard_sets_the_knock_card(
    upcard: str, knock_card: int
) -> None:
    rules = GinRummy(hand_size=1, oklahoma=True)
    game = rules.new_game(deck=rules.stacked_deck(f"2S 3S {upcard}"))
    assert game.knock_card == knock_card
    assert rules.position(game.position()) == game


def test_gin_a_hand_saves_as_a_record_and_replays() -> None:
    rules = GinRummy()
    game = rules.new_game(seed=11)
    rng = random.Random(3)
    moves = []
    while not game.is_over:
        move = rng.choice(game.legal_moves())
        moves.append(move)
        game = game.apply(move)
    record = record_game(rules, seed=11, moves=moves)
    assert replay(parse_record(str(record))) == game
    assert loads(dumps(game)) == game


def test_gin_r2_hands_are_played_to_the_target_with_a_game_bonus() -> None:
    rules = GinRummy(target=60)
    game = rules.new_game(seed=5)
    rng = random.Random(5)
    hands = 1
    while not game.is_over:
        before = len(game.score_sheet)
        game = game.apply(rng.choice(game.legal_moves()))
        if len(game.score_sheet) > before and not game.is_over:
            hands += 1
            assert (game.phase, game.to_move, game.round) == ("upcard", 0, hands)
            assert max(game.scores) < 60
    assert len(game.score_sheet) == hands
    assert max(game.scores) >= 60 + 100  # the game bonus
    assert game.winners == (game.scores.index(max(game.scores)),)
    assert rules.position(game.position()) == game


def test_gin_r2_one_hand_is_the_game_by_default() -> None:
    game = GinRummy().new_game(seed=5)
    rng = random.Random(5)
    while not game.is_over:
        game = game.apply(rng.choice(game.legal_moves()))
    assert len(game.score_sheet) == 1


def test_gin_5_the_knockers_hand_laid_down_for_gin_is_all_melds() -> None:
    # What was KnockerHand's second example: every hand of three, all in melds.
    rule = KnockerHand(GinRummyPhase.LAY_DOWN, knock_card=0)
    hands = rule.every(parse_cards("7S 8S 9S 10S 9H 9D"), (), 3)
    assert [" ".join(map(str, hand)) for hand in hands] == [
        "7S 8S 9S",
        "8S 9S 10S",
        "9S 9H 9D",
    ]
