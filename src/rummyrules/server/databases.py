"""Opening a table storage from a database URL, and the default database.

``sqlite:///PATH`` is a file (``sqlite:////abs/path`` or, relative to the
working folder, ``sqlite:///name.sqlite3``; its folder is made; add
``?synchronous=full`` to sync every commit to disk), and
``sqlite://`` alone a database in memory that lasts as long as its storage;
``postgresql://...`` (or ``postgres://``) goes to psycopg as it is, with the
extra ``[postgres]``.

>>> storage = open_storage("sqlite://")
>>> storage.unfinished()
0
>>> storage.close()
"""

from __future__ import annotations

from pathlib import Path

import platformdirs

from rummyrules.server.sqlite import SQLiteStorage
from rummyrules.server.storage import Storage

__all__ = [
    "DatabaseURLError",
    "default_database",
    "open_storage",
    "shown_url",
    "sqlite_file",
]


class DatabaseURLError(ValueError):
    """A database URL the server cannot open.

    >>> open_storage("mysql://x")
    Traceback (most recent call last):
    ...
    rummyrules.server.databases.DatabaseURLError: a database URL is sqlite:///PATH or postgresql://..., not 'mysql://x'
    """


def default_database() -> str:
    """The database ``rummyrules serve`` uses by default: a file in the user's data folder.

    >>> url = default_database()
    >>> (
    ...     url.startswith("sqlite:////") or url.startswith("sqlite:///"),
    ...     url.endswith("tables.sqlite3"),
    ... )
    (True, True)
    """
    folder = Path(platformdirs.user_data_dir("rummyrules"))
    return "sqlite:///" + str(folder / "tables.sqlite3")


def shown_url(url: str, most: int = 60) -> str:
    """A database URL as a log or an error may show it: no password, at most ``most`` characters.

    >>> shown_url("postgresql://me:secret@db.example/games")
    'postgresql://me:***@db.example/games'
    """
    scheme, sep, rest = url.partition("://")
    user, at, host = rest.rpartition("@")
    if at and ":" in user:
        rest = user.split(":", 1)[0] + ":***@" + host
    text = scheme + sep + rest
    return text if len(text) <= most else text[: most - 3] + "..."


def _sqlite_parts(url: str) -> tuple[Path, dict[str, str]]:
    where, _, query = url.removeprefix("sqlite:///").partition("?")
    options = dict(part.partition("=")[::2] for part in query.split("&") if part)
    unknown = set(options) - {"synchronous"}
    if unknown:
        message = (
            f"a SQLite URL takes ?synchronous=normal or full, not {shown_url(query)!r}"
        )
        raise DatabaseURLError(message)
    return Path(where), options


def sqlite_file(url: str) -> Path | None:
    """The file a ``sqlite:///PATH`` URL names; None for a database in memory or PostgreSQL.

    >>> sqlite_file("sqlite:////srv/rummy/tables.sqlite3?synchronous=full")
    PosixPath('/srv/rummy/tables.sqlite3')
    >>> sqlite_file("sqlite://"), sqlite_file("postgresql://db/rummy")
    (None, None)
    """
    if url.startswith("sqlite:///") and len(url) > len("sqlite:///"):
        return _sqlite_parts(url)[0]
    return None


def open_storage(url: str, *, check: bool = False) -> Storage:
    """The storage a database URL names, its relations made or migrated to this code's schema.

    With ``check``, a SQLite file is read whole first, and refused if
    SQLite cannot read it (``rummyrules serve`` checks so once, at start).
    A database it cannot serve raises
    :class:`~rummyrules.server.schema.UnusableDatabaseError` (a
    ``ValueError``), one newer than this code
    :class:`~rummyrules.server.schema.NewerDatabaseError`.

    >>> open_storage("sqlite://").due()
    []
    """
    if not isinstance(url, str):
        raise TypeError(f"a database URL is text, not {type(url).__name__}")
    if url == "sqlite://":
        return SQLiteStorage(":memory:")
    if url.startswith("sqlite:///") and len(url) > len("sqlite:///"):
        path, options = _sqlite_parts(url)
        path.parent.mkdir(parents=True, exist_ok=True)
        return SQLiteStorage(
            str(path), synchronous=options.get("synchronous", "normal"), check=check
        )
    if url.startswith(("postgresql://", "postgres://")):
        # The extra [postgres] is loaded only when a PostgreSQL URL asks for it.
        from rummyrules.server.postgres import PostgresStorage  # noqa: PLC0415

        return PostgresStorage(url)
    message = (
        f"a database URL is sqlite:///PATH or postgresql://..., not {shown_url(url)!r}"
    )
    raise DatabaseURLError(message)
