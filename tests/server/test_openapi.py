"""The OpenAPI document: valid, served, and what the server answers, status and body.

Every answer of whole games played over the API is checked against the
document's declared answers for its route and status; schemathesis then
sends requests of its own to a real server on loopback (test_schemathesis.py).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from starlette.routing import Route
from starlette.testclient import TestClient

from extras import need
from rummyrules.cli import main
from rummyrules.server import Limits, create_app
from rummyrules.server.openapi import ENDPOINTS, openapi_document

from .conftest import Json, bearer, new_table
from .test_api import GAMES, play_through

# [dev]: without them this module skips, saying so
jsonschema = need("jsonschema")
validate = need("openapi_spec_validator").validate


class Declared:
    """Checks answers against the document: a declared status, a body of its shape."""

    def __init__(self, document: Json) -> None:
        self.document = document
        self.routes = [
            (re.compile("^" + re.sub(r"\{\w+\}", "[^/]+", one.path) + "$"), one)
            for one in ENDPOINTS
        ]
        self.seen: set[tuple[str, str, int]] = set()

    def validator(self, pointer: str) -> Any:
        """A validator of the schema at a JSON pointer of the document.

        The document is the schema's root (its other keys are no keywords),
        so that its references to ``#/components/...`` resolve.
        """
        return jsonschema.Draft202012Validator(self.document | {"$ref": "#" + pointer})

    def check(self, response: httpx.Response) -> None:
        """Fail unless the route declares the answer's status and its body fits."""
        request = response.request
        endpoint = next(
            one
            for pattern, one in self.routes
            if pattern.match(request.url.path) and one.method == request.method
        )
        statuses = self.document["paths"][endpoint.path][endpoint.method.lower()][
            "responses"
        ]
        status = str(response.status_code)
        assert status in statuses, f"{request.method} {request.url.path}: {status}"
        self.seen.add((endpoint.method, endpoint.path, response.status_code))
        content = statuses[status]["content"]
        if "schema" not in content.get("application/json", {}):
            return  # the page, and the document itself
        assert response.headers["content-type"] == "application/json"
        path = endpoint.path.replace("/", "~1")
        pointer = f"/paths/{path}/{endpoint.method.lower()}/responses/{status}"
        pointer += "/content/application~1json/schema"
        self.validator(pointer).validate(json.loads(response.read()))


@pytest.fixture
def declared() -> Declared:
    return Declared(openapi_document())


@pytest.fixture
def checked(declared: Declared) -> Iterator[TestClient]:
    """A test client whose every answer is checked against the document."""
    limits = Limits(wait=0.2, max_wait=2, bot_time=60)
    with TestClient(create_app(limits)) as client:
        client.event_hooks = {"response": [declared.check]}
        yield client


def test_the_openapi_document_is_valid_and_served(client: TestClient) -> None:
    document = openapi_document()
    validate(document)  # openapi-spec-validator: OpenAPI 3.1, its schemas 2020-12
    served = client.get("/api/openapi.json")
    assert served.status_code == 200
    assert served.headers["content-type"] == "application/json"
    assert served.json() == document


def test_every_route_of_the_app_is_in_the_document(client: TestClient) -> None:
    document = openapi_document()
    declared = {
        (method.upper(), path)
        for path, operations in document["paths"].items()
        for method in operations
    }
    served = {
        (method, route.path)
        for route in client.app.routes  # type: ignore[attr-defined]  # a Starlette app
        if isinstance(route, Route)
        for method in route.methods or ()
        if method != "HEAD"
    }
    assert served == declared
    for method, path in declared:
        answer = client.request(method, path.replace("{table}", "nope"))
        assert answer.status_code != 405, (method, path)


def test_rummyrules_openapi_prints_the_document(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["openapi"]) == 0
    assert json.loads(capsys.readouterr().out) == openapi_document()


def test_rummyrules_openapi_without_the_server_extra_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # As if Starlette were not installed: the server's modules import afresh.
    for name in list(sys.modules):
        if name.startswith(("rummyrules.server", "starlette.")):
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "starlette", None)
    assert main(["openapi"]) == 2
    printed = capsys.readouterr()
    assert not printed.out
    assert "needs the server extra" in printed.err
    assert "pip install 'rummyrules[server]'" in printed.err


def test_a_field_an_answer_adds_without_declaring_it_fails_the_check(
    declared: Declared,
) -> None:
    validator = declared.validator("/components/schemas/Refusal")
    validator.validate({"error": "no", "rule": None})
    with pytest.raises(jsonschema.ValidationError, match="Additional properties"):
        validator.validate({"error": "no", "rule": None, "hint": "try again"})
    with pytest.raises(jsonschema.ValidationError, match="required"):
        validator.validate({"error": "no"})


@pytest.mark.parametrize("variant", sorted(GAMES))
def test_the_answers_of_whole_games_match_the_openapi_document(
    checked: TestClient, declared: Declared, variant: str
) -> None:
    seats = ["human", "greedy"]
    table, tokens = new_table(checked, variant, seats, GAMES[variant], seed=None)
    me = bearer(tokens[0])
    assert checked.get(f"/api/tables/{table}/record").status_code == 409
    hand = checked.get(f"/api/tables/{table}/view", headers=me).json()
    cards = hand["view"]["data"]["hand"][:3]
    picked = f"/api/tables/{table}/selection"
    for some in ([cards[0]], cards, ["2C", "2C", "2C", "2C", "2C"], ["1S"], []):
        checked.post(picked, json={"cards": some}, headers=me)
    play_through(checked, table, tokens[0], seed=1)
    finished = checked.get(f"/api/tables/{table}").json()
    assert finished["over"]
    assert finished["seed"]["seed"].isdigit()
    assert checked.get(f"/api/tables/{table}/record").status_code == 200
    assert ("GET", "/api/tables/{table}/view", 200) in declared.seen
    assert ("POST", "/api/tables/{table}/selection", 200) in declared.seen


def test_the_refusals_match_the_openapi_document(
    checked: TestClient, declared: Declared
) -> None:
    table, tokens = new_table(checked, "EndOfThePage", ["human", "greedy"])
    me = bearer(tokens[0])
    base = f"/api/tables/{table}"
    checked.get(f"{base}/view")  # 401
    checked.get(f"{base}/view", headers=bearer("not-a-seat"))  # 403
    checked.get("/api/tables/nope/view", headers=me)  # 404
    checked.get(f"{base}/view", params={"wait": "soon"}, headers=me)  # 400
    checked.get(f"{base}/view", params={"since": "old", "wait": "0"}, headers=me)
    checked.post(f"{base}/moves", json={"move": "discard KC"}, headers=me)  # 409
    checked.post(f"{base}/moves", json={"move": "dance"}, headers=me)  # 422
    checked.post(f"{base}/moves", content=b"[", headers=me)  # 400
    checked.post(f"{base}/moves", content=b" " * 70_000, headers=me)  # 413
    checked.post(f"{base}/decline", headers=me)  # 409
    checked.post(f"{base}/decline", json={"version": 7}, headers=me)  # 400
    checked.post("/api/tables", json={"variant": "Snap", "seats": ["human"]})  # 400
    checked.get("/api/tables/nope")  # 404
    checked.get("/api/games")
    checked.get("/api/openapi.json")
    new = {"variant": "GinRummy", "seats": ["human", "random"]}
    for _ in range(Limits().tables_per_minute):  # the last one is the 429
        checked.post("/api/tables", json=new)
    refused = {status for _, _, status in declared.seen}
    assert {400, 401, 403, 404, 409, 413, 422, 429} <= refused
