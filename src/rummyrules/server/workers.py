"""Several worker processes on one listening socket, sharing their tables through PostgreSQL.

``rummyrules serve --workers N`` binds the socket once and starts ``N``
processes (each a uvicorn server with its own event loop) that accept on
it; the kernel spreads connections among them. Every worker reads and
writes the same database, and hears the others' changes through
PostgreSQL's ``LISTEN``/``NOTIFY`` (:mod:`rummyrules.server.postgres`), so
a move made through one reaches the WebSockets held by another. A worker
that dies is started again; Ctrl-C or SIGTERM stops them all.

>>> check_workers(2, "sqlite:///tables.sqlite3")
Traceback (most recent call last):
...
ValueError: several workers share their tables through PostgreSQL: give --database postgresql://...
"""

from __future__ import annotations

import multiprocessing
import signal
import socket
import time
from typing import Any

from rummyrules.server.databases import default_database
from rummyrules.server.limits import Limits
from rummyrules.server.running import run_server

__all__ = ["check_workers", "serve", "serve_workers"]


def check_workers(workers: int, database: str) -> None:
    """Refuse a number of workers the database cannot serve (SQLite: one).

    >>> check_workers(1, "sqlite:///x"), check_workers(4, "postgresql://db/games")
    (None, None)
    """
    if isinstance(workers, bool) or not isinstance(workers, int):
        raise TypeError(f"workers is a whole number, not {workers!r}")
    if workers < 1:
        raise ValueError(f"workers must be 1 or more, not {workers}")
    if workers > 1 and not database.startswith(("postgresql://", "postgres://")):
        message = (
            "several workers share their tables through PostgreSQL:"
            " give --database postgresql://..."
        )
        raise ValueError(message)


def _work(listener: socket.socket, options: dict[str, Any]) -> None:
    """One worker: a uvicorn server accepting on the shared socket."""
    # A child of spawn starts afresh: it builds its own app and protocols.
    run_server(sockets=[listener], **options)


def serve_workers(  # noqa: PLR0913 - the command line's options, passed on
    host: str,
    port: int,
    limits: Limits,
    *,
    database: str,
    workers: int,
    forwarded: str | None = None,
) -> None:  # pragma: no cover - runs until interrupted; tests run it as a command
    """Serve with ``workers`` processes until interrupted."""
    check_workers(workers, database)
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((host, port))
    listener.listen(limits.backlog)
    listener.set_inheritable(True)
    options = {
        "host": host,
        "port": port,
        "limits": limits,
        "database": database,
        "forwarded": forwarded,
    }
    context = multiprocessing.get_context("spawn")
    stopping = False

    def stop(_signal: int, _frame: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    processes = []
    for _ in range(workers):
        process = context.Process(target=_work, args=(listener, options))
        process.start()
        processes.append(process)
    try:
        while not stopping:
            time.sleep(0.5)
            for index, process in enumerate(processes):
                if not process.is_alive() and not stopping:
                    again = context.Process(target=_work, args=(listener, options))
                    again.start()
                    processes[index] = again
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.join(timeout=5)
        listener.close()


def serve(  # noqa: PLR0913 - the command line's options, passed on
    host: str = "127.0.0.1",
    port: int = 8000,
    limits: Limits | None = None,
    *,
    database: str | None = None,
    workers: int = 1,
    forwarded: str | None = None,
) -> None:  # pragma: no cover - runs until interrupted; tests run it as a command
    """Serve until interrupted (Ctrl-C): one process, or ``workers`` on PostgreSQL.

    ``database`` defaults to :func:`~rummyrules.server.databases.default_database`;
    ``forwarded`` lists the proxies (addresses, or ``*``) whose
    ``X-Forwarded-For`` names the client, for the per-address limits.
    """
    limits = limits or Limits()
    database = database or default_database()
    check_workers(workers, database)
    if workers > 1:
        serve_workers(
            host, port, limits, database=database, workers=workers, forwarded=forwarded
        )
        return
    run_server(
        host=host, port=port, limits=limits, database=database, forwarded=forwarded
    )
