"""Running the server on uvicorn: in the foreground (``rummyrules serve``) or in a thread.

Both use the same uvicorn configuration: the guarded protocols of
:mod:`rummyrules.server.protocol`, the request rates of
:mod:`rummyrules.server.rates`, the listen backlog, the concurrency limit,
the keep-alive timeout and the WebSocket pings of
:class:`~rummyrules.server.limits.Limits`, and the plain asyncio event loop.
Seat tokens are masked in every line uvicorn's loggers write
(:class:`TokenMask`).

>>> config = make_config(create_app(), "127.0.0.1", 0, Limits(backlog=64))
>>> config.backlog, config.timeout_keep_alive, config.ws_ping_interval
(64, 5, 20.0)
"""

from __future__ import annotations

import contextlib
import logging
import logging.config
import re
import socket
import threading
import time
from collections.abc import Iterator

import uvicorn
import uvicorn.config
from starlette.applications import Starlette

from rummyrules.server.app import create_app
from rummyrules.server.limits import Limits
from rummyrules.server.protocol import guarded_protocols
from rummyrules.server.rates import RateLimited
from rummyrules.server.stopping import stop_waiting

__all__ = [
    "StoppingServer",
    "TokenMask",
    "log_like_a_server",
    "make_config",
    "mask_server_logs",
    "mask_tokens",
    "run_server",
    "running",
]


def _spelled(word: str) -> str:
    """A pattern of ``word`` with any of its letters percent-encoded, once or more."""
    return "".join(
        f"(?:{letter}|%(?:25)*(?:{ord(letter.lower()):x}|{ord(letter.upper()):x}))"
        for letter in word
    )


#: ``token=T`` in a query, in any position, the key's letters and the ``=``
#: percent-encoded or not (a URL inside a URL encodes them once more); the
#: value ends where the query's next pair begins, encoded or not.
_QUERY_TOKEN = re.compile(
    rf"({_spelled('token')}(?:=|%(?:25)*3d))(?:(?!%(?:25)*26)[^&\s\"'#])+",
    re.IGNORECASE,
)
#: ``Bearer T``, as a header would write it.
_BEARER = re.compile(r"(bearer(?:\s|%20|\+)+)[^\s\"',&]+", re.IGNORECASE)
#: Writes an exception's text, for the mask to mask it.
_EXCEPTIONS = logging.Formatter()
#: Every logger the server writes on: uvicorn's.
_LOGGERS = ("uvicorn", "uvicorn.error", "uvicorn.access", "uvicorn.asgi")


def mask_tokens(text: str) -> str:
    """``text`` with every seat token in it replaced by ``***``.

    >>> mask_tokens('"WebSocket /api/tables/t/ws?since=2&token=abc" [accepted]')
    '"WebSocket /api/tables/t/ws?since=2&token=***" [accepted]'
    >>> mask_tokens("/?next=%2Fview%3Ftoken%3Dabc%26since%3D1 Bearer xyz")
    '/?next=%2Fview%3Ftoken%3D***%26since%3D1 Bearer ***'
    """
    return _BEARER.sub(r"\1***", _QUERY_TOKEN.sub(r"\1***", text))


class TokenMask(logging.Filter):
    """Masks seat tokens in log records, so a log never holds a seat's password.

    The message, its arguments, and the text of its exception are masked
    in the record itself, so every handler sees the masked record.

    >>> record = logging.LogRecord(
    ...     "x", 20, "", 0, "%s", ("/view?token=abc&since=1",), None
    ... )
    >>> TokenMask().filter(record), record.getMessage()
    (True, '/view?token=***&since=1')
    """

    def filter(self, record: logging.LogRecord) -> bool:
        """Mask the record in place; keep every record."""
        if isinstance(record.msg, str):
            record.msg = mask_tokens(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(
                mask_tokens(arg) if isinstance(arg, str) else arg for arg in record.args
            )
        if record.exc_info and not record.exc_text:
            record.exc_text = _EXCEPTIONS.formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = mask_tokens(record.exc_text)
        if record.stack_info:
            record.stack_info = mask_tokens(record.stack_info)
        # A token the arguments still hold (one written with %r, or a
        # mapping's): the record keeps its message only, masked. uvicorn's
        # access records, whose formatter unpacks the arguments, hold
        # strings and numbers and never come here.
        try:
            message = record.getMessage()
        except (TypeError, ValueError):  # a bad format: keep what it holds
            message = f"{record.msg} {record.args!r}"
        masked = mask_tokens(message)
        if masked != message:
            record.msg, record.args = masked, None
        return True


def mask_server_logs() -> None:
    """Put a :class:`TokenMask` on every logger the server writes on, once.

    On the loggers, not their handlers: every handler, another's included,
    gets masked records. :func:`make_config` calls it.

    >>> mask_server_logs()
    >>> [type(f).__name__ for f in logging.getLogger("uvicorn.error").filters]
    ['TokenMask']
    """
    for name in _LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(known, TokenMask) for known in logger.filters):
            logger.addFilter(TokenMask())


