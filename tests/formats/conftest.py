"""What the test_serialize_*.py files share: the saved values they spoil, and how a document is walked and edited."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TypeVar

from rummyrules import (
    EndOfThePage,
    FourteenHundred,
    GameState,
    GoingOutRummy,
    Match,
    PlayableRules,
)
from rummyrules.formats.json import Saved
from rummyrules.game.notation import parse_move
from rummyrules.games.end_of_the_page.state import EndOfThePageState
from strategies import random_play

Json = Any
Path = tuple[str | int, ...]


S = TypeVar("S", bound=GameState)


def found(
    rules: PlayableRules[Any],
    kind: type[S],
    wanted: Callable[[S], bool],
    *,
    seeds: int = 50,
) -> S:
    """The first state of seeded random play that has what is wanted, a state of ``kind``."""
    for seed in range(seeds):
        for game in random_play(rules.new_game(seed=seed), random.Random(seed), 200):
            assert isinstance(game, kind)
            if wanted(game):
                return game
    raise AssertionError(f"no game of {rules} came to the state wanted")


def put(document: Json, path: Path, value: Json) -> None:
    """Replace the node at a (non-empty) path."""
    parent = document
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = value


def with_declared_wild() -> GameState:
    """End of the Page with a meld on the table whose wild is declared (MELD-5): 10C 9D=JC QC."""
    return found(
        EndOfThePage(),
        EndOfThePageState,
        lambda g: any(any(m is not None for m in t.meld.stands_for) for t in g.melds),
    )


BASES: dict[str, Callable[[], Saved]] = {
    "eop": lambda: EndOfThePage().new_game(seed=5).apply("draw"),
    "eop wild": with_declared_wild,
    "gor": lambda: GoingOutRummy().new_game(seed=2).apply("draw"),
    "eop view": lambda: EndOfThePage().new_game(seed=5).view(0),
    "gor view": lambda: GoingOutRummy().new_game(seed=2).apply("draw").view(0),
    "1400": lambda: FourteenHundred(players=3).new_game(seed=5),
    "match": lambda: Match.start(GoingOutRummy(), seed=3),
    "rules": lambda: EndOfThePage(players=3),
    "move": lambda: parse_move("discard KC"),
    "view": lambda: FourteenHundred(players=3).new_game(seed=5).view(1),
}
"""Values to spoil: End of the Page and Going Out Rummy mid-turn, 1400's opening, views, a match, rules, a move."""
