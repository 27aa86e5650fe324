"""The server's tests: a Starlette TestClient, and real uvicorn servers on loopback.

Real servers listen on 127.0.0.1 on a free port, in a thread started and
stopped inside the test run (:func:`rummyrules.server.running`).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import random
import secrets
from collections.abc import Coroutine, Iterator
from typing import Any, TypeVar

import pytest

from extras import need, need_extra

need_extra("server")  # without the [server] extra these tests skip, saying so

from starlette.testclient import TestClient

from rummyrules.server import Limits, create_app

Json = dict[str, Any]
T = TypeVar("T")


@pytest.fixture
def client() -> Iterator[TestClient]:
    # The bots play until a person must act before every answer, however busy
    # the machine: with the default 2 s, a loaded machine leaves bot moves for
    # after the answer, and a test reading whose turn it is would see a bot's.
    limits = Limits(wait=0.2, max_wait=2, bot_time=60)
    with TestClient(create_app(limits)) as test_client:
        yield test_client


def run_apart(work: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine on an event loop of its own, in a thread of its own.

    The browser tests' Playwright keeps an event loop running in the main
    thread of the worker that ran them, where ``asyncio.run`` is refused.
    """
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, work).result(timeout=60)


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


class Seat:
    """One human seat of a table, played over the API as a client would."""

    def __init__(self, client: TestClient, table: str, token: str) -> None:
        self.client, self.table, self.token = client, table, token
        self.version = ""

    def answer(self, since: str | None = None) -> Json:
        """The seat's answer now (with ``since``: the events after that version)."""
        query = "" if since is None else f"?since={since}&wait=0"
        got = self.client.get(
            f"/api/tables/{self.table}/view{query}", headers=bearer(self.token)
        )
        assert got.status_code == 200, got.text
        body: Json = got.json()
        self.version = body["version"]
        return body

    def move(self, text: str) -> Json:
        """Send a move the rules take."""
        sent = self.client.post(
            f"/api/tables/{self.table}/moves",
            json={"move": text},
            headers=bearer(self.token),
        )
        assert sent.status_code == 200, sent.text
        body: Json = sent.json()
        self.version = body["version"]
        return body

    def decline(self) -> Json:
        """Let the claim offered go."""
        sent = self.client.post(
            f"/api/tables/{self.table}/decline", headers=bearer(self.token)
        )
        assert sent.status_code == 200, sent.text
        body: Json = sent.json()
        self.version = body["version"]
        return body

    @property
    def over(self) -> bool:
        """Whether the table's game is over."""
        return bool(self.client.get(f"/api/tables/{self.table}").json()["over"])

    def record(self) -> Json:
        """The finished game's record document."""
        got = self.client.get(f"/api/tables/{self.table}/record")
        assert got.status_code == 200, got.text
        body: Json = got.json()
        return body


POSTGRES = os.environ.get("RUMMYRULES_POSTGRES", "postgresql://127.0.0.1:5432/test")
"""The PostgreSQL server the tests make their database on (trust authentication)."""

HOW = (
    "start one (pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main"
    " start), or set RUMMYRULES_POSTGRES to a server's URL, to run these tests"
)


@pytest.fixture(scope="session")
def postgres() -> Iterator[str]:
    """The URL of a database of this test run's own, dropped at its end.

    Without a server it skips, saying how to run the tests; where
    ``RUMMYRULES_REQUIRE_POSTGRES=1`` (in CI) it fails instead.
    """
    psycopg = need("psycopg")
    try:
        admin = psycopg.connect(POSTGRES, autocommit=True, connect_timeout=5)
    except psycopg.OperationalError as error:
        message = f"no PostgreSQL answers at {POSTGRES} ({error}): {HOW}"
        if os.environ.get("RUMMYRULES_REQUIRE_POSTGRES") == "1":
            pytest.fail(message)
        pytest.skip(message)
    name = f"rummyrules_test_{os.getpid()}_{secrets.token_hex(4)}"
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield POSTGRES.rsplit("/", 1)[0] + "/" + name
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def fresh_postgres(postgres: str) -> Iterator[str]:
    """The URL of a database of this test's own, made empty and dropped at its end."""
    psycopg = need("psycopg")
    name = f"{postgres.rsplit('/', 1)[1]}_{secrets.token_hex(4)}"
    with psycopg.connect(POSTGRES, autocommit=True, connect_timeout=5) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield POSTGRES.rsplit("/", 1)[0] + "/" + name
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
