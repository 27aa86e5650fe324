"""The terminal's words for people: a wild shown where it stands in its meld, seats numbered from 1.

A meld with a wild reads as the run or set it makes, each wild shown as the
card it stands for with the wild itself starred (``4S [5S ← 9D★] 6S``), in
the commentary and on the table alike, as the browser table shows it. Seats
are numbered from 1 in what a person reads (the intro, the deal, the scores,
the hands' sizes, the commentary); the notation typed stays 0-based.
End of the Page seed 0 deals the person (seat 0) 4S 6S and the face-up 9D,
wild: after a draw, ``meld 4S 9D=5S 6S`` is legal.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

from .conftest import run

if TYPE_CHECKING:
    from collections.abc import Callable

pytestmark = pytest.mark.usefixtures("no_forced_terminal", "plain")


def test_a_wild_meld_reads_as_its_run_in_the_commentary_and_on_the_table(
    feed: Callable[[str], None], capsys: pytest.CaptureFixture[str]
) -> None:
    feed("draw\nmeld 4S 9D=5S 6S\nshow\nquit\n")
    code, out, _ = run(capsys, "play", "eop", "--seed", "0")
    assert code == 0
    lines = out.splitlines()
    assert "you: meld 4S [5S ← 9D★] 6S" in lines
    assert "  1. 4S [5S ← 9D★] 6S  (you)" in lines
    shown = [line for line in lines if not line.startswith("your move> ")]
    assert not any("=" in line for line in shown), shown


def test_the_bots_wild_melds_and_lay_offs_read_as_where_each_wild_stands(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "demo", "eop", "--seed", "1")
    assert code == 0
    turns = [line for line in out.splitlines() if re.match(r"player \d: ", line)]
    assert "=" not in "\n".join(turns)
    assert any("meld 6S 6H [6 ← 4D★] [6 ← 4C★]" in line for line in turns), turns
    assert any("[6S ← QD★] 7S 8S" in line for line in turns), turns
    assert any("lay [A ← 5H★] on 1" in line for line in turns), turns


def test_seats_are_numbered_from_1_in_what_the_player_reads(
    feed: Callable[[str], None], capsys: pytest.CaptureFixture[str]
) -> None:
    feed("draw\n0: discard 3H\nquit\n")
    code, out, _ = run(capsys, "play", "eop", "--seed", "3", "--seat", "1")
    assert code == 0
    assert out.startswith(
        "End of the Page, 2 players; you are player 2 (seat 1 in the notation)"
    )
    assert "Round 1, player 1 deals, wild " in out
    assert "Scores: player 1 0, you 0" in out
    assert re.search(r"^Cards in hand: player 1 \d+$", out, re.MULTILINE), out
    # A move typed for another seat: the notation's number, the person's name.
    assert "You are player 2: in the notation, your moves begin '1:'." in out
    assert "player 0" not in out
