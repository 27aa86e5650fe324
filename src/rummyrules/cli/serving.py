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

EXTRA_MODULES = frozenset({"starlette", "uvicorn", "h11", "websockets", "anyio"})
"""The modules the extra ``rummyrules[server]`` brings."""


def missing_extra(module: str | None) -> str:
    """The sentence for a server extra that is not installed.

    >>> missing_extra("starlette").endswith("pip install 'rummyrules[server]'")
    True
    """
    return (
        f"rummyrules serve needs the server extra (no module named {module!r}): "
        "pip install 'rummyrules[server]'"
    )


def serve(args: argparse.Namespace, printer: Printer) -> int:
    """Serve games on ``args.host`` and ``args.port`` until interrupted; the exit code.

    Without the extra it prints :func:`missing_extra`'s sentence and
    returns 2 (tests/server/test_cli_serve.py hides the modules to check).

    >>> from rummyrules.cli import build_parser
    >>> args = build_parser().parse_args(["serve"])
    >>> args.host, args.port
    ('127.0.0.1', 8000)
    """
    try:
        # The extra is optional: the server is imported only when asked for.
        from rummyrules.server.running import serve as run  # noqa: PLC0415
    except ImportError as error:
        if (error.name or "").partition(".")[0] not in EXTRA_MODULES:
            raise  # a broken install, not a missing extra
        printer.error(f"rummyrules serve: error: {missing_extra(error.name)}")
        return 2
    printer.line(f"Serving on http://{args.host}:{args.port}/ (Ctrl-C stops)")
    run(args.host, args.port)
    return 0
