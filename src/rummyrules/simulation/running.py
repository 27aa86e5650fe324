"""``simulate``: many seeded games among bots, in this process, on every core or on a cluster.

The games are cut into chunks of a fixed size
(:data:`~rummyrules.simulation.games.CHUNK_GAMES`), whatever the number of
workers; each game is dealt and its bots seeded from the simulation's seed
and the game's number alone; and the outcomes are put back in game order
before they are summed up. So the summary is the same for any ``jobs``, and
on a cluster.

>>> from rummyrules import GoingOutRummy
>>> summary = simulate(
...     GoingOutRummy(max_turns=20), ["greedy", "random"], games=5, seed=2
... )
>>> summary.games, summary.bots
(5, ('greedy', 'random'))
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
from collections.abc import Callable, Sequence
from typing import Any

from rummyrules.core.errors import OptionError
from rummyrules.game.state import PlayableRules

from .cluster import play_on_cluster
from .games import Chunk, GameOutcome, chunks, play_chunk, play_one
from .seating import BotSpec, bot_factory, bot_name
from .summary import Summary, summarize

__all__ = ["simulate", "worker_count"]

Progress = Callable[[int, int], object]


def worker_count(jobs: int) -> int:
    """How many processes ``jobs`` asks for: itself, or with 0 every core this process may use.

    >>> worker_count(3)
    3
    >>> worker_count(0) >= 1
    True
    >>> worker_count(-1)
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: jobs must be 0 (every core) or more, not -1
    """
    if jobs < 0:
        message = f"jobs must be 0 (every core) or more, not {jobs}"
        raise OptionError(message)
    if jobs:
        return jobs
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def simulate(  # noqa: PLR0913 - the run's every setting, by keyword
    rules: PlayableRules[Any],
    bots: Sequence[BotSpec],
    *,
    games: int = 100,
    seed: int = 0,
    jobs: int = 1,
    progress: Progress | None = None,
    records: bool = False,
    cluster: object = None,
    max_moves: int = 1_000_000,
    duplicate: bool = False,
) -> Summary:
    """Play ``games`` seeded games among bots and sum them up.

    Args:
        rules: The rules of every game.
        bots: One bot per seat: a name (``"greedy"``, ``"random"``), an
            import path (``"mybots:CleverBot"``) or a factory (a bot class,
            or any callable taking ``seed=``). Each game gets fresh bots,
            the bot in seat ``k`` of game ``i`` made with
            ``seed=bot_seed(seed, i, k)``.
        games: How many games; with ``duplicate``, how many deals.
        seed: The simulation's seed; game ``i`` is dealt from
            ``game_seed(seed, i)`` (deal ``i``, with ``duplicate``).
        jobs: How many processes play: 1 plays in this process, ``N`` in a
            pool of ``N`` worker processes, 0 on every core.
        progress: Called as ``progress(done, total)`` as games finish: after
            every game in this process, after every chunk of games
            elsewhere, the last time with ``done == total``.
        records: Whether to keep every game's record in the summary.
        cluster: A Dask cluster to play on instead (extra
            ``rummyrules[cluster]``): a ``distributed.Client``, a cluster
            object or a scheduler's address; ``jobs`` is then left at 1.
        max_moves: Where a game among bots that never end it is given up,
            with an :class:`~rummyrules.OptionError`.
        duplicate: Play each deal once per rotation of the seats, ``n``
            games for ``n`` seats, so that every bot plays every seat's
            cards; the summary's ``duplicate`` then has each bot's wins,
            mean score and paired margin (:doc:`simulations`). Game
            ``g`` is rotation ``g % n`` of deal ``g // n``: dealt from
            ``game_seed(seed, g // n)``, bot ``b`` in seat
            ``(b + g) % n``, the bot in seat ``k`` made with
            ``seed=bot_seed(seed, g // n, k)``. ``progress`` and
            ``records`` count games, not deals.

    Worker processes are started with ``spawn``: a fresh interpreter that
    imports what it needs, on every system alike. ``fork`` would copy this
    process as it is, threads' locks included (a progress bar's, a Dask
    client's), which can leave a worker stuck. Factories are sent to
    workers by reference, so they must be importable there (a lambda is
    not); names and import paths are resolved in each worker.

    >>> from rummyrules import EndOfThePage
    >>> summary = simulate(
    ...     EndOfThePage(rounds=1), ["greedy", "random"], games=6, seed=1, records=True
    ... )
    >>> [seat.bot for seat in summary.seats], len(summary.records or ())
    (['greedy', 'random'], 6)
    >>> summary.moves.min <= summary.moves.mean <= summary.moves.max
    True
    >>> summary = simulate(
    ...     EndOfThePage(rounds=1), ["greedy", "random"], games=3, duplicate=True
    ... )
    >>> summary.games, [bot.bot for bot in summary.duplicate.bots]
    (6, ['greedy', 'random'])
    """
    if games < 1:
        message = f"a simulation needs at least 1 game, not {games}"
        raise OptionError(message)
    players = rules.players
    if len(bots) != players:
        message = f"a game of {players} players needs {players} bots, not {len(bots)}"
        raise OptionError(message)
    for spec in bots:
        bot_factory(spec)  # a bad spec is refused here, not in every worker
    workers = worker_count(jobs)
    played = games * players if duplicate else games
    if cluster is not None and jobs != 1:
        message = "give jobs or cluster, not both: a cluster's workers play its games"
        raise OptionError(message)
    tasks = chunks(
        rules,
        tuple(bots),
        seed=seed,
        games=played,
        records=records,
        max_moves=max_moves,
        duplicate=duplicate,
    )

    def done(count: int) -> None:
        if progress is not None:
            progress(count, played)

    if cluster is not None:
        parts = play_on_cluster(cluster, tasks, done)
        outcomes = [outcome for part in parts for outcome in part]
    elif workers == 1:
        outcomes = []
        for task in tasks:
            for index in range(task.start, task.stop):
                outcomes.append(play_one(task, index))
                done(len(outcomes))
    else:
        parts = _play_in_processes(tasks, min(workers, len(tasks)), done)
        outcomes = [outcome for part in parts for outcome in part]
    names = [bot_name(spec) for spec in bots]
    return summarize(rules, names, seed, outcomes, records=records, duplicate=duplicate)


def _play_in_processes(
    tasks: Sequence[Chunk], workers: int, progress: Callable[[int], object]
) -> list[tuple[GameOutcome, ...]]:
    results: list[tuple[GameOutcome, ...] | None] = [None] * len(tasks)
    pool = concurrent.futures.ProcessPoolExecutor(
        max_workers=workers, mp_context=multiprocessing.get_context("spawn")
    )
    try:
        futures = {pool.submit(play_chunk, task): n for n, task in enumerate(tasks)}
        done = 0
        for future in concurrent.futures.as_completed(futures):
            outcomes = future.result()
            results[futures[future]] = outcomes
            done += len(outcomes)
            progress(done)
    finally:
        # On an error (or Ctrl-C) the chunks not yet started are dropped.
        pool.shutdown(wait=True, cancel_futures=True)
    return [outcomes for outcomes in results if outcomes is not None]
