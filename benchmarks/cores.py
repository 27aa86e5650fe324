"""The games' integer cores timed: the public face and the fast path (issue 40).

Each table of ``peers.py`` plays its fixed seeded random games two ways,
the same choices each way (the same place in the listing:
``playout.one_decision`` and ``playout.one_action``), so the same games:

- **public face**: ``legal_moves`` + ``apply``, on the game's core;
- **fast path**: ``legal_actions`` + ``apply_action``, on the core;

and OpenSpiel's C++ ``gin_rummy`` (a new state a game) in the same run, where
installed. Every run starts from the library's memos emptied
(``playout.forget_memos``) and plays long enough to fill them; the collector
is on; CPU seconds (:func:`time.process_time`); the rounds interleaved, table
after table and way after way; the figures are the medians. It prints µs a
decision, each core way's rate over OpenSpiel's and the aims of issue 40::

    python benchmarks/cores.py                         # about 2 minutes
    python benchmarks/cores.py --tables eop2 gin --rounds 1 --games 10

``--callgrind`` counts instructions a decision for one table and one way
under ``valgrind --tool=callgrind`` instead: the same command with no games
is run too, and its count (start-up, imports) taken off::

    python benchmarks/cores.py --callgrind --tables eop2 --way fast --games 2
"""

from __future__ import annotations

import argparse
import gc
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from peer_modules import optional, version_of
from peer_playouts import GAMES, PEER_GAMES, Playout, openspiel_playout, playout
from playout import TABLES, forget_memos

SHORT = {
    "eop2": "End of the Page, 2 players",
    "eop4": "End of the Page, 4 players",
    "f14": "1400, 4 players",
    "gor": "Going Out, 4 players",
    "gin": "Gin Rummy, 2 players",
}
"""The tables, by the short names ``--tables`` takes."""
AIMS = {
    "eop2": (1.5, 2.5),
    "eop4": (1.2, 2.0),
    "f14": (1.0, 1.5),
    "gor": (1.5, 2.5),
    "gin": (1.5, 2.5),
}
"""Issue 40's aims, × OpenSpiel (a new state a game): the public face's, the fast path's."""
WAYS = ("public", "fast")


def way_of(table: str, way: str) -> Playout:
    """The seeded games of a table (a short name), played one way."""
    return playout(TABLES[SHORT[table]], fast=way == "fast")


def timed(play: Playout, games: int, seed: int) -> tuple[int, float]:
    """Decisions made and CPU µs a decision of one run, from memos emptied, the collector on."""
    forget_memos()
    gc.collect()
    start = time.process_time()
    decisions = play(games, seed)
    return decisions, (time.process_time() - start) * 1e6 / max(decisions, 1)


def measure(args: argparse.Namespace) -> int:
    """The interleaved rounds, then the table of µs a decision and the aims."""
    pyspiel = optional("pyspiel")
    runs: dict[tuple[str, str], list[float]] = {}
    made: dict[tuple[str, str], int] = {}
    for _ in range(args.rounds):
        for table in args.tables:
            for way in WAYS:
                games = args.games or GAMES[SHORT[table]]
                made[table, way], us = timed(way_of(table, way), games, args.seed)
                runs.setdefault((table, way), []).append(us)
        if pyspiel is not None:
            play = openspiel_playout(pyspiel, clone=False)
            _, us = timed(play, args.peer_games, args.seed)
            runs.setdefault(("spiel", ""), []).append(us)
    us_of = {key: statistics.median(found) for key, found in runs.items()}
    spiel = us_of.get(("spiel", ""))
    print(
        f"µs a decision (CPU, collector on), medians of {args.rounds} interleaved "
        f"round(s), seed {args.seed}; × OpenSpiel: its µs over ours"
    )
    print(
        f"{'table':28}{'decisions':>10}{'public':>9}{'fast':>9}"
        f"{'× OS public':>13}{'× OS fast':>11}"
    )
    verdicts = []
    for table in args.tables:
        counts = {made[table, way] for way in WAYS}
        if len(counts) != 1:  # not the same games: the comparison means nothing
            raise SystemExit(f"{SHORT[table]}: the ways made {counts} decisions")
        public, fast = (us_of[table, way] for way in WAYS)
        line = f"{SHORT[table]:28}{counts.pop():>10,}{public:>9.1f}{fast:>9.1f}"
        if spiel is None:
            print(line)
            continue
        print(f"{line}{spiel / public:>13.2f}{spiel / fast:>11.2f}")
        for name, us, aim in zip(
            ("public face", "fast path"), (public, fast), AIMS[table], strict=True
        ):
            met = "met" if spiel / us >= aim else "MISSED"
            verdicts.append(
                f"  {SHORT[table]}, {name}: {spiel / us:.2f}× ≥ {aim:g}×: {met}"
            )
    if spiel is None:
        print(
            "OpenSpiel is not installed (pip install -e '.[peers]'): no ratios, no aims"
        )
        return 0
    print(
        f"{'OpenSpiel gin_rummy, new state':28}{'':>10}{spiel:>9.1f}"
        f"   ({args.peer_games} games, open_spiel {version_of('open_spiel')})"
    )
    print("Issue 40's aims, × OpenSpiel:", *verdicts, sep="\n")
    return 0


def instructions(table: str, way: str, games: int, seed: int) -> int:
    """Instructions callgrind counts in a process playing ``games`` games one way."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
        command += [
            sys.executable,
            __file__,
            "--play",
            table,
            way,
            str(games),
            str(seed),
        ]
        subprocess.run(command, check=True, capture_output=True)  # noqa: S603  # our own command
        found = re.search(r"^(?:summary|totals): (\d+)", out.read_text(), re.MULTILINE)
    if found is None:
        raise SystemExit(
            f"no instruction count in callgrind's output for {table} {way}"
        )
    return int(found.group(1))


def callgrind(args: argparse.Namespace) -> int:
    """Instructions a decision of one table one way: the games' count less none's."""
    if len(args.tables) != 1:
        raise SystemExit("--callgrind times one table: give one to --tables")
    table, games = args.tables[0], args.games or 2
    decisions = way_of(table, args.way)(
        games, args.seed
    )  # the same games, counted here
    played = instructions(table, args.way, games, args.seed)
    baseline = instructions(table, args.way, 0, args.seed)
    print(
        f"{SHORT[table]}, {args.way}: {games} games, {decisions:,} decisions, "
        f"{(played - baseline) / max(decisions, 1):,.0f} instructions a decision"
    )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Time the tables, or count one table's instructions with ``--callgrind``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", nargs="+", choices=SHORT, default=list(SHORT))
    parser.add_argument("--games", type=int, help="games a run (default: peers.py's)")
    parser.add_argument("--peer-games", type=int, default=PEER_GAMES)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--callgrind", action="store_true")
    parser.add_argument("--way", choices=WAYS, default="fast", help="for --callgrind")
    parser.add_argument("--play", nargs=4, help=argparse.SUPPRESS)  # callgrind's child
    args = parser.parse_args(argv)
    if args.play:
        table, way, games, seed = args.play
        way_of(table, way)(int(games), int(seed))
        return 0
    run: Callable[[argparse.Namespace], int] = callgrind if args.callgrind else measure
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
