"""Saved values and positions of every registered game read back equal.

``loads(dumps(x)) == x`` for the rules, every state of random play and every
player's view of it; the rules line reads back to the same rules; and each
state's position reads back to the same state (``rules.position``), checked
as fully as a state loaded from JSON.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance import GAMES, IDS, PER_GAME
from rummyrules import PlayableRules, dumps, loads
from rummyrules.game.registry import parse_rules, rules_text
from strategies import game_tables, game_walks, some_states


@pytest.mark.parametrize("cls", GAMES, ids=IDS)
@PER_GAME
@given(data=st.data())
def test_rules_read_back_from_json_and_from_their_line(
    cls: type[PlayableRules[Any]], data: st.DataObject
) -> None:
    rules = data.draw(game_tables(cls))
    assert loads(dumps(rules)) == rules
    assert parse_rules(rules_text(rules)) == rules


@pytest.mark.parametrize("cls", GAMES, ids=IDS)
@PER_GAME
@given(data=st.data())
def test_states_and_views_read_back_from_json_and_positions(
    cls: type[PlayableRules[Any]], data: st.DataObject
) -> None:
    """Every state along random play, and each player's view of it, reads back equal; so does the state's position."""
    for game in some_states(data.draw(game_walks(cls)), stride=10):
        assert loads(dumps(game)) == game
        assert game.rules.position(game.position()) == game
        for player in range(game.players):
            view = game.view(player)
            assert loads(dumps(view)) == view
