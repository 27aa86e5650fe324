"""uvicorn's HTTP and WebSocket protocols, with the bounds uvicorn lacks.

uvicorn closes idle keep-alive connections, but gives a client that has
begun a request all the time it likes to finish it: a thousand clients
sending one header line each hold a thousand connections forever. The
protocols here close a connection whose request is not whole within
``Limits.header_timeout`` seconds of its first byte (or of the end of the
last answer), and refuse more than ``Limits.max_per_ip`` connections at
once from one address: a ``429`` with ``Retry-After`` once the request's
head is in, then a gentle close. At the global cap
(``Limits.max_connections``) the ``503`` carries a ``Retry-After`` too.
h11 refuses only a head that is still unfinished past 16 KiB, so a longer
one that arrives in one read would pass: the protocol here measures each
head and answers one over 16 KiB with ``431``, then closes gently.

Each call of :func:`guarded_protocols` makes its own pair of classes,
counting its own connections, for one server.

>>> http, ws = guarded_protocols(Limits(max_per_ip=2))
>>> (
...     http.guard.admit("10.0.0.1"),
...     http.guard.admit("10.0.0.1"),
...     http.guard.admit("10.0.0.1"),
... )
(True, True, False)
>>> ws.guard is http.guard
True
"""

from __future__ import annotations

import asyncio
import collections
import json
import re
from typing import Any, ClassVar

import h11
from starlette.types import Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol

from rummyrules.server.documents import address_key
from rummyrules.server.limits import Limits
from rummyrules.server.rates import Rates
from rummyrules.server.socket_protocol import BoundedWebSocket

__all__ = ["ConnectionGuard", "guarded_protocols"]


#: Seconds a refused client has to send its request's head before its 429.
_REFUSAL_WAIT = 1.0
#: Seconds a refused connection reads and drops what its client still sends
#: after the 429, so that closing it sends a FIN, not a reset.
_LINGER = 1.0
#: Bytes of a refused request read before the 429 is sent anyway.
_REFUSAL_HEAD = 16 * 1024
#: The ``Retry-After`` of a refusal (429 or 503), in seconds.
_RETRY_AFTER = 1
#: The longest request head (its line and headers, up to the blank line), in bytes.
MAX_HEAD = 16 * 1024
#: The end of a request's head, as h11 finds it.
_BLANK_LINE = re.compile(b"\n\r?\n")


def _raw_answer(
    status: int, reason: str, message: str, *, retry_after: int | None = None
) -> bytes:
    """A whole HTTP answer that closes the connection, for a connection h11 cannot answer on."""
    body = json.dumps({"error": message, "rule": None}).encode()
    retry = "" if retry_after is None else f"retry-after: {retry_after}\r\n"
    head = (
        f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\n{retry}connection: close\r\n\r\n"
    )
    return head.encode("ascii") + body


def head_too_large(held: bytes, data: bytes) -> bool:
    r"""Whether a request head begun with ``held`` and going on with ``data`` is over :data:`MAX_HEAD` bytes.

    Only the first ``MAX_HEAD`` bytes are looked at, so a large read costs
    no more than a small one.

    >>> head_too_large(b"", b"GET / HTTP/1.1\r\nHost: x\r\n\r\n" + b"x" * 20000)
    False
    >>> head_too_large(b"GET / HTTP/1.1\r\n", b"X-Big: " + b"a" * MAX_HEAD)
    True
    """
    seen = held + data[: MAX_HEAD + 1 - len(held)]
    if len(seen) <= MAX_HEAD:
        return False
    end = _BLANK_LINE.search(seen)
    return end is None or end.end() > MAX_HEAD


