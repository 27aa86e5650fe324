"""The lobby's promises under other writers and hostile clients: answers, declines, waits."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from rummyrules.server import Limits, TableStore, create_app
from rummyrules.server.databases import open_storage
from rummyrules.server.documents import ApiError

from .conftest import bearer, move_texts, new_table, run_apart


def test_an_answer_tells_the_events_of_the_version_it_shows_and_no_later(
    tmp_path: Path,
) -> None:
    # Two workers on one database: the second moves between the first's
    # read and its answer.
    url = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    first, second = (
        TableStore(Limits(), open_storage(url)),
        TableStore(Limits(), open_storage(url)),
    )

    async def play() -> tuple[list[object], str, list[object]]:
        table, _ = await first.create(
            "EndOfThePage", {}, ["human", "human"], seed=2026, creator="::1"
        )
        mover = table.game.to_move or 0
        seen = await first.get(table.id)
        await second.move(await second.get(table.id), mover, "draw")
        stale = await first.answer(seen, mover, table.version)
        fresh = await first.answer(await first.get(table.id), mover, table.version)
        return stale["events"], stale["version"], fresh["events"]

    stale, _, fresh = run_apart(play())
    assert stale == []  # version is the one before the draw: no draw in it
    assert [event["kind"] for event in fresh] == ["draw"]  # type: ignore[index]  # JSON objects


def test_an_answer_carries_the_latest_events_and_says_when_earlier_were_left_out() -> (
    None
):
    with TestClient(create_app(Limits(events_per_answer=2))) as client:
        table, tokens = new_table(client, "GinRummy", ["human", "greedy"], seed=4)
        me = bearer(tokens[0])
        for _ in range(3):
            view = client.get(f"/api/tables/{table}/view", headers=me).json()
            if view["view"]["data"]["to_move"] != 0:
                break
            move = next(m for m in move_texts(view["view"]) if "knock" not in m)
            client.post(f"/api/tables/{table}/moves", json={"move": move}, headers=me)
        answer = client.get(f"/api/tables/{table}/view", headers=me).json()
    assert answer["earlier"] is True
    assert answer["events"]


def test_f14_12_a_decline_with_no_claim_open_or_of_an_old_version_is_refused(
    client: TestClient,
) -> None:
    table, tokens = new_table(client, "GinRummy", ["human", "human"], seed=1)
    mover = client.get(f"/api/tables/{table}").json()["to_move"]
    for seat in (mover, 1 - mover):  # its own turn; nothing to claim in Gin
        refused = client.post(
            f"/api/tables/{table}/decline", headers=bearer(tokens[seat])
        )
        assert refused.status_code == 409
        assert refused.json()["error"] == "you have no claim to let go now"
    old = client.post(
        f"/api/tables/{table}/decline",
        json={"version": "an old one"},
        headers=bearer(tokens[1 - mover]),
    )
    assert old.status_code == 409
    assert "moved on" in old.json()["error"]


def test_waits_that_end_leave_nothing_behind() -> None:
    store = TableStore(Limits())
    with TestClient(create_app(Limits(), store=store)) as client:
        table, tokens = new_table(client, "GinRummy", ["human", "human"], seed=1)
        waiting = 1 - client.get(f"/api/tables/{table}").json()["to_move"]
        version = client.get(f"/api/tables/{table}").json()["version"]
        for _ in range(5):
            client.get(
                f"/api/tables/{table}/view?since={version}&wait=0.05",
                headers=bearer(tokens[waiting]),
            )
    assert len(store.signals) == 0


def test_a_socket_whose_table_is_deleted_is_closed_4404() -> None:
    store = TableStore(Limits())
    with TestClient(create_app(Limits(), store=store)) as client:
        table, tokens = new_table(client, "GinRummy", ["human", "greedy"])
        with client.websocket_connect(
            f"/api/tables/{table}/ws?token={tokens[0]}"
        ) as ws:
            ws.receive_json()
            assert store.storage.sweep(finished=1e18, unfinished=1e18) == 1
            client.portal.call(store.signals.wake, table)  # type: ignore[union-attr]  # the client's own loop
            closed = ws.receive()
    assert closed["code"] == 4404


def test_an_unknown_table_is_404_for_every_reader() -> None:
    store = TableStore(Limits())
    with pytest.raises(ApiError, match="no table"):
        run_apart(store.get("nope"))
