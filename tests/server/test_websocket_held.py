"""WebSockets held open on a real uvicorn: no request deadline, pings keep them.

A WebSocket is not a request: the server's deadline for a whole request
(``Limits.header_timeout``) once cut every WebSocket after it, and the
browser page fell back to polling ten seconds into every game. A
WebSocket now stays open as long as its client answers the server's pings.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import time
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from rummyrules.server import Limits, running


def new_table(base: str) -> tuple[str, list[str], int]:
    """A Gin Rummy table of two people: its id, the seats' tokens, the seat to move."""
    body = {"variant": "GinRummy", "seats": ["human", "human"], "seed": 1}
    created = httpx.post(base + "/api/tables", json=body, timeout=10).json()
    tokens = [seat["token"] for seat in created["seats"]]
    status = httpx.get(f"{base}/api/tables/{created['table']}", timeout=5).json()
    return created["table"], tokens, status["to_move"]


def socket_url(base: str, table: str, token: str) -> str:
    return base.replace("http://", "ws://") + f"/api/tables/{table}/ws?token={token}"


def move_over_http(base: str, table: str, token: str) -> int:
    """Play the seat's first legal move over HTTP; the table's new version."""
    headers = {"Authorization": f"Bearer {token}"}
    view = httpx.get(f"{base}/api/tables/{table}/view", headers=headers, timeout=5)
    move = view.json()["view"]["data"]["legal_moves"][0]
    text = move if isinstance(move, str) else move["text"]
    moved = httpx.post(
        f"{base}/api/tables/{table}/moves",
        json={"move": text},
        headers=headers,
        timeout=5,
    )
    assert moved.status_code == 200, moved.text
    version: int = moved.json()["version"]
    return version


def hold_then_hear_a_move(base: str, seconds: float) -> None:
    """Hold a quiet WebSocket ``seconds``; it is open and pushed the other seat's move."""
    table, tokens, mover = new_table(base)
    with connect(socket_url(base, table, tokens[1 - mover]), open_timeout=5) as held:
        first = json.loads(held.recv(timeout=5))
        assert first["type"] == "update"
        start = time.monotonic()
        with pytest.raises(TimeoutError):  # nothing comes, the socket stays open
            held.recv(timeout=seconds)
        assert time.monotonic() - start >= seconds
        version = move_over_http(base, table, tokens[mover])
        pushed = next_update(held, timeout=5)
        assert pushed["version"] == version


def next_update(held: ClientConnection, timeout: float) -> dict[str, Any]:
    """The next update pushed on the socket, within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        message: dict[str, Any] = json.loads(
            held.recv(timeout=max(0.01, deadline - time.monotonic()))
        )
        if message["type"] == "update":
            return message


def test_a_websocket_outlives_the_request_deadline() -> None:
    # Pings every half second, answered by the client, do not close it either.
    limits = Limits(header_timeout=0.5, ping_interval=0.5, ping_timeout=5)
    with running(limits=limits) as base:
        hold_then_hear_a_move(base, seconds=3.0)  # six deadlines


@pytest.mark.slow
def test_a_websocket_held_a_minute_without_messages_gets_the_next_update() -> None:
    with running(limits=Limits()) as base:
        hold_then_hear_a_move(base, seconds=60.0)


def test_a_websocket_whose_client_never_answers_a_ping_is_closed() -> None:
    limits = Limits(ping_interval=0.5, ping_timeout=0.5)
    with running(limits=limits) as base:
        table, tokens, _ = new_table(base)
        port = int(base.rsplit(":", 1)[1])
        key = base64.b64encode(os.urandom(16)).decode()
        handshake = (
            f"GET /api/tables/{table}/ws?token={tokens[0]} HTTP/1.1\r\n"
            "Host: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
            sock.sendall(handshake.encode())
            # Read, never answer: the pings go unanswered.
            received = b""
            start = time.monotonic()
            while time.monotonic() - start < 10:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                received += chunk
            elapsed = time.monotonic() - start
    assert received.startswith(b"HTTP/1.1 101 ")
    assert b"keepalive ping timeout" in received  # the close frame's reason
    assert 0.9 <= elapsed < 8  # a ping after 0.5 s, unanswered 0.5 s later
