"""A game's own kind of move: Toy Rummy's burn (TOY-8), declared in its package only.

The notation reads it, JSON writes and reads it back, and the RL actions
give it the next number after the library's words: no shared module names it.
"""

from __future__ import annotations

import json

from rummyrules import dumps, loads, parse_move
from rummyrules.rl import Actions, Decision, Word
from toy_game import ToyRummy
from toy_game.moves import Burn


def test_the_notation_reads_the_burn() -> None:
    assert parse_move("2: burn") == Burn(player=2)
    assert str(parse_move("BURN")) == "burn"


def test_a_game_with_burns_lists_the_burn_and_plays_it() -> None:
    game = ToyRummy(burns=True).new_game(seed=7)
    assert [str(move) for move in game.legal_moves()] == ["draw", "take", "burn"]
    after = game.apply("burn")
    assert after.discard_pile[0] == game.stock[0]
    assert len(after.stock) == len(game.stock) - 1
    assert "burn" not in [str(m) for m in ToyRummy().new_game(seed=7).legal_moves()]


def test_the_burn_round_trips_through_json() -> None:
    game = ToyRummy(burns=True).new_game(seed=7).apply("burn")
    assert json.loads(dumps(Burn(player=1)))["data"]["kind"] == "burn"
    assert loads(dumps(Burn(player=1))) == Burn(player=1)
    assert loads(dumps(game)) == game
    view = game.view(0)
    assert loads(dumps(view)) == view


def test_the_rl_actions_give_the_burn_the_next_word() -> None:
    actions = Actions(ToyRummy(burns=True))
    burn = len(Word)
    assert actions.tokens(Burn()) == (burn,)
    assert actions.name(burn) == "burn"
    assert actions.take_card == len(Word) + 1
    assert any(row.name == "burn" for row in actions.ranges())
    game = ToyRummy(burns=True).new_game(seed=7)
    decision = Decision(actions, game.legal_moves())
    assert burn in decision.allowed()
    assert decision.take(burn) == Burn()
