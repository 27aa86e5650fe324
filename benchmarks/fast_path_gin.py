"""Gin Rummy's integer core timed: the fast path and the public face, before and after, beside OpenSpiel.

Random playouts of fixed seeded games (``--games``), one decision a listing,
a uniform choice and an apply, the garbage collector on, CPU seconds
(:func:`time.process_time`), memos emptied before each run, tables
interleaved round by round (``--rounds``), medians reported:

- *fast path*: ``legal_actions()`` and ``apply_action(a)``, on the core;
- *public face*: ``legal_moves()`` and ``apply(move)``, listed and played on the core;
- *machine* (before): the same two on rules whose ``core`` is None, as every
  game played before issue 40 (the fast path there is the machine's too);
- OpenSpiel's C++ ``gin_rummy`` through ``pyspiel``, from a new state each
  game and from a clone (``peer_playouts.py``), where installed.

Run from the repository root: ``python benchmarks/fast_path_gin.py --games 300``.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs
from peer_modules import optional
from peer_playouts import openspiel_playout
from playout import forget_memos

from rummyrules import GinRummy
from rummyrules.game.cores import Core

Playout = Callable[[int, int], int]


@attrs.frozen(kw_only=True, cache_hash=True)
class MachineGin(GinRummy):
    """Gin Rummy without its core: the turn machine lists and plays, as before issue 40."""

    @property
    def core(self) -> Core | None:
        """No core: the turn machine plays."""
        return None


def fast_path(rules: GinRummy) -> Playout:
    """Playouts by ``legal_actions`` and ``apply_action``."""

    def run(games: int, seed: int) -> int:
        rng = random.Random(seed)
        decisions = 0
        for _ in range(games):
            game = rules.new_game(seed=rng.randrange(1 << 30))
            # No action left is the game's end: reading is_over would work
            # out the state's fields, which the fast path never needs.
            actions = game.legal_actions()
            while actions:
                game = game.apply_action(rng.choice(actions))
                actions = game.legal_actions()
                decisions += 1
        return decisions

    return run


def public_face(rules: GinRummy) -> Playout:
    """Playouts by ``legal_moves`` and ``apply``."""

    def run(games: int, seed: int) -> int:
        rng = random.Random(seed)
        decisions = 0
        for _ in range(games):
            game = rules.new_game(seed=rng.randrange(1 << 30))
            while not game.is_over:
                game = game.apply(rng.choice(game.legal_moves()))
                decisions += 1
        return decisions

    return run


def timed(playout: Playout, games: int, seed: int) -> float:
    """Decisions per CPU second of one run, from empty memos, the collector on."""
    forget_memos()
    gc.collect()
    start = time.process_time()
    decisions = playout(games, seed)
    return decisions / (time.process_time() - start)


def main(argv: Sequence[str] | None = None) -> int:
    """Time the tables and print decisions per CPU second and µs a decision."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games a run of ours")
    parser.add_argument("--peer-games", type=int, default=1000, help="games a peer run")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    tables: dict[str, tuple[Playout, int]] = {
        "fast path (core)": (fast_path(GinRummy()), args.games),
        "public face (core)": (public_face(GinRummy()), args.games),
        "fast path (machine, before)": (fast_path(MachineGin()), args.games),
        "public face (machine, before)": (public_face(MachineGin()), args.games),
    }
    pyspiel: Any = optional("pyspiel")
    if pyspiel is not None:
        tables["OpenSpiel gin_rummy, new state"] = (
            openspiel_playout(pyspiel, clone=False),
            args.peer_games,
        )
        tables["OpenSpiel gin_rummy, cloned state"] = (
            openspiel_playout(pyspiel, clone=True),
            args.peer_games,
        )
    rates: dict[str, list[float]] = {name: [] for name in tables}
    for _ in range(args.rounds):
        for name, (playout, games) in tables.items():
            rates[name].append(timed(playout, games, args.seed))
    medians = {name: statistics.median(found) for name, found in rates.items()}
    peer = medians.get("OpenSpiel gin_rummy, new state")
    print(
        f"{'table':34} {'decisions/s':>12} {'µs/decision':>12} {'× OpenSpiel new':>16}"
    )
    for name, rate in medians.items():
        ratio = f"{rate / peer:.2f}" if peer else "-"
        print(f"{name:34} {rate:12,.0f} {1e6 / rate:12.1f} {ratio:>16}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
