"""The browser table of ``rummyrules serve``, played in headless Chromium.

A server runs on a free loopback port for the whole session (in a thread,
from :func:`rummyrules.server.running`), and Playwright drives Debian's
``chromium-headless-shell``: each test creates its table in the page's
lobby, then plays by clicking cards and move buttons as a person would
(the helpers are in ``pages.py``, the fixtures in ``conftest.py``).

Without Playwright or the browser the tests skip, saying which is missing;
with ``RUMMYRULES_REQUIRE_BROWSER=1`` (CI sets it) they fail instead. Every
test fails on a console error or a script error in the page.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import attrs
import pytest

from browser.pages import (
    DESKTOP,
    PHONE,
    TEXTS,
    Watch,
    await_turn,
    create_table,
    first_move,
    listed_moves,
    make,
    no_side_scroll,
    open_page,
    play_to_the_end,
    settle,
    type_move,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser

CLAIM_SEED = 20

pytestmark = pytest.mark.browser


@attrs.frozen
class Game:
    """A table for a whole game: its variant, the lobby's options and the seed."""

    variant: str
    options: dict[str, str]
    seed: int


# Small games: a round or two cut short by max_turns, so that a game played
# one click at a time ends within seconds; the seeds give each a winner.
GAMES = [
    Game("EndOfThePage", {"rounds": "2", "max_turns": "20"}, 0),
    Game("FourteenHundred", {"target": "100", "max_turns": "20"}, 0),
    Game("GoingOutRummy", {"max_turns": "20"}, 1),
    Game("GinRummy", {"max_turns": "20"}, 1),
]


@pytest.mark.slow  # 2-4 s each: the quick run leaves them to the browser step of CI
@pytest.mark.parametrize("game", GAMES, ids=[game.variant for game in GAMES])
def test_a_whole_game_against_a_bot_ends_at_the_game_over_screen(
    browser: Browser, server: str, watch: Watch, tmp_path: Path, game: Game
) -> None:
    page = open_page(browser, watch, server, name=game.variant, viewport=DESKTOP)
    create_table(page, game.variant, ["human", "greedy"], game.options, game.seed)
    page.screenshot(path=tmp_path / f"{game.variant}-start.png", full_page=True)
    made = play_to_the_end(page)
    assert made > 0
    page.wait_for_selector("#gameover:not([hidden])")
    page.wait_for_selector("#record:not([hidden])")
    record = page.text_content("#record") or ""
    assert record.startswith(f'[Variant "{game.variant} ')
    # The screen names the winners the record names.
    recorded = re.search(r'\[Winners "([^"]*)"\]', record)
    assert recorded is not None, record
    shown = page.text_content("#winners") or ""
    # Seat 0 is "you"; the others are numbered from 1, as people count.
    seats = [int(seat) for seat in recorded.group(1).split()]
    named = ["you" if seat == 0 else f"player {seat + 1}" for seat in seats]
    assert re.findall(r"\b(you|player \d+)\b", shown.lower()) == named, shown
    # The last round's score card is on screen, a row and a counted hand a player.
    assert page.locator("#round-result table.score-card").count() == 1
    rows = page.locator("#round-result table.score-card tr[data-seat]").count()
    assert rows == 2 == page.locator("#round-result tr[data-hand]").count()
    # The log shows every event the server sent, the game's end last.
    sent = int(page.evaluate("document.body.dataset.events || '0'"))
    assert page.locator("#log li").count() == sent
    if sent:  # once views carry their events
        assert page.get_attribute("#log li:last-child", "data-kind") == "game_ended"
    page.screenshot(path=tmp_path / f"{game.variant}-over.png", full_page=True)


def test_a_refused_move_typed_in_the_box_shows_its_rule_at_phone_width(
    browser: Browser, server: str, watch: Watch, tmp_path: Path
) -> None:
    page = open_page(browser, watch, server, name="refusal", viewport=PHONE)
    create_table(page, "EndOfThePage", ["human", "greedy"], {}, 0)
    assert await_turn(page) == "yourturn"
    assert page.evaluate("document.body.dataset.phase") == "draw"
    before = page.evaluate("document.body.dataset.version")
    card = page.get_attribute("#hand button[data-card]", "data-card")
    type_move(page, f"discard {card}")
    page.wait_for_function("() => document.getElementById('error').textContent !== ''")
    error = page.text_content("#error") or ""
    assert error.endswith("(EOP-5)"), error
    assert page.get_attribute("#error", "data-rule") == "EOP-5"
    page.screenshot(path=tmp_path / "refused.png", full_page=True)
    # Refused, so nothing changed: the same version, still the draw.
    assert page.evaluate("document.body.dataset.version") == before
    assert settle(page) == "yourturn"
    # Text that is no move at all is refused too, with no rule to name.
    type_move(page, "take 9X")
    page.wait_for_function(
        "old => !['', old].includes(document.getElementById('error').textContent)",
        arg=error,
    )
    assert "9X" in (page.text_content("#error") or "")
    assert page.get_attribute("#error", "data-rule") is None
    # Every button says what it is; a card says its name to a screen reader.
    nameless = page.eval_on_selector_all(
        "button:not([hidden])",
        "bs => bs.filter(b => !(b.getAttribute('aria-label') || b.textContent.trim()))",
    )
    assert nameless == []
    suits = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    assert card is not None
    label = page.get_attribute(f"#hand button[data-card='{card}']", "aria-label")
    assert label is not None
    assert label.removesuffix(", wild").endswith(f" of {suits[card[-1]]}"), label
    # At phone width nothing runs off the side of the screen.
    no_side_scroll(page)
    # The next good move clears the refusal.
    make(page, "draw")
    assert page.text_content("#error") == ""


