"""Chunks of games played on a Dask cluster (the optional extra ``rummyrules[cluster]``).

The cluster is given as a ``distributed.Client``, a Dask cluster object (a
``LocalCluster``, a ``dask_jobqueue.SLURMCluster``…) or a scheduler's
address. Its workers need ``rummyrules`` and every bot's module installed
(or sent with ``client.upload_file``).

>>> play_on_cluster.__name__
'play_on_cluster'
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from .games import Chunk, GameOutcome, play_chunk

__all__ = ["play_on_cluster"]


def _distributed() -> Any:
    """Dask's ``distributed``, imported when first needed (it is an optional extra).

    Typed as Any: ``distributed`` ships type hints for part of its API only,
    and this module is the one place the library touches it.
    """
    try:
        return importlib.import_module("distributed")
    except ModuleNotFoundError as error:
        message = (
            "simulating on a cluster needs Dask: pip install 'rummyrules[cluster]'"
        )
        raise ImportError(message) from error


@contextlib.contextmanager
def _client(cluster: object) -> Iterator[Any]:
    """A client of the cluster: the one given, or one opened here and closed after."""
    # Only a scheduler's address can be given without Dask installed, so any
    # other wrong type is told as a TypeError, with or without Dask.
    kinds: tuple[type, ...] = (str,)
    if not isinstance(cluster, str):
        with contextlib.suppress(ImportError):
            distributed = _distributed()
            kinds = (str, distributed.Client, distributed.deploy.Cluster)
    if not isinstance(cluster, kinds):
        message = (
            "cluster= takes a distributed.Client, a Dask cluster or a scheduler "
            f"address, not {type(cluster).__name__}"
        )
        raise TypeError(message)
    distributed = _distributed()
    if isinstance(cluster, distributed.Client):
        yield cluster
        return
    with distributed.Client(cluster) as client:
        yield client


def play_on_cluster(
    cluster: object,
    tasks: Sequence[Chunk],
    progress: Callable[[int], object],
) -> list[tuple[GameOutcome, ...]]:
    """Play every chunk on the cluster; their outcomes in chunk order.

    ``progress`` is told how many games are done as each chunk comes back.
    On an error the chunks not yet played are cancelled and the error
    raised.

    >>> play_on_cluster(42, [], print)
    Traceback (most recent call last):
    ...
    TypeError: cluster= takes a distributed.Client, a Dask cluster or a scheduler address, not int
    """
    with _client(cluster) as client:
        # pure=False: every chunk is new work; hashing its rules and bots
        # to find it among earlier results would cost and find nothing.
        futures = client.map(play_chunk, tasks, pure=False)
        place = {future.key: number for number, future in enumerate(futures)}
        results: list[tuple[GameOutcome, ...] | None] = [None] * len(tasks)
        done = 0
        try:
            for future in _distributed().as_completed(futures):
                outcomes: tuple[GameOutcome, ...] = future.result()
                results[place[future.key]] = outcomes
                done += len(outcomes)
                progress(done)
        finally:
            client.cancel(futures)
    return [outcomes for outcomes in results if outcomes is not None]
