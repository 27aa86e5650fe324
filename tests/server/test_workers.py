"""Many workers, many hosts, one PostgreSQL: moves reach every worker's sockets, races give one 200.

Each server here is ``rummyrules serve`` in a process of its own on
127.0.0.1, all on the test run's own database.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from .conftest import Json
from .processes import Served

pytestmark = pytest.mark.slow


def create(url: str) -> tuple[str, dict[int, str]]:
    created = httpx.post(
        url + "/api/tables",
        json={"variant": "EndOfThePage", "seats": ["human", "human"]},
        timeout=10,
    ).json()
    return created["table"], {s["seat"]: s["token"] for s in created["seats"]}


def status(url: str, table: str) -> Json:
    body: Json = httpx.get(f"{url}/api/tables/{table}", timeout=10).json()
    return body


def legal(url: str, table: str, token: str) -> list[str]:
    answer = httpx.get(
        f"{url}/api/tables/{table}/view",
        headers={"Authorization": f"Bearer {token}"},
        timeout=10,
    ).json()
    return [m["text"] for m in answer["view"]["data"]["legal_moves"]]


def send(url: str, table: str, token: str, text: str) -> int:
    with httpx.Client(timeout=30) as client:  # a connection of its own
        return client.post(
            f"{url}/api/tables/{table}/moves",
            json={"move": text},
            headers={"Authorization": f"Bearer {token}"},
        ).status_code


def next_update(socket: object, timeout: float = 10.0) -> Json:
    message: Json = json.loads(socket.recv(timeout=timeout))  # type: ignore[attr-defined]  # a websockets ClientConnection
    return message


@pytest.fixture
def hosts(postgres: str, tmp_path: Path) -> Iterator[tuple[Served, Served]]:
    """Two servers, as on two hosts, on one PostgreSQL database."""
    first = Served(postgres, tmp_path / "first.log").start()
    try:
        second = Served(postgres, tmp_path / "second.log").start()
        try:
            yield first, second
        finally:
            second.stop()
    finally:
        first.stop()


def test_a_move_through_one_host_reaches_a_socket_held_by_another(
    hosts: tuple[Served, Served],
) -> None:
    first, second = hosts
    table, tokens = create(first.url)
    watcher = 1 - status(first.url, table)["to_move"]
    ws_url = first.url.replace("http", "ws") + f"/api/tables/{table}/ws"
    with connect(f"{ws_url}?token={tokens[watcher]}", open_timeout=10) as ws:
        assert next_update(ws)["type"] == "update"
        mover = 1 - watcher
        assert send(second.url, table, tokens[mover], "draw") == 200
        pushed = next_update(ws)
        assert pushed["type"] == "update"
        assert pushed["version"] == status(second.url, table)["version"]
        assert [e["kind"] for e in pushed["events"]] == ["draw"]


def race(sends: list[tuple[str, str, str]]) -> list[int]:
    """Send ``draw`` to each (server, table, token) at the same moment; the statuses."""
    barrier = threading.Barrier(len(sends))
    answers: list[int] = []

    def one(url: str, table: str, token: str) -> None:
        barrier.wait(timeout=10)
        answers.append(send(url, table, token, "draw"))

    threads = [threading.Thread(target=one, args=sent) for sent in sends]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return answers


def test_one_move_raced_through_two_hosts_is_taken_once(
    hosts: tuple[Served, Served],
) -> None:
    first, second = hosts
    for _ in range(5):
        table, tokens = create(first.url)
        mover = status(first.url, table)["to_move"]
        answers = race(
            [(first.url, table, tokens[mover]), (second.url, table, tokens[mover])]
        )
        assert sorted(answers) == [200, 409]
        record = httpx.get(f"{first.url}/api/tables/{table}", timeout=10).json()
        assert record["to_move"] == mover  # one draw: the mover discards next


def test_workers_of_one_server_share_every_table(postgres: str, tmp_path: Path) -> None:
    served = Served(postgres, tmp_path / "server.log", "--workers", "2").start()
    try:
        table, tokens = create(served.url)
        watcher = 1 - status(served.url, table)["to_move"]
        ws_url = served.url.replace("http", "ws") + f"/api/tables/{table}/ws"
        with connect(f"{ws_url}?token={tokens[watcher]}", open_timeout=10) as ws:
            next_update(ws)
            for _ in range(12):  # each move on a new connection, to either worker
                now = status(served.url, table)
                token = tokens[now["to_move"]]
                texts = legal(served.url, table, token)
                text = (
                    "draw"
                    if "draw" in texts
                    else next(t for t in texts if "discard" in t)
                )
                assert send(served.url, table, token, text) == 200
                assert (
                    next_update(ws)["version"] == status(served.url, table)["version"]
                )
        pids = set(re.findall(r"Started server process \[(\d+)\]", served.log()))
        assert len(pids) == 2, served.log()
    finally:
        served.stop()
