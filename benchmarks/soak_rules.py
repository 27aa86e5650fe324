"""Random play of every game with the rules' properties checked at every state.

Each game is played from seeded deals by random legal moves, claims and
drops out of turn included, and at every state:

- ALL-2: a game not over has a legal move, and every listed move applies;
- ALL-2 again, against rewrites: listed moves written another way (wilds
  the other way round, cards reordered, a declaration dropped or changed,
  ``tests/rewrites.py``) are refused, or lead where a listed move leads (a
  going out may lay its cards as the player likes, GOR-7);
- saves: ``loads(dumps(state)) == state`` and the position text reads back
  to the same state.

It prints what it checked, by game, and exits 1 on the first failure::

    python benchmarks/soak_rules.py --games 200
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from rewrites import declares, rewritten  # tests/rewrites.py, on the path just set
from rummyrules import (
    Drop,
    EndOfThePage,
    FourteenHundred,
    GameState,
    GinRummy,
    GoingOutRummy,
    GoOut,
    IllegalMoveError,
    PlayableRules,
    dumps,
    loads,
    read_position,
)

TABLES: list[PlayableRules[Any]] = [
    EndOfThePage(players=2, rounds=2),
    EndOfThePage(players=4, rounds=1, discard_taken_card=False),
    FourteenHundred(players=2, target=400),
    FourteenHundred(players=4, target=300, lay_off_needs_meld=True),
    GoingOutRummy(players=2, max_turns=200),
    GoingOutRummy(players=4, wildcards=3, max_turns=200),
    GinRummy(),
]
"""The games and options played."""

REWRITES = 3
"""Listed moves rewritten at a state: those declaring most wilds."""


def listed_everywhere(game: GameState) -> list[Any]:
    """The moves of the player to move, then those others may make out of turn."""
    others = [p for p in range(game.players) if p != game.to_move]
    return [
        *game.legal_moves(),
        *(move for player in others for move in game.legal_moves(player=player)),
    ]


def check_state(
    game: GameState, rng: random.Random, counts: dict[str, int]
) -> list[Any]:
    """Check one state; its listed moves."""
    listed = listed_everywhere(game)
    if not game.is_over and not listed:
        raise AssertionError(f"no legal move (ALL-2):\n{game.position()}")
    if loads(dumps(game)) != game:
        raise AssertionError(f"loads(dumps(state)) differs:\n{game.position()}")
    if read_position(game.position()) != game:
        raise AssertionError(f"the position reads back otherwise:\n{game.position()}")
    counts["states"] += 1
    leads = None
    for move in sorted(listed, key=declares, reverse=True)[:REWRITES]:
        attempt = rewritten(move, rng)
        counts["rewrites"] += 1
        try:
            after = game.apply(attempt)
        except IllegalMoveError:
            counts["refused"] += 1
            continue
        if after == game.apply(move) or isinstance(attempt, GoOut):
            counts["as listed"] += 1
            continue
        leads = leads or [game.apply(other) for other in listed]
        if after not in leads:
            raise AssertionError(
                f"{attempt} accepted, leading nowhere listed:\n{game.position()}"
            )
        counts["as listed"] += 1
    return listed


def main() -> int:
    """Play, check and print the counts."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument(
        "--games", type=int, default=50, help="games a table (default 50)"
    )
    parser.add_argument("--seed", type=int, default=0, help="the first deal's seed")
    args = parser.parse_args()
    print(
        f"{'table':<32} {'games':>6} {'moves':>8} {'states':>8} {'rewrites':>9} {'refused':>8} {'CPU s':>7}"
    )
    for rules in TABLES:
        counts = dict.fromkeys(
            ["moves", "states", "rewrites", "refused", "as listed"], 0
        )
        started = time.process_time()
        for number in range(args.games):
            seed = args.seed + number
            rng = random.Random(seed)
            game = rules.new_game(seed=seed)
            while True:
                listed = check_state(game, rng, counts)
                if game.is_over:
                    break
                # Mostly the player to move, and seldom a drop: random drops
                # would end most games of Going Out Rummy at once (GOR-10).
                own = [m for m in game.legal_moves() if not isinstance(m, Drop)]
                pool = own if own and rng.random() < 0.98 else listed
                game = game.apply(rng.choice(pool))
                counts["moves"] += 1
        spent = time.process_time() - started
        name = f"{type(rules).__name__}, {rules.players} players"
        print(
            f"{name:<32} {args.games:>6} {counts['moves']:>8} {counts['states']:>8} "
            f"{counts['rewrites']:>9} {counts['refused']:>8} {spent:>7.1f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
