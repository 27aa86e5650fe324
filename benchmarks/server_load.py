"""Load on the game server: many clients playing real games over HTTP on loopback.

    python benchmarks/server_load.py                       # 200 clients, 60 s, SQLite
    python benchmarks/server_load.py --database postgres   # the same on PostgreSQL
    python benchmarks/server_load.py --clients 20 --seconds 5 --no-hostile
    python benchmarks/server_load.py --url http://127.0.0.1:8000   # a server of your own
    python benchmarks/server_load.py --profile server.prof   # the server under cProfile

Without ``--url`` the server runs in a child process (its own interpreter,
as ``rummyrules serve`` would), listening on a free port of 127.0.0.1, over
``--database``: ``sqlite`` (a file in a temporary folder, so that every
commit reaches the disk as in production), ``postgres`` (a database of the
run's own on the server of ``$RUMMYRULES_POSTGRES``, by default
postgresql://127.0.0.1:5432/test, dropped at the end) or a database URL.

Four clients in five each play the human seat of a table against bots
(End of the Page, 1400, Going Out Rummy, Gin Rummy in turn), choosing
random legal moves and letting 1400 claims go half the time; the fifth
client and its neighbour play the two human seats of one Gin Rummy or
Going Out table against each other, the seat out of turn waiting in a long
poll. Each client starts a new table when its game ends. Each client has
an address of its own (client N connects from 127.0.1.N+1), as players
would, so the server's per-address limits hold for them as for anyone: a
client past its address's request rate waits as its ``429`` tells it
(``Retry-After``) and asks again, as a script should; the report counts
those waits, and a move's latency is that of the request answered.

With ``--hostile`` (the default) one more client, from 127.0.0.2, asks for
new tables as fast as one connection can for the whole run, and every few
seconds opens connections past the server's cap of one address.

With ``--flood http`` or ``--flood ws`` one more client, from 127.0.0.3,
makes a Gin Rummy table and sends a move the rules refuse, over and over,
as fast as it can, never reading ``Retry-After``: on :data:`FLOODS`
keep-alive connections (``http``), or on one WebSocket, connecting again
whenever the server closes it (``ws``), in a process of its own. The other
clients' latencies show what the flood costs them.

It prints the moves the clients sent per second (and the moves of every
seat, bots included, of the games finished), the median and 99th
percentile latency of a move request (the bots' replies included), the
errors (any answer but 200/201, or no answer), what the hostile address
sent and got, the server process's CPU time over the load (user and
system, from ``/proc``: not its start) and that time over the moves sent,
"CPU a move" (everything the server did: bots, views, long polls, new
tables, records, the hostile address; with ``--url``, unknown), and checks
that nothing was lost or corrupted: every finished game's record, fetched
from the server, replays with :func:`rummyrules.replay` to the winners the
server showed, and every table left unfinished still answers its status.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode, urlsplit

import attrs

from rummyrules import RummyRulesError, parse_record, replay

if TYPE_CHECKING:
    from rummyrules.server import Limits

Json = dict[str, Any]

HOSTILE = "127.0.0.2"
"""The hostile client's address; the ordinary clients' are 127.0.1.1 and on."""
CAP = 64
"""Connections one address may hold (``Limits().max_per_ip``, the server's default)."""
HAMMERS = 16
"""Keep-alive connections the hostile address asks for new tables on, each as fast as it can."""
TABLES_PER_MINUTE = 120
"""New tables an address may make in a minute, in this benchmark's server.

The default (20) is less than a fast client makes: a random Gin Rummy hand
against bots, over loopback, often ends within a second or two.
"""
FLOODER = "127.0.0.3"
"""The flooding client's address (``--flood``)."""
FLOODS = 16
"""Keep-alive connections the HTTP flood sends refused moves on, each as fast as it can."""
REFUSED = "knock"
"""The flood's move: refused by the rules (GIN-3), the flooding seat never taking its upcard."""
POSTGRES = os.environ.get("RUMMYRULES_POSTGRES", "postgresql://127.0.0.1:5432/test")
"""The PostgreSQL server ``--database postgres`` makes the run's database on."""

TABLES: tuple[tuple[str, Json], ...] = (
    ("EndOfThePage", {"rounds": 2}),
    ("FourteenHundred", {"players": 3, "target": 400}),
    ("GoingOutRummy", {"players": 3, "max_turns": 60}),
    ("GinRummy", {}),
)
PAIRS: tuple[tuple[str, Json], ...] = (
    ("GinRummy", {}),
    ("GoingOutRummy", {"max_turns": 40}),
)


@attrs.define
class Tally:
    """What the clients counted."""

    moves: int = 0
    latencies: list[float] = attrs.Factory(list)
    errors: int = 0
    error_kinds: dict[str, int] = attrs.Factory(dict)
    refusals: list[str] = attrs.Factory(list)
    games: int = 0
    game_moves: int = 0
    bad_records: int = 0
    polls: int = 0
    slowed: int = 0
    unfinished: set[str] = attrs.Factory(set)

    def error(self, what: str) -> None:
        """Count one error by its kind."""
        self.errors += 1
        self.error_kinds[what] = self.error_kinds.get(what, 0) + 1


@attrs.define
class HostileTally:
    """What the hostile address sent and what it got."""

    sent: int = 0
    created: list[str] = attrs.Factory(list)
    refused: int = 0
    retry_after: int = 0
    other: dict[str, int] = attrs.Factory(dict)
    resets: int = 0
    opened: int = 0
    turned_away: int = 0
    held: int = 0

    def lines(self) -> list[str]:
        """What the hostile address did and got, as text."""
        return [
            f"hostile {HOSTILE}: {self.sent} requests for a new table on {HAMMERS}"
            " connections:"
            f" {len(self.created)} made (201), {self.refused} refused (429, of which"
            f" {self.retry_after} with Retry-After), other {self.other or 0},"
            f" {self.resets} resets or no answer",
            f"hostile {HOSTILE}: {self.opened} connections opened in bursts of"
            f" {CAP + 4} beside its own: {self.turned_away} turned away at once (429),"
            f" {self.held} held open",
        ]


@attrs.define
class FloodTally:
    """What the flooding address sent and what it got."""

    kind: str
    sent: int = 0
    refused: int = 0
    limited: int = 0
    retry_after: int = 0
    closes: dict[str, int] = attrs.Factory(dict)
    handshakes: dict[str, int] = attrs.Factory(dict)
    other: dict[str, int] = attrs.Factory(dict)
    resets: int = 0

    def answer(self, status: int, *, retry_after: bool) -> None:
        """Count an HTTP answer: the rules' refusal (409), the rate's (429), or another."""
        if status == 409:
            self.refused += 1
        elif status == 429:
            self.limited += 1
            self.retry_after += retry_after
        else:
            self.other[str(status)] = self.other.get(str(status), 0) + 1

    def message(self, text: str | bytes) -> None:
        """Count a WebSocket message: the rules' refusal, the rate's, or an update."""
        document = json.loads(text)
        if document.get("type") != "error":
            return
        if document.get("rule") is not None:
            self.refused += 1
        else:
            self.limited += 1
            self.retry_after += "retry_after" in document

    def lines(self) -> list[str]:
        """What the flooding address did and got, as text."""
        where = f"{FLOODS} connections" if self.kind == "http" else "a WebSocket"
        return [
            f"flood {FLOODER}: {self.sent} refused moves sent on {where}:"
            f" {self.refused} refused by the rules, {self.limited} by the rate"
            f" (of which {self.retry_after} with Retry-After)"
            + (f", closed {self.closes}" if self.closes else "")
            + (f", handshakes refused {self.handshakes}" if self.handshakes else "")
            + f", other {self.other or 0}, {self.resets} resets or no answer"
        ]


@attrs.frozen
class Report:
    """The figures of one run."""

    database: str
    clients: int
    seconds: float
    tally: Tally
    hostile: HostileTally | None = None
    flood: FloodTally | None = None
    lost: int = 0
    server_cpu: float | None = None
    """The server process's CPU seconds (user and system) over the load, when known."""

    @property
    def failed(self) -> bool:
        """Whether an ordinary client erred, something was lost, or the hostile one was cut off."""
        tally = self.tally
        cut = self.hostile is not None and self.hostile.resets > 0
        cut = cut or (self.flood is not None and self.flood.resets > 0)
        return bool(tally.errors or tally.bad_records or self.lost or cut)

    @property
    def moves_per_second(self) -> float:
        """Moves the clients sent, per second."""
        return self.tally.moves / self.seconds

    def percentile(self, fraction: float) -> float:
        """A latency percentile of the move requests, in milliseconds."""
        ordered = sorted(self.tally.latencies)
        if not ordered:
            return 0.0
        return 1000 * ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]

    def lines(self) -> list[str]:
        """The report as text."""
        tally = self.tally
        median = 1000 * statistics.median(tally.latencies) if tally.latencies else 0.0
        hostile = self.hostile.lines() if self.hostile else []
        hostile += self.flood.lines() if self.flood else []
        kept = len(tally.unfinished) + (
            len(self.hostile.created) if self.hostile else 0
        )
        return [
            f"database {self.database}, clients {self.clients}"
            f"{' and one hostile address' if self.hostile else ''}"
            f"{f' and a flood ({self.flood.kind})' if self.flood else ''},"
            f" {self.seconds:.1f} s",
            f"moves sent: {tally.moves} ({self.moves_per_second:.0f}/s); "
            f"long polls: {tally.polls}",
            f"games finished: {tally.games}, with {tally.game_moves} moves of every "
            f"seat ({tally.game_moves / self.seconds:.0f}/s)",
            f"move latency: p50 {median:.1f} ms, p99 {self.percentile(0.99):.1f} ms",
            f"errors: {tally.errors} {tally.error_kinds or ''}".rstrip(),
            f"requests held back by the request rate (429, waited as told): {tally.slowed}",
            *(f"  {refusal}" for refusal in tally.refusals),
            f"records that do not replay to the server's winners: {tally.bad_records}",
            f"tables left unfinished: {kept}, of which answer no status: {self.lost}",
            *hostile,
            *self.cpu_lines(),
        ]

    def cpu_lines(self) -> list[str]:
        """The server's CPU over the load, in all and a move sent."""
        if self.server_cpu is None:
            return []
        each = 1000 * self.server_cpu / max(1, self.tally.moves)
        return [
            f"server process CPU: {self.server_cpu:.1f} s in {self.seconds:.1f} s,"
            f" {each:.2f} ms a move sent (everything the server did, over the moves)"
        ]


