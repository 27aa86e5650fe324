"""The fast path's own workings: states made from a core value, refusals, types (ALL-2, ALL-3).

A core that keeps a whole state as its value (``state_cores.StateCore``) drives the
machinery a real core drives: a state the fast path makes holds its core
value only, and its fields, events and known cards appear when first read.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from rummyrules import (
    EndOfThePage,
    FourteenHundred,
    GameState,
    IllegalMoveError,
    dumps,
)
from rummyrules.game.cores import Core
from state_cores import StateCore


@attrs.frozen(kw_only=True, cache_hash=True)
class CoredEndOfThePage(EndOfThePage):
    """End of the Page played by :class:`StateCore`, its actions backwards."""

    @property
    def core(self) -> Core:
        return StateCore(EndOfThePage, backwards=True)


def test_all_2_a_state_the_fast_path_makes_holds_its_core_until_read() -> None:
    game = CoredEndOfThePage().new_game(seed=3)
    action = game.legal_actions()[0]
    after = game.apply_action(action)
    with pytest.raises(AttributeError):
        object.__getattribute__(after, "hands")  # not worked out yet
    expected = game.apply(game.action_to_move(action))
    assert after == expected
    assert after.events == expected.events
    assert after.hands == expected.hands


def test_all_2_states_made_by_actions_save_and_play_on_as_any() -> None:
    game = CoredEndOfThePage().new_game(seed=5)
    slow = game
    for _ in range(30):
        if game.is_over:
            break
        action = game.legal_actions()[-1]
        move = game.action_to_move(action)
        game = game.apply_action(action)
        slow = slow.apply(move)
        assert game.legal_moves() == slow.legal_moves()
    assert dumps(game) == dumps(slow)
    assert hash(game) == hash(slow)


@pytest.mark.parametrize("rules", [EndOfThePage(), CoredEndOfThePage()])
def test_all_2_an_unlisted_action_is_refused_by_its_moves_rule(rules: Any) -> None:
    game: GameState = rules.new_game(seed=1).apply("draw")
    with pytest.raises(IllegalMoveError) as refused:
        game.apply_action(len(game.legal_actions()) + 5)
    assert refused.value.rule == "ALL-2"
    first = game.legal_moves()[0]
    assert game.action_to_move(game.move_to_action(str(first))) == first
    with pytest.raises(IllegalMoveError) as refused:
        game.move_to_action("discard 2H")
    assert refused.value.rule != "ALL-2" or "2H" in str(refused.value)


@pytest.mark.parametrize("bad", ["0", 1.0, True, None])
def test_all_3_an_action_must_be_an_int(bad: object) -> None:
    game = EndOfThePage().new_game(seed=1)
    with pytest.raises(TypeError, match="an int"):
        game.apply_action(bad)  # type: ignore[arg-type]  # the wrong type is the test
    with pytest.raises(TypeError, match="an int"):
        game.action_to_move(bad)  # type: ignore[arg-type]  # the wrong type is the test


def test_f14_12_a_claim_out_of_turn_is_an_action_of_its_player() -> None:
    rules = FourteenHundred(players=3)
    for seed in range(40):
        game = rules.new_game(seed=seed)
        for _ in range(60):
            if game.is_over:
                break
            others = [p for p in range(3) if p != game.to_move]
            for player in others:
                for action in game.legal_actions(player):
                    move = game.action_to_move(action, player=player)
                    assert move.player == player
                    assert game.apply_action(action, player=player) == game.apply(move)
                    return
            game = game.apply_action(game.legal_actions()[-1])
    pytest.fail("no claim met in 40 games")


@attrs.frozen(kw_only=True, cache_hash=True)
class ListedEndOfThePage(EndOfThePage):
    """End of the Page played by :class:`StateCore`, its actions in the plain game's order."""

    @property
    def core(self) -> Core:
        return StateCore(EndOfThePage, backwards=False)


def test_all_2_the_public_face_lists_the_cores_actions_in_its_order() -> None:
    """``legal_moves()`` are the core's actions' moves, in the core's order; ``apply`` plays on the core."""
    forwards = ListedEndOfThePage(players=3).new_game(seed=8)
    backwards = CoredEndOfThePage(players=3).new_game(seed=8)
    plain = EndOfThePage(players=3).new_game(seed=8)
    for step in range(80):
        if plain.is_over:
            break
        expected = [str(m) for m in plain.legal_moves()]
        assert [str(m) for m in forwards.legal_moves()] == expected
        assert [str(m) for m in backwards.legal_moves()] == expected[::-1]
        move = plain.legal_moves()[step % len(expected)]
        forwards = forwards.apply(str(move))
        backwards = backwards.apply(move)
        plain = plain.apply(move)
        with pytest.raises(AttributeError):
            object.__getattribute__(forwards, "stock")  # made from the core
        for game in (forwards, backwards):
            assert game.hands == plain.hands
            assert game.events == plain.events
            assert game.known == plain.known
