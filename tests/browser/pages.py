"""Playing the browser table as a person does: create a table in the lobby, click cards and moves.

The page's own state is read from the attributes it keeps on ``<body>``
(``data-state``: ``lobby``, ``yourturn``, ``offer``, ``waiting``,
``roundover``, ``over``; ``data-version``; ``data-busy``) and from the
``data-move`` buttons. A finished round stays on the table until the
player presses "Next round" (``#continue``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Browser, ConsoleMessage, Page

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
# How long the page may take to answer one click: the server plays the bots
# before it answers, and the machine running the tests may be busy.
STEP_MS = 20_000

OFFLINE = Path(__file__).resolve().parents[2] / "clients" / "offline"
"""The pages with the library under Pyodide (index.html, served.html) and their dist/."""
LOAD_MS = 120_000
"""How long loading Pyodide and the wheels may take: seconds, more on a busy machine."""

TEXTS = "elements => elements.map(element => element.textContent)"
MOVES = "buttons => buttons.map(button => button.dataset.move)"
STATES = "['yourturn', 'offer', 'waiting', 'roundover', 'over']"


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
        """Watch ``page``'s console and script errors, naming them ``name``."""

        def console(message: ConsoleMessage) -> None:
            if message.type == "error" and not any(
                text in message.text for text in self.expected
            ):
                self.problems.append(f"{name}: console error: {message.text}")

        page.on("console", console)
        page.on("pageerror", lambda error: self.problems.append(f"{name}: {error}"))
        return page


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
        f" && {STATES}.includes(document.body.dataset.state)"
    )
    state: str = page.evaluate("document.body.dataset.state")
    return state


def await_turn(page: Page, *, rounds: list[str] | None = None) -> str:
    """Wait until the seat has something to do, or the game is over; which it is.

    A finished round is looked at (its state appended to ``rounds`` when
    given), then left with "Next round".
    """
    while True:
        page.wait_for_function("() => document.body.dataset.state !== 'waiting'")
        state = settle(page)
        if state != "roundover":
            return state
        if rounds is not None:
            rounds.append(page.text_content("#status") or "")
        page.click("#continue")


def listed_moves(page: Page) -> list[str]:
    """The legal moves the page lists for its seat."""
    moves: list[str] = page.eval_on_selector_all("#all-moves [data-move]", MOVES)
    return moves


def cards_and_place(text: str) -> tuple[str, list[str], str]:
    """A move's word, the hand's cards it uses ("8S=2" is the 8S), and its meld ("on 1")."""
    words = text.rsplit(":", maxsplit=1)[-1].split()
    cards = [w.split("=")[0] for w in words[1:] if w != "on" and not w.isdigit()]
    return words[0], sorted(cards), " ".join(w for w in words[1:] if w.isdigit())


def select(page: Page, cards: list[str]) -> None:
    """Select ``cards`` of the hand (each a card not selected yet)."""
    for card in cards:
        page.click(f"#hand button[data-card='{card}'][aria-pressed='false']")


def unselect_all(page: Page) -> None:
    """Put back every selected card."""
    while page.locator("#hand button[aria-pressed='true']").count():
        page.locator("#hand button[aria-pressed='true']").first.click()


def click_move(page: Page, text: str) -> None:
    """Make ``text`` the way a person does: select its cards, press its button.

    When the listed moves read the same cards several ways (where the wild
    cards go), the page must offer each reading as a choice.
    """
    kind, cards, place = cards_and_place(text)
    if kind in {"meld", "lay", "discard"}:
        select(page, cards)
        readings = [
            move
            for move in listed_moves(page)
            if cards_and_place(move) == (kind, cards, place)
        ]
        offered = page.eval_on_selector_all("#choices [data-move]", MOVES)
        if len(readings) > 1:
            assert sorted(offered) == sorted(readings), (text, offered)
        else:
            assert offered == [], (text, offered)
    page.click(f"#actions [data-move='{text}'], #choices [data-move='{text}']")


def type_move(page: Page, text: str) -> None:
    """Type ``text`` in the notation box and send it, as a person does (legal or not)."""
    page.fill("#move-text", text)
    page.click("#typed button[type='submit']")


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


def play_to_the_end(
    page: Page, *, limit: int = 300, rounds: list[str] | None = None
) -> int:
    """Play the page's seat with :func:`first_move` until the game is over; the moves made."""
    made = 0
    while await_turn(page, rounds=rounds) != "over":
        make(page, first_move(page))
        made += 1
        assert made < limit, "the game did not end"
    return made


def no_side_scroll(page: Page) -> None:
    """Nothing runs off the side of ``page``'s screen: no horizontal scroll."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width}px wide"  # type: ignore[index]  # set by open_page


def shoot(page: Page, folder: Path, name: str) -> None:
    """Screenshots of the whole page at desktop and phone widths: ``name-1280.png``, ``name-390.png``."""
    before = page.viewport_size
    for size in (DESKTOP, PHONE):
        page.set_viewport_size(size)  # type: ignore[arg-type]  # a plain dict is what Playwright reads
        page.screenshot(
            path=folder / f"{name}-{size['width']}.png",
            full_page=True,
            animations="disabled",
        )
    if before is not None:
        page.set_viewport_size(before)
