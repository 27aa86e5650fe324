"""The peer engines (OpenSpiel, RLCard): import one, or skip loudly without it.

The peers come with the ``[peers]`` extra, not with ``[dev]``, so a newcomer's
``pip install -e '.[dev]' && python -m pytest`` must run without them: what
needs a peer skips, and the skip says which extra brings it. With
``RUMMYRULES_REQUIRE_PEERS=1`` (``.ci/run`` sets it for its peer step) a
missing peer fails instead, so CI never passes by skipping the comparison.
"""

from __future__ import annotations

import importlib
import os
from typing import Any

import pytest

EXTRAS = {"pyspiel": "OpenSpiel", "rlcard": "RLCard"}
"""The peers' modules and the engines they are."""


def required() -> bool:
    """Whether a missing peer is a failure here (``RUMMYRULES_REQUIRE_PEERS=1``)."""
    return os.environ.get("RUMMYRULES_REQUIRE_PEERS") == "1"


def peer(module: str) -> Any:
    """The peer's module (Any: the peers ship no type stubs); skips the caller without it, or fails when required.

    Called at module level, it skips the whole module (a test file or a helper
    collected for its doctests), and pytest's summary names the reason.
    """
    if required():
        return importlib.import_module(module)  # a missing peer fails, not skips
    reason = (
        f"{EXTRAS.get(module, module)} is not installed: it comes with the "
        "[peers] extra (pip install -e '.[peers]'); RUMMYRULES_REQUIRE_PEERS=1 "
        "makes this a failure"
    )
    return pytest.importorskip(module, reason=reason)
