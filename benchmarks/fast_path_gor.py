"""Going Out Rummy's integer core against its turn machine, and beside OpenSpiel (issue 40).

Random playouts of the "Going Out, 4 players" table of ``playout.py``
(four players, seven cards, four WILDCARDs), CPU time a decision with the
garbage collector on, four ways:

- *fast path*: ``legal_actions()``, one uniform choice, ``apply_action()``;
- *public face*: ``legal_moves()``, one uniform choice, ``apply()``
  (``playout.one_decision``);

each on the integer core (``GoingOutRummy.core``) and on the turn machine
(the core switched off for the run: the state then plays on the machine, as
before issue 40). ``drop`` is left out of the choice, as ``playout.py`` does.
Both ways play the same seeded games: the core lists the machine's moves in
the machine's order. With OpenSpiel installed, its C++ ``gin_rummy`` is timed
in the same rounds (``peer_playouts.openspiel_playout``) and each rate is
given as a ratio to it. The rounds are interleaved; the figures are medians.

    python benchmarks/fast_path_gor.py --games 30 --rounds 3
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from peer_modules import optional
from peer_playouts import openspiel_playout
from playout import TABLES, forget_memos, one_decision

from rummyrules import GoingOutRummy
from rummyrules.games.going_out.core.listing import DROP

TABLE = "Going Out, 4 players"
Playout = Callable[[int, int], int]


def _no_core(rules: object) -> None:
    """No core, whatever the rules: the state plays on its turn machine."""
    del rules


@contextlib.contextmanager
def machine_only() -> Iterator[None]:
    """The core switched off: every state plays on the turn machine, as before issue 40."""
    core = GoingOutRummy.core
    GoingOutRummy.core = property(_no_core)  # type: ignore[assignment,method-assign]  # a benchmark's switch, put back at once
    try:
        yield
    finally:
        GoingOutRummy.core = core  # type: ignore[method-assign]  # the property, put back


def public_face(games: int, seed: int) -> int:
    """Play seeded games by ``legal_moves`` and ``apply``; the decisions made."""
    rules = TABLES[TABLE]()
    rng = random.Random(seed)
    decisions = 0
    for _ in range(games):
        game = rules.new_game(seed=rng.randrange(1 << 30))
        while not game.is_over:
            game = one_decision(game, rng)
            decisions += 1
    return decisions


def fast_path(games: int, seed: int) -> int:
    """Play seeded games by ``legal_actions`` and ``apply_action``, ``drop`` left out."""
    rules = TABLES[TABLE]()
    on_core = rules.core is not None
    rng = random.Random(seed)
    decisions = 0
    for _ in range(games):
        game = rules.new_game(seed=rng.randrange(1 << 30))
        # A game over lists no action: the loop reads no field of the state,
        # which a state the core made would work out (OpenSpiel's is_terminal).
        while actions := game.legal_actions():
            if on_core:
                choice = [action for action in actions if action != DROP]
            else:  # the machine lists drop last, its action its place
                choice = list(actions[:-1])
            game = game.apply_action(rng.choice(choice or actions))
            decisions += 1
    return decisions


def timed(play: Playout, games: int, seed: int, *, machine: bool) -> float:
    """Decisions per CPU second of one run, from memos emptied, the collector on."""
    forget_memos()
    gc.collect()
    with machine_only() if machine else contextlib.nullcontext():
        start = time.process_time()
        decisions = play(games, seed)
        spent = time.process_time() - start
    return decisions / spent


def main(argv: Sequence[str] | None = None) -> int:
    """Time the four ways and OpenSpiel, round after round; print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="games a run")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--peer-games", type=int, default=1000)
    args = parser.parse_args(argv)
    ways: dict[str, Callable[[], float]] = {
        "fast path, machine": lambda: timed(
            fast_path, args.games, args.seed, machine=True
        ),
        "fast path, core": lambda: timed(
            fast_path, args.games, args.seed, machine=False
        ),
        "public face, machine": lambda: timed(
            public_face, args.games, args.seed, machine=True
        ),
        "public face, core": lambda: timed(
            public_face, args.games, args.seed, machine=False
        ),
    }
    pyspiel: Any = optional("pyspiel")
    if pyspiel is not None:
        peer = openspiel_playout(pyspiel, clone=False)
        ways["OpenSpiel gin_rummy"] = lambda: timed(
            peer, args.peer_games, args.seed, machine=False
        )
    rates: dict[str, list[float]] = {name: [] for name in ways}
    for _ in range(args.rounds):
        for name, run in ways.items():
            rates[name].append(run())
    peer_rate = statistics.median(rates.get("OpenSpiel gin_rummy", [0.0]))
    print(f"{TABLE}: {args.games} games a run, median of {args.rounds} rounds")
    for name, found in rates.items():
        rate = statistics.median(found)
        ratio = f"  {rate / peer_rate:5.2f}x OpenSpiel" if peer_rate else ""
        print(f"{name:22} {rate:9,.0f} decisions/s {1e6 / rate:7.2f} us{ratio}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
