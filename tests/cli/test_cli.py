"""The ``rummyrules`` command, run in-process: its output and its exit codes."""

from __future__ import annotations

import io
import json
import re
import runpy
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

from extras import need
from rummyrules import (
    EndOfThePage,
    FourteenHundred,
    FourteenHundredState,
    GoingOutRummy,
    OptionError,
    simulate,
)
from rummyrules.bots import GreedyBot, play_game
from rummyrules.cli import build_parser, main
from rummyrules.cli.play import Session, play
from rummyrules.cli.printer import Printer, RichPrinter, make_printer
from rummyrules.cli.seats import make_bots
from rummyrules.cli.variants import flag, rules_from
from rummyrules.formats.records import parse_record
from rummyrules.game.registry import VARIANTS, option_text
from rummyrules.game.state import PlayableRules

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
COMMANDS = ("demo", "play", "check", "simulate", "rules", "replay")


@pytest.fixture(autouse=True)
def no_forced_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever the environment, captured output is not a terminal."""
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "NO_COLOR"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(params=["rich", "plain"])
def output(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run the test twice: with rich, and as if rich were not installed."""
    if request.param == "plain":
        monkeypatch.setitem(sys.modules, "rich", None)
    else:
        need("rich")
    return str(request.param)


@pytest.fixture
def plain(monkeypatch: pytest.MonkeyPatch) -> None:
    """Plain output, as without the extra rummyrules[cli]."""
    monkeypatch.setitem(sys.modules, "rich", None)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def feed(monkeypatch: pytest.MonkeyPatch) -> Callable[[str], None]:
    """Give the command lines to read on standard input."""

    def give(text: str) -> None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(text))

    return give


# --- The parser ---------------------------------------------------------------


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([command, "--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: rummyrules {command}")
    assert "examples:" in out


def test_the_command_has_help_listing_every_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    for command in COMMANDS:
        assert command in out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.startswith("rummyrules ")


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["deal"],
        ["check", "eop"],
        ["check", "canasta", "7S 8S 9S"],
        ["simulate", "eop", "--games", "0"],
        ["demo", "--bots", "greedy,clever"],
        ["demo", "--seed", "x"],
        ["play", "eop", "--play", "3"],  # no abbreviations
    ],
)
def test_usage_errors_exit_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    assert "error:" in capsys.readouterr().err


def test_an_unknown_variant_is_named_with_the_choices(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["rules", "canasta"])
    err = capsys.readouterr().err
    assert "there is no variant 'canasta'" in err
    choices = [f"{cls.short_name} ({cls.name})" for cls in VARIANTS.values()]
    assert f"{', '.join(choices[:-1])} or {choices[-1]}" in err


@pytest.mark.parametrize(
    ("name", "cls"),
    [
        ("eop", EndOfThePage),
        ("EOP", EndOfThePage),
        ("end-of-the-page", EndOfThePage),
        ("EndOfThePage", EndOfThePage),
        ("end_of_the_page", EndOfThePage),
        ("1400", FourteenHundred),
        ("f14", FourteenHundred),
        ("F14", FourteenHundred),
        ("FourteenHundred", FourteenHundred),
        ("gor", GoingOutRummy),
        ("going-out", GoingOutRummy),
        ("GoingOutRummy", GoingOutRummy),
        ("going-out-rummy", GoingOutRummy),
    ],
)
def test_variant_names_and_aliases(name: str, cls: type[PlayableRules[Any]]) -> None:
    assert build_parser().parse_args(["rules", name]).variant is cls


def test_variant_names_come_from_the_rules_classes(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], plain: None
) -> None:
    """The command line holds no table of names: each rules class declares its own."""
    del plain
    monkeypatch.setattr(EndOfThePage, "short_name", "page")
    monkeypatch.setattr(EndOfThePage, "aliases", ("the-page",))
    for name in ("page", "The_Page", "EndOfThePage"):
        assert build_parser().parse_args(["rules", name]).variant is EndOfThePage
    with pytest.raises(SystemExit):
        build_parser().parse_args(["rules", "eop"])
    assert "choose page (End of the Page), 1400 (1400)" in capsys.readouterr().err
    code, out, _ = run(capsys, "rules")
    assert code == 0
    assert "End of the Page  EndOfThePage     page, the-page" in out
    with pytest.raises(SystemExit):
        main(["demo", "--help"])
    out = " ".join(capsys.readouterr().out.split())  # argparse wraps the help
    assert "page (End of the Page), 1400" in out
    assert "gor (Going Out Rummy)" in out


