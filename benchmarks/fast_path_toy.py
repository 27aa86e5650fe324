"""Toy Rummy on its turn machine and on its integer core: CPU time a decision.

Toy Rummy (``tests/toy_game``) is the example game; its core
(``tests/toy_game/core.py``) is the example core. This script plays the same
seeded random games five ways and prints the CPU time of a decision (one
listing, one uniform choice, one move played) for each:

- ``machine, moves``: ``legal_moves`` and ``apply`` on the turn machine
  (the rules with no core: before the core);
- ``machine, actions``: ``legal_actions`` and ``apply_action`` on the
  machine, where an action is a move's place in the listing;
- ``core, moves``: the public face on the core (``lists_moves``);
- ``core, actions``: the fast path on the core;
- ``core values``: the core's own functions on its tuples, no state made:
  the floor of the fast path.

The collector is on, as users run; see benchmarks/README.md::

    PYTHONPATH=src .venv/bin/python benchmarks/fast_path_toy.py --games 200
    PYTHONPATH=src valgrind --tool=callgrind .venv/bin/python benchmarks/fast_path_toy.py --games 20 --only "core, actions"
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

# Toy Rummy is a package of the tests, not of the library.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from toy_game import ToyRummy
from toy_game.core import CORE

MAX_DECISIONS = 400
"""A game's decisions are cut here: random players rarely go out."""


@attrs.frozen(kw_only=True, cache_hash=True)
class MachineToy(ToyRummy):
    """Toy Rummy with no core: the turn machine plays both faces."""

    @property
    def core(self) -> None:  # type: ignore[override]  # no core is the point here
        """No core: the machine plays (the library before issue 40)."""
        return None


def by_moves(game: Any, rng: random.Random) -> int:
    """Play one game by ``legal_moves`` and ``apply``; its decisions."""
    count = 0
    while not game.is_over and count < MAX_DECISIONS:
        game = game.apply(rng.choice(game.legal_moves()))
        count += 1
    return count


def by_actions(game: Any, rng: random.Random) -> int:
    """Play one game by ``legal_actions`` and ``apply_action``; its decisions."""
    count = 0
    while not game.is_over and count < MAX_DECISIONS:
        game = game.apply_action(rng.choice(game.legal_actions()))
        count += 1
    return count


def by_core_values(game: Any, rng: random.Random) -> int:
    """Play one game on the core's values alone; its decisions."""
    core = CORE.encode(game)
    count = 0
    player = CORE.to_move(core)
    while player is not None and count < MAX_DECISIONS:
        action = rng.choice(CORE.legal_actions(core, player))
        core = CORE.apply_action(core, action, player)
        player = CORE.to_move(core)
        count += 1
    return count


WAYS: dict[str, tuple[type[ToyRummy], Callable[[Any, random.Random], int]]] = {
    "machine, moves": (MachineToy, by_moves),
    "machine, actions": (MachineToy, by_actions),
    "core, moves": (ToyRummy, by_moves),
    "core, actions": (ToyRummy, by_actions),
    "core values": (ToyRummy, by_core_values),
}


def tables(games: int) -> list[tuple[dict[str, Any], int]]:
    """The seeded games every way plays: options and seeds, the same each run."""
    rng = random.Random(40)
    return [
        (
            {
                "players": rng.randint(2, 4),
                "full_deck": rng.random() < 0.5,
                "burns": rng.random() < 0.5,
            },
            seed,
        )
        for seed in range(games)
    ]


def measure(way: str, games: list[tuple[dict[str, Any], int]]) -> tuple[int, float]:
    """Decisions played and CPU seconds taken, one way, over the seeded games."""
    cls, play = WAYS[way]
    decisions = 0
    start = time.process_time()
    for options, seed in games:
        decisions += play(cls(**options).new_game(seed=seed), random.Random(seed))
    return decisions, time.process_time() - start


def main() -> None:
    """Print each way's CPU time a decision."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="seeded games a way")
    parser.add_argument("--only", choices=sorted(WAYS), help="one way (callgrind)")
    args = parser.parse_args()
    games = tables(args.games)
    print(f"Toy Rummy, {args.games} seeded games, Python {sys.version.split()[0]}")
    for way in [args.only] if args.only else list(WAYS):
        decisions, seconds = measure(way, games)
        print(
            f"{way:18} {decisions:8} decisions  {seconds * 1e6 / max(decisions, 1):8.1f} µs each"
        )


if __name__ == "__main__":
    main()