async def _unavailable(send: Send) -> None:
    """The 503 of a server at its global cap, with a Retry-After."""
    message = "the server has too many connections: try again in a moment"
    body = json.dumps({"error": message, "rule": None}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"retry-after", str(_RETRY_AFTER).encode()),
        (b"connection", b"close"),
    ]
    await send({"type": "http.response.start", "status": 503, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class _Refusal:
    """A connection over its address's cap: a 429 once its request's head is in, then a gentle close.

    Answering at once and closing, before the request arrives, made the
    client's request meet a closed socket, and the client saw a reset
    instead of the 429. So the refusal waits for the head (at most
    ``_REFUSAL_WAIT`` seconds and ``_REFUSAL_HEAD`` bytes), answers, stops
    writing, drops whatever still comes for ``_LINGER`` seconds at most,
    and closes: a refused connection costs a timer and three bytes, for
    two seconds at most.
    """

    def __init__(
        self,
        transport: asyncio.Transport,
        loop: asyncio.AbstractEventLoop,
        refusal: bytes | None = None,
    ) -> None:
        self.transport = transport
        self.loop = loop
        message = "too many connections from your address: close some and try again"
        self.refusal = refusal or _raw_answer(
            429, "Too Many Requests", message, retry_after=_RETRY_AFTER
        )
        self.answered = False
        self.read = 0
        self.tail = b""  # the last bytes read, for a blank line split between reads
        self.timer = loop.call_later(_REFUSAL_WAIT, self.answer)

    def data_received(self, data: bytes) -> None:
        if self.answered:
            return  # read only so that the close sends no reset
        self.read += len(data)
        seen = self.tail + data
        if b"\r\n\r\n" in seen or b"\n\n" in seen or self.read >= _REFUSAL_HEAD:
            self.answer()
        else:
            self.tail = seen[-3:]

    def answer(self) -> None:
        """Send the refusal (a 429 unless told another) and stop writing; close after the linger."""
        if self.answered or self.transport.is_closing():
            return
        self.answered = True
        self.timer.cancel()
        self.transport.write(self.refusal)
        try:
            if self.transport.can_write_eof():
                self.transport.write_eof()  # a FIN once the answer is sent
        except OSError:  # the client is gone already: nothing is left to say
            self.transport.close()
            return
        self.timer = self.loop.call_later(_LINGER, self.transport.close)

    def stop(self) -> None:
        """The connection is gone: forget the timer."""
        self.timer.cancel()


class ConnectionGuard:
    """Counts the open connections of each client address (an IPv6 one by its /64).

    >>> guard = ConnectionGuard(Limits(max_per_ip=1))
    >>> guard.admit("2001:db8::1"), guard.admit("2001:db8::2")
    (True, False)
    >>> guard.release("2001:db8::1")
    >>> guard.admit("2001:db8::2")
    True
    """

    def __init__(self, limits: Limits, trusted: str | None = None) -> None:
        self.limits = limits
        self.open: collections.Counter[str] = collections.Counter()
        # A reverse proxy's own address carries everyone's connections: the
        # proxy bounds them per client, so they are not counted here.
        names = {name.strip() for name in (trusted or "").split(",") if name.strip()}
        self.trusted = frozenset(names)

    def counts(self, address: str) -> bool:
        """Whether connections from ``address`` count (not a trusted proxy's).

        >>> ConnectionGuard(Limits(), "127.0.0.1").counts("127.0.0.1")
        False
        """
        return "*" not in self.trusted and address not in self.trusted

    def admit(self, address: str) -> bool:
        """Count a new connection from ``address``; False (and not counted) when it has too many.

        >>> ConnectionGuard(Limits()).admit("127.0.0.1")
        True
        """
        if not self.counts(address):
            return True
        key = address_key(address)
        if self.open[key] >= self.limits.max_per_ip:
            return False
        self.open[key] += 1
        return True

    def release(self, address: str) -> None:
        """Forget one closed connection from ``address``.

        >>> guard = ConnectionGuard(Limits())
        >>> guard.release("127.0.0.1")  # never below nothing
        >>> guard.open["127.0.0.1"]
        0
        """
        if not self.counts(address):
            return
        key = address_key(address)
        if self.open[key] <= 1:
            self.open.pop(key, None)
        else:
            self.open[key] -= 1


class _GuardedWebSocket(BoundedWebSocket):
    """The WebSocket protocol, counted against its address's connections."""

    guard: ClassVar[ConnectionGuard]
    _address: str | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        address = transport.get_extra_info("peername")
        self._address = str(address[0]) if address else ""
        # The HTTP protocol counted this connection until the upgrade and
        # gave its place to us: always take it.
        if self.guard.counts(self._address):
            self.guard.open[self._address] += 1

    def connection_lost(self, exc: Exception | None) -> None:
        if self._address is not None:
            self.guard.release(self._address)
            self._address = None
        super().connection_lost(exc)


class _GuardedH11(H11Protocol):
    """uvicorn's h11 protocol with a deadline for each request and a count per address."""

    guard: ClassVar[ConnectionGuard]
    _address: str | None = None
    _deadline: asyncio.TimerHandle | None = None
    _upgraded = False
    _refusal: _Refusal | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # uvicorn's own 503 at the global cap (limit_concurrency) has no
        # Retry-After: make the same test here, as the request starts, and
        # answer with one.
        self._cap, self.limit_concurrency = self.limit_concurrency, None
        self._app, self.app = self.app, self._capped

    async def _capped(self, scope: Scope, receive: Receive, send: Send) -> None:
        # The request's own task is in self.tasks by now: uvicorn counted
        # the others, before adding it.
        cap = self._cap
        if cap is not None and (len(self.connections) >= cap or len(self.tasks) > cap):
            self.logger.warning("Exceeded concurrency limit.")
            await _unavailable(send)
        else:
            await self._app(scope, receive, send)

    def connection_made(  # type: ignore[override]  # uvicorn's own signature, an asyncio.Transport
        self, transport: asyncio.Transport
    ) -> None:
        super().connection_made(transport)
        address = self.client[0] if self.client else ""
        if not self.guard.admit(address):
            self._refusal = _Refusal(transport, self.loop)
            return
        self._address = address
        self._watch()

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel()
        if self._refusal is not None:
            self._refusal.stop()
        if self._address is not None:
            self.guard.release(self._address)
            self._address = None
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._refusal is not None:
            self._refusal.data_received(data)
            return
        # Only while h11 waits for a head: what it holds then is the head's start.
        if self.conn.their_state is h11.IDLE and head_too_large(
            self.conn.trailing_data[0], data
        ):
            self._refuse_head()
            return
        super().data_received(data)
        self._watch()

    def _refuse_head(self) -> None:
        """A 431 for a head over :data:`MAX_HEAD` bytes, then a gentle close."""
        self._cancel()
        self._unset_keepalive_if_required()
        message = (
            f"send a request head (its line and headers) of at most {MAX_HEAD} bytes"
        )
        answer = _raw_answer(431, "Request Header Fields Too Large", message)
        self._refusal = _Refusal(self.transport, self.loop, answer)
        self._refusal.answer()

    def eof_received(self) -> None:
        # The client sends no more: a refused one still gets its 429, and
        # asyncio closes the transport once the answer is written.
        if self._refusal is not None:
            self._refusal.answer()
        super().eof_received()

    def on_response_complete(self) -> None:
        # A request sent before this answer was (pipelined) waits in h11,
        # whole: its head is measured here, before h11 reads it.
        if (
            self.conn.our_state is h11.DONE
            and self.conn.their_state is h11.DONE
            and head_too_large(b"", self.conn.trailing_data[0])
        ):
            self._refuse_head()
            return
        super().on_response_complete()
        self._watch()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        # The socket is the WebSocket's from now: data_received returns
        # through _watch, and h11 still thinks a request body may come, so
        # without the flag the request deadline would be set again and
        # would cut the WebSocket header_timeout seconds later.
        self._upgraded = True
        self._cancel()
        if self._address is not None:  # the WebSocket protocol counts it from now
            self.guard.release(self._address)
            self._address = None
        super().handle_websocket_upgrade(event)

    def _watch(self) -> None:
        """Run the deadline while a request is awaited or half read; stop it once it is whole."""
        waiting = self.conn.their_state in (h11.IDLE, h11.SEND_BODY)
        if self._upgraded or self.transport.is_closing() or not waiting:
            self._cancel()
        elif self._deadline is None:
            timeout = self.guard.limits.header_timeout
            self._deadline = self.loop.call_later(timeout, self._expire)

    def _cancel(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _expire(self) -> None:
        self._deadline = None
        if self._upgraded or self.transport.is_closing():
            return
        if self.conn.our_state is h11.IDLE:  # no answer begun: say why we close
            message = "the request took too long to arrive"
            self.transport.write(_raw_answer(408, "Request Timeout", message))
        self.transport.close()


def guarded_protocols(
    limits: Limits, trusted: str | None = None
) -> tuple[type[_GuardedH11], type[_GuardedWebSocket]]:
    """The HTTP and WebSocket protocol classes of one server, sharing one count.

    Give them to ``uvicorn.Config(http=..., ws=...)``. ``trusted`` lists the
    reverse proxies (comma-separated addresses, or ``*``) whose connections
    are not counted per address. Both hold the server's request rates
    (``rates``): the WebSocket protocol counts each message, and
    :class:`~rummyrules.server.rates.RateLimited` around the app, given the
    same, each request.

    >>> http, ws = guarded_protocols(Limits())
    >>> http.guard.limits.header_timeout
    10.0
    """
    guard = ConnectionGuard(limits, trusted)
    attributes: dict[str, Any] = {"guard": guard, "rates": Rates(limits)}
    http = type("GuardedH11Protocol", (_GuardedH11,), attributes)
    ws = type("GuardedWebSocketProtocol", (_GuardedWebSocket,), attributes)
    return http, ws
