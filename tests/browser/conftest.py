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
    from rummyrules.server.limits import Limits  # noqa: PLC0415

    # Every test's page comes from one loopback address, and a session makes
    # more tables and sends more requests than one person may (20 tables a
    # minute, 20 unfinished, 20 requests a second past a burst of 200): the
    # session's server lets that one address do what all the tests need.
    roomy = Limits(
        tables_per_address=1_000,
        tables_per_minute=1_000,
        requests_per_second=1_000.0,
        request_burst=100_000,
    )
    with running(limits=roomy) as url:
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
