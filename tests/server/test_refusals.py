"""Connections over a cap are answered, not reset, on a real uvicorn on 127.0.0.1.

Over ``Limits.max_per_ip`` the server once wrote its 429 and closed the
socket before the client's request arrived; the request then met a closed
socket and the client mostly saw a reset. Now the 429 (with
``Retry-After``) follows the request's head, and the close is a FIN.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
import time
from collections import Counter
from collections.abc import Iterator

import httpx

from rummyrules.server import Limits, running


def port_of(base: str) -> int:
    return int(base.rsplit(":", 1)[1])


@contextlib.contextmanager
def held(base: str, count: int) -> Iterator[list[socket.socket]]:
    """``count`` connections held open (idle) while inside."""
    socks = [
        socket.create_connection(("127.0.0.1", port_of(base)), timeout=5)
        for _ in range(count)
    ]
    try:
        time.sleep(0.2)  # the server has accepted them all
        yield socks
    finally:
        for sock in socks:
            sock.close()
        time.sleep(0.2)  # the server sees them closed


def answers_at_once(base: str, count: int) -> Counter[object]:
    """What ``count`` requests sent at once, each on its own connection, get.

    Each request is a POST with a body, the hardest case for a refusal: the
    body arrives after the head the 429 answers. A (status, Retry-After,
    body) triple for an answer, the exception's name for none.
    """
    outcomes: Counter[object] = Counter()

    async def one(client: httpx.AsyncClient) -> None:
        body = {"variant": "GinRummy", "seats": ["human", "human"], "seed": 1}
        try:
            answer = await client.post(base + "/api/tables", json=body)
        except httpx.HTTPError as error:
            outcomes[type(error).__name__] += 1
        else:
            key = (answer.status_code, answer.headers.get("retry-after"))
            outcomes[(*key, answer.text if key[0] != 201 else "")] += 1

    async def all_at_once() -> None:
        # No keep-alive: every request opens a connection of its own.
        pool = httpx.Limits(max_keepalive_connections=0, max_connections=count)
        async with httpx.AsyncClient(timeout=10, limits=pool) as client:
            await asyncio.wait_for(
                asyncio.gather(*(one(client) for _ in range(count))), 30
            )

    # In a thread of its own: another test's browser may hold this thread's loop.
    worker = threading.Thread(target=lambda: asyncio.run(all_at_once()))
    worker.start()
    worker.join(timeout=60)
    return outcomes


REFUSED = (
    429,
    "1",
    '{"error": "too many connections from your address: close some and try '
    'again", "rule": null}',
)


def wait_for_room(base: str, timeout: float = 10.0) -> None:
    """Until a request is answered 200: the server has seen the held ones closed."""
    deadline = time.monotonic() + timeout
    while httpx.get(base + "/api/games", timeout=5).status_code != 200:
        assert time.monotonic() < deadline, "no room after the held ones closed"
        time.sleep(0.1)


#: The held connections stay open (idle) for the whole test, however slow
#: the machine: the request deadline would close them after header_timeout.
PATIENT = 120


def test_over_the_per_address_cap_every_request_reads_a_429() -> None:
    with running(limits=Limits(max_per_ip=3, header_timeout=PATIENT)) as base:
        with held(base, 3):
            outcomes = answers_at_once(base, 100)
            one_by_one = [httpx.get(base + "/api/games", timeout=5) for _ in range(20)]
        assert outcomes == Counter({REFUSED: 100})
        assert {
            (answer.status_code, answer.headers.get("retry-after"))
            for answer in one_by_one
        } == {(429, "1")}
        # Room again once the held ones are closed.
        wait_for_room(base)
        assert answers_at_once(base, 3) == Counter({(201, None, ""): 3})


def test_a_refused_client_that_sends_nothing_is_answered_and_closed_soon() -> None:
    limits = Limits(max_per_ip=1, header_timeout=PATIENT)
    with running(limits=limits) as base, held(base, 1):
        start = time.monotonic()
        with socket.create_connection(("127.0.0.1", port_of(base)), timeout=5) as sock:
            received = b""
            while chunk := sock.recv(65536):  # a reset would raise here
                received += chunk
        elapsed = time.monotonic() - start
    assert received.startswith(b"HTTP/1.1 429 Too Many Requests\r\n")
    assert b"\r\nretry-after: 1\r\n" in received
    assert elapsed < 4  # at most a second's wait for a head, and a second's linger


def test_a_refused_client_that_never_stops_sending_is_closed_soon() -> None:
    limits = Limits(max_per_ip=1, header_timeout=PATIENT)
    with running(limits=limits) as base, held(base, 1):
        start = time.monotonic()
        closed = False
        with socket.create_connection(("127.0.0.1", port_of(base)), timeout=5) as sock:
            sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
            assert sock.recv(65536).startswith(b"HTTP/1.1 429 ")
            while time.monotonic() - start < 10:
                try:
                    sock.sendall(b"more and more " * 100)
                    time.sleep(0.05)
                except (BrokenPipeError, ConnectionResetError):
                    closed = True  # a reset is fair once the linger is over
                    break
        elapsed = time.monotonic() - start
    assert closed
    assert elapsed < 5


def test_at_the_global_cap_the_503_says_when_to_try_again() -> None:
    with running(limits=Limits(max_connections=3, header_timeout=PATIENT)) as base:
        with held(base, 3):
            answer = httpx.get(base + "/api/games", timeout=5)
        assert answer.status_code == 503
        assert answer.headers["retry-after"] == "1"
        assert answer.json() == {
            "error": "the server has too many connections: try again in a moment",
            "rule": None,
        }
        wait_for_room(base)
