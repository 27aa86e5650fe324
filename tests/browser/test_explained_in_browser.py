"""Every missing move explained, every obligation named, no stale refusal (issue 41, items 1 and 6).

1400, three players, seed 11: the person takes 2♦ (and the 3♦ above it)
from the pile and selects 10♥. The page offers "Lay off 10♥ on meld 1" and
says beside it why Discard is not offered (F14-9: the card taken must be
played first), from the library through ``POST /selection``; the status
line names the card owed and its rule, from the seat's ``duties``. A
refusal banner goes when the selection changes.
"""

from __future__ import annotations

from pathlib import Path
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
    select,
    settle,
    shoot,
    type_move,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "390"])
def test_f14_9_discard_is_explained_beside_the_lay_off_and_the_status_names_the_card_owed(
    browser: Browser, server: str, watch: Watch, shots: Path, viewport: dict[str, int]
) -> None:
    page = open_page(browser, watch, server, name="f14-9", viewport=viewport)
    create_table(page, "FourteenHundred", ["human", "greedy", "greedy"], {}, 11)
    assert await_turn(page) == "yourturn"
    assert page.get_attribute("#status", "data-duties") in {None, ""}
    make(page, "take 2D")
    status = page.text_content("#status") or ""
    assert "2♦" in status, status
    assert status.endswith("(F14-9)."), status
    assert page.get_attribute("#status", "data-duties") == "F14-9"
    # The hint under the hand does not offer a discard the rules keep out.
    assert "discard" not in (page.text_content("#hand-hint") or "").lower()
    select(page, ["10H"])
    refused = "#why li[data-kind='discard'][data-rule='F14-9']"
    page.wait_for_selector(refused)
    assert page.locator("#actions [data-move='lay 10H on 1']").count() == 1
    assert page.locator("#actions [data-move^='discard']").count() == 0
    assert page.text_content("#why .why-title") == "Not offered with these cards:"
    line = page.text_content(refused) or ""
    assert line.startswith("Discard: "), line
    assert "2♦" in line, line
    assert line.endswith("(F14-9)"), line
    # The kind offered (a lay-off, on meld 1) needs no word on meld 2.
    assert page.locator("#why li[data-kind='lay']").count() == 0
    no_side_scroll(page)
    if viewport == DESKTOP:
        shoot(page, shots, "f14-9-explained")
    # Playing the card taken meets the duty: the status says nothing owed.
    page.click("#hand button[data-card='10H'][aria-pressed='true']")  # put back
    make(page, "meld 2D 3D 4D")
    assert page.get_attribute("#status", "data-duties") == ""
    assert "F14-9" not in (page.text_content("#status") or "")


def test_a_refusal_banner_clears_when_the_selection_changes(
    browser: Browser, server: str, watch: Watch
) -> None:
    page = open_page(browser, watch, server, name="banner", viewport=PHONE)
    create_table(page, "EndOfThePage", ["human", "greedy"], {}, 0)
    assert await_turn(page) == "yourturn"
    card = page.get_attribute("#hand button[data-card]", "data-card")
    type_move(page, f"discard {card}")
    page.wait_for_function("() => document.getElementById('error').textContent !== ''")
    assert page.get_attribute("#error", "data-rule") == "EOP-5"
    assert settle(page) == "yourturn"
    page.click(f"#hand button[data-card='{card}']")
    assert page.text_content("#error") == ""
    assert page.get_attribute("#error", "data-rule") is None
    # The selection's own explanation takes the banner's place.
    page.wait_for_selector("#why li[data-rule='EOP-5']")


def test_gin_5_a_card_selected_says_why_knock_is_not_offered(
    browser: Browser, server: str, watch: Watch, shots: Path
) -> None:
    page = open_page(browser, watch, server, name="gin-5", viewport=DESKTOP)
    create_table(page, "GinRummy", ["human", "greedy"], {}, 1)
    for move in ("pass", "draw"):
        assert await_turn(page) == "yourturn"
        make(page, move)
    assert page.evaluate("document.body.dataset.phase") == "play"
    assert page.locator("#actions [data-move='knock']").count() == 0
    card = page.get_attribute("#hand button[data-card]", "data-card")
    assert card is not None
    select(page, [card])
    knock = page.locator("#why li[data-kind='knock'][data-rule='GIN-5']")
    knock.wait_for()
    assert (knock.text_content() or "").startswith("Knock: "), knock.text_content()
    assert page.locator(f"#actions [data-move='discard {card}']").count() == 1
    assert page.text_content("#why .why-title") == "Not offered with these cards:"
    shoot(page, shots, "gin-5-explained")
