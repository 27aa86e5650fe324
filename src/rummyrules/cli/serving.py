"""``rummyrules serve``: the game server of :mod:`rummyrules.server`, on uvicorn.

The server needs the extra ``rummyrules[server]`` (Starlette, uvicorn,
websockets); without it the command says what to install and exits 2,
and every other command works as before.

>>> missing_extra("uvicorn")
"rummyrules serve needs the server extra (no module named 'uvicorn'): pip install 'rummyrules[server]'"
"""

from __future__ import annotations

import argparse
import functools
from typing import Any

from rummyrules.game.state import PlayableRules

from .printer import Printer

__all__ = [
    "EXTRA_MODULES",
    "add_proxy_options",
    "add_serve",
    "missing_extra",
    "serve",
]

EXTRA_MODULES = frozenset(
    {"starlette", "uvicorn", "h11", "websockets", "anyio", "platformdirs"}
)
"""The modules the extra ``rummyrules[server]`` brings."""


def missing_extra(
    module: str | None, extra: str = "server", *, command: str = "rummyrules serve"
) -> str:
    """The sentence for an extra of the server that is not installed.

    >>> missing_extra("starlette").endswith("pip install 'rummyrules[server]'")
    True
    >>> missing_extra("psycopg", "postgres")
    "rummyrules serve needs the postgres extra (no module named 'psycopg'): pip install 'rummyrules[postgres]'"
    """
    return (
        f"{command} needs the {extra} extra (no module named {module!r}): "
        f"pip install 'rummyrules[{extra}]'"
    )


def add_proxy_options(sub: argparse.ArgumentParser) -> None:
    """The options of ``serve`` about what stands in front of it: proxies and web pages.

    >>> parser = argparse.ArgumentParser()
    >>> add_proxy_options(parser)
    >>> parser.parse_args(["--allow-origin", "https://app.example"]).allow_origin
    ['https://app.example']
    """
    sub.add_argument(
        "--forwarded-allow-ips",
        metavar="IPS",
        help="behind a reverse proxy: the proxies' addresses (comma-separated)"
        " whose X-Forwarded-For names the client; '*' believes every connection,"
        " so any client that reaches the port directly can pass the per-address"
        " limits: listen on 127.0.0.1 (or a private address) and name the proxy",
    )
    sub.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="a web page's origin (https://app.example) that may open the"
        " WebSocket and call the API (CORS) besides the server's own; again"
        " for more, * for any",
    )
    sub.add_argument(
        "--trust-any-proxy",
        action="store_true",
        help="allow --forwarded-allow-ips '*' on an address other hosts can reach"
        " (only when a firewall lets nothing but the proxy connect)",
    )


def add_serve(
    command: functools.partial[argparse.ArgumentParser],
    game: type[PlayableRules[Any]] | None,
) -> None:
    """The ``serve`` command and its options: where it listens, its database, its bounds.

    >>> from rummyrules.cli import build_parser
    >>> build_parser().parse_args(["serve", "--workers", "2"]).workers
    2
    """
    sub = command(
        "serve",
        serve,
        game=game,
        summary="serve games to browsers and programs over HTTP (extra [server])",
        usage="[--host HOST] [--port PORT] [--database URL] [--workers N]",
        examples="  rummyrules serve\n  rummyrules serve --host 0.0.0.0 --port 8080\n"
        "  rummyrules serve --database postgresql://db.example/rummy --workers 4\n",
        options=False,
    )
    sub.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default: 127.0.0.1)",
    )
    sub.add_argument(
        "--port", type=int, default=8000, help="the port to listen on (default: 8000)"
    )
    sub.add_argument(
        "--database",
        metavar="URL",
        help="where the tables are kept: sqlite:///PATH or postgresql://... (extra"
        " [postgres]); default: sqlite:///DATA/rummyrules/tables.sqlite3, DATA being"
        " your data folder (~/.local/share on Linux)",
    )
    sub.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help="worker processes sharing the tables (more than 1 needs PostgreSQL)",
    )
    sub.add_argument(
        "--keep-finished",
        type=float,
        default=30.0,
        metavar="DAYS",
        help="days a finished table and its record are kept (default: 30)",
    )
    sub.add_argument(
        "--keep-unfinished",
        type=float,
        default=7.0,
        metavar="DAYS",
        help="days an unfinished table nobody moves at is kept (default: 7)",
    )
    sub.add_argument(
        "--search-seconds",
        type=float,
        default=1.0,
        metavar="S",
        help="CPU seconds a search bot thinks about a move, the hard level at most "
        "(default: 1)",
    )
    add_proxy_options(sub)


def serve(args: argparse.Namespace, printer: Printer) -> int:
    """Serve games on ``args.host`` and ``args.port`` until interrupted; the exit code.

    Without the extra it prints :func:`missing_extra`'s sentence and
    returns 2 (tests/server/test_serve_command.py hides uvicorn to check), as it
    does for a database it cannot open, a port it cannot listen on (one line,
    no traceback) or options it cannot serve (``--forwarded-allow-ips '*'``
    on an address other hosts reach, without ``--trust-any-proxy``).

    >>> from rummyrules.cli import build_parser
    >>> args = build_parser().parse_args(["serve"])
    >>> args.host, args.port
    ('127.0.0.1', 8000)
    """
    try:
        # The extra is optional: the server is imported only when asked for.
        from rummyrules.server import Limits  # noqa: PLC0415
        from rummyrules.server.databases import (  # noqa: PLC0415
            default_database,
            open_storage,
            shown_url,
        )
        from rummyrules.server.proxies import check_forwarded  # noqa: PLC0415
        from rummyrules.server.workers import check_workers, listen  # noqa: PLC0415
        from rummyrules.server.workers import serve as run  # noqa: PLC0415
    except ImportError as error:
        if (error.name or "").partition(".")[0] not in EXTRA_MODULES:
            raise  # a broken install, not a missing extra
        printer.error(f"rummyrules serve: error: {missing_extra(error.name)}")
        return 2
    database = args.database or default_database()
    try:
        limits = Limits(
            keep_finished=args.keep_finished * 86400.0,
            keep_unfinished=args.keep_unfinished * 86400.0,
            search_seconds=args.search_seconds,
            origins=args.allow_origin,
        )
        check_workers(args.workers, database)
        check_forwarded(
            args.host, args.forwarded_allow_ips, trust_any_proxy=args.trust_any_proxy
        )
        # A database that cannot open, cannot be read whole, or is newer than
        # this code fails here, with its sentence, before anything listens.
        open_storage(database, check=True).close()
        listener = listen(args.host, args.port, limits.backlog)  # a port in use
    except ImportError as error:
        printer.error(
            f"rummyrules serve: error: {missing_extra(error.name, 'postgres')}"
        )
        return 2
    except (ValueError, TypeError, OSError) as error:
        printer.error(f"rummyrules serve: error: {error}")
        return 2
    printer.line(
        f"Serving on http://{args.host}:{args.port}/ with the tables in"
        f" {shown_url(database, most=1000)} (Ctrl-C stops)"
    )
    run(
        args.host,
        args.port,
        limits,
        database=database,
        workers=args.workers,
        forwarded=args.forwarded_allow_ips,
        listener=listener,
    )
    return 0
