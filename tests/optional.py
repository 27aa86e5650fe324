"""What the optional extras bring to the tests: import it, or skip loudly.

The library needs only ``attrs`` and ``cattrs``; the server, the RL
environments, Dask and the schema check need extras, and the peer engines
(OpenSpiel, RLCard) come with ``[peers]``, not with ``[dev]``. So a newcomer's
``pip install -e '.[dev]' && python -m pytest`` runs without the peers, and
the library's own tests run with ``[test]`` alone (``.ci/run`` does so on
every Python the package names): what needs a missing piece skips, and the
skip says which extra brings it. In CI nothing may pass by skipping:
``RUMMYRULES_REQUIRE_PEERS=1`` makes a missing peer a failure, and
``RUMMYRULES_REQUIRE_EXTRAS=1`` a missing piece of any other extra.
"""

from __future__ import annotations

import importlib
import os
from typing import Any

import pytest

EXTRAS = {
    "server": ("starlette", "uvicorn", "websockets", "httpx"),
    "rl": ("numpy", "gymnasium", "pettingzoo"),
    "cluster": ("distributed",),
    "dev": ("jsonschema",),
    "peers": ("pyspiel", "rlcard"),
}
"""Each extra (``pyproject.toml``) and the modules of it that tests import."""

ENGINES = {"pyspiel": "OpenSpiel", "rlcard": "RLCard"}
"""The peers' modules and the engines they are."""


def _extra_of(module: str) -> str:
    return next(name for name, modules in EXTRAS.items() if module in modules)


def _required(extra: str) -> bool:
    flag = "PEERS" if extra == "peers" else "EXTRAS"
    return os.environ.get(f"RUMMYRULES_REQUIRE_{flag}") == "1"


def need(module: str) -> Any:
    """The module of an extra (Any: some ship no types); skips without it.

    Called at module level it skips the whole test module (or a helper
    collected for its doctests), and pytest's summary says which extra to
    install; where that extra is required here, the import fails instead.
    """
    extra = _extra_of(module)
    if _required(extra):
        return importlib.import_module(module)  # missing: a failure, not a skip
    what = ENGINES.get(module, module)
    reason = (
        f"{what} is not installed: it comes with the [{extra}] extra "
        f"(pip install -e '.[{extra}]')"
    )
    return pytest.importorskip(module, reason=reason)


def need_extra(extra: str) -> None:
    """Skip the caller unless every module of ``extra`` is there (see `need`)."""
    for module in EXTRAS[extra]:
        need(module)


def peer(module: str) -> Any:
    """A peer engine's module (``pyspiel``, ``rlcard``); `need` for the peers."""
    return need(module)
