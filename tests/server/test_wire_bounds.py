"""The request head's bound and the WebSocket's closes, as bytes on the wire.

Each against a real uvicorn server on 127.0.0.1, every read bounded by a
socket timeout.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator

import httpx
import pytest

from rummyrules.server import Limits, running

from .wire import Wire

LIMITS = Limits(max_per_ip=1000, request_burst=1000)


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    with running(limits=LIMITS) as base:
        yield base


def port_of(base: str) -> int:
    return int(base.rsplit(":", 1)[1])


def seat_path(base: str) -> str:
    """The WebSocket path of the human seat of a new Gin Rummy table."""
    body = {"variant": "GinRummy", "seats": ["human", "greedy"], "seed": 5}
    created = httpx.post(base + "/api/tables", json=body, timeout=10).json()
    return f"/api/tables/{created['table']}/ws?token={created['seats'][0]['token']}"


def opened(base: str) -> Wire:
    """A WebSocket of a human seat, its handshake answered."""
    wire = Wire(port_of(base))
    wire.upgrade(seat_path(base))
    assert wire.read_head().startswith(b"HTTP/1.1 101 ")
    return wire


def get_with_header(size: int) -> bytes:
    """A GET whose head is ``size`` bytes long, line and blank line included."""
    start = b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Pad: "
    return start + b"a" * (size - len(start) - 4) + b"\r\n\r\n"


@pytest.mark.parametrize("kib", [17, 60])
def test_a_request_head_over_16_kib_is_refused_431(url: str, kib: int) -> None:
    wire = Wire(port_of(url))
    try:
        wire.sock.sendall(get_with_header(kib * 1024))
        status, headers, body = wire.read_answer()
        assert status == 431
        assert headers["content-type"] == "application/json"
        assert json.loads(body) == {
            "error": "send a request head (its line and headers) of at most 16384 bytes",
            "rule": None,
        }
        assert wire.at_end()  # closed with a FIN, not a reset
    finally:
        wire.close()


def test_a_request_head_of_16_kib_is_served(url: str) -> None:
    wire = Wire(port_of(url))
    try:
        wire.sock.sendall(get_with_header(16 * 1024))
        assert wire.read_answer()[0] == 200
    finally:
        wire.close()


def test_a_pipelined_request_head_over_16_kib_is_refused_431(url: str) -> None:
    # The second request waits whole in h11's buffer while the first is
    # answered: measured before h11 reads it.
    wire = Wire(port_of(url))
    try:
        wire.sock.sendall(get_with_header(200) + get_with_header(60 * 1024))
        assert wire.read_answer()[0] == 200
        assert wire.read_answer()[0] == 431
    finally:
        wire.close()


def test_an_invalid_utf8_frame_closes_1007_without_a_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO)
    with running(limits=LIMITS, log=True) as base:
        wire = opened(base)
        try:
            wire.send_frame(b'{"type": "move", "move": "\xff\xfe"}')
            code, reason, _ = wire.read_close()
            assert wire.at_end()
        finally:
            wire.close()
    assert code == 1007
    assert "UTF-8" in reason
    assert not [record for record in caplog.records if record.exc_info]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    # The refusal's own line (a server's "process [1007]" is another).
    said = [r for r in caplog.records if '" 1007:' in r.getMessage()]
    assert len(said) == 1
    assert "\n" not in said[0].getMessage()


def test_a_frame_over_the_limit_gets_1009_then_an_end_not_a_reset(url: str) -> None:
    wire = opened(url)
    try:
        wire.send_frame(b"x" * 70_000)
        code, _, _ = wire.read_close()
        assert code == 1009
        assert wire.at_end()  # a ConnectionResetError here is the finding
    finally:
        wire.close()


def test_a_handshake_for_version_8_gets_426_naming_13(url: str) -> None:
    wire = Wire(port_of(url))
    try:
        wire.upgrade(seat_path(url), version="8")
        status, headers, body = wire.read_answer()
    finally:
        wire.close()
    assert status == 426
    assert headers["sec-websocket-version"] == "13"
    assert headers["upgrade"] == "websocket"
    refusal = json.loads(body)
    assert refusal["rule"] is None
    assert "Sec-WebSocket-Version: 13" in refusal["error"]