def cpu_seconds(pid: int) -> float | None:
    """The CPU seconds (user and system) process ``pid`` has used, on Linux; None elsewhere.

    >>> cpu_seconds(os.getpid()) is None or cpu_seconds(os.getpid()) > 0
    True
    """
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii")
        fields = stat.rsplit(")", 1)[1].split()
    except OSError:
        return None
    # Fields 14 and 15 of proc(5), utime and stime, in clock ticks; the split drops 2.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def move_texts(view: Json) -> list[str]:
    """A view document's legal moves as text (format 2: text; format 3: objects)."""
    return [m if isinstance(m, str) else m["text"] for m in view["data"]["legal_moves"]]


class Connection:
    """One keep-alive HTTP/1.1 connection, as lean as a client can be.

    A general client (httpx) spends more time per request than the server
    does, which would measure the client; this one writes the request and
    reads ``Content-Length`` bytes back, nothing more.
    """

    def __init__(self, url: str, local: str | None = None) -> None:
        parts = urlsplit(url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        # Another source address is only for a server on loopback.
        loopback = self.host.startswith("127.")
        self.local = (local, 0) if local and loopback else None
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def open(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        """A new connection from this client's address."""
        return await asyncio.open_connection(
            self.host, self.port, local_addr=self.local
        )

    async def request(
        self, method: str, path: str, body: bytes, headers: dict[str, str]
    ) -> tuple[int, str, bytes]:
        """The status, head (lower case) and body of one request."""
        if self.reader is None or self.writer is None or self.writer.is_closing():
            self.reader, self.writer = await self.open()
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}"]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        lines.append(f"Content-Length: {len(body)}")
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        try:
            head = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin-1").lower()
            length = head.split("content-length:", 1)[1].split("\r\n", 1)[0]
            data = await self.reader.readexactly(int(length))
        except BaseException:
            self.close()
            raise
        if "connection: close" in head:
            self.close()
        return int(head[9:12]), head, data

    def close(self) -> None:
        """Close the connection; the next request opens a new one."""
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


def retry_after(status: int, head: str, body: bytes) -> int | None:
    r"""The seconds a ``429`` for the request rate says to wait; None for any other answer.

    A 429 for too many tables is an error of the benchmark's, not waited for.

    >>> head = "http/1.1 429 too many requests\r\nretry-after: 2\r\n"
    >>> retry_after(429, head, b'{"error": "too many requests from your address: ..."}')
    2
    >>> retry_after(429, head, b'{"error": "your address made 20 tables ..."}')
    """
    if status != 429 or b"too many requests from your address" not in body:
        return None
    return int(head.split("\r\nretry-after:", 1)[1].split("\r\n", 1)[0])


class Client:
    """One player at one seat: plays random legal moves until time is up."""

    def __init__(self, url: str, tally: Tally, number: int) -> None:
        self.connection, self.tally = Connection(url, address(number)), tally
        self.rng = random.Random(number)
        self.started = 0.0  # when the last request was sent (not a refused one)

    async def call(
        self,
        method: str,
        path: str,
        *,
        json_body: Json | None = None,
        token: str | None = None,
        params: dict[str, str] | None = None,
    ) -> Json | None:
        """One request; its JSON, or None (an error counted)."""
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        body = b""
        if json_body is not None:
            body = json.dumps(json_body).encode()
            headers["Content-Type"] = "application/json"
        if params:
            path += "?" + urlencode(params)
        while True:
            self.started = time.perf_counter()
            try:
                status, head, data = await asyncio.wait_for(
                    self.connection.request(method, path, body, headers), 60
                )
            except (
                OSError,
                asyncio.IncompleteReadError,
                TimeoutError,
                IndexError,
            ) as error:
                self.tally.error(type(error).__name__)
                return None
            wait = retry_after(status, head, data)
            if wait is None:
                break
            # Past the address's request rate: wait as told, as a script should.
            self.tally.slowed += 1
            await asyncio.sleep(wait)
        if status not in (200, 201):
            try:
                refusal = json.loads(data)
            except ValueError:
                refusal = {}
            rule = f" {refusal['rule']}" if refusal.get("rule") else ""
            self.tally.error(f"{status}{rule}")
            if len(self.tally.refusals) < 5:
                self.tally.refusals.append(f"{method} {path}: {status} {refusal}")
            return None
        answer: Json = json.loads(data)
        return answer

    async def move(self, table: str, token: str, answer: Json) -> Json | None:
        """Make a random legal move (or let a claim go); the answer."""
        view = answer["view"]
        data = view["data"]
        moves = [m for m in move_texts(view) if not m.endswith("drop")]
        if data["to_move"] != data["player"] and self.rng.random() < 0.5:
            path, body = f"/api/tables/{table}/decline", {}
        else:
            path, body = f"/api/tables/{table}/moves", {"move": self.rng.choice(moves)}
        reply = await self.call("POST", path, json_body=body, token=token)
        self.tally.latencies.append(time.perf_counter() - self.started)
        self.tally.moves += 1
        return reply

    async def check(self, table: str, winners: list[int]) -> None:
        """Fetch the record of a finished game and replay it."""
        body = await self.call("GET", f"/api/tables/{table}/record")
        if body is None:
            return
        try:
            record = parse_record(body["record"])
            replayed = replay(record)
        except RummyRulesError:
            self.tally.bad_records += 1
            return
        if list(replayed.winners) != winners or body["winners"] != winners:
            self.tally.bad_records += 1
        self.tally.games += 1
        self.tally.game_moves += len(record.moves)

    async def play(self, table: str, token: str, end: float, *, checks: bool) -> None:
        """Play one seat to the end of the game, or until ``end``."""
        answer = await self.call("GET", f"/api/tables/{table}/view", token=token)
        while answer is not None and time.monotonic() < end:
            data = answer["view"]["data"]
            if data["to_move"] is None:
                if checks:
                    await self.check(table, list(data["winners"]))
                return
            awaited = data["to_move"] == data["player"] or any(
                not m.endswith("drop") for m in move_texts(answer["view"])
            )
            if awaited:
                answer = await self.move(table, token, answer)
            else:
                self.tally.polls += 1
                wait = min(10.0, max(0.05, end - time.monotonic()))
                answer = await self.call(
                    "GET",
                    f"/api/tables/{table}/view",
                    # Never past the end: a partner may stop moving then.
                    params={"since": answer["version"], "wait": f"{wait:.2f}"},
                    token=token,
                )
        # Time is up (or an error counted): the table must still be there at the end.
        self.tally.unfinished.add(table)

    async def table(self, variant: str, options: Json, seats: list[str]) -> Json | None:
        """A new table, or None after a pause (an error counted)."""
        body = {"variant": variant, "options": options, "seats": seats, "seed": None}
        created = await self.call("POST", "/api/tables", json_body=body)
        if created is None:
            await asyncio.sleep(0.1)
        return created


async def against_bots(url: str, tally: Tally, number: int, end: float) -> None:
    """A client that plays one human seat against bots, table after table."""
    client = Client(url, tally, number)
    game = number
    while time.monotonic() < end:
        variant, options = TABLES[game % len(TABLES)]
        players = options.get("players", 2)
        seats = ["human", *(["greedy", "random"] * 3)[: players - 1]]
        created = await client.table(variant, options, seats)
        if created is not None:
            token = created["seats"][0]["token"]
            await client.play(created["table"], token, end, checks=True)
            game += 1
    client.connection.close()


async def pair(url: str, tally: Tally, number: int, end: float) -> None:
    """Two clients at the two human seats of one table, table after table."""
    first, second = Client(url, tally, number), Client(url, tally, number + 1)
    game = number
    while time.monotonic() < end:
        variant, options = PAIRS[game % len(PAIRS)]
        created = await first.table(variant, options, ["human", "human"])
        if created is not None:
            table, seats = created["table"], created["seats"]
            await asyncio.gather(
                first.play(table, seats[0]["token"], end, checks=True),
                second.play(table, seats[1]["token"], end, checks=False),
            )
            game += 1
    first.connection.close()
    second.connection.close()


def address(number: int) -> str:
    """The source address of ordinary client ``number``: 127.0.1.1 and on, 254 a block.

    >>> address(0), address(199), address(254)
    ('127.0.1.1', '127.0.1.200', '127.0.2.1')
    """
    return f"127.0.{1 + number // 254}.{1 + number % 254}"


async def hammer(url: str, tally: HostileTally, end: float) -> None:
    """Ask for a new table as fast as one keep-alive connection can, until ``end``."""
    connection = Connection(url, HOSTILE)
    table = {"variant": "GinRummy", "seats": ["human", "greedy"], "seed": None}
    body = json.dumps(table).encode()
    headers = {"Content-Type": "application/json"}
    while time.monotonic() < end:
        tally.sent += 1
        try:
            status, head, data = await asyncio.wait_for(
                connection.request("POST", "/api/tables", body, headers), 60
            )
        except (OSError, asyncio.IncompleteReadError, TimeoutError, IndexError):
            tally.resets += 1
            continue
        if status == 201:
            tally.created.append(json.loads(data)["table"])
        elif status == 429:
            tally.refused += 1
            tally.retry_after += "\r\nretry-after:" in head
        else:
            tally.other[str(status)] = tally.other.get(str(status), 0) + 1
    connection.close()


async def burst(url: str, tally: HostileTally) -> None:
    """Open ``CAP + 4`` connections at once, sending nothing: past the cap, a 429 at once."""
    connection = Connection(url, HOSTILE)
    opened: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
    try:
        for _ in range(CAP + 4):
            # One at a time, each kept (and closed below even if a later one fails).
            opened.append(await connection.open())  # noqa: PERF401 - see above
        tally.opened += len(opened)

        async def answer(reader: asyncio.StreamReader) -> None:
            try:
                head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 2.0)
            except TimeoutError:
                tally.held += 1  # admitted: the server waits for a request
            except (OSError, asyncio.IncompleteReadError):
                tally.resets += 1
            else:
                if head.startswith(b"HTTP/1.1 429"):
                    tally.turned_away += 1
                else:
                    status = head[9:12].decode()
                    tally.other[status] = tally.other.get(status, 0) + 1

        await asyncio.gather(*(answer(reader) for reader, _ in opened))
    except OSError:
        tally.resets += 1
    finally:
        for _, writer in opened:
            writer.close()


