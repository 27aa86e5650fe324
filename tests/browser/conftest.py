"""Fixtures of the browser table's tests: the server, the console watch, the screenshots' folder, the offline pages' site."""

from __future__ import annotations

import functools
import os
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from browser.pages import OFFLINE, Watch


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


class _Handler(SimpleHTTPRequestHandler):
    """Static files, with the types a module and WebAssembly need (Python 3.11 lacks .mjs)."""

    extensions_map = {  # noqa: RUF012  # the base class's attribute, replaced as it documents
        **SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
    }

    def log_message(self, format: str, *args: Any) -> None:  # the base class's names
        """Quiet: the test's output is the test's."""


@pytest.fixture(scope="session")
def offline_site() -> Iterator[str]:
    """clients/offline on a free loopback port (``http://127.0.0.1:PORT/``), served by a thread.

    Without a built dist/ (``npm ci && npm run build`` there, after the
    TypeScript client's build; .ci/run does both) the tests skip, or fail
    under ``RUMMYRULES_REQUIRE_BROWSER=1`` (CI).
    """
    built = ("wheels.json", "client/index.js")
    if not all((OFFLINE / "dist" / name).is_file() for name in built):
        missing = (
            "clients/offline/dist is not built (npm ci && npm run build there,"
            " after npm ci && npm run build in clients/typescript)"
        )
        if os.environ.get("RUMMYRULES_REQUIRE_BROWSER") == "1":
            pytest.fail(missing)
        pytest.skip(missing)
    handler = functools.partial(_Handler, directory=str(OFFLINE))
    site = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=site.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{site.server_port}/"
    finally:
        site.shutdown()
        site.server_close()
