"""A whole game of each of the four games, played through the page against bots.

Each game shows one thing a player meets (RULES.md IDs in the test names):
a selection the rules refuse, with its sentence and rule ID on the page
(End of the Page, asked of the server's selection endpoint); a finished
round kept on the table until "Next round"; a claim out of turn (1400,
F14-12); a drop asked about first, once cancelled and once confirmed
(Going Out Rummy, GOR-10); a knock with the deadwood shown (Gin Rummy,
GIN-5). Screenshots at 1280 and 390 pixels wide of the start, a refusal
and a round's end go to ``RUMMYRULES_SCREENSHOTS`` (default
build/screenshots, not committed).
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from browser.pages import (
    DESKTOP,
    PHONE,
    TEXTS,
    Watch,
    cards_and_place,
    create_table,
    first_move,
    listed_moves,
    make,
    open_page,
    select,
    settle,
    shoot,
    unselect_all,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CLAIM_SEED = 20
GIN_KNOCK_SEED = 8  # with the policy of test_gin_5, player 0 knocks within 20 moves
LIMIT = 200
RULE = re.compile(r"\(([A-Z0-9]+-[A-Z0-9]+)\)")
WILD_MARKED = """wild => [...document.querySelectorAll('.card[data-card]')]
  .filter(card => card.dataset.card.split('=')[0] === '*'
    || card.dataset.card.split('=')[0].slice(0, -1) === wild)
  .map(card => [card.dataset.card, card.classList.contains('wild'),
                card.getAttribute('aria-label')])"""


def next_moment(page: Page) -> str:
    """Wait until the page's seat has something to do (a round's end included)."""
    page.wait_for_function("() => document.body.dataset.state !== 'waiting'")
    return settle(page)


def wild_cards_are_marked(page: Page) -> int:
    """Every card of the round's wild rank (and every WILDCARD) on the page is marked wild; how many."""
    wild = page.get_attribute("#wild", "data-rank") or "*"
    seen: list[list[object]] = page.evaluate(WILD_MARKED, wild)
    for card, marked, label in seen:
        assert marked, card
        assert "wild" in str(label), (card, label)
    return len(seen)


def refuse_a_selection(page: Page) -> str:
    """Select two cards of the hand that make no listed move; the rule ID the page shows for it."""
    hand: list[str] = page.eval_on_selector_all(
        "#hand button[data-card]", "bs => bs.map(b => b.dataset.card)"
    )
    used = [sorted(cards_and_place(move)[1]) for move in listed_moves(page)]
    pair = next(
        sorted(pair)
        for pair in itertools.combinations(hand, 2)
        if sorted(pair) not in used and pair[0] != pair[1]
    )
    select(page, pair)
    page.wait_for_selector("#why li[data-rule]")
    shown = page.locator("#why li[data-rule]").first
    rule = shown.get_attribute("data-rule") or ""
    assert f"({rule})" in (shown.text_content() or ""), shown.text_content()
    assert page.locator("#actions [data-move^='meld']").count() == 0
    return rule