async def hostile(url: str, tally: HostileTally, end: float) -> None:
    """The hostile address: :data:`HAMMERS` times :func:`hammer`, and a :func:`burst` every 5 s."""

    async def bursts() -> None:
        while time.monotonic() + 3.0 < end:
            await asyncio.sleep(1.0)
            await burst(url, tally)
            await asyncio.sleep(4.0)

    await asyncio.gather(*(hammer(url, tally, end) for _ in range(HAMMERS)), bursts())


async def flood_table(url: str) -> tuple[str, str]:
    """A Gin Rummy table of the flooding address: its id and the human seat's token."""
    connection = Connection(url, FLOODER)
    body = {"variant": "GinRummy", "seats": ["human", "greedy"], "seed": None}
    _, _, data = await connection.request(
        "POST", "/api/tables", json.dumps(body).encode(), {}
    )
    connection.close()
    created = json.loads(data)
    return created["table"], created["seats"][0]["token"]


async def flood_http(
    url: str, tally: FloodTally, table: str, token: str, end: float
) -> None:
    """Send :data:`REFUSED` on one keep-alive connection as fast as it goes, until ``end``."""
    connection = Connection(url, FLOODER)
    body = json.dumps({"move": REFUSED}).encode()
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {token}"}
    while time.monotonic() < end:
        tally.sent += 1
        try:
            status, head, _ = await asyncio.wait_for(
                connection.request("POST", f"/api/tables/{table}/moves", body, headers),
                60,
            )
        except (OSError, asyncio.IncompleteReadError, TimeoutError, IndexError):
            tally.resets += 1
            continue
        tally.answer(status, retry_after="\r\nretry-after:" in head)
    connection.close()


