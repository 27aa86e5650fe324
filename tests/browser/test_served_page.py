"""The server-backed page (clients/offline/served.html): a seat on a live server, its selections checked in the page.

The page comes from a static file server on loopback (the offline pages'
site); a ``rummyrules serve`` on another port, started here, allows that
origin (``Limits.origins``, ``--allow-origin``: CORS and the WebSocket).
The page joins a seat by its invitation link through the TypeScript client,
checks a selected card with the library under Pyodide (the refused
discard's sentence and rule shown, and no request sent: Playwright's
request log says so), answers as the server's ``/selection`` does for the
same cards, and then plays listed moves the server accepts: one the server
listed, one the check in the page listed for the selected card.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import pytest

from browser.pages import (
    DESKTOP,
    LOAD_MS,
    PHONE,
    STEP_MS,
    TEXTS,
    Watch,
    no_side_scroll,
    shoot,
)
from extras import need

if TYPE_CHECKING:
    from pathlib import Path

    from playwright.sync_api import Browser, Page, Request

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RULE_ID = re.compile(r"^[A-Z0-9]+-\d+$")
# Each game, two seats (a person and a greedy bot); 1400 is for 2 to 4.
GAMES = {
    "EndOfThePage": {},
    "FourteenHundred": {"players": 2},
    "GoingOutRummy": {},
    "GinRummy": {},
}


@pytest.fixture(scope="module")
def sites(offline_site: str) -> Iterator[tuple[str, str]]:
    """The offline pages' site, and a game server on loopback that allows its origin."""
    from rummyrules.server import Limits, running  # noqa: PLC0415 - the [server] extra

    with running(limits=Limits(origins=(offline_site.rstrip("/"),))) as url:
        yield offline_site, url


def invitation(server: str, variant: str, options: dict[str, Any]) -> str:
    """A new table's invitation link for seat 0 (a person; seat 1 is a greedy bot)."""
    httpx = need("httpx")  # of the [server] extra: without it the test skips, saying so
    made = httpx.post(
        server + "/api/tables",
        json={
            "variant": variant,
            "options": options,
            "seats": ["human", "greedy"],
            "seed": 7,
        },
        timeout=10,
    ).json()
    return f"{server}/?table={made['table']}&token={made['seats'][0]['token']}"


def server_selection(link: str, cards: list[str]) -> dict[str, Any]:
    """The server's own answer for the cards, in the page's shape (no version, seat, kinds)."""
    server, query = link.split("/?")
    table, token = (part.split("=", 1)[1] for part in query.split("&"))
    httpx = need("httpx")
    found: dict[str, Any] = httpx.post(
        f"{server}/api/tables/{table}/selection",
        json={"cards": cards},
        headers={"Authorization": f"Bearer {token}"},
        timeout=10,
    ).json()
    return {
        "cards": found["cards"],
        "moves": [{"text": move["text"]} for move in found["moves"]],
        "refusals": [
            {key: refused[key] for key in ("move", "error", "rule")}
            for refused in found["refusals"]
        ],
        "check": found["check"],
    }


def checked(page: Page, indices: list[int]) -> Any:
    """Select the hand's cards at ``indices`` (from none), and the page's own answer once checked."""
    for index in indices:
        before = int(page.get_attribute("body", "data-checks") or 0)
        page.click(f"#hand button[data-index='{index}']")
        page.wait_for_selector(f"body:not([data-checks='{before}'])", state="attached")
    return page.evaluate("window.localCheck")


def listed(page: Page) -> list[str]:
    """The moves the server listed, as the page shows them."""
    moves: list[str] = page.eval_on_selector_all(
        "#moves button", "bs => bs.map(b => b.dataset.move)"
    )
    return moves


def played(page: Page, selector: str) -> None:
    """Click a move's button and wait until the server's answer is shown."""
    version = page.get_attribute("body", "data-version")
    page.click(selector)
    page.wait_for_selector(
        f"body:not([data-version='{version}'])", state="attached", timeout=STEP_MS
    )


