"""Fixtures of the browser table's tests: the server, the console watch, the screenshots' folder."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from browser.pages import Watch


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The game server on a free loopback port, in a thread, for the whole session."""
    # Imported here: without the [server] extra the module still collects.
    from rummyrules.server import running  # noqa: PLC0415

    with running() as url:
        yield url


@pytest.fixture
def watch() -> Iterator[Watch]:
    """Fails the test on any console or script error in its pages."""
    seen = Watch()
    yield seen
    assert seen.problems == [], "\n".join(seen.problems)


@pytest.fixture(scope="session")
def shots() -> Path:
    """Where the screenshots go: ``RUMMYRULES_SCREENSHOTS``, else build/screenshots (not committed)."""
    chosen = os.environ.get("RUMMYRULES_SCREENSHOTS")
    folder = (
        Path(chosen)
        if chosen
        else Path(__file__).resolve().parents[2] / "build" / "screenshots"
    )
    folder.mkdir(parents=True, exist_ok=True)
    return folder