async def flood_ws(
    url: str, tally: FloodTally, table: str, token: str, end: float
) -> None:
    """Send :data:`REFUSED` on a WebSocket as fast as it goes, connecting again when closed."""
    from websockets.asyncio.client import connect  # noqa: PLC0415 - only this flood needs it
    from websockets.exceptions import (  # noqa: PLC0415
        ConnectionClosed,
        InvalidHandshake,
        InvalidStatus,
    )

    address = (
        url.replace("http://", "ws://", 1) + f"/api/tables/{table}/ws?token={token}"
    )
    text = json.dumps({"type": "move", "move": REFUSED})

    async def read(socket: Any) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for message in socket:
                tally.message(message)

    while time.monotonic() < end:
        try:
            async with connect(
                address, local_addr=(FLOODER, 0), open_timeout=10, close_timeout=1
            ) as socket:
                reader = asyncio.create_task(read(socket))
                with contextlib.suppress(ConnectionClosed):
                    while time.monotonic() < end and not reader.done():
                        await socket.send(text)
                        tally.sent += 1
                        await asyncio.sleep(0)  # let the reader read
                if not reader.done():  # time is up: leave without waiting
                    reader.cancel()
                    socket.transport.abort()
                    break
                code = str(socket.close_code)
                tally.closes[code] = tally.closes.get(code, 0) + 1
        except InvalidStatus as error:
            status = str(error.response.status_code)
            tally.handshakes[status] = tally.handshakes.get(status, 0) + 1
        except (OSError, InvalidHandshake, TimeoutError):
            tally.resets += 1


