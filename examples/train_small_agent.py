"""Train a small Gin Rummy agent against RandomBot on the CPU, with numpy alone.

The policy is linear: a score for each action, ``W[a] · observation + b[a]``,
made into probabilities over the actions the mask allows (a softmax). It is
trained by REINFORCE (the policy gradient of each game's result: +1 won, -1
lost, 0 when the stock ran out) against the library's RandomBot, through
the Gymnasium wrapper of rummyrules.rl, for ``--seconds``. Then it plays
``--games`` new deals, choosing its most likely action, and its win rate is
printed beside that of an agent that chooses uniformly among allowed
actions, on the same deals.

    PYTHONPATH=src python examples/train_small_agent.py --seconds 90

Needs the ``[rl]`` extra (numpy, gymnasium, pettingzoo).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from rummyrules import GinRummy
from rummyrules.rl import SingleAgentEnv

Floats = npt.NDArray[np.float64]
Policy = Callable[[npt.NDArray[np.float32], npt.NDArray[np.intp]], int]


class LinearPolicy:
    """A softmax over the allowed actions of a linear score of the observation."""

    def __init__(self, observations: int, actions: int) -> None:
        self.weights: Floats = np.zeros((actions, observations))
        self.bias: Floats = np.zeros(actions)

    def probabilities(
        self, observation: npt.NDArray[np.float32], allowed: npt.NDArray[np.intp]
    ) -> Floats:
        """The probability of each allowed action."""
        scores = self.weights[allowed] @ observation + self.bias[allowed]
        scores -= scores.max()
        exp = np.exp(scores)
        return exp / exp.sum()  # type: ignore[no-any-return]  # numpy's division of float arrays is a float array


def play(
    env: SingleAgentEnv,
    choose: Policy,
    seed: int,
    trail: list[tuple[npt.NDArray[np.float32], npt.NDArray[np.intp], int]]
    | None = None,
) -> float:
    """One whole game: the agent's reward (+1, -1 or 0); its choices appended to ``trail``."""
    observation, _ = env.reset(seed=seed)
    while True:
        allowed = np.flatnonzero(observation["action_mask"])
        features = observation["observation"]
        action = choose(features, allowed)
        if trail is not None:
            trail.append((features, allowed, action))
        observation, reward, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            return float(reward)


def train(seconds: float, seed: int) -> tuple[LinearPolicy, int]:
    """REINFORCE against RandomBot for ``seconds``: the policy and the games played."""
    env = SingleAgentEnv(GinRummy())
    policy = LinearPolicy(env.game_env.observations.size, env.game_env.actions.size)
    rng = np.random.default_rng(seed)
    rate, baseline, games = 0.05, 0.0, 0
    deadline = time.perf_counter() + seconds

    def sample(features: npt.NDArray[np.float32], allowed: npt.NDArray[np.intp]) -> int:
        chances = policy.probabilities(features, allowed)
        return int(allowed[rng.choice(len(allowed), p=chances)])

    while time.perf_counter() < deadline:
        trail: list[tuple[npt.NDArray[np.float32], npt.NDArray[np.intp], int]] = []
        result = play(env, sample, seed=seed + 1_000_000 + games, trail=trail)
        games += 1
        advantage = result - baseline
        baseline += 0.02 * (result - baseline)
        for features, allowed, action in trail:
            if len(allowed) == 1:
                continue  # no choice, nothing to learn
            # The gradient of log π(action): (one-hot − π) for each allowed row.
            step = -policy.probabilities(features, allowed)
            step[np.searchsorted(allowed, action)] += 1.0
            step *= rate * advantage
            policy.weights[allowed] += np.outer(step, features)
            policy.bias[allowed] += step
    return policy, games


def win_rate(choose: Policy, games: int, seed: int) -> tuple[float, float]:
    """Wins and losses (fractions) over ``games`` deals against RandomBot."""
    env = SingleAgentEnv(GinRummy())
    results = [play(env, choose, seed=seed + game) for game in range(games)]
    return results.count(1.0) / games, results.count(-1.0) / games


def main(argv: Sequence[str] | None = None) -> int:
    """Train for ``--seconds``, then print the win rates; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=90.0, help="training time")
    parser.add_argument(
        "--games", type=int, default=400, help="deals to measure the win rates on"
    )
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    policy, games = train(args.seconds, args.seed)
    print(
        f"trained for {args.seconds:g} s: {games} games of Gin Rummy against RandomBot"
    )

    def best(features: npt.NDArray[np.float32], allowed: npt.NDArray[np.intp]) -> int:
        return int(allowed[np.argmax(policy.probabilities(features, allowed))])

    rng = np.random.default_rng(args.seed)

    def uniform(
        _features: npt.NDArray[np.float32], allowed: npt.NDArray[np.intp]
    ) -> int:
        return int(allowed[rng.integers(len(allowed))])

    for name, choose in (("trained agent", best), ("uniform random agent", uniform)):
        won, lost = win_rate(choose, args.games, seed=args.seed)
        print(
            f"{name:21} vs RandomBot over {args.games} deals: "
            f"win rate {won:.1%}, loss rate {lost:.1%}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
