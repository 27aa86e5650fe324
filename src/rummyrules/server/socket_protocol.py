"""uvicorn's WebSocket protocol, closing as RFC 6455 asks and counting each address's messages.

Where uvicorn's own protocol falls short, this one:

- answers a handshake for another version of the protocol than 13 with
  ``426 Upgrade Required`` and ``Sec-WebSocket-Version: 13`` (RFC 6455,
  4.4), not ``400``;
- closes a socket whose text message is not UTF-8 with 1007 and one line
  of log, not an error with a traceback;
- after a close for a frame it will not read (1009 for one larger than
  ``Limits.max_body``, 1002 for one that breaks the protocol), sends a FIN
  and reads and drops what the client still sends for a second before it
  closes, so that the client sees the close frame and an end, not a reset;
- takes a token of the address's :class:`~rummyrules.server.rates.Rates`
  for each message: the first message without one is answered
  ``{"type": "error", "error": ..., "rule": null, "retry_after": S}`` and
  dropped, and the next one still without a token closes the socket with
  :data:`TOO_MANY` (4429).

The protocol of a server is a subclass with its ``rates``
(:func:`~rummyrules.server.protocol.guarded_protocols` makes it).

>>> TOO_MANY
4429
"""

from __future__ import annotations

import json
import math
from typing import ClassVar

from uvicorn._types import ASGISendEvent
from uvicorn.protocols.utils import (
    ClientDisconnected,
    get_client_addr,
    get_path_with_query_string,
)
from uvicorn.protocols.websockets.websockets_sansio_impl import (
    WebSocketsSansIOProtocol,
)
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from rummyrules.server.documents import address_key
from rummyrules.server.rates import Rates

__all__ = ["TOO_MANY", "BoundedWebSocket"]

#: The close code of a socket whose address sends too many messages: 4000
#: and the HTTP status, as the app's 4401, 4403 and 4404.
TOO_MANY = 4429
#: Seconds a closed socket reads and drops what its client still sends,
#: after its close frame and FIN, so that closing it sends no reset.
_LINGER = 1.0
#: The one version of the protocol the server speaks (RFC 6455).
_VERSION = "13"


def _upgrade_required() -> Response:
    """The answer to a handshake for another version of the protocol: 426, naming 13.

    >>> answer = _upgrade_required()
    >>> answer.status_code, answer.headers["Sec-WebSocket-Version"]
    (426, '13')
    """
    message = (
        f"the server speaks version {_VERSION} of the WebSocket protocol"
        f" (RFC 6455): send Sec-WebSocket-Version: {_VERSION}"
    )
    body = json.dumps({"error": message, "rule": None}).encode()
    headers = Headers(
        [
            ("Upgrade", "websocket"),
            ("Sec-WebSocket-Version", _VERSION),
            ("Content-Type", "application/json"),
            ("Content-Length", str(len(body))),
            ("Connection", "close"),
        ]
    )
    return Response(426, "Upgrade Required", headers, body)


class BoundedWebSocket(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O WebSocket protocol, with the closes and the rates above.

    >>> issubclass(BoundedWebSocket, WebSocketsSansIOProtocol)
    True
    """

    rates: ClassVar[Rates]
    _failed = False  # closed by the server: what comes is read and dropped
    _refused = False  # the socket's last message had no token
    _key: str | None = None  # the address its messages are counted under

    def handle_connect(self, event: Request) -> None:
        """Answer a handshake: 426 for another version than 13, else as uvicorn does."""
        versions = event.headers.get_all("Sec-WebSocket-Version")
        if versions and [version.strip() for version in versions] != [_VERSION]:
            self.handshake_initiated = self.handshake_complete = True
            self.close_sent = True
            self.conn.send_response(_upgrade_required())
            self.transport.write(b"".join(self.conn.data_to_send()))
            self.transport.close()
            return
        super().handle_connect(event)

    def data_received(self, data: bytes) -> None:
        """Read the client's bytes; once the server closed, drop them."""
        if self._failed:
            return  # read only so that closing sends no reset
        super().data_received(data)

    async def send(self, message: ASGISendEvent) -> None:
        """Send the app's message; once the server closed the socket, the client is gone."""
        # The app may be answering a message when the protocol closes the
        # socket for the next one: to the app it is a client that left
        # (uvicorn drops ClientDisconnected quietly), not an app's error.
        if self._failed:
            raise ClientDisconnected
        await super().send(message)

    def handle_parser_exception(self) -> None:
        """Close, then end the stream, for a frame websockets will not read."""
        # websockets failed the connection (a frame too large, or one that
        # breaks the protocol) and made its close frame and end of stream;
        # uvicorn's own would close at once, with the frame's rest unread.
        self._close_gently()

    def send_receive_event_to_app(self) -> None:
        """Pass a whole message to the app, or refuse it: no token, or text not UTF-8."""
        if self.close_sent:  # past the close: dropped, as uvicorn drops it
            self.frames = []
            return
        wait = self.rates.take(self._counted_as())
        if wait:
            self.frames = []
            self._too_many(max(1, math.ceil(wait)))
            return
        self._refused = False
        if self.curr_msg_data_type == "text":
            try:
                b"".join(self.frames).decode()
            except UnicodeDecodeError:
                self.frames = []
                self.logger.info(
                    '%s - "WebSocket %s" 1007: a text message not in UTF-8',
                    get_client_addr(self.scope),
                    get_path_with_query_string(self.scope),
                )
                self.conn.fail(1007, "a text message must be UTF-8")
                self._close_gently()
                return
        super().send_receive_event_to_app()

    def _counted_as(self) -> str:
        """The address the socket's messages are counted under.

        Asked at the first message, once the app has been called: uvicorn's
        proxy headers' middleware has put a trusted proxy's client in the
        scope by then.
        """
        if self._key is None:
            client = self.scope.get("client")
            self._key = address_key(client[0] if client else None)
        return self._key

    def _too_many(self, seconds: int) -> None:
        """Refuse a message without a token: an error the first time, a close the next."""
        if self._refused:
            reason = (
                f"too many messages from your address: connect again in {seconds} s"
            )
            self.conn.fail(TOO_MANY, reason)
            self._close_gently()
            return
        self._refused = True
        message = (
            f"too many messages from your address: send the next in {seconds} s"
            " (another one sooner closes the socket)"
        )
        refusal = {"type": "error", "error": message, "rule": None}
        self.conn.send_text(json.dumps(refusal | {"retry_after": seconds}).encode())
        self.transport.write(b"".join(self.conn.data_to_send()))

    def _close_gently(self) -> None:
        """Send the close frame websockets made, then a FIN; drop what still comes; close after ``_LINGER``."""
        if self._failed or self.transport.is_closing():
            return
        close = self.conn.close_sent
        code, reason = (close.code, close.reason) if close else (1006, "")
        self.queue.put_nowait(
            {"type": "websocket.disconnect", "code": code, "reason": reason}
        )
        self.transport.write(b"".join(self.conn.data_to_send()))
        self.close_sent = self._failed = True
        self.stop_keepalive()
        if self.read_paused:  # the app's message is not taken yet: read on
            self.read_paused = False
            self.transport.resume_reading()
        if self.close_timer is not None:
            self.close_timer.cancel()
        # uvicorn closes the transport as soon as the app returns unless a
        # close timer runs: this one closes it after the linger.
        self.close_timer = self.loop.call_later(_LINGER, self.transport.close)
        try:
            if self.transport.can_write_eof():
                self.transport.write_eof()  # a FIN once the close frame is sent
        except OSError:  # the client is gone already: nothing is left to say
            self.transport.close()
