"""Running the server on uvicorn: in the foreground (``rummyrules serve``) or in a thread.

Both use the same uvicorn configuration: the guarded protocols of
:mod:`rummyrules.server.protocol`, the listen backlog, the concurrency limit,
the keep-alive timeout and the WebSocket pings of
:class:`~rummyrules.server.limits.Limits`, and the plain asyncio event loop. Seat tokens sent as ``?token=`` are
masked in the access log.

>>> config = make_config(create_app(), "127.0.0.1", 0, Limits(backlog=64))
>>> config.backlog, config.timeout_keep_alive, config.ws_ping_interval
(64, 5, 20.0)
"""

from __future__ import annotations

import contextlib
import logging
import re
import socket
import threading
import time
from collections.abc import Iterator

import uvicorn
from starlette.applications import Starlette

from rummyrules.server.app import create_app
from rummyrules.server.limits import Limits
from rummyrules.server.protocol import guarded_protocols

__all__ = ["TokenMask", "make_config", "running", "serve"]


class TokenMask(logging.Filter):
    """Masks ``token=...`` in log records, so a log never holds a seat's password.

    >>> record = logging.LogRecord(
    ...     "x", 20, "", 0, "%s", ("/view?token=abc&since=1",), None
    ... )
    >>> TokenMask().filter(record), record.args
    (True, ('/view?token=***&since=1',))
    """

    def filter(self, record: logging.LogRecord) -> bool:
        """Mask the record's arguments; keep every record."""
        if isinstance(record.args, tuple):
            record.args = tuple(
                re.sub(r"token=[^&\s]+", "token=***", arg)
                if isinstance(arg, str)
                else arg
                for arg in record.args
            )
        return True


def make_config(
    app: Starlette,
    host: str,
    port: int,
    limits: Limits,
    *,
    log: bool = False,
) -> uvicorn.Config:
    """The uvicorn configuration of the app, with the limits' bounds.

    With ``log``, uvicorn logs every request (tokens masked); without it,
    only warnings.

    >>> make_config(create_app(), "127.0.0.1", 8000, Limits()).limit_concurrency
    1000
    """
    http, ws = guarded_protocols(limits)
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        http=http,
        ws=ws,
        loop="asyncio",
        lifespan="on",
        backlog=limits.backlog,
        limit_concurrency=limits.max_connections,
        timeout_keep_alive=max(1, round(limits.keep_alive)),
        timeout_graceful_shutdown=2,
        ws_max_size=limits.max_body,
        ws_ping_interval=limits.ping_interval,
        ws_ping_timeout=limits.ping_timeout,
        log_level="info" if log else "warning",
        access_log=log,
        server_header=False,
    )


def serve(
    host: str = "127.0.0.1", port: int = 8000, limits: Limits | None = None
) -> None:  # pragma: no cover - runs until interrupted; tests use running()
    """Serve until interrupted (Ctrl-C), logging each request with tokens masked."""
    limits = limits or Limits()
    config = make_config(create_app(limits), host, port, limits, log=True)
    server = uvicorn.Server(config)
    logging.getLogger("uvicorn.access").addFilter(TokenMask())
    server.run()


@contextlib.contextmanager
def running(
    app: Starlette | None = None,
    *,
    limits: Limits | None = None,
    host: str = "127.0.0.1",
    startup: float = 10.0,
) -> Iterator[str]:
    """Serve in a background thread on a free port; yields the base URL, stops on exit.

    For tests and benchmarks: the socket is bound before the thread starts,
    so the URL is known at once and nothing else can take the port
    (tests/server/test_bounds.py starts its servers this way)::

        with running(limits=Limits(header_timeout=0.5)) as url:
            urllib.request.urlopen(url + "/api/games")
    """
    limits = limits or Limits()
    app = app or create_app(limits)
    listener = socket.socket(
        socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM
    )
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((host, 0))
    port = listener.getsockname()[1]
    server = uvicorn.Server(make_config(app, host, port, limits))
    thread = threading.Thread(
        target=server.run, kwargs={"sockets": [listener]}, daemon=True
    )
    thread.start()
    deadline = time.monotonic() + startup
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            listener.close()
            message = "the server did not start: see its log"
            raise RuntimeError(message)
        time.sleep(0.01)
    try:
        yield f"http://{host}:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=startup)
        listener.close()
