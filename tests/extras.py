"""What the optional extras bring to the tests: import it, or skip loudly.

A pytest plugin too (``-p extras`` in ``pyproject.toml``), so that the
doctests of ``src/`` get the same treatment: see ``PARTS``.

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
import importlib.util
import os
from pathlib import Path
from typing import Any

import pytest

EXTRAS = {
    "cli": ("rich",),
    "server": ("starlette", "uvicorn", "websockets", "httpx"),
    "postgres": ("psycopg", "psycopg_pool"),
    "rl": ("numpy", "gymnasium", "pettingzoo"),
    "cluster": ("distributed",),
    "dev": ("jsonschema", "openapi_spec_validator", "schemathesis"),
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


# The doctests of src/: a part that needs an extra is left out without it.

PARTS = {
    "rummyrules.server": ("server", "starlette"),
    "rummyrules.server.postgres": ("postgres", "psycopg"),
    "rummyrules.rl": ("rl", "numpy"),
    "rummyrules.peers": ("peers", "pyspiel"),
    "rummyrules.cli.printer.RichPrinter": ("cli", "rich"),
}
"""What needs an extra: the part (a package, module or class), its extra, a module of it."""

SRC = Path(__file__).resolve().parent.parent / "src"


def _missing(module: str) -> bool:
    return importlib.util.find_spec(module) is None


def _dotted(path: Path) -> str:
    return ".".join(path.resolve().relative_to(SRC).with_suffix("").parts)


def _part(name: str) -> tuple[str, str, str] | None:
    """The part that ``name`` (a module or an object in it) belongs to, if it needs an extra."""
    for part, (extra, module) in PARTS.items():
        inside = name == part or name.startswith(part + ".")
        # Where the extra is required, its doctests run, and fail without it.
        if inside and _missing(module) and not _required(extra):
            return part, extra, module
    return None


def left_out(name: str) -> bool:
    """Whether ``name`` (a module or an object in it) is left out here: its extra is missing, and not required.

    >>> left_out("rummyrules.core")
    False
    """
    return _part(name) is not None


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    """Leave out a module of a part that cannot be imported without its extra."""
    if collection_path.suffix != ".py" or not collection_path.is_relative_to(SRC):
        return None
    module = _dotted(collection_path).removesuffix(".__init__")
    # A class that needs an extra, in a module that does not, is skipped
    # example by example below instead.
    return True if left_out(module) else None


def pytest_report_header() -> list[str]:
    """Say which doctests a missing extra leaves out."""
    return [
        f"doctests of {part} left out: the [{extra}] extra is not installed"
        for part, (extra, module) in PARTS.items()
        if _missing(module) and not _required(extra)
    ]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Skip the examples of a class that needs an extra, in a module that does not."""
    for item in items:
        found = _part(item.name)
        if found is not None:
            part, extra, module = found
            item.add_marker(
                pytest.mark.skip(
                    reason=f"{part} needs {module}, of the [{extra}] extra "
                    f"(pip install -e '.[{extra}]')"
                )
            )
