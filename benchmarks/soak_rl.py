"""Random masked agents play whole games in every game's AEC environment.

Each agent takes a uniformly random allowed action (a Going Out Rummy
player drops out only one time in 200 it may, else nearly every game would
end at once, GOR-10). A game must end with no refused action and no
exception; the script prints, per game, the games, actions and time.

    PYTHONPATH=src python benchmarks/soak_rl.py --games 10000

The test suite runs it with a few hundred games (tests/rl/test_rl.py).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from rummyrules import EndOfThePage, FourteenHundred, GinRummy, GoingOutRummy
from rummyrules.game.playable_rules import PlayableRules
from rummyrules.rl import RummyEnv, Word

GAMES: tuple[PlayableRules[Any], ...] = (
    EndOfThePage(),
    FourteenHundred(),
    GoingOutRummy(),
    GinRummy(),
)
DROP_ODDS = 200


def random_action(allowed: Sequence[int], rng: random.Random) -> int:
    """A uniform choice among the allowed actions; ``drop`` only rarely."""
    choices = [a for a in allowed if a != Word.DROP]
    if not choices or (rng.randrange(DROP_ODDS) == 0 and len(choices) < len(allowed)):
        return int(Word.DROP)
    return rng.choice(choices)


def soak(
    rules: PlayableRules[Any],
    games: int,
    *,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """Play ``games`` whole games with random masked agents; the actions taken.

    ``progress`` is told the games and actions so far after every 500 games.
    """
    env = RummyEnv(rules)
    rng = random.Random(seed)
    actions = 0
    for game in range(games):
        env.reset(seed=seed + game)
        while not env.game.is_over:
            mask = env.observe(env.agent_selection)["action_mask"]
            allowed = [int(a) for a in mask.nonzero()[0]]
            if allowed != env.allowed():
                message = f"{rules}: the mask differs from the allowed actions"
                raise AssertionError(message)
            env.step(random_action(allowed, rng))
            actions += 1
        for agent in list(env.agents):  # every agent is told the game ended
            if not env.terminations[agent]:
                message = f"{rules}: {agent} is not terminated at the end"
                raise AssertionError(message)
        while env.agents:
            env.step(None)
        if progress is not None and (game + 1) % 500 == 0:
            progress(game + 1, actions)
    return actions


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per game")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", help="one game only, by its class name")
    args = parser.parse_args(argv)
    for rules in GAMES:
        name = type(rules).__name__
        if args.game not in {None, name}:
            continue
        start = time.perf_counter()

        def report(
            done: int, actions: int, name: str = name, start: float = start
        ) -> None:
            seconds = time.perf_counter() - start
            print(
                f"{name:16} {done} games, {actions} actions, {seconds:.0f} s",
                flush=True,
            )

        actions = soak(rules, args.games, seed=args.seed, progress=report)
        seconds = time.perf_counter() - start
        print(
            f"{type(rules).__name__:16} {args.games} games, {actions} actions, "
            f"{seconds:.1f} s, {actions / seconds:,.0f} actions/s: no refusal, no exception"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
