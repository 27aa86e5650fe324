"""The example terminal front end, played by scripted input (the game server has tests/server/)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from rummyrules import (
    EndOfThePage,
    FourteenHundred,
    GameState,
    GoingOutRummy,
)
from rummyrules.bots import GreedyBot

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def load(name: str) -> ModuleType:
    """Import an example script as a module (examples/ is not a package)."""
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


front_end = load("terminal_front_end")


class Script:
    """Stands in for ``input``: the lines given, then the end of input."""

    def __init__(self, *lines: str) -> None:
        self.lines = list(lines)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def bots_until(game: GameState, seat: int) -> GameState:
    """The game after GreedyBots played every other seat up to ``seat``'s turn."""
    while game.to_move != seat:
        mover = game.to_move
        assert mover is not None
        move = GreedyBot().choose(game.view(mover))
        assert move is not None
        game = game.apply(move)
    return game


def claim_offered() -> GameState:
    """1400 (docs/notation.rst): player 2 discarded 8H; player 1 may claim it."""
    rules = FourteenHundred(players=3)
    deck = "5D 6H 6C QD KD  6S 8D 8C JH QH AH  4D 10S JS 8H  2C  8S  9S KH QS"
    game = rules.new_game(deck=rules.stacked_deck(deck), dealer=2)
    for move in ("pass", "take", "meld 8S 8D 8C", "discard 6S", "draw"):
        game = game.apply(move)
    return game.apply("meld 9S 10S JS").apply("discard 8H")


# The terminal front end


def test_terminal_takes_numbers_and_notation_and_explains_refusals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = EndOfThePage(players=2).new_game(seed=2026)
    mine = bots_until(game, 0)
    first = str(mine.legal_moves()[0])
    drawn = mine.apply(first)
    discard = next(str(m) for m in drawn.legal_moves() if str(m).startswith("discard"))
    script = Script(discard, "1", discard, "1: draw", "banana")
    with pytest.raises(EOFError):
        front_end.play(game, 0, script)
    out = capsys.readouterr().out
    assert "Your hand: " + " ".join(map(str, mine.hand(0))) in out
    assert f"   1. {first}" in out
    assert "Not allowed: draw first: a turn begins with 'draw' or 'take' (EOP-5)" in out
    assert f"You: {first}\n" in out
    assert f"You: {discard}\n" in out
    assert "You are player 0." in out
    assert "'banana' is not a move" in out
    assert "Player 1: " in out
    assert script.prompts.count("your move> ") == 6


def test_terminal_shows_the_table_with_owners_and_the_pile(
    capsys: pytest.CaptureFixture[str],
) -> None:
    view = bots_until(EndOfThePage(players=2).new_game(seed=2026), 0).view(0)
    assert view.melds, "seed 2026 has player 1 meld before seat 0's first turn"
    front_end.show(view)
    text = capsys.readouterr().out
    assert f"  1. {view.melds[0]}  (laid by player 1)" in text
    pile = " ".join(map(str, view.discard_pile))
    assert f"Discard pile (top first): {pile}; stock: {view.stock_count}" in text
    assert "Scores: you 0, player 1 0" in text


def test_terminal_offers_a_1400_claim_out_of_turn(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = claim_offered()
    assert game.to_move == 0
    script = Script("draw", "claim 8H on 1")
    with pytest.raises(EOFError):
        front_end.play(game, 1, script)
    out = capsys.readouterr().out
    assert "Player 2 discarded 8H; you may claim it." in out
    assert "   1. claim 8H on 1" in out
    assert "it is player 0's turn, not player 1's (ALL-2)" in out
    assert "You: claim 8H on 1" in out
    assert script.prompts[0] == "claim (Enter to let it go)> "


def test_terminal_lets_a_claim_go_on_enter(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(EOFError):
        front_end.play(claim_offered(), 1, Script(""))
    out = capsys.readouterr().out
    assert "You: claim" not in out
    assert "Player 0: " in out


def test_terminal_plays_to_the_end_and_prints_the_score_sheet(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = EndOfThePage(players=2, rounds=2).new_game(seed=3)
    final = front_end.play(game, 0, lambda _: "1")
    out = capsys.readouterr().out
    assert final.is_over
    assert "Round 1 is over" in out
    assert "Round 2 is over" in out
    total = next(line for line in out.splitlines() if line.startswith("Total"))
    assert [int(score) for score in total.split()[1:]] == list(final.scores)
    assert "Winner: " in out


def test_terminal_drop_ends_a_going_out_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    final = front_end.play(GoingOutRummy().new_game(seed=1), 0, lambda _: "drop")
    assert final.winners == (1,)
    assert "Winner: player 1" in capsys.readouterr().out


def run_script(
    script: str, *args: str, stdin: str = ""
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(  # noqa: S603 - our own example, run by our own Python
        [sys.executable, str(EXAMPLES / script), *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        timeout=60,
        check=False,
    )


def test_terminal_command_line_says_goodbye_at_the_end_of_input() -> None:
    done = run_script("terminal_front_end.py", "--variant", "1400", stdin="1\n")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.startswith("1400, 2 players; you are player 0.")
    assert "You: " in done.stdout
    assert done.stdout.rstrip().endswith("Goodbye.")


def test_terminal_command_line_refuses_bad_options() -> None:
    done = run_script("terminal_front_end.py", "--players", "9")
    assert done.returncode == 2
    assert (
        "players must be from 2 to 8 in End of the Page, not 9 (EOP-1)" in done.stderr
    )
