"""The browser table through a crash: ``rummyrules serve`` killed (SIGKILL) and started again.

The page holds its WebSocket; when the server dies it says "Reconnecting",
and once the server is back it is live again with every event of the game
in its log, and the game goes on.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from extras import need

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_the_page_reconnects_after_the_server_is_killed_and_misses_no_event(
    browser: Browser, tmp_path: Path
) -> None:
    httpx = need("httpx")  # of the [server] extra: without it the test skips, saying so
    # Imported here: it needs httpx, which the line above has checked.
    from server.processes import Served  # noqa: PLC0415

    served = Served(f"sqlite:///{tmp_path / 'tables.sqlite3'}", tmp_path / "log")
    served.start()
    page = browser.new_page(viewport={"width": 390, "height": 844})
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    try:
        created = httpx.post(
            served.url + "/api/tables",
            json={"variant": "EndOfThePage", "seats": ["human", "greedy"]},
            timeout=10,
        ).json()
        token = created["seats"][0]["token"]
        page.goto(f"{served.url}/?table={created['table']}&token={token}")
        page.wait_for_selector("#connection:text('Live')", timeout=20_000)
        page.wait_for_selector("body[data-state=yourturn]", timeout=20_000)
        page.click("button[data-move=draw]")
        page.wait_for_function(
            "() => document.body.dataset.busy !== 'true'", timeout=20_000
        )
        told = page.locator("#log li").all_inner_texts()
        assert any(line.startswith("You drew") for line in told), told
        served.kill()
        page.wait_for_selector("#connection:text('Reconnecting')", timeout=20_000)
        time.sleep(0.5)
        served.start()
        page.wait_for_selector("#connection:text('Live')", timeout=30_000)
        assert page.locator("#log li").all_inner_texts() == told
        assert page.get_attribute("body", "data-state") == "yourturn"
    finally:
        page.close()
        served.stop()
    assert not problems, problems
