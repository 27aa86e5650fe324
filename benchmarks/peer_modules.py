"""The optional peer engines, imported by name: OpenSpiel and RLCard (the ``[peers]`` extra).

Shared by the benchmarks that time them. The peers are optional and untyped:
imported by name they are ``Any`` to mypy, so ``mypy --strict`` passes
whether or not they are installed.
"""

from __future__ import annotations

import importlib
import importlib.metadata
from typing import Any


def optional(name: str) -> Any:
    """The module if it is installed, else None."""
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def version_of(distribution: str) -> str:
    """The installed version of a distribution, or "?"."""
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "?"