def test_python_dash_m_runs_the_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["rummyrules", "check", "eop", "7S 8S 9S"])
    monkeypatch.delitem(sys.modules, "rummyrules.__main__", raising=False)
    with pytest.raises(SystemExit) as exit_info:
        runpy.run_module("rummyrules", run_name="__main__")
    assert exit_info.value.code == 0
    assert capsys.readouterr().out == "valid: run 7S 8S 9S\n"


# --- Rules options ------------------------------------------------------------


def other_value(cls: type[PlayableRules[Any]], field: attrs.Attribute[Any]) -> object:
    """A value of the option other than its default that the rules accept alone."""
    default = getattr(cls(), field.name)
    if isinstance(default, bool):
        return not default
    if default is None:
        return 5
    if isinstance(default, int):
        for value in (default + 1, default - 1):
            try:
                cls(**{field.name: value})
            except OptionError:
                continue
            return value
        raise AssertionError(field.name)
    return next(member for member in type(default) if member != default)


OPTIONS = [(cls, field) for cls in VARIANTS.values() for field in attrs.fields(cls)]


@pytest.mark.parametrize(
    ("cls", "field"),
    OPTIONS,
    ids=[f"{cls.__name__}.{field.name}" for cls, field in OPTIONS],
)
def test_every_option_of_every_rules_class_is_a_flag(
    cls: type[PlayableRules[Any]], field: attrs.Attribute[Any]
) -> None:
    value = other_value(cls, field)
    argv = ["rules", cls.short_name, flag(field.name), option_text(value)]
    args = build_parser().parse_args(argv)
    assert getattr(rules_from(cls, args), field.name) == value


@pytest.mark.parametrize("command", ["demo", "play", "check", "simulate", "rules"])
def test_every_command_with_a_variant_takes_every_option(command: str) -> None:
    for cls, field in OPTIONS:
        value = option_text(getattr(cls(), field.name))
        extra = ["7S 8S 9S"] if command == "check" else []
        argv = [command, cls.short_name, *extra, flag(field.name), value]
        args = build_parser().parse_args(argv)
        assert rules_from(cls, args) == cls()


