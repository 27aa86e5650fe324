"""Finished rounds on the page: each shown, in order, as a score card, the log in step with it.

A round can end before the player's next turn, and the next one too: a bot
goes out on its first turn, or a round cut short by ``max_turns`` ends after
one turn (ALL-5). Each finished round then waits on the table, in order,
until the player presses "Next round"; the log says nothing of the next
round while a round's end is on the table; and the round-end panel is a score
card whose numbers are the server's score sheet. Screenshots of the card at
1280 and 390 pixels wide go to ``RUMMYRULES_SCREENSHOTS``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from browser.pages import (
    DESKTOP,
    PHONE,
    TEXTS,
    Watch,
    await_turn,
    create_table,
    first_move,
    make,
    open_page,
    settle,
    shoot,
)
from extras import need

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

# 1400 for three, every round cut short after one turn (ALL-5): with seed 3
# the player's first move ends round 3 and the bots end rounds 4 and 5
# before the player's next turn (found by playing the server's tables with
# this file's policy, the first listed move).
SHORT = {"max_turns": "1"}
SHORT_SEED = 3
SHORT_ENDS = [3, 4, 5]
# With a target of 100 and seed 1, the player's third move ends round 3 and
# a bot ends round 4, the game's last, before the player's next turn.
LAST_TARGET = {"max_turns": "1", "target": "100"}
LAST_SEED = 1
# Two turns a round, seed 6: the player's second move ends round 1, and the
# bots take, meld and discard in round 2 before the player's turn.
TWO_TURNS = {"max_turns": "2"}
TWO_TURNS_SEED = 6

SERVER_ANSWER = """async () => {
  const query = new URLSearchParams(window.location.search);
  const answer = await fetch(`/api/tables/${query.get('table')}/view`,
    { headers: { Authorization: `Bearer ${query.get('token')}` } });
  return await answer.json();
}"""


def short_table(page: Page, *, poll: bool = False) -> None:
    """The 1400 table of ``SHORT``, the player's first move made: rounds 3 to 5 have ended.

    With ``poll`` the page takes its updates by long polling (``?poll=1``).
    """
    seats = ["human", "random", "random"]
    create_table(page, "FourteenHundred", seats, SHORT, SHORT_SEED)
    if poll:
        page.goto(page.url + "&poll=1")
        page.wait_for_selector("#connection:text('Polling')")
    await_turn(page)
    make(page, first_move(page))


def caught_up(page: Page) -> None:
    """Wait until the page has had every update of the table: its version is the server's.

    A person looks at a round's end for a while; by then the bots have
    played on, and the page has heard of everything they did.
    """
    for _ in range(100):
        answer: dict[str, Any] = page.evaluate(SERVER_ANSWER)
        if page.evaluate("document.body.dataset.version") == answer["version"]:
            return
        page.wait_for_timeout(100)
    pytest.fail("the page never caught up with the table")


def round_shown(page: Page) -> int:
    """The number of the round whose end is on the table, from the status line, once all is heard."""
    page.wait_for_selector("body[data-state='roundover']")
    caught_up(page)
    status = page.text_content("#status") or ""
    assert status.startswith("Round "), status
    return int(status.split()[1])


def log_lines(page: Page) -> list[str]:
    """The log's lines, in order."""
    lines: list[str] = page.eval_on_selector_all("#log li", TEXTS)
    return lines


def no_sideways_scroll(page: Page) -> None:
    """The page is no wider than the window."""
    wide = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert wide <= 0, f"{wide} px of horizontal scroll"


@pytest.mark.parametrize("updates", ["socket", "long-poll"])
def test_every_round_that_ends_before_your_turn_is_shown_in_order(
    browser: Browser, server: str, watch: Watch, updates: str
) -> None:
    page = open_page(browser, watch, server, name="rounds", viewport=DESKTOP)
    short_table(page, poll=updates == "long-poll")
    # A long poll brings the events a moment after the move's answer.
    page.wait_for_selector("body[data-state='roundover']")
    seen = []
    last_lines = []
    while settle(page) == "roundover":
        seen.append(round_shown(page))
        last_lines.append(log_lines(page)[-1])
        page.click("#continue")
    assert seen == SHORT_ENDS
    # The log had got as far as each round's end, and no further.
    for number, line in zip(seen, last_lines, strict=True):
        assert line.startswith(f"Round {number} is over"), line


def test_a_round_that_ends_just_before_the_games_end_is_shown_before_the_game_over(
    browser: Browser, server: str, watch: Watch
) -> None:
    page = open_page(browser, watch, server, name="last", viewport=DESKTOP)
    seats = ["human", "random", "random"]
    create_table(page, "FourteenHundred", seats, LAST_TARGET, LAST_SEED)
    seen = []
    for _ in range(10):
        page.wait_for_function("() => document.body.dataset.state !== 'waiting'")
        state = settle(page)
        if state == "over":
            break
        if state == "roundover":
            seen.append(round_shown(page))
            page.click("#continue")
            continue
        make(page, first_move(page))
    assert seen[-1:] == [3], seen
    # The last round's result stays on the table, with the game over.
    page.wait_for_selector("#gameover:not([hidden])")
    assert "Round 4" in (page.text_content("#round-result") or "")
    assert page.get_attribute("#log li:last-child", "data-kind") == "game_ended"


