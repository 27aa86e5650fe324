"""``rummyrules migrate``, ``backup`` and ``restore``: the server's database, looked after.

Each takes ``--database URL`` as ``rummyrules serve`` does (the same
default) and calls :mod:`rummyrules.server.upkeep`; a database it cannot
serve, a copy it cannot read, or a server still holding the database is
refused with its sentence and exit code 2.

>>> from rummyrules.cli import build_parser
>>> args = build_parser().parse_args(["backup", "copy.sqlite3"])
>>> args.file, args.database
('copy.sqlite3', None)
"""

from __future__ import annotations

import argparse
import functools
from pathlib import Path

from .printer import Printer
from .serving import EXTRA_MODULES, missing_extra

__all__ = ["add_upkeep", "backup", "migrate", "restore"]


def _run(args: argparse.Namespace, printer: Printer) -> int:
    command = f"rummyrules {args.command}"
    try:
        # The extra is optional: the server is imported only when asked for.
        from rummyrules.server import upkeep  # noqa: PLC0415
        from rummyrules.server.databases import (  # noqa: PLC0415
            default_database,
            shown_url,
        )
    except ImportError as error:
        if (error.name or "").partition(".")[0] not in EXTRA_MODULES:
            raise  # a broken install, not a missing extra
        printer.error(f"{command}: error: {missing_extra(error.name, command=command)}")
        return 2
    database = args.database or default_database()
    url = shown_url(database, most=1000)
    try:
        if args.command == "migrate":
            found, now = upkeep.migrate(database)
            if found is None:
                printer.line(f"made the tables of {url} at schema version {now}")
            elif found == now:
                printer.line(f"{url} is already at schema version {now}")
            else:
                printer.line(f"migrated {url} from schema version {found} to {now}")
        elif args.command == "backup":
            version = upkeep.backup(database, Path(args.file))
            printer.line(f"backed up {url} (schema version {version}) to {args.file}")
        else:
            found, now = upkeep.restore(Path(args.file), database)
            migrated = "" if found == now else f", migrated to schema version {now}"
            printer.line(
                f"restored {args.file} (schema version {found}) into {url}{migrated}"
            )
    except ImportError as error:
        printer.error(
            f"{command}: error: {missing_extra(error.name, 'postgres', command=command)}"
        )
        return 2
    except (ValueError, TypeError, OSError) as error:
        printer.error(f"{command}: error: {error}")
        return 2
    return 0


def migrate(args: argparse.Namespace, printer: Printer) -> int:
    """Bring the database to this version's schema, saying from which version; the exit code."""
    return _run(args, printer)


def backup(args: argparse.Namespace, printer: Printer) -> int:
    """Copy a SQLite database to ``args.file``, the server running or not; the exit code."""
    return _run(args, printer)


def restore(args: argparse.Namespace, printer: Printer) -> int:
    """Put the copy ``args.file`` in place of a SQLite database, the server stopped; the exit code."""
    return _run(args, printer)


def add_upkeep(command: functools.partial[argparse.ArgumentParser]) -> None:
    """The commands that look after the server's database: migrate, backup, restore."""
    database = (
        "the server's database, as rummyrules serve --database takes it"
        " (the same default)"
    )
    sub = command(
        "migrate",
        migrate,
        summary="bring the server's database to this version's schema (extra [server])",
        usage="[--database URL]",
        examples="  rummyrules migrate\n"
        "  rummyrules migrate --database postgresql://db.example/rummy\n",
        options=False,
    )
    sub.add_argument("--database", metavar="URL", help=database)
    sub = command(
        "backup",
        backup,
        summary="copy the server's SQLite database to FILE, while it runs or not"
        " (extra [server])",
        usage="FILE [--database URL]",
        examples="  rummyrules backup /backups/tables.sqlite3\n"
        "  rummyrules backup copy.sqlite3 --database sqlite:////srv/rummy/tables.sqlite3\n",
        options=False,
    )
    sub.add_argument("file", metavar="FILE", help="where the copy is written")
    sub.add_argument("--database", metavar="URL", help=database)
    sub = command(
        "restore",
        restore,
        summary="put the copy FILE in place of the server's SQLite database, the"
        " server stopped (extra [server])",
        usage="FILE [--database URL]",
        examples="  rummyrules restore /backups/tables.sqlite3\n",
        options=False,
    )
    sub.add_argument("file", metavar="FILE", help="a copy rummyrules backup made")
    sub.add_argument("--database", metavar="URL", help=database)
