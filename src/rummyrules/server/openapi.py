"""The HTTP API declared once: each route's method, path, parameters, body and answers.

:data:`ENDPOINTS` is the list the web app builds its routes from
(:func:`rummyrules.server.app.create_app` routes each to the handler it
names), and :func:`openapi_document` makes the OpenAPI 3.1 document of
the same list, with the shapes of :mod:`rummyrules.server.shapes`: the
server serves it at ``GET /api/openapi.json`` and ``rummyrules openapi``
prints it. A route answers nothing it does not declare: the tests run
schemathesis over a real server against this document.

>>> [endpoint.handler for endpoint in ENDPOINTS][:3]
['index', 'openapi', 'rules']
>>> document = openapi_document()
>>> (
...     document["openapi"],
...     sorted(document["paths"]["/api/tables/{table}/moves"]["post"]["responses"]),
... )
('3.1.0', ['200', '400', '401', '403', '404', '409', '413', '422', '429', '503'])
"""

from __future__ import annotations

import functools
import json
from typing import Any, Final

import attrs

from rummyrules import __version__
from rummyrules.server.shapes import SCHEMAS, saved_schemas, shape

__all__ = ["ENDPOINTS", "Answer", "Endpoint", "openapi_document", "openapi_text"]

Json = dict[str, Any]


@attrs.frozen(kw_only=True)
class Answer:
    """One answer a route may give: its status, what it means, and its body's shape.

    ``shape`` names one of :data:`~rummyrules.server.shapes.SCHEMAS` (every
    refusal is a ``Refusal``), or is empty for a body the document leaves
    undescribed (the page, the document itself); ``media`` is the body's type.

    >>> Answer(status=404, description="no such table").shape
    'Refusal'
    """

    status: int
    description: str
    shape: str = "Refusal"
    media: str = "application/json"


@attrs.frozen(kw_only=True)
class Endpoint:
    """One route of the API: method, path, the app's handler for it, and what it takes and gives.

    ``handler`` is the name of the web app's handler (and the operation's
    id); ``body`` the shape of the JSON body it reads; ``seat`` whether it
    needs a seat's token; ``query`` its query parameters, each a name and
    a schema; ``answers`` every status it may answer with. Every route may
    also answer 429 and 503 (the limits of an address and of the server).

    >>> STATUS.path, STATUS.method, [answer.status for answer in STATUS.answers]
    ('/api/tables/{table}', 'GET', [200, 404])
    """

    method: str
    path: str
    handler: str
    summary: str
    answers: tuple[Answer, ...]
    body: str | None = None
    body_required: bool = True
    seat: bool = False
    query: tuple[tuple[str, Json], ...] = ()


_REFUSALS: Final = {
    400: "A bad body or parameter.",
    401: "No seat's token.",
    403: "A token that holds no seat at this table, or a move in another seat's name.",
    404: "No such table.",
    409: "The rules refuse the move (with its rule), or the game is not at that point.",
    413: "A body over the limit (64 KiB by default).",
    422: "Text that is no move.",
    429: "An address past one of its limits: ask again after Retry-After seconds.",
    503: "A server full of tables or connections: ask again after Retry-After seconds.",
}


def _refused(*statuses: int) -> tuple[Answer, ...]:
    return tuple(
        Answer(status=status, description=_REFUSALS[status]) for status in statuses
    )


def _ok(shape_name: str, description: str, status: int = 200) -> Answer:
    return Answer(status=status, description=description, shape=shape_name)


_TABLE: Final = "/api/tables/{table}"
_SEAT_ANSWER: Final = "The seat's answer: its view and the events since."

STATUS: Final = Endpoint(
    method="GET",
    path=_TABLE,
    handler="status",
    summary="What anyone may know of a table, without a token",
    answers=(_ok("Status", "The table's status."), *_refused(404)),
)

