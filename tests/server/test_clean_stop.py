"""Stopping ``rummyrules serve``, as an operator does and as a crash does.

A clean stop (SIGTERM, Ctrl-C) answers the long polls it holds with the
JSON refusal, 503 and ``Retry-After``, and logs no traceback; workers stop
when their parent is killed; a port in use is one line and exit code 2.
Each runs real servers on loopback, on SQLite and PostgreSQL.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import os
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from .processes import COMMAND, Served

pytestmark = pytest.mark.slow


@pytest.fixture(params=["sqlite", "postgres", "postgres, 2 workers"])
def served(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Served]:
    options: tuple[str, ...] = ()
    if request.param == "sqlite":
        database = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    else:
        database = request.getfixturevalue("postgres")
        options = ("--workers", "2") if "workers" in request.param else ()
    server = Served(database, tmp_path / "server.log", *options).start()
    try:
        yield server
    finally:
        server.kill()


def waiting_seat(url: str) -> tuple[str, str, str]:
    """A new table, the token of a seat whose turn it is not, and its version."""
    made = httpx.post(
        url + "/api/tables",
        json={"variant": "GinRummy", "seats": ["human", "human"]},
        timeout=10,
    ).json()
    table = made["table"]
    mover = httpx.get(f"{url}/api/tables/{table}", timeout=10).json()["to_move"]
    token = made["seats"][1 - mover]["token"]
    view = httpx.get(
        f"{url}/api/tables/{table}/view", params={"token": token}, timeout=10
    ).json()
    return table, token, view["version"]


def test_a_clean_stop_answers_a_held_long_poll_with_503_and_no_traceback(
    served: Served,
) -> None:
    """Issue 39, item 6: the long poll got a plain-text 500 and the log a CancelledError."""
    table, token, version = waiting_seat(served.url)
    assert served.process is not None
    with (
        httpx.Client(base_url=served.url, timeout=40) as client,
        concurrent.futures.ThreadPoolExecutor(1) as pool,
    ):
        client.get("/api/games")  # the connection is open and accepted
        poll = pool.submit(
            client.get,
            f"/api/tables/{table}/view",
            params={"token": token, "since": version, "wait": "25"},
        )
        time.sleep(1.5)  # for the poll to reach the server; it would wait 25 s
        assert not poll.done()
        os.kill(served.process.pid, signal.SIGTERM)
        answer = poll.result(timeout=40)
    served.process.wait(timeout=30)
    served.process = None
    assert answer.status_code == 503, answer.text
    assert answer.headers["content-type"] == "application/json"
    assert int(answer.headers["retry-after"]) > 0
    assert answer.json() == {
        "error": "the server is stopping: ask again in a moment",
        "rule": None,
    }
    log = served.log()
    assert "Traceback" not in log
    assert "CancelledError" not in log


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_stops_the_server_and_its_workers_without_a_traceback(
    workers: int, postgres: str, tmp_path: Path
) -> None:
    """Issue 39, item 7: each worker printed a KeyboardInterrupt traceback."""
    served = Served(postgres, tmp_path / "server.log", "--workers", str(workers))
    served.start()
    try:
        waiting_seat(served.url)  # a worker has served something
        served.stop()  # SIGINT to the whole process group, as Ctrl-C sends
    finally:
        served.kill()
    log = served.log()
    assert "Shutting down" in log
    assert "Traceback" not in log
    assert "KeyboardInterrupt" not in log


def test_workers_stop_when_their_parent_is_killed(
    postgres: str, tmp_path: Path
) -> None:
    """Issue 39, item 7: after kill -9 of the parent, its workers served on, unsupervised."""
    served = Served(postgres, tmp_path / "server.log", "--workers", "2").start()
    assert served.process is not None
    pid = served.process.pid
    try:
        os.kill(pid, signal.SIGKILL)  # the parent only
        served.process.wait(timeout=10)
        served.process = None
        deadline = time.monotonic() + 30
        answered = True
        while answered and time.monotonic() < deadline:
            try:
                httpx.get(served.url + "/api/games", timeout=2)
                time.sleep(0.2)
            except httpx.TransportError:
                answered = False
        assert not answered, served.log()
    finally:  # the workers too, if they are still there
        with contextlib.suppress(ProcessLookupError):
            os.killpg(pid, signal.SIGKILL)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_second_server_on_a_port_in_use_says_so_in_one_line(
    workers: int, postgres: str, tmp_path: Path
) -> None:
    """Issue 39, item 7: the second serve died with a raw OSError traceback."""
    first = Served(f"sqlite:///{tmp_path / 'first.sqlite3'}", tmp_path / "first.log")
    first.start()
    try:
        second = subprocess.run(  # noqa: S603 - our own command, no shell
            [
                *COMMAND,
                "serve",
                "--port",
                str(first.port),
                "--database",
                postgres,
                "--workers",
                str(workers),
            ],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    finally:
        first.stop()
    assert second.returncode == 2, second.stderr
    assert second.stdout == ""
    assert second.stderr.count("\n") == 1
    assert second.stderr.startswith(
        f"rummyrules serve: error: cannot listen on 127.0.0.1:{first.port}: "
    )
    assert "another server" in second.stderr
