"""``rummyrules serve``: the game server of :mod:`rummyrules.server`, on uvicorn.

The server needs the extra ``rummyrules[server]`` (Starlette, uvicorn,
websockets); without it the command says what to install and exits 2,
and every other command works as before.

>>> missing_extra("uvicorn")
"rummyrules serve needs the server extra (no module named 'uvicorn'): pip install 'rummyrules[server]'"
"""

from __future__ import annotations

import argparse

from .printer import Printer

__all__ = ["EXTRA_MODULES", "missing_extra", "serve"]

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


def serve(args: argparse.Namespace, printer: Printer) -> int:
    """Serve games on ``args.host`` and ``args.port`` until interrupted; the exit code.

    Without the extra it prints :func:`missing_extra`'s sentence and
    returns 2 (tests/server/test_serve_command.py hides uvicorn to check), as it
    does for a database it cannot open or options it cannot serve.

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
        from rummyrules.server.workers import check_workers  # noqa: PLC0415
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
        )
        check_workers(args.workers, database)
        # A database that cannot open, cannot be read whole, or is newer than
        # this code fails here, with its sentence, before anything listens.
        open_storage(database, check=True).close()
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
    )
    return 0
