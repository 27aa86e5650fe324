"""Which web pages may open a seat's WebSocket: the server's own, and the origins it is told.

A browser sends the page's ``Origin`` with every WebSocket handshake and
lets any page open a WebSocket to any server, carrying no cookie here but
whatever token the page holds. The server accepts a WebSocket from a page
of its own origin (the ``Origin``'s host and port are the ``Host`` the
browser asked for), from an origin named in ``Limits.origins``
(``rummyrules serve --allow-origin``), or from a client that sends no
``Origin`` at all (a program, not a browser); it refuses the others before
the handshake, with ``403`` and the JSON refusal. ``*`` in the list allows
every origin. The same origins' pages may read the HTTP API's answers
(CORS, :func:`rummyrules.server.app.create_app`).

>>> origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000", ())
True
>>> origin_allowed("https://evil.example", "127.0.0.1:8000", ())
False
>>> origin_allowed(None, "127.0.0.1:8000", ())
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final
from urllib.parse import urlsplit

__all__ = ["check_origins", "origin_allowed", "refusal"]

_ORIGIN: Final = re.compile(r"https?://[^\s/?#@]+")


def check_origins(origins: Iterable[str]) -> tuple[str, ...]:
    """The origins allowed, in lower case; ValueError for one that is no ``scheme://host[:port]``.

    >>> check_origins(["https://Rummy.Example/", "*"])
    ('https://rummy.example', '*')
    >>> check_origins(["rummy.example"])
    Traceback (most recent call last):
    ...
    ValueError: an origin is scheme://host[:port], as https://rummy.example, or *, not 'rummy.example'
    """
    if isinstance(origins, str):
        raise TypeError(f"origins is a list of origins, not the text {origins!r}")
    checked = []
    for origin in origins:
        text = origin.strip().rstrip("/").lower() if isinstance(origin, str) else ""
        if text != "*" and _ORIGIN.fullmatch(text) is None:
            message = (
                "an origin is scheme://host[:port], as https://rummy.example,"
                f" or *, not {str(origin)[:100]!r}"
            )
            raise ValueError(message)
        checked.append(text)
    return tuple(checked)


def origin_allowed(
    origin: str | None, host: str | None, allowed: tuple[str, ...]
) -> bool:
    """Whether a WebSocket handshake's ``Origin`` may open a socket on a server reached as ``host``.

    >>> origin_allowed("https://rummy.example", "rummy.example", ())
    True
    >>> origin_allowed("https://app.example", "rummy.example", ("https://app.example",))
    True
    >>> origin_allowed("null", "rummy.example", ())
    False
    """
    if origin is None:
        return True  # not a browser: a browser always sends it
    text = origin.strip().rstrip("/").lower()
    if "*" in allowed or text in allowed:
        return True
    if _ORIGIN.fullmatch(text) is None or host is None:
        return False
    return urlsplit(text).netloc == host.strip().lower()


def refusal(origin: str) -> str:
    """The sentence of the 403 for an origin not allowed.

    >>> refusal("https://evil.example")
    "a page of 'https://evil.example' may not open this server's WebSocket: the server allows its own origin and those given with --allow-origin"
    """
    return (
        f"a page of {origin[:100]!r} may not open this server's WebSocket: the"
        " server allows its own origin and those given with --allow-origin"
    )
