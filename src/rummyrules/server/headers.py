"""The headers every HTTP answer carries, for the browser page's safety.

The page (``/`` and ``/static/``) loads only its own files: scripts and
styles from the server, no inline script or style, no ``eval``, its API
and WebSocket on the same origin. :data:`CONTENT_SECURITY_POLICY` says
exactly that to the browser, so a script injected into the page would not
run; no other site may frame it (``frame-ancestors 'none'``,
``X-Frame-Options: DENY``), no answer is read as another type than it says
(``X-Content-Type-Options: nosniff``), and no address with a seat token in
its query is sent on as a ``Referer`` (``Referrer-Policy: no-referrer``).

>>> from starlette.testclient import TestClient
>>> from rummyrules.server import create_app
>>> answer = TestClient(create_app()).get("/api/games")
>>> answer.headers["x-content-type-options"], answer.headers["x-frame-options"]
('nosniff', 'DENY')
"""

from __future__ import annotations

from typing import Final

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["CONTENT_SECURITY_POLICY", "SECURITY_HEADERS", "SecurityHeaders"]

CONTENT_SECURITY_POLICY: Final = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self';"
    " connect-src 'self'; base-uri 'none'; form-action 'self';"
    " frame-ancestors 'none'"
)
"""What the page may load: its own scripts, styles and images, and its own API and WebSocket."""

SECURITY_HEADERS: Final = (
    ("Content-Security-Policy", CONTENT_SECURITY_POLICY),
    ("X-Frame-Options", "DENY"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
)
"""The headers :class:`SecurityHeaders` adds to every HTTP answer (unless it has its own)."""


class SecurityHeaders:
    """ASGI middleware: :data:`SECURITY_HEADERS` on every HTTP answer.

    >>> SecurityHeaders(lambda scope, receive, send: None).app is not None
    True
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on; add the headers to the answer's start."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS:
                    headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, sending)
