"""OpenSpiel's Python module, ``pyspiel``: the one place this package imports it.

OpenSpiel comes with the ``[peers]`` extra. Without it, importing this
module (and so :mod:`rummyrules.peers`) raises an :class:`ImportError` that
says how to install it; the rest of the library never imports it.

The constants are ``gin_rummy``'s action numbers and phases, by name:

>>> DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK, MELD_BASE, NUM_MELDS
(52, 53, 54, 55, 56, 185)
>>> str(PHASE.LAYOFF)
'Phase.LAYOFF'
"""

from __future__ import annotations

import importlib
from typing import Any, Final

__all__ = [
    "DRAW_STOCK",
    "DRAW_UPCARD",
    "KNOCK",
    "MELD_BASE",
    "NUM_MELDS",
    "PASS",
    "PHASE",
    "UTILS",
    "pyspiel",
]

INSTALL: Final = (
    "OpenSpiel is not installed: it comes with the [peers] extra "
    "(pip install 'rummyrules[peers]')"
)
"""What a missing OpenSpiel is told with."""

try:
    # OpenSpiel is compiled C++ behind pybind11 and ships no type stubs: it
    # is Any to mypy, here and wherever the package hands its objects on.
    pyspiel: Any = importlib.import_module("pyspiel")
except ImportError as error:
    raise ImportError(INSTALL) from error

_GIN: Any = pyspiel.gin_rummy

DRAW_UPCARD: Final[int] = int(_GIN.DRAW_UPCARD_ACTION)
"""Take the upcard (``take``)."""
DRAW_STOCK: Final[int] = int(_GIN.DRAW_STOCK_ACTION)
"""Draw from the stock (``draw``)."""
PASS: Final[int] = int(_GIN.PASS_ACTION)
"""OpenSpiel's one "Pass": ``pass`` where it declines, ``done`` where it ends laying."""
KNOCK: Final[int] = int(_GIN.KNOCK_ACTION)
"""Knock (``knock``)."""
MELD_BASE: Final[int] = int(_GIN.MELD_ACTION_BASE)
"""Action ``MELD_BASE + m`` lays OpenSpiel's meld ``m``."""
NUM_MELDS: Final[int] = int(_GIN.NUM_MELD_ACTIONS)
"""How many melds OpenSpiel numbers: sets of 3 or 4, runs of 3 to 5."""
PHASE: Final[Any] = _GIN.Phase
"""OpenSpiel's phases (``PHASE.KNOCK``, ``PHASE.LAYOFF`` …)."""
UTILS: Final[Any] = _GIN.GinRummyUtils(13, 4, 10)
"""OpenSpiel's card and meld helpers for a 52-card deck and 10-card hands."""
