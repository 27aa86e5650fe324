"""What a table is in the database: its row, its changes, and the storage interface.

Everything a table must keep across a crash is here: the row
(:class:`TableRow`, the table as it is now: seats, hashed tokens, seed,
commitment, the game state as JSON, its version) and one
:class:`Change` per version (the move that made it and the events each
person's seat was told). A worker holds nothing else but caches of these,
so any number of workers, on any number of hosts, serve the same tables.

:class:`Storage` is the interface, with two implementations behind one
body of SQL (:mod:`rummyrules.server.sql`): SQLite and PostgreSQL;
:func:`~rummyrules.server.databases.open_storage` opens one from a URL.

>>> from rummyrules.server.databases import open_storage
>>> storage = open_storage("sqlite://")
>>> storage.get("nope") is None
True
>>> storage.close()
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

import attrs

__all__ = [
    "WAKE_ALL",
    "Change",
    "Storage",
    "TableRow",
    "hash_token",
]

Json = dict[str, Any]

WAKE_ALL = "*"
"""What :meth:`Storage.listen` passes for "every table": after a reconnect, a change may have gone unheard."""


def hash_token(token: str) -> str:
    """The SHA-256 of a seat token, as the database keeps it (never the token).

    A stolen copy of the database gives no one a seat.

    >>> len(hash_token("abc")), hash_token("abc") == hash_token("abc")
    (64, True)
    """
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@attrs.frozen(kw_only=True)
class TableRow:
    """A table as the database holds it now.

    Attributes:
        id: The table's id (random, in its URL).
        rules: The rules as one line (:func:`~rummyrules.rules_text`).
        seats: Each seat's kind: ``human`` or a bot's name.
        tokens: Each seat's token hashed by :func:`hash_token`; None for a bot.
        seed: The seed of every shuffle of the game.
        chosen: Whether the table's creator chose the seed.
        commitment: SHA-256 over the table id, the salt and the seed
            (:func:`~rummyrules.formats.records.seed_commitment`), shown from
            the start.
        creator: The address that asked for the table (for its limits).
        created: When it was made (seconds since the epoch).
        changed: When it last changed.
        number: How many versions came after the deal (0 at the deal).
        version: The current version: a random string.
        revision: Counts every write, declines included, so two writers
            of one row can tell that the other came first.
        state: The game, as :func:`~rummyrules.dumps` writes it.
        declined: The seats that let the current claim go (F14-12).
        over: Whether the game is over.
        bots: Whether bots have moves to play that nobody played yet.
        salt: The secret salt committed with the seed (32 hex digits),
            shown only once the game is over; ``''`` for a table made
            before salts, whose commitment is to the seed alone.
    """

    id: str
    rules: str
    seats: tuple[str, ...]
    tokens: tuple[str | None, ...]
    seed: int
    chosen: bool
    commitment: str
    creator: str
    created: float
    changed: float
    number: int
    version: str
    revision: int
    state: str
    declined: frozenset[int] = frozenset()
    over: bool = False
    bots: bool = False
    salt: str = ""


@attrs.frozen(kw_only=True)
class Change:
    """One version of a table: the move that made it and what each person was told.

    Attributes:
        number: 0 for the deal, then 1, 2, ... one per move.
        version: The version's random string.
        move: The move as a record replays it; None for the deal.
        events: For each human seat, its events of this version as JSON.
    """

    number: int
    version: str
    move: str | None
    events: Mapping[int, Sequence[Json]]


class Storage(Protocol):
    """Where tables last: one row each, and one change per version.

    Every method is synchronous and safe to call from several threads.
    :meth:`save` is a compare and set: of two writers who read the same
    revision, one saves and the other is told so, and reads again.
    ``remote`` says whether a call waits on a network (PostgreSQL): the
    server then makes it from a thread, so that the event loop serves
    others meanwhile; a file's calls (SQLite) are quicker made on the loop.
    """

    @property
    def remote(self) -> bool:
        """Whether a call waits on a network (and is better made from a thread)."""

    def add(self, row: TableRow, first: Change) -> None:
        """Store a new table and its deal."""

    def get(self, table: str) -> TableRow | None:
        """The table's row, or None when there is no such table."""

    def save(self, row: TableRow, changes: Sequence[Change], *, revision: int) -> bool:
        """Replace the row read at ``revision`` and append ``changes``; False if it moved on."""

    def events(
        self, table: str, seat: int, since: str | None, *, until: int, most: int
    ) -> tuple[list[Json], bool]:
        """The seat's events after version ``since`` to number ``until``, of at most ``most`` versions.

        The second value says whether earlier versions were left out.
        """

    def moves(self, table: str) -> list[str]:
        """Every move of the table, in order, as a record replays them."""

    def created_by(self, creator: str, since: float) -> list[float]:
        """When each table that ``creator`` made after ``since`` was made, oldest first."""

    def unfinished(self, creator: str | None = None) -> int:
        """How many tables are not over (made by ``creator``, or by anyone)."""

    def due(self) -> list[str]:
        """The tables whose bots have moves left to play."""

    def sweep(self, *, finished: float, unfinished: float) -> int:
        """Delete finished tables unchanged since ``finished`` and others since ``unfinished``."""

    async def listen(self, wake: Callable[[str], None]) -> None:
        """Call ``wake(table)`` for each table another process changes, until cancelled."""

    def close(self) -> None:
        """Let go of the database."""
