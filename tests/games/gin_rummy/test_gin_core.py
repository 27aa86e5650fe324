"""Gin Rummy's integer core beside its turn machine, situation by situation (GIN-3 … GIN-9, ALL-5).

The conformance suite (``tests/conformance/test_fast_path.py``) plays random
games of every option on both; these pin the situations a random game
meets rarely, each named by its rule, and the core's own contract: a value
read back gives the state's fields, and an int that names no move names none.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import machine_listing
from rummyrules import GinRummy, GinRummyState, IllegalMoveError, dumps, loads
from rummyrules.game.cores import Core
from rummyrules.game.moves import Move
from rummyrules.games.gin_rummy.core import GIN_CORE


def public_fields(game: GinRummyState) -> dict[str, Any]:
    """Every field of the state but its rules."""
    return {
        f.name: getattr(game, f.name)
        for f in attrs.fields(type(game))
        if f.init and f.name != "rules"
    }


def same_play(
    game: GinRummyState,
    choose: Callable[[tuple[Move, ...]], Move],
    steps: int = 400,
) -> GinRummyState:
    """Play ``game`` on the core and on the machine alike, checking each state; the last state."""
    oracle = game
    for _ in range(steps):
        if game.is_over:
            break
        listed = game.legal_moves()
        assert [str(m) for m in listed] == [
            str(m) for m in machine_listing.legal_moves(oracle)
        ]
        move = choose(listed)
        game = game.apply(move)
        oracle = machine_listing.apply(oracle, move)
        assert public_fields(game) == public_fields(oracle)
        assert game.known == oracle.known
        assert game.round_results == oracle.round_results
        assert game.events == oracle.events
    return game


def test_gin_core_is_the_rules_core_for_every_option() -> None:
    assert isinstance(GIN_CORE, Core)
    for rules in (
        GinRummy(),
        GinRummy(target=60, oklahoma=True),
        GinRummy(max_turns=3),
    ):
        assert rules.core is GIN_CORE


@pytest.mark.parametrize("seed", range(6))
def test_all_2_a_value_read_back_gives_the_states_fields(seed: int) -> None:
    rng = random.Random(seed)
    game = GinRummy(hand_size=seed + 3, target=30).new_game(seed=seed)
    for _ in range(120):
        if game.is_over:
            break
        value = GIN_CORE.encode(game)
        fields = GIN_CORE.fields(value)
        assert fields == public_fields(game)
        assert fields == GIN_CORE.fields(GIN_CORE.encode(loads(dumps(game))))
        game = game.apply_action(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("action", [-1, 7, 2**64, 8 * 500 + 6, 5 + 8 * 2])
def test_all_2_an_int_that_names_no_move_names_none(action: int) -> None:
    value = GIN_CORE.encode(GinRummy().new_game(seed=1))
    assert GIN_CORE.action_to_move(value, action, 0) is None


def test_all_3_an_unlisted_discard_is_refused_by_its_rule() -> None:
    game = GinRummy().new_game(seed=3).apply("take")
    held = {str(move) for move in game.legal_moves()}
    action = next(
        a
        for a in range(5, 8 * 56, 8)
        if str(GIN_CORE.action_to_move(game._core_value(GIN_CORE), a, 0)) not in held
    )
    with pytest.raises(IllegalMoveError) as refused:
        game.apply_action(action)
    assert refused.value.rule in ("ALL-1", "ALL-2")


def test_gin_3_both_pass_then_player_0_draws_and_may_not_take() -> None:
    game = GinRummy().new_game(seed=5).apply("pass").apply("pass")
    assert [str(m) for m in game.legal_moves()] == ["draw"]
    assert game.legal_actions(1) == ()


def test_gin_5_gin_6_a_knock_laid_down_laid_off_and_scored() -> None:
    rules = GinRummy(hand_size=4)
    game = rules.position(
        "to_move 0 play | hands 7S 8S 9S KD 2C / 6S 10S 5D 9H | pile QH"
    )
    after = same_play(game, lambda moves: moves[-1])  # knock, then the last
    assert after.is_over
    assert after.round_results[0].rule == "GIN-7"


def swapped(text: str, swaps: dict[str, str]) -> str:
    """The position with cards swapped two by two, wherever they are."""
    both = {**swaps, **{b: a for a, b in swaps.items()}}
    return " ".join(both.get(word, word) for word in text.split(" "))


def test_gin_8_the_wall_knock_or_pass() -> None:
    rules = GinRummy(hand_size=3)
    text = GinRummy.perft_positions[-1][0]  # player 0 at the wall: 2D 6D 8C, upcard KD
    game = rules.position(text)
    assert [str(m) for m in game.legal_moves()] == ["pass"]
    passed = same_play(game, lambda moves: moves[0])
    assert passed.is_over
    assert passed.round_results[0].rule == "GIN-8"
    game = rules.position(swapped(text, {"6D": "AH", "8C": "AS"}))
    assert [str(m) for m in game.legal_moves()] == ["knock", "pass"]
    knocked = same_play(game, lambda moves: moves[0])
    assert knocked.is_over
    assert knocked.round_results[0].rule == "GIN-7"


@pytest.mark.parametrize("seed", range(4))
def test_gin_r2_a_target_deals_the_next_hand_from_the_seed(seed: int) -> None:
    rules = GinRummy(hand_size=3, target=15)
    rng = random.Random(seed)
    game = same_play(rules.new_game(seed=seed), rng.choice, 600)
    assert len(game.score_sheet) >= 1


@pytest.mark.parametrize("limit", [1, 4, 9])
def test_all_5_the_turn_limit_ends_the_game(limit: int) -> None:
    rules = GinRummy(max_turns=limit, target=500)
    rng = random.Random(limit)
    game = same_play(rules.new_game(seed=limit), rng.choice)
    assert game.is_over


def test_gin_9_two_bounces_in_a_row_end_the_hand() -> None:
    rules = GinRummy()
    game = rules.new_game(seed=2).apply("pass").apply("pass").apply("draw")
    game = game.apply(f"discard {game.hands[0][0]}")
    for _ in range(2):
        top = game.discard_pile[0]
        game = game.apply("take").apply(f"discard {top}")
    assert game.is_over
    assert game.round_results[0].rule == "GIN-9"