async def flood(url: str, tally: FloodTally, end: float) -> None:
    """The flooding address: its table, then :func:`flood_http` :data:`FLOODS` times, or :func:`flood_ws`."""
    table, token = await flood_table(url)
    if tally.kind == "http":
        await asyncio.gather(
            *(flood_http(url, tally, table, token, end) for _ in range(FLOODS))
        )
    else:
        await flood_ws(url, tally, table, token, end)


async def flood_apart(url: str, kind: str, seconds: float) -> FloodTally:
    """:func:`flood` in a process of its own, as an attacker's would be; what it counted.

    In this process, a flood that the server refuses at once would spin
    this event loop and slow the other clients here, not on the server.
    """
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        "--flood-at",
        url,
        "--flood",
        kind,
        "--seconds",
        str(seconds),
        stdout=asyncio.subprocess.PIPE,
    )
    output, _ = await child.communicate()
    return FloodTally(**json.loads(output))


def flood_alone(url: str, kind: str, seconds: float) -> None:
    """Flood ``url`` for ``seconds`` and print what was counted, as JSON (the child of :func:`flood_apart`)."""
    tally = FloodTally(kind)
    asyncio.run(flood(url, tally, time.monotonic() + seconds))
    print(json.dumps(attrs.asdict(tally)), flush=True)


