"""``rummyrules simulate --duplicate``: every deal in every seating, a table per bot, the same JSON as the library's summary."""

from __future__ import annotations

import json

import attrs
import pytest

from rummyrules import EndOfThePage, GoingOutRummy, simulate

from .conftest import run

pytestmark = pytest.mark.usefixtures("no_forced_terminal")


def test_duplicate_prints_a_table_per_bot_with_its_margin(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", "eop", "--rounds", "1", "--games", "3", "--seed", "2"]
    code, out, err = run(capsys, *args, "--bots", "greedy,random", "--duplicate")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == (
        "6 games of End of the Page, 3 deals each played in 2 seatings (seed 2): "
        "EndOfThePage rounds=1"
    )
    assert "margin" in out
    assert "seat" not in lines[1]
    assert "Margin: a bot's mean final score on a deal" in out
    expected = simulate(
        EndOfThePage(rounds=1), ["greedy", "random"], games=3, seed=2, duplicate=True
    ).duplicate
    assert expected is not None
    for bot in expected.bots:
        (row,) = [line for line in lines if f" {bot.bot} " in line]
        assert f"{bot.margin:+.1f}" in row


def test_duplicate_json_is_the_summarys_per_bot_figures(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bots = "greedy,simulation_bots:FirstMoveBot"
    code, out, _ = run(
        capsys,
        "simulate",
        "gor",
        "--max-turns",
        "40",
        "--games",
        "4",
        "--bots",
        bots,
        "--duplicate",
        "--json",
    )
    assert code == 0
    summary = json.loads(out)
    expected = simulate(
        GoingOutRummy(max_turns=40), bots.split(","), games=4, duplicate=True
    )
    assert expected.duplicate is not None
    assert summary["games"] == 8
    assert [seat["bot"] for seat in summary["seats"]] == ["rotated", "rotated"]
    figures = summary["duplicate"]
    assert figures["measure"] == "win"
    assert [bot.pop("win_rate") for bot in figures["bots"]] == [
        bot.win_rate for bot in expected.duplicate.bots
    ]
    assert figures == json.loads(json.dumps(attrs.asdict(expected.duplicate)))


def test_without_duplicate_the_json_has_no_duplicate_figures(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "simulate", "gor", "--games", "2", "--json")
    assert code == 0
    assert "duplicate" not in json.loads(out)
