"""RL opponents picked by level name (issue 43, item 3): they play as the levels' bots."""

from __future__ import annotations

from typing import Any

from extras import need_extra

need_extra("rl")  # without the [rl] extra this module skips, saying so

import gymnasium
import pytest

import rummyrules.rl  # noqa: F401 - registers the Gymnasium ids
from rummyrules import GinRummy, GoingOutRummy, OptionError
from rummyrules.bots import EasyBot, GreedyBot, RandomBot
from rummyrules.rl import SingleAgentEnv


def positions(env: Any, steps: int) -> list[str]:
    """The whole game after each of the agent's first ``steps`` steps, each its first legal action."""
    observation, _ = env.reset(seed=3)
    seen = [env.render()]
    for _ in range(steps):
        action = int(observation["action_mask"].argmax())
        observation, _, over, _, _ = env.step(action)
        seen.append(env.render())
        if over:
            break
    return seen


def test_rl_opponents_take_level_names_and_play_as_the_levels() -> None:
    rules = GoingOutRummy(players=3)
    by_name = SingleAgentEnv(rules, opponents=["easy", "Medium"], render_mode="ansi")
    by_class = SingleAgentEnv(rules, opponents=[EasyBot, GreedyBot], render_mode="ansi")
    assert positions(by_name, 12) == positions(by_class, 12)
    made = gymnasium.make(
        "rummyrules/GinRummy-v0", opponents=["easy"], render_mode="ansi"
    )
    given = gymnasium.make(
        "rummyrules/GinRummy-v0", opponents=[EasyBot], render_mode="ansi"
    )
    assert positions(made, 8) == positions(given, 8)
    random = SingleAgentEnv(GinRummy(), opponents=[RandomBot], render_mode="ansi")
    assert positions(made, 8) != positions(random, 8)


def test_an_unknown_level_as_an_opponent_is_refused_with_the_levels_listed() -> None:
    with pytest.raises(OptionError, match="the levels are easy, medium and hard"):
        SingleAgentEnv(GinRummy(), opponents=["expert"])
