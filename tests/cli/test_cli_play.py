"""``rummyrules play``, run in-process on input given: the table a player sees, the moves by number, refusals, claims."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from rummyrules import (
    EndOfThePage,
    FourteenHundred,
    FourteenHundredState,
    GoingOutRummy,
)
from rummyrules.cli import build_parser, main
from rummyrules.cli.play import Session, play
from rummyrules.cli.printer import Printer
from rummyrules.cli.seats import make_bots

from .conftest import run

pytestmark = pytest.mark.usefixtures("no_forced_terminal")

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
    assert "You are player 1: in the notation, your moves begin '0:'." in out
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
    assert f"Cards in hand: player 1 {len(game.hand(0))}" in out
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
    wild = f"wild {game.wild} ({game.marker} on the table)"
    assert f"Round 1, player 1 deals, {wild}" in out
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
    assert "Dropped out: player 3" in lines
    (sizes,) = [line for line in lines if line.startswith("Cards in hand: ")]
    assert "player 3" not in sizes
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