async def still_there(url: str, tables: Sequence[str]) -> int:
    """How many of ``tables`` answer no status (anything but 200) now."""
    connection = Connection(url)
    lost = 0
    for table in tables:
        try:
            status, _, _ = await asyncio.wait_for(
                connection.request("GET", f"/api/tables/{table}", b"", {}), 60
            )
        except (OSError, asyncio.IncompleteReadError, TimeoutError, IndexError):
            status = 0
        lost += status != 200
    connection.close()
    return lost


async def load(  # noqa: PLR0913 - the run's knobs, by keyword
    url: str,
    clients: int,
    seconds: float,
    *,
    hostile_client: bool = False,
    flood_kind: str | None = None,
    database: str = "",
) -> Report:
    """Run ``clients`` clients (and the hostile one, and the flood) against the server at ``url`` for ``seconds``."""
    tally = Tally()
    start = time.monotonic()
    end = start + seconds
    jobs = []
    number = 0
    while number < clients:
        if number % 5 == 4 and number + 1 < clients:
            jobs.append(pair(url, tally, number, end))
            number += 2
        else:
            jobs.append(against_bots(url, tally, number, end))
            number += 1
    hostile_tally = HostileTally() if hostile_client else None
    if hostile_tally is not None:
        jobs.append(hostile(url, hostile_tally, end))
    flooding = (
        asyncio.create_task(flood_apart(url, flood_kind, seconds))
        if flood_kind
        else None
    )
    await asyncio.gather(*jobs)
    flood_tally = await flooding if flooding is not None else None
    took = time.monotonic() - start
    kept = sorted(tally.unfinished) + (hostile_tally.created if hostile_tally else [])
    return Report(
        database=database,
        clients=clients,
        seconds=took,
        tally=tally,
        hostile=hostile_tally,
        flood=flood_tally,
        lost=await still_there(url, kept),
    )


