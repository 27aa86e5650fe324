"""The offline page (clients/offline): the library in Chromium under Pyodide, no game server.

A static file server on loopback serves the page's folder; the page loads
Pyodide and the three wheels from its own dist/ (``npm ci && npm run build``
in clients/offline, which .ci/run does first), then plays a whole game of
each game by clicking the listed moves, and shows a typed move's refusal
with its sentence and rule ID, and the same card's refusals when it is
checked as a selection before any move is sent. Without a built dist/ the tests skip, or
fail under ``RUMMYRULES_REQUIRE_BROWSER=1`` (CI).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

from browser.pages import LOAD_MS, TEXTS, Watch, shoot

if TYPE_CHECKING:
    from pathlib import Path

    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# Each game with the rules' defaults: a whole game as the rule book has it.
GAMES = ["EndOfThePage", "FourteenHundred", "GoingOutRummy", "GinRummy"]
RULE_ID = re.compile(r"^[A-Z0-9]+-\d+$")
LOGGED = re.compile(r"^(you|player [2-9]): \S")


def _ready(browser: Browser, watch: Watch, url: str) -> Page:
    page = watch.attach(browser.new_context().new_page(), "offline")
    page.goto(url + "index.html")
    page.wait_for_selector("body[data-ready='true']", state="attached", timeout=LOAD_MS)
    return page


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_by_clicking(
    browser: Browser, watch: Watch, offline_site: str, shots: Path, game: str
) -> None:
    """Seat 0 clicks the first listed move until the game is over; a typed wrong move is refused with its rule."""
    page = _ready(browser, watch, offline_site)
    page.select_option("#game", game)
    page.click("#start")
    refused = False
    for _ in range(2_000):
        if page.get_attribute("body", "data-state") == "over":
            break
        moves = page.eval_on_selector_all(
            "#moves button", "bs => bs.map(b => b.dataset.move)"
        )
        assert moves, "the game is not over, yet no move is listed"
        if not refused and "draw" in moves:
            # Discarding before drawing: every game's rules refuse it, naming the rule.
            card = page.text_content("#hand").split()[0]  # type: ignore[union-attr]  # the hand is on the page
            turns = page.get_attribute("body", "data-turns")
            page.fill("#move", f"discard {card}")
            page.click("#send")
            assert page.text_content("#reason"), "a refused move shows its sentence"
            assert RULE_ID.match(page.text_content("#rule") or ""), page.text_content(
                "#rule"
            )
            assert page.get_attribute("body", "data-turns") == turns, (
                "a refused move is not played"
            )
            # The same card checked as a selection: nothing is sent, and its
            # refused discard is listed with the same rule.
            page.fill("#cards", card)
            page.click("#check")
            checked = page.eval_on_selector_all("#checked li", TEXTS)
            assert f"refused: discard {card}: " in "\n".join(checked), checked
            assert any(
                line.endswith(f"({page.text_content('#rule')})") for line in checked
            )
            assert page.get_attribute("body", "data-turns") == turns
            refused = True
            # Seats in words from 1, as on the server's table: the bot is player 2.
            log = (page.text_content("#log") or "").splitlines()
            assert log
            assert all(LOGGED.match(line) for line in log), log
            if game == GAMES[0]:
                shoot(page, shots, "offline-checked")
        page.click("#moves button >> nth=0")
    else:
        pytest.fail(f"{game}: not over after 2,000 moves")
    assert refused, f"{game}: no turn began with a draw to refuse a discard before it"
    assert page.text_content("#over").startswith("Game over. Winners: player")  # type: ignore[union-attr]  # shown when over
    assert page.eval_on_selector_all("#moves button", "bs => bs.length") == 0