def test_eop_a_whole_game_with_a_refused_selection_and_each_round_kept_until_next_round(
    browser: Browser, server: str, watch: Watch, shots: Path
) -> None:
    page = open_page(browser, watch, server, name="eop", viewport=DESKTOP)
    options = {"rounds": "2", "max_turns": "20"}
    create_table(page, "EndOfThePage", ["human", "greedy"], options, 0)
    shoot(page, shots, "eop-start")
    assert page.locator("#hand button.card svg").count() > 0
    assert page.locator("#seats-top li.seat .card.back").count() > 0
    refused = ""
    ends = 0
    declarations = 0
    for _ in range(LIMIT):
        state = next_moment(page)
        if state == "over":
            break
        wild_cards_are_marked(page)
        if state == "roundover":
            ends += 1
            # The finished round: its melds still on the table, numbered in
            # the order laid, and its counted hands with the running totals.
            numbers = page.eval_on_selector_all(
                "#melds li.meld", "ms => ms.map(m => Number(m.dataset.meld))"
            )
            assert numbers == list(range(1, len(numbers) + 1)), numbers
            assert numbers, "the round's melds left the table"
            # Every place that gives a total gives the same one, this round
            # counted: the score card's running totals and the list of players.
            running = page.eval_on_selector_all(
                "#round-end table.score-card td.total",
                "cells => cells.map(cell => cell.dataset.value)",
            )
            assert running, "the score card gives no totals"
            listed = page.eval_on_selector_all("#seat-list li .muted", TEXTS)
            for total, note in zip(running, listed, strict=True):
                assert f"score {total}" in note, (running, listed)
            # A wild declared in a meld says what it stands for (MELD-5).
            declared = page.eval_on_selector_all(
                "#melds .card[data-card*='=']",
                "cs => cs.map(c => c.getAttribute('aria-label'))",
            )
            assert all(", wild, as " in str(label) for label in declared), declared
            declarations += len(declared)
            assert "EOP-" in (page.text_content("#status") or "")
            if ends == 1:
                shoot(page, shots, "eop-round-end")
            page.click("#continue")
            continue
        if not refused and page.evaluate("document.body.dataset.phase") == "play":
            refused = refuse_a_selection(page)
            shoot(page, shots, "eop-refusal")
            unselect_all(page)
            page.wait_for_selector("#why", state="hidden")
        make(page, first_move(page))
    else:
        pytest.fail("the game did not end")
    assert refused, "no turn to play in"
    assert ends == 1, "the first of two rounds ended without being shown"
    assert declarations, "no declared wild on the table at the round's end"
    page.wait_for_selector("#gameover:not([hidden])")
    shoot(page, shots, "eop-over")


def test_f14_12_a_whole_game_of_1400_with_a_claim_made_from_the_page(
    browser: Browser, server: str, watch: Watch, shots: Path
) -> None:
    page = open_page(browser, watch, server, name="1400", viewport=DESKTOP)
    seats = ["human", "random", "random"]
    create_table(page, "FourteenHundred", seats, {"target": "100"}, CLAIM_SEED)
    shoot(page, shots, "1400-start")
    claimed: list[str] = []
    for _ in range(LIMIT):
        state = next_moment(page)
        if state == "over":
            break
        if state == "roundover":
            page.click("#continue")
            continue
        claims = [m for m in listed_moves(page) if " claim " in f" {m}"]
        if state == "offer" and claims and not claimed:
            button = page.locator(f"#actions [data-move='{claims[0]}']")
            label = button.text_content() or ""
            # In words: the card's sign, a declared wild where it stands
            # ("[5 \u2190 K\u2663\u2605]"), the meld.
            assert re.fullmatch(r"Claim (\S+|\[\S+ \u2190 \S+\]) on meld \d+", label), (
                label
            )
            assert "=" not in label, label
            if not claimed:
                shoot(page, shots, "1400-claim")
            make(page, claims[0])
            claimed.append(claims[0])
            continue
        make(page, first_move(page))
    else:
        pytest.fail("the game did not end")
    assert claimed, "no claim was offered in the whole game"
    logged = page.locator("#log li[data-kind='claim']").all_inner_texts()
    assert any(line.startswith("You claimed") for line in logged), logged
    page.wait_for_selector("#gameover:not([hidden])")
    shoot(page, shots, "1400-over")