def run(  # noqa: PLR0913 - load's knobs, passed on
    url: str,
    clients: int,
    seconds: float,
    *,
    hostile_client: bool = False,
    flood_kind: str | None = None,
    database: str = "",
) -> Report:
    """:func:`load` on a new event loop in this thread."""
    return asyncio.run(
        load(
            url,
            clients,
            seconds,
            hostile_client=hostile_client,
            flood_kind=flood_kind,
            database=database,
        )
    )


def server_limits() -> Limits:
    """The server's limits in this benchmark: the defaults, but :data:`TABLES_PER_MINUTE`.

    >>> server_limits().tables_per_address, server_limits().max_per_ip == CAP
    (20, True)
    """
    from rummyrules.server import Limits  # noqa: PLC0415 - the client needs no server

    return Limits(tables_per_minute=TABLES_PER_MINUTE)


def serve_quietly(database: str, profile: str | None = None) -> None:
    """Serve ``database`` on a free port of 127.0.0.1 without a request log; print the port.

    With ``profile``, under :mod:`cProfile`, its statistics written to that
    file when the server stops.
    """
    import uvicorn  # noqa: PLC0415 - only the server's process needs it

    from rummyrules.server import create_app  # noqa: PLC0415
    from rummyrules.server.running import make_config  # noqa: PLC0415

    limits = server_limits()
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(limits.backlog)  # clients queue from now, before uvicorn starts
    port = listener.getsockname()[1]
    app = create_app(limits, database=database)
    config = make_config(app, "127.0.0.1", port, limits)
    print(port, flush=True)
    server = uvicorn.Server(config)
    if profile is None:
        server.run(sockets=[listener])
        return
    import cProfile  # noqa: PLC0415 - only when asked for
    import signal  # noqa: PLC0415

    # uvicorn raises the signal that stopped it again once stopped: let it
    # end the run, not the process, so the statistics get written.
    signal.signal(signal.SIGTERM, lambda *_: None)
    profiler = cProfile.Profile()
    profiler.runcall(server.run, sockets=[listener])
    profiler.dump_stats(profile)