def play_a_checked_discard(page: Page, variant: str) -> None:
    """Select cards one by one until the check in the page lists a discard, then send it."""
    for index in range(len(page.eval_on_selector_all("#hand button", TEXTS))):
        checked(page, [index])
        plays = page.eval_on_selector_all(
            "#makes button", "bs => bs.map(b => b.dataset.play)"
        )
        if any(text.startswith("discard") for text in plays):
            break
        checked(page, [index])  # unselect it
    else:
        pytest.fail(f"{variant}: no card of the hand may be discarded after the draw")
    discard = next(text for text in plays if text.startswith("discard"))
    played(page, f"#makes button[data-play='{discard}']")
    assert f"player 1: {discard}" in (page.text_content("#log") or "")
    assert page.text_content("#reason") == ""


@pytest.mark.parametrize("variant", GAMES)
def test_a_selection_is_checked_in_the_page_then_a_listed_move_is_played(
    browser: Browser,
    watch: Watch,
    sites: tuple[str, str],
    shots: Path,
    variant: str,
) -> None:
    """Issue 42: a server-backed page checks a selection before sending it, with no round trip."""
    offline_site, game_server = sites
    link = invitation(game_server, variant, GAMES[variant])
    context = browser.new_context(viewport=DESKTOP)  # type: ignore[arg-type]  # a plain dict is what Playwright reads
    page = watch.attach(context.new_page(), "served")
    page.set_default_timeout(STEP_MS)
    page.goto(f"{offline_site}served.html?join={quote(link, safe='')}")
    page.wait_for_selector("body[data-ready='true']", state="attached", timeout=LOAD_MS)
    assert page.text_content("#who") == (
        "You are player 1 (seat 0 in the notation). Your turn."
    )
    # Until a turn begins with a draw (Gin's first upcard may be offered first).
    for _ in range(5):
        if "draw" in listed(page):
            break
        played(page, "#moves button >> nth=0")
    assert "draw" in listed(page), listed(page)

    sent: list[str] = []

    def log(request: Request) -> None:
        sent.append(f"{request.method} {request.url}")

    page.on("request", log)
    card = page.text_content("#hand button[data-index='0']") or ""
    found = checked(page, [0])
    refused = page.eval_on_selector_all("#refused li", TEXTS)
    assert any(line.startswith(f"Refused: discard {card}: ") for line in refused)
    rules = page.eval_on_selector_all("#refused code.rule", TEXTS)
    assert rules
    assert all(RULE_ID.match(rule) for rule in rules), rules
    assert page.eval_on_selector_all("#makes button", "bs => bs.length") == 0
    hand = page.eval_on_selector_all("#hand button", TEXTS)
    more = checked(page, [1, 2])  # three cards: a meld refused, or made
    assert sent == [], f"the check in the page sent requests: {sent}"
    assert found == server_selection(link, [card])
    assert more == server_selection(link, hand[:3])
    page.set_viewport_size(PHONE)  # type: ignore[arg-type]  # a plain dict is what Playwright reads
    no_side_scroll(page)
    page.set_viewport_size(DESKTOP)  # type: ignore[arg-type]  # as above
    shoot(page, shots, f"served-{variant}-checked")

    played(page, "#moves button[data-move='draw']")  # a move the server listed
    assert "POST" in " ".join(sent)
    assert page.text_content("#log").splitlines()[0] == "player 1: draw"  # type: ignore[union-attr]  # the log is on the page
    play_a_checked_discard(page, variant)
    # A link whose token holds no seat: the server's sentence, no script error.
    watch.expect("status of 403")
    page.fill("#link", link.replace("token=", "token=x"))
    page.click("#go")
    page.wait_for_selector("#reason:not(:empty)")
    assert page.text_content("#reason") == "that token holds no seat at this table"
