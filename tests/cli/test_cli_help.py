"""``rummyrules COMMAND --help``: each game's options read for that game."""

from __future__ import annotations

from typing import Any

import pytest

from rummyrules.cli import main
from rummyrules.cli.variants import flag, options_of
from rummyrules.game.registry import VARIANTS
from rummyrules.game.state import PlayableRules

GAME_COMMANDS = ("demo", "play", "check", "simulate", "rules")


def help_text(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as exit_info:
        main(list(argv))
    assert exit_info.value.code == 0
    return capsys.readouterr().out


def option_lines(text: str) -> dict[str, list[str]]:
    """Each option flag's help, as its lines (the flag's own line first)."""
    found: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        if line.startswith("  --"):
            name, _, *words = line.split(maxsplit=2)  # the flag, its metavar, help
            current = found.setdefault(name, [])
            current += words
        elif current is not None and line.startswith(" " * 20):
            current.append(line.strip())
        else:
            current = None
    return found


@pytest.mark.parametrize("command", GAME_COMMANDS)
@pytest.mark.parametrize("cls", list(VARIANTS.values()), ids=list(VARIANTS))
def test_help_after_a_variant_lists_its_options_only(
    command: str, cls: type[PlayableRules[Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [command, cls.short_name, "7S 8S 9S"] if command == "check" else []
    text = help_text(capsys, *(argv or [command, cls.short_name]), "--help")
    assert text.startswith(f"usage: rummyrules {command} ")
    assert f"[{cls.name} options]" in text.splitlines()[0]
    shown = option_lines(text)
    wanted = [flag(field.name) for field in options_of(cls)]
    assert [name for name in shown if name in wanted] == wanted
    others = {
        flag(field.name)
        for other in VARIANTS.values()
        for field in options_of(other)
        if other is not cls
    } - set(wanted)
    assert not others & set(shown)
    for field in options_of(cls):
        words = " ".join(shown[flag(field.name)])
        assert field.metadata["doc"].rstrip(".") in words
        assert f"({field.metadata['rule']}, default " in words
        assert f"{cls.short_name}: " not in words  # one game: no game named


def test_shared_options_read_a_line_a_game_in_the_whole_help(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`--decks` of End of the Page and of 1400 no longer run together (issue 29)."""
    shown = option_lines(help_text(capsys, "play", "--help"))
    decks = shown["--decks"]
    starts = [line for line in decks if line.startswith(("eop: ", "1400: "))]
    assert [line.split(":")[0] for line in starts] == ["eop", "1400"]
    assert "Decks of 48 cards" in " ".join(decks[: decks.index(starts[1])])
    assert "Decks of 52 cards" in " ".join(decks[decks.index(starts[1]) :])
    # A sentence all the games share stays one sentence.
    (players,) = [line for line in shown["--players"] if "Players" in line]
    assert not players.startswith(("eop:", "1400:", "gor:"))


def test_the_groups_name_their_games_as_a_list(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = help_text(capsys, "play", "--help")
    # (the tests' Toy Rummy, tests/toy_game, is registered too)
    assert "\nEnd of the Page, 1400, Going Out Rummy" in text
    assert " and 1400 and " not in text


def test_help_before_a_variant_lists_every_variants_options(
    capsys: pytest.CaptureFixture[str],
) -> None:
    shown = option_lines(help_text(capsys, "simulate", "--help"))
    for cls in VARIANTS.values():
        for field in options_of(cls):
            assert flag(field.name) in shown
