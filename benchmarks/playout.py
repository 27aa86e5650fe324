"""How fast games play out: random legal moves, as a bot or a simulator makes them.

Each decision is one call of ``legal_moves()``, one uniform choice among them
and one ``apply`` (on the fast path, ``one_action``: ``legal_actions()`` and
``apply_action``, the same choices). In 1400 the moves other players may make out of turn
(claims, ``legal_moves(player=N)``) are offered too, as a table of bots would.
In Going Out Rummy ``drop`` is left out of the choice: it is always listed,
and random players would drop out of almost every game within a few turns.
The script plays whole games from seeded deals for a fixed time per table and
prints decisions and rounds (games, for Going Out Rummy) per second, with the
garbage collector on as users run it, or paused with ``--paused`` (see
benchmarks/README.md)::

    .venv/bin/python benchmarks/playout.py            # 10 s a table
    .venv/bin/python benchmarks/playout.py --seconds 2
    .venv/bin/python benchmarks/playout.py --seconds 2 --fast-path
"""

from __future__ import annotations

import argparse
import functools
import gc
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from rummyrules import (
    EndOfThePage,
    FourteenHundred,
    FourteenHundredState,
    GinRummy,
    GoingOutRummy,
    PlayableRules,
)
from rummyrules.bots import packing as bot_packing
from rummyrules.bots.fast_path import kept_actions
from rummyrules.games.end_of_the_page.core import codes as eop_codes
from rummyrules.games.end_of_the_page.core import fits as eop_fits
from rummyrules.games.end_of_the_page.core import melding as eop_melding
from rummyrules.games.fourteen_hundred.core import laying as f14_laying
from rummyrules.games.fourteen_hundred.core import value as f14_value
from rummyrules.games.going_out import strategy as gor_strategy
from rummyrules.games.going_out.state import Drop

AIM_DECISIONS_PER_SECOND = 20_000

TABLES: dict[str, Callable[[], PlayableRules[Any]]] = {
    "End of the Page, 2 players": lambda: EndOfThePage(players=2),
    "End of the Page, 4 players": lambda: EndOfThePage(players=4),
    "1400, 4 players": lambda: FourteenHundred(players=4),
    "Going Out, 4 players": lambda: GoingOutRummy(players=4, hand_size=7, wildcards=4),
    # The peers' own game: like for like beside OpenSpiel's and RLCard's.
    "Gin Rummy, 2 players": GinRummy,
}


def forget_memos() -> None:
    """Empty every memo of the library, so that a run starts cold.

    Two runs of the same seeded games in one process would otherwise find the
    second run's searches already made, flattering whichever table ran twice.
    """
    # Every lru_cache is a functools._lru_cache_wrapper, a type functools does
    # not name publicly; the library's own are told apart by their module.
    for found in gc.get_objects():
        module = getattr(found, "__module__", None) or ""
        if isinstance(found, functools._lru_cache_wrapper) and module.startswith(
            "rummyrules"
        ):
            found.cache_clear()
    # The plain memos, which no cache_clear reaches: End of the Page's core's
    # (pieces, moves, melds, what fits the table's melds); 1400's core's
    # tables and states lately made; Going Out Rummy's gaps of a hand; the
    # greedy bot's packers of the hands it met.
    for memo in (
        eop_melding._PIECES,
        eop_melding._TEMPLATES,
        eop_codes.MOVES,
        eop_codes._MELDS,
        eop_codes._MELD_ACTIONS,
        eop_fits._LEARNED,
        eop_fits._IDENTS,
        f14_laying._TABLES,
        f14_value._MADE,
        gor_strategy._GAPS,
        bot_packing._KEPT,
    ):
        memo.clear()


def one_decision(game: Any, rng: random.Random) -> Any:
    """One decision: list the moves, choose one uniformly, apply it.

    ``drop`` is left out of the choice; in 1400 the other players' claims of
    the last discard are offered beside the moves of the player to move.
    """
    moves = [m for m in game.legal_moves() if type(m) is not Drop]
    if isinstance(game, FourteenHundredState):
        mover = game.current_player()
        for player in range(game.rules.players):
            if player != mover:
                moves += game.legal_moves(player=player)
    return game.apply(rng.choice(moves))


def one_action(game: Any, rng: random.Random) -> Any:
    """:func:`one_decision` on the fast path: the same choice, by actions.

    ``kept_actions`` lists the actions of the moves ``one_decision`` chooses
    among, ``drop`` left out, in the order their moves are listed; in 1400
    every other player's actions too (their claims, F14-12). The same place
    in the list is chosen, so that both play the same games; no field is
    read (on a state made by an integer core, reading one works out every
    field).
    """
    choices: list[tuple[int | None, int]] = [(None, a) for a in kept_actions(game)]
    if isinstance(game, FourteenHundredState):
        mover = game.current_player()
        for seat in range(game.rules.players):
            if seat != mover:
                choices += [(seat, action) for action in kept_actions(game, seat)]
    player, action = rng.choice(choices)
    return game.apply_action(action, player=player)


def play_for(
    rules: PlayableRules[Any], seconds: float, seed: int, *, fast: bool = False
) -> tuple[int, int, int, float]:
    """Play seeded random games for about ``seconds``: decisions, rounds, games, time.

    With ``fast``, on the fast path (:func:`one_action`): a game is over when
    its player to move has no action (there is no dead end, ALL-1).
    """
    rng = random.Random(seed)
    decisions = rounds = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        game = rules.new_game(seed=rng.randrange(1 << 30))
        while game.legal_actions() if fast else not game.is_over:
            game = one_action(game, rng) if fast else one_decision(game, rng)
            decisions += 1
        rounds += len(game.score_sheet) or 1  # a Going Out game is one hand
        games += 1
    return decisions, rounds, games, time.perf_counter() - start


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Random-playout speed of rummyrules.")
    parser.add_argument("--seconds", type=float, default=10.0, help="time per table")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals")
    parser.add_argument(
        "--paused", action="store_true", help="pause the garbage collector while timing"
    )
    parser.add_argument(
        "--fast-path",
        action="store_true",
        help="play by legal_actions and apply_action (the same choices)",
    )
    args = parser.parse_args(argv)
    face = "fast path" if args.fast_path else "public face"
    print(
        f"rummyrules random playout, {face}; CPython {platform.python_version()}, "
        f"{platform.system()} {platform.machine()}; {args.seconds:g} s a table, "
        f"seed {args.seed}, garbage collector {'paused' if args.paused else 'on'}"
    )
    print(f"{'table':<28}{'decisions/s':>12}{'rounds/s':>10}{'games':>7}  aim")
    for name, make in TABLES.items():
        if args.paused:
            gc.disable()
        try:
            decisions, rounds, games, took = play_for(
                make(), args.seconds, args.seed, fast=args.fast_path
            )
        finally:
            gc.enable()
        rate = decisions / took
        verdict = "ok" if rate >= AIM_DECISIONS_PER_SECOND else "MISS"
        print(f"{name:<28}{rate:>12,.0f}{rounds / took:>10,.1f}{games:>7}  {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
