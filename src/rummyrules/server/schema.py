"""The relations' schema: its version, the steps from each older version, the shape of each.

The database records its schema's version in ``rummy_schema`` (one row).
:data:`MIGRATIONS` holds one step a version: ``MIGRATIONS[0]`` takes a
database from version 1 to 2, and so on, so a new version is one more
entry at the end (and :data:`SCHEMA` what a new database gets at once).
Each step is written once, for SQLite and PostgreSQL alike: statements
both read, or a function over a cursor where the data must be rewritten.
:func:`upgrade` runs inside one transaction, which each backend takes
before any other process may write (``BEGIN IMMEDIATE`` on SQLite, an
advisory lock on PostgreSQL), so workers starting together migrate once.

A database made before ``rummy_schema`` existed is known by its shape
(:func:`shape_version`); one newer than this code is refused
(:class:`NewerDatabaseError`), before anything in it changes.

>>> VERSION == len(MIGRATIONS) + 1
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, Protocol

__all__ = [
    "MIGRATIONS",
    "SCHEMA",
    "VERSION",
    "Cursor",
    "NewerDatabaseError",
    "UnusableDatabaseError",
    "shape_version",
    "upgrade",
]


class Cursor(Protocol):
    """What the SQL needs of a DB-API cursor (``sqlite3`` and psycopg alike)."""

    @property
    def rowcount(self) -> int:
        """Rows the last statement changed."""

    def execute(self, sql: str, params: Sequence[Any] = ..., /) -> Any:
        """Run one statement."""

    def fetchone(self) -> Any:
        """The next row, or None."""

    def fetchall(self) -> list[Any]:
        """Every row left."""


class UnusableDatabaseError(ValueError):
    """A database the server cannot serve: unreadable, or not of a schema it knows.

    >>> raise UnusableDatabaseError("the database x cannot be read")
    Traceback (most recent call last):
    ...
    rummyrules.server.schema.UnusableDatabaseError: the database x cannot be read
    """


class NewerDatabaseError(UnusableDatabaseError):
    """A database whose schema is newer than this code's: a newer rummyrules wrote it.

    >>> issubclass(NewerDatabaseError, ValueError)
    True
    """


_EVENTS = """CREATE TABLE IF NOT EXISTS rummy_events (
        table_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        number INTEGER NOT NULL,
        events TEXT NOT NULL,
        PRIMARY KEY (table_id, seat, number)
    )"""

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS rummy_tables (
        id TEXT PRIMARY KEY,
        rules TEXT NOT NULL,
        seats TEXT NOT NULL,
        tokens TEXT NOT NULL,
        seed TEXT NOT NULL,
        chosen BOOLEAN NOT NULL,
        commitment TEXT NOT NULL,
        creator TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        changed DOUBLE PRECISION NOT NULL,
        number INTEGER NOT NULL,
        version TEXT NOT NULL,
        revision INTEGER NOT NULL,
        state TEXT NOT NULL,
        declined TEXT NOT NULL,
        finished BOOLEAN NOT NULL,
        bots BOOLEAN NOT NULL,
        salt TEXT NOT NULL DEFAULT ''
    )""",
    "CREATE INDEX IF NOT EXISTS rummy_tables_creator ON rummy_tables (creator, created)",
    "CREATE INDEX IF NOT EXISTS rummy_tables_open ON rummy_tables (finished, changed)",
    """CREATE TABLE IF NOT EXISTS rummy_changes (
        table_id TEXT NOT NULL,
        number INTEGER NOT NULL,
        version TEXT NOT NULL,
        move TEXT,
        PRIMARY KEY (table_id, number)
    )""",
    "CREATE INDEX IF NOT EXISTS rummy_changes_version ON rummy_changes (table_id, version)",
    _EVENTS,
    "CREATE TABLE IF NOT EXISTS rummy_schema (version INTEGER NOT NULL)",
)
"""The statements that make a new database's relations, at :data:`VERSION`."""

SQL = Callable[[str], str]
"""Writes a statement's ``?`` as the backend's driver marks a parameter."""

Step = Sequence["str | Callable[[Cursor, SQL], None]"]
"""One migration: statements, or functions over a cursor, run in order."""

_PAGE = 500  # rummy_changes rows rewritten a round trip, so memory stays bounded


