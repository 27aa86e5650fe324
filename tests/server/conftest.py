"""The server's tests: a Starlette TestClient, and real uvicorn servers on loopback.

Real servers listen on 127.0.0.1 on a free port, in a thread started and
stopped inside the test run (:func:`rummyrules.server.running`).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from extras import need_extra

need_extra("server")  # without the [server] extra these tests skip, saying so

from starlette.testclient import TestClient

from rummyrules.server import Limits, create_app

Json = dict[str, Any]


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Limits(wait=0.2, max_wait=2))) as test_client:
        yield test_client


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_table(
    client: TestClient,
    variant: str,
    seats: list[str],
    options: Json | None = None,
    seed: int | None = 1,
) -> tuple[str, dict[int, str]]:
    """A new table's id and the token of each human seat."""
    body = {"variant": variant, "options": options or {}, "seats": seats, "seed": seed}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    created = answer.json()
    tokens = {
        seat["seat"]: seat["token"] for seat in created["seats"] if "token" in seat
    }
    return created["table"], tokens


def move_texts(document: Json) -> list[str]:
    """The legal moves of a view document as text (format 2: text; 3: objects)."""
    return [
        move if isinstance(move, str) else move["text"]
        for move in document["data"]["legal_moves"]
    ]


def choose(document: Json, rng: random.Random) -> str | None:
    """A random legal move but ``drop``; None to decline a claim, half the time."""
    data = document["data"]
    moves = [m for m in move_texts(document) if not m.endswith("drop")]
    mine = data["to_move"] == data["player"]
    if not moves or (not mine and rng.random() < 0.5):
        return None
    return rng.choice(moves)
