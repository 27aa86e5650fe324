"""The request rate of one address: HTTP requests, WebSocket handshakes and messages.

Real uvicorn servers on 127.0.0.1 with a small burst and a slow rate, so
that a few requests spend an address's bucket whatever the machine's
speed; the flooding client connects from 127.0.0.2 (all of 127/8 is
loopback on Linux), the other one from 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient

from rummyrules.server import Limits, create_app, running
from rummyrules.server.rates import PAUSE, RateLimited, Rates

from .wire import Wire

#: Six requests at once from an address, then one every ten seconds.
SLOW = Limits(requests_per_second=0.1, request_burst=6)
FLOODER = "127.0.0.2"


def port_of(base: str) -> int:
    return int(base.rsplit(":", 1)[1])


def from_address(address: str) -> httpx.Client:
    """An HTTP client whose connections come from ``address``."""
    transport = httpx.HTTPTransport(local_address=address)
    return httpx.Client(transport=transport, timeout=10)


def at_once(
    base: str,
    count: int,
    *,
    source: str = "127.0.0.1",
    headers: dict[str, str] | None = None,
) -> list[httpx.Response]:
    """The answers to ``count`` GETs sent at once from ``source``, each on a connection of its own.

    At once, since a refusal waits a second for its 429.
    """

    async def all_at_once() -> list[httpx.Response]:
        transport = httpx.AsyncHTTPTransport(local_address=source)
        async with httpx.AsyncClient(transport=transport, timeout=10) as client:
            asked = (
                client.get(base + "/api/games", headers=headers) for _ in range(count)
            )
            return list(await asyncio.gather(*asked))

    # In a thread of its own: another test may hold this thread's loop.
    answers: list[httpx.Response] = []
    worker = threading.Thread(target=lambda: answers.extend(asyncio.run(all_at_once())))
    worker.start()
    worker.join(timeout=60)
    return answers


def test_a_flooding_address_gets_429_with_retry_after_while_another_is_served() -> None:
    with running(limits=SLOW) as base, from_address("127.0.0.1") as other:
        answers = at_once(base, 20, source=FLOODER)
        statuses = [answer.status_code for answer in answers]
        # The burst, and a token more if the machine took 10 s for this.
        assert 6 <= statuses.count(200) <= 7
        refused = [answer for answer in answers if answer.status_code == 429]
        assert len(refused) == 20 - statuses.count(200)
        for answer in refused:
            assert int(answer.headers["retry-after"]) >= 1
            assert answer.headers["content-type"] == "application/json"
            assert answer.json()["rule"] is None
            assert "too many requests from your address" in answer.json()["error"]
        # Another address is served all the while.
        assert [other.get(base + "/api/games").status_code for _ in range(5)] == [
            200
        ] * 5
        with from_address(FLOODER) as flooder:
            start = time.monotonic()
            assert flooder.get(base + "/api/games").status_code == 429
            # Asking again at once keeps the client waiting, not the server busy.
            assert time.monotonic() - start >= PAUSE


def test_a_flooding_websocket_gets_an_error_then_the_close_while_another_plays(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with (
        running(limits=SLOW, log=True) as base,
        from_address("127.0.0.1") as other,
    ):
        body = {"variant": "GinRummy", "seats": ["human", "greedy"], "seed": 4}
        created = other.post(base + "/api/tables", json=body).json()
        flooded = f"/api/tables/{created['table']}/ws?token="
        flooded += created["seats"][0]["token"]
        # Left open to the end: the app still answers the 5 messages it
        # took, after the close (a client that leaves at once spares it).
        flooding = Wire(port_of(base), source=FLOODER)
        # A move the rules refuse, 30 times at once: the handshake and 5
        # messages take the burst.
        flooding.upgrade(flooded)
        assert flooding.read_head().startswith(b"HTTP/1.1 101 ")
        move = json.dumps({"type": "move", "move": "knock"}).encode()
        for _ in range(30):
            flooding.send_frame(move)
        code, reason, texts = flooding.read_close()
        assert flooding.at_end()
        messages = [json.loads(text) for text in texts]
        errors = [message for message in messages if message["type"] == "error"]
        assert len([error for error in errors if error["rule"] is not None]) <= 5
        limited = [error for error in errors if "retry_after" in error]
        assert len(limited) == 1
        assert limited[0]["rule"] is None
        assert limited[0]["retry_after"] >= 1
        assert "too many messages from your address" in limited[0]["error"]
        assert code == 4429
        assert "too many messages" in reason
        # The other address plays on, at a table of its own.
        body = {"variant": "GinRummy", "seats": ["human", "human"], "seed": 4}
        created = other.post(base + "/api/tables", json=body).json()
        table = created["table"]
        mover = other.get(f"{base}/api/tables/{table}").json()["to_move"]
        seat = {"Authorization": f"Bearer {created['seats'][mover]['token']}"}
        view = other.get(f"{base}/api/tables/{table}/view", headers=seat).json()
        move_text = view["view"]["data"]["legal_moves"][0]["text"]
        moved = other.post(
            f"{base}/api/tables/{table}/moves", json={"move": move_text}, headers=seat
        )
        assert moved.status_code == 200
        # The flooding address's next handshake is refused over HTTP.
        wire = Wire(port_of(base), source=FLOODER)
        try:
            wire.upgrade(flooded)
            status, headers, refusal = wire.read_answer()
        finally:
            wire.close()
        assert status == 429
        assert int(headers["retry-after"]) >= 1
        assert json.loads(refusal)["rule"] is None
        flooding.close()
    # The app answering a message as the socket closes is no error of the app's.
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_behind_a_trusted_proxy_the_client_it_names_is_counted() -> None:
    # The proxy (127.0.0.1) carries two clients: one floods, the other is served.
    with running(limits=SLOW, forwarded="127.0.0.1") as base:
        flooding = {"X-Forwarded-For": "203.0.113.7"}
        answers = at_once(base, 10, headers=flooding)
        statuses = sorted(answer.status_code for answer in answers)
        assert statuses in ([200] * 6 + [429] * 4, [200] * 7 + [429] * 3)
        other = {"X-Forwarded-For": "203.0.113.8"}
        answer = httpx.get(base + "/api/games", headers=other, timeout=10)
        assert answer.status_code == 200


@pytest.mark.parametrize(
    ("first", "second", "status"),
    [
        ("2001:db8:1:2::1", "2001:db8:1:2:ffff::9", 429),  # one /64
        ("2001:db8:1:2::1", "2001:db8:1:3::1", 200),
        ("203.0.113.7", "203.0.113.8", 200),
    ],
)
def test_an_ipv6_address_is_counted_by_its_64(
    first: str, second: str, status: int
) -> None:
    limits = Limits(request_burst=1, requests_per_second=0.1)
    app = RateLimited(create_app(limits), Rates(limits), pause=0.0)
    assert TestClient(app, client=(first, 1000)).get("/api/games").status_code == 200
    answer = TestClient(app, client=(second, 1000)).get("/api/games")
    assert answer.status_code == status


def test_an_address_is_forgotten_once_its_bucket_is_full_again() -> None:
    now = [0.0]
    rates = Rates(
        Limits(requests_per_second=10, request_burst=20), clock=lambda: now[0]
    )
    for number in range(1000):
        rates.take(f"10.0.{number // 250}.{number % 250}")
        now[0] += 0.01
    # 20 tokens at 10 a second fill in 2 s: only the last 2 s's addresses are held.
    assert len(rates.buckets) <= 201
    now[0] += 2.0
    rates.take("10.9.9.9")
    assert list(rates.buckets) == ["10.9.9.9"]


def test_the_held_addresses_are_bounded() -> None:
    rates = Rates(Limits(), clock=lambda: 0.0, most=100)
    for number in range(1000):
        assert rates.take(f"10.1.{number // 250}.{number % 250}") == 0.0
    assert len(rates.buckets) == 100


def test_the_defaults_hold_a_flood_back_but_not_a_page() -> None:
    # The page loads about 20 files and asks a few questions a second while
    # its player plays; a flood sends hundreds a second.
    limits = Limits()
    assert limits.request_burst >= 100
    assert 10 <= limits.requests_per_second <= 50


def test_request_burst_is_a_whole_number() -> None:
    half: Any = 1.5  # what a typed caller cannot write, but a config file can
    with pytest.raises(ValueError, match="request_burst must be a whole number"):
        Limits(request_burst=half)
    with pytest.raises(ValueError, match="request_burst must be more than 0"):
        Limits(request_burst=0)
