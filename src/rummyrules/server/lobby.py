"""The tables a server serves: read from storage, played, saved before answering, waited on.

:class:`TableStore` is what the web app asks. It holds no table of its own:
every view and status reads the table's row from the storage, every move is
saved (with its version and its events) before its answer, and what it
keeps in memory are caches of what the storage holds (games read from their
JSON, views written as JSON, records, each table as this worker last read
or wrote it), keyed by version or revision. So a restart, or another worker
on the same PostgreSQL, serves every table where it was. A move is played on
the table as this worker last knew it, with no read first: the save is a
compare and set on the table's revision, so a table another worker changed
since is read again and the move tried on it.

On SQLite, reads, moves and the quick bots run on the event loop, as the
file answers in well under a millisecond; on PostgreSQL, whose every call
waits on the network, they run in threads, so the loop serves others
meanwhile. A table with a bot that searches (a second a move) plays in a
pool of two threads of its own, so that its thinking never stalls the
other tables. Two writers of one table (two workers, or a person and
the bots) are told apart by the storage's compare and set: the one that
comes second reads the table again and tries its move on it, so the rules,
not the timing, decide whether it still stands.

>>> import asyncio
>>> from rummyrules.server.limits import Limits
>>> store = TableStore(Limits())
>>> async def play():
...     table, tokens = await store.create(
...         "GinRummy", {}, ["human", "greedy"], seed=1, creator="::1"
...     )
...     again = await store.get(table.id)
...     return again.version == table.version, again.seat_of(tokens[0])
>>> from concurrent.futures import ThreadPoolExecutor
>>> with ThreadPoolExecutor(1) as pool:  # an event loop of its own
...     pool.submit(asyncio.run, play()).result()
(True, 0)
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import logging
import secrets
import time
import weakref
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from rummyrules.core.errors import RummyRulesError
from rummyrules.game.state import GameState
from rummyrules.server.admission import admit, sweep
from rummyrules.server.answers import Answers, record_document
from rummyrules.server.databases import open_storage
from rummyrules.server.documents import (
    ApiError,
    Json,
    rules_from_request,
)
from rummyrules.server.limits import Limits
from rummyrules.server.seats import THINKING, seat_kinds, table_seed
from rummyrules.server.signals import Cache, Signals
from rummyrules.server.storage import Storage
from rummyrules.server.tables import Step, Table, new_table

__all__ = ["TableStore"]

_log = logging.getLogger("rummyrules.server")
_T = TypeVar("_T")
_ATTEMPTS = 5  # reads and tries of one move while other writers keep coming first
_STALLED = 5.0  # seconds after which bots nobody plays are taken up by whoever reads
_SWEEP_EVERY = 300.0


class TableStore:
    """The server's tables, in a storage (SQLite in memory unless one is given).

    Every method a request awaits; :meth:`start` and :meth:`stop` run the
    background work (hearing other workers' changes, resuming bots left to
    play, deleting tables past their keeping).
    """

    def __init__(self, limits: Limits, storage: Storage | None = None) -> None:
        self.limits = limits
        self.storage = storage if storage is not None else open_storage("sqlite://")
        self.signals = Signals()
        self._games: Cache[tuple[str, str], GameState] = Cache(512)
        self.answers = Answers(self.storage, limits)
        self._records: Cache[str, Json] = Cache(128)
        # Each table as this worker last read or wrote it.
        self._latest: Cache[str, Table] = Cache(1024)
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )
        self._bot_pool = concurrent.futures.ThreadPoolExecutor(
            max_workers=2, thread_name_prefix="rummyrules-bots"
        )
        self._playing: set[str] = set()
        self.tasks: set[asyncio.Task[None]] = set()

    # --- Reading and saving (in threads) ---------------------------------------

    def _load(self, table_id: str) -> Table:
        row = self.storage.get(table_id)
        if row is None:
            raise ApiError(404, f"there is no table {table_id[:40]!r}")
        game = self._games.get((row.id, row.version))
        if game is None:
            table = Table.read(row)
            self._games.put((row.id, row.version), table.game)
        else:
            table = Table(row, game)
        self._latest.put(row.id, table)
        return table

    def _save(self, before: Table, step: Step) -> Table | None:
        row = attrs.evolve(step.table.row, changed=time.time())
        if not self.storage.save(row, step.changes, revision=before.row.revision):
            return None
        self._games.put((row.id, row.version), step.table.game)
        saved = Table(row, step.table.game)
        self._latest.put(row.id, saved)
        return saved

    def _step(
        self, table: Table, act: Callable[[Table], Step]
    ) -> tuple[Table, Table, Step]:
        """The table before, after and the step of the first attempt saved."""
        # The table the request read is tried first when it is the last this
        # worker read or wrote; the save's compare and set still refuses it
        # if another worker wrote since, and the table is read again.
        latest = self._latest.get(table.id)
        known = latest is not None and latest.row.revision == table.row.revision
        before = table if known else self._load(table.id)
        for _ in range(_ATTEMPTS):
            try:
                step = act(before)
            except ApiError:
                if before is not table:
                    raise
                # Refused on the table as the request read it: as the table is now?
                before = self._load(table.id)
                if before.row.revision == table.row.revision:
                    raise
                step = act(before)
            saved = self._save(before, step)
            if saved is not None:
                return before, saved, step
            before = self._load(table.id)
        message = "the table kept changing while your move was played: send it again"
        raise ApiError(409, message, retry_after=1)

    async def _run(self, work: Callable[[], _T], *, slow: bool = False) -> _T:
        """Do the work in the bots' pool when a bot thinks, in a thread on a network, else here."""
        if slow:
            pool = self._bot_pool
        elif self.storage.remote:
            pool = None  # the loop's own pool of threads
        else:
            return work()
        return await asyncio.get_running_loop().run_in_executor(pool, work)

    def _lock(self, table_id: str) -> asyncio.Lock:
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        return lock

    # --- What requests ask -------------------------------------------------------

    def known(self, table_id: str) -> Table | None:
        """The table as this worker last read or wrote it (maybe no longer as it is), or None.

        Enough to try a move on: the save's compare and set refuses a move
        played on a table another writer changed since, and it is tried
        again on the table read anew. None too for a table whose bots have
        moves left, read anew so that bots stalled on it are taken up.
        """
        table = self._latest.get(table_id)
        return None if table is None or table.row.bots else table

    async def get(self, table_id: str) -> Table:
        """The table as it is now (404 for none); bots stalled on it are taken up."""
        table = await self._run(lambda: self._load(table_id))
        stalled = time.time() - table.row.changed > _STALLED
        if table.row.bots and stalled and table_id not in self._playing:
            self._play_on(table)
        return table

    async def create(
        self,
        variant: object,
        options: object,
        seats: object,
        *,
        seed: object,
        creator: str,
    ) -> tuple[Table, dict[int, str]]:
        """A new table, saved, and the token of each human seat (400, 429, 503 refused)."""
        rules = rules_from_request(variant, options)
        kinds = seat_kinds(seats, rules.players)
        number, chosen = table_seed(seed)

        def make() -> tuple[Table, dict[int, str], bool]:
            now = time.time()
            admit(self.storage, self.limits, creator, now)
            try:
                table, tokens = new_table(
                    secrets.token_urlsafe(9), rules, kinds,
                    seed=number, chosen=chosen, creator=creator, now=now,
                )  # fmt: skip
            except RummyRulesError as error:
                raise ApiError(400, str(error)) from error
            self.storage.add(table.row, table.first_change())
            step = table.bots(self.limits)
            saved = self._save(table, step) if step.changes or step.more else table
            return saved or table, tokens, step.more

        # One address's tables are made one at a time, so that two made at
        # once cannot both pass its limits.
        async with self._lock("creator " + creator):
            slow = any(kind in THINKING for kind in kinds)
            table, tokens, more = await self._run(make, slow=slow)
        if more:
            self._play_on(table)
        return table, tokens

    async def move(self, table: Table, seat: int, text: str) -> Table:
        """Play a seat's move on the table read, then the bots, saved before this returns.

        Another writer may have come since ``table`` was read: the save's
        compare and set then refuses the move, and it is tried on the table
        read anew, so it is judged on the table as it is. Returns the table
        after.
        """
        return await self._act(table, lambda now: now.move(seat, text, self.limits))

    async def decline(
        self, table: Table, seat: int, version: str | None = None
    ) -> Table:
        """Let the claim offered to a seat go (F14-12), then the bots; the table after.

        With ``version``, only if the table is still at the version the
        person saw (409 if not).
        """
        return await self._act(
            table, lambda now: now.decline(seat, self.limits, version)
        )

    async def _act(self, table: Table, act: Callable[[Table], Step]) -> Table:
        async with self._lock(table.id):
            before, after, step = await self._run(
                lambda: self._step(table, act), slow=table.thinks
            )
        self.answers.played(before, after, step.changes)
        self.signals.wake(table.id)
        if step.more:
            self._play_on(after)
        return after

    async def answer(self, table: Table, seat: int, since: str | None) -> Json:
        """The seat's answer: version, view document and the events since ``since``."""
        body = await self.answer_body(table, seat, since)
        answer: Json = json.loads(body)
        return answer

    async def answer_body(self, table: Table, seat: int, since: str | None) -> bytes:
        """:meth:`answer` as the JSON body of an HTTP answer."""
        return await self._run(lambda: self.answers.told(table, seat, since))

    async def answer_to(self, after: Table, seat: int, since: str) -> bytes:
        """The answer to the move or decline that made ``after``, as JSON.

        Its events are those since the version the step was played on (from
        memory), or since ``since`` when this worker no longer remembers it.
        """
        body = self.answers.after_step(after, seat)
        return body if body is not None else await self.answer_body(after, seat, since)

    async def wait(
        self,
        table_id: str,
        version: str | None,
        seat: int | None,
        timeout: float | None,
    ) -> Table:
        """The table once it leaves ``version``, or as it is after ``timeout`` seconds.

        With ``seat``, at once when the game waits for that seat, so a long
        poll never stalls a player who has a move to make.
        """
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            signal = self.signals.event(table_id)
            try:
                table = await self.get(table_id)
                if table.version != version or (
                    seat is not None and table.awaits(seat)
                ):
                    return table
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return table
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(signal.wait(), left)
            finally:
                self.signals.leave(table_id)

    async def record(self, table_id: str) -> Json:
        """The record, the winners and the seed, once the game is over (409 before)."""

        def read() -> Json:
            known = self._records.get(table_id)
            if known is not None:
                return known
            table = self._load(table_id)
            if not table.game.is_over:
                message = "the game is not over yet: its record comes at the end"
                raise ApiError(409, message)
            body = record_document(table, self.storage.moves(table.id))
            self._records.put(table_id, body)
            return body

        return await self._run(read)

    # --- Bots playing on, and the background -------------------------------------

    def _play_on(self, table: Table) -> None:
        if table.id in self._playing:
            return
        self._playing.add(table.id)
        self._spawn(self._bots(table.id, slow=table.thinks))

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            _log.error("background work failed", exc_info=task.exception())

    async def _bots(self, table_id: str, *, slow: bool) -> None:
        """Bots play a table a batch at a time, until a person must act or another writer did."""
        try:
            more = True
            while more:
                await asyncio.sleep(0)  # answers and other tables first
                async with self._lock(table_id):
                    step = await self._run(lambda: self._bot_step(table_id), slow=slow)
                if step is None:
                    return
                self.signals.wake(table_id)
                more = step
        except ApiError:
            return  # the table is gone
        except Exception:  # noqa: BLE001 - a task in the background logs what failed and ends
            _log.exception("the bots of table %s failed", table_id)
        finally:
            self._playing.discard(table_id)

    def _bot_step(self, table_id: str) -> bool | None:
        """One batch of bot moves, saved; whether more are left (None: nothing was saved)."""
        before = self._load(table_id)
        step = before.bots(self.limits)
        if not step.changes and step.more == before.row.bots:
            return None
        return None if self._save(before, step) is None else step.more

    async def _sweeping(self) -> None:
        while True:
            try:
                await self._run(lambda: sweep(self.storage, self.limits, time.time()))
            except Exception:  # noqa: BLE001 - the sweep logs what failed and tries again later
                _log.exception("deleting old tables failed")
            await asyncio.sleep(_SWEEP_EVERY)

    async def start(self) -> None:
        """Begin the background: other workers' changes, bots left to play, old tables."""
        self._spawn(self.storage.listen(self.signals.wake))
        self._spawn(self._sweeping())
        for table_id in await self._run(self.storage.due):
            with contextlib.suppress(ApiError):  # swept meanwhile
                self._play_on(await self.get(table_id))

    async def stop(self) -> None:
        """End the background work and let go of the storage."""
        for task in list(self.tasks):
            task.cancel()
        for task in list(self.tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._bot_pool.shutdown(wait=True, cancel_futures=True)
        self.storage.close()
