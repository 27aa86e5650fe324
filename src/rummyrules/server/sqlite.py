"""Tables in SQLite: the standard library's ``sqlite3``, one file, WAL mode.

One connection serves every thread, one statement at a time (SQLite writes
one transaction at a time anyway). Each commit is in the write-ahead log
before the server answers, so a move answered survives a crash of the
process (``kill -9``); with ``synchronous=normal``, the default and SQLite's
advice for WAL mode, a power cut may lose the last commits before a
checkpoint, and ``sqlite:///PATH?synchronous=full`` syncs each commit to
disk first, for a few milliseconds a move. Several processes may open one
file (each write is ``BEGIN IMMEDIATE``, a compare and set), but only
PostgreSQL tells the others of a change: the server runs one worker on
SQLite.

>>> storage = SQLiteStorage(":memory:")
>>> storage.due()
[]
>>> storage.close()
"""

from __future__ import annotations

import contextlib
import sqlite3
import threading
from collections.abc import Callable, Iterator
from typing import ClassVar

from rummyrules.server.schema import UnusableDatabaseError
from rummyrules.server.sql import Cursor, SqlStorage

__all__ = ["SQLiteStorage", "columns"]


def columns(cursor: Cursor, relation: str) -> set[str]:
    """A relation's columns in SQLite; none when it does not exist.

    >>> import sqlite3
    >>> columns(sqlite3.connect(":memory:").cursor(), "rummy_tables")
    set()
    """
    cursor.execute("SELECT name FROM pragma_table_info(?)", (relation,))
    return {name for (name,) in cursor.fetchall()}


_UNREADABLE = (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)


def _unreadable(path: str, why: str) -> str:
    """The one line that refuses a file SQLite cannot read."""
    why = " ".join(why.split())  # quick_check's report runs over several lines
    why = why if len(why) <= 200 else why[:197] + "..."
    return (
        f"the database {path} cannot be read ({why}):"
        " restore a backup with rummyrules restore"
    )


class SQLiteStorage(SqlStorage):
    """:class:`~rummyrules.server.storage.Storage` in one SQLite file (or ``:memory:``).

    With ``check``, the whole file is read first (``PRAGMA quick_check``)
    and a file SQLite cannot read is refused, saying why
    (:class:`~rummyrules.server.schema.UnusableDatabaseError`), as is a
    database of a schema newer than this code's.

    >>> SQLiteStorage(":memory:").unfinished()
    0
    """

    remote: ClassVar[bool] = False  # a file on this machine: quicker called on the loop

    def __init__(
        self, path: str, *, synchronous: str = "normal", check: bool = False
    ) -> None:
        if synchronous not in ("normal", "full"):
            message = f"synchronous is normal or full, not {synchronous[:20]!r}"
            raise ValueError(message)
        self.path = path
        self._lock = threading.Lock()
        self._db = sqlite3.connect(
            path, check_same_thread=False, isolation_level=None, timeout=10.0
        )
        try:
            if check:
                self._check()
            if path != ":memory:":
                self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute(f"PRAGMA synchronous={synchronous.upper()}")
            self._create()
        except sqlite3.DatabaseError as error:
            self._db.close()
            if getattr(error, "sqlite_errorcode", None) in _UNREADABLE:
                raise UnusableDatabaseError(_unreadable(path, str(error))) from error
            message = f"the database {path} cannot be used: {error}"
            raise UnusableDatabaseError(message) from error
        except UnusableDatabaseError:
            self._db.close()
            raise

    def _check(self) -> None:
        """Refuse a file SQLite cannot read whole (a torn copy, a stale WAL replayed on it)."""
        # quick_check reads every page (not the indexes' agreement with
        # their tables, which integrity_check adds at several times the cost).
        problems = [text for (text,) in self._db.execute("PRAGMA quick_check(3)")]
        if problems != ["ok"]:
            raise UnusableDatabaseError(_unreadable(self.path, "; ".join(problems)))

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[Cursor]:
        with self._lock:
            cursor = self._db.cursor()
            cursor.execute("BEGIN IMMEDIATE")
            try:
                yield cursor
            except BaseException:
                cursor.execute("ROLLBACK")
                raise
            cursor.execute("COMMIT")

    @contextlib.contextmanager
    def _reading(self) -> Iterator[Cursor]:
        # One statement, in autocommit: a snapshot that takes no write lock.
        with self._lock:
            yield self._db.cursor()

    def _columns(self, cursor: Cursor, relation: str) -> set[str]:
        return columns(cursor, relation)

    def _announce(self, cursor: Cursor, table: str) -> None:
        """Nothing to do: one process serves the file, and wakes its own waiters."""

    async def listen(self, wake: Callable[[str], None]) -> None:
        """Return at once: SQLite tells no other process of a change."""

    def close(self) -> None:
        """Close the connection (a database in memory is gone with it)."""
        with self._lock:
            self._db.close()
