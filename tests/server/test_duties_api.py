"""The seat's answer carries the obligations in force for it (``duties``), from the library.

Every answer that shows a seat's view (``GET /view``, a move's answer, the
WebSocket's updates) says, beside the view, what the rules still ask of the
seat this turn: :meth:`rummyrules.GameState.duties` on the same game, as
``{"rule", "text"}``. The view itself is the saved format, unchanged.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from rummyrules.server import Limits, create_app

from .conftest import Seat, bearer, new_table

F14_9 = (
    "you took 2D from the discard pile, so you must use it in a meld or lay-off"
    " before you discard"
)


@pytest.fixture
def client() -> Iterator[TestClient]:
    app = create_app(Limits(wait=0.2, max_wait=2), database="sqlite://")
    with TestClient(app) as test_client:
        yield test_client


def test_f14_9_the_card_taken_is_owed_in_the_seats_answer(client: TestClient) -> None:
    # 1400, three players, seed 11 (issue 41): the bots have played; the
    # person takes 2D (and the 3D above it) from the pile.
    table, tokens = new_table(
        client, "FourteenHundred", ["human", "greedy", "greedy"], {"players": 3}, 11
    )
    seat = Seat(client, table, tokens[0])
    before = seat.answer()
    assert before["duties"] == []
    assert "take 2D" in [move["text"] for move in before["view"]["data"]["legal_moves"]]
    answer = seat.move("take 2D")
    assert answer["duties"] == [{"rule": "F14-9", "text": F14_9}]
    # GET /view says the same, and the view's own fields are unchanged.
    seen = client.get(f"/api/tables/{table}/view", headers=bearer(tokens[0])).json()
    assert seen["duties"] == answer["duties"]
    assert "duties" not in seen["view"]["data"]
    # Once the card is played, nothing is owed.
    assert seat.move("meld 2D 3D 4D")["duties"] == []