def _events_per_seat(cursor: Cursor, sql: SQL) -> None:
    """Version 1 kept every seat's events of a version in one JSON object: one row a seat."""
    table, number = "", -1
    while True:
        cursor.execute(
            sql(
                "SELECT table_id, number, events FROM rummy_changes"
                " WHERE table_id > ? OR (table_id = ? AND number > ?)"
                " ORDER BY table_id, number LIMIT ?"
            ),
            (table, table, number, _PAGE),
        )
        rows = cursor.fetchall()
        for table, number, text in rows:
            for seat, told in json.loads(text).items():
                if told:  # as version 2 writes: a version that told nothing, no row
                    cursor.execute(
                        sql(
                            "INSERT INTO rummy_events (table_id, seat, number, events)"
                            " VALUES (?, ?, ?, ?)"
                        ),
                        (table, int(seat), number, json.dumps(told)),
                    )
        if len(rows) < _PAGE:
            return


MIGRATIONS: tuple[Step, ...] = (
    # 1 -> 2: each seat's events of a version in a row of its own (rummy_events).
    (_EVENTS, _events_per_seat, "ALTER TABLE rummy_changes DROP COLUMN events"),
    # 2 -> 3: a table's secret salt, committed with its seed.
    ("ALTER TABLE rummy_tables ADD COLUMN salt TEXT NOT NULL DEFAULT ''",),
)
"""The steps between versions: ``MIGRATIONS[k]`` takes version ``k + 1`` to ``k + 2``."""

VERSION = len(MIGRATIONS) + 1
"""The schema version this code reads and writes."""

Columns = Callable[[Cursor, str], set[str]]
"""A relation's columns (none when it does not exist), as the backend finds them."""

_TABLE_COLUMNS = frozenset(
    (
        *("id", "rules", "seats", "tokens", "seed", "chosen", "commitment"),
        *("creator", "created", "changed", "number", "version", "revision"),
        *("state", "declined", "finished", "bots"),
    )
)


def shape_version(cursor: Cursor, columns: Columns) -> int | None:
    """The version of a database without ``rummy_schema``, by its relations; None if it has none.

    Version 1 kept the events in ``rummy_changes.events``, version 2 in
    ``rummy_events``; from version 3 on, ``rummy_schema`` says.
    """
    tables = columns(cursor, "rummy_tables")
    changes = columns(cursor, "rummy_changes")
    if not tables and not changes:
        return None
    if not tables >= _TABLE_COLUMNS or not changes >= {"table_id", "number", "move"}:
        message = (
            "the database holds relations named rummy_tables or rummy_changes"
            " that rummyrules did not make: give the server a database of its own"
        )
        raise UnusableDatabaseError(message)
    if "events" in changes:
        return 1
    if not columns(cursor, "rummy_events"):
        message = "the database's rummy_changes has no events and no rummy_events"
        raise UnusableDatabaseError(message)
    return 3 if "salt" in tables else 2


def found_version(cursor: Cursor, columns: Columns) -> int | None:
    """The database's schema version (None: no relations of ours yet)."""
    if not columns(cursor, "rummy_schema"):
        return shape_version(cursor, columns)
    cursor.execute("SELECT version FROM rummy_schema")
    rows = cursor.fetchall()
    if len(rows) != 1:
        message = f"rummy_schema holds {len(rows)} rows, not the one of its version"
        raise UnusableDatabaseError(message)
    return int(rows[0][0])


def upgrade(cursor: Cursor, columns: Columns, sql: SQL) -> tuple[int | None, int]:
    """Bring the database to :data:`VERSION`, in the caller's transaction; (from, to).

    From None (a database with none of our relations), the relations are
    made at once; from an older version, each step after it runs in turn.
    A newer version raises :class:`NewerDatabaseError` and changes nothing.
    """
    found = found_version(cursor, columns)
    if found is None:
        for statement in SCHEMA:
            cursor.execute(statement)
        cursor.execute(sql("INSERT INTO rummy_schema (version) VALUES (?)"), (VERSION,))
        return None, VERSION
    if found > VERSION:
        message = (
            f"the database is at schema version {found}, newer than this rummyrules"
            f" reads ({VERSION}): a newer rummyrules wrote it; run that version, or"
            " restore a backup of this version's"
        )
        raise NewerDatabaseError(message)
    if found < 1:
        raise UnusableDatabaseError(f"rummy_schema holds version {found}, unknown")
    for step in MIGRATIONS[found - 1 :]:
        for part in step:
            if isinstance(part, str):
                cursor.execute(part)
            else:
                part(cursor, sql)
    if found < VERSION:
        if columns(cursor, "rummy_schema"):
            cursor.execute(sql("UPDATE rummy_schema SET version = ?"), (VERSION,))
        else:
            cursor.execute(SCHEMA[-1])
            cursor.execute(
                sql("INSERT INTO rummy_schema (version) VALUES (?)"), (VERSION,)
            )
    return found, VERSION
