"""How the table looks in each game, at a desktop's and a phone's width, with screenshots.

For each of the four games a table is opened and played to the player's
turn; the page is shot at 1280x900 and 390x844 into the ``shots`` folder
(``table-eop-1280.png`` ...; CI keeps ``build/screenshots``). At 390 the
page must not scroll sideways; at 1280 the felt, not the side panels, has
the width, and a Gin Rummy hand of 11 cards lies on one row.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
import pytest

from browser.pages import (
    DESKTOP,
    PHONE,
    Watch,
    await_turn,
    create_table,
    first_move,
    make,
    open_page,
)

if TYPE_CHECKING:
    from pathlib import Path

    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

WIDTH = "() => [document.documentElement.scrollWidth, window.innerWidth]"
TOPS = "nodes => nodes.map(node => Math.round(node.getBoundingClientRect().top))"


@attrs.frozen
class Table:
    """A table to look at: its short name, the variant and the seed."""

    short: str
    variant: str
    seed: int


TABLES = [
    Table("eop", "EndOfThePage", 0),
    Table("f14", "FourteenHundred", 0),
    Table("gor", "GoingOutRummy", 1),
    Table("gin", "GinRummy", 3),
]


def shoot_at(page: Page, folder: Path, name: str, size: dict[str, int]) -> None:
    """The whole page at ``size``, into ``folder/name-WIDTH.png``."""
    page.set_viewport_size(size)  # type: ignore[arg-type]  # a plain dict is what Playwright reads
    page.screenshot(
        path=folder / f"{name}-{size['width']}.png",
        full_page=True,
        animations="disabled",
    )


def width(page: Page, selector: str) -> float:
    box = page.locator(selector).bounding_box()
    assert box is not None, f"{selector} is not shown"
    return box["width"]


@pytest.mark.parametrize("table", TABLES, ids=[table.short for table in TABLES])
def test_the_table_has_the_width_and_nothing_scrolls_sideways_on_a_phone(
    browser: Browser, server: str, watch: Watch, shots: Path, table: Table
) -> None:
    page = open_page(browser, watch, server, name=table.short, viewport=DESKTOP)
    create_table(page, table.variant, ["human", "greedy"], {}, table.seed)
    assert await_turn(page) == "yourturn"
    # The turn is plain: the title of a background tab, a bold banner.
    assert page.title().startswith("\u25cf Your turn"), page.title()
    banner = page.evaluate(
        "getComputedStyle(document.getElementById('status')).fontWeight"
    )
    assert int(banner) >= 700
    shoot_at(page, shots, f"table-{table.short}", DESKTOP)
    felt = width(page, "#felt")
    side = width(page, ".side")
    assert felt > 2 * side, f"the felt is {felt}px wide beside side panels of {side}px"
    shoot_at(page, shots, f"table-{table.short}", PHONE)
    scroll, inner = page.evaluate(WIDTH)
    assert scroll <= inner, f"the page is {scroll}px wide on a {inner}px phone"


def test_gin_hand_of_eleven_cards_lies_on_one_row_at_1280(
    browser: Browser, server: str, watch: Watch, shots: Path
) -> None:
    page = open_page(browser, watch, server, name="gin row", viewport=DESKTOP)
    create_table(page, "GinRummy", ["human", "greedy"], {}, 3)
    tops: list[int] = []
    for _ in range(4):
        assert await_turn(page) == "yourturn"
        # Measured where the cards lie, not where a travelling card is on its way.
        page.wait_for_function("() => document.getAnimations().length === 0")
        tops = page.eval_on_selector_all("#hand button.card", TOPS)
        assert len(set(tops)) == 1, f"{len(tops)} cards on rows at {sorted(set(tops))}"
        if len(tops) == 11:
            break
        make(page, first_move(page))
    assert len(tops) == 11, "the hand never held 11 cards"
    shoot_at(page, shots, "table-gin-11-cards", DESKTOP)


# Each card the page sets travelling, as "card@the place it lands in".
WATCH_TRAVEL = """() => {
  const animate = Element.prototype.animate;
  window.travelled = [];
  Element.prototype.animate = function (...args) {
    window.travelled.push(`${this.dataset.card}@${this.parentElement.id}`);
    return animate.apply(this, args);
  };
}"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_card_drawn_travels_from_the_stock_into_the_hand_unless_motion_is_reduced(
    browser: Browser, server: str, watch: Watch, motion: str
) -> None:
    context = browser.new_context(viewport=DESKTOP, reduced_motion=motion)  # type: ignore[arg-type]  # a plain dict is what Playwright reads
    page = watch.attach(context.new_page(), f"travel {motion}")
    page.goto(server)
    create_table(page, "EndOfThePage", ["human", "greedy"], {}, 0)
    assert await_turn(page) == "yourturn"
    before = page.eval_on_selector_all("#hand .card", "nodes => nodes.length")
    page.evaluate(WATCH_TRAVEL)
    make(page, "draw")
    page.wait_for_function(
        f"() => document.querySelectorAll('#hand .card').length > {before}"
    )
    travelled: list[str] = page.evaluate("window.travelled")
    if motion == "reduce":
        assert travelled == []
    else:
        assert len(travelled) == 1, travelled
        assert travelled[0].endswith("@hand"), travelled
