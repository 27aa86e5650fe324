"""The served page's check in the page: how long the library under Pyodide takes, beside CPython.

    python benchmarks/page_check.py              # 30 turns of each game
    python benchmarks/page_check.py --turns 10

Needs clients/offline/dist (``npm ci && npm run build`` there, after the
TypeScript client's build), Playwright and ``chromium-headless-shell``. A
static file server serves clients/offline on loopback and a game server
(in a thread) allows its origin; for each game the page
(``served.html``) joins the person's seat of a table against a greedy bot
and plays the first listed move each turn. At each of the person's turns
it selects one card, then three, and the page records two times:
reading the server's view and dealing a state that fits it
(``local_check.see``: ``loads`` and ``sample_state``, once a view) and
checking a selection (``local_check.check``: ``explain_selection``). The
same views are timed in CPython through the same module. Prints the
median and the slowest of each, in milliseconds.
"""

from __future__ import annotations

import argparse
import functools
import json
import shutil
import statistics
import sys
import threading
import time
from collections.abc import Callable
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
from playwright.sync_api import Page, sync_playwright

from rummyrules.server import Limits, running

OFFLINE = Path(__file__).resolve().parents[1] / "clients" / "offline"
sys.path.insert(0, str(OFFLINE))
import local_check  # noqa: E402 - the page's own module, from its folder

GAMES = {
    "EndOfThePage": {},
    "FourteenHundred": {"players": 2},
    "GoingOutRummy": {},
    "GinRummy": {},
}


class _Handler(SimpleHTTPRequestHandler):
    extensions_map = {  # noqa: RUF012  # the base class's attribute, replaced as it documents
        **SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
    }

    def log_message(self, format: str, *args: Any) -> None:  # the base class's names
        """Quiet."""


def _ms(timed: Callable[[], object]) -> float:
    began = time.perf_counter()
    timed()
    return (time.perf_counter() - began) * 1000


def _changed(page: Page, name: str, before: str | None) -> str:
    page.wait_for_function(
        f"document.body.dataset.{name} !== {json.dumps(before)}", timeout=60_000
    )
    return page.evaluate(f"document.body.dataset.{name}")  # type: ignore[no-any-return]  # a data attribute is text


def one_game(
    page: Page, site: str, server: str, variant: str, turns: int
) -> dict[str, list[float]]:
    """Times in the page and in CPython for ``turns`` of the person's turns."""
    options = GAMES[variant]
    made = httpx.post(
        server + "/api/tables",
        json={
            "variant": variant,
            "options": options,
            "seats": ["human", "greedy"],
            "seed": 5,
        },
        timeout=10,
    ).json()
    table, token = made["table"], made["seats"][0]["token"]
    link = f"{server}/?table={table}&token={token}"
    page.goto(f"{site}served.html?join={quote(link, safe='')}")
    page.wait_for_selector("body[data-ready='true']", state="attached", timeout=120_000)
    times: dict[str, list[float]] = {
        "see page": [],
        "check page": [],
        "see CPython": [],
        "check CPython": [],
    }
    for _ in range(turns):
        if page.get_attribute("body", "data-state") != "yourturn":
            break
        times["see page"].append(float(page.get_attribute("body", "data-see-ms") or 0))
        view = httpx.get(
            f"{server}/api/tables/{table}/view",
            headers={"Authorization": f"Bearer {token}"},
            timeout=10,
        ).json()["view"]
        times["see CPython"].append(
            _ms(functools.partial(local_check.see, json.dumps(view)))
        )
        hand = page.eval_on_selector_all(
            "#hand button", "bs => bs.map(b => b.textContent)"
        )
        for count in (1, 3):
            for index in range(min(count, len(hand))):
                before = page.get_attribute("body", "data-checks")
                page.click(f"#hand button[data-index='{index}']")
                _changed(page, "checks", before)
            times["check page"].append(
                float(page.get_attribute("body", "data-check-ms") or 0)
            )
            cards = json.dumps(hand[: min(count, len(hand))])
            times["check CPython"].append(
                _ms(functools.partial(local_check.check, cards))
            )
            for index in range(min(count, len(hand))):  # unselect
                before = page.get_attribute("body", "data-checks")
                page.click(f"#hand button[data-index='{index}']")
                _changed(page, "checks", before)
        version = page.get_attribute("body", "data-version")
        page.click("#moves button >> nth=0")
        _changed(page, "version", version)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument(
        "--turns", type=int, default=30, help="the person's turns timed in each game"
    )
    args = parser.parse_args()
    chromium = shutil.which("chromium-headless-shell")
    if chromium is None or not (OFFLINE / "dist" / "client").is_dir():
        sys.exit("needs chromium-headless-shell and a built clients/offline/dist")
    site = ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Handler, directory=str(OFFLINE))
    )
    threading.Thread(target=site.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{site.server_port}"
    print(f"{'game':<16} {'what':<14} {'n':>4} {'median ms':>10} {'slowest ms':>11}")
    with (
        running(limits=Limits(origins=(origin,))) as server,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(
            executable_path=chromium, args=["--no-sandbox"]
        )
        page = browser.new_page()
        for variant in GAMES:
            for what, values in one_game(
                page, origin + "/", server, variant, args.turns
            ).items():
                if values:
                    print(
                        f"{variant:<16} {what:<14} {len(values):>4}"
                        f" {statistics.median(values):>10.1f} {max(values):>11.1f}"
                    )
        browser.close()
    site.shutdown()


if __name__ == "__main__":
    main()
