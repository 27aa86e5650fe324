"""A game's own kind of move: Toy Rummy's burn (TOY-8), declared in its package only.

The notation reads it, JSON writes and reads it back, the RL actions give
it the next number after the library's words, and the JSON Schema generated
with the game registered lists it: no shared module names it.
"""

from __future__ import annotations

import json

from extras import need
from rummyrules import dumps, json_schema, loads, parse_move
from rummyrules.formats.schema.generate import generated_schema
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
    # rummyrules.rl comes with the [rl] extra: imported here, so that the
    # other tests of this module run without it.
    need("numpy")
    from rummyrules.rl import Actions, Decision, Word  # noqa: PLC0415 - see above

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


def test_the_schema_generated_with_toy_rummy_lists_the_burn_and_its_values() -> None:
    jsonschema = need("jsonschema")
    schema = generated_schema()  # every registered game: Toy Rummy among them
    kinds = schema["$defs"]["move"]["properties"]["kind"]["enum"]
    assert "burn" in kinds
    assert "burn" in schema["$defs"]["event"]["properties"]["kind"]["enum"]
    assert "ToyRummy" in schema["properties"]["variant"]["enum"]
    assert "burn" not in json_schema()["$defs"]["move"]["properties"]["kind"]["enum"]
    validator = jsonschema.Draft202012Validator(schema)
    game = ToyRummy(burns=True).new_game(seed=7).apply("burn")
    values = [game, game.view(0), game.view(1), game.rules, Burn(player=1)]
    for value in values:
        document = json.loads(dumps(value))
        assert list(validator.iter_errors(document)) == [], document
    spoilt = json.loads(dumps(game))
    spoilt["data"]["rules"]["options"]["burns"] = 1
    assert not validator.is_valid(spoilt)
