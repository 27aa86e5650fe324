"""One value of every kind and game, for tests that want each once: quick and varied.

States and views of every game at a point of play worth saving (a claim, a
declared wild, a match's second game), moves of every kind, rules with
options set. ``tests/formats/test_json_schema.py`` validates each as ``dumps``
writes it, and ``docs/saving.rst`` quotes the 1400 view ``1400_view_wilds``.
"""

from __future__ import annotations

from typing import Any

from rummyrules import (
    EndOfThePage,
    FourteenHundred,
    GinRummy,
    GoingOutRummy,
    Match,
    PlayableRules,
    parse_move,
)
from scenarios import play

F14_CLAIM = (
    "take, meld AH=5S 6S 7S AD=8S 9S, discard AS, draw, discard 5H, take AS, "
    "lay AS=10S on 1, discard 5C, draw, discard 7D, draw, discard 9D, draw, "
    "discard 6C, draw, discard 3H, draw, discard 2S, take 5C, meld 5H 5D 5C, "
    "discard 3H, draw, lay 4S on 1, discard KH, draw, discard JD, draw, "
    "meld 8D 9D AC=10D, discard 10H, draw, discard 4C, take 10H, meld 10S 10H 10D, "
    "discard KC, take KH, meld KS KH KC, discard 7D"
)
GAMES: dict[str, tuple[PlayableRules[Any], int, str, int | None]] = {
    "eop_state": (
        EndOfThePage(players=3),
        0,
        "take, discard JS, draw, meld 10C 7D=JC QC, discard 9D, take, discard AC",
        None,
    ),
    "eop_view": (
        EndOfThePage(players=3),
        0,
        "take, discard JS, draw, meld 10C 7D=JC QC, discard 9D, take, discard AC, take",
        0,
    ),
    "1400_state": (FourteenHundred(players=3), 0, F14_CLAIM, None),
    "1400_view_claim": (FourteenHundred(players=3), 0, F14_CLAIM, 2),
    "1400_view_wilds": (
        FourteenHundred(players=3),
        5,
        "pass, take, meld 2D 3C=3D 4D, discard AS, take, meld AS AD 3D=A, "
        "discard KH, draw",
        1,
    ),
    "1400_marker_state": (
        FourteenHundred(players=2, wild_card_dealt=False),
        1,
        "take, meld JH JD 6S=J",
        None,
    ),
    "going_out_state": (
        GoingOutRummy(hand_size=3, wildcards=6),
        15,
        "draw, out *=AD 2D 3D discard JC",
        None,
    ),
    "going_out_view": (GoingOutRummy(players=3, hand_size=5), 7, "drop, draw", 1),
    "gin_state": (
        GinRummy(),
        0,
        "pass, pass, draw, discard 3H, take, discard 9S, take, discard QD, take, "
        "discard QH, draw, discard QC, draw",
        None,
    ),
    "gin_view": (
        GinRummy(),
        0,
        "pass, pass, draw, discard 3H, take, discard 9S, take, discard QD, take, "
        "discard QH, draw, discard QC, draw",
        1,
    ),
}
"""Each state or view: the rules, the seed, the moves by commas, and whose view (None: the state)."""

MOVES: dict[str, str] = {
    "move_meld": "meld 5C 6C KC=7C",
    "move_claim": "1: claim 7H=8H on 3",
    "move_out": "out 7S 7H 7D / AH 2H *=3H discard KC",
    "move_knock": "knock",
    "move_drop": "0: drop",
    "move_take": "take 7H",
}
"""Each move, by its text."""


def value(name: str) -> object:
    """The value of that name, played afresh."""
    if name in MOVES:
        return parse_move(MOVES[name])
    if name == "rules":
        return FourteenHundred(players=5, target=900, all_wild_melds=True)
    if name == "going_out_match":
        match = Match.start(GoingOutRummy(hand_size=4, max_turns=6), seed=3)
        return match.apply("draw").apply("discard JD").apply("drop").next_game()
    rules, seed, moves, viewer = GAMES[name]
    game = play(rules.new_game(seed=seed), *moves.split(", "))
    return game if viewer is None else game.view(viewer)


NAMES = [*GAMES, *MOVES, "rules", "going_out_match"]
