"""The WebSocket of a seat: an update on connect and after every change, moves in, refusals out."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from .conftest import bearer, move_texts, new_table


def test_a_seat_gets_an_update_on_connect_and_after_each_change(
    client: TestClient,
) -> None:
    table, tokens = new_table(client, "GinRummy", ["human", "human"], seed=3)
    mover = client.get(f"/api/tables/{table}").json()["to_move"]
    other = 1 - mover
    url = f"/api/tables/{table}/ws?token="
    with (
        client.websocket_connect(url + tokens[mover]) as mine,
        client.websocket_connect(url + tokens[other]) as theirs,
    ):
        first = mine.receive_json()
        assert first["type"] == "update"
        assert first["seat"] == mover
        assert theirs.receive_json()["version"] == first["version"]
        move = move_texts(first["view"])[0]
        mine.send_json({"type": "move", "move": move})
        pushed = theirs.receive_json()  # the other seat hears of it unasked
        assert pushed["type"] == "update"
        assert pushed["version"] != first["version"]
        assert mine.receive_json()["version"] == pushed["version"]


def test_refusals_come_back_as_errors_with_their_rule(client: TestClient) -> None:
    table, tokens = new_table(client, "EndOfThePage", ["human", "human"], seed=2026)
    mover = client.get(f"/api/tables/{table}").json()["to_move"]
    with client.websocket_connect(
        f"/api/tables/{table}/ws?token={tokens[mover]}"
    ) as ws:
        ws.receive_json()
        ws.send_json({"type": "move", "move": "discard KC"})
        assert ws.receive_json() == {
            "type": "error",
            "error": "draw first: a turn begins with 'draw' or 'take'",
            "rule": "EOP-5",
        }
        ws.send_json({"type": "move", "move": "dance"})
        error = ws.receive_json()
        assert (error["type"], error["rule"]) == ("error", None)
        ws.send_json({"type": "move", "move": "draw"})  # still open after refusals
        assert ws.receive_json()["type"] == "update"


@pytest.mark.parametrize(
    ("frame", "code", "reason"),
    [
        ("{not json", 1007, "not JSON"),
        ('{"type": "shuffle"}', 1007, "decline"),
        ("[]", 1007, "decline"),
        (b"\x00\x01", 1003, "text frames"),
    ],
)
def test_a_frame_that_is_no_message_closes_the_socket_saying_why(
    client: TestClient, frame: str | bytes, code: int, reason: str
) -> None:
    table, tokens = new_table(client, "GinRummy", ["human", "greedy"])
    with client.websocket_connect(f"/api/tables/{table}/ws?token={tokens[0]}") as ws:
        ws.receive_json()
        if isinstance(frame, bytes):
            ws.send_bytes(frame)
        else:
            ws.send_text(frame)
        closed = ws.receive()
    assert closed["type"] == "websocket.close"
    assert closed["code"] == code
    assert reason in closed["reason"]


def test_a_socket_takes_the_token_from_the_header_too(client: TestClient) -> None:
    table, tokens = new_table(client, "GinRummy", ["human", "greedy"])
    with client.websocket_connect(
        f"/api/tables/{table}/ws", headers={"authorization": f"bearer {tokens[0]}"}
    ) as ws:
        assert ws.receive_json()["seat"] == 0


@pytest.mark.parametrize(("token", "code"), [(None, 4401), ("wrong", 4403)])
def test_a_socket_without_a_seat_is_closed(
    client: TestClient, token: str | None, code: int
) -> None:
    table, _ = new_table(client, "GinRummy", ["human", "greedy"])
    url = f"/api/tables/{table}/ws" + (f"?token={token}" if token else "")
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(url) as ws,  # accepted, then closed with a reason
    ):
        ws.receive_json()
    assert closed.value.code == code
    assert "token" in closed.value.reason


def test_a_socket_to_an_unknown_table_is_closed_4404(client: TestClient) -> None:
    url = "/api/tables/nope/ws"
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(url, headers=bearer("x")) as ws,
    ):
        ws.receive_json()
    assert closed.value.code == 4404
