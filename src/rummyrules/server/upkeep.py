"""What an operator does to a database: migrate it, back it up, restore a backup.

``rummyrules migrate``, ``backup`` and ``restore`` call these.
:func:`backup` copies a SQLite database with SQLite's online backup,
consistent while the server runs; :func:`restore` puts a copy in place of
a database, also after a crash has left the old database's write-ahead
log (``-wal``) and its index (``-shm``) beside it: those belong to the
database being replaced, and SQLite would replay them over the copy
(corrupting it), so the copy is written beside the database and moved in
once they are gone. A restore is refused while a process holds the
database (a server running on it). Both check that the copy is a
rummyrules database SQLite reads whole, of a schema this code knows; an
older copy is migrated once restored. PostgreSQL has its own tools
(``pg_dump``, ``pg_restore``), which docs/running_server.rst walks
through.

>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> url = f"sqlite:///{folder / 'tables.sqlite3'}"
>>> migrate(url)
(None, 3)
>>> backup(url, folder / "copy.sqlite3")
3
>>> restore(folder / "copy.sqlite3", url)
(3, 3)
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from rummyrules.server.databases import open_storage, shown_url, sqlite_file
from rummyrules.server.schema import (
    VERSION,
    NewerDatabaseError,
    UnusableDatabaseError,
    found_version,
)
from rummyrules.server.sql import SqlStorage
from rummyrules.server.sqlite import columns

__all__ = ["DatabaseHeldError", "backup", "migrate", "restore"]


class DatabaseHeldError(UnusableDatabaseError):
    """A database another process holds open (a server running on it): not restored over.

    >>> issubclass(DatabaseHeldError, ValueError)
    True
    """


_POSTGRES = (
    "on PostgreSQL, back up with pg_dump and restore with pg_restore"
    " (docs/running_server.rst, Backups)"
)


def migrate(url: str) -> tuple[int | None, int]:
    """Bring the database to this code's schema; (the version found, the version now).

    The version found is None for a database that had none of the server's
    relations (they are made). A database newer than this code raises
    :class:`~rummyrules.server.schema.NewerDatabaseError`, changing nothing.
    """
    storage = open_storage(url, check=True)
    try:
        if not isinstance(storage, SqlStorage):  # pragma: no cover - every storage is
            raise TypeError(f"{type(storage).__name__} has no schema to migrate")
        return storage.upgraded
    finally:
        storage.close()


def _file(url: str, what: str) -> Path:
    path = sqlite_file(url)
    if path is not None:
        return path
    if url.startswith(("postgresql://", "postgres://")):
        raise UnusableDatabaseError(_POSTGRES)
    message = f"{what} a SQLite file (sqlite:///PATH), not {shown_url(url)!r}"
    raise UnusableDatabaseError(message)


def _known(db: sqlite3.Connection, where: str, *, whole: bool = True) -> int:
    """The schema version of a copy SQLite reads (``whole``: every page); refused otherwise."""
    try:
        problems = (
            [text for (text,) in db.execute("PRAGMA quick_check(3)")]
            if whole
            else ["ok"]
        )
        if problems != ["ok"]:
            why = " ".join("; ".join(problems).split())[:200]
            raise UnusableDatabaseError(f"{where} cannot be read ({why})")
        version = found_version(db.cursor(), columns)
    except sqlite3.DatabaseError as error:
        raise UnusableDatabaseError(f"{where} cannot be read ({error})") from error
    if version is None:
        raise UnusableDatabaseError(f"{where} holds no tables of rummyrules")
    if version > VERSION:
        message = (
            f"{where} is at schema version {version}, newer than this rummyrules"
            f" reads ({VERSION}): restore it with the rummyrules that made it"
        )
        raise NewerDatabaseError(message)
    return version


@contextlib.contextmanager
def _connected(target: str, *, uri: bool = False) -> Iterator[sqlite3.Connection]:
    db = sqlite3.connect(target, isolation_level=None, uri=uri)
    try:
        yield db
    finally:
        db.close()


def _written(copy: Path, final: Path) -> None:
    """Sync a file written beside ``final``, then put it in place at once."""
    with copy.open("rb") as file:
        os.fsync(file.fileno())
    copy.replace(final)
    with contextlib.suppress(OSError):  # a folder that cannot be synced (Windows)
        folder = os.open(final.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)


def backup(url: str, to: Path) -> int:
    """Copy a SQLite database to the file ``to`` while the server may run; its schema version.

    SQLite's online backup reads one snapshot, so the copy is consistent
    whatever the server writes meanwhile. The copy is checked (read whole,
    a known schema) before it replaces ``to``.
    """
    path = _file(url, "rummyrules backup copies")
    if not path.is_file():
        raise UnusableDatabaseError(f"there is no database at {path}")
    partial = to.with_name(to.name + ".partial")
    partial.unlink(missing_ok=True)
    with _connected(str(path)) as live:
        _known(live, f"the database {path}", whole=False)  # the copy is read whole
        with _connected(str(partial)) as copy:
            live.backup(copy)
            version = _known(copy, f"the copy {partial}")
    _written(partial, to)
    return version


def _refuse_if_held(path: Path) -> None:
    """Refuse a database another connection holds open (a server's, in WAL mode)."""
    if not path.exists():
        return
    # A server's connection holds a shared lock on the file as long as it is
    # open; an exclusive one is then refused at once (timeout 0). Nothing is
    # read, so a database that cannot be read can still be restored over.
    probe = sqlite3.connect(str(path), isolation_level=None, timeout=0)
    try:
        probe.execute("PRAGMA locking_mode=EXCLUSIVE")
        probe.execute("BEGIN EXCLUSIVE")
        probe.execute("ROLLBACK")
    except sqlite3.OperationalError as error:
        if error.sqlite_errorcode not in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
            return  # not a lock: the old database is unreadable, and replaced
        message = (
            f"a process holds the database {path} (a server running on it?):"
            " stop it, then restore"
        )
        raise DatabaseHeldError(message) from error
    except sqlite3.DatabaseError:
        return  # a file SQLite does not read at all: it is replaced
    finally:
        probe.close()


def restore(source: Path, url: str) -> tuple[int, int]:
    """Put the copy ``source`` in place of a SQLite database; (the copy's version, the version now).

    The server must be stopped (a process holding the database is
    refused). The database's own ``-wal``, ``-shm`` and ``-journal`` files
    are removed with it, so that SQLite replays none of them over the copy;
    ``source`` is read, never changed.
    """
    path = _file(url, "rummyrules restore puts a copy in place of")
    if not source.is_file():
        raise UnusableDatabaseError(f"there is no copy at {source}")
    if Path(f"{source}-wal").exists():
        message = (
            f"{source} has a -wal file beside it: it is a database in use, not a"
            " copy; make one with rummyrules backup"
        )
        raise UnusableDatabaseError(message)
    # immutable: the copy is read as it is, and no -wal or -shm is made beside it
    reading = source.resolve().as_uri() + "?mode=ro&immutable=1"
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".restoring")
    partial.unlink(missing_ok=True)
    with _connected(reading, uri=True) as copy:
        version = _known(copy, f"the copy {source}")
        _refuse_if_held(path)
        with _connected(str(partial)) as written:
            copy.backup(written)
    for stale in ("-wal", "-shm", "-journal"):
        Path(f"{path}{stale}").unlink(missing_ok=True)
    _written(partial, path)
    _, now = migrate(url)
    return version, now
