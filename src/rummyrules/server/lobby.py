"""The tables a server serves: read from storage, played, saved before answering, waited on.

:class:`TableStore` is what the web app asks. It holds no table of its own:
every request reads the table's row from the storage, every move is saved
(with its version and its events) before its answer, and what it keeps in
memory are caches of what the storage holds (games read from their JSON,
view documents, records), keyed by version. So a restart, or another
worker on the same PostgreSQL, serves every table where it was.

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
import logging
import secrets
import time
import weakref
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from rummyrules.core.errors import RummyRulesError
from rummyrules.formats.records import record_game
from rummyrules.game.registry import parse_rules
from rummyrules.game.state import GameState
from rummyrules.server.admission import admit, sweep
from rummyrules.server.databases import open_storage
from rummyrules.server.documents import (
    ApiError,
    Json,
    SeatView,
    rules_from_request,
)
from rummyrules.server.limits import Limits
from rummyrules.server.seats import THINKING, seat_kinds, table_seed
from rummyrules.server.signals import Cache, Signals
from rummyrules.server.storage import Change, Storage
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
        self._documents: Cache[tuple[str, str, int], SeatView] = Cache(1024)
        # The changes of this worker's last steps, by table, version before and after.
        self._steps: Cache[tuple[str, str, str], tuple[Change, ...]] = Cache(1024)
        self._records: Cache[str, Json] = Cache(128)
        # The revision of each table this worker last read or wrote (-1: unknown).
        self._revisions: Cache[str, int] = Cache(4096)
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
        self._revisions.put(row.id, row.revision)
        game = self._games.get((row.id, row.version))
        if game is None:
            table = Table.read(row)
            self._games.put((row.id, row.version), table.game)
            return table
        return Table(row, game)

    def _save(self, before: Table, step: Step) -> Table | None:
        row = attrs.evolve(step.table.row, changed=time.time())
        if not self.storage.save(row, step.changes, revision=before.row.revision):
            self._revisions.put(row.id, -1)  # another writer came first: read again
            return None
        self._revisions.put(row.id, row.revision)
        self._games.put((row.id, row.version), step.table.game)
        return Table(row, step.table.game)

    def _step(
        self, table: Table, act: Callable[[Table], Step]
    ) -> tuple[Table, Table, Step]:
        """The table before, after and the step of the first attempt saved."""
        # The table the request read is tried first when it is the last this
        # worker read or wrote; the save's compare and set still refuses it
        # if another worker wrote since, and the table is read again.
        known = self._revisions.get(table.id) == table.row.revision
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

        The table is read again first, as another writer may have come
        between: the move is tried on the table as it is. Returns the table
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
        # What the step changed, for the answer to the version it was played on.
        self._steps.put((after.id, before.version, after.version), step.changes)
        self.signals.wake(table.id)
        if step.more:
            self._play_on(after)
        return after

    def _told(
        self, table: Table, seat: int, since: str | None
    ) -> tuple[SeatView, list[Json], bool]:
        """The seat's view of the table, its events since ``since`` and whether earlier ones were left out."""
        key = (table.id, table.version, seat)
        seen = self._documents.get(key)
        if seen is None:
            seen = SeatView.of(table.game, seat)
            self._documents.put(key, seen)
        most = self.limits.events_per_answer
        changes = self._steps.get((table.id, since or "", table.version))
        if changes is None:
            events, earlier = self.storage.events(
                table.id, seat, since, until=table.row.number, most=most
            )
            return seen, events, earlier
        # The versions since ``since`` are this worker's step's: the storage's
        # answer, without asking it (as it does, only versions that told the
        # seat anything count towards ``most``).
        told = [change.events.get(seat) for change in changes]
        rows = [list(events) for events in told if events]
        events = [event for row in rows[-most:] for event in row] if most else []
        return seen, events, len(rows) > most

    async def answer(self, table: Table, seat: int, since: str | None) -> Json:
        """The seat's answer: version, view document and the events since ``since``."""

        def read() -> Json:
            seen, events, earlier = self._told(table, seat, since)
            return seen.answer_document(table.version, seat, events, earlier=earlier)

        return await self._run(read)

    async def answer_body(self, table: Table, seat: int, since: str | None) -> bytes:
        """:meth:`answer` as the JSON body of an HTTP answer."""

        def read() -> bytes:
            seen, events, earlier = self._told(table, seat, since)
            return seen.answer(table.version, seat, events, earlier=earlier)

        if self._steps.get((table.id, since or "", table.version)) is not None:
            return read()  # nothing to wait for: no need of a thread
        return await self._run(read)

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
            row = table.row
            record = record_game(
                parse_rules(row.rules),
                seed=row.seed,
                moves=self.storage.moves(row.id),
                table=row.id,
                commitment=row.commitment,
            )
            body = {
                "record": str(record),
                "winners": list(table.game.winners),
                "table": row.id,
                "seed": str(row.seed),
                "commitment": row.commitment,
            }
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
