"""Bounds and hostile input, against real uvicorn servers on 127.0.0.1.

Each server runs in a thread on a free port, started and stopped by the
test run; every wait is bounded, so a server that hangs fails a test
rather than the run.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import selectors
import socket
import threading
import time
from collections.abc import Iterator

import httpx
import pytest
from websockets.sync.client import connect

from rummyrules.server import Limits, running
from rummyrules.server.protocol import ConnectionGuard

QUICK = Limits(
    header_timeout=0.5,
    keep_alive=1,
    max_per_ip=3000,
    max_connections=4000,
    wait=5,
    max_wait=10,
)


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    with running(limits=QUICK) as base:
        yield base


def port_of(base: str) -> int:
    return int(base.rsplit(":", 1)[1])


def exchange(base: str, data: bytes, timeout: float = 5.0) -> bytes:
    """Send raw bytes on a new connection; everything read until the server closes it."""
    with socket.create_connection(
        ("127.0.0.1", port_of(base)), timeout=timeout
    ) as sock:
        # The server may answer and close before it has read all we send.
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            sock.sendall(data)
        chunks = []
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                chunk = sock.recv(65536)
            except (TimeoutError, ConnectionResetError):
                break
            if not chunk:
                break
            chunks.append(chunk)
        return b"".join(chunks)


def table(base: str, seats: list[str]) -> tuple[str, list[str]]:
    body = {"variant": "GinRummy", "seats": seats, "seed": 3}
    created = httpx.post(base + "/api/tables", json=body, timeout=10).json()
    return created["table"], [seat.get("token", "") for seat in created["seats"]]


def test_a_malformed_request_line_is_400(url: str) -> None:
    answer = exchange(url, b"GARBAGE\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 400 ")
    answer = exchange(url, b"GET /api/games HTTP/9.9 extra\r\nHost: x\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 400 ")
    # The server still answers.
    assert httpx.get(url + "/api/games", timeout=5).status_code == 200


@pytest.mark.parametrize("length", [b"abc", b"-5", b"1, 2", b"0x10"])
def test_a_bad_content_length_is_400(url: str, length: bytes) -> None:
    request = b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Length: " + length
    answer = exchange(url, request + b"\r\n\r\n{}")
    assert answer.startswith(b"HTTP/1.1 400 ")


def test_a_content_length_over_the_limit_is_413_before_the_body(url: str) -> None:
    request = (
        b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000000\r\n\r\n"
    )
    answer = exchange(url, request)
    assert answer.startswith(b"HTTP/1.1 413 ")
    assert b"at most 65536 bytes" in answer


def test_head_answers_headers_only(url: str) -> None:
    answer = exchange(
        url, b"HEAD /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    )
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200 ")
    assert body == b""
    length = len(httpx.get(url + "/api/games", timeout=5).content)
    assert f"content-length: {length}".encode() in head.lower()


def test_half_sent_requests_are_closed_by_the_header_timeout(url: str) -> None:
    # 1000 clients each send half a request and stop; each is closed about
    # QUICK.header_timeout after, and the server answers others meanwhile.
    count = 1000
    selector = selectors.DefaultSelector()
    socks = []
    try:
        for number in range(count):
            sock = socket.create_connection(("127.0.0.1", port_of(url)), timeout=5)
            part = (
                b"GET /api/games HTTP/1.1\r\nHost: x\r\n"
                if number % 2
                else b"POST /api"
            )
            sock.sendall(part)
            sock.setblocking(False)  # noqa: FBT003 - the socket API takes a flag
            selector.register(sock, selectors.EVENT_READ)
            socks.append(sock)
        start = time.monotonic()
        assert httpx.get(url + "/api/games", timeout=5).status_code == 200
        open_ = set(socks)
        deadline = start + QUICK.header_timeout + 10
        while open_ and time.monotonic() < deadline:
            for key, _ in selector.select(timeout=0.5):
                ready = key.fileobj
                assert isinstance(ready, socket.socket)
                try:
                    data = ready.recv(4096)
                except ConnectionResetError:
                    data = b""
                if not data or data.startswith(b"HTTP/1.1 408"):
                    selector.unregister(ready)
                    open_.discard(ready)
        assert not open_, f"{len(open_)} of {count} half-sent requests still open"
    finally:
        for sock in socks:
            sock.close()
        selector.close()


def test_a_body_that_stops_coming_is_closed(url: str) -> None:
    request = b'POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Length: 40\r\n\r\n{"va'
    start = time.monotonic()
    exchange(url, request, timeout=5)
    assert time.monotonic() - start < 4


def test_an_idle_keep_alive_connection_is_closed(url: str) -> None:
    request = b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n"
    start = time.monotonic()
    answer = exchange(url, request, timeout=6)
    assert answer.startswith(b"HTTP/1.1 200 ")
    assert time.monotonic() - start < 4  # closed by the server, not by our timeout


def test_a_burst_of_connections_is_answered_without_drops() -> None:
    # The default request deadline: on a busy machine 500 connections at once
    # may wait longer than QUICK's half second for their turn to be read.
    # Connections are what is tried, not one address's rate.
    with running(limits=Limits(max_per_ip=1000, request_burst=1000)) as base:
        statuses = burst(base, 500)
    assert statuses == [200] * 500


def burst(base: str, count: int) -> list[int]:
    """The statuses of ``count`` GET requests sent on as many connections at once."""

    async def one() -> int:
        reader, writer = await asyncio.open_connection("127.0.0.1", port_of(base))
        writer.write(b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        await writer.drain()
        answer = await reader.read()
        writer.close()
        return int(answer.split(b" ", 2)[1])

    async def all_at_once() -> list[int]:
        return await asyncio.wait_for(
            asyncio.gather(*(one() for _ in range(count))), 60
        )

    # In a thread of its own: another test's browser may hold this thread's loop.
    statuses: list[int] = []
    worker = threading.Thread(
        target=lambda: statuses.extend(asyncio.run(all_at_once()))
    )
    worker.start()
    worker.join(timeout=90)
    return statuses


def test_connections_from_one_address_are_capped() -> None:
    limits = Limits(max_per_ip=4, header_timeout=5)
    with running(limits=limits) as base:
        held = [
            socket.create_connection(("127.0.0.1", port_of(base))) for _ in range(4)
        ]
        try:
            answer = exchange(base, b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
            assert answer.startswith(b"HTTP/1.1 429 ")
        finally:
            for sock in held:
                sock.close()
        time.sleep(0.2)  # the server sees them closed
        assert httpx.get(base + "/api/games", timeout=5).status_code == 200


def test_lower_case_bearer_over_the_wire(url: str) -> None:
    table_id, tokens = table(url, ["human", "greedy"])
    view = httpx.get(
        f"{url}/api/tables/{table_id}/view",
        headers={"authorization": f"bearer {tokens[0]}"},
        timeout=5,
    )
    assert view.status_code == 200


def test_a_long_poll_wakes_when_the_other_seat_moves(url: str) -> None:
    table_id, tokens = table(url, ["human", "human"])
    status = httpx.get(f"{url}/api/tables/{table_id}", timeout=5).json()
    mover = status["to_move"]
    answers: list[dict[str, object]] = []

    def poll() -> None:
        answer = httpx.get(
            f"{url}/api/tables/{table_id}/view",
            params={"since": status["version"], "wait": "9"},
            headers={"Authorization": f"Bearer {tokens[1 - mover]}"},
            timeout=15,
        )
        answers.append(answer.json())

    waiter = threading.Thread(target=poll)
    start = time.monotonic()
    waiter.start()
    time.sleep(0.3)
    assert not answers  # still waiting: nothing for that seat to do
    view = httpx.get(
        f"{url}/api/tables/{table_id}/view",
        headers={"Authorization": f"Bearer {tokens[mover]}"},
        timeout=5,
    ).json()
    move = view["view"]["data"]["legal_moves"][0]
    move = move if isinstance(move, str) else move["text"]
    moved = httpx.post(
        f"{url}/api/tables/{table_id}/moves",
        json={"move": move},
        headers={"Authorization": f"Bearer {tokens[mover]}"},
        timeout=5,
    ).json()
    waiter.join(timeout=10)
    assert answers
    assert answers[0]["version"] == moved["version"]
    assert time.monotonic() - start < 5


def test_a_websocket_over_the_wire_is_pushed_each_change(url: str) -> None:
    table_id, tokens = table(url, ["human", "human"])
    mover = httpx.get(f"{url}/api/tables/{table_id}", timeout=5).json()["to_move"]
    ws_url = url.replace("http://", "ws://") + f"/api/tables/{table_id}/ws?token="
    with (
        connect(ws_url + tokens[1 - mover], open_timeout=5) as watcher,
        connect(ws_url + tokens[mover], open_timeout=5) as player,
    ):
        first = json.loads(watcher.recv(timeout=5))
        update = json.loads(player.recv(timeout=5))
        move = update["view"]["data"]["legal_moves"][0]
        move = move if isinstance(move, str) else move["text"]
        player.send(json.dumps({"type": "move", "move": move}))
        pushed = json.loads(watcher.recv(timeout=5))
        assert pushed["type"] == "update"
        assert pushed["version"] != first["version"]


def test_a_huge_header_is_refused(url: str) -> None:
    # h11 refuses a head still incomplete past 16 KiB; one read may bring
    # more at once, but a megabyte is many reads.
    big = b"a" * 1_000_000
    request = b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Big: " + big + b"\r\n\r\n"
    answer = exchange(url, request)
    assert answer.startswith(b"HTTP/1.1 4")
    assert httpx.get(url + "/api/games", timeout=5).status_code == 200


def test_a_chunked_body_over_the_limit_is_413(url: str) -> None:
    chunk = b"x" * 40_000
    piece = f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n"
    request = (
        b"POST /api/tables HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
        + piece * 2
        + b"0\r\n\r\n"
    )
    assert exchange(url, request).startswith(b"HTTP/1.1 413 ")


def test_connections_of_one_ipv6_64_count_together() -> None:
    """One host commonly holds a whole /64: its addresses share one allowance of connections."""
    guard = ConnectionGuard(Limits(max_per_ip=2))
    assert guard.admit("2001:db8:1:2::1")
    assert guard.admit("2001:db8:1:2::ffff")
    assert not guard.admit("2001:db8:1:2:aaaa::3")  # the same /64, a third connection
    assert guard.admit("2001:db8:1:3::1")  # another /64
    guard.release("2001:db8:1:2::1")
    assert guard.admit("2001:db8:1:2:aaaa::3")
