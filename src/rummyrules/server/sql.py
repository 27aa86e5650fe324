"""The tables' SQL, written once for SQLite and PostgreSQL.

:class:`SqlStorage` is :class:`~rummyrules.server.storage.Storage` over two
relations: ``rummy_tables``, one row a table (what
:class:`~rummyrules.server.storage.TableRow` holds), and ``rummy_changes``,
one row a version (:class:`~rummyrules.server.storage.Change`). The SQL
keeps to what both databases read alike (text, integers, booleans, double
precision, JSON as text); each backend gives its connection, its
transactions and how other processes hear of a change.

>>> from rummyrules.server.sqlite import SQLiteStorage
>>> storage = SQLiteStorage(":memory:")
>>> storage.moves("none"), storage.unfinished("127.0.0.1")
([], 0)
"""

from __future__ import annotations

import abc
import contextlib
import json
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Protocol

from rummyrules.server.storage import Change, Json, TableRow

__all__ = ["SCHEMA", "Cursor", "SqlStorage"]

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
        bots BOOLEAN NOT NULL
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
    """CREATE TABLE IF NOT EXISTS rummy_events (
        table_id TEXT NOT NULL,
        seat INTEGER NOT NULL,
        number INTEGER NOT NULL,
        events TEXT NOT NULL,
        PRIMARY KEY (table_id, seat, number)
    )""",
)
"""The statements that make the relations where they are missing."""

