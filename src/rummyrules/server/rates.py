"""How fast one address may ask: a token bucket for each address.

Every HTTP request, WebSocket handshake and WebSocket message takes a token
from its address's bucket: an IPv4 address, or an IPv6 address's /64 (as
:func:`~rummyrules.server.documents.address_key` counts them); behind a
proxy that ``--forwarded-allow-ips`` trusts, the client its
``X-Forwarded-For`` names. A bucket holds ``Limits.request_burst`` tokens
and gains ``Limits.requests_per_second`` a second: an address may send a
burst at once, then keep to the rate. A request without a token gets a
``429`` with ``Retry-After`` from :class:`RateLimited`, after a pause of
:data:`PAUSE` seconds: a client that asks again at once, not waiting as
told, then keeps one connection busy a second a refusal, and a flood of
refusals costs the server next to nothing. A WebSocket message without a
token is refused by the WebSocket protocol
(:mod:`rummyrules.server.socket_protocol`).

A bucket costs a dictionary entry, looked up and moved once a request; an
address is forgotten once its bucket is full again, so the memory held is
that of the addresses heard from in the last ``burst / rate`` seconds (and
never more than ``most`` of them).

>>> now = [0.0]
>>> rates = Rates(Limits(requests_per_second=2, request_burst=2), clock=lambda: now[0])
>>> [rates.take("203.0.113.7") for _ in range(3)]
[0.0, 0.0, 0.5]
>>> rates.take("203.0.113.8")  # another address has its own bucket
0.0
>>> now[0] = 0.5  # half a second later, one token came back
>>> rates.take("203.0.113.7"), rates.take("203.0.113.7")
(0.0, 0.5)
"""

from __future__ import annotations

import asyncio
import collections
import json
import math
import time
from collections.abc import Callable

from starlette.types import ASGIApp, Receive, Scope, Send

from rummyrules.server.documents import address_key
from rummyrules.server.limits import Limits

__all__ = ["PAUSE", "RateLimited", "Rates"]

#: Seconds a request without a token waits for its ``429``.
PAUSE = 1.0


class Rates:
    """The token buckets of every address heard from lately.

    ``clock`` gives the time in seconds (a monotonic clock); ``most`` bounds
    the addresses held: past it, the one heard from longest ago is forgotten
    (given a full bucket again) even if its bucket is not full yet.

    >>> rates = Rates(Limits(request_burst=1), clock=lambda: 0.0, most=2)
    >>> [rates.take(address) for address in ("a", "b", "c", "a")]
    [0.0, 0.0, 0.0, 0.0]
    >>> list(rates.buckets)
    ['c', 'a']
    """

    def __init__(
        self,
        limits: Limits,
        *,
        clock: Callable[[], float] = time.monotonic,
        most: int = 100_000,
    ) -> None:
        self.rate = float(limits.requests_per_second)
        self.burst = float(limits.request_burst)
        self.clock, self.most = clock, most
        #: Seconds an empty bucket takes to fill: an address not heard from
        #: for that long has a full bucket, the same as one never heard from.
        self.refill = self.burst / self.rate
        #: Each address's tokens and when they were counted, the address
        #: heard from longest ago first.
        self.buckets: collections.OrderedDict[str, tuple[float, float]] = (
            collections.OrderedDict()
        )

    def take(self, address: str) -> float:
        """Take one of ``address``'s tokens: 0.0, or the seconds until it has one.

        >>> Rates(Limits()).take("::1")
        0.0
        """
        now = self.clock()
        bucket = self.buckets.pop(address, None)
        if bucket is None:
            tokens = self.burst
        else:
            tokens = min(self.burst, bucket[0] + (now - bucket[1]) * self.rate)
        wait = 0.0
        if tokens >= 1.0:
            tokens -= 1.0
        else:
            wait = (1.0 - tokens) / self.rate
        self.buckets[address] = (tokens, now)
        self._forget(now)
        return wait

    def _forget(self, now: float) -> None:
        """Forget the addresses whose buckets are full again, and the oldest past ``most``."""
        buckets = self.buckets
        while buckets:
            address, (_, when) = next(iter(buckets.items()))
            if when + self.refill > now and len(buckets) <= self.most:
                return
            del buckets[address]


def too_many(wait: float) -> tuple[int, bytes]:
    """The ``Retry-After`` of ``wait`` seconds (whole, at least 1) and the JSON body of a refusal.

    >>> too_many(0.2)
    (1, b'{"error": "too many requests from your address: try again in 1 s", "rule": null}')
    """
    seconds = max(1, math.ceil(wait))
    message = f"too many requests from your address: try again in {seconds} s"
    return seconds, json.dumps({"error": message, "rule": None}).encode()


class RateLimited:
    """An ASGI app that answers ``429`` to an address without a token, and passes the rest on.

    uvicorn puts its proxy headers' middleware around the app it is given,
    so given this one, this one sees the client a trusted proxy names.
    A WebSocket handshake refused gets the same ``429`` as an HTTP request.
    ``pause`` is the seconds a refusal waits (:data:`PAUSE`).

    >>> from starlette.testclient import TestClient
    >>> from rummyrules.server import create_app
    >>> limits = Limits(request_burst=1)
    >>> app = RateLimited(create_app(limits), Rates(limits), pause=0.0)
    >>> client = TestClient(app)
    >>> client.get("/api/games").status_code
    200
    >>> refused = client.get("/api/games")
    >>> refused.status_code, refused.headers["retry-after"], refused.json()["rule"]
    (429, '1', None)
    """

    def __init__(self, app: ASGIApp, rates: Rates, *, pause: float = PAUSE) -> None:
        self.app, self.rates, self.pause = app, rates, pause

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on, or refuse it."""
        kind = scope["type"]
        if kind in ("http", "websocket"):
            client = scope.get("client")
            wait = self.rates.take(address_key(client[0] if client else None))
            if wait:
                await asyncio.sleep(self.pause)
                seconds, body = too_many(wait - self.pause)
                headers = [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"retry-after", str(seconds).encode()),
                ]
                # A WebSocket's handshake is refused with an HTTP answer too.
                prefix = "http" if kind == "http" else "websocket.http"
                start = {"status": 429, "headers": headers}
                await send({"type": prefix + ".response.start", **start})
                await send({"type": prefix + ".response.body", "body": body})
                return
        await self.app(scope, receive, send)
