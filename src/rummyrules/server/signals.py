"""Waking whoever waits on a table, and the caches a worker keeps of what the database holds.

>>> cache: Cache[str, int] = Cache(1)
>>> cache.put("a", 1)
>>> cache.put("b", 2)
>>> cache.get("a"), cache.get("b")
(None, 2)
"""

from __future__ import annotations

import asyncio
import collections
import threading
from typing import Generic, TypeVar

from rummyrules.server.storage import WAKE_ALL

__all__ = ["Cache", "Signals"]

_T = TypeVar("_T")
_K = TypeVar("_K")


class Cache(Generic[_K, _T]):
    """At most ``size`` values, the least recently used let go first; safe across threads."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._values: collections.OrderedDict[_K, _T] = collections.OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: _K) -> _T | None:
        """The value kept for ``key``, or None."""
        with self._lock:
            value = self._values.get(key)
            if value is not None:
                self._values.move_to_end(key)
            return value

    def put(self, key: _K, value: _T) -> None:
        """Keep ``value`` for ``key``, letting the least recently used go past the size."""
        with self._lock:
            self._values[key] = value
            self._values.move_to_end(key)
            while len(self._values) > self.size:
                self._values.popitem(last=False)


class Signals:
    """Wakes whoever waits on a table when it changes (long polls, WebSockets).

    Take :meth:`event` before reading the table, so that a change between
    the read and the wait is not missed, and :meth:`leave` once done: an
    event nobody waits on is let go, so the waiters' count bounds what is
    kept.

    >>> signals = Signals()
    >>> event = signals.event("t")
    >>> signals.wake("t")
    >>> event.is_set(), signals.event("t").is_set()
    (True, False)
    >>> signals.leave("t"), signals.leave("t"), len(signals)
    (None, None, 0)
    """

    def __init__(self) -> None:
        self._events: dict[str, asyncio.Event] = {}
        self._waiting: collections.Counter[str] = collections.Counter()

    def __len__(self) -> int:
        """How many tables someone waits on."""
        return len(self._waiting)

    def event(self, table: str) -> asyncio.Event:
        """The event set at the table's next change; counts one more waiter."""
        self._waiting[table] += 1
        return self._events.setdefault(table, asyncio.Event())

    def leave(self, table: str) -> None:
        """One waiter is done with the table's event."""
        self._waiting[table] -= 1
        if self._waiting[table] <= 0:
            del self._waiting[table]
            self._events.pop(table, None)

    def wake(self, table: str) -> None:
        """The table changed (``WAKE_ALL``: any may have): wake its waiters."""
        tables = list(self._events) if table == WAKE_ALL else [table]
        for name in tables:
            event = self._events.pop(name, None)
            if event is not None:
                event.set()