_SELECT = (
    "SELECT id, rules, seats, tokens, seed, chosen, commitment, creator, created,"
    " changed, number, version, revision, state, declined, finished, bots"
    " FROM rummy_tables WHERE id = ?"
)
_INSERT = (
    "INSERT INTO rummy_tables (id, rules, seats, tokens, seed, chosen, commitment,"
    " creator, created, changed, number, version, revision, state, declined,"
    " finished, bots) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
_UPDATE = (
    "UPDATE rummy_tables SET rules = ?, seats = ?, tokens = ?, seed = ?, chosen = ?,"
    " commitment = ?, creator = ?, created = ?, changed = ?, number = ?, version = ?,"
    " revision = ?, state = ?, declined = ?, finished = ?, bots = ?"
    " WHERE id = ? AND revision = ?"
)
_SWEEP = (
    "DELETE FROM rummy_tables"
    " WHERE (finished AND changed < ?) OR (NOT finished AND changed < ?) RETURNING id"
)
_FORGET = (
    "DELETE FROM rummy_changes WHERE table_id = ?",
    "DELETE FROM rummy_events WHERE table_id = ?",
)
_EVENTS = (
    "SELECT number, events FROM rummy_events WHERE table_id = ? AND seat = ?"
    " AND number > COALESCE((SELECT number FROM rummy_changes"
    " WHERE table_id = ? AND version = ?), -1)"
    " AND number <= ? ORDER BY number DESC LIMIT ?"
)


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


def _values(row: TableRow) -> tuple[Any, ...]:
    return (
        row.id,
        row.rules,
        json.dumps(list(row.seats)),
        json.dumps(list(row.tokens)),
        str(row.seed),
        row.chosen,
        row.commitment,
        row.creator,
        row.created,
        row.changed,
        row.number,
        row.version,
        row.revision,
        row.state,
        json.dumps(sorted(row.declined)),
        row.over,
        row.bots,
    )


def _row(values: Sequence[Any]) -> TableRow:
    (ident, rules, seats, tokens, seed, chosen, commitment, creator) = values[:8]
    (created, changed, number, version, revision, state, declined) = values[8:15]
    return TableRow(
        id=ident,
        rules=rules,
        seats=tuple(json.loads(seats)),
        tokens=tuple(json.loads(tokens)),
        seed=int(seed),
        chosen=bool(chosen),
        commitment=commitment,
        creator=creator,
        created=float(created),
        changed=float(changed),
        number=int(number),
        version=version,
        revision=int(revision),
        state=state,
        declined=frozenset(json.loads(declined)),
        over=bool(values[15]),
        bots=bool(values[16]),
    )


class SqlStorage(abc.ABC):
    """The storage's queries; a backend gives :meth:`_transaction` and :meth:`listen`.

    Statements are written with ``?``; a backend whose driver takes
    ``%s`` sets :attr:`marker`.
    """

    marker: ClassVar[str] = "?"

    # --- What a backend gives ------------------------------------------------

    @abc.abstractmethod
    def _transaction(self) -> contextlib.AbstractContextManager[Cursor]:
        """A cursor inside one transaction: committed on exit, rolled back on an error."""

    @abc.abstractmethod
    def _announce(self, cursor: Cursor, table: str) -> None:
        """Tell other processes, on commit, that ``table`` changed."""

    @abc.abstractmethod
    async def listen(self, wake: Callable[[str], None]) -> None:
        """Call ``wake(table)`` for each table other processes change, until cancelled."""

    @abc.abstractmethod
    def close(self) -> None:
        """Let go of the database."""

    # --- The queries ----------------------------------------------------------

    def _sql(self, text: str) -> str:
        return text if self.marker == "?" else text.replace("?", self.marker)

    def _create(self) -> None:
        with self._transaction() as cursor:
            self._create_in(cursor)

    @staticmethod
    def _create_in(cursor: Cursor) -> None:
        for statement in SCHEMA:
            cursor.execute(statement)

    @abc.abstractmethod
    def _reading(self) -> contextlib.AbstractContextManager[Cursor]:
        """A cursor for one read: a snapshot, taking no write lock."""

    def _fetch(self, text: str, params: Sequence[Any]) -> list[Any]:
        with self._reading() as cursor:
            cursor.execute(self._sql(text), params)
            return cursor.fetchall()

    def add(self, row: TableRow, first: Change) -> None:
        """Store a new table and its deal."""
        with self._transaction() as cursor:
            cursor.execute(self._sql(_INSERT), _values(row))
            self._insert(cursor, row.id, (first,))

    def _insert(self, cursor: Cursor, table: str, changes: Sequence[Change]) -> None:
        for change in changes:
            cursor.execute(
                self._sql(
                    "INSERT INTO rummy_changes (table_id, number, version, move)"
                    " VALUES (?, ?, ?, ?)"
                ),
                (table, change.number, change.version, change.move),
            )
            for seat, told in change.events.items():
                if told:  # a version that told a seat nothing needs no row
                    cursor.execute(
                        self._sql(
                            "INSERT INTO rummy_events (table_id, seat, number, events)"
                            " VALUES (?, ?, ?, ?)"
                        ),
                        (table, seat, change.number, json.dumps(list(told))),
                    )

    def get(self, table: str) -> TableRow | None:
        """The table's row, or None when there is no such table."""
        rows = self._fetch(_SELECT, (table,))
        return _row(rows[0]) if rows else None

    def save(self, row: TableRow, changes: Sequence[Change], *, revision: int) -> bool:
        """Replace the row read at ``revision`` and append ``changes``; False if it moved on."""
        with self._transaction() as cursor:
            cursor.execute(self._sql(_UPDATE), (*_values(row)[1:], row.id, revision))
            if cursor.rowcount != 1:
                return False
            self._insert(cursor, row.id, changes)
            self._announce(cursor, row.id)
        return True

    def events(
        self, table: str, seat: int, since: str | None, *, until: int, most: int
    ) -> tuple[list[Json], bool]:
        """The seat's events after version ``since`` up to number ``until``, and whether some were left out.

        ``since`` None, or a version the table never had, means from the
        deal; of the versions that told the seat anything, only the last
        ``most`` are read (True then says that earlier ones were left out).
        """
        rows = self._fetch(_EVENTS, (table, seat, table, since or "", until, most + 1))
        kept = rows[:most]
        events = [event for _, text in reversed(kept) for event in json.loads(text)]
        return events, len(rows) > most

    def moves(self, table: str) -> list[str]:
        """Every move of the table, in order, as a record replays them."""
        rows = self._fetch(
            "SELECT move FROM rummy_changes WHERE table_id = ? AND move IS NOT NULL"
            " ORDER BY number",
            (table,),
        )
        return [move for (move,) in rows]

    def created_by(self, creator: str, since: float) -> list[float]:
        """When each table that ``creator`` made after ``since`` was made, oldest first."""
        rows = self._fetch(
            "SELECT created FROM rummy_tables WHERE creator = ? AND created > ?"
            " ORDER BY created",
            (creator, since),
        )
        return [float(created) for (created,) in rows]

    def unfinished(self, creator: str | None = None) -> int:
        """How many tables are not over (made by ``creator``, or by anyone)."""
        if creator is None:
            rows = self._fetch(
                "SELECT COUNT(*) FROM rummy_tables WHERE NOT finished", ()
            )
        else:
            rows = self._fetch(
                "SELECT COUNT(*) FROM rummy_tables WHERE NOT finished AND creator = ?",
                (creator,),
            )
        return int(rows[0][0])

    def due(self) -> list[str]:
        """The tables whose bots have moves left to play."""
        rows = self._fetch(
            "SELECT id FROM rummy_tables WHERE bots AND NOT finished", ()
        )
        return [ident for (ident,) in rows]

    def sweep(self, *, finished: float, unfinished: float) -> int:
        """Delete finished tables unchanged since ``finished`` and others since ``unfinished``."""
        # One transaction: a move saved meanwhile either keeps its table (its
        # row is no longer old) or finds it gone, never half deleted.
        with self._transaction() as cursor:
            cursor.execute(self._sql(_SWEEP), (finished, unfinished))
            gone = [ident for (ident,) in cursor.fetchall()]
            for ident in gone:
                for statement in _FORGET:
                    cursor.execute(self._sql(statement), (ident,))
            return len(gone)
