"""Debian's headless Chromium for the browser tests: where it is, how it runs, what if it is missing.

Both browser suites (the built docs, ``tests/test_docs_in_browser.py``; the
front end, ``tests/browser``) drive it through Playwright. Without Playwright
or the browser a test skips, saying which is missing; with
``RUMMYRULES_REQUIRE_BROWSER=1`` (``.ci/run`` sets it) it fails instead.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
from pathlib import Path

import pytest

BROWSER = shutil.which("chromium-headless-shell") or "/usr/bin/chromium-headless-shell"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
"""Chromium's flags: no sandbox in a container, nothing fetched from the network."""


def why_no_browser() -> str | None:
    """What is missing to drive the browser, or None when nothing is."""
    if importlib.util.find_spec("playwright") is None:
        return "Playwright for Python is not installed (pip install -e '.[dev]')"
    if not Path(BROWSER).is_file():
        return (
            f"no headless Chromium at {BROWSER} "
            "(apt-get install chromium-headless-shell)"
        )
    return None


def browser_or_skip(what: str) -> str:
    """The browser's path; or skip the test, or fail it under RUMMYRULES_REQUIRE_BROWSER=1."""
    missing = why_no_browser()
    if missing is not None:
        if os.environ.get("RUMMYRULES_REQUIRE_BROWSER") == "1":
            pytest.fail(f"{what} cannot run: {missing}")
        pytest.skip(missing)
    return BROWSER
