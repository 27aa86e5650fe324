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
from collections.abc import Callable, Iterator
from typing import ClassVar

import psycopg
import psycopg_pool

from rummyrules.server.schema import UnusableDatabaseError
from rummyrules.server.sql import Cursor, SqlStorage
from rummyrules.server.storage import WAKE_ALL

__all__ = ["CHANNEL", "PostgresStorage"]

CHANNEL = "rummyrules_tables"
"""The channel of ``LISTEN``/``NOTIFY`` that carries the id of each table changed."""


_log = logging.getLogger("rummyrules.server")


class PostgresStorage(SqlStorage):
    """:class:`~rummyrules.server.storage.Storage` in PostgreSQL, through a pool of connections."""

    marker: ClassVar[str] = "%s"

    remote: ClassVar[bool] = True  # every call waits on a network round trip

    def __init__(self, url: str, *, connections: int = 8) -> None:
        self.url = url
        self._pool = psycopg_pool.ConnectionPool(
            url, min_size=1, max_size=connections, open=False
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
        # The pool commits on a clean exit and rolls back on an error.
        with self._pool.connection() as connection, connection.cursor() as cursor:
            yield cursor

    def _reading(self) -> contextlib.AbstractContextManager[Cursor]:
        return self._transaction()  # a read-only transaction takes no lock

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
