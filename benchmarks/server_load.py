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
import random
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from typing import Any

import attrs
import httpx

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
            f"records that do not replay to the server's winners: {tally.bad_records}",
        ]


def move_texts(view: Json) -> list[str]:
    """A view document's legal moves as text (format 2: text; format 3: objects)."""
    return [m if isinstance(m, str) else m["text"] for m in view["data"]["legal_moves"]]


class Client:
    """One player at one seat: plays random legal moves until time is up."""

    def __init__(self, http: httpx.AsyncClient, tally: Tally, seed: int) -> None:
        self.http, self.tally = http, tally
        self.rng = random.Random(seed)

    async def call(self, method: str, path: str, **kwargs: Any) -> Json | None:
        """One request; its JSON, or None (an error counted)."""
        try:
            answer = await self.http.request(method, path, **kwargs)
        except httpx.HTTPError as error:
            self.tally.error(type(error).__name__)
            return None
        if answer.status_code not in (200, 201):
            self.tally.error(str(answer.status_code))
            return None
        body: Json = answer.json()
        return body

    async def move(self, table: str, token: str, answer: Json) -> Json | None:
        """Make a random legal move (or let a claim go); the answer."""
        view = answer["view"]
        data = view["data"]
        moves = [m for m in move_texts(view) if not m.endswith("drop")]
        auth = {"Authorization": f"Bearer {token}"}
        start = time.perf_counter()
        if data["to_move"] != data["player"] and self.rng.random() < 0.5:
            reply = await self.call(
                "POST", f"/api/tables/{table}/decline", headers=auth
            )
        else:
            move = self.rng.choice(moves)
            reply = await self.call(
                "POST", f"/api/tables/{table}/moves", json={"move": move}, headers=auth
            )
        self.tally.latencies.append(time.perf_counter() - start)
        self.tally.moves += 1
        return reply

    async def check(self, table: str, winners: list[int]) -> None:
        """Fetch the record of a finished game and replay it."""
        body = await self.call("GET", f"/api/tables/{table}/record")
        if body is None:
            return
        try:
            replayed = replay(parse_record(body["record"]))
        except RummyRulesError:
            self.tally.bad_records += 1
            return
        if list(replayed.winners) != winners or body["winners"] != winners:
            self.tally.bad_records += 1
        self.tally.games += 1
        self.tally.game_moves += len(parse_record(body["record"]).moves)

    async def play(self, table: str, token: str, end: float, *, checks: bool) -> None:
        """Play one seat to the end of the game, or until ``end``."""
        auth = {"Authorization": f"Bearer {token}"}
        answer = await self.call("GET", f"/api/tables/{table}/view", headers=auth)
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
                answer = await self.call(
                    "GET",
                    f"/api/tables/{table}/view",
                    params={"since": answer["version"], "wait": "10"},
                    headers=auth,
                )


async def against_bots(
    http: httpx.AsyncClient, tally: Tally, number: int, end: float
) -> None:
    """A client that plays one human seat against bots, table after table."""
    client = Client(http, tally, seed=number)
    game = number
    while time.monotonic() < end:
        variant, options = TABLES[game % len(TABLES)]
        players = options.get("players", 2)
        seats = ["human", *(["greedy", "random"] * 3)[: players - 1]]
        body = {"variant": variant, "options": options, "seats": seats, "seed": None}
        created = await client.call("POST", "/api/tables", json=body)
        if created is None:
            await asyncio.sleep(0.1)
            continue
        await client.play(
            created["table"], created["seats"][0]["token"], end, checks=True
        )
        game += 1


async def pair(http: httpx.AsyncClient, tally: Tally, number: int, end: float) -> None:
    """Two clients at the two human seats of one table, table after table."""
    first, second = Client(http, tally, number), Client(http, tally, number + 1)
    game = number
    while time.monotonic() < end:
        variant, options = PAIRS[game % len(PAIRS)]
        body = {"variant": variant, "options": options, "seats": ["human", "human"]}
        created = await first.call("POST", "/api/tables", json=body)
        if created is None:
            await asyncio.sleep(0.1)
            continue
        table, seats = created["table"], created["seats"]
        await asyncio.gather(
            first.play(table, seats[0]["token"], end, checks=True),
            second.play(table, seats[1]["token"], end, checks=False),
        )
        game += 1


async def load(url: str, clients: int, seconds: float) -> Report:
    """Run ``clients`` clients against the server at ``url`` for ``seconds``."""
    tally = Tally()
    limits = httpx.Limits(
        max_connections=clients + 8, max_keepalive_connections=clients + 8
    )
    timeout = httpx.Timeout(30.0)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=timeout) as http:
        start = time.monotonic()
        end = start + seconds
        jobs = []
        number = 0
        while number < clients:
            if number % 5 == 4 and number + 1 < clients:
                jobs.append(pair(http, tally, number, end))
                number += 2
            else:
                jobs.append(against_bots(http, tally, number, end))
                number += 1
        await asyncio.gather(*jobs)
        elapsed = time.monotonic() - start
    return Report(clients=clients, seconds=elapsed, tally=tally)


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
    limits = Limits(max_per_ip=1000)
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