def log_like_a_server() -> None:
    """Set uvicorn's loggers up as a server's configuration does, tokens masked.

    For a line the server logs before uvicorn starts (a warning about its
    options), in the same form as uvicorn's own.

    >>> log_like_a_server()
    >>> type(logging.getLogger("uvicorn").handlers[0].formatter).__name__
    'DefaultFormatter'
    """
    logging.config.dictConfig(uvicorn.config.LOGGING_CONFIG)
    mask_server_logs()


class StoppingServer(uvicorn.Server):
    """uvicorn's server, which answers the app's long polls as soon as it begins to stop.

    uvicorn waits a moment for the requests it serves to end, then cancels
    them: a cancelled long poll would answer a plain-text 500 and log a
    traceback. :func:`~rummyrules.server.stopping.stop_waiting` answers them
    first, with 503 and ``Retry-After``.

    >>> server = StoppingServer(make_config(create_app(), "127.0.0.1", 0, Limits()))
    >>> server.should_exit
    False
    """

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        """End the long polls, then stop as uvicorn does."""
        # make_config wraps the app in its request rates: the waits are the app's.
        app = self.config.app
        if isinstance(app, RateLimited):
            app = app.app
        if isinstance(app, Starlette):
            stop_waiting(app)
        await super().shutdown(sockets)


def make_config(  # noqa: PLR0913 - the app, where it listens, and uvicorn's knobs
    app: Starlette,
    host: str,
    port: int,
    limits: Limits,
    *,
    log: bool = False,
    forwarded: str | None = None,
) -> uvicorn.Config:
    """The uvicorn configuration of the app, with the limits' bounds.

    With ``log``, uvicorn logs every request (tokens masked); without it,
    only warnings. ``forwarded`` names the reverse proxies (comma-separated
    addresses, or ``*``) whose ``X-Forwarded-For`` names the client, for the
    limits per address; their own connections are not counted per address.

    >>> make_config(create_app(), "127.0.0.1", 8000, Limits()).limit_concurrency
    1000
    """
    http, ws = guarded_protocols(limits, forwarded)
    config = uvicorn.Config(
        # Inside uvicorn's proxy headers' middleware: the rates count the
        # client a trusted proxy names.
        RateLimited(app, ws.rates),
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
        proxy_headers=forwarded is not None,
        forwarded_allow_ips=forwarded or "127.0.0.1",
    )
    mask_server_logs()  # after the Config, which sets uvicorn's loggers up
    return config


def run_server(  # noqa: PLR0913 - the command line's options, passed on
    *,
    host: str,
    port: int,
    limits: Limits,
    database: str,
    forwarded: str | None = None,
    sockets: list[socket.socket] | None = None,
) -> None:  # pragma: no cover - runs until interrupted; tests run it as a command
    """Serve one process's app over ``database`` until interrupted, logging tokens masked."""
    app = create_app(limits, database=database)
    config = make_config(app, host, port, limits, log=True, forwarded=forwarded)
    StoppingServer(config).run(sockets=sockets)


@contextlib.contextmanager
def running(  # noqa: PLR0913 - each is one knob of a test's server, by keyword
    app: Starlette | None = None,
    *,
    limits: Limits | None = None,
    database: str | None = None,
    host: str = "127.0.0.1",
    startup: float = 10.0,
    log: bool = False,
    forwarded: str | None = None,
) -> Iterator[str]:
    """Serve in a background thread on a free port; yields the base URL, stops on exit.

    For tests and benchmarks: the socket is bound before the thread starts,
    so the URL is known at once and nothing else can take the port
    (tests/server/test_bounds.py starts its servers this way)::

        with running(limits=Limits(header_timeout=0.5)) as url:
            urllib.request.urlopen(url + "/api/games")

    With ``log``, uvicorn logs every request as :func:`run_server` does (tokens
    masked), and its records reach the root logger's handlers too, so that
    a test can capture them. ``forwarded`` names the proxies to believe, as
    :func:`make_config`'s.
    """
    limits = limits or Limits()
    app = app or create_app(limits, database=database)
    listener = socket.socket(
        socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM
    )
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((host, 0))
    port = listener.getsockname()[1]
    config = make_config(app, host, port, limits, log=log, forwarded=forwarded)
    if log:  # uvicorn's own setup keeps its records from the root logger
        for name in ("uvicorn", "uvicorn.access"):
            logging.getLogger(name).propagate = True
    server = StoppingServer(config)
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
