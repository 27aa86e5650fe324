"""Values saved in version 2 of the format read back as what they meant.

Version 2 wrote each list of cards as one string and each move as its text;
the library now reads such text by converting it (``rummyrules.formats.json_v2``).
The fixtures in ``tests/saved_v2/`` were written by the library of version 2
(see their README) from the deals and moves listed here.
"""

from __future__ import annotations

import json
import pathlib
from typing import Any

import attrs
import pytest

from rummyrules import (
    EndOfThePage,
    FourteenHundred,
    GameState,
    GinRummy,
    GoingOutRummy,
    LoadError,
    Match,
    PlayableRules,
    View,
    dumps,
    loads,
    parse_move,
)
from rummyrules.formats.json import VERSION
from scenarios import play

SAVED_V2 = pathlib.Path(__file__).parent / "saved_v2"
"""Values saved by the library of version 2 of the format (see its README)."""

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
"""Each saved state or view: the rules, the seed, the moves by commas, and whose view (None: the state)."""

MOVES: dict[str, str] = {
    "move_meld": "meld 5C 6C KC=7C",
    "move_claim": "1: claim 7H=8H on 3",
    "move_out": "out 7S 7H 7D / AH 2H *=3H discard KC",
    "move_knock": "knock",
    "move_drop": "0: drop",
    "move_take": "take 7H",
}
"""Each saved move, by its text."""


def expected(name: str) -> object:
    """The value a fixture was written from."""
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


def saved_v2(name: str) -> str:
    """The text of a fixture."""
    return (SAVED_V2 / f"{name}.json").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", NAMES)
def test_a_version_2_value_reads_as_what_it_meant(name: str) -> None:
    """Each value saved in version 2 reads back equal, and saves again as the current version."""
    text = saved_v2(name)
    assert json.loads(text)["version"] == 2
    loaded = loads(text)
    meant = expected(name)
    # Version 2 kept no history: no events, no results, no card known held.
    if isinstance(meant, View):
        nobody = ((),) * len(meant.hand_sizes)
        meant = attrs.evolve(meant, events=(), round_results=(), known=nobody)
    elif isinstance(meant, GameState):
        meant = meant.replace(known=())
    assert loaded == meant
    if isinstance(loaded, GameState):
        assert (loaded.events, loaded.round_results) == ((), ())
    assert json.loads(dumps(loaded))["version"] == VERSION


def test_version_2_had_no_history() -> None:
    """A version 2 value that writes events or round results is refused, not read."""
    document = json.loads(saved_v2("eop_view"))
    document["data"]["events"] = []
    with pytest.raises(LoadError, match="version 2 of the format has no events"):
        loads(json.dumps(document))
