"""No seat token in any line the server logs, on a real uvicorn on 127.0.0.1.

uvicorn's access lines were masked, but its WebSocket lines (on
``uvicorn.error``: ``"WebSocket /api/tables/T/ws?token=..." [accepted]``,
and the 403s) showed the tokens in clear. The mask is now on every
uvicorn logger, so any handler (the test's own here) sees masked records.
"""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Iterator

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from rummyrules.server import Limits, running
from rummyrules.server.running import TokenMask, mask_tokens


class Lines(logging.Handler):
    """Every record that reaches it, as ``%(message)s`` writes it (with its exception)."""

    def __init__(self) -> None:
        super().__init__()
        self.setFormatter(logging.Formatter("%(message)s"))
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        record.getMessage()  # a record that cannot be written fails the test
        self.lines.append(self.format(record))


@pytest.fixture
def lines() -> Iterator[list[str]]:
    handler = Lines()
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield handler.lines
    finally:
        root.removeHandler(handler)


def test_no_token_in_any_line_a_whole_game_logs(lines: list[str]) -> None:
    # Made-up tokens a client might send; none may be written either.
    wrong = "wrongTOKENvalue42"
    elsewhere = "unseatedTOKEN9000"
    with running(limits=Limits(), log=True) as base:
        ws_base = base.replace("http://", "ws://")
        body = {"variant": "GinRummy", "seats": ["human", "human"], "seed": 1}
        created = httpx.post(base + "/api/tables", json=body, timeout=10).json()
        table = created["table"]
        tokens = [seat["token"] for seat in created["seats"]]
        mover = httpx.get(f"{base}/api/tables/{table}", timeout=5).json()["to_move"]
        view = f"{base}/api/tables/{table}/view"
        # The token in the query in every position, encoded, and in a header.
        for query in (
            f"?token={tokens[0]}",
            f"?since=0&token={tokens[1]}&wait=0",
            f"?wait=0&token={tokens[0]}",
            f"?%74oken={tokens[1]}",  # the query's keys are read decoded
            f"?token={wrong}",
        ):
            httpx.get(view + query, timeout=5)
        httpx.get(view, headers={"Authorization": f"Bearer {tokens[0]}"}, timeout=5)
        refused = (
            (f"{ws_base}/api/tables/{table}/ws?token={wrong}", 4403),
            (f"{ws_base}/api/tables/{table}/ws", 4401),
            (f"{ws_base}/api/tables/{table}/ws?token={elsewhere}", 4403),
            (f"{ws_base}/api/tables/nope/ws?token={tokens[0]}", 4404),
        )
        for url, code in refused:  # accepted, then closed with the code and why
            with (
                connect(url, open_timeout=5) as socket,
                pytest.raises(ConnectionClosed) as closed,
            ):
                socket.recv(timeout=5)
            assert closed.value.rcvd is not None
            assert closed.value.rcvd.code == code
        # A few moves: over the WebSocket, then over HTTP with ?token=.
        socket_of = f"{ws_base}/api/tables/{table}/ws?since=0&token="
        with (
            connect(socket_of + tokens[mover], open_timeout=5) as player,
            connect(socket_of + tokens[1 - mover], open_timeout=5) as watcher,
        ):
            update = json.loads(player.recv(timeout=5))
            move = update["view"]["data"]["legal_moves"][0]
            player.send(json.dumps({"type": "move", "move": move["text"]}))
            json.loads(watcher.recv(timeout=5))
            json.loads(watcher.recv(timeout=5))
        mine = httpx.get(f"{view}?token={tokens[mover]}", timeout=5).json()
        move = mine["view"]["data"]["legal_moves"][0]["text"]
        moved = httpx.post(
            f"{base}/api/tables/{table}/moves?token={tokens[mover]}",
            json={"move": move},
            timeout=5,
        )
        assert moved.status_code == 200, moved.text
    # The lines are there to be searched: access lines and WebSocket lines.
    assert any('"GET /api/tables/' in line for line in lines), lines
    assert any("[accepted]" in line for line in lines), lines
    assert sum("[accepted]" in line for line in lines) >= 6, lines
    for token in (*tokens, wrong, elsewhere):
        leaks = [line for line in lines if token in line]
        assert not leaks, f"{token!r} in {leaks}"
    assert sum("token=***" in line for line in lines) >= 10


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        ("/ws?token=abc", "/ws?token=***"),
        ("/view?since=1&token=abc&wait=2", "/view?since=1&token=***&wait=2"),
        ("/view?TOKEN=abc", "/view?TOKEN=***"),
        ("/view?%74oken=abc", "/view?%74oken=***"),
        ("/view?t%6F%4Ben=abc", "/view?t%6F%4Ben=***"),
        (
            "/?next=%2Fview%3Ftoken%3Dabc%26x%3D1",
            "/?next=%2Fview%3Ftoken%3D***%26x%3D1",
        ),
        ("/?next=%252Fview%253Ftoken%253Dabc", "/?next=%252Fview%253Ftoken%253D***"),
        ("'/ws?token=abc'", "'/ws?token=***'"),
        ("Authorization: Bearer abc", "Authorization: Bearer ***"),
        ("/view?since=1", "/view?since=1"),
    ],
)
def test_every_spelling_of_a_token_is_masked(text: str, masked: str) -> None:
    assert mask_tokens(text) == masked


def refuse() -> None:
    message = "no seat for /ws?token=inexception"
    raise ValueError(message)


def test_a_record_is_masked_in_its_message_arguments_and_exception() -> None:
    try:
        refuse()
    except ValueError:
        exc_info = sys.exc_info()
    records = [
        logging.LogRecord(
            "uvicorn.error", 20, "", 0, "at /ws?token=inmessage", (), None
        ),
        logging.LogRecord("uvicorn.error", 20, "", 0, "%r", (["?token=inrepr"],), None),
        logging.LogRecord("uvicorn.error", 40, "", 0, "failed", (), exc_info),
    ]
    written = []
    for record in records:
        assert TokenMask().filter(record)
        written.append(logging.Formatter("%(message)s").format(record))
    assert written[0] == "at /ws?token=***"
    assert written[1] == "['?token=***']"
    assert "no seat for /ws?token=***" in written[2]
    assert not any("token=in" in line for line in written)
