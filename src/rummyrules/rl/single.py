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

from rummyrules.bots import ActionBot, Bot, RandomBot
from rummyrules.bots.levels import level_factory
from rummyrules.game.moves import Move
from rummyrules.game.playable_rules import PlayableRules
from rummyrules.game.state import GameState
from rummyrules.rl.env import Observation, RummyEnv

__all__ = ["SingleAgentEnv"]


class SingleAgentEnv(gymnasium.Env[Observation, SupportsInt]):
    """One seat of a game as a Gymnasium environment; bots play the others.

    The agent's actions, observations and rewards are those of
    :class:`~rummyrules.rl.RummyEnv` for its seat: +1 when it wins, -1 when
    another player does, 0 while the game goes on or when nobody won.
    ``opponents`` make the bots of the other seats, in seat order: each is
    a level's name (``"easy"``, ``"medium"``, ``"hard"``;
    :data:`~rummyrules.bots.LEVELS`) or a factory called with ``seed=`` at
    every reset (a bot class such as :class:`~rummyrules.bots.GreedyBot`
    will do; default: :class:`~rummyrules.bots.RandomBot`), so that a seeded
    reset plays the same game again. On a chance to move out of turn a bot
    that chooses None declines.

    An action the mask refuses is a step that plays nothing: it is rewarded
    ``refused_reward`` (default -1, as much as a loss, so that no refusal
    ever pays), ends nothing, leaves the game, the move being built and the
    mask as they were, and says ``info["refused"]``. So learners and
    checkers that sample from the whole action space can step as they like
    (bound such an episode with Gymnasium's ``max_episode_steps``: refused
    steps do not count towards ``max_steps``). ``refused_reward=None``
    makes a refused action raise ValueError instead. A number outside the
    action space always raises ValueError.

    ``render_mode`` ``"ansi"`` renders the whole game, every hand, as a
    position (text that ``rules.position`` reads back); ``"human"`` prints it
    after every reset and every step that plays.

    >>> from rummyrules.rl import SingleAgentEnv
    >>> from rummyrules import GoingOutRummy
    >>> from rummyrules.bots import GreedyBot
    >>> env = SingleAgentEnv(GoingOutRummy(), seat=1, opponents=[GreedyBot])
    >>> observation, _ = env.reset(seed=1)
    >>> observation, reward, terminated, truncated, _ = env.step(0)  # draw
    >>> reward, terminated, truncated
    (0.0, False, False)
    >>> _, reward, terminated, truncated, info = env.step(0)  # no second draw
    >>> reward, terminated, truncated, info
    (-1.0, False, False, {'refused': 0})

    Against the easy level in Gin Rummy, and a name that is no level:

    >>> from rummyrules import GinRummy
    >>> env = SingleAgentEnv(GinRummy(), seat=1, opponents=["easy"])
    >>> _ = env.reset(seed=1)
    >>> env.game_env.agent_selection
    'player_1'
    >>> SingleAgentEnv(GinRummy(), opponents=["expert"])
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: there is no level 'expert': the levels are easy, medium and hard
    """

    # render_fps means nothing for a card game, but Gymnasium's checker
    # asks for it once there are render modes.
    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 1}  # noqa: RUF012 - Gymnasium reads it from the class

    def __init__(  # noqa: PLR0913 - each is one knob of the seat, by keyword
        self,
        rules: PlayableRules[Any],
        *,
        seat: int = 0,
        opponents: Sequence[Callable[..., Bot] | str] | None = None,
        max_steps: int | None = None,
        refused_reward: float | None = -1.0,
        render_mode: str | None = None,
    ) -> None:
        if render_mode not in {None, *self.metadata["render_modes"]}:
            message = f"render_mode is 'human', 'ansi' or None, not {render_mode!r}"
            raise ValueError(message)
        if not 0 <= seat < rules.players:
            message = f"seat is 0 to {rules.players - 1} in a game of {rules.players}, not {seat}"
            raise ValueError(message)
        others = rules.players - 1
        makers = [RandomBot] * others if opponents is None else _makers(opponents)
        if len(makers) != others:
            message = f"a game of {rules.players} players needs {others} opponents, not {len(makers)}"
            raise ValueError(message)
        self.game_env = RummyEnv(rules, max_steps=max_steps)
        """The AEC environment underneath, with every seat."""
        self.seat = seat
        self.refused_reward = refused_reward
        self.render_mode = render_mode
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
        self._bots = {
            other: make(seed=int(self.np_random.integers(2**31)))
            for other, make in zip(self._seats, self._makers, strict=True)
        }
        self.game_env.reset(seed=seed, options=options)
        self._bots_play()
        self._show()
        return self._observe(), {}

    def step(
        self, action: SupportsInt
    ) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Take the agent's action, then let the bots play up to its next decision.

        >>> from rummyrules.rl import SingleAgentEnv
        >>> from rummyrules import GinRummy
        >>> env = SingleAgentEnv(GinRummy())
        >>> _ = env.reset(seed=1)
        >>> _, reward, terminated, _, info = env.step(0)  # no draw: take or pass
        >>> reward, terminated, info
        (-1.0, False, {'refused': 0})
        >>> env.step(254)
        Traceback (most recent call last):
        ...
        ValueError: action 254 is not one of the 254 actions (0 to 253)
        """
        env = self.game_env
        index = int(action)
        size = env.actions.size
        if not 0 <= index < size:
            message = (
                f"action {index} is not one of the {size} actions (0 to {size - 1})"
            )
            raise ValueError(message)
        if (
            self.refused_reward is not None
            and not (env.observe(self.agent)["action_mask"][index])
        ):
            truncated = env.truncations.get(self.agent, False)
            info = {"refused": index}
            return (
                self._observe(),
                self.refused_reward,
                env.game.is_over,
                truncated,
                info,
            )
        env.step(index)
        self._bots_play()
        self._show()
        game = env.game
        reward = 0.0
        if game.is_over and game.winners:
            reward = 1.0 if self.seat in game.winners else -1.0
        truncated = env.truncations.get(self.agent, False)
        return self._observe(), reward, game.is_over, truncated, {}

    def render(self) -> str | None:
        """The whole game as a position (``"ansi"``), or printed (``"human"``).

        >>> from rummyrules.rl import SingleAgentEnv
        >>> from rummyrules import GoingOutRummy
        >>> env = SingleAgentEnv(GoingOutRummy(hand_size=2), render_mode="ansi")
        >>> _ = env.reset(seed=1)
        >>> env.render().split(" | ")[2:4]
        ['to_move 0 draw', 'hands 7H QS / 2H 2D']
        """
        if self.render_mode is None:
            return None
        text = self.game_env.game.position()
        if self.render_mode == "human":
            print(text)  # noqa: T201 - rendering for a person is printing
            return None
        return text

    def _show(self) -> None:
        # "human" renders as the game goes, as Gymnasium's render modes say.
        if self.render_mode == "human":
            self.render()

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
            env.play(_bot_move(self._bots[seat], env.game, seat))


def _makers(opponents: Sequence[Callable[..., Bot] | str]) -> list[Callable[..., Bot]]:
    """The opponents' factories: a level by its name, a factory as it is."""
    return [
        level_factory(maker) if isinstance(maker, str) else maker for maker in opponents
    ]


def _bot_move(bot: Bot, game: GameState, seat: int) -> Move | None:
    """The bot's move for ``seat``: by action where it chooses so (the fast path, no view built), else from its view."""
    if isinstance(bot, ActionBot):
        action = bot.choose_action(game, seat)
        if action is None:
            return None
        return game.action_to_move(
            action, player=None if seat == game.to_move else seat
        )
    return bot.choose(game.view(seat))
