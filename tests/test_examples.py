"""Every script in examples/ runs, exits 0 and prints the verdicts it promises."""

from __future__ import annotations

import functools
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from extras import need_extra

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SCRIPTS = sorted(EXAMPLES.glob("*.py"))
SIMULATE = EXAMPLES / "simulate_house_rules.py"
TRAIN = EXAMPLES / "train_small_agent.py"
SLOW = {SIMULATE, TRAIN}
"""Scripts whose default run takes minutes: a quick run leaves them out."""


def execute(script: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run an example with these arguments and no input."""
    # UTF-8 whatever the locale: examples may print suit signs.
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(  # noqa: S603 - our own script, run by our own Python
        [sys.executable, str(script), *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        # train_small_agent trains for 90 s of the clock, then measures 800
        # games: on a loaded machine that is more than two minutes.
        timeout=300 if script == TRAIN else 120,
        check=False,
    )


@functools.cache
def run(script: Path, *args: str) -> str:
    """An example's output, once it has exited 0 with nothing on stderr.

    Cached: each script runs once with the same arguments, however many
    tests read its output.
    """
    completed = execute(script, *args)
    assert completed.returncode == 0, completed.stderr
    assert completed.stderr == ""
    return completed.stdout


def test_there_are_examples() -> None:
    assert SCRIPTS, f"no example scripts in {EXAMPLES}"


def _slow_marks(script: Path) -> list[pytest.MarkDecorator]:
    # Training runs for minutes: the tests that read its output share one
    # worker (CI's slow step runs with --dist loadgroup), so run() trains once.
    if script == TRAIN:
        return [pytest.mark.slow, pytest.mark.xdist_group("train_small_agent")]
    return [pytest.mark.slow]


@pytest.mark.parametrize(
    "script",
    [
        pytest.param(script, marks=_slow_marks(script)) if script in SLOW else script
        for script in SCRIPTS
    ],
    ids=[script.name for script in SCRIPTS],
)
def test_example_runs(script: Path) -> None:
    assert run(script).strip()


@pytest.fixture(scope="module")
def answers() -> dict[tuple[str, str], str]:
    """settle_a_ruling's answer lines, by game and question."""
    found: dict[tuple[str, str], str] = {}
    game = question = ""
    for line in run(EXAMPLES / "settle_a_ruling.py").splitlines():
        if line and not line.startswith(" "):
            game = line
        elif line.startswith("  Q: "):
            question = line.removeprefix("  Q: ")
        elif line.strip():
            assert (game, question) not in found, f"two answers to {question}"
            found[game, question] = line.strip()
    return found


def answer_to(answers: dict[tuple[str, str], str], game: str, question: str) -> str:
    """The one answer of ``game`` to the question that contains ``question``."""
    found = [
        answer
        for (where, asked), answer in answers.items()
        if where == game and question in asked
    ]
    assert len(found) == 1, f"{len(found)} answers of {game} to {question!r}"
    return found[0]


@pytest.mark.parametrize(
    ("game", "question", "verdict"),
    [
        # The End of the Page text: with 5s wild, 9 5 5 Q K is no run, 7 5 9
        # and 5 Q K are (EOP-8); then its common questions, one by one.
        ("End of the Page", "may I lay 9 5 5 Q K", "No (EOP-8)"),
        ("End of the Page", "7 5 9 as a run", "Yes (EOP-8)"),
        ("End of the Page", "5 Q K as another", "Yes (EOP-8)"),
        ("End of the Page", "three of them", "No (EOP-8)"),
        ("End of the Page", "Ace play low", "No (EOP-7)"),
        ("End of the Page", "May the set hold five", "Yes (MELD-2)"),
        ("End of the Page", "W 4 4 W", "Yes (EOP-8)"),
        ("End of the Page", "last card plays", "No (EOP-12)"),
        ("End of the Page", "very first turn", "Yes (EOP-14)"),
        ("End of the Page", "210 for the dealer", "Yes (EOP-16)"),
        ("End of the Page", "card I just took", "Yes (EOP-R3)"),
        ("End of the Page", "discard_taken_card=False", "No (EOP-R3)"),
        # 1400 plays the Ace high only, has no spacing rule, wants a natural
        # card in every meld, deals 15 for an Ace, and claims need a meld.
        ("1400", "Ace play low", "No (F14-10)"),
        ("1400", "side by side", "Yes (F14-11)"),
        ("1400", "three 3s", "No (F14-R8)"),
        ("1400", "15 cards", "Yes (F14-R2)"),
        ("1400", "claim a discard", "No (F14-12)"),
        # Going Out Rummy: all-wild melds count, the Ace is low or high but
        # never turns the corner, one card may be left over, and going out is
        # a choice.
        ("Going Out Rummy", "nothing but WILDCARDs", "Yes (GOR-6)"),
        ("Going Out Rummy", "A 2 3", "Yes (GOR-5)"),
        ("Going Out Rummy", "K A 2", "No (MELD-3)"),
        ("Going Out Rummy", "two more 7s", "No (MELD-2)"),
        ("Going Out Rummy", "one card left over", "Yes (GOR-7)"),
        ("Going Out Rummy", "instead of going out", "Yes (GOR-R1)"),
    ],
)
def test_settle_a_ruling_answers(
    answers: dict[tuple[str, str], str], game: str, question: str, verdict: str
) -> None:
    assert answer_to(answers, game, question).startswith(verdict + ": ")


def test_settle_a_ruling_answers_every_question_it_asks(
    answers: dict[tuple[str, str], str],
) -> None:
    asked = run(EXAMPLES / "settle_a_ruling.py").count("\n  Q: ")
    assert len(answers) == asked
    assert {game for game, _ in answers} == {
        "End of the Page",
        "1400",
        "Going Out Rummy",
    }
    verdict = re.compile(r"(Yes|No) \((MELD|EOP|F14|GOR)-R?\d+\): \S")
    assert all(verdict.match(answer) for answer in answers.values())


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


def table(output: str) -> dict[str, list[str]]:
    """simulate_house_rules' table rows: each row's label, then its figures."""
    rows: dict[str, list[str]] = {}
    for line in output.splitlines():
        match = re.fullmatch(r"(\S.*?)\s+((?:[-+]?\d+\.\d|-)(?:\s+\S+)*)", line)
        if match:
            rows[match[1]] = match[2].split()
    return rows


@pytest.mark.slow
def test_simulate_house_rules_compares_the_default_settings() -> None:
    output = run(SIMULATE)
    assert "A: discard_taken_card=true" in output
    assert "B: discard_taken_card=false" in output
    assert "EndOfThePage discard_taken_card=false" in output
    rows = table(output)
    for label in (
        "seat 0 (greedy) mean score",
        "seat 1 (random) win rate %",
        "moves per game",
        "rounds per game",
    ):
        a, b, change, error = (float(figure) for figure in rows[label])
        assert change == pytest.approx(b - a, abs=0.11)
        assert error >= 0
    assert rows["rounds per game"][:2] == ["10.0", "10.0"]  # the page (EOP-17)


@pytest.mark.slow
def test_simulate_house_rules_is_the_same_on_every_run() -> None:
    args = ("--variant", "FourteenHundred players=2", "--games", "4", "--seed", "7")
    first = execute(SIMULATE, *args)
    assert first.returncode == 0, first.stderr
    assert first.stdout == execute(SIMULATE, *args).stdout
    assert "A: lay_off_needs_meld=false" in first.stdout
    assert "4 games a setting, seed 7" in first.stdout
    assert set(table(first.stdout)) >= {"seat 1 (random) mean score", "moves per game"}


def test_simulate_house_rules_compares_one_option_with_the_defaults() -> None:
    output = run(
        SIMULATE,
        "--variant",
        "GoingOutRummy",
        "--option",
        "going_out=minor",
        "--games",
        "3",
        "--bots",
        "greedy",
    )
    assert "A: the defaults" in output
    assert "B: going_out=minor" in output
    rows = table(output)
    assert "seat 1 (greedy) win rate %" in rows
    assert not any("mean score" in label for label in rows)  # GOR keeps no score


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--option", "stock_out=sometimes"), "(EOP-R4)"),
        (("--option", "rounds=10"), "both settings give the same rules"),
        (("--variant", "Canasta"), "there is no variant 'Canasta'"),
        (("--bots", "greedy,clever"), "--bots: there is no bot 'clever'"),
    ],
)
def test_simulate_house_rules_refuses_what_it_cannot_compare(
    args: tuple[str, ...], message: str
) -> None:
    completed = execute(SIMULATE, *args)
    assert completed.returncode == 2
    assert message in completed.stderr
    assert completed.stdout == ""


def win_rates(output: str) -> dict[str, tuple[float, float]]:
    """train_small_agent's win and loss rates (percent), by agent."""
    found: dict[str, tuple[float, float]] = {}
    for match in re.finditer(
        r"^(.+?) +vs RandomBot .*: win rate ([0-9.]+)%, loss rate ([0-9.]+)%$",
        output,
        re.MULTILINE,
    ):
        found[match[1]] = (float(match[2]), float(match[3]))
    return found


def test_train_small_agent_runs_with_a_short_budget() -> None:
    need_extra("rl")
    output = run(TRAIN, "--seconds", "2", "--games", "10")
    assert re.search(r"trained for 2 s: \d+ games", output)
    assert set(win_rates(output)) == {"trained agent", "uniform random agent"}


@pytest.mark.slow
@pytest.mark.xdist_group("train_small_agent")
def test_train_small_agent_beats_random_bot_clearly() -> None:
    """The default budget: the trained agent wins far more often than it loses, and than chance."""
    rates = win_rates(run(TRAIN))
    won, lost = rates["trained agent"]
    chance, _ = rates["uniform random agent"]
    assert won >= 20.0
    assert won >= 5 * lost
    assert won >= 5 * chance
