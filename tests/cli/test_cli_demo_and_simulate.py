"""``rummyrules demo`` and ``simulate``, run in-process: the games the bots play, the summary, the records written."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import attrs
import pytest

from extras import need
from rummyrules import EndOfThePage, FourteenHundred, GoingOutRummy, simulate
from rummyrules.bots import GreedyBot, play_game
from rummyrules.cli import main
from rummyrules.cli.printer import RichPrinter
from rummyrules.formats.records import parse_record

from .conftest import run

pytestmark = pytest.mark.usefixtures("no_forced_terminal")

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
    # Seats are numbered from 1 where a person reads them.
    assert lines[2].startswith("Round 1, player 1 deals, wild ")
    assert any(line.startswith("player 2: ") for line in lines)
    assert not any(line.startswith("player 0") for line in lines)
    assert any(
        re.fullmatch(r"Round \d+ ends: player [12] went out \(EOP-16\)", line)
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
    winners = " and ".join(f"player {p + 1}" for p in game.winners)
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
