"""Several worker processes on one listening socket, sharing their tables through PostgreSQL.

``rummyrules serve --workers N`` binds the socket once and starts ``N``
processes (each a uvicorn server with its own event loop) that accept on
it; the kernel spreads connections among them. Every worker reads and
writes the same database, and hears the others' changes through
PostgreSQL's ``LISTEN``/``NOTIFY`` (:mod:`rummyrules.server.postgres`), so
a move made through one reaches the WebSockets held by another. A worker
that dies is started again; Ctrl-C or SIGTERM stops them all, each as a
clean stop does (held long polls answered, no traceback).

A worker outlives no supervisor: the parent holds the writing end of a
pipe whose reading end each worker watches, and when the parent is gone
(even by ``kill -9``) the pipe ends and the worker stops as SIGTERM would
stop it. A pipe, rather than Linux's ``PR_SET_PDEATHSIG``, because it works
everywhere and cannot fire when only the thread that started the worker
ends.

>>> check_workers(2, "sqlite:///tables.sqlite3")
Traceback (most recent call last):
...
ValueError: several workers share their tables through PostgreSQL: give --database postgresql://...
"""

from __future__ import annotations

import contextlib
import errno
import logging
import multiprocessing
import os
import signal
import socket
import threading
import time
from multiprocessing.connection import Connection
from typing import Any

from rummyrules.server.databases import default_database
from rummyrules.server.limits import Limits
from rummyrules.server.proxies import forwarded_warning
from rummyrules.server.running import log_like_a_server, run_server

__all__ = ["check_workers", "listen", "serve", "serve_workers"]


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


def listen(host: str, port: int, backlog: int) -> socket.socket:
    """A socket listening on ``host`` and ``port``; OSError with one sentence when it cannot.

    >>> with listen("127.0.0.1", 0, 16) as first:
    ...     taken = first.getsockname()[1]
    ...     listen("127.0.0.1", taken, 16)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    OSError: cannot listen on 127.0.0.1:...: ... (is another server on that port?)
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((host, port))
        listener.listen(backlog)
    except OSError as error:
        listener.close()
        reason = error.strerror or str(error)
        hint = (
            " (is another server on that port?)"
            if error.errno == errno.EADDRINUSE
            else ""
        )
        message = f"cannot listen on {host}:{port}: {reason}{hint}"
        raise OSError(message) from None
    return listener


def _watch_parent(parent: Connection) -> None:
    """Stop this worker, as SIGTERM does, once the parent's end of the pipe is closed."""

    def watch() -> None:
        # The parent never writes: this ends, with EOFError, at its exit.
        with contextlib.suppress(EOFError, OSError):
            parent.recv_bytes()
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _work(listener: socket.socket, parent: Connection, options: dict[str, Any]) -> None:
    """One worker: a uvicorn server accepting on the shared socket."""
    # Ctrl-C reaches every process of the terminal's group: uvicorn stops on
    # it while it serves, and afterwards raises it again; ignored then, it
    # ends the worker quietly, without a KeyboardInterrupt traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _watch_parent(parent)
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
    listener: socket.socket | None = None,
) -> None:  # pragma: no cover - runs until interrupted; tests run it as a command
    """Serve with ``workers`` processes until interrupted."""
    check_workers(workers, database)
    listener = listener or listen(host, port, limits.backlog)
    listener.set_inheritable(True)
    options = {
        "host": host,
        "port": port,
        "limits": limits,
        "database": database,
        "forwarded": forwarded,
    }
    context = multiprocessing.get_context("spawn")
    # Only this process holds the writing end: the workers see it close.
    watched, held = context.Pipe(duplex=False)
    stopping = False

    def stop(_signal: int, _frame: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    processes = []
    for _ in range(workers):
        process = context.Process(target=_work, args=(listener, watched, options))
        process.start()
        processes.append(process)
    try:
        while not stopping:
            time.sleep(0.5)
            for index, process in enumerate(processes):
                if not process.is_alive() and not stopping:
                    again = context.Process(
                        target=_work, args=(listener, watched, options)
                    )
                    again.start()
                    processes[index] = again
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.join(timeout=5)
        held.close()
        listener.close()


def serve(  # noqa: PLR0913 - the command line's options, passed on
    host: str = "127.0.0.1",
    port: int = 8000,
    limits: Limits | None = None,
    *,
    database: str | None = None,
    workers: int = 1,
    forwarded: str | None = None,
    listener: socket.socket | None = None,
) -> None:  # pragma: no cover - runs until interrupted; tests run it as a command
    """Serve until interrupted (Ctrl-C): one process, or ``workers`` on PostgreSQL.

    ``database`` defaults to :func:`~rummyrules.server.databases.default_database`;
    ``forwarded`` lists the proxies (addresses, or ``*``) whose
    ``X-Forwarded-For`` names the client, for the per-address limits;
    ``listener`` is a socket :func:`listen` made (one is made without it).
    """
    limits = limits or Limits()
    database = database or default_database()
    check_workers(workers, database)
    listener = listener or listen(host, port, limits.backlog)
    warning = forwarded_warning(host, forwarded)
    if warning is not None:  # once, from this process, before any worker starts
        log_like_a_server()
        logging.getLogger("uvicorn.error").warning(warning)
    if workers > 1:
        serve_workers(
            host,
            port,
            limits,
            database=database,
            workers=workers,
            forwarded=forwarded,
            listener=listener,
        )
        return
    with listener:
        run_server(
            host=host,
            port=port,
            limits=limits,
            database=database,
            forwarded=forwarded,
            sockets=[listener],
        )
