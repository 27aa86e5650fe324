"""Issue 39, item 9, CPU a move: what a move asks of the database, and that its answer is unchanged.

Real servers on loopback, on a SQLite file and on PostgreSQL. The time a
move takes is benchmarks/server_load.py's business (no timed test here):
these pin the work that made it slow, as counts.
"""

from __future__ import annotations

import collections
import contextlib
import importlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from rummyrules.server import Limits
from rummyrules.server.running import running
from rummyrules.server.sql import SqlStorage

from .conftest import Json, bearer

# Bots play to the person's turn before every answer, however busy the machine.
LIMITS = Limits(bot_time=60)


@pytest.fixture(params=["sqlite", "postgres"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    url: str = request.getfixturevalue("postgres")
    return url


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> collections.Counter[str]:
    """How many times each storage call ran (every server of the test: they share a process)."""
    counted: collections.Counter[str] = collections.Counter()

    def counting(name: str, call: Callable[..., Any]) -> Callable[..., Any]:
        def counted_call(*args: Any, **kwargs: Any) -> Any:
            counted[name] += 1
            return call(*args, **kwargs)

        return counted_call

    with contextlib.suppress(ImportError):  # PostgreSQL's storage has a save of its own
        importlib.import_module("rummyrules.server.postgres")
    for cls in (SqlStorage, *SqlStorage.__subclasses__()):
        for name in ("get", "save", "events"):
            if name in vars(cls):
                monkeypatch.setattr(cls, name, counting(name, vars(cls)[name]))
    return counted


def created(client: httpx.Client, seats: list[str], seed: int) -> tuple[str, list[str]]:
    """A new End of the Page table: its id and the tokens of its human seats, by seat."""
    body = {"variant": "EndOfThePage", "seats": seats, "seed": seed}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    tokens = [seat.get("token", "") for seat in answer.json()["seats"]]
    return answer.json()["table"], tokens


def view(client: httpx.Client, table: str, token: str, since: str = "") -> Json:
    query = f"?since={since}&wait=0" if since else ""
    answer = client.get(f"/api/tables/{table}/view{query}", headers=bearer(token))
    assert answer.status_code == 200, answer.text
    body: Json = answer.json()
    return body


def moved(client: httpx.Client, table: str, token: str, move: str) -> httpx.Response:
    answer = client.post(
        f"/api/tables/{table}/moves", json={"move": move}, headers=bearer(token)
    )
    assert answer.status_code == 200, answer.text
    return answer


def test_cpu_a_move_reads_nothing_and_saves_once_on_a_table_its_worker_knows(
    database: str, calls: collections.Counter[str]
) -> None:
    # The table was read for the view before the move: the move is played
    # on it as this worker knows it (the save's compare and set guards it),
    # saved once with the bots' replies, and answered from memory. It read
    # the row twice and the events once more before.
    with (
        running(limits=LIMITS, database=database) as url,
        httpx.Client(base_url=url, timeout=30) as client,
    ):
        table, tokens = created(client, ["human", "greedy"], seed=1)
        seen = view(client, table, tokens[0])
        assert seen["view"]["data"]["to_move"] == 0  # the bot has played its turn
        calls.clear()
        answer = moved(client, table, tokens[0], "draw").json()
        assert dict(calls) == {"save": 1}
        # The answer is still that of /view with the events since the move.
        assert answer == view(client, table, tokens[0], seen["version"])
        assert [event["kind"] for event in answer["events"]] == ["draw"]


def test_cpu_a_move_answer_is_written_byte_for_byte_as_json_response_writes_it(
    database: str,
) -> None:
    # The view is kept as text and the body written around it: the bytes
    # must be those Starlette's JSONResponse writes of the same document.
    with (
        running(limits=LIMITS, database=database) as url,
        httpx.Client(base_url=url, timeout=30) as client,
    ):
        table, tokens = created(client, ["human", "greedy"], seed=3)
        seen = view(client, table, tokens[0])
        answers = [moved(client, table, tokens[0], "draw")]
        for since in ("", seen["version"]):
            query = f"?since={since}&wait=0" if since else ""
            answers.append(
                client.get(
                    f"/api/tables/{table}/view{query}", headers=bearer(tokens[0])
                )
            )
    for answer in answers:
        document = answer.json()
        assert list(document) == [
            "version",
            "seat",
            "view",
            "events",
            "earlier",
            "groups",
            "duties",
        ]
        written = json.dumps(
            document, ensure_ascii=False, allow_nan=False, separators=(",", ":")
        )
        assert answer.content == written.encode("utf-8")
        assert answer.headers["content-type"] == "application/json"
        assert answer.headers["content-length"] == str(len(answer.content))


def test_cpu_a_move_on_a_table_another_worker_changed_is_judged_on_the_table_as_it_is(
    database: str,
) -> None:
    # Two servers on one database. The first knows the table from the
    # mover's draw; the second takes the discard; the other player's draw,
    # sent to the first, would be refused on the table as the first knew it
    # (not that player's turn there). It is played on the table as it is,
    # and its answer tells the events since the version it was played on.
    with (
        running(limits=LIMITS, database=database) as first,
        running(limits=LIMITS, database=database) as second,
        httpx.Client(base_url=first, timeout=30) as one,
        httpx.Client(base_url=second, timeout=30) as two,
    ):
        table, tokens = created(one, ["human", "human"], seed=5)
        mover = one.get(f"/api/tables/{table}").json()["to_move"]
        other = 1 - mover
        drawn = moved(one, table, tokens[mover], "draw").json()
        discard = next(
            move["text"]
            for move in drawn["view"]["data"]["legal_moves"]
            if move["text"].startswith("discard")
        )
        discarded = moved(two, table, tokens[mover], discard).json()
        answer = moved(one, table, tokens[other], "draw").json()
        assert [event["kind"] for event in answer["events"]] == ["draw"]
        assert answer["events"][0]["player"] == other
        assert answer["version"] != discarded["version"]
        assert answer == view(two, table, tokens[other], discarded["version"])
        # The draw stands: the other player is to discard now.
        assert two.get(f"/api/tables/{table}").json()["to_move"] == other
