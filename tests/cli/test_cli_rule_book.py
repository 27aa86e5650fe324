"""Rules at hand in the terminal (issue 41, item 9): a rule by its ID, at the command and at the play prompt, and card text said for the game's deck."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from .conftest import run

pytestmark = pytest.mark.usefixtures("no_forced_terminal", "plain")


def test_rules_prints_a_rule_by_its_id(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "EOP-8")
    assert code == 0
    assert out.startswith("EOP-8 Wild spacing\n")
    assert "at least two natural cards" in out
    code, out, _ = run(capsys, "rules", "f14-r9")
    assert code == 0
    assert out.startswith("F14-R9 The claim window\n")


def test_rules_refuses_a_rule_id_the_book_lacks(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exited:
        run(capsys, "rules", "EOP-99")
    assert exited.value.code == 2
    assert "the rule book has no rule 'EOP-99'" in capsys.readouterr().err


def test_play_prints_a_rule_the_screen_cites(
    feed: Callable[[str], None], capsys: pytest.CaptureFixture[str]
) -> None:
    feed("discard KS\nrule EOP-5\n? meld-6\nrule EOP-77\nquit\n")
    code, out, _ = run(capsys, "play", "eop", "--seed", "3")
    assert code == 0
    assert "(EOP-5)" in out  # the refusal cites it
    assert "EOP-5 Draw\n  A turn begins with exactly one draw" in out
    assert "MELD-6 Lay-off\n" in out
    assert "Unknown rule: the rule book has no rule 'EOP-77'" in out
    assert "is not a move" not in out  # a rule lookup is no move


def test_play_names_the_ranks_end_of_the_page_has(
    feed: Callable[[str], None], capsys: pytest.CaptureFixture[str]
) -> None:
    """End of the Page has no 2s (EOP-1): its card help says A 3-10, and no WILDCARD."""
    feed("discard 1H\nquit\n")
    _, out, _ = run(capsys, "play", "eop", "--seed", "3")
    assert (
        "'1H' is not a card: ranks are A 3-10 J Q K (T for 10), suits S H D C;" in out
    )
    feed("discard 1H\nquit\n")
    _, out, _ = run(capsys, "play", "gin", "--seed", "3")
    assert "ranks are A 2-10 J Q K (T for 10), suits S H D C;" in out