ENDPOINTS: Final[tuple[Endpoint, ...]] = (
    Endpoint(
        method="GET",
        path="/",
        handler="index",
        summary="The browser front end",
        answers=(
            Answer(status=200, description="The page.", shape="", media="text/html"),
            Answer(status=404, description="The front end is not installed."),
        ),
    ),
    Endpoint(
        method="GET",
        path="/api/openapi.json",
        handler="openapi",
        summary="This document",
        answers=(Answer(status=200, description="The OpenAPI document.", shape=""),),
    ),
    Endpoint(
        method="GET",
        path="/rules",
        handler="rules",
        summary="The rule book, one anchor per rule ID (/rules#EOP-8)",
        answers=(
            Answer(status=200, description="The page.", shape="", media="text/html"),
        ),
    ),
    Endpoint(
        method="GET",
        path="/api/games",
        handler="games",
        summary="The games, their table sizes and their options",
        answers=(_ok("Games", "Every registered game."),),
    ),
    Endpoint(
        method="POST",
        path="/api/tables",
        handler="create",
        summary="A new table: each human seat's token, the seed's commitment",
        body="NewTableRequest",
        answers=(_ok("NewTable", "The table made.", 201), *_refused(400, 413)),
    ),
    STATUS,
    Endpoint(
        method="GET",
        path=_TABLE + "/view",
        handler="view",
        summary="A seat's view, events and move groups; a long poll with since",
        seat=True,
        query=(
            (
                "since",
                {
                    "description": "The version last seen: wait until the table moves on.",
                    "type": "string",
                },
            ),
            (
                "wait",
                {
                    "description": "Seconds to wait at most (capped by the server).",
                    "type": "number",
                    "minimum": 0,
                },
            ),
        ),
        answers=(_ok("Answer", _SEAT_ANSWER), *_refused(400, 401, 403, 404)),
    ),
    Endpoint(
        method="POST",
        path=_TABLE + "/moves",
        handler="move",
        summary="Play a move; the bots play on before the answer",
        seat=True,
        body="MoveRequest",
        answers=(
            _ok("Answer", _SEAT_ANSWER),
            *_refused(400, 401, 403, 404, 409, 413, 422),
        ),
    ),
    Endpoint(
        method="POST",
        path=_TABLE + "/selection",
        handler="selection",
        summary="What cards picked from the hand would make; the table is not changed",
        seat=True,
        body="SelectionRequest",
        answers=(
            _ok("Selection", "What the cards would make."),
            *_refused(400, 401, 403, 404, 413),
        ),
    ),
    Endpoint(
        method="POST",
        path=_TABLE + "/decline",
        handler="decline",
        summary="Let a 1400 claim offered to the seat go",
        seat=True,
        body="DeclineRequest",
        body_required=False,
        answers=(_ok("Answer", _SEAT_ANSWER), *_refused(400, 401, 403, 404, 409, 413)),
    ),
    Endpoint(
        method="GET",
        path=_TABLE + "/record",
        handler="record",
        summary="The game record and the seed, once the game is over",
        answers=(_ok("Record", "The record."), *_refused(404, 409)),
    ),
)
"""Every HTTP route of the API (the WebSocket and the static files are apart)."""

_DESCRIPTION: Final = (
    "The HTTP API of rummyrules serve (docs/server.rst). Every body is JSON in"
    ' UTF-8; every refusal is {"error": sentence, "rule": id or null}. A seat\'s'
    " token goes in Authorization: Bearer TOKEN or in ?token=TOKEN. The game's own"
    " values (views, events, cards) are the library's saved format: the shapes"
    " named saved_* are its published JSON Schema. The WebSocket"
    " /api/tables/{table}/ws?token=T pushes each update of /view."
)


def _operation(endpoint: Endpoint) -> Json:
    operation: Json = {"operationId": endpoint.handler, "summary": endpoint.summary}
    parameters: list[Json] = [
        {"name": name, "in": "query", "required": False, "schema": schema}
        for name, schema in endpoint.query
    ]
    if "{table}" in endpoint.path:
        parameters.insert(0, {"$ref": "#/components/parameters/table"})
    if parameters:
        operation["parameters"] = parameters
    if endpoint.body is not None:
        operation["requestBody"] = {
            "required": endpoint.body_required,
            "content": {"application/json": {"schema": shape(endpoint.body)}},
        }
    if endpoint.seat:
        operation["security"] = [{"bearer": []}, {"token": []}]
    answers = (*endpoint.answers, *_refused(429, 503))
    operation["responses"] = {
        str(answer.status): _response(answer) for answer in answers
    }
    return operation


def _response(answer: Answer) -> Json:
    media: Json = {"schema": shape(answer.shape)} if answer.shape else {}
    response: Json = {
        "description": answer.description,
        "content": {answer.media: media},
    }
    if answer.status in (429, 503):
        response["headers"] = {
            "Retry-After": {"$ref": "#/components/headers/Retry-After"}
        }
    return response


def openapi_document() -> Json:
    """The OpenAPI 3.1 document of the API, made from :data:`ENDPOINTS` and the shapes.

    A new dict each call: change it freely.

    >>> document = openapi_document()
    >>> document["components"]["schemas"]["Answer"]["properties"]["events"]["items"]
    {'$ref': '#/components/schemas/saved_event'}
    """
    return dict(json.loads(openapi_text()))


@functools.cache
def openapi_text() -> str:
    r"""The document as JSON text, two spaces to a level: what the server serves.

    >>> openapi_text().startswith('{\n  "openapi": "3.1.0"')
    True
    """
    paths: dict[str, Json] = {}
    for endpoint in ENDPOINTS:
        paths.setdefault(endpoint.path, {})[endpoint.method.lower()] = _operation(
            endpoint
        )
    document = {
        "openapi": "3.1.0",
        "info": {
            "title": "rummyrules game server",
            "version": __version__,
            "description": _DESCRIPTION,
            "license": {"name": "MIT", "identifier": "MIT"},
        },
        "paths": paths,
        "components": {
            "schemas": SCHEMAS | saved_schemas(),
            "parameters": {
                "table": {
                    "name": "table",
                    "in": "path",
                    "required": True,
                    "description": "The table's id, as POST /api/tables gave it.",
                    "schema": {"type": "string"},
                }
            },
            "headers": {
                "Retry-After": {
                    "description": "Seconds to wait before asking again.",
                    "required": True,
                    "schema": {"type": "string", "pattern": "^[0-9]+$"},
                }
            },
            "securitySchemes": {
                "bearer": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "The seat's token, as POST /api/tables gave it.",
                },
                "token": {"type": "apiKey", "in": "query", "name": "token"},
            },
        },
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