def test_gor_10_a_whole_game_ended_by_a_drop_cancelled_once_then_confirmed(
    browser: Browser, server: str, watch: Watch, shots: Path
) -> None:
    page = open_page(browser, watch, server, name="gor", viewport=PHONE)
    create_table(page, "GoingOutRummy", ["human", "greedy"], {"wildcards": "3"}, 1)
    shoot(page, shots, "gor-start")
    # Leaving the table mid-game asks first; Cancel stays.
    url = page.url
    page.click("header a[data-leave]")
    page.wait_for_selector("#confirm[open]")
    page.click("#confirm-cancel")
    page.wait_for_selector("#confirm[open]", state="detached")
    assert page.url == url
    for _ in range(6):
        assert next_moment(page) == "yourturn"
        wild_cards_are_marked(page)
        make(page, first_move(page))
    assert next_moment(page) == "yourturn"
    before = page.evaluate("document.body.dataset.version")
    page.click("#actions button.kind-drop")
    page.wait_for_selector("#confirm[open]")
    page.click("#confirm-cancel")
    page.wait_for_selector("#confirm[open]", state="detached")
    # Cancelled: the game goes on at the same version, still this seat's turn.
    assert page.evaluate("document.body.dataset.version") == before
    assert settle(page) == "yourturn"
    page.click("#actions button.kind-drop")
    page.wait_for_selector("#confirm[open]")
    shoot(page, shots, "gor-drop-asked")
    page.click("#confirm-ok")
    page.wait_for_function("b => document.body.dataset.version !== b", arg=before)
    assert settle(page) == "over"
    assert page.text_content("#winners") == "Winner: player 2 (greedy bot)."
    caption = page.text_content("#round-result p.caption") or ""
    assert "went out" not in caption, caption
    assert page.locator("#log li[data-kind='drop']").count() == 1
    shoot(page, shots, "gor-over")


def gin_choice(page: Page) -> str:
    """Knock when the page offers it; else discard the card that leaves the least deadwood."""
    # Imported here: the library's deadwood only picks the test's moves.
    from rummyrules.games.gin_rummy.deadwood import deadwood_after_discard  # noqa: PLC0415

    moves = listed_moves(page)
    if "knock" in moves:
        return "knock"
    hand = " ".join(
        page.eval_on_selector_all(
            "#hand button[data-card]", "bs => bs.map(b => b.dataset.card)"
        )
    )
    discards = [move for move in moves if move.startswith("discard ")]
    if discards and page.evaluate("document.body.dataset.phase") in {"play", "knock"}:
        return min(
            discards, key=lambda move: deadwood_after_discard(hand, move.split()[1])
        )
    return "draw" if "draw" in moves else moves[0]


def test_gin_5_a_whole_hand_with_a_knock_and_the_deadwood_shown(
    browser: Browser, server: str, watch: Watch, shots: Path
) -> None:
    page = open_page(browser, watch, server, name="gin", viewport=DESKTOP)
    create_table(page, "GinRummy", ["human", "greedy"], {}, GIN_KNOCK_SEED)
    shoot(page, shots, "gin-start")
    knocked = False
    for _ in range(LIMIT):
        state = next_moment(page)
        if state == "over":
            break
        # The seat's own deadwood is on the table all the time, with the knock card.
        deadwood = int(page.get_attribute("#deadwood", "data-deadwood") or "-1")
        assert deadwood >= 0
        assert "knock at 10 or less" in (page.text_content("#deadwood") or "")
        if page.evaluate("document.body.dataset.phase") == "play":
            status = page.text_content("#status") or ""
            assert "discard a card" in status, status
            assert "meld" not in status, status
        move = gin_choice(page)
        if move == "knock":
            assert deadwood <= 10
            assert "knock" in (page.text_content("#status") or "")
            shoot(page, shots, "gin-knock")
            knocked = True
        make(page, move)
    else:
        pytest.fail("the hand did not end")
    assert knocked, "player 0 never knocked"
    page.wait_for_selector("#gameover:not([hidden])")
    shown = page.eval_on_selector_all(
        "#round-result .shown li .deadwood",
        "ds => ds.map(d => Number(d.dataset.deadwood))",
    )
    assert len(shown) == 2, shown
    assert shown[0] <= 10, shown
    assert "knocked" in (page.text_content("#round-result p.caption") or "")
    shoot(page, shots, "gin-over")
