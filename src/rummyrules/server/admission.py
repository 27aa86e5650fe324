"""Whether a new table may be made: the creator's limits, then the server's.

A creator (an address) may make so many tables a minute and hold so many
unfinished; the server holds at most ``max_tables``. A full server first lets
go of tables past their keeping, then of unfinished ones nobody moved at for
an hour, before it refuses anyone.

>>> from rummyrules.server.databases import open_storage
>>> from rummyrules.server.limits import Limits
>>> storage = open_storage("sqlite://")
>>> admit(storage, Limits(), "::1", now=0.0)  # nothing made yet: admitted
>>> sweep(storage, Limits(), now=0.0)
0
>>> storage.close()
"""

from __future__ import annotations

import math

from rummyrules.server.documents import ApiError
from rummyrules.server.limits import Limits
from rummyrules.server.storage import Storage

__all__ = ["admit", "sweep"]

_FULL_IDLE = 3600.0  # seconds after which a full server lets an unmoved table go


def admit(storage: Storage, limits: Limits, creator: str, now: float) -> None:
    """Refuse a new table past the creator's limits (429) or the server's (503)."""
    recent = storage.created_by(creator, now - 60.0)
    if len(recent) >= limits.tables_per_minute:
        wait = max(1, math.ceil(recent[-limits.tables_per_minute] + 60.0 - now))
        message = (
            f"your address made {len(recent)} tables in the last minute, the most"
            f" it may: try again in {wait} s"
        )
        raise ApiError(429, message, retry_after=wait)
    held = storage.unfinished(creator)
    if held >= limits.tables_per_address:
        message = (
            f"your address holds {held} unfinished tables, the most it may:"
            " finish one first"
        )
        raise ApiError(429, message, retry_after=60)
    if storage.unfinished() >= limits.max_tables:
        sweep(storage, limits, now)
        storage.sweep(
            finished=now - limits.keep_finished,
            unfinished=now - min(limits.keep_unfinished, _FULL_IDLE),
        )
        if storage.unfinished() >= limits.max_tables:
            message = (
                f"the server holds as many tables as it may ({limits.max_tables}):"
                " try again later"
            )
            raise ApiError(503, message, retry_after=60)


def sweep(storage: Storage, limits: Limits, now: float) -> int:
    """Delete the tables past their keeping; how many went."""
    return storage.sweep(
        finished=now - limits.keep_finished,
        unfinished=now - limits.keep_unfinished,
    )
