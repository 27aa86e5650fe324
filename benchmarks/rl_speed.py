"""Environment steps per second: our Gin Rummy AEC environment beside PettingZoo's ``gin_rummy_v4``.

Both are played the same way, in the same process, one after the other:
``reset``, then for each agent of ``agent_iter`` the observation from
``last()`` and a uniformly random action its mask allows, for a fixed time.
Our other games are timed the same way (a Going Out Rummy player drops
out only when nothing else is allowed, else nearly every game would end at
once).

``gin_rummy_v4`` (RLCard's gin rummy) left PettingZoo after 1.24; give the
folder of a PettingZoo 1.24 installed beside ours with ``--pettingzoo``
(``pip install --no-deps --target /tmp/pz124 pettingzoo==1.24.3``). Without
it the peer's row says so.

    PYTHONPATH=src python benchmarks/rl_speed.py --seconds 20 --pettingzoo /tmp/pz124
"""

from __future__ import annotations

import argparse
import functools
import importlib
import statistics
import sys
import time
import types
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from rummyrules import EndOfThePage, FourteenHundred, GinRummy, GoingOutRummy
from rummyrules.game.playable_rules import PlayableRules
from rummyrules.rl import RummyEnv, Word


def steps_per_second(
    make: Callable[[], Any], seconds: float, avoid: int | None = None
) -> tuple[float, int]:
    """Random masked play of whole games for ``seconds``: steps per second, games.

    The action ``avoid`` is taken only when nothing else is allowed (our
    ``drop``: else nearly every Going Out Rummy game would end at once).
    """
    env = make()
    rng = np.random.default_rng(0)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=games)
        games += 1
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            allowed = np.flatnonzero(observation["action_mask"])
            if avoid is not None and len(allowed) > 1:
                allowed = allowed[allowed != avoid]
            env.step(int(allowed[rng.integers(len(allowed))]))
            steps += 1
    return steps / (time.perf_counter() - start), games


def peer(folder: str | None) -> Callable[[], Any] | None:
    """PettingZoo's ``gin_rummy_v4`` from a PettingZoo 1.24 in ``folder``, if there."""
    if folder is None:
        return None
    sys.path.insert(0, folder)
    for name in [
        n for n in sys.modules if n == "pettingzoo" or n.startswith("pettingzoo.")
    ]:
        del sys.modules[name]  # import the old PettingZoo, not the one installed
    # gin_rummy_v4 imports pygame for rendering only, which we do not use.
    sys.modules.setdefault("pygame", types.ModuleType("pygame"))
    module = importlib.import_module("pettingzoo.classic.gin_rummy_v4")
    return module.env  # type: ignore[no-any-return]  # pettingzoo is untyped


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="per environment")
    parser.add_argument(
        "--rounds",
        type=int,
        default=5,
        help="Gin Rummy's turns, taken in turn with the peer's",
    )
    parser.add_argument(
        "--pettingzoo", help="folder of a PettingZoo 1.24 (gin_rummy_v4)"
    )
    args = parser.parse_args(argv)
    others: list[PlayableRules[Any]] = [
        GoingOutRummy(),
        EndOfThePage(),
        FourteenHundred(),
    ]
    for rules in others:
        rate, games = steps_per_second(
            functools.partial(RummyEnv, rules), args.seconds, avoid=int(Word.DROP)
        )
        print(
            f"rummyrules {type(rules).__name__:16} {rate:9,.0f} steps/s ({games} games)"
        )
    make = peer(args.pettingzoo)
    # Gin Rummy and its peer take turns, a short spell each, so that a
    # machine whose load changes (shared cores) weighs on both alike; the
    # medians are compared.
    share = args.seconds / args.rounds
    ours: list[float] = []
    theirs: list[float] = []
    for _ in range(args.rounds):
        ours.append(steps_per_second(functools.partial(RummyEnv, GinRummy()), share)[0])
        if make is not None:
            theirs.append(steps_per_second(make, share)[0])
    print(
        f"rummyrules GinRummy         {statistics.median(ours):9,.0f} steps/s (median of {args.rounds})"
    )
    if make is None:
        print("pettingzoo gin_rummy_v4     not timed: give --pettingzoo FOLDER")
        return 0
    print(
        f"pettingzoo gin_rummy_v4     {statistics.median(theirs):9,.0f} steps/s (median of {args.rounds})"
    )
    ratios = [a / b for a, b in zip(ours, theirs, strict=True)]
    print(
        f"Gin Rummy: rummyrules / gin_rummy_v4 = {statistics.median(ratios):.1f}x "
        f"(each round: {', '.join(f'{r:.1f}' for r in ratios)})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
