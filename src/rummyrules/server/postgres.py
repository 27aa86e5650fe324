"""Tables in PostgreSQL (extra ``[postgres]``: psycopg 3 and its pool), shared by workers and hosts.

Every worker of every host opens the same database; a change is committed
with a ``NOTIFY`` on the channel ``rummyrules_tables`` carrying the table's
id, which PostgreSQL delivers to every listener once the transaction
commits, so a worker wakes its long polls and WebSockets for a move
another worker took. Two workers saving one table at once are told apart
by the row's revision (:meth:`~rummyrules.server.sql.SqlStorage.save`).

The tests run against a real server (tests/server/test_storage.py, and
every server test given the ``postgres`` fixture of tests/server/conftest.py)::

    storage = PostgresStorage("postgresql://127.0.0.1:5432/test")
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
from collections.abc import Callable, Iterator, Sequence
from typing import ClassVar

import psycopg
import psycopg_pool

from rummyrules.server.schema import UnusableDatabaseError

# The update and its values are sql.py's, so that a column added there is
# written here too.
from rummyrules.server.sql import _UPDATE, Cursor, SqlStorage, _values
from rummyrules.server.storage import WAKE_ALL, Change, TableRow

__all__ = ["CHANNEL", "PostgresStorage"]

CHANNEL = "rummyrules_tables"
"""The channel of ``LISTEN``/``NOTIFY`` that carries the id of each table changed."""


_log = logging.getLogger("rummyrules.server")


@functools.lru_cache(maxsize=64)
def _saved(changes: int, told: int) -> str:
    """The statement of a save of ``changes`` changes telling ``told`` seats' events.

    Each insert takes its rows only where the update matched the row at the
    revision read (``moved`` is empty otherwise), and ``NOTIFY`` is sent for
    the row moved (on commit): the statement answers one row if it saved.

    >>> _saved(1, 0).startswith("WITH moved AS (UPDATE rummy_tables SET rules = %s")
    True
    """
    # Only placeholders are joined in, by count: every value is a parameter.
    rows = ", ".join(["(%s::integer, %s::text, %s::text)"] * changes)
    seats = ", ".join(["(%s::integer, %s::integer, %s::text)"] * told)
    parts = [f"WITH moved AS ({_UPDATE.replace('?', '%s')} RETURNING id)"]
    if changes:
        parts.append(
            ", changed AS (INSERT INTO rummy_changes (table_id, number, version, move)"  # noqa: S608 - placeholders only, see above
            f" SELECT moved.id, v.number, v.version, v.move FROM moved,"
            f" (VALUES {rows}) AS v (number, version, move))"
        )
    if told:
        parts.append(
            ", told AS (INSERT INTO rummy_events (table_id, seat, number, events)"  # noqa: S608 - placeholders only, see above
            f" SELECT moved.id, v.seat, v.number, v.events FROM moved,"
            f" (VALUES {seats}) AS v (seat, number, events))"
        )
    parts.append(" SELECT pg_notify(%s, id) FROM moved")
    return "".join(parts)


class PostgresStorage(SqlStorage):
    """:class:`~rummyrules.server.storage.Storage` in PostgreSQL, through a pool of connections."""

    marker: ClassVar[str] = "%s"

    remote: ClassVar[bool] = True  # every call waits on a network round trip

    def __init__(self, url: str, *, connections: int = 8) -> None:
        self.url = url
        # In autocommit a read is one round trip, not three (BEGIN, the
        # statement, COMMIT); a write opens its own transaction.
        self._pool = psycopg_pool.ConnectionPool(
            url,
            min_size=1,
            max_size=connections,
            open=False,
            kwargs={"autocommit": True},
        )
        try:
            # One connection first: its error says why (the pool's only that it timed out).
            psycopg.connect(url, connect_timeout=10).close()
            self._pool.open(wait=True, timeout=10.0)
            self._create()
        except (psycopg.Error, psycopg_pool.PoolTimeout) as error:
            self._pool.close()
            message = f"cannot open the database: {str(error).strip()[:200]}"
            raise ConnectionError(message) from error
        except UnusableDatabaseError:  # newer than this code, or not ours
            self._pool.close()
            raise

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[Cursor]:
        # Committed on a clean exit, rolled back on an error.
        with (
            self._pool.connection() as connection,
            connection.transaction(),
            connection.cursor() as cursor,
        ):
            yield cursor

    @contextlib.contextmanager
    def _reading(self) -> Iterator[Cursor]:
        # One statement in autocommit: a snapshot of its own, taking no lock.
        with self._pool.connection() as connection, connection.cursor() as cursor:
            yield cursor

    def save(self, row: TableRow, changes: Sequence[Change], *, revision: int) -> bool:
        """Replace the row read at ``revision`` and append ``changes``; False if it moved on.

        One statement, whatever the changes (a round trip, and psycopg's
        work for one statement, not eight): the update, the changes' and
        the events' rows only where the update found the row at
        ``revision``, and the notice, all in its own transaction.
        """
        changed = [(c.number, c.version, c.move) for c in changes]
        told = [
            (seat, c.number, json.dumps(list(events)))
            for c in changes
            for seat, events in c.events.items()
            if events  # a version that told a seat nothing needs no row
        ]
        statement = _saved(len(changed), len(told))
        update = (*_values(row)[1:], row.id, revision)
        flat = [value for values in (*changed, *told) for value in values]
        # In autocommit: the statement is a transaction of its own.
        with self._pool.connection() as connection:
            saved = connection.execute(statement, (*update, *flat, CHANNEL))
            return saved.fetchone() is not None

    def _lock_schema(self, cursor: Cursor) -> None:
        # Workers and hosts starting together would race on making or
        # migrating the relations: the first migrates, the others then find
        # the version current. The lock goes with the transaction.
        cursor.execute("SELECT pg_advisory_xact_lock(7160028)")

    def _columns(self, cursor: Cursor, relation: str) -> set[str]:
        # to_regclass finds the relation as an unqualified name in a query
        # would (the search_path), and None where there is none.
        cursor.execute(
            "SELECT attname FROM pg_attribute WHERE attrelid = to_regclass(%s)"
            " AND attnum > 0 AND NOT attisdropped",
            (relation,),
        )
        return {name for (name,) in cursor.fetchall()}

    def _announce(self, cursor: Cursor, table: str) -> None:
        cursor.execute("SELECT pg_notify(%s, %s)", (CHANNEL, table))

    async def listen(self, wake: Callable[[str], None]) -> None:
        """Wake each table another process changes, until cancelled; reconnect when cut."""
        while True:
            try:
                connection = await psycopg.AsyncConnection.connect(
                    self.url, autocommit=True
                )
                async with connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    wake(WAKE_ALL)  # what changed while nobody listened
                    async for notice in connection.notifies():
                        wake(notice.payload)
            except Exception as error:  # noqa: BLE001 - whatever cut it, listen again
                _log.warning("listening for changes failed (%s); again in 1 s", error)
                await asyncio.sleep(1.0)

    def close(self) -> None:
        """Close the pool's connections."""
        self._pool.close()
