"""How much the server takes from anyone: its bounds, in one value.

Every bound of the server (docs/server.rst) is one field here, so that tests
can start a server with a short header timeout or a few tables, and a host
can tune one without touching the code.

>>> Limits().max_body
65536
>>> Limits(header_timeout=0.5).header_timeout
0.5
"""

from __future__ import annotations

from typing import Any

import attrs

from rummyrules.server.origins import check_origins

__all__ = ["Limits"]


def _positive(
    _instance: object, attribute: attrs.Attribute[Any], value: object
) -> None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"{attribute.name} must be a number, not {value!r}")
    if value <= 0:
        raise ValueError(f"{attribute.name} must be more than 0, not {value!r}")


def _whole(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    _positive(instance, attribute, value)
    if not isinstance(value, int) or value < 1:
        raise ValueError(f"{attribute.name} must be a whole number, not {value!r}")


@attrs.frozen(kw_only=True)
class Limits:
    """The server's bounds on bodies, time, connections, tables and bot moves.

    Attributes:
        max_body: The largest request body, in bytes (413 above it).
        header_timeout: Seconds a client has to send a whole request (its
            line, headers and body) once it has begun one or once the
            connection is idle; then the connection is closed.
        keep_alive: Seconds an idle keep-alive connection stays open.
        max_connections: Connections open at once, from everyone (503, with
            Retry-After, above).
        max_per_ip: Connections open at once from one address (429, with
            Retry-After, and closed above).
        requests_per_second: Requests one address may send a second, HTTP
            requests, WebSocket handshakes and WebSocket messages together,
            once its burst is spent (429 with Retry-After above; on a
            WebSocket an ``error`` with ``retry_after``, then a close, 4429).
        request_burst: Requests one address may send at once, before the
            rate holds it back (a whole number, at least 1).
        backlog: Connections the operating system queues before accepting.
        max_tables: Unfinished tables held at once, from everyone (503 with
            ``Retry-After`` for a new one above it).
        tables_per_address: Unfinished tables one address may hold (429).
        tables_per_minute: Tables one address may make in a minute (429,
            with ``Retry-After`` the seconds until it may again).
        keep_finished: Seconds a finished table and its record are kept
            after its last move (30 days).
        keep_unfinished: Seconds an unfinished table nobody moves at is
            kept (7 days).
        wait: Seconds a long poll waits by default.
        max_wait: The longest wait a long poll may ask for.
        bot_moves: Bot moves played before the server answers; the bots
            play the rest after the answer, a batch at a time.
        bot_time: Seconds bots play before the server answers (the rest
            after the answer, as for ``bot_moves``).
        search_seconds: CPU seconds the search bot thinks about a move; the
            hard level's most (its own cap, ``HARD_SECONDS``, may be lower).
        events_per_answer: Versions whose events one answer carries at most:
            the latest; ``earlier`` in the answer says some were left out
            (the view is whole either way).
        socket_idle: Seconds a WebSocket may go without a message either
            way before the server closes it (1000, "idle"); pings do not
            count, so a client that only watches stays as long as the game
            moves.
        ping_interval: Seconds between the server's pings on a quiet
            WebSocket; a WebSocket has no deadline of its own and stays
            open as long as its client answers them.
        ping_timeout: Seconds a WebSocket's client has to answer a ping
            (its pong) before the server closes it (code 1011).
        origins: The origins, besides the server's own, whose pages may open
            a WebSocket and read the HTTP API's answers (CORS)
            (``https://app.example``; ``*`` for every one); a handshake
            from another page's ``Origin`` is refused with 403
            (:mod:`rummyrules.server.origins`).

    >>> Limits(max_tables=0)
    Traceback (most recent call last):
    ...
    ValueError: max_tables must be more than 0, not 0
    """

    max_body: int = attrs.field(default=64 * 1024, validator=_positive)
    header_timeout: float = attrs.field(default=10.0, validator=_positive)
    keep_alive: float = attrs.field(default=5.0, validator=_positive)
    max_connections: int = attrs.field(default=1000, validator=_positive)
    max_per_ip: int = attrs.field(default=64, validator=_positive)
    requests_per_second: float = attrs.field(default=20.0, validator=_positive)
    request_burst: int = attrs.field(default=200, validator=_whole)
    backlog: int = attrs.field(default=2048, validator=_positive)
    max_tables: int = attrs.field(default=10_000, validator=_positive)
    tables_per_address: int = attrs.field(default=20, validator=_positive)
    tables_per_minute: int = attrs.field(default=20, validator=_positive)
    keep_finished: float = attrs.field(default=30 * 86400.0, validator=_positive)
    keep_unfinished: float = attrs.field(default=7 * 86400.0, validator=_positive)
    wait: float = attrs.field(default=25.0, validator=_positive)
    max_wait: float = attrs.field(default=30.0, validator=_positive)
    bot_moves: int = attrs.field(default=2000, validator=_positive)
    bot_time: float = attrs.field(default=2.0, validator=_positive)
    events_per_answer: int = attrs.field(default=1000, validator=_positive)
    search_seconds: float = attrs.field(default=1.0, validator=_positive)
    socket_idle: float = attrs.field(default=900.0, validator=_positive)
    ping_interval: float = attrs.field(default=20.0, validator=_positive)
    ping_timeout: float = attrs.field(default=20.0, validator=_positive)
    origins: tuple[str, ...] = attrs.field(default=(), converter=check_origins)
