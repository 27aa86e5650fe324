"""Games per second of ``simulate``: one process, two processes, a local Dask cluster.

The same seeded games are played three ways, and the script checks that the
three summaries are equal (see benchmarks/README.md)::

    .venv/bin/python benchmarks/simulate.py                 # 200 games of 1400, 4 greedy bots
    .venv/bin/python benchmarks/simulate.py --repeat 3      # three rounds, medians
    .venv/bin/python benchmarks/simulate.py --games 40 --variant "EndOfThePage rounds=2"

``jobs=2`` is timed from the call, its pool's start included (``spawn``: two
fresh interpreters importing rummyrules). CPU seconds (this process and the
pool's workers; not measured on Dask) show the cost of the work apart from
what other programs on the machine take. The Dask cluster (two worker
processes, one thread each, on loopback) is started before the clock starts,
and its start-up is printed apart: a cluster is started once for many runs.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import os
import platform
import resource
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from rummyrules import PlayableRules, parse_rules, simulate
from rummyrules.simulation import Summary


def cpu_seconds() -> float:
    """CPU time of this process and of its children that have ended (a pool's workers)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def timed(run: Callable[[], Summary]) -> tuple[Summary, float, float]:
    """The summary, the wall-clock seconds it took and the CPU seconds."""
    start, cpu = time.perf_counter(), cpu_seconds()
    summary = run()
    return summary, time.perf_counter() - start, cpu_seconds() - cpu


def on_dask(
    rules: PlayableRules[Any], bots: Sequence[str], games: int, seed: int
) -> tuple[Summary, float, float]:
    """The summary on a local cluster of two worker processes; its time and the start-up's."""
    # Any: distributed ships type hints for part of its API only.
    distributed: Any = importlib.import_module("distributed")

    start = time.perf_counter()
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        started = time.perf_counter() - start
        summary, seconds, _ = timed(
            lambda: simulate(rules, bots, games=games, seed=seed, cluster=client)
        )
    return summary, seconds, started


def main(argv: Sequence[str] | None = None) -> int:
    """Play the games three ways, ``--repeat`` times round, and print games per second."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="FourteenHundred", help="a rules line")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", default="greedy", help="cycled round the table")
    parser.add_argument("--repeat", type=int, default=1, help="rounds of the three")
    args = parser.parse_args(argv)
    rules = parse_rules(args.variant)
    names = args.bots.split(",")
    bots = [names[seat % len(names)] for seat in range(rules.players)]
    print(
        f"{args.games} games of {args.variant}, bots {', '.join(bots)}, seed "
        f"{args.seed}; Python {platform.python_version()}, {os.cpu_count()} cores, "
        f"load average {os.getloadavg()[0]:.1f}"
    )

    labels = ("jobs=1", "jobs=2", "Dask, 2 local workers")
    times: dict[str, list[float]] = {label: [] for label in labels}
    cpu: dict[str, list[float]] = {label: [] for label in labels[:2]}
    summaries: list[Summary] = []
    starts: list[float] = []
    for _ in range(args.repeat):
        for jobs, label in zip((1, 2), labels, strict=False):
            run = functools.partial(
                simulate, rules, bots, games=args.games, seed=args.seed, jobs=jobs
            )
            summary, seconds, used = timed(run)
            summaries.append(summary)
            times[label].append(seconds)
            cpu[label].append(used)
        summary, seconds, started = on_dask(rules, bots, args.games, args.seed)
        summaries.append(summary)
        times[labels[2]].append(seconds)
        starts.append(started)

    base = statistics.median(times[labels[0]])
    print(
        f"{'how':<24}{'seconds':>9}{'games/s':>9}{'speed-up':>10}{'CPU s':>8}"
        "  (runs, s)"
    )
    for label in labels:
        seconds = statistics.median(times[label])
        runs = ", ".join(f"{each:.1f}" for each in times[label])
        cpu_text = f"{statistics.median(cpu[label]):.1f}" if label in cpu else "-"
        print(
            f"{label:<24}{seconds:>9.2f}{args.games / seconds:>9.1f}"
            f"{base / seconds:>9.2f}x{cpu_text:>8}  ({runs})"
        )
    print(
        f"(the Dask cluster took {statistics.median(starts):.2f} s to start, not counted)"
    )
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    same = all(summary == summaries[0] for summary in summaries)
    print("summaries equal:", same)
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
