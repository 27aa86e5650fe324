"""The single-agent environment's random opponents play on the fast path, the same games (issue 40, item 4).

``SingleAgentEnv`` asks a bot that chooses by action (a random bot) for its
action, not for a move of a view it would build; the episode is the one its
opponents play by views (``ByMoves`` hides their fast path).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from extras import need_extra
from rummyrules import FourteenHundred, GoingOutRummy, PlayableRules, View
from rummyrules.bots import RandomBot
from rummyrules.game.moves import Move

need_extra("rl")  # without the [rl] extra this module skips, saying so

from rummyrules.rl import SingleAgentEnv  # noqa: E402 - only once the [rl] extra is known to be there


class ByMoves:
    """A random bot that chooses from views only: its fast path hidden."""

    def __init__(self, *, seed: int) -> None:
        self._bot = RandomBot(seed=seed)

    def choose(self, view: View) -> Move | None:
        return self._bot.choose(view)


@pytest.mark.parametrize(
    "rules",
    [FourteenHundred(players=3, target=200), GoingOutRummy(players=3, max_turns=20)],
    ids=lambda rules: type(rules).__name__,
)
def test_the_single_agent_environments_random_opponents_play_alike_by_actions(
    rules: PlayableRules[Any],
) -> None:
    """SingleAgentEnv's random opponents, asked by action, make the moves they make by views: the same observations and rewards."""

    def episode(opponent: Any) -> list[Any]:
        env = SingleAgentEnv(rules, opponents=[opponent] * (rules.players - 1))
        observation, _ = env.reset(seed=6)
        seen: list[Any] = [env.game_env.game]
        rng = random.Random(2)
        for _ in range(60):
            allowed = [i for i, ok in enumerate(observation["action_mask"]) if ok]
            observation, reward, over, _, _ = env.step(rng.choice(allowed))
            seen.append((env.game_env.game, reward))
            if over:
                break
        return seen

    assert episode(RandomBot) == episode(ByMoves)
