"""The player's hand in headless Chromium: sorted, moved by keys and by dragging, a deep take's button, the favicon.

The hand's order is the page's own: sorting it (by suit, by rank, the
choice remembered by the browser) or moving a card leaves the selection on
the same cards, since a selection names cards of the server's hand, not
places on the screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from browser.pages import (
    DESKTOP,
    PHONE,
    Watch,
    await_turn,
    create_table,
    first_move,
    listed_moves,
    make,
    open_page,
    settle,
    shoot,
)

if TYPE_CHECKING:
    from pathlib import Path

    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

CARDS = "#hand button.card"
SHOWN = "nodes => nodes.map(node => node.dataset.card)"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["S", "H", "C", "D"]


def shown(page: Page) -> list[str]:
    """The hand's cards in the order the page shows them, left to right."""
    cards: list[str] = page.eval_on_selector_all(CARDS, SHOWN)
    return cards


def selected(page: Page) -> list[str]:
    """The cards the page shows selected."""
    cards: list[str] = page.eval_on_selector_all(f"{CARDS}[aria-pressed='true']", SHOWN)
    return cards


def by_suit(card: str) -> tuple[int, int]:
    return SUITS.index(card[-1]), RANKS.index(card[:-1])


def by_rank(card: str) -> tuple[int, int]:
    return RANKS.index(card[:-1]), SUITS.index(card[-1])


def gin_table(browser: Browser, watch: Watch, server: str, name: str) -> Page:
    page = open_page(browser, watch, server, name=name, viewport=DESKTOP)
    create_table(page, "GinRummy", ["human", "greedy"], {}, 3)
    assert await_turn(page) == "yourturn"
    return page


def test_the_hand_sorts_by_suit_and_by_rank_keeping_the_selection_and_remembers_the_sort(
    browser: Browser, server: str, watch: Watch
) -> None:
    page = gin_table(browser, watch, server, "sort")
    assert page.locator("#sort-suit").count() == 1, "no button sorts the hand"
    dealt = shown(page)
    page.click(f"{CARDS}[data-index='4']")
    chosen = selected(page)
    assert len(chosen) == 1
    page.click("#sort-suit")
    assert shown(page) == sorted(dealt, key=by_suit)
    assert page.get_attribute("#sort-suit", "aria-pressed") == "true"
    assert selected(page) == chosen, "sorting moved the selection to another card"
    page.click("#sort-rank")
    assert shown(page) == sorted(dealt, key=by_rank)
    assert selected(page) == chosen
    # The sort is the browser's choice for this site: a page opened again keeps it.
    page.reload()
    settle(page)
    assert page.get_attribute("#sort-rank", "aria-pressed") == "true"
    assert shown(page) == sorted(dealt, key=by_rank)


def test_a_card_moves_in_the_hand_by_keys_and_by_dragging_keeping_the_selection(
    browser: Browser, server: str, watch: Watch
) -> None:
    page = gin_table(browser, watch, server, "reorder")
    dealt = shown(page)
    first = f"{CARDS}[data-card='{dealt[0]}']"
    page.click(first)
    assert selected(page) == [dealt[0]]
    # Alt+Right moves the focused card one place right; the focus stays on it.
    page.focus(first)
    page.keyboard.press("Alt+ArrowRight")
    assert shown(page) == [dealt[1], dealt[0], *dealt[2:]]
    assert page.evaluate("document.activeElement.dataset.card") == dealt[0]
    assert page.get_attribute(first, "aria-keyshortcuts") is not None
    assert "Alt+" in (page.text_content("#hand-hint") or "")
    page.keyboard.press("Alt+ArrowLeft")
    assert shown(page) == dealt
    assert selected(page) == [dealt[0]]
    # Dragged onto the last card's place, the first card goes last, still selected.
    page.wait_for_function("() => document.getAnimations().length === 0")
    start = page.locator(first).bounding_box()
    end = page.locator(f"{CARDS}[data-card='{dealt[-1]}']").bounding_box()
    assert start is not None
    assert end is not None
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    for step in range(1, 9):
        x = start["x"] + (end["x"] - start["x"]) * step / 8
        page.mouse.move(x + start["width"] / 2, end["y"] + end["height"] / 2)
    page.mouse.up()
    assert shown(page) == [*dealt[1:], dealt[0]]
    assert selected(page) == [dealt[0]], "the drag selected or dropped a card"
    # The order is the player's own now: neither sort is lit.
    assert page.get_attribute("#sort-suit", "aria-pressed") == "false"
    assert page.get_attribute("#sort-rank", "aria-pressed") == "false"


def test_f14_8_a_deep_takes_button_says_which_cards_come_with_it(
    browser: Browser, server: str, watch: Watch, shots: Path
) -> None:
    # 1400 seed 0 against the greedy bot, the first move listed each turn:
    # at the tenth turn, K♦ lies under two cards of the pile (found with
    # the library's own bots, as the server plays them).
    page = open_page(browser, watch, server, name="deep take", viewport=PHONE)
    create_table(page, "FourteenHundred", ["human", "greedy"], {}, 0)
    for _ in range(40):
        await_turn(page)
        deep = [move for move in listed_moves(page) if move == "take KD"]
        if deep:
            break
        make(page, first_move(page))
    else:
        pytest.fail("no deep take of K♦ came up")
    pile = page.eval_on_selector_all("#pile .card[data-card]", SHOWN)
    # The pile is drawn bottom first: the cards after K♦ lie above it.
    above = pile[pile.index("KD") + 1 :]
    assert above, pile
    label = page.text_content("#actions [data-move='take KD']") or ""
    signs = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
    words = [f"{card[:-1]}{signs[card[-1]]}" for card in above]
    assert label.startswith("Take K\u2666 and the "), label
    assert label.endswith("above it"), label
    assert all(word in label for word in words), (label, words)
    shoot(page, shots, "deep-take-f14")


def test_the_page_has_a_favicon_the_server_serves(
    browser: Browser, server: str, watch: Watch
) -> None:
    page = open_page(browser, watch, server, name="favicon", viewport=PHONE)
    assert page.locator("link[rel='icon']").count() == 1, "no favicon is linked"
    href = page.get_attribute("link[rel='icon']", "href")
    assert href == "/static/favicon.svg"
    answer = page.request.get(server + href)
    assert answer.status == 200
    assert answer.headers["content-type"].startswith("image/svg+xml")
    assert b"<svg" in answer.body()