def test_option_help_comes_from_the_metadata(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = " ".join(capsys.readouterr().out.split())  # argparse wraps the help
    assert "--take-cards-above {true,false}" in out
    assert (
        "A deep pickup takes the cards above the chosen one too (EOP-R2, default true)"
        in out
    )
    assert "--stock-out {end_round,reshuffle,flip}" in out
    assert "(eop: EOP-R4, default end_round; 1400: F14-R10, default end_round)" in out
    assert "--going-out {standard,major,minor}" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["check", "eop", "7S 8S 9S", "--players", "1"],
            "players must be from 2 to 8 in End of the Page, not 1 (EOP-1)",
        ),
        (
            ["demo", "eop", "--stock-out", "burn"],
            "stock_out must be one of 'end_round', 'reshuffle', 'flip' in End of "
            "the Page, not 'burn' (EOP-R4)",
        ),
        (
            ["simulate", "gor", "--take-cards-above", "false"],
            "--take-cards-above is not an option of Going Out Rummy: its options are "
            "--players, --hand-size, --wildcards, --going-out, --last-player-wins, "
            "--max-turns",
        ),
        (
            ["rules", "1400", "--pass-freely", "yes"],
            "pass_freely must be True or False in 1400, not 'yes' (F14-R5)",
        ),
        (["rules", "eop", "--players", "3 rounds=2"], "--players takes one word"),
        (["rules", "--players", "3"], "options need a variant"),
        (
            ["play", "eop", "--players", "4", "--decks", "1"],
            "4 players need at least 2 decks in End of the Page (EOP-1)",
        ),
        (["play", "eop", "--seat", "2"], "--seat must be a player from 0 to 1, not 2"),
    ],
)
def test_bad_options_exit_2_with_the_librarys_sentence(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert message in err
    assert err.startswith(f"rummyrules {argv[0]}: error: ")


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


# --- demo -----------------------------------------------------------------------


@pytest.mark.usefixtures("output")
def test_demo_plays_a_whole_game_of_end_of_the_page_by_default(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "demo")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert (
        lines[0] == "End of the Page, 2 players (greedy, greedy), seed 1: EndOfThePage"
    )
    assert lines[2].startswith("Round 1, dealer 0, wild ")
    assert any(line.startswith("player 1: ") for line in lines)
    assert any(
        re.fullmatch(r"Round \d+ ends: player \d went out \(EOP-16\)", line)
        for line in lines
    )
    assert sum(line.startswith("Round ") and " ends" in line for line in lines) == 10
    assert "The score sheet" in out
    game = play_game(
        EndOfThePage(), [GreedyBot(seed=16), GreedyBot(seed=17)], seed=1
    ).state
    totals = [str(score) for score in game.scores]
    rows = [line.replace("│", " ").split() for line in lines]
    (total_row,) = [row for row in rows if row[:1] == ["total"]]
    assert total_row[1:] == totals
    winners = " and ".join(f"player {p}" for p in game.winners)
    assert lines[-1].endswith(winners)


def test_demo_is_the_same_for_the_same_seed(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "demo", "1400", "--seed", "4", "--target", "300")
    second = run(capsys, "demo", "1400", "--seed", "4", "--target", "300")
    other = run(capsys, "demo", "1400", "--seed", "5", "--target", "300")
    assert first == second
    assert first[1] != other[1]


def test_demo_brief_leaves_out_the_quiet_turns(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, full, _ = run(capsys, "demo", "--rounds", "3")
    _, brief, _ = run(capsys, "demo", "--rounds", "3", "--brief")
    quiet = [
        line
        for line in full.splitlines()
        if re.fullmatch(r"player \d: (draw|take \S+), discard \S+", line)
    ]
    assert quiet
    assert not any(line in brief.splitlines() for line in quiet)
    assert len(brief.splitlines()) < len(full.splitlines())


def test_demo_names_the_card_taken_and_who_goes_out(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run(capsys, "demo", "gor", "--seed", "2")
    lines = out.splitlines()
    assert not any(line.endswith((": take", " take,")) for line in lines)
    assert "take " in out
    winner = lines[-1].removeprefix("Winner: ")
    assert f"The game ends: {winner} went out (GOR-7)" in lines


def test_demo_with_other_players_and_bots(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "demo",
        "1400",
        "--players",
        "3",
        "--bots",
        "greedy,random",
        "--seed",
        "2",
    )
    assert code == 0
    assert out.startswith(
        "1400, 3 players (greedy, random, greedy), seed 2: FourteenHundred players=3"
    )


def test_demo_saves_a_record_that_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.txt"
    code, out, _ = run(capsys, "demo", "--rounds", "2", "--record", str(path))
    assert code == 0
    assert f"The game record is in {path}" in out
    record = parse_record(path.read_text(encoding="utf-8"))
    assert record.rules == EndOfThePage(rounds=2)
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert out.startswith(f"ok: {len(record.moves)} moves, 2 rounds, final scores ")


# --- simulate -------------------------------------------------------------------


def test_simulate_prints_a_table_of_wins_scores_and_lengths(
    output: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(
        capsys,
        "simulate",
        "eop",
        "--games",
        "4",
        "--rounds",
        "2",
        "--bots",
        "greedy,random",
    )
    assert (code, err) == (0, "")
    assert out.startswith("4 games of End of the Page (seed 0): EndOfThePage rounds=2")
    assert "greedy" in out
    assert "random" in out
    assert "mean score" in out
    assert "Game length: " in out
    assert ("━" in out) == (output == "rich")


def test_simulate_json_is_one_object_that_adds_up(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(
        capsys,
        "simulate",
        "1400",
        "--games",
        "3",
        "--seed",
        "10",
        "--target",
        "300",
        "--json",
    )
    assert code == 0
    summary = json.loads(out)
    assert summary["variant"] == "FourteenHundred"
    assert summary["rules"] == "FourteenHundred target=300"
    assert (summary["games"], summary["seed"]) == (3, 10)
    seats = summary["seats"]
    assert [seat["seat"] for seat in seats] == [0, 1, 2, 3]
    assert {seat["bot"] for seat in seats} == {"greedy"}
    assert sum(seat["wins"] for seat in seats) >= 3 - summary["no_winner"]
    expected = simulate(FourteenHundred(target=300), ["greedy"] * 4, games=3, seed=10)
    assert summary["moves"] == attrs.asdict(expected.moves)
    assert summary["turns"] == attrs.asdict(expected.turns)
    assert [seat["score_error"] for seat in seats] == [
        seat.score_error for seat in expected.seats
    ]


def test_simulate_going_out_has_no_scores(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "gor", "--games", "3", "--json")
    assert code == 0
    summary = json.loads(out)
    assert summary["rounds"] is None
    assert all(seat["mean_score"] is None for seat in summary["seats"])
    assert sum(seat["wins"] for seat in summary["seats"]) + summary["no_winner"] == 3


def test_simulate_shows_a_progress_bar_on_a_terminal() -> None:
    need("rich")
    err = io.StringIO()
    printer = RichPrinter(out=io.StringIO(), err=err, force_terminal=True)
    with printer.progress(3, "Playing games") as update:
        for done in range(1, 4):
            update(done, 3)
    assert "Playing games" in err.getvalue()
    quiet = io.StringIO()
    with RichPrinter(out=io.StringIO(), err=quiet).progress(3, "Playing") as update:
        update(1, 3)
    assert quiet.getvalue() == ""  # not a terminal: no bar


def test_simulate_with_jobs_gives_the_same_json_and_fills_its_progress_bar(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    need("rich")
    args = [
        "simulate",
        "eop",
        "--rounds",
        "1",
        "--games",
        "12",
        "--seed",
        "4",
        "--json",
    ]
    code, alone, _ = run(capsys, *args)
    assert code == 0
    err = io.StringIO()
    printer = RichPrinter(out=sys.stdout, err=err, force_terminal=True)
    monkeypatch.setattr("rummyrules.cli.make_printer", lambda: printer)
    code, shared, _ = run(capsys, *args, "--jobs", "2")
    assert code == 0
    assert json.loads(shared) == json.loads(alone)
    assert "Playing End of the Page" in err.getvalue()
    assert "12/12" in err.getvalue() or "100%" in err.getvalue()


def test_simulate_seats_a_bot_by_its_import_path(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bots = "greedy,simulation_bots:FirstMoveBot"
    code, out, _ = run(
        capsys, "simulate", "gor", "--games", "6", "--bots", bots, "--json"
    )
    assert code == 0
    summary = json.loads(out)
    assert [seat["bot"] for seat in summary["seats"]] == bots.split(",")
    expected = simulate(GoingOutRummy(), bots.split(","), games=6)
    assert [seat["wins"] for seat in summary["seats"]] == [
        seat.wins for seat in expected.seats
    ]


def test_simulate_records_writes_one_record_a_game_that_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "games"
    code, out, _ = run(
        capsys, "simulate", "eop", "--rounds", "1", "--games", "3", "--seed", "2",
        "--records", str(folder),
    )  # fmt: skip
    assert code == 0
    assert f"The game records are in {folder}" in out
    assert sorted(path.name for path in folder.iterdir()) == [
        "game-0000.txt",
        "game-0001.txt",
        "game-0002.txt",
    ]
    expected = simulate(
        EndOfThePage(rounds=1), ["greedy"] * 2, games=3, seed=2, records=True
    )
    for path, record in zip(
        sorted(folder.iterdir()), expected.records or (), strict=True
    ):
        assert parse_record(path.read_text(encoding="utf-8")) == record
        assert run(capsys, "replay", str(path))[0] == 0


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--jobs", "-1"], "must be 0 (every core) or a whole number of processes"),
        (["--bots", "greedy,no_such_module:Bot"], "cannot import the bot"),
        (["--bots", "simulation_bots:Nobody"], "simulation_bots has no Nobody"),
    ],
)
def test_simulate_refuses_bad_jobs_and_bots(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["simulate", "gor", "--games", "2", *argv])
    assert caught.value.code == 2
    assert message in capsys.readouterr().err


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


# --- play -----------------------------------------------------------------------


def test_play_explains_refused_moves_with_their_rule(
    feed: Callable[[str], None], capsys: pytest.CaptureFixture[str]
) -> None:
    feed("discard KS\ndance\nmoves\n9\nhelp\n1: draw\nquit\n")
    code, out, _ = run(capsys, "play", "eop", "--seed", "3")
    assert code == 0
    assert "Not allowed: draw first: a turn begins with 'draw' or 'take' (EOP-5)" in out
    assert "'dance' is not a move" in out
    assert "   1. draw\n   2. take\n" in out
    assert "There is no move 9: the moves are numbered 1 to 2" in out
    assert "lay 3C on 1" in out  # the help
    assert "You are player 0." in out
    assert out.rstrip().endswith("You leave the game.")


def test_play_shows_only_what_the_player_may_see(
    feed: Callable[[str], None], capsys: pytest.CaptureFixture[str]
) -> None:
    feed("quit\n")
    code, out, _ = run(capsys, "play", "eop", "--seed", "3", "--seat", "1")
    assert code == 0
    game = EndOfThePage().new_game(seed=3)
    mine = " ".join(map(str, game.hand(1)))
    theirs = " ".join(map(str, game.hand(0)))
    assert f"Your hand: {mine}" in out
    assert theirs not in out
    assert f"Cards in hand: player 0 {len(game.hand(0))}" in out
    assert f"Stock: {len(game.stock)} cards" in out


def test_play_in_going_out_hides_the_piles(
    feed: Callable[[str], None], capsys: pytest.CaptureFixture[str]
) -> None:
    feed("draw\n" + "1\n" * 3 + "quit\n")
    code, out, _ = run(capsys, "play", "gor", "--seed", "1")
    assert code == 0
    assert "Stock: many" in out
    assert "cards\n" not in out.split("Stock: ", 1)[1].split("\n", 1)[0]


def test_play_a_whole_game_by_move_numbers(
    feed: Callable[[str], None], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    feed("1\n" * 400)
    path = tmp_path / "game.txt"
    code, out, _ = run(
        capsys,
        "play",
        "1400",
        "--seed",
        "1",  # a game with a claim window (F14-12) for the player
        "--bots",
        "random",
        "--target",
        "300",
        "--record",
        str(path),
    )
    assert code == 0
    assert "you may claim it out of turn" in out
    assert "Winner" in out
    assert "You leave the game." not in out
    assert run(capsys, "replay", str(path))[0] == 0


def test_play_lets_a_claim_go_with_enter() -> None:
    prompts: list[str] = []

    def answer(prompt: str) -> str:
        prompts.append(prompt)
        return "" if prompt.startswith("claim") else "1"

    out = io.StringIO()
    args = build_parser().parse_args(
        ["play", "1400", "--seed", "1", "--bots", "random", "--target", "300"]
    )
    assert play(args, Printer(out=out, err=io.StringIO()), answer) == 0
    text = out.getvalue()
    offers = text.count("you may claim it out of turn")
    assert offers == sum(prompt.startswith("claim") for prompt in prompts) > 0
    assert "you: claim" not in text
    assert "Winner" in text


def test_play_ends_at_the_end_of_input(
    feed: Callable[[str], None], capsys: pytest.CaptureFixture[str]
) -> None:
    feed("draw\n")
    code, out, _ = run(capsys, "play", "eop", "--seed", "3")
    assert code == 0
    assert "your move> draw\n" in out
    assert out.rstrip().endswith("You leave the game.")


def test_play_with_a_chosen_seed_is_announced_and_a_new_seed_otherwise(
    feed: Callable[[str], None], capsys: pytest.CaptureFixture[str]
) -> None:
    feed("quit\n")
    _, out, _ = run(capsys, "play", "gor", "--seed", "77")
    assert "Seed 77." in out.splitlines()[0]
    feed("quit\n")
    _, out, _ = run(capsys, "play", "gor")
    assert "Seed " in out.splitlines()[0]


def test_play_reads_from_any_function() -> None:
    lines = iter(["draw", "1", "quit"])
    out = io.StringIO()
    args = build_parser().parse_args(["play", "gor", "--seed", "1"])
    code = play(args, Printer(out=out, err=io.StringIO()), lambda _: next(lines))
    assert code == 0
    assert "you: draw" in out.getvalue()


def test_f14_r3_play_shows_the_marker_on_the_table(
    feed: Callable[[str], None], capsys: pytest.CaptureFixture[str]
) -> None:
    feed("quit\n")
    code, out, _ = run(
        capsys,
        "play",
        "1400",
        "--wild-card-dealt",
        "false",
        "--seed",
        "3",
        "--seat",
        "1",
    )
    assert code == 0
    game = FourteenHundred(wild_card_dealt=False).new_game(seed=3)
    assert isinstance(game, FourteenHundredState)
    assert game.marker is not None
    assert f"Round 1, dealer 0, wild {game.wild} ({game.marker} on the table)" in out
    assert "face up" not in out


def test_gor_10_the_table_shows_who_dropped_out() -> None:
    game = GoingOutRummy(players=3).new_game(seed=4).apply("2: drop")
    out = io.StringIO()
    session = Session(
        game,
        human=game.to_move or 0,
        bots=[],
        printer=Printer(out=out, err=io.StringIO()),
        read=lambda _: None,
    )
    session.show()
    lines = out.getvalue().splitlines()
    assert "Dropped out: player 2" in lines
    (sizes,) = [line for line in lines if line.startswith("Cards in hand: ")]
    assert "player 2" not in sizes
    assert not any(line.startswith(("Scores:", "Your turn: round")) for line in lines)


def test_session_offers_a_claim_naming_who_discarded_what() -> None:
    prompts: list[str] = []

    def answer(prompt: str) -> str:
        prompts.append(prompt)
        return "" if prompt.startswith("claim") else "1"

    out = io.StringIO()
    args = build_parser().parse_args(
        ["play", "1400", "--seed", "1", "--bots", "random", "--target", "300"]
    )
    play(args, Printer(out=out, err=io.StringIO()), answer)
    offers = re.findall(
        r"^(player \d) discarded (\S+); you may claim it out of turn:$",
        out.getvalue(),
        flags=re.MULTILINE,
    )
    assert offers
    lines = out.getvalue().splitlines()
    for who, card in offers:
        offer = lines.index(f"{who} discarded {card}; you may claim it out of turn:")
        said = next(line for line in reversed(lines[:offer]) if ": " in line)
        assert said.startswith(f"{who}: ")
        assert said.endswith(f"discard {card}")


def test_session_plays_until_the_game_is_over() -> None:
    rules = GoingOutRummy(max_turns=6)
    out = io.StringIO()
    session = Session(
        rules.new_game(seed=1),
        human=0,
        bots=make_bots(["random"], 2, seed=1),
        printer=Printer(out=out, err=io.StringIO()),
        read=lambda _: "1",
    )
    assert session.run() is True
    assert session.game.is_over
    assert out.getvalue().rstrip().endswith("The game ended with no winner")


def test_interrupt_exits_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(_: str) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupted)
    assert main(["play", "eop", "--seed", "1"]) == 130
    capsys.readouterr()


# --- output ---------------------------------------------------------------------


def test_the_printer_is_rich_when_rich_is_installed() -> None:
    need("rich")
    assert isinstance(make_printer(), RichPrinter)


@pytest.mark.usefixtures("plain")
def test_without_rich_the_printer_is_plain() -> None:
    printer = make_printer()
    assert type(printer) is Printer


def test_no_colour_when_output_is_not_a_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "check", "eop", "7S 8S 9S")
    assert code == 0
    assert "\x1b[" not in out


def test_colour_on_a_terminal_unless_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    need("rich")
    out = io.StringIO()
    RichPrinter(out=out, err=io.StringIO(), force_terminal=True).line(
        "valid", style="green"
    )
    assert "\x1b[32m" in out.getvalue()
    monkeypatch.setenv("NO_COLOR", "1")
    out = io.StringIO()
    RichPrinter(out=out, err=io.StringIO(), force_terminal=True).line(
        "valid", style="green"
    )
    assert "\x1b[32m" not in out.getvalue()


def test_rich_output_reads_card_text_and_brackets_literally() -> None:
    need("rich")
    out = io.StringIO()
    printer = RichPrinter(out=out, err=io.StringIO())
    printer.line("[Variant] :smile: 7S 5H=8S " + "x" * 120)
    assert out.getvalue() == "[Variant] :smile: 7S 5H=8S " + "x" * 120 + "\n"


def test_plain_tables_align_numbers_right() -> None:
    out = io.StringIO()
    Printer(out=out, err=io.StringIO()).table(
        ["round", "player 0"], [["1", "-30"], ["total", "1400"]], numeric={1}
    )
    assert out.getvalue().splitlines() == [
        "round  player 0",
        "-----  --------",
        "1           -30",
        "total      1400",
    ]


def test_demo_seats_a_bot_by_its_import_path(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bots = "simulation_bots:FirstMoveBot,random"
    code, out, _ = run(capsys, "demo", "gor", "--bots", bots, "--max-turns", "2")
    assert code == 0
    assert out.startswith(
        "Going Out Rummy, 2 players (simulation_bots:FirstMoveBot, random), seed 1"
    )


def test_simulate_finds_a_bot_module_in_the_current_directory_on_every_worker(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # As a user would: mybots.py beside them, not installed, not on sys.path.
    source = (Path(__file__).parents[1] / "simulation_bots.py").read_text(
        encoding="utf-8"
    )
    (tmp_path / "cwd_bots.py").write_text(source, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", ".")])
    monkeypatch.delitem(sys.modules, "cwd_bots", raising=False)
    bots = "cwd_bots:FirstMoveBot,greedy"
    argv = [
        "simulate",
        "eop",
        "--rounds",
        "1",
        "--games",
        "12",
        "--bots",
        bots,
        "--json",
    ]
    code, shared, _ = run(capsys, *argv, "--jobs", "2")
    assert code == 0
    code, alone, _ = run(capsys, *argv)
    assert json.loads(shared) == json.loads(alone)
    assert json.loads(alone)["seats"][0]["bot"] == "cwd_bots:FirstMoveBot"


def test_simulate_records_refuses_a_folder_that_holds_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "games"
    args = ["simulate", "eop", "--rounds", "1", "--seed", "2", "--records", str(folder)]
    assert run(capsys, *args, "--games", "3")[0] == 0
    code, out, err = run(capsys, *args, "--games", "2")
    assert code == 2
    assert "not empty" in err
    assert "--overwrite" in err
    assert "games of" not in out  # refused before a game is played
    assert len(list(folder.iterdir())) == 3  # the earlier run's records, untouched


def test_simulate_records_overwrite_leaves_only_the_new_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "games"
    args = ["simulate", "eop", "--rounds", "1", "--records", str(folder)]
    assert run(capsys, *args, "--games", "3", "--seed", "2")[0] == 0
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    assert run(capsys, *args, "--games", "2", "--seed", "5", "--overwrite")[0] == 0
    names = sorted(path.name for path in folder.iterdir())
    assert names == ["game-0000.txt", "game-0001.txt", "notes.txt"]
    expected = simulate(
        EndOfThePage(rounds=1), ["greedy"] * 2, games=2, seed=5, records=True
    )
    read = [
        parse_record((folder / name).read_text(encoding="utf-8")) for name in names[:2]
    ]
    assert read == list(expected.records or ())


def test_simulate_records_refuses_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games"
    path.write_text("", encoding="utf-8")
    code, _, err = run(
        capsys, "simulate", "eop", "--rounds", "1", "--records", str(path)
    )
    assert code == 2
    assert "it is a file" in err
