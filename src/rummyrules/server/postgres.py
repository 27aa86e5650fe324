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
import logging
from collections.abc import Callable, Iterator, Sequence
from typing import Any, ClassVar

import psycopg
import psycopg_pool

from rummyrules.server.sql import Cursor, SqlStorage
from rummyrules.server.storage import WAKE_ALL

__all__ = ["CHANNEL", "PostgresStorage"]

CHANNEL = "rummyrules_tables"
"""The channel of ``LISTEN``/``NOTIFY`` that carries the id of each table changed."""


_log = logging.getLogger("rummyrules.server")


class _Pipelined:
    """A cursor in a pipeline: statements are sent together, and wait for their results only when asked."""

    def __init__(self, cursor: psycopg.Cursor[Any], pipeline: psycopg.Pipeline) -> None:
        self._cursor, self._pipeline = cursor, pipeline

    @property
    def rowcount(self) -> int:
        """Rows the last statement changed, once the statements sent so far have run."""
        self._pipeline.sync()
        return self._cursor.rowcount

    def execute(self, sql: str, params: Sequence[Any] = (), /) -> Any:
        """Send one statement, not waiting for it."""
        return self._cursor.execute(sql, params)

    def fetchone(self) -> Any:
        """The next row (the statements sent so far run first)."""
        return self._cursor.fetchone()

    def fetchall(self) -> list[Any]:
        """Every row left (the statements sent so far run first)."""
        return self._cursor.fetchall()


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

    @contextlib.contextmanager
    def _saving(self) -> Iterator[Cursor]:
        # A move's save in two round trips, however many changes it appends:
        # BEGIN and the update (whose count says whether the row was still
        # at its revision), then the inserts, the notice and the COMMIT.
        with (
            self._pool.connection() as connection,
            connection.pipeline() as pipeline,
            connection.transaction(),
            connection.cursor() as cursor,
        ):
            yield _Pipelined(cursor, pipeline)

    def _create(self) -> None:
        # Workers starting together would race on CREATE ... IF NOT EXISTS.
        with self._transaction() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(7160028)")
            super()._create_in(cursor)

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
