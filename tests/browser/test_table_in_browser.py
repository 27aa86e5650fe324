"""The browser table of ``rummyrules serve``, played in headless Chromium.

A server runs on a free loopback port for the whole session (in a thread,
from :func:`rummyrules.server.running`), and Playwright drives Debian's
``chromium-headless-shell``: each test creates its table in the page's
lobby, then plays by clicking cards and move buttons as a person would. The
page's own state is read from the attributes it keeps on ``<body>``
(``data-state``: ``lobby``, ``yourturn``, ``offer``, ``waiting``, ``over``;
``data-version``; ``data-busy``) and from the ``data-move`` buttons.

Without Playwright or the browser the tests skip, saying which is missing;
with ``RUMMYRULES_REQUIRE_BROWSER=1`` (CI sets it) they fail instead. Every
test fails on a console error or a script error in the page.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import attrs
import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, ConsoleMessage, Page

CLAIM_SEED = 20
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
# How long the page may take to answer one click: the server plays the bots
# before it answers, and the machine running the tests may be busy.
STEP_MS = 20_000

TEXTS = "elements => elements.map(element => element.textContent)"
MOVES = "buttons => buttons.map(button => button.dataset.move)"

pytestmark = pytest.mark.browser


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    """The game server on a free loopback port, in a thread, for the whole session."""
    # Imported here: without the [server] extra the module still collects.
    from rummyrules.server import running  # noqa: PLC0415

    with running() as url:
        yield url


class Watch:
    """Console and script errors of the pages of one test."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.expected: list[str] = []

    def expect(self, text: str) -> None:
        """Accept console errors containing ``text``: a refusal the test asked for."""
        self.expected.append(text)
        self.problems = [p for p in self.problems if text not in p]

    def attach(self, page: Page, name: str) -> Page:
        def console(message: ConsoleMessage) -> None:
            if message.type == "error" and not any(
                text in message.text for text in self.expected
            ):
                self.problems.append(f"{name}: console error: {message.text}")

        page.on("console", console)
        page.on("pageerror", lambda error: self.problems.append(f"{name}: {error}"))
        return page


@pytest.fixture
def watch() -> Iterator[Watch]:
    """Fails the test on any console or script error in its pages."""
    seen = Watch()
    yield seen
    assert seen.problems == [], "\n".join(seen.problems)


def open_page(
    browser: Browser, watch: Watch, url: str, *, name: str, viewport: dict[str, int]
) -> Page:
    """A fresh page (its own context, so its own storage) at ``url``."""
    context = browser.new_context(viewport=viewport)  # type: ignore[arg-type]  # a plain dict is what Playwright reads
    page = watch.attach(context.new_page(), name)
    page.set_default_timeout(STEP_MS)
    page.goto(url)
    return page


def create_table(
    page: Page,
    variant: str,
    seats: list[str],
    options: dict[str, str],
    seed: int,
) -> None:
    """Fill in the lobby and create the table; the page then shows the first human seat."""
    page.wait_for_selector("body[data-ready='true']")
    page.select_option("#game", variant)
    if page.is_enabled("#players"):
        page.fill("#players", str(len(seats)))
        page.dispatch_event("#players", "change")
    for seat, kind in enumerate(seats):
        page.select_option(f"#seat-{seat}", kind)
    for name, value in options.items():
        page.fill(f"#opt-{name}", value)
    page.fill("#seed", str(seed))
    page.click("#create")
    page.wait_for_url("**/?table=*")
    settle(page)


def settle(page: Page) -> str:
    """Wait until the page is idle, then say what the moment is for its seat."""
    page.wait_for_function(
        "() => document.body.dataset.busy === 'false'"
        " && ['yourturn', 'offer', 'waiting', 'over'].includes(document.body.dataset.state)"
    )
    state: str = page.evaluate("document.body.dataset.state")
    return state


def await_turn(page: Page) -> str:
    """Wait until the seat has something to do, or the game is over; which it is."""
    page.wait_for_function("() => document.body.dataset.state !== 'waiting'")
    return settle(page)


def listed_moves(page: Page) -> list[str]:
    """The legal moves the page lists for its seat."""
    moves: list[str] = page.eval_on_selector_all("#all-moves [data-move]", MOVES)
    return moves


