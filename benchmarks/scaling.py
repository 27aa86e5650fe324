"""How the cost of a decision grows: with the players at the table, and with the melds on it.

CPU time per decision (``time.process_time``, garbage collector paused) over a
fixed set of seeded games, so two runs of the same code play the same games
and can be compared on a busy machine. Every table starts with the library's
memos empty. A decision is what ``playout.py``
times: one ``legal_moves()`` (in 1400, every other player's claims as well),
one uniform choice, one ``apply``. Printed:

1. 1400 with 2 to 6 players (with its default decks, and with two decks at
   every size), and Going Out Rummy with 2 to 10 (7 cards, 4 WILDCARDs,
   ``drop`` left out of the choice): µs a decision, the moves listed a
   decision, and the ratio to the fewest players. The aim for 1400 is at most
   10 % more at 6 players than at 2.
2. End of the Page (4 players) and 1400 (4 players): µs a decision by the
   number of melds on the table when it was made (0, 1–2, 3–5, 6–9, 10+).

Run from the repository root::

    .venv/bin/python benchmarks/scaling.py            # 8 games a table
    .venv/bin/python benchmarks/scaling.py --games 20
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from playout import forget_memos, one_decision

from rummyrules import EndOfThePage, FourteenHundred, GoingOutRummy, PlayableRules

BUCKETS = ((0, 0), (1, 2), (3, 5), (6, 9), (10, 10_000))
"""Melds on the table, as ranges (first, last) that a decision falls in."""


def per_decision(
    rules: PlayableRules[Any], games: int, seed: int, bucket: Callable[[Any], int]
) -> tuple[dict[int, float], dict[int, int]]:
    """CPU seconds and decisions, by the bucket each decision's state is in."""
    forget_memos()
    rng = random.Random(seed)
    seconds: dict[int, float] = {}
    counts: dict[int, int] = {}
    clock = time.process_time
    gc.disable()
    try:
        for _ in range(games):
            game = rules.new_game(seed=rng.randrange(1 << 30))
            while not game.is_over:
                key = bucket(game)
                start = clock()
                game = one_decision(game, rng)
                seconds[key] = seconds.get(key, 0.0) + clock() - start
                counts[key] = counts.get(key, 0) + 1
    finally:
        gc.enable()
    return seconds, counts


def moves_per_decision(rules: PlayableRules[Any], games: int, seed: int) -> float:
    """The moves the player to move has a decision, on average, in the same games."""
    rng = random.Random(seed)
    moves = decisions = 0
    for _ in range(games):
        game = rules.new_game(seed=rng.randrange(1 << 30))
        while not game.is_over:
            moves += len(game.legal_moves())
            decisions += 1
            game = one_decision(game, rng)
    return moves / decisions


def by_players(games: int, seed: int) -> None:
    """Section 1: µs a decision against the number of players."""
    print("1. µs of CPU a decision, by players at the table")
    tables: list[tuple[str, Callable[[int], PlayableRules[Any]], range]] = [
        ("1400", lambda n: FourteenHundred(players=n), range(2, 7)),
        # By default 2 and 3 players share one deck, 4 to 6 two (F14-R1): more
        # copies and wilds make more moves a decision. The same two decks at
        # every table size show what the players alone cost.
        ("1400, two decks", lambda n: FourteenHundred(players=n, decks=2), range(2, 7)),
        (
            "Going Out",
            lambda n: GoingOutRummy(players=n, hand_size=7, wildcards=4),
            range(2, 11),
        ),
    ]
    for name, make, players in tables:
        first = None
        for count in players:
            seconds, counts = per_decision(make(count), games, seed, lambda _: 0)
            cost = seconds[0] / counts[0] * 1e6
            moves = moves_per_decision(make(count), games, seed)
            first = first or cost
            print(
                f"   {name}, {count:>2} players: {cost:7.1f} µs  "
                f"({cost / first:4.2f}× {players[0]} players; "
                f"{moves:4.1f} moves a decision; {counts[0]:,} decisions)"
            )


def by_melds(games: int, seed: int) -> None:
    """Section 2: µs a decision against the melds on the table."""
    print("2. µs of CPU a decision, by melds on the table")

    def bucket(state: Any) -> int:
        melds = len(state.melds)
        return next(i for i, (low, high) in enumerate(BUCKETS) if low <= melds <= high)

    for name, rules in (
        ("End of the Page, 4 players", EndOfThePage(players=4)),
        ("1400, 4 players", FourteenHundred(players=4)),
    ):
        seconds, counts = per_decision(rules, games, seed, bucket)
        cells = []
        for i, (low, high) in enumerate(BUCKETS):
            label = (
                f"{low}" if low == high else f"{low}+" if high > 99 else f"{low}-{high}"
            )
            if counts.get(i):
                cost = seconds[i] / counts[i] * 1e6
                cells.append(f"{label}: {cost:.1f} ({counts[i]:,})")
        print(f"   {name}: " + ", ".join(cells))


def main(argv: Sequence[str] | None = None) -> int:
    """Print both sections."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="seeded games a table")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals")
    args = parser.parse_args(argv)
    print(
        f"rummyrules cost per decision; CPython {platform.python_version()}, "
        f"{platform.system()} {platform.machine()}; {args.games} games a table, "
        f"seed {args.seed}, garbage collector paused"
    )
    by_players(args.games, args.seed)
    by_melds(args.games, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
