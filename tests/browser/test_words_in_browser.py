"""What the table says, read from the page: melds as the runs and sets they make, one line an event, seats from 1.

A wild card in a meld shows the card it stands for and itself, starred
("4♠ [5♠ ← 9♦★] 6♠"), on its move's button and in the log alike, and a
screen reader hears it as "9♦ as 5♠". Each event of the log is one line in
the player's words and suit signs: going out is said once, with its melds,
and "you" takes its own verb. Seats are numbered from 1 wherever a person
reads them; the API and the notation count from 0.

The positions come from seeds, with the greedy bot in the other seats and
this seat playing the first move it is offered: End of the Page seed 0 offers
this seat the run 4♠ 9♦ 6♠ after its first draw; in Going Out Rummy seed 4
the bot goes out on its seventh turn; in Gin Rummy seed 3 the bot knocks and
this seat lays off and is done.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

from browser.pages import (
    DESKTOP,
    PHONE,
    TEXTS,
    Watch,
    await_turn,
    create_table,
    make,
    no_side_scroll,
    open_page,
    play_to_the_end,
    select,
    settle,
    shoot,
)

if TYPE_CHECKING:
    from pathlib import Path

    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

# A card in notation ("4H", "10S", "KD=5"): what no line of the log should show.
RAW_CARD = re.compile(r"\b(?:10|[2-9AJQK])[SHDC]\b")
LABELS = "elements => elements.map(element => element.getAttribute('aria-label'))"


def log_lines(page: Page) -> list[str]:
    """The log's lines as the page shows them."""
    lines: list[str] = page.eval_on_selector_all("#log li", TEXTS)
    return lines


def test_a_meld_with_a_wild_reads_as_its_run_on_its_button_and_in_the_log(
    browser: Browser, server: str, watch: Watch, shots: Path
) -> None:
    page = open_page(browser, watch, server, name="wild meld", viewport=DESKTOP)
    create_table(page, "EndOfThePage", ["human", "greedy"], {}, 0)
    assert await_turn(page) == "yourturn"
    make(page, "draw")
    select(page, ["4S", "9D", "6S"])
    button = page.locator("#actions [data-move='meld 4S 9D=5S 6S']")
    assert (
        button.text_content() == "Meld 4\u2660 [5\u2660 \u2190 9\u2666\u2605] 6\u2660"
    )
    assert (
        button.get_attribute("aria-label")
        == "Meld 4\u2660, 9\u2666 as 5\u2660, 6\u2660"
    )
    shoot(page, shots, "words-wild-meld-button")
    button.click()
    page.wait_for_selector("#log li[data-kind='meld']")
    line = page.locator("#log li[data-kind='meld']").last
    assert line.text_content() == (
        "You laid meld 1: 4\u2660 [5\u2660 \u2190 9\u2666\u2605] 6\u2660."
    )
    assert line.get_attribute("aria-label") == (
        "You laid meld 1: 4\u2660, 9\u2666 as 5\u2660, 6\u2660."
    )
    shoot(page, shots, "words-wild-meld-log")


def test_gor_7_going_out_is_one_line_in_suit_signs(
    browser: Browser, server: str, watch: Watch, shots: Path
) -> None:
    page = open_page(browser, watch, server, name="gor out", viewport=PHONE)
    create_table(page, "GoingOutRummy", ["human", "greedy"], {}, 4)
    play_to_the_end(page, limit=30)
    lines = log_lines(page)
    out = [line for line in lines if "went out" in line]
    assert out == [
        "Player 2 (greedy bot) went out: melded 4\u2665 4\u2666 4\u2663 and"
        " Q\u2665 Q\u2665 Q\u2666 Q\u2666, discarded 3\u2666."
    ], lines
    raw = [line for line in lines if RAW_CARD.search(line)]
    assert raw == [], raw
    # The long line wraps: nothing runs off a phone's screen.
    no_side_scroll(page)
    shoot(page, shots, "words-gor-out")


def test_gin_the_seat_done_laying_off_reads_you_are_done(
    browser: Browser, server: str, watch: Watch
) -> None:
    page = open_page(browser, watch, server, name="gin done", viewport=DESKTOP)
    create_table(page, "GinRummy", ["human", "greedy"], {}, 3)
    play_to_the_end(page, limit=30)
    lines = log_lines(page)
    assert "You are done." in lines, lines
    assert "Player 2 (greedy bot) knocked." in lines, lines
    wrong = [line for line in lines if "You is" in line or "(player" in line]
    assert wrong == [], wrong
    raw = [line for line in lines if RAW_CARD.search(line)]
    assert raw == [], raw


def test_seats_are_numbered_from_1_in_the_players_scores_log_and_invites(
    browser: Browser, server: str, watch: Watch, shots: Path
) -> None:
    page = open_page(browser, watch, server, name="seats", viewport=DESKTOP)
    create_table(page, "FourteenHundred", ["human", "greedy", "greedy"], {}, 11)
    assert await_turn(page) == "yourturn"
    names = page.eval_on_selector_all("#seat-list li strong", TEXTS)
    assert names == ["You", "Player 2 (greedy bot)", "Player 3 (greedy bot)"]
    heads = page.eval_on_selector_all("#scores th[scope='col']", TEXTS)
    assert heads == ["Round", "You", "Player 2", "Player 3"]
    lines = log_lines(page)
    assert any(line.startswith("Player 3 (greedy bot) ") for line in lines), lines
    text = page.inner_text("body")
    assert not re.search(r"[Pp]layer 0", text), text
    shoot(page, shots, "words-seats")
    # A second person's invitation names their seat as they count it.
    other = open_page(browser, watch, server, name="invite", viewport=PHONE)
    create_table(other, "GinRummy", ["human", "human"], {}, 1)
    settle(other)
    invites = other.eval_on_selector_all("#invite-list li", TEXTS)
    assert len(invites) == 1, invites
    assert invites[0].startswith("Player 2: "), invites


WORDS = """async texts => {
  const model = await import('/static/model.js');
  return texts.map(text => {
    const move = model.parseMove(text);
    return [model.moveWords(move), model.moveWords(move, null, { spoken: true })];
  });
}"""


def test_a_card_written_as_itself_keeps_its_name_and_a_laid_off_wild_says_where_it_stands(
    browser: Browser, server: str, watch: Watch
) -> None:
    page = open_page(browser, watch, server, name="move words", viewport=PHONE)
    page.wait_for_selector("body[data-ready='true']")
    texts = ["meld JD=JD QD KD", "lay 7C=8H on 2", "meld 4H 3S=5H 3H=6H 7H"]
    assert page.evaluate(WORDS, texts) == [
        ["Meld J\u2666 Q\u2666 K\u2666", "Meld J\u2666, Q\u2666, K\u2666"],
        [
            "Lay off [8\u2665 \u2190 7\u2663\u2605] on meld 2",
            "Lay off 7\u2663 as 8\u2665 on meld 2",
        ],
        [
            "Meld 4\u2665 [5\u2665 \u2190 3\u2660\u2605] [6\u2665 \u2190 3\u2665\u2605] 7\u2665",
            "Meld 4\u2665, 3\u2660 as 5\u2665, 3\u2665 as 6\u2665, 7\u2665",
        ],
    ]
