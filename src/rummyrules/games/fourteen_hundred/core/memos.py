"""The core's memos, forgotten with the library's own (issue 40).

The core keeps what it works out by integer keys in plain dicts (a piece's
melds, a meld's shape, an action's move), each emptied when full. They are
reached through :func:`memo`, a ``functools.cache`` of one dict a name:
whoever forgets the library's memos by clearing its caches (a benchmark
that starts each table cold, ``benchmarks/playout.py``) forgets these too.

>>> pieces = memo("doctest")
>>> pieces is memo("doctest")
True
>>> memo.cache_clear()
>>> pieces is memo("doctest")
False
"""

from __future__ import annotations

import functools
from typing import Any

__all__ = ["memo"]


@functools.cache
def memo(name: str) -> dict[Any, Any]:
    """The memo named ``name``: one dict, made afresh once the caches are cleared.

    >>> memo("doctest-2")
    {}
    """
    del name
    return {}
