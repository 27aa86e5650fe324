"""The end of a round in the terminal: who went out, floated, knocked or won, the round's table, a drop asked first."""

from __future__ import annotations

import io

from rummyrules import EndOfThePage, GameState, GinRummy, GoingOutRummy, parse_move
from rummyrules.cli import build_parser
from rummyrules.cli.commentary import Narrator
from rummyrules.cli.play import play
from rummyrules.cli.printer import Printer


def told(game: GameState, moves: list[str], names: list[str]) -> list[str]:
    """The commentary's lines for the moves played from ``game``."""
    out = io.StringIO()
    narrator = Narrator(Printer(out=out, err=io.StringIO()), names)
    for text in moves:
        move = parse_move(text)
        after = game.apply(move)
        narrator.move(game, move, after)
        game = after
    narrator.flush()
    return out.getvalue().splitlines()


def test_eop_13_a_hand_played_out_without_a_discard_floats_and_is_not_said_to_go_out() -> (
    None
):
    game = EndOfThePage().position(
        "wild 3 | to_move 1 play | hands 4C 5D 6H JD / 7S 8S 9S | pile KD"
        " | had_turn 0 1 | turns 3 | stock AC 10H +"
    )
    lines = told(game, ["meld 7S 8S 9S"], ["player 0", "you"])
    assert lines == ["you: meld 7S 8S 9S", "you have no cards left"]


def test_gor_r3_the_last_player_left_wins_and_is_not_said_to_go_out() -> None:
    """A drop that leaves one player ends the game; nobody went out (GOR-10, GOR-R3)."""
    game = GoingOutRummy(players=3).new_game(seed=4)
    lines = told(game, ["0: drop", "2: drop"], ["you", "player 1", "player 2"])
    assert lines[:3] == [
        "you drop out",
        "player 2 drops out",
        "The game ends: player 1 wins, every other player dropped out (GOR-R3)",
    ]
    assert "went out" not in "\n".join(lines)
    rows = {line.split()[0] + " " + line.split()[1]: line for line in lines[5:]}
    assert rows["you dropped"].endswith("dropped out")
    assert rows["player 2"].endswith("dropped out")
    assert len(rows["player 1"].split()) == 2 + 7  # the hand left, face up


def test_gor_r3_with_no_winner_says_why_the_game_ended() -> None:
    game = GoingOutRummy(last_player_wins=False).new_game(seed=4)
    lines = told(game, ["0: drop"], ["you", "player 1"])
    assert "The game ends: every other player dropped out (GOR-R3)" in lines


def test_gin_7_the_hands_table_counts_deadwood_and_shows_the_gin_bonus() -> None:
    game = GinRummy(hand_size=3).position(
        "to_move 0 play | hands 7S 8S 9S AC / 2C 5D 5H | pile KD"
    )
    moves = ["knock", "discard AC", "meld 7S 8S 9S", "done", "done"]
    lines = told(game, moves, ["you", "player 1"])
    title = lines.index("Round 1 ends: you knocked (GIN-7)")
    header, _, you, other = lines[title + 1 : title + 5]
    assert header.split() == [
        "player",
        "hand",
        "counted",
        "melded",
        "deadwood",
        "bonus",
        "net",
        "total",
    ]
    assert you.split() == ["you", "none", "24", "0", "25", "+37", "37"]
    cells = other.split()
    assert cells[:2] == ["player", "1"]
    assert cells[2:5] == ["2C", "5H", "5D"]  # the hand counted, as the library sorts it
    assert cells[5:] == ["0", "12", "0", "-37", "-37"]


def test_gor_10_dropping_out_asks_first_and_no_keeps_the_seat() -> None:
    answers = iter(["3", "no", "drop", "yes"])  # move 3 is 'drop' (draw, take, drop)
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers, "1")

    out = io.StringIO()
    args = build_parser().parse_args(["play", "gor", "--seed", "3", "--players", "3"])
    assert play(args, Printer(out=out, err=io.StringIO()), read) == 0
    text = out.getvalue()
    asked = [prompt for prompt in prompts if prompt.startswith("Drop out")]
    assert (
        asked
        == ["Drop out of the game for good? Your cards leave play (GOR-10). yes/no> "]
        * 2
    )
    assert text.count("You stay in the game.") == 1
    assert text.count("you drop out") == 1
    assert text.index("You stay in the game.") < text.index("you drop out")
