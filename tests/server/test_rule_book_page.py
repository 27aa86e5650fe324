"""The rule book the server serves, ``GET /rules``: an anchor per rule ID, the package's own text; card text said for the game (issue 41, item 9)."""

from __future__ import annotations

import re

from starlette.testclient import TestClient

from rummyrules import rule_text
from rummyrules.game.rule_book import rule_book
from rummyrules.server import create_app
from rummyrules.server.openapi import openapi_document


def test_the_server_serves_the_rule_book_with_an_anchor_per_rule_id() -> None:
    answer = TestClient(create_app()).get("/rules")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    assert "script-src 'self'" in answer.headers["content-security-policy"]
    anchors = set(re.findall(r'<section id="([^"]+)"', answer.text))
    every = {rule.id for part in rule_book() for rule in part.rules}
    assert anchors == every
    assert {"EOP-8", "EOP-R4", "F14-9", "GOR-7", "GIN-5", "MELD-3", "ALL-1"} <= anchors
    # The rule's text, as the package ships it, under its anchor.
    section = answer.text.split('<section id="EOP-8"', 1)[1].split("</section>", 1)[0]
    assert "at least two natural cards between them" in section
    assert rule_text("EOP-8").title in section


def test_the_rule_book_page_is_declared_in_the_openapi_document() -> None:
    page = openapi_document()["paths"]["/rules"]["get"]
    assert "text/html" in page["responses"]["200"]["content"]


def test_a_selection_of_no_card_names_the_ranks_the_game_has() -> None:
    """End of the Page has no 2s (EOP-1): its refusal of "1S" says A 3-10, and no WILDCARD."""
    client = TestClient(create_app())
    for variant, ranks in (("EndOfThePage", "A 3-10"), ("GinRummy", "A 2-10")):
        made = client.post(
            "/api/tables",
            json={"variant": variant, "seats": ["human", "human"], "seed": 1},
        ).json()
        token = made["seats"][0]["token"]
        answer = client.post(
            f"/api/tables/{made['table']}/selection",
            json={"cards": ["1S"]},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert answer.status_code == 400
        assert answer.json()["error"] == (
            f"'1S' is not a card: ranks are {ranks} J Q K (T for 10), suits S H D C"
        )


def test_a_move_with_no_card_names_the_ranks_the_game_has() -> None:
    client = TestClient(create_app())
    made = client.post(
        "/api/tables",
        json={"variant": "EndOfThePage", "seats": ["human", "human"], "seed": 1},
    ).json()
    seat = next(seat for seat in made["seats"] if seat["seat"] == 1)
    answer = client.post(
        f"/api/tables/{made['table']}/moves",
        json={"move": "discard 2X"},
        headers={"Authorization": f"Bearer {seat['token']}"},
    )
    assert answer.status_code == 422
    assert answer.json()["error"].endswith(
        "'2X' is not a card: ranks are A 3-10 J Q K (T for 10), suits S H D C"
    )
