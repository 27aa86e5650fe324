"""The web app: the HTTP API and the WebSocket of docs/server.rst, on Starlette.

:func:`create_app` builds the app around one :class:`~rummyrules.server.lobby.TableStore`
over a database (SQLite in memory unless a URL is given).
Every answer is JSON (but the page and its static files); every refusal is
``{"error": sentence, "rule": id or null}`` with its status.

>>> from starlette.testclient import TestClient
>>> client = TestClient(create_app())
>>> client.get("/api/games").json()["games"][0]["variant"]
'EndOfThePage'
>>> answer = client.post(
...     "/api/tables",
...     json={"variant": "GinRummy", "seats": ["human", "greedy"], "seed": 1},
... )
>>> answer.status_code, answer.json()["seats"][1]
(201, {'seat': 1, 'kind': 'greedy'})
"""

from __future__ import annotations

import contextlib
import json
import math
from collections.abc import AsyncIterator, Callable, Coroutine
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from rummyrules.server.databases import open_storage
from rummyrules.server.documents import (
    ApiError,
    address_key,
    seats_document,
    status_document,
    token_of,
)
from rummyrules.server.game_list import games_document
from rummyrules.server.headers import SecurityHeaders
from rummyrules.server.limits import Limits
from rummyrules.server.lobby import TableStore
from rummyrules.server.openapi import ENDPOINTS, openapi_text
from rummyrules.server.rule_page import rule_book_page
from rummyrules.server.selections import explain
from rummyrules.server.sockets import SocketHandler
from rummyrules.server.stopping import Stopping
from rummyrules.server.tables import Table

__all__ = ["STATIC", "create_app", "token_of"]  # token_of: documents.py's

STATIC = Path(__file__).parent / "static"
"""The folder of the browser front end: ``index.html`` and what it loads."""


def _error(
    status: int, message: str, rule: str | None = None, **headers: str
) -> JSONResponse:
    return JSONResponse(
        {"error": message, "rule": rule}, status, headers=headers or None
    )


class _Api:
    """The routes' handlers, sharing the tables and the limits."""

    def __init__(self, store: TableStore, limits: Limits) -> None:
        self.store, self.limits = store, limits
        self.stopping = Stopping()

    # --- Reading requests ----------------------------------------------------

    async def body(self, request: Request) -> dict[str, Any]:
        """The JSON object of a request's body: 400 for a bad one, 413 for a large one."""
        length = request.headers.get("content-length")
        if length is not None and not length.isdigit():
            raise ApiError(400, "Content-Length must be a whole number of bytes")
        if length is not None and int(length) > self.limits.max_body:
            raise ApiError(413, f"send a body of at most {self.limits.max_body} bytes")
        data = bytearray()
        too_long = f"send a body of at most {self.limits.max_body} bytes"
        try:
            async for chunk in request.stream():
                data += chunk
                if len(data) > self.limits.max_body:
                    raise ApiError(413, too_long)
        except ClientDisconnect as error:  # closed, or timed out, mid-body
            raise ApiError(400, "the request ended before its body did") from error
        try:
            body = json.loads(data.decode("utf-8")) if data else None
        except (UnicodeDecodeError, ValueError, RecursionError) as error:
            raise ApiError(400, f"the body is not JSON: {error}") from error
        if not isinstance(body, dict):
            raise ApiError(400, "send a JSON object as the body")
        return body

    async def seat(self, request: Request, *, fresh: bool = True) -> tuple[Table, int]:
        """The table the path names and the seat the token holds.

        Not ``fresh``: the table as this worker last knew it, if it knows it
        (a move or a decline is judged on the table as it is when saved).
        """
        name = request.path_params["table"]
        known = None if fresh else self.store.known(name)
        table = known or await self.store.get(name)
        token = token_of(
            request.headers.get("authorization"), request.query_params.get("token")
        )
        return table, table.seat_of(token)

    def wait_time(self, request: Request) -> float:
        """The long poll's wait: ``?wait=S``, at most ``max_wait`` (400 for no number)."""
        text = request.query_params.get("wait")
        if text is None:
            return min(self.limits.wait, self.limits.max_wait)
        try:
            seconds = float(text)
        except ValueError:
            seconds = math.nan
        if not math.isfinite(seconds) or seconds < 0:
            raise ApiError(400, f"wait is a number of seconds, not {text[:20]!r}")
        return min(seconds, self.limits.max_wait)

    # --- The routes ----------------------------------------------------------------

    async def index(self, _request: Request) -> Response:
        page = STATIC / "index.html"
        if not page.is_file():
            raise ApiError(404, "the browser front end is not installed")
        return FileResponse(page, media_type="text/html; charset=utf-8")

    async def openapi(self, _request: Request) -> Response:
        return Response(openapi_text(), media_type="application/json")

    async def rules(self, _request: Request) -> Response:
        return Response(rule_book_page(), media_type="text/html; charset=utf-8")

    async def games(self, _request: Request) -> Response:
        return JSONResponse(games_document())

    async def create(self, request: Request) -> Response:
        body = await self.body(request)
        table, tokens = await self.store.create(
            body.get("variant"),
            body.get("options", {}),
            body.get("seats"),
            seed=body.get("seed"),
            creator=address_key(request.client.host if request.client else None),
        )
        status = status_document(table.row, table.game)
        document = {
            "table": table.id,
            "seats": seats_document(table.row, tokens),
            "seed": status["seed"],
        }
        return JSONResponse(document, 201)

    async def status(self, request: Request) -> Response:
        table = await self.store.get(request.path_params["table"])
        return JSONResponse(status_document(table.row, table.game))

    async def view(self, request: Request) -> Response:
        table, seat = await self.seat(request)
        since = request.query_params.get("since")
        wait = self.wait_time(request)
        if since is not None:
            table = await self.stopping.unless_stopped(
                self.store.wait(table.id, since, seat, wait)
            )
        return _json(await self.store.answer_body(table, seat, since))

    async def move(self, request: Request) -> Response:
        table, seat = await self.seat(request, fresh=False)
        body = await self.body(request)
        text = body.get("move")
        if not isinstance(text, str):
            raise ApiError(400, 'send the move as text: {"move": "draw"}')
        after = await self.store.move(table, seat, text[:1000])
        return _json(await self.store.answer_to(after, seat, table.version))

    async def selection(self, request: Request) -> Response:
        # Read only: the candidates are tried on the game as read, never saved.
        table, seat = await self.seat(request)
        body = await self.body(request)
        return JSONResponse(explain(table.game, seat, table.version, body))

    async def decline(self, request: Request) -> Response:
        table, seat = await self.seat(request, fresh=False)
        seen = (await self.body(request)).get("version") if _has_body(request) else None
        if seen is not None and not isinstance(seen, str):
            raise ApiError(400, 'send the version you saw as text: {"version": "..."}')
        after = await self.store.decline(table, seat, seen)
        return _json(await self.store.answer_to(after, seat, table.version))

    async def record(self, request: Request) -> Response:
        return JSONResponse(await self.store.record(request.path_params["table"]))


