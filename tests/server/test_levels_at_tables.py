"""The levels at the server's tables (issue 43, item 3): offered in the lobby, seated, and the hard one capped."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from rummyrules.bots import LEVELS, EasyBot, GreedyBot, SearchBot
from rummyrules.bots.levels import HARD_SECONDS
from rummyrules.server import Limits, create_app
from rummyrules.server.seats import SEAT_KINDS, THINKING, make_bot

from .conftest import bearer, choose, new_table


@pytest.fixture
def quick_client() -> Iterator[TestClient]:
    # The hard level thinks at most search_seconds a move: 0.02 keeps a whole
    # game quick; bot_time lets the bots play to the person's turn every answer.
    limits = Limits(wait=0.2, max_wait=2, bot_time=60, search_seconds=0.02)
    with TestClient(create_app(limits)) as test_client:
        yield test_client


def test_the_lobby_offers_every_level_with_words(client: TestClient) -> None:
    seats = {seat["kind"]: seat for seat in client.get("/api/games").json()["seats"]}
    for level in LEVELS:
        assert level in SEAT_KINDS
        assert seats[level]["name"] == level.capitalize()
        assert len(seats[level]["about"]) > 20
    assert {"hard", "search"} == THINKING


def test_make_bot_caps_the_hard_level_by_the_servers_search_seconds() -> None:
    assert isinstance(make_bot("easy", 1, Limits()), EasyBot)
    assert isinstance(make_bot("medium", 1, Limits()), GreedyBot)
    slow = make_bot("hard", 1, Limits(search_seconds=5.0))
    quick = make_bot("hard", 1, Limits(search_seconds=0.1))
    assert isinstance(slow, SearchBot)
    assert isinstance(quick, SearchBot)
    assert (slow.seconds, quick.seconds) == (HARD_SECONDS, 0.1)
    assert slow.playouts == quick.playouts is not None


def test_a_table_with_a_hard_and_an_easy_seat_plays_to_the_end(
    quick_client: TestClient,
) -> None:
    seats = ["human", "hard", "easy"]
    options = {"players": 3, "max_turns": 45}
    table, tokens = new_table(quick_client, "GoingOutRummy", seats, options, seed=3)
    auth, rng = bearer(tokens[0]), random.Random(4)
    answer = quick_client.get(f"/api/tables/{table}/view", headers=auth).json()
    for _ in range(200):
        if answer["view"]["data"]["to_move"] is None:
            break
        move = choose(answer["view"], rng)
        assert move is not None  # Going Out Rummy has no claims out of turn
        reply = quick_client.post(
            f"/api/tables/{table}/moves", json={"move": move}, headers=auth
        )
        assert reply.status_code == 200, reply.text
        answer = reply.json()
    status = quick_client.get(f"/api/tables/{table}").json()
    assert status["over"] is True
    assert status["seats"] == seats


def test_an_unknown_seat_kind_is_refused_naming_the_levels(client: TestClient) -> None:
    body = {"variant": "GinRummy", "seats": ["human", "expert"], "seed": 1}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 400
    assert "easy, medium, hard" in answer.json()["error"]
