"""Every state that legal play reaches saves and reloads; no other state loads.

The promise runs both ways. A state reached by legal play, in any game,
under any options, reads back equal from ``dumps`` and from its position,
the game over included. A state no game could reach (a winner nobody made, a
lay-off by a player who has not melded, fields a game never sets) is
refused by ``loads`` and by positions alike, with a sentence naming the
field and the rule: both read through ``validation.check_state``.
"""

from __future__ import annotations

import os

from hypothesis import event, given

from rummyrules import GameState, dumps, loads
from strategies import some_states, whole_games

WHOLE_GAME_STRIDE = 1 if os.environ.get("HYPOTHESIS_PROFILE") == "ci" else 3
"""Of each whole game, check every this many states (every one in the "ci"
profile), each rarer one and the last."""


# --- Every reachable state saves and reloads --------------------------------------


@given(whole_games())
def test_every_state_of_a_whole_game_saves_and_reloads_both_ways(
    walk: list[GameState],
) -> None:
    """Every state of random legal play, from the deal to the game over, reads back equal from its saved text and from its position."""
    last = walk[-1]
    event(f"{last.rules.name}, {'over' if last.is_over else 'not over'}")
    for game in some_states(walk, stride=WHOLE_GAME_STRIDE):
        text = dumps(game)
        loaded = loads(text)
        assert loaded == game, text
        assert dumps(loaded) == text
        position = game.position()
        assert game.rules.position(position) == game, position
