"""The ``rummyrules`` command's parser, run in-process: help, the version, usage errors, the games' names, every rules option a flag."""

from __future__ import annotations

import runpy
import sys
from typing import Any

import attrs
import pytest

from rummyrules import EndOfThePage, FourteenHundred, GoingOutRummy, OptionError
from rummyrules.cli import build_parser, main
from rummyrules.cli.variants import flag, rules_from
from rummyrules.game.registry import VARIANTS, option_text
from rummyrules.game.state import PlayableRules

from .conftest import run

pytestmark = pytest.mark.usefixtures("no_forced_terminal")

COMMANDS = ("demo", "play", "check", "simulate", "rules", "replay")


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
