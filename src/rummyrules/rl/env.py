"""A PettingZoo AEC environment for any game of the library.

Agents are ``player_0``, ``player_1``, …, the library's players. The agent
selected is the one whose decision it is: the player to move, building a
move one action at a time (:mod:`rummyrules.rl.actions`), or a player who
may move out of turn. Before each move of the player to move, every other
player who may move out of turn (a 1400 claim, F14-12) is asked, in seat
order from the mover's left, as :func:`~rummyrules.bots.play_game` asks its
bots: they claim, or ``decline``; the first claim is played. A Going Out
Rummy player may drop out at any moment (GOR-10); here only on their own
turn, where ``drop`` is one of their actions.

Each observation is a dict: ``observation``, the array of
:class:`~rummyrules.rl.Observations`, and ``action_mask``, one int8 per
action, 1 where the action is allowed (all 0 for an agent that is not
selected). When the game ends every agent is terminated, with reward +1 for
each winner and -1 for every other player (0 for all when nobody won, as a
Going Out Rummy game may end).

>>> from rummyrules.rl import RummyEnv
>>> from rummyrules import GoingOutRummy
>>> env = RummyEnv(GoingOutRummy())
>>> env.reset(seed=7)
>>> env.agent_selection, [env.actions.name(a) for a in env.allowed()]
('player_1', ['draw', 'drop'])
>>> env.step(0)
>>> env.agent_selection
'player_1'
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from rummyrules.game.moves import Move
from rummyrules.game.playable_rules import PlayableRules
from rummyrules.game.state import GameState
from rummyrules.game.view import View
from rummyrules.rl.actions import Actions, Word
from rummyrules.rl.decision import Decision
from rummyrules.rl.observations import Observations

__all__ = ["BOUND", "Observation", "RummyEnv"]

BOUND: Final = 64.0
"""No observation's number is larger: counts are at most 3, hand sizes are
counted in tens, and any other number is squashed (sign(x) · log(1 + abs(x)))."""

Observation = dict[str, npt.NDArray[Any]]
"""An observation: ``observation`` (float32) and ``action_mask`` (int8)."""


class RummyEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]  # pettingzoo is untyped: AECEnv is Any
    """A game of the library as a PettingZoo AEC environment (see the module's notes).

    ``max_steps`` truncates a game after that many actions (None: play to
    the end, which every game reaches by its own rules).

    >>> from rummyrules.rl import RummyEnv
    >>> from rummyrules import GinRummy
    >>> env = RummyEnv(GinRummy())
    >>> env.reset(seed=1)
    >>> env.observation_space("player_0")["observation"].shape
    (1041,)
    >>> env.step(2)  # pass the upcard
    >>> env.agent_selection
    'player_1'
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human"],
        "name": "rummyrules_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: PlayableRules[Any],
        *,
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in {None, "human"}:
            message = f"render_mode is 'human' or None, not {render_mode!r}"
            raise ValueError(message)
        self.rules: Final = rules
        self.render_mode = render_mode
        self.max_steps: Final = max_steps
        self.actions: Final = Actions(rules)
        self.observations: Final = Observations(rules)
        self.possible_agents = [f"player_{seat}" for seat in range(rules.players)]
        self.agents: list[str] = []
        observation = spaces.Dict(
            {
                "observation": spaces.Box(
                    -BOUND, BOUND, (self.observations.size,), np.float32
                ),
                "action_mask": spaces.Box(0, 1, (self.actions.size,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = {
            agent: spaces.Discrete(self.actions.size) for agent in self.possible_agents
        }
        self._seeds = np.random.default_rng()
        self.game: GameState = rules.new_game(seed=0)
        """The game as it stands, the whole state (for bots and tests, not for agents)."""
        self.decision: Decision = Decision(self.actions, ())
        """The choice of the agent selected, with its moves and the actions taken towards one."""
        self._window: list[int] = []
        self._views: dict[int, View] = {}
        self._cache: dict[str, Observation] = {}
        self._steps = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of an agent (the same for all).

        >>> from rummyrules.rl import RummyEnv
        >>> from rummyrules import GinRummy
        >>> sorted(RummyEnv(GinRummy()).observation_space("player_1").spaces)
        ['action_mask', 'observation']
        """
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of an agent: ``Discrete(actions.size)``.

        >>> from rummyrules.rl import RummyEnv
        >>> from rummyrules import GinRummy
        >>> RummyEnv(GinRummy()).action_space("player_0")
        Discrete(254)
        """
        return self.action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> None:
        """Deal a new game; ``seed`` makes it and every later game the same again.

        >>> from rummyrules.rl import RummyEnv
        >>> from rummyrules import GinRummy
        >>> env = RummyEnv(GinRummy())
        >>> env.reset(seed=3)
        >>> env.game == GinRummy().new_game(seed=env.game.seed)
        True
        """
        del options  # no options: the rules object holds them all
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        self.game = self.rules.new_game(seed=int(self._seeds.integers(2**62)))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._steps = 0
        self._new_state()

    def observe(self, agent: str) -> Observation:
        """The agent's observation: its array and its action mask (shared: do not change them).

        >>> from rummyrules.rl import RummyEnv
        >>> from rummyrules import GinRummy
        >>> env = RummyEnv(GinRummy())
        >>> env.reset(seed=1)
        >>> int(env.observe("player_1")["action_mask"].sum())  # not player_1's turn
        0
        """
        found = self._cache.get(agent)
        if found is not None:
            return found
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.actions.size, dtype=np.int8)
        building: list[int] = []
        if agent == self.agent_selection and not self.game.is_over:
            mask[self.decision.allowed()] = 1
            building = self.decision.taken
        observation: Observation = {
            "observation": self.observations.of(self._view(seat), building),
            "action_mask": mask,
        }
        self._cache[agent] = observation
        return observation

    def allowed(self) -> list[int]:
        """The actions the agent selected may take now.

        >>> from rummyrules.rl import RummyEnv
        >>> from rummyrules import GinRummy
        >>> env = RummyEnv(GinRummy())
        >>> env.reset(seed=1)
        >>> env.allowed()
        [1, 2]
        """
        return self.decision.allowed()

    def step(self, action: int | None) -> None:
        """Take one action for the agent selected; a dead agent steps with None.

        An action its mask does not allow raises ValueError and changes nothing.

        >>> from rummyrules.rl import RummyEnv
        >>> from rummyrules import GinRummy
        >>> env = RummyEnv(GinRummy())
        >>> env.reset(seed=1)
        >>> env.step(0)
        Traceback (most recent call last):
        ...
        ValueError: action 0 (draw) is not allowed now: the allowed actions are 1, 2
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            message = "a live agent's action is a whole number, not None"
            raise ValueError(message)
        move = self.decision.take(int(action))
        self._after(move)

    def play(self, move: Move | None) -> None:
        """Make a whole move for the agent selected, action by action (None: decline).

        For seats played by bots, which choose moves from views.

        >>> from rummyrules.rl import RummyEnv
        >>> from rummyrules import GinRummy, parse_move
        >>> env = RummyEnv(GinRummy())
        >>> env.reset(seed=1)
        >>> env.play(parse_move("pass"))
        >>> env.agent_selection
        'player_1'
        """
        if move is None:
            self._after(self.decision.take(int(Word.DECLINE)))
            return
        for action in self.actions.tokens(move):
            made = self.decision.take(action)
        self._after(made)

    def _after(self, move: Move | None) -> None:
        agent = self.agent_selection
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cache.clear()
        self._steps += 1
        if move is not None:
            self.game = self.game.apply(move)
            self._new_state()
        elif self.decision.declined:
            self._ask()
        steps = self.max_steps
        if not self.game.is_over and steps is not None and self._steps >= steps:
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()

    def _view(self, seat: int) -> View:
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.game.view(seat)
        return view

    def _new_state(self) -> None:
        self._views.clear()
        self._cache.clear()
        game = self.game
        if game.is_over:
            winners = game.winners
            for seat, agent in enumerate(self.possible_agents):
                won = 1.0 if seat in winners else -1.0
                self.rewards[agent] = won if winners else 0.0
            self.terminations = dict.fromkeys(self.agents, True)
            return
        mover, players = game.to_move, game.players
        if mover is None:  # pragma: no cover - a game not over has a player to move
            return
        self._window = [
            seat
            for seat in ((mover + step) % players for step in range(1, players))
            if any(move.kind != "drop" for move in game.legal_moves(player=seat))
        ]
        self._ask()

    def _ask(self) -> None:
        """Select the next player asked out of turn, or else the player to move."""
        mover = self.game.to_move
        if mover is None:  # pragma: no cover - only asked while the game goes on
            return
        seat = self._window.pop(0) if self._window else mover
        self.decision = Decision(
            self.actions, self._view(seat).legal_moves, can_decline=seat != mover
        )
        self.agent_selection = self.possible_agents[seat]
        self._cache.clear()

    def render(self) -> None:
        """Print the game as a position (with ``render_mode="human"``).

        >>> from rummyrules.rl import RummyEnv
        >>> from rummyrules import GinRummy
        >>> RummyEnv(GinRummy()).render()  # no render mode: nothing
        """
        if self.render_mode == "human":
            print(self.game.position())  # noqa: T201 - rendering is printing

    def close(self) -> None:
        """Nothing to release.

        >>> from rummyrules.rl import RummyEnv
        >>> from rummyrules import GinRummy
        >>> RummyEnv(GinRummy()).close()
        """