def test_the_lobby_shows_a_bad_option_with_the_rules_sentence(
    browser: Browser, server: str, watch: Watch
) -> None:
    page = open_page(browser, watch, server, name="lobby", viewport=PHONE)
    page.wait_for_selector("body[data-ready='true']")
    page.select_option("#game", "EndOfThePage")
    page.fill("#opt-rounds", "0")
    page.click("#create")
    page.wait_for_function(
        "() => document.getElementById('lobby-error').textContent !== ''"
    )
    assert "rounds" in (page.text_content("#lobby-error") or "")
    assert page.evaluate("document.body.dataset.state") == "lobby"
    watch.expect("400 (Bad Request)")


@pytest.mark.slow  # two browsers at one table, a few seconds
def test_two_people_play_one_table_from_two_pages(
    browser: Browser, server: str, watch: Watch, tmp_path: Path
) -> None:
    first = open_page(browser, watch, server, name="seat 0", viewport=DESKTOP)
    create_table(first, "GinRummy", ["human", "human"], {}, 3)
    invite = first.get_attribute("#invite-list a[data-invite='1']", "href")
    assert invite is not None
    # The second person's page long-polls instead of using the WebSocket.
    second = open_page(
        browser, watch, f"{invite}&poll=1", name="seat 1", viewport=PHONE
    )
    settle(second)
    pages = [first, second]
    for _ in range(8):
        states = [settle(page) for page in pages]
        assert sorted(states) == ["waiting", "yourturn"], states
        mover = pages[states.index("yourturn")]
        other = pages[1 - states.index("yourturn")]
        make(mover, first_move(mover))
        version = mover.evaluate("document.body.dataset.version")
        # The other seat's page follows the table to the same version.
        other.wait_for_function(
            "version => document.body.dataset.version === version", arg=version
        )
    first.screenshot(path=tmp_path / "seat-0.png", full_page=True)
    second.screenshot(path=tmp_path / "seat-1.png", full_page=True)
    # Both show the same table: the same card counts, the same player to move.
    counts = "#seat-list li .muted, #seat-list li[aria-current] .muted"
    assert first.eval_on_selector_all(counts, TEXTS) == second.eval_on_selector_all(
        counts, TEXTS
    )


def test_gor_10_dropping_out_from_the_page_asks_first_then_leaves_the_bot_the_winner(
    browser: Browser, server: str, watch: Watch
) -> None:
    page = open_page(browser, watch, server, name="drop", viewport=PHONE)
    create_table(page, "GoingOutRummy", ["human", "greedy"], {}, 1)
    assert await_turn(page) == "yourturn"
    drop = page.get_attribute("#actions button.kind-drop", "data-move")
    assert drop is not None
    assert drop.endswith("drop")
    assert page.text_content("#actions button.kind-drop") == "Drop out of the game"
    before = page.evaluate("document.body.dataset.version")
    # The first press only asks; Escape says no, and the game goes on.
    page.click("#actions button.kind-drop")
    page.wait_for_selector("#confirm[open]")
    assert "GOR-10" in (page.text_content("#confirm-text") or "")
    page.keyboard.press("Escape")
    page.wait_for_selector("#confirm[open]", state="detached")
    assert page.evaluate("document.body.dataset.version") == before
    assert settle(page) == "yourturn"
    # Confirmed, the drop is made.
    page.click("#actions button.kind-drop")
    page.click("#confirm-ok")
    page.wait_for_function(
        "before => document.body.dataset.version !== before", arg=before
    )
    assert settle(page) == "over"
    assert page.text_content("#winners") == "Winner: player 2 (greedy bot)."


def test_f14_12_a_claim_offered_out_of_turn_can_be_declined(
    browser: Browser, server: str, watch: Watch, tmp_path: Path
) -> None:
    # Random bots discard cards that fit the melds on the table, so claims
    # come; this seed offers player 0 one out of turn within a few turns.
    page = open_page(browser, watch, server, name="decline", viewport=DESKTOP)
    seats = ["human", "random", "random"]
    create_table(page, "FourteenHundred", seats, {"target": "100"}, CLAIM_SEED)
    for _ in range(200):
        state = await_turn(page)
        assert state != "over", "no claim was offered in the whole game"
        if state == "offer":
            break
        make(page, first_move(page))
    claims = [move for move in listed_moves(page) if " claim " in f" {move}"]
    assert claims, listed_moves(page)
    assert all(move.startswith("0: claim ") for move in claims)
    for claim in claims:
        assert page.is_visible(f"#actions [data-move='{claim}']")
    page.screenshot(path=tmp_path / "claim.png", full_page=True)
    before = page.evaluate("document.body.dataset.version")
    page.click("#decline")
    # The bots play on: the table moves to a new version and the offer is gone.
    page.wait_for_function(
        "before => document.body.dataset.version !== before", arg=before
    )
    assert page.text_content("#error") == ""
    if await_turn(page) != "offer":
        assert page.locator("#decline").count() == 0
        assert page.locator("#actions button.kind-claim").count() == 0
