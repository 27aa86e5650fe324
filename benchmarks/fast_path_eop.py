"""End of the Page's random playouts on the fast path and the public face, beside OpenSpiel.

Issue 40 gives End of the Page an integer core. This times, in CPU seconds
over fixed seeded games, one process, the tables interleaved round by round:

- **fast path**: ``legal_actions()``, one uniform choice, ``apply_action``;
- **public face**: ``legal_moves()``, one uniform choice, ``apply``
  (``playout.one_decision``);
- OpenSpiel's ``gin_rummy`` (a clone of one initial state each game), where
  installed, for the ratios.

Run it from a checkout whose ``src`` is on the path; with ``PYTHONPATH`` at a
checkout without the core, the same script measures the turn machine
("before")::

    PYTHONPATH=src python benchmarks/fast_path_eop.py --rounds 3

``--callgrind N`` plays N seeded games of one table on one face and nothing
else, for ``valgrind --tool=callgrind`` to count instructions.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from rummyrules import EndOfThePage

Playout = Callable[[int, int], int]


def fast_path(players: int) -> Playout:
    """Seeded games played by actions: list them, choose one, apply it."""

    def run(games: int, seed: int) -> int:
        rules = EndOfThePage(players=players)
        rng = random.Random(seed)
        decisions = 0
        for _ in range(games):
            game = rules.new_game(seed=rng.randrange(1 << 30))
            actions = game.legal_actions()
            while actions:  # none once the game is over
                game = game.apply_action(rng.choice(actions))
                actions = game.legal_actions()
                decisions += 1
        return decisions

    return run


def public_face(players: int) -> Playout:
    """Seeded games played by moves: ``legal_moves``, choose one, ``apply``."""

    def run(games: int, seed: int) -> int:
        rules = EndOfThePage(players=players)
        rng = random.Random(seed)
        decisions = 0
        for _ in range(games):
            game = rules.new_game(seed=rng.randrange(1 << 30))
            while not game.is_over:
                game = game.apply(rng.choice(game.legal_moves()))
                decisions += 1
        return decisions

    return run


def openspiel() -> Playout | None:
    """OpenSpiel's gin_rummy, a clone of one initial state a game; None if not installed."""
    try:
        pyspiel = importlib.import_module("pyspiel")  # an optional peer
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")

    def run(games: int, seed: int) -> int:
        rng = random.Random(seed)
        initial = game.new_initial_state()
        decisions = 0
        for _ in range(games):
            state = initial.clone()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(outcomes, weights)[0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    decisions += 1
        return decisions

    return run


def main(argv: Sequence[str] | None = None) -> int:
    """Time the tables and print each one's decisions a CPU second and µs a decision."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=20, help="EOP games a run")
    parser.add_argument("--peer-games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--callgrind", type=int, default=0, metavar="N")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--face", choices=("fast", "public"), default="fast")
    args = parser.parse_args(argv)
    if args.callgrind:
        make = fast_path if args.face == "fast" else public_face
        made = make(args.players)(args.callgrind, args.seed)
        print(f"{made} decisions")
        return 0
    tables: list[tuple[str, Playout, int]] = [
        (f"EOP {p}p fast path", fast_path(p), args.games) for p in (2, 4)
    ] + [(f"EOP {p}p public face", public_face(p), args.games) for p in (2, 4)]
    peer = openspiel()
    if peer is not None:
        tables.append(("OpenSpiel gin_rummy (clone)", peer, args.peer_games))
    rates: dict[str, list[float]] = {name: [] for name, _, _ in tables}
    for _ in range(args.rounds):
        for name, play, games in tables:
            start = time.process_time()
            decisions = play(games, args.seed)
            rates[name].append(decisions / (time.process_time() - start))
    spiel = statistics.median(rates[tables[-1][0]]) if peer is not None else None
    for name, found in rates.items():
        rate = statistics.median(found)
        ratio = f"  {rate / spiel:5.2f}× OpenSpiel" if spiel else ""
        print(f"{name:30} {rate:9.0f} decisions/s {1e6 / rate:7.1f} µs{ratio}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