@contextlib.contextmanager
def made_database(choice: str) -> Iterator[tuple[str, str]]:
    """The kind and URL of the run's database (``sqlite``, ``postgres`` or a URL), removed after.

    >>> with made_database("sqlite") as (kind, url):
    ...     kind, url.startswith("sqlite:////"), url.endswith("tables.sqlite3")
    ('sqlite', True, True)
    """
    if choice == "sqlite":
        with tempfile.TemporaryDirectory(prefix="rummyrules_bench_") as folder:
            yield "sqlite", f"sqlite:///{folder}/tables.sqlite3"
    elif choice == "postgres":
        import psycopg  # noqa: PLC0415 - the extra [postgres], only when asked for

        name = f"rummyrules_bench_{os.getpid()}"
        with psycopg.connect(POSTGRES, autocommit=True, connect_timeout=5) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
            try:
                yield "postgres", POSTGRES.rsplit("/", 1)[0] + "/" + name
            finally:
                admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    else:
        yield choice.split(":", 1)[0], choice


def children_cpu() -> float:
    """The CPU seconds, user and system, of the child processes waited for so far."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def main(argv: Sequence[str] | None = None) -> int:
    """Run the load and print the report; exit 1 on errors, bad records, lost tables or resets."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--url", help="a running server (default: start one)")
    parser.add_argument(
        "--database",
        default="sqlite",
        help="sqlite (a file), postgres (a database of the run's own) or a URL",
    )
    parser.add_argument(
        "--hostile",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="one more client, from 127.0.0.2, asking for tables as fast as it can",
    )
    parser.add_argument(
        "--flood",
        choices=("http", "ws"),
        help="one more client, from 127.0.0.3, sending refused moves as fast as it"
        " can: on 16 HTTP connections, or on a WebSocket",
    )
    parser.add_argument(
        "--profile",
        metavar="FILE",
        help="run the server under cProfile, its statistics written to FILE"
        " (python -m pstats FILE); it runs slower so",
    )
    parser.add_argument("--serve", metavar="DATABASE", help=argparse.SUPPRESS)
    parser.add_argument("--flood-at", metavar="URL", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve_quietly(args.serve, args.profile)
        return 0
    if args.flood_at:
        flood_alone(args.flood_at, args.flood, args.seconds)
        return 0
    options = {"hostile_client": args.hostile, "flood_kind": args.flood}
    if args.url is not None:
        report = run(args.url, args.clients, args.seconds, database="?", **options)
    else:
        with made_database(args.database) as (kind, database):
            profile = ["--profile", args.profile] if args.profile else []
            server = subprocess.Popen(  # noqa: S603 - this very script, by its path
                [sys.executable, __file__, "--serve", database, *profile],
                stdout=subprocess.PIPE,
                text=True,
            )
            assert server.stdout is not None  # noqa: S101 - Popen was given stdout=PIPE
            url = f"http://127.0.0.1:{server.stdout.readline().strip()}"
            try:
                # The server's CPU over the load only, not its start (imports).
                before = cpu_seconds(server.pid)
                report = run(url, args.clients, args.seconds, database=kind, **options)
                after = cpu_seconds(server.pid)
                flooder = children_cpu()  # the flood's process, waited for already
            finally:
                server.terminate()
                server.wait(timeout=60)
            if before is None or after is None:
                # Not Linux: the children's CPU, the start included, less the flood's.
                before, after = 0.0, children_cpu() - flooder
            report = attrs.evolve(report, server_cpu=after - before)
    print("\n".join(report.lines()))
    return 1 if report.failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
