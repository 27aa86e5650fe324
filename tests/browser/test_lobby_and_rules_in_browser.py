"""The lobby in words and the rules at hand, in headless Chromium (issue 41, items 7 and 9).

The lobby says what each game is, its options in words with the rule each
settles, its seats from 1 and every kind of seat the server takes; a rule ID
the page shows (here a refusal's) is a link that opens the rule's text in the
rule book the server serves.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from browser.pages import (
    DESKTOP,
    PHONE,
    TEXTS,
    Watch,
    await_turn,
    create_table,
    no_side_scroll,
    open_page,
    type_move,
)
from rummyrules.game.registry import VARIANTS

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

VALUES = "options => options.map(option => option.value)"


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["390", "1280"])
def test_the_lobby_says_each_game_its_options_and_seats_in_words(
    browser: Browser, server: str, watch: Watch, shots: Path, viewport: dict[str, int]
) -> None:
    # Imported here: without the [server] extra the module still collects.
    from rummyrules.server.seats import SEAT_KINDS  # noqa: PLC0415

    page = open_page(browser, watch, server, name="lobby", viewport=viewport)
    page.wait_for_selector("body[data-ready='true']")
    games = page.eval_on_selector_all("#game option", VALUES)
    assert games == list(VARIANTS)
    for variant in games:
        page.select_option("#game", variant)
        # What the game is, from the game's own package.
        said = page.text_content("#game-doc") or ""
        assert len(said) > 20, variant
        assert (
            said == VARIANTS[variant].description or not VARIANTS[variant].description
        )
        labels = page.eval_on_selector_all("#options label", TEXTS)
        assert labels, variant
        for label in labels:  # words, not identifiers like "stock_out"
            assert "_" not in label, label
            assert label[0].isupper(), label
        # Each option names the rule it settles, as a link to the rule's text.
        notes = page.eval_on_selector_all("#options [data-rule-note]", TEXTS)
        assert len(notes) == len(labels), variant
        for note in notes:
            assert note.split()[0] in {"Rule", "Ruling"}, note
        links = page.eval_on_selector_all(
            "#options a.rule-link",
            "links => links.map(link => link.getAttribute('href'))",
        )
        if VARIANTS[variant].__module__.startswith("rummyrules."):  # not the tests' toy
            assert len(links) == len(labels), variant
        assert all(link.startswith("/rules#") for link in links), links
        no_side_scroll(page)
    page.select_option("#game", "EndOfThePage")
    # Values in words: what the stock running out does (EOP-R4).
    assert page.eval_on_selector_all("#opt-stock_out option", TEXTS) == [
        "end the round",
        "shuffle the discards into a new stock",
        "turn the discards over into a new stock",
    ]
    assert page.eval_on_selector_all("#opt-stock_out option", VALUES) == [
        "end_round",
        "reshuffle",
        "flip",
    ]
    assert page.get_attribute("[data-rule-note='EOP-R4'] a", "href") == "/rules#EOP-R4"
    # Seats from 1, and every kind the server takes, the levels first and the
    # search bot too; a bot's seat is the medium level until one is chosen.
    page.fill("#players", "3")
    page.dispatch_event("#players", "change")
    assert page.eval_on_selector_all("#seats label", TEXTS) == [
        "Seat 1",
        "Seat 2",
        "Seat 3",
    ]
    assert page.eval_on_selector_all("#seat-2 option", VALUES) == list(SEAT_KINDS)
    assert "Search bot" in page.eval_on_selector_all("#seat-2 option", TEXTS)
    assert page.input_value("#seat-2") == "medium"
    kinds = page.eval_on_selector_all("#seat-kinds li", TEXTS)
    assert [kind.split(":")[0] for kind in kinds] == [
        "Person",
        "Easy",
        "Medium",
        "Hard",
        "Greedy bot",
        "Random bot",
        "Search bot",
    ]
    assert all(len(kind) > 20 for kind in kinds), kinds
    no_side_scroll(page)
    page.screenshot(path=shots / f"lobby-{viewport['width']}.png", full_page=True)


def test_a_rule_id_in_a_refusal_is_a_link_that_opens_the_rules_text(
    browser: Browser, server: str, watch: Watch, shots: Path
) -> None:
    page = open_page(browser, watch, server, name="rules", viewport=PHONE)
    create_table(page, "EndOfThePage", ["human", "greedy"], {}, 0)
    assert await_turn(page) == "yourturn"
    card = page.get_attribute("#hand button[data-card]", "data-card")
    type_move(page, f"discard {card}")
    page.wait_for_selector("#error a.rule-link[data-rule='EOP-5']")
    assert (page.text_content("#error") or "").endswith("(EOP-5)")
    link = page.locator("#error a.rule-link")
    assert link.get_attribute("href") == "/rules#EOP-5"
    no_side_scroll(page)
    page.screenshot(path=shots / "refusal-rule-link-390.png", full_page=True)
    with page.context.expect_page() as opened:
        link.click()
    book = opened.value
    watch.attach(book, "rule book")
    book.wait_for_load_state()
    assert book.url.endswith("/rules#EOP-5")
    rule = book.locator("section:target")
    assert rule.get_attribute("id") == "EOP-5"
    assert "A turn begins with exactly one draw" in (rule.text_content() or "")
    assert rule.is_visible()
    no_side_scroll(book)
    for size in (PHONE, DESKTOP):  # the rule opened, where the page scrolled to it
        book.set_viewport_size(size)  # type: ignore[arg-type]  # a plain dict is what Playwright reads
        rule.scroll_into_view_if_needed()
        book.screenshot(path=shots / f"rule-book-{size['width']}.png")
        no_side_scroll(book)
    # A rule cited in another rule's text links on within the book.
    assert book.get_attribute("#EOP-7 a[href='#MELD-2']", "href") == "#MELD-2"
