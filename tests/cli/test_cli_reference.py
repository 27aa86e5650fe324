"""``rummyrules check``, ``rules`` and ``replay``, run in-process: their output and their exit codes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

from rummyrules.cli.variants import flag
from rummyrules.formats.records import parse_record
from rummyrules.game.registry import VARIANTS
from rummyrules.game.state import PlayableRules

from .conftest import run

pytestmark = pytest.mark.usefixtures("no_forced_terminal")

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


# --- check ----------------------------------------------------------------------


@pytest.mark.usefixtures("output")
@pytest.mark.parametrize(
    ("argv", "code", "expected"),
    [
        (["eop", "7S 5H 9S", "--wild", "5"], 0, "valid: run 7S 5H=8S 9S"),
        (
            ["eop", "9S", "5H", "5D", "QS", "KS", "--wild", "5"],
            1,
            "invalid: wild cards 5H and 5D have only 0 natural cards between them; "
            "End of the Page needs 2 (EOP-8)",
        ),
        (
            ["1400", "9S 5H 5D QS KS", "--wild", "5"],
            0,
            "valid: run 9S 5H=10S 5D=JS QS KS",
        ),
        (
            ["eop", "2S 3S 4S"],
            1,
            "invalid: there is no 2S in the End of the Page deck (EOP-1)",
        ),
        (["gor", "* * 7H", "--wildcards", "2"], 0, "valid:"),
        (["gor", "* * 7H"], 1, "invalid:"),
        (["1400", "5H 5D 5C", "--wild", "5"], 1, "invalid:"),
        (["1400", "5H 5D 5C", "--wild", "5", "--all-wild-melds", "true"], 0, "valid:"),
        (["eop", "7s 5h=8s 9s", "--wild", "5"], 0, "valid: run 7S 5H=8S 9S"),
    ],
)
def test_check_settles_a_meld(
    argv: list[str], code: int, expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    got, out, err = run(capsys, "check", *argv)
    assert (got, err) == (code, "")
    assert out.startswith(expected)
    assert out.count("\n") == 1


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["eop", "7S 8X 9S"], "'8X' is not a card"),
        (
            ["eop", "7S 8S 9S", "--wild", "A"],
            "A cannot be the wild rank in End of the Page",
        ),
        (["gor", "7S 8S 9S", "--wild", "5"], "Going Out Rummy has no wild rank"),
    ],
)
def test_check_refuses_bad_text_with_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "check", *argv)
    assert (code, out) == (2, "")
    assert message in err


# --- rules ----------------------------------------------------------------------


@pytest.mark.usefixtures("plain")
@pytest.mark.parametrize("cls", list(VARIANTS.values()), ids=list(VARIANTS))
def test_rules_lists_every_option_from_the_rules_class(
    cls: type[PlayableRules[Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "rules", cls.short_name)
    assert (code, err) == (0, "")
    assert out.startswith(f"{cls.name} ({cls.__name__}): ")
    lines = out.splitlines()
    for field in attrs.fields(cls):
        (row,) = [line for line in lines if line.startswith(flag(field.name) + " ")]
        assert field.metadata["rule"] in row
        assert field.metadata["doc"] in row
        rule = field.metadata["rule"]
        if "-R" in rule:  # a ruling, listed again with its option
            assert any(
                line.split()
                == [rule, f"{flag(field.name)}:", *field.metadata["doc"].split()]
                for line in lines
            )


@pytest.mark.usefixtures("plain")
@pytest.mark.parametrize("cls", list(VARIANTS.values()), ids=list(VARIANTS))
def test_rules_heads_only_the_lines_it_has(
    cls: type[PlayableRules[Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    """A game with no option that settles a ruling (Toy Rummy) prints no rulings heading."""
    _, out, _ = run(capsys, "rules", cls.short_name)
    rules = [field.metadata["rule"] for field in attrs.fields(cls)]
    rulings = any("-R" in rule for rule in rules)
    assert ("Rulings these options settle" in out) == rulings
    assert ("Rules the other options set" in out) == (not all("-R" in r for r in rules))


def test_rules_shows_defaults_and_the_values_given(
    capsys: pytest.CaptureFixture[str], plain: None
) -> None:
    del plain
    code, out, _ = run(capsys, "rules", "eop")
    assert code == 0
    assert "1 (by players: 1 for 2–3, 2 for 4–6, 3 for 7–8)" in out
    assert "end_round, reshuffle or flip" in out
    assert (
        "Rules the other options set: EOP-1 (--players, --decks), EOP-17 (--rounds)"
        in out
    )
    code, out, _ = run(capsys, "rules", "eop", "--players", "5", "--stock-out", "flip")
    assert code == 0
    (row,) = [line for line in out.splitlines() if line.startswith("--decks ")]
    assert row.split()[1] == "2"  # the value for five players
    assert "These rules: EndOfThePage players=5 stock_out=flip." in out


def test_rules_without_a_variant_lists_the_variants(
    output: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "rules")
    assert code == 0
    for name, cls in VARIANTS.items():
        assert name in out
        assert cls.name in out
    assert ("┃" in out) == (output == "rich")


# --- replay ---------------------------------------------------------------------


@pytest.mark.usefixtures("output")
@pytest.mark.parametrize("name", sorted(path.name for path in GOLDEN.glob("*.txt")))
def test_replay_verifies_the_golden_games(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    record = parse_record((GOLDEN / name).read_text(encoding="utf-8"))
    code, out, err = run(capsys, "replay", str(GOLDEN / name))
    assert (code, err) == (0, "")
    assert out.startswith(f"ok: {len(record.moves)} moves, ")
    assert "winner player " in out


def test_replay_names_the_first_fault(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (GOLDEN / "eop_two_players.txt").read_text(encoding="utf-8")
    path = tmp_path / "bad.txt"
    path.write_text(text.replace("2. discard 10D", "2. discard 9S"), encoding="utf-8")
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 1
    assert out.startswith("invalid: move 2, 'discard 9S', is refused: ")
    assert out.rstrip().endswith(")")  # the rule ID
    path.write_text(
        text.replace('[Round 3 "10 110"]', '[Round 3 "10 111"]'), encoding="utf-8"
    )
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 1
    assert "round 3 scores differ" in out


def test_replay_refuses_text_that_is_no_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("hello\n", encoding="utf-8")
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 1
    assert out.startswith("invalid: ")


def test_replay_reads_standard_input(
    feed: Callable[[str], None], capsys: pytest.CaptureFixture[str]
) -> None:
    feed((GOLDEN / "gor_four_players.txt").read_text(encoding="utf-8"))
    code, out, _ = run(capsys, "replay", "-")
    assert code == 0
    assert out.startswith("ok: ")
    assert "scores" not in out  # Going Out Rummy keeps no score


def test_replay_of_a_missing_file_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "replay", str(tmp_path / "none.txt"))
    assert (code, out) == (2, "")
    assert "cannot read" in err
