"""A seat's WebSocket: every change of its table pushed, its moves taken.

A handshake whose ``Origin`` is another site's page is refused with 403
before it is accepted (:mod:`rummyrules.server.origins`). The server
accepts every other socket, then closes one without a seat with the
codes of docs/server.rst: 4401 (no token), 4403 (a token that holds no seat
here), 4404 (no such table), each with the refusal's sentence as its
reason. A binary frame closes it with 1003, text that is not one of the two
messages with 1007; a move the rules refuse is an ``error`` message and the
socket stays open. A socket with no message either way for
``Limits.socket_idle`` seconds is closed with 1000; pings (every
``Limits.ping_interval``) keep a connection alive but do not count.

>>> from starlette.testclient import TestClient
>>> from rummyrules.server import create_app
>>> client = TestClient(create_app())
>>> with client.websocket_connect("/api/tables/nope/ws?token=x") as ws:
...     ws.receive()["code"]
4404
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time

from starlette.responses import JSONResponse
from starlette.websockets import WebSocket, WebSocketDisconnect

from rummyrules.server.documents import ApiError, token_of
from rummyrules.server.limits import Limits
from rummyrules.server.lobby import TableStore
from rummyrules.server.origins import origin_allowed, refusal
from rummyrules.server.tables import Table

__all__ = ["MessageError", "SocketHandler", "read_message"]

USAGE = 'send {"type": "move", "move": "draw"} or {"type": "decline"}'


class MessageError(ValueError):
    """A WebSocket message that is not one of the API's (closes the socket with 1007).

    >>> read_message("[1]")
    Traceback (most recent call last):
    ...
    rummyrules.server.sockets.MessageError: send {"type": "move", "move": "draw"} or {"type": "decline"}
    """


def read_message(text: str, *, limit: int = 65536) -> dict[str, str]:
    """A WebSocket message: ``{"type": "move", "move": "..."}`` or ``{"type": "decline"}``.

    >>> read_message('{"type": "move", "move": "draw"}')
    {'type': 'move', 'move': 'draw'}
    """
    if len(text) > limit:
        raise MessageError(f"a message is at most {limit} characters: {USAGE}")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise MessageError(f"not JSON ({str(error)[:60]}): {USAGE}") from error
    if isinstance(message, dict) and message.get("type") == "decline":
        seen = message.get("version")
        return {"type": "decline"} | (
            {"version": seen[:100]} if isinstance(seen, str) else {}
        )
    move = message.get("move") if isinstance(message, dict) else None
    if not isinstance(message, dict) or message.get("type") != "move":
        raise MessageError(USAGE)
    if not isinstance(move, str):
        raise MessageError(USAGE)
    return {"type": "move", "move": move[:1000]}


def _reason(text: str) -> str:
    """A close frame's reason: at most 123 bytes of UTF-8.

    >>> len(_reason("é" * 100).encode())
    122
    """
    return text.encode()[:123].decode(errors="ignore")


class SocketHandler:
    """The WebSocket route of the app, over its tables."""

    def __init__(self, store: TableStore, limits: Limits) -> None:
        self.store, self.limits = store, limits

    async def serve(self, websocket: WebSocket) -> None:
        """Push each change of the table to a seat, and take its moves."""
        origin = websocket.headers.get("origin")
        if not origin_allowed(
            origin, websocket.headers.get("host"), self.limits.origins
        ):
            body = {"error": refusal(origin or ""), "rule": None}
            await websocket.send_denial_response(JSONResponse(body, 403))
            return
        await websocket.accept()
        try:
            table = await self.store.get(websocket.path_params["table"])
            token = token_of(
                websocket.headers.get("authorization"),
                websocket.query_params.get("token"),
            )
            seat = table.seat_of(token)
        except ApiError as error:
            await websocket.close(4000 + error.status, _reason(error.message))
            return
        last = [time.monotonic()]  # the last message either way
        pusher = asyncio.get_running_loop().create_task(
            self._push(websocket, table, seat, last)
        )
        try:
            await self._take(websocket, table, seat, last)
        except WebSocketDisconnect:
            pass
        finally:
            pusher.cancel()
            # The client left: uvicorn's ClientDisconnected is an OSError,
            # and a send after the close a RuntimeError.
            with contextlib.suppress(
                asyncio.CancelledError, WebSocketDisconnect, RuntimeError, OSError
            ):
                await pusher

    async def _push(
        self, websocket: WebSocket, table: Table, seat: int, last: list[float]
    ) -> None:
        try:
            await self._pushing(websocket, table, seat, last)
        except ApiError as error:  # the table was deleted meanwhile
            await websocket.close(4000 + error.status, _reason(error.message))

    async def _pushing(
        self, websocket: WebSocket, table: Table, seat: int, last: list[float]
    ) -> None:
        sent: str | None = None
        while True:
            if table.version != sent:
                body = await self.store.answer(table, seat, sent)
                sent = body["version"]
                await websocket.send_json({"type": "update", **body})
                last[0] = time.monotonic()
            table = await self.store.wait(table.id, sent, None, self.limits.socket_idle)

    async def _take(
        self, websocket: WebSocket, table: Table, seat: int, last: list[float]
    ) -> None:
        idle = self.limits.socket_idle
        while True:
            left = last[0] + idle - time.monotonic()
            try:
                frame = await asyncio.wait_for(websocket.receive(), max(left, 0.0))
            except TimeoutError:
                if time.monotonic() - last[0] < idle:
                    continue  # an update went out meanwhile
                minutes = f"{idle / 60:g} minutes"
                await websocket.close(
                    1000, _reason(f"idle for {minutes}: connect again")
                )
                return
            last[0] = time.monotonic()
            if frame["type"] == "websocket.disconnect":
                return
            text = frame.get("text")
            if text is None:
                await websocket.close(
                    1003, _reason("send text frames of JSON: " + USAGE)
                )
                return
            try:
                message = read_message(text, limit=self.limits.max_body)
            except MessageError as error:
                await websocket.close(1007, _reason(str(error)))
                return
            try:
                if message["type"] == "decline":
                    await self.store.decline(table, seat, message.get("version"))
                else:
                    await self.store.move(table, seat, message["move"])
            except ApiError as error:
                await websocket.send_json({"type": "error", **error.body()})