def _json(body: bytes) -> Response:
    """A body already written as JSON, answered as ``JSONResponse`` answers."""
    return Response(body, media_type=JSONResponse.media_type)


def _has_body(request: Request) -> bool:
    """Whether a request sends a body (a decline may come without one)."""
    length = request.headers.get("content-length")
    return (
        length != "0" if length is not None else "transfer-encoding" in request.headers
    )


async def _api_error(_request: Request, error: Exception) -> Response:
    assert isinstance(error, ApiError)  # noqa: S101 - Starlette calls this for ApiError only
    return _error(error.status, error.message, error.rule, **error.headers())


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)  # noqa: S101 - Starlette calls this for HTTPException only
    if error.status_code == 404:
        message = f"there is nothing at {request.url.path[:100]}: the API is under /api"
    elif error.status_code == 405:
        allowed = (error.headers or {}).get("Allow", "")
        message = f"{request.url.path[:100]} takes {allowed}, not {request.method}"
    else:
        message = str(error.detail)
    return _error(error.status_code, message, None, **dict(error.headers or {}))


async def _bug(_request: Request, _exception: Exception) -> Response:
    return _error(500, "the server failed on this request: its log says why")


def _cross_origin(origins: tuple[str, ...]) -> list[Middleware]:
    """CORS for the pages of the origins the server is told (none without): they may read its answers.

    The same origins may open the WebSocket (:mod:`rummyrules.server.origins`).
    A seat acts with the token in its ``Authorization`` header, never a
    cookie, so no credentials are allowed; a refusal carries the headers too,
    so such a page reads its sentence and rule. ``Retry-After`` is exposed
    for the 429s.
    """
    if not origins:
        return []
    return [
        Middleware(
            CORSMiddleware,
            allow_origins=["*"] if "*" in origins else list(origins),
            allow_methods=["GET", "POST"],
            allow_headers=["Authorization", "Content-Type"],
            expose_headers=["Retry-After"],
            max_age=600,
        )
    ]


def create_app(
    limits: Limits | None = None,
    *,
    database: str | None = None,
    store: TableStore | None = None,
    static: Path | None = None,
) -> Starlette:
    """The Starlette app of the game server, over the tables of a database.

    ``limits`` bounds bodies, waits, tables and bot moves (the connection
    bounds and the request rates are the server's, see
    :func:`~rummyrules.server.running.make_config`);
    ``database`` is a URL of :func:`~rummyrules.server.databases.open_storage`
    (without one, SQLite in memory: the tables last as long as the app);
    ``store`` lets a test look at the tables; ``static`` is the front end's
    folder. The pages of ``limits.origins`` may call the API from their own
    origin (CORS) and open the WebSocket. The app's lifespan starts the store's background work (bots
    left to play, other workers' changes, old tables deleted) and stops it.

    >>> from starlette.testclient import TestClient
    >>> client = TestClient(create_app(Limits(max_body=10)))
    >>> answer = client.post("/api/tables", content=b'{"variant": "GinRummy"}')
    >>> answer.status_code, answer.json()["error"]
    (413, 'send a body of at most 10 bytes')
    """
    limits = limits or Limits()
    if store is None:
        store = TableStore(limits, open_storage(database or "sqlite://"))
    api = _Api(store, limits)
    folder = static or STATIC
    # Each route as openapi.py declares it, so the document and the app agree.
    routes: list[BaseRoute] = [
        Route(one.path, getattr(api, one.handler), methods=[one.method])
        for one in ENDPOINTS
    ]
    routes += [
        WebSocketRoute("/api/tables/{table}/ws", SocketHandler(store, limits).serve),
        Mount("/static", StaticFiles(directory=folder, check_dir=False), name="static"),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        await store.start()
        try:
            yield
        finally:
            await store.stop()

    handlers: dict[
        Any, Callable[[Request, Exception], Coroutine[Any, Any, Response]]
    ] = {
        ApiError: _api_error,
        HTTPException: _http_error,
        Exception: _bug,
    }
    app = Starlette(
        routes=routes,
        exception_handlers=handlers,
        lifespan=lifespan,
        middleware=[Middleware(SecurityHeaders), *_cross_origin(limits.origins)],
    )
    app.state.store = store
    app.state.limits = limits
    app.state.stopping = api.stopping  # for the server to end the long polls
    return app
