"""The card table's look and feel in headless Chromium: faces, backs, the keyboard, motion, leaving.

The faces are inline SVG that the page draws from each card's text
(``cards.js``); these tests check what a player relies on: every card has a
face and a name, the other seats' hands are backs as many as their cards,
cards are buttons the keyboard selects, the card just drawn moves unless
the player asked for reduced motion, and leaving a game that is not over
asks first.
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
    make,
    no_side_scroll,
    open_page,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

ANIMATION = (
    "selector => getComputedStyle(document.querySelector(selector)).animationName"
)


def test_every_card_has_a_drawn_face_and_the_other_hand_is_backs_at_phone_width(
    browser: Browser, server: str, watch: Watch
) -> None:
    page = open_page(browser, watch, server, name="faces", viewport=PHONE)
    create_table(page, "GinRummy", ["human", "greedy"], {}, 3)
    await_turn(page)
    faces = page.locator("#hand button.card")
    assert faces.count() == 10
    assert page.locator("#hand button.card svg.face").count() == 10
    # The other seat: a back a card (at most eight drawn), and the count in words.
    other = page.locator("#felt li.seat[data-seat='1']")
    assert "10 cards" in (other.text_content() or "")
    assert other.locator(".card.back").count() == 8
    # The stock is a back with its count; the pile's top card has its name.
    assert page.get_attribute("#stock", "aria-label") == "Stock: 31 cards"
    assert page.locator("#pile .card.top[aria-label]").count() == 1
    # Nothing runs off a phone's screen, cards included.
    no_side_scroll(page)


def test_cards_are_buttons_the_keyboard_selects(
    browser: Browser, server: str, watch: Watch
) -> None:
    page = open_page(browser, watch, server, name="keys", viewport=DESKTOP)
    create_table(page, "GinRummy", ["human", "greedy"], {}, 3)
    await_turn(page)
    first = "#hand button.card[data-index='0']"
    page.focus(first)
    page.keyboard.press("Space")
    assert page.get_attribute(first, "aria-pressed") == "true"
    # The focus stays on the card, with its ring, to go on with the keyboard.
    assert page.evaluate("document.activeElement.dataset.index") == "0"
    outline = page.evaluate(
        "() => getComputedStyle(document.activeElement).outlineStyle"
    )
    assert outline == "solid"
    page.keyboard.press("Enter")
    assert page.get_attribute(first, "aria-pressed") == "false"


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_card_drawn_slides_into_the_hand_unless_motion_is_reduced(
    browser: Browser, server: str, watch: Watch, motion: str
) -> None:
    context = browser.new_context(viewport=DESKTOP, reduced_motion=motion)  # type: ignore[arg-type]  # a plain dict is what Playwright reads
    page = watch.attach(context.new_page(), f"motion {motion}")
    page.goto(server)
    create_table(page, "EndOfThePage", ["human", "greedy"], {}, 0)
    assert await_turn(page) == "yourturn"
    make(page, "draw")
    arrived = "#hand .card.arrived"
    page.wait_for_selector(arrived)
    expected = "none" if motion == "reduce" else "slide-in"
    assert page.evaluate(ANIMATION, arrived) == expected


def test_leaving_a_game_that_is_not_over_asks_first(
    browser: Browser, server: str, watch: Watch
) -> None:
    page = open_page(browser, watch, server, name="leave", viewport=PHONE)
    create_table(page, "GoingOutRummy", ["human", "greedy"], {}, 1)
    await_turn(page)
    page.click("header a[data-leave]")
    page.wait_for_selector("#confirm[open]")
    # Cancel is the safe answer, so it has the focus.
    assert page.evaluate("document.activeElement.id") == "confirm-cancel"
    page.click("#confirm-ok")
    page.wait_for_selector("#lobby:not([hidden])")
    assert page.evaluate("document.body.dataset.state") == "lobby"


WORDS = """async texts => {
  const model = await import('/static/model.js');
  return texts.map(text => model.moveWords(model.parseMove(text)));
}"""
NAMES = """async ([texts, wild]) => {
  const cards = await import('/static/cards.js');
  return texts.map(text => cards.cardWords(text, wild));
}"""


def test_moves_and_declared_wilds_read_in_words_not_notation(
    browser: Browser, server: str, watch: Watch
) -> None:
    page = open_page(browser, watch, server, name="words", viewport=DESKTOP)
    page.wait_for_selector("body[data-ready='true']")
    texts = [
        "0: claim KC=5 on 1",
        "0: claim 7H on 2",
        "meld 7S KD=8S 9S",
        "lay AH on 3",
        "discard 10D",
        "out 7H 7D * discard 9D",
    ]
    assert page.evaluate(WORDS, texts) == [
        "Claim [5 \u2190 K\u2663\u2605] on meld 1",
        "Claim 7\u2665 on meld 2",
        "Meld 7\u2660 [8\u2660 \u2190 K\u2666\u2605] 9\u2660",
        "Lay off A\u2665 on meld 3",
        "Discard 10\u2666",
        "Go out: meld 7\u2665 7\u2666 \u2605, discard 9\u2666",
    ]
    names = page.evaluate(NAMES, [["5C", "5C=7H", "KH=A", "*", "6D"], "5"])
    assert names == [
        "5 of clubs, wild",
        "5 of clubs, wild, as the 7 of hearts",
        "king of hearts, wild, as an ace",
        "wildcard",
        "6 of diamonds",
    ]


def test_the_last_selection_wins_the_servers_explanation(
    browser: Browser, server: str, watch: Watch
) -> None:
    page = open_page(browser, watch, server, name="last wins", viewport=DESKTOP)
    create_table(page, "EndOfThePage", ["human", "greedy"], {}, 0)
    assert await_turn(page) == "yourturn"
    make(page, "draw")
    asked: list[str] = []
    page.on(
        "request",
        lambda request: (
            asked.append(request.post_data or "")
            if request.url.endswith("/selection")
            else None
        ),
    )
    hand: list[str] = page.eval_on_selector_all(
        "#hand button[data-card]", "bs => bs.map(b => b.dataset.card)"
    )
    picked = sorted(set(hand), key=hand.index)[:3]
    for card in picked:
        page.click(f"#hand button[data-card='{card}'][aria-pressed='false']")
    page.wait_for_selector(f"#why[data-cards='{' '.join(picked)}']", state="attached")
    # No answer to an earlier selection comes after it to take its place.
    page.wait_for_timeout(600)
    assert page.get_attribute("#why", "data-cards") == " ".join(picked)
    assert asked, "the selection was never asked of the server"
    assert '"cards": ["' in asked[-1] or '"cards":["' in asked[-1], asked[-1]
    assert all(card in asked[-1] for card in picked), asked[-1]
