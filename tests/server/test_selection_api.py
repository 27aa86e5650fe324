"""POST /api/tables/{table}/selection: what a seat's selected cards make, asked of the rules.

The answer is the library's own (:func:`rummyrules.game.selection.explain_selection`
on the same game, played here move by move from the table's seed), it
changes nothing at the table, and it is refused as the other endpoints
refuse: 401, 403, 404, 400 with ``{"error", "rule"}``, 413. On SQLite and
PostgreSQL alike: it only reads.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from rummyrules import EndOfThePage, GameState, GinRummy
from rummyrules.game.selection import explain_selection
from rummyrules.server import Limits, create_app
from rummyrules.server.selections import selection_document

from .conftest import Json, Seat, bearer, new_table


@pytest.fixture(params=["sqlite", "postgres"])
def client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    """A client of an app over SQLite or PostgreSQL storage."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    else:
        url = request.getfixturevalue("postgres")
    app = create_app(Limits(wait=0.2, max_wait=2), database=url)
    with TestClient(app) as test_client:
        yield test_client


def ask(client: TestClient, table: str, token: str, cards: object) -> tuple[int, Json]:
    """The status and body of a selection request."""
    answer = client.post(
        f"/api/tables/{table}/selection", json={"cards": cards}, headers=bearer(token)
    )
    return answer.status_code, answer.json()


def played(game: GameState, *moves: str) -> GameState:
    for move in moves:
        game = game.apply(move)
    return game


def gin_after_the_draw(client: TestClient) -> tuple[str, dict[int, str], GameState]:
    """A Gin Rummy table of two people, seed 1: both pass, player 0 draws (GIN-3)."""
    table, tokens = new_table(client, "GinRummy", ["human", "human"], seed=1)
    for seat, move in ((0, "pass"), (1, "pass"), (0, "draw")):
        Seat(client, table, tokens[seat]).move(move)
    return table, tokens, played(GinRummy().new_game(seed=1), "pass", "pass", "draw")


def test_a_selection_answers_its_listed_move_and_changes_nothing(
    client: TestClient,
) -> None:
    table, tokens, game = gin_after_the_draw(client)
    before = client.get(f"/api/tables/{table}").json()
    card = str(game.hand(0)[0])
    status, answer = ask(client, table, tokens[0], [card])
    assert status == 200
    assert answer["moves"] == [
        {"text": f"discard {card}", "kind": "discard", "meld": None}
    ]
    # Seed 1's hand cannot knock yet: the knock a card could lead to is refused.
    assert [(r["move"], r["rule"]) for r in answer["refusals"]] == [("knock", "GIN-5")]
    assert (answer["cards"], answer["seat"]) == ([card], 0)
    assert answer["check"]["ok"] is False
    assert answer["check"]["rule"] == "GIN-2"
    assert answer["version"] == before["version"]
    found = explain_selection(game, 0, [card])
    assert answer == selection_document(before["version"], found)
    view = Seat(client, table, tokens[0]).answer()
    assert f"discard {card}" in [
        move["text"] for move in view["view"]["data"]["legal_moves"]
    ]
    assert client.get(f"/api/tables/{table}").json() == before
    assert view["version"] == before["version"]


def test_gin_4_a_selection_answers_its_refusals_with_their_rules(
    client: TestClient,
) -> None:
    table, tokens, game = gin_after_the_draw(client)
    three = [str(card) for card in game.hand(0)[:3]]
    status, answer = ask(client, table, tokens[0], three)
    assert status == 200
    assert answer["moves"] == []
    assert answer["refusals"] == [
        {
            "move": "meld " + " ".join(three),
            "kind": "meld",
            "meld": None,
            "error": "you have drawn already: discard, or knock",
            "rule": "GIN-4",
        }
    ]  # Gin Rummy has no 'out': it is no candidate there
    other = str(game.hand(1)[0])
    status, answer = ask(client, table, tokens[1], [other])
    assert status == 200
    assert [(r["move"], r["rule"]) for r in answer["refusals"]] == [
        (f"discard {other}", "ALL-2")
    ]
    assert answer["refusals"][0]["error"] == "it is player 0's turn, not player 1's"


