"""A clean stop: the long polls a server holds are answered, not cut.

When the server begins to stop (SIGTERM, Ctrl-C), uvicorn waits a moment
for the requests it serves to end, then cancels them, and a cancelled
request answers a plain-text 500 with a traceback in the log. A long poll
would wait that long for nothing: :meth:`Stopping.stop` ends every wait the
app holds at once, and the request answers the JSON refusal with 503 and
``Retry-After``, as any request that comes after does.

>>> import asyncio
>>> stopping = Stopping()
>>> async def poll() -> str:
...     return await stopping.unless_stopped(asyncio.sleep(30, "changed"))
>>> async def stop_soon() -> str:
...     held = asyncio.ensure_future(poll())
...     await asyncio.sleep(0.01)
...     stopping.stop()
...     try:
...         return await held
...     except ApiError as error:
...         return f"{error.status} {error.message}"
>>> from concurrent.futures import ThreadPoolExecutor
>>> with ThreadPoolExecutor(1) as pool:  # an event loop of its own
...     pool.submit(asyncio.run, stop_soon()).result()
'503 the server is stopping: ask again in a moment'
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

from starlette.applications import Starlette

from rummyrules.server.documents import ApiError

__all__ = ["STOPPING", "Stopping", "stop_waiting"]

STOPPING = "the server is stopping: ask again in a moment"
"""The refusal of a wait held, or asked for, once the server stops (503)."""

RETRY_AFTER = 2
"""Seconds a client waits before asking again: a restart, or another worker."""

_T = TypeVar("_T")


class Stopping:
    """The waits an app holds, ended at once when the server stops."""

    def __init__(self) -> None:
        self.stopped = False
        self._held: set[asyncio.Task[Any]] = set()

    def stop(self) -> None:
        """End every wait held (it answers 503) and refuse every later one.

        Thread-safe: each wait is cancelled on its own event loop.
        """
        self.stopped = True
        for task in list(self._held):
            task.get_loop().call_soon_threadsafe(task.cancel)

    async def unless_stopped(self, work: Coroutine[Any, Any, _T]) -> _T:
        """The work's result; :class:`ApiError` 503 with Retry-After if the server stops first."""
        if self.stopped:
            work.close()
            raise ApiError(503, STOPPING, retry_after=RETRY_AFTER)
        task = asyncio.ensure_future(work)
        self._held.add(task)
        try:
            # Cancelling the request cancels the work it awaits, as ever.
            return await task
        except asyncio.CancelledError:
            current = asyncio.current_task()
            ours = current is not None and current.cancelling() > 0
            if self.stopped and not ours:  # stop() ended the work, not the request
                raise ApiError(503, STOPPING, retry_after=RETRY_AFTER) from None
            raise
        finally:
            self._held.discard(task)


def stop_waiting(app: Starlette) -> None:
    """Stop the waits of an app of :func:`~rummyrules.server.app.create_app`; nothing for another app.

    The server calls it when it begins to stop, before it waits for the
    requests it serves to end.

    >>> from rummyrules.server.app import create_app
    >>> app = create_app()
    >>> stop_waiting(app)
    >>> app.state.stopping.stopped
    True
    """
    stopping = getattr(app.state, "stopping", None)
    if isinstance(stopping, Stopping):
        stopping.stop()
