"""Every script in examples/ runs, exits 0 and prints the verdicts it promises."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SCRIPTS = sorted(EXAMPLES.glob("*.py"))


def run(script: Path) -> str:
    # UTF-8 whatever the locale: examples may print suit signs.
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    completed = subprocess.run(  # noqa: S603 - our own script, run by our own Python
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=120,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stderr == ""
    return completed.stdout


def test_there_are_examples() -> None:
    assert SCRIPTS, f"no example scripts in {EXAMPLES}"


@pytest.mark.parametrize("script", SCRIPTS, ids=[script.name for script in SCRIPTS])
def test_example_runs(script: Path) -> None:
    assert run(script).strip()


@pytest.fixture(scope="module")
def seed_rulings_output() -> str:
    return run(EXAMPLES / "seed_rulings.py")


def verdict_line(output: str, game: str, cards: str) -> str:
    """The one line of output where ``game`` rules on exactly ``cards``."""
    found = [
        line.strip()
        for line in output.splitlines()
        if line.strip().startswith(game)
        and line.strip().removeprefix(game).strip().startswith(cards + " ")
    ]
    assert len(found) >= 1, f"no verdict of {game} on {cards} in:\n{output}"
    return found[0]


@pytest.mark.parametrize(
    ("game", "cards", "valid", "rule"),
    [
        # The End of the Page FAQ: with 5s wild, 9 5 5 Q K is no run, 7 5 9 and
        # 5 Q K are (EOP-8); three 3s with 3s wild are no set; W 4 4 W is.
        ("End of the Page", "9S 5H 5D QS KS", False, "EOP-8"),
        ("End of the Page", "7S 5H 9S", True, None),
        ("End of the Page", "5D QS KS", True, None),
        ("End of the Page", "3H 3D 3C", False, "EOP-8"),
        ("End of the Page", "3S 4H 4D 3C", True, None),
        ("End of the Page", "7S 7H 7D 7C 3H", True, None),
        ("End of the Page", "AS 9H 3S", False, "EOP-7"),
        # 1400 has no spacing rule (F14-11), wants one natural card (F14-R8)
        # and plays the Ace high only (F14-10).
        ("1400", "9S 5H 5D QS KS", True, None),
        ("1400", "3H 3D 3C", False, "F14-R8"),
        ("1400", "AH 2H 3H", False, "F14-10"),
        # Going Out Rummy: WILDCARDs are free, all-wild melds count, the Ace
        # is low or high but never turns the corner (GOR-5, GOR-6).
        ("Going Out Rummy", "9S * * QS KS", True, None),
        ("Going Out Rummy", "* * *", True, None),
        ("Going Out Rummy", "AH 2H 3H", True, None),
        ("Going Out Rummy", "KH AH 2H", False, "MELD-3"),
    ],
)
def test_seed_rulings_verdicts(
    seed_rulings_output: str, game: str, cards: str, *, valid: bool, rule: str | None
) -> None:
    line = verdict_line(seed_rulings_output, game, cards)
    if valid:
        assert "valid:" in line
        assert "invalid:" not in line
    else:
        assert "invalid:" in line
        assert f"({rule})" in line


def test_play_a_game_plays_a_whole_game_and_prints_the_page() -> None:
    output = run(EXAMPLES / "play_a_game.py")
    rows = [line for line in output.splitlines() if line.strip().startswith("round ")]
    total = next(
        line for line in output.splitlines() if line.strip().startswith("total:")
    )
    assert len(rows) == 3
    sums = [
        sum(column)
        for column in zip(*(map(int, r.split()[2:]) for r in rows), strict=True)
    ]
    assert [int(x) for x in total.split()[1:]] == sums
    assert "Winner: player" in output
    assert "meld" in output
