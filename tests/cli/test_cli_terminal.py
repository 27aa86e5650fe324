"""``rummyrules play`` in a real terminal: the command run on a pseudo-terminal, as a player meets it.

Each test starts the installed command in a child process whose standard
input and output are a pseudo-terminal (the standard library's ``pty``), so
``input()``, the terminal's echo and ``rich``'s terminal output (colour,
borders) are the real ones; a test answers each prompt as a player would,
with a move's number. The output is read back without its colour codes.
"""

from __future__ import annotations

import itertools
import os
import re
import select
import sys
import time
from collections.abc import Callable

import pytest

pytestmark = pytest.mark.skipif(
    sys.platform == "win32", reason="pseudo-terminals are POSIX (pty.fork)"
)

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")
"""A terminal control sequence (colour, cursor), removed from what is read."""

PROMPTS = ("your move> ", "claim (Enter to let it go)> ")

Answer = Callable[[str], str]


def by_number(prompt: str) -> str:
    """Play the first listed move; let every claim go (F14-12)."""
    return "" if prompt.startswith("claim") else "1"


PLAIN = "import sys; sys.modules['rich'] = None; from rummyrules.cli import main; sys.exit(main())"
"""The command as without the extra rummyrules[cli]: ``rich`` cannot be imported."""


def run_in_terminal(
    argv: list[str], answer: Answer = by_number, *, plain: bool = False
) -> tuple[int, str]:
    """Run ``rummyrules ARGV`` on a pseudo-terminal, answering its prompts; exit code and output.

    With ``plain``, as if ``rich`` were not installed.
    """
    import pty  # noqa: PLC0415 - POSIX only; the module is skipped elsewhere

    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE"}
    }
    env.update(COLUMNS="120", LINES="50", TERM="xterm-256color")
    pid, fd = pty.fork()
    if pid == 0:  # the child: the command, its stdio the terminal
        start = ["-c", PLAIN] if plain else ["-m", "rummyrules"]
        # The child of pty.fork becomes the command; no shell reads its arguments.
        os.execve(sys.executable, [sys.executable, *start, *argv], env)  # noqa: S606
    raw = b""
    answered = 0
    deadline = time.monotonic() + 60
    try:
        while True:
            ready, _, _ = select.select(
                [fd], [], [], max(0.0, deadline - time.monotonic())
            )
            if not ready:
                message = f"the command gave no output for a while: {raw[-500:]!r}"
                raise AssertionError(message)
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # EIO: the command ended and closed the terminal
                break
            if not chunk:
                break
            raw += chunk
            text = ANSI.sub("", raw.decode(errors="replace"))
            last = text.rsplit("\n", 1)[-1]
            prompts = sum(text.count(prompt) for prompt in PROMPTS)
            if prompts > answered and last.endswith(PROMPTS):
                os.write(fd, (answer(last) + "\n").encode())
                answered += 1
    finally:
        os.close(fd)
        _, status = os.waitpid(pid, 0)
    text = ANSI.sub("", raw.decode(errors="replace")).replace("\r", "")
    return os.waitstatus_to_exitcode(status), text


def repeated(lines: list[str]) -> list[str]:
    """The lines said twice in a row (blank lines apart)."""
    said = [line.strip() for line in lines if line.strip()]
    return [line for line, after in itertools.pairwise(said) if line == after]


def round_table(lines: list[str], title: str) -> tuple[list[str], dict[str, list[str]]]:
    """The round's table after its title: its column names, and each player's cells."""
    start = next(index for index, line in enumerate(lines) if line.startswith(title))
    rows: list[list[str]] = []
    for line in lines[start + 1 :]:
        if not line.strip():
            break
        cells = [
            cell.strip() for cell in re.split(r"\s{2,}|[│┃]", line) if cell.strip()
        ]
        if cells and not set("".join(cells)) <= set("-━─┏┓┗┛┳┻╇┡┩└┘┴┬├┤┼ "):
            rows.append(cells)
    header, *players = rows
    return header, {row[0]: row[1:] for row in players}


@pytest.mark.parametrize("plain", [False, True], ids=["rich", "plain"])
def test_a_round_of_1400_ends_in_a_table_and_no_message_repeats(*, plain: bool) -> None:
    """Seed 17: the upcard taken at the deal is both F14-6's and F14-9's card, said once."""
    if not plain:
        pytest.importorskip("rich")
    code, out = run_in_terminal(
        ["play", "1400", "--players", "2", "--target", "100", "--seed", "17"],
        plain=plain,
    )
    assert code == 0, out
    lines = out.splitlines()
    said = "You took the upcard 4H, so you must lay it in a new meld at once (F14-6)."
    assert out.count(said) == 1
    assert repeated(lines) == []
    header, rows = round_table(lines, "Round 1 ends: you went out (F14-14)")
    assert header == ["player", "hand counted", "melded", "in hand", "net", "total"]
    assert rows["you"] == ["none", "240", "0", "+240", "240"]
    assert rows["player 2"] == ["6D 7S 7D", "140", "15", "+125", "125"]
    # The table comes before the score sheet and the winner: nothing is dealt after.
    assert (
        out.index("Round 1 ends")
        < out.index("The score sheet")
        < out.index("Winner: you")
    )


def test_every_round_of_end_of_the_page_ends_in_a_table_before_the_next_deal() -> None:
    code, out = run_in_terminal(["play", "eop", "--rounds", "2", "--seed", "3"])
    assert code == 0, out
    assert_round_tables(out, "in hand")


def assert_round_tables(out: str, column: str) -> None:
    """Every counted round is a table whose totals add up, shown before the next deal."""
    lines = out.splitlines()
    assert repeated(lines) == []
    titles = [line for line in lines if re.match(r"Round \d+ ends", line)]
    assert titles
    totals = {"you": 0, "player 2": 0}
    for title in titles:
        header, rows = round_table(lines, title)
        assert header[:4] == ["player", "hand counted", "melded", column]
        assert header[-2:] == ["net", "total"]
        assert set(rows) == set(totals)
        for name, cells in rows.items():
            totals[name] += int(cells[-2])
            assert int(cells[-1]) == totals[name]
        number = int(title.split()[1])
        deal = f"Round {number + 1}, "
        if deal in out:  # the next deal comes after the table
            assert out.index(title) < out.index(deal)


def test_gin_shows_the_deadwood_and_the_knock_card_at_every_prompt() -> None:
    code, out = run_in_terminal(["play", "gin", "--seed", "3"])
    assert code == 0, out
    assert_round_tables(out, "deadwood")  # each hand's deadwood at the end (GIN-7)
    turns = out.split("your move> ")[:-1]
    assert turns
    for before in turns:
        shown = before.rsplit("Your hand: ", 1)[-1]
        assert re.search(r"Your deadwood: \d+", shown), shown
        assert "Now: " in shown
    assert "Now: discard a card (GIN-4)" in out
    assert "a knock needs 10 or less (GIN-5)" in out
    assert "meld, lay off or discard" not in out
    # The knocker's hand, face up with its deadwood (GIN-6, GIN-7).
    assert re.search(r"player 2 holds [^)]* face up, deadwood \d+\)", out), out


def test_going_out_shows_the_hands_left_when_the_game_ends() -> None:
    code, out = run_in_terminal(["play", "gor", "--seed", "3"])
    assert code == 0, out
    lines = out.splitlines()
    assert repeated(lines) == []
    header, rows = round_table(lines, "The game ends: player 2 went out (GOR-7)")
    assert header == ["player", "hand left"]
    assert rows["player 2"] == ["none"]
    assert len(rows["you"][0].split()) == 7
