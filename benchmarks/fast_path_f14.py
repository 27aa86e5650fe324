"""1400's fast path beside its turn machine and OpenSpiel's gin_rummy: CPU time a decision.

Random playouts of 1400 with 4 players over fixed seeded games, three ways:

- ``machine``: the turn machine alone (the rules without a core), as before
  issue 40: ``legal_moves`` and ``apply`` (``playout.one_decision``);
- ``public``: the same public face, ``legal_moves`` and ``apply``, now on
  1400's core;
- ``fast``: the fast path, ``legal_actions`` and ``apply_action``.

A decision lists the player's moves and every other player's claims of the
last discard (F14-12), chooses one uniformly and plays it, as
``benchmarks/README.md`` says. OpenSpiel's gin_rummy (if installed) runs
beside them, as in ``peers.py``. Each table starts with the library's memos
emptied; rounds are interleaved and the medians shown, with the collector on.

    PYTHONPATH=src python benchmarks/fast_path_f14.py --games 20 --rounds 3
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence

import attrs

from peer_modules import optional
from peer_playouts import openspiel_playout
from playout import forget_memos, one_decision
from rummyrules import FourteenHundred
from rummyrules.game.cores import Core


@attrs.frozen(kw_only=True, cache_hash=True)
class MachineOnly(FourteenHundred):
    """1400 played by its turn machine alone, as before it had a core."""

    @property
    def core(self) -> Core | None:
        """No core: the machine lists and plays every move."""
        return None


def fast_decisions(games: int, seed: int) -> int:
    """Play seeded games by actions: ``legal_actions`` and ``apply_action``."""
    rules = FourteenHundred(players=4)
    rng = random.Random(seed)
    decisions = 0
    for _ in range(games):
        game = rules.new_game(seed=rng.randrange(1 << 30))
        while True:
            actions = game.legal_actions()
            if not actions:
                break
            choices: list[tuple[int, int | None]] = [(a, None) for a in actions]
            for player in range(4):  # the claims out of turn (F14-12)
                choices += [(a, player) for a in game.legal_actions(player)]
            action, player = rng.choice(choices)
            game = game.apply_action(action, player=player)
            decisions += 1
    return decisions


def face_decisions(make: Callable[[], FourteenHundred]) -> Callable[[int, int], int]:
    """Play seeded games on the public face: ``legal_moves`` and ``apply``."""

    def run(games: int, seed: int) -> int:
        rules = make()
        rng = random.Random(seed)
        decisions = 0
        for _ in range(games):
            game = rules.new_game(seed=rng.randrange(1 << 30))
            while not game.is_over:
                game = one_decision(game, rng)
                decisions += 1
        return decisions

    return run


def main(argv: Sequence[str] | None = None) -> int:
    """Time each way, rounds interleaved; print microseconds a decision and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="1400 games a run")
    parser.add_argument("--peer-games", type=int, default=300, help="gin games")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    tables: dict[str, tuple[Callable[[int, int], int], int]] = {
        "1400 4p, machine": (
            face_decisions(lambda: MachineOnly(players=4)),
            args.games,
        ),
        "1400 4p, public face": (
            face_decisions(lambda: FourteenHundred(players=4)),
            args.games,
        ),
        "1400 4p, fast path": (fast_decisions, args.games),
    }
    pyspiel = optional("pyspiel")
    if pyspiel is not None:
        tables["OpenSpiel gin_rummy"] = (
            openspiel_playout(pyspiel, clone=False),
            args.peer_games,
        )
    rates: dict[str, list[float]] = {name: [] for name in tables}
    for _ in range(args.rounds):
        for name, (run, games) in tables.items():
            forget_memos()
            start = time.process_time()
            decisions = run(games, args.seed)
            rates[name].append(decisions / (time.process_time() - start))
    peer = statistics.median(rates.get("OpenSpiel gin_rummy") or [0.0])
    for name, found in rates.items():
        rate = statistics.median(found)
        ratio = f"  {rate / peer:.2f}x OpenSpiel" if peer else ""
        print(f"{name:24} {1e6 / rate:8.1f} us/decision {rate:10.0f}/s{ratio}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
