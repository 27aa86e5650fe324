"""Reinforcement learning: fixed integer actions, observation arrays, PettingZoo and Gymnasium.

Needs the ``[rl]`` extra (numpy, gymnasium, pettingzoo); the rest of the
library never imports it. See the docs' page "Agents and reinforcement
learning".

>>> from rummyrules import GinRummy
>>> from rummyrules.rl import RummyEnv
>>> env = RummyEnv(GinRummy())
>>> env.reset(seed=1)
>>> sorted(env.observe(env.agent_selection))
['action_mask', 'observation']

Importing it registers every game for ``gymnasium.make``
(:mod:`rummyrules.rl.registration`):

>>> import gymnasium
>>> gymnasium.make("rummyrules/EndOfThePage-v0").unwrapped.game_env.rules.players
2
"""

from rummyrules.rl.actions import (
    CARD_SLOTS,
    ActionRange,
    Actions,
    Word,
    card_of_slot,
    card_slot,
)
from rummyrules.rl.decision import Decision
from rummyrules.rl.env import RummyEnv
from rummyrules.rl.fields import Section
from rummyrules.rl.observations import Observations
from rummyrules.rl.registration import env_id, register_envs, single_agent_env
from rummyrules.rl.single import SingleAgentEnv

__all__ = [
    "CARD_SLOTS",
    "ActionRange",
    "Actions",
    "Decision",
    "Observations",
    "RummyEnv",
    "Section",
    "SingleAgentEnv",
    "Word",
    "card_of_slot",
    "card_slot",
    "env_id",
    "register_envs",
    "single_agent_env",
]

register_envs()
