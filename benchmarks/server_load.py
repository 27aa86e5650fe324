"""Load on the game server: many clients playing real games over HTTP on loopback.

    python benchmarks/server_load.py                       # 200 clients, 60 s
    python benchmarks/server_load.py --clients 20 --seconds 5
    python benchmarks/server_load.py --url http://127.0.0.1:8000   # a server of your own

Without ``--url`` the server runs in a child process (its own interpreter,
as ``rummyrules serve`` would), listening on a free port of 127.0.0.1.
Four clients in five each play the human seat of a table against bots
(End of the Page, 1400, Going Out Rummy, Gin Rummy in turn), choosing
random legal moves and letting 1400 claims go half the time; the fifth
client and its neighbour play the two human seats of one Gin Rummy or
Going Out table against each other, the seat out of turn waiting in a long
poll. Each client starts a new table when its game ends.

It prints the moves the clients sent per second (and the moves of every
seat, bots included, of the games finished), the median and 99th
percentile latency of a move request (the bots' replies included), the
errors (any answer but 200/201, or no answer), and checks that nothing
was lost or corrupted: every finished game's record, fetched from the
server, replays with :func:`rummyrules.replay` to the winners the server
showed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlencode, urlsplit

import attrs

from rummyrules import RummyRulesError, parse_record, replay

Json = dict[str, Any]

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

    def error(self, what: str) -> None:
        """Count one error by its kind."""
        self.errors += 1
        self.error_kinds[what] = self.error_kinds.get(what, 0) + 1


@attrs.frozen
class Report:
    """The figures of one run."""

    clients: int
    seconds: float
    tally: Tally

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
        return [
            f"clients {self.clients}, {self.seconds:.1f} s",
            f"moves sent: {tally.moves} ({self.moves_per_second:.0f}/s); "
            f"long polls: {tally.polls}",
            f"games finished: {tally.games}, with {tally.game_moves} moves of every "
            f"seat ({tally.game_moves / self.seconds:.0f}/s)",
            f"move latency: p50 {median:.1f} ms, p99 {self.percentile(0.99):.1f} ms",
            f"errors: {tally.errors} {tally.error_kinds or ''}".rstrip(),
            *(f"  {refusal}" for refusal in tally.refusals),
            f"records that do not replay to the server's winners: {tally.bad_records}",
        ]


def move_texts(view: Json) -> list[str]:
    """A view document's legal moves as text (format 2: text; format 3: objects)."""
    return [m if isinstance(m, str) else m["text"] for m in view["data"]["legal_moves"]]


class Connection:
    """One keep-alive HTTP/1.1 connection, as lean as a client can be.

    A general client (httpx) spends more time per request than the server
    does, which would measure the client; this one writes the request and
    reads ``Content-Length`` bytes back, nothing more.
    """

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, body: bytes, headers: dict[str, str]
    ) -> tuple[int, bytes]:
        """The status and body of one request."""
        if self.reader is None or self.writer is None or self.writer.is_closing():
            self.reader, self.writer = await asyncio.open_connection(
                self.host, self.port
            )
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
        return int(head[9:12]), data

    def close(self) -> None:
        """Close the connection; the next request opens a new one."""
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class Client:
    """One player at one seat: plays random legal moves until time is up."""

    def __init__(self, url: str, tally: Tally, seed: int) -> None:
        self.connection, self.tally = Connection(url), tally
        self.rng = random.Random(seed)

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
        try:
            status, data = await asyncio.wait_for(
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
        start = time.perf_counter()
        if data["to_move"] != data["player"] and self.rng.random() < 0.5:
            path, body = f"/api/tables/{table}/decline", {}
        else:
            path, body = f"/api/tables/{table}/moves", {"move": self.rng.choice(moves)}
        reply = await self.call("POST", path, json_body=body, token=token)
        self.tally.latencies.append(time.perf_counter() - start)
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

    async def table(self, variant: str, options: Json, seats: list[str]) -> Json | None:
        """A new table, or None after a pause (an error counted)."""
        body = {"variant": variant, "options": options, "seats": seats, "seed": None}
        created = await self.call("POST", "/api/tables", json_body=body)
        if created is None:
            await asyncio.sleep(0.1)
        return created


async def against_bots(url: str, tally: Tally, number: int, end: float) -> None:
    """A client that plays one human seat against bots, table after table."""
    client = Client(url, tally, seed=number)
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


async def load(url: str, clients: int, seconds: float) -> Report:
    """Run ``clients`` clients against the server at ``url`` for ``seconds``."""
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
    await asyncio.gather(*jobs)
    return Report(clients=clients, seconds=time.monotonic() - start, tally=tally)


def run(url: str, clients: int, seconds: float) -> Report:
    """:func:`load` on a new event loop in this thread."""
    return asyncio.run(load(url, clients, seconds))


def serve_quietly() -> None:
    """Serve on a free port of 127.0.0.1 without a request log; print the port."""
    import uvicorn  # noqa: PLC0415 - only the server's process needs it

    from rummyrules.server import Limits, create_app  # noqa: PLC0415
    from rummyrules.server.running import make_config  # noqa: PLC0415

    # Every client comes from 127.0.0.1: the cap per address would be the
    # limit measured, not the server.
    limits = Limits(
        max_per_ip=1000, tables_per_minute=100_000, tables_per_address=10_000
    )
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(limits.backlog)  # clients queue from now, before uvicorn starts
    port = listener.getsockname()[1]
    config = make_config(create_app(limits), "127.0.0.1", port, limits)
    print(port, flush=True)
    uvicorn.Server(config).run(sockets=[listener])


def main(argv: Sequence[str] | None = None) -> int:
    """Run the load and print the report; exit 1 on errors or bad records."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--url", help="a running server (default: start one)")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve_quietly()
        return 0
    server = None
    url = args.url
    if url is None:
        server = subprocess.Popen(  # noqa: S603 - this very script, by its path
            [sys.executable, __file__, "--serve"], stdout=subprocess.PIPE, text=True
        )
        assert server.stdout is not None  # noqa: S101 - Popen was given stdout=PIPE
        url = f"http://127.0.0.1:{server.stdout.readline().strip()}"
    try:
        report = run(url, args.clients, args.seconds)
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=10)
    print("\n".join(report.lines()))
    return 1 if report.tally.errors or report.tally.bad_records else 0


if __name__ == "__main__":
    raise SystemExit(main())