def _cards_and_place(text: str) -> tuple[str, list[str], str]:
    """A move's word, the hand's cards it uses ("8S=2" is the 8S), and its meld ("on 1")."""
    words = text.rsplit(":", maxsplit=1)[-1].split()
    cards = [w.split("=")[0] for w in words[1:] if w != "on" and not w.isdigit()]
    return words[0], sorted(cards), " ".join(w for w in words[1:] if w.isdigit())


def click_move(page: Page, text: str) -> None:
    """Make ``text`` the way a person does: select its cards, press its button.

    When the listed moves read the same cards several ways (where the wild
    cards go), the page must offer each reading as a choice.
    """
    kind, cards, place = _cards_and_place(text)
    if kind in {"meld", "lay", "discard"}:
        for card in cards:
            page.click(f"#hand button[data-card='{card}'][aria-pressed='false']")
        readings = [
            move
            for move in listed_moves(page)
            if _cards_and_place(move) == (kind, cards, place)
        ]
        offered = page.eval_on_selector_all("#choices [data-move]", MOVES)
        if len(readings) > 1:
            assert sorted(offered) == sorted(readings), (text, offered)
        else:
            assert offered == [], (text, offered)
    page.click(f"#actions [data-move='{text}'], #choices [data-move='{text}']")


def make(page: Page, text: str) -> None:
    """Make a move by clicking, and wait for the page to show its outcome."""
    before = page.evaluate("document.body.dataset.version")
    click_move(page, text)
    page.wait_for_function(
        "before => document.body.dataset.version !== before"
        " || document.getElementById('error').textContent !== ''",
        arg=before,
    )
    error = page.text_content("#error")
    assert not error, f"{text!r} was refused: {error}"


def first_move(page: Page) -> str:
    """The policy of these tests: the first listed move that is not a drop."""
    moves = [move for move in listed_moves(page) if not move.endswith("drop")]
    assert moves, f"the page offers no move: {page.text_content('#status')}"
    return moves[0]


def play_to_the_end(page: Page, *, limit: int = 300) -> int:
    """Play the page's seat with :func:`first_move` until the game is over; the moves made."""
    made = 0
    while await_turn(page) != "over":
        make(page, first_move(page))
        made += 1
        assert made < limit, "the game did not end"
    return made


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
    seats = [int(seat) for seat in recorded.group(1).split()]
    assert [int(seat) for seat in re.findall(r"player (\d+)", shown)] == seats, shown
    # The last round's result is on screen, with each player's counted hand.
    assert page.locator("#round-result table.result").count() == 1
    hands = page.locator("#round-result table.result tr").nth(1)
    assert hands.locator("th").text_content() == "Hand counted"
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
    page.fill("#move-text", f"discard {card}")
    page.click("#typed button[type='submit']")
    page.wait_for_function("() => document.getElementById('error').textContent !== ''")
    error = page.text_content("#error") or ""
    assert error.endswith("(EOP-5)"), error
    assert page.get_attribute("#error", "data-rule") == "EOP-5"
    page.screenshot(path=tmp_path / "refused.png", full_page=True)
    # Refused, so nothing changed: the same version, still the draw.
    assert page.evaluate("document.body.dataset.version") == before
    assert settle(page) == "yourturn"
    # Text that is no move at all is refused too, with no rule to name.
    page.fill("#move-text", "take 9X")
    page.click("#typed button[type='submit']")
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
    assert label.endswith(f" of {suits[card[-1]]}"), label
    # At phone width nothing runs off the side of the screen.
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width}px wide on a phone"
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


def test_gor_10_dropping_out_from_the_page_leaves_the_bot_the_winner(
    browser: Browser, server: str, watch: Watch
) -> None:
    page = open_page(browser, watch, server, name="drop", viewport=PHONE)
    create_table(page, "GoingOutRummy", ["human", "greedy"], {}, 1)
    assert await_turn(page) == "yourturn"
    drop = page.get_attribute("#actions button.kind-drop", "data-move")
    assert drop is not None
    assert drop.endswith("drop")
    assert page.text_content("#actions button.kind-drop") == "Drop out of the game"
    make(page, drop)
    assert settle(page) == "over"
    assert page.text_content("#winners") == "Winner: player 1 (greedy bot)."


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