def test_the_log_holds_the_next_rounds_events_until_next_round(
    browser: Browser, server: str, watch: Watch
) -> None:
    page = open_page(browser, watch, server, name="log", viewport=DESKTOP)
    seats = ["human", "random", "random"]
    create_table(page, "FourteenHundred", seats, TWO_TURNS, TWO_TURNS_SEED)
    for _ in range(3):
        page.wait_for_function("() => document.body.dataset.state !== 'waiting'")
        if settle(page) == "roundover":
            break
        make(page, first_move(page))
    assert round_shown(page) == 1
    lines = log_lines(page)
    # The log ends with the round on the table: nothing of round 2 yet.
    assert lines[-1].startswith("Round 1 is over"), lines[-3:]
    assert not any("round 2" in line for line in lines), lines[-3:]
    page.click("#continue")
    assert settle(page) in {"yourturn", "offer"}
    after = log_lines(page)
    assert after[: len(lines)] == lines
    told = after[len(lines) :]
    assert told[0].endswith("dealt round 2."), told
    assert any("discarded" in line for line in told), told
    # Every event once and in order: the log a fresh page builds from the
    # whole stream is the same.
    page.reload()
    page.wait_for_function(
        "count => document.querySelectorAll('#log li').length >= count",
        arg=len(after),
    )
    settle(page)
    assert log_lines(page) == after


def column_sums(rows: list[list[int]], players: int) -> list[int]:
    """Each seat's sum over ``rows``."""
    return [sum(row[seat] for row in rows) for seat in range(players)]


def test_the_score_card_gives_the_servers_points_and_totals_at_both_widths(
    browser: Browser, server: str, watch: Watch, shots: Path
) -> None:
    page = open_page(browser, watch, server, name="card", viewport=DESKTOP)
    short_table(page)
    view: dict[str, Any] = page.evaluate(SERVER_ANSWER)["view"]
    sheet: list[list[int]] = view["data"]["score_sheet"]
    for number in SHORT_ENDS:
        assert round_shown(page) == number
        card = "#round-end table.score-card"
        assert page.get_attribute(card, "data-round") == str(number)
        rows = page.locator(f"{card} tbody tr[data-seat]")
        assert rows.count() == 3
        nets = page.eval_on_selector_all(
            f"{card} td.net", "cells => cells.map(c => Number(c.dataset.value))"
        )
        totals = page.eval_on_selector_all(
            f"{card} td.total", "cells => cells.map(c => Number(c.dataset.value))"
        )
        assert nets == sheet[number - 1]
        assert totals == column_sums(sheet[:number], 3)
        # The score sheet so far, this round last.
        past = page.locator("#round-end table.score-sheet tbody tr")
        assert past.count() == number
        assert "now" in (past.nth(number - 1).get_attribute("class") or "")
        # Who ended the round, and by which rule.
        assert "(F14-" in (page.text_content("#round-end .caption") or "")
        if number == SHORT_ENDS[0]:
            shoot(page, shots, "round-end-card")
            page.set_viewport_size(PHONE)  # type: ignore[arg-type]  # a plain dict is what Playwright reads
            no_sideways_scroll(page)
            page.set_viewport_size(DESKTOP)  # type: ignore[arg-type]  # as above
        elif number == SHORT_ENDS[1]:
            # A round that came and went before the player's turn.
            shoot(page, shots, "round-end-card-next")
        page.click("#continue")


@pytest.mark.slow  # a server process killed and started again
def test_a_reconnection_while_a_round_is_shown_keeps_the_rounds_and_the_log_in_order(
    browser: Browser, tmp_path: Path, watch: Watch
) -> None:
    httpx = need("httpx")  # of the [server] extra: without it the test skips, saying so
    # Imported here: it needs httpx, which the line above has checked.
    from server.processes import Served  # noqa: PLC0415

    served = Served(f"sqlite:///{tmp_path / 'tables.sqlite3'}", tmp_path / "log")
    served.start()
    try:
        created = httpx.post(
            served.url + "/api/tables",
            json={
                "variant": "FourteenHundred",
                "seats": ["human", "random", "random"],
                "options": {"players": 3, **SHORT},
                "seed": SHORT_SEED,
            },
            timeout=10,
        ).json()
        token = created["seats"][0]["token"]
        address = f"{served.url}/?table={created['table']}&token={token}"
        page = open_page(browser, watch, address, name="back", viewport=PHONE)
        page.wait_for_selector("#connection:text('Live')")
        await_turn(page)
        make(page, first_move(page))
        assert round_shown(page) == SHORT_ENDS[0]
        told = log_lines(page)
        # While the server is down the page's tries to reconnect are refused,
        # and Chromium logs each one: how many depends on how long a restart
        # takes on a loaded machine.
        watch.expect("ERR_CONNECTION_REFUSED")
        served.kill()
        page.wait_for_selector("#connection:text('Reconnecting')")
        served.start()
        page.wait_for_selector("#connection:text('Live')", timeout=30_000)
        settle(page)
        # The socket's first update brings every event again: the log is the
        # same, still held at the end of the round on the table.
        assert log_lines(page) == told
        seen = []
        while settle(page) == "roundover":
            seen.append(round_shown(page))
            assert log_lines(page)[-1].startswith(f"Round {seen[-1]} is over")
            page.click("#continue")
        assert seen == SHORT_ENDS
        after = log_lines(page)
        assert after[: len(told)] == told
        assert len(after) > len(told)
    finally:
        served.stop()