def test_eop_9_a_selection_answers_a_refused_lay_off_on_meld_1(
    client: TestClient,
) -> None:
    table, tokens = new_table(client, "EndOfThePage", ["human", "human"], seed=3)
    moves = ((1, "draw"), (1, "meld KH KD KC"), (1, "discard 3H"), (0, "draw"))
    for seat, move in moves:
        Seat(client, table, tokens[seat]).move(move)
    status, answer = ask(client, table, tokens[0], ["AC"])
    assert status == 200
    assert answer["moves"] == [{"text": "discard AC", "kind": "discard", "meld": None}]
    assert answer["refusals"] == [
        {
            "move": "lay AC on 1",
            "kind": "lay",
            "meld": 1,
            "error": "you have not melded yet this round, so you cannot lay off on a meld",
            "rule": "EOP-9",
        }
    ]
    game = played(EndOfThePage().new_game(seed=3), *(move for _, move in moves))
    version = client.get(f"/api/tables/{table}").json()["version"]
    assert answer == selection_document(version, explain_selection(game, 0, ["AC"]))


def test_the_selection_needs_a_seats_token_401_403_and_a_table_404(
    client: TestClient,
) -> None:
    table, tokens = new_table(client, "GinRummy", ["human", "greedy"])
    path = f"/api/tables/{table}/selection"
    body = {"cards": ["7S"]}
    assert client.post(path, json=body).status_code == 401
    assert (
        client.post(path, json=body, headers=bearer("not-a-token")).status_code == 403
    )
    other, _ = new_table(client, "GinRummy", ["human", "greedy"])
    elsewhere = client.post(
        f"/api/tables/{other}/selection", json=body, headers=bearer(tokens[0])
    )
    assert elsewhere.status_code == 403
    missing = client.post(
        "/api/tables/nope/selection", json=body, headers=bearer(tokens[0])
    )
    assert missing.status_code == 404
    assert missing.json() == {"error": "there is no table 'nope'", "rule": None}
    assert client.get(path, headers=bearer(tokens[0])).status_code == 405


def test_cards_not_in_the_hand_bad_text_and_bad_bodies_are_400(
    client: TestClient,
) -> None:
    table, tokens, game = gin_after_the_draw(client)
    held = [str(card) for card in game.hand(0)]
    absent = next(str(card) for card in game.hand(1) if str(card) not in held)
    status, answer = ask(client, table, tokens[0], [held[0], absent])
    assert (status, answer) == (
        400,
        {"error": f"you do not hold {absent}", "rule": "ALL-1"},
    )
    status, answer = ask(client, table, tokens[0], ["1S"])
    assert (status, answer["rule"]) == (400, None)
    assert answer["error"].startswith("'1S' is not a card")
    status, answer = ask(client, table, tokens[0], held + held[:1])
    assert (status, answer["error"]) == (
        400,
        "12 cards are selected, but the hand holds 11",
    )
    for cards in ([], "7S 8S", [7], None):
        status, answer = ask(client, table, tokens[0], cards)
        assert status == 400, cards
        assert answer["rule"] is None
    path, auth = f"/api/tables/{table}/selection", bearer(tokens[0])
    for content in (b"{not json", b"[1, 2]", b""):
        assert client.post(path, content=content, headers=auth).status_code == 400


def test_a_selection_body_over_the_limit_is_413(client: TestClient) -> None:
    table, tokens = new_table(client, "GinRummy", ["human", "human"])
    big = b'{"cards": [' + b'"7S", ' * 20_000 + b'"8S"]}'
    answer = client.post(
        f"/api/tables/{table}/selection", content=big, headers=bearer(tokens[0])
    )
    assert answer.status_code == 413
    assert answer.json()["error"].startswith("send a body of at most")
