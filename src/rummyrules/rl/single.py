"""A Gymnasium environment for one seat, the other seats played by the library's bots.

>>> from rummyrules.rl import SingleAgentEnv
>>> from rummyrules import GinRummy
>>> env = SingleAgentEnv(GinRummy())
>>> observation, info = env.reset(seed=2)
>>> sorted(observation), env.action_space
(['action_mask', 'observation'], Discrete(254))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, SupportsInt

import gymnasium

from rummyrules.bots import Bot, RandomBot
from rummyrules.game.playable import PlayableRules
from rummyrules.rl.env import Observation, RummyEnv

__all__ = ["SingleAgentEnv"]


class SingleAgentEnv(gymnasium.Env[Observation, SupportsInt]):
    """One seat of a game as a Gymnasium environment; bots play the others.

    The agent's actions, observations and rewards are those of
    :class:`~rummyrules.rl.RummyEnv` for its seat: +1 when it wins, -1 when
    another player does, 0 while the game goes on or when nobody won.
    ``opponents`` make the bots of the other seats, in seat order: each is
    called with ``seed=`` at every reset (a bot class such as
    :class:`~rummyrules.bots.GreedyBot` will do; default:
    :class:`~rummyrules.bots.RandomBot`), so that a seeded reset plays the
    same game again. On a chance to move out of turn a bot that chooses
    None declines. An action the mask refuses
    raises ValueError, or with ``refused_reward`` ends the game at once with
    that reward (for learners and checkers that sample unmasked actions).

    >>> from rummyrules.rl import SingleAgentEnv
    >>> from rummyrules import GoingOutRummy
    >>> from rummyrules.bots import GreedyBot
    >>> env = SingleAgentEnv(GoingOutRummy(), seat=1, opponents=[GreedyBot])
    >>> observation, _ = env.reset(seed=1)
    >>> observation, reward, terminated, truncated, _ = env.step(0)  # draw
    >>> reward, terminated, truncated
    (0.0, False, False)
    """

    metadata: dict[str, Any] = {"render_modes": []}  # noqa: RUF012 - Gymnasium reads it from the class

    def __init__(
        self,
        rules: PlayableRules[Any],
        *,
        seat: int = 0,
        opponents: Sequence[Callable[..., Bot]] | None = None,
        max_steps: int | None = None,
        refused_reward: float | None = None,
    ) -> None:
        if not 0 <= seat < rules.players:
            message = f"seat is 0 to {rules.players - 1} in a game of {rules.players}, not {seat}"
            raise ValueError(message)
        others = rules.players - 1
        makers = [RandomBot] * others if opponents is None else list(opponents)
        if len(makers) != others:
            message = f"a game of {rules.players} players needs {others} opponents, not {len(makers)}"
            raise ValueError(message)
        self.game_env = RummyEnv(rules, max_steps=max_steps)
        """The AEC environment underneath, with every seat."""
        self.seat = seat
        self.refused_reward = refused_reward
        self._refused = False
        self.agent = self.game_env.possible_agents[seat]
        self._seats = [s for s in range(rules.players) if s != seat]
        self._makers = makers
        self._bots: dict[int, Bot] = {}
        self.observation_space = self.game_env.observation_space(self.agent)
        self.action_space = self.game_env.action_space(self.agent)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new game and let the bots play up to the agent's first decision.

        >>> from rummyrules.rl import SingleAgentEnv
        >>> from rummyrules import GinRummy
        >>> env = SingleAgentEnv(GinRummy(), seat=1)
        >>> _ = env.reset(seed=1)
        >>> env.game_env.agent_selection
        'player_1'
        """
        super().reset(seed=seed)
        self._refused = False
        self._bots = {
            other: make(seed=int(self.np_random.integers(2**31)))
            for other, make in zip(self._seats, self._makers, strict=True)
        }
        self.game_env.reset(seed=seed, options=options)
        self._bots_play()
        return self._observe(), {}

    def step(
        self, action: SupportsInt
    ) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Take the agent's action, then let the bots play up to its next decision.

        >>> from rummyrules.rl import SingleAgentEnv
        >>> from rummyrules import GinRummy
        >>> env = SingleAgentEnv(GinRummy())
        >>> _ = env.reset(seed=1)
        >>> env.step(0)
        Traceback (most recent call last):
        ...
        ValueError: action 0 (draw) is not allowed now: the allowed actions are 1, 2
        """
        env = self.game_env
        if self.refused_reward is not None and (
            self._refused or not env.observe(self.agent)["action_mask"][int(action)]
        ):
            self._refused = True
            info = {"refused": int(action)}
            return self._observe(), self.refused_reward, True, False, info
        env.step(int(action))
        self._bots_play()
        game = env.game
        reward = 0.0
        if game.is_over and game.winners:
            reward = 1.0 if self.seat in game.winners else -1.0
        truncated = env.truncations.get(self.agent, False)
        return self._observe(), reward, game.is_over, truncated, {}

    def _observe(self) -> Observation:
        """The agent's observation, copied: what it keeps is its own."""
        return {
            key: array.copy()
            for key, array in self.game_env.observe(self.agent).items()
        }

    def _bots_play(self) -> None:
        env = self.game_env
        while not env.game.is_over and env.agent_selection != self.agent:
            if env.truncations[env.agent_selection]:
                return
            seat = env.possible_agents.index(env.agent_selection)
            env.play(self._bots[seat].choose(env.game.view(seat)))
