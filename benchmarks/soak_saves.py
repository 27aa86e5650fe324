"""Soak test of saved games: many random games, saved and read back both ways.

Not part of the test run (it takes many minutes); run it by hand, from the
repository root::

    PYTHONPATH=src .venv/bin/python benchmarks/soak_saves.py               # 10,000 games a variant
    PYTHONPATH=src .venv/bin/python benchmarks/soak_saves.py --games 300   # a quick look
    PYTHONPATH=src .venv/bin/python benchmarks/soak_saves.py --variant gor --game 417  # one game again

Each game is dealt under random options (every option of its variant, drawn
over its whole range), from its seed or from a stacked deck, by a random
first dealer. Random legal moves play it to its end: the moves of the player
to move and those others may make out of turn (1400's claims, Going Out
drops), and now and then End of the Page's page taped longer or ripped
shorter. At random points, and always at the end, the state is saved and
read back both ways: ``loads(dumps(state)) == state`` and
``rules.position(state.position()) == state``, and one player's view reads
back equal from ``dumps``.

It prints the counts (games, games that ended, states checked, failures) for
each variant, and the first failures with what it takes to play the game
again; it exits 1 on any failure, 0 otherwise. Game ``N`` of a variant is
the same game on every run with the same ``--seed``.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rummyrules import (
    EndOfThePage,
    FourteenHundred,
    GameState,
    GoingOutRummy,
    OptionError,
    PlayableRules,
    dumps,
    loads,
)
from rummyrules.game.moves import Move
from rummyrules.game.registry import rules_text
from rummyrules.games.going_out.state import Drop

MAX_MOVES = 3000
"""A game not over after this many moves is checked where it stands, and counted as unfinished."""

CHECK_ODDS = 10
"""Each state of a game is checked with odds of one in this many; the last always."""

DROP_ODDS = 60
"""A Going Out player drops out about once in this many moves (GOR-10): picked
as often as other moves, drops would end nearly every game in a few turns."""

PAGE_ODDS = 40
"""End of the Page's page is taped longer or ripped shorter about once in this many moves (EOP-17)."""

SHOWN = 10
"""How many failures are printed in full."""

STOCK_OUT = ("end_round", "reshuffle", "flip")


def _turn_limit(rng: random.Random, most: int) -> int | None:
    return None if rng.random() < 0.4 else rng.randint(1, most)


def eop_options(rng: random.Random) -> dict[str, Any]:
    """End of the Page's options, each over its range (the page kept short)."""
    return {
        "players": rng.randint(2, 8),
        "decks": rng.randint(1, 3),
        "rounds": rng.randint(1, 4),
        "take_cards_above": rng.random() < 0.5,
        "discard_taken_card": rng.random() < 0.5,
        "stock_out": rng.choice(STOCK_OUT),
        "max_turns": _turn_limit(rng, 60),
    }


def f14_options(rng: random.Random) -> dict[str, Any]:
    """1400's options, each over its range (the target mostly low, so games end)."""
    return {
        "players": rng.randint(2, 6),
        "decks": rng.randint(1, 3),
        "ace_hand_size": rng.choice([15, 16]),
        "wild_card_dealt": rng.random() < 0.5,
        "pass_freely": rng.random() < 0.5,
        "lay_off_needs_meld": rng.random() < 0.5,
        "all_wild_melds": rng.random() < 0.5,
        "stock_out": rng.choice(STOCK_OUT),
        "target": rng.randint(1, 400) if rng.random() < 0.8 else rng.randint(1, 1400),
        "max_turns": _turn_limit(rng, 60),
    }


def gor_options(rng: random.Random) -> dict[str, Any]:
    """Going Out Rummy's options, each over its range."""
    return {
        "players": rng.randint(2, 10),
        "hand_size": rng.randint(2, 10),
        "wildcards": rng.randint(0, 9),
        "going_out": rng.choice(["standard", "major", "minor"]),
        "last_player_wins": rng.random() < 0.5,
        "max_turns": _turn_limit(rng, 200),
    }


VARIANTS: dict[
    str, tuple[type[PlayableRules[Any]], Callable[[random.Random], dict[str, Any]]]
] = {
    "eop": (EndOfThePage, eop_options),
    "f14": (FourteenHundred, f14_options),
    "gor": (GoingOutRummy, gor_options),
}


def random_rules(variant: str, rng: random.Random) -> PlayableRules[Any]:
    """Rules under random options; options the rules refuse (too few decks) are drawn again."""
    cls, options = VARIANTS[variant]
    while True:
        try:
            return cls(**options(rng))
        except OptionError:
            continue


def random_move(game: GameState, rng: random.Random) -> Move:
    """A random legal move: the mover's, or one another player may make now."""
    every = list(game.legal_moves())
    for player in range(game.players):
        if player != game.to_move:
            every += game.legal_moves(player=player)
    drops = [move for move in every if isinstance(move, Drop)]
    rest = [move for move in every if not isinstance(move, Drop)]
    if drops and (not rest or rng.randrange(DROP_ODDS) == 0):
        return rng.choice(drops)
    return rng.choice(rest)


def round_trip(game: GameState, rng: random.Random) -> str | None:
    """What fails when the state is saved and read back both ways; None when nothing does."""
    text = dumps(game)
    loaded = loads(text)
    if loaded != game:
        return "loads(dumps(state)) is not the state"
    if dumps(loaded) != text:
        return "dumps(loads(text)) is not the text"
    if game.rules.position(game.position()) != game:
        return "rules.position(state.position()) is not the state"
    view = game.view(rng.randrange(game.players))
    if loads(dumps(view)) != view:
        return "loads(dumps(view)) is not the view"
    return None


@dataclass
class Tally:
    """One variant's counts."""

    games: int = 0
    ended: int = 0
    moves: int = 0
    states: int = 0
    failures: list[str] = field(default_factory=list)
    seconds: float = 0.0


def play_one(variant: str, seed: int, number: int, tally: Tally) -> None:
    """Deal and play game ``number`` of the variant, checking states on the way."""
    rng = random.Random(f"{seed}:{variant}:{number}")
    rules = random_rules(variant, rng)
    deck = None
    if rng.random() < 0.25:
        order = list(rules.deck())
        rng.shuffle(order)
        deck = order
    players: int = getattr(rules, "players")  # noqa: B009 - every playable rules class has it
    game = rules.new_game(
        seed=rng.randrange(1 << 40), deck=deck, dealer=rng.randrange(players)
    )
    before = game
    moves = 0
    while True:
        last = game.is_over or moves >= MAX_MOVES
        if last or rng.randrange(CHECK_ODDS) == 0:
            tally.states += 1
            try:
                failure = round_trip(game, rng)
            except Exception as error:  # noqa: BLE001 - any error at all is a failure to report
                failure = f"{type(error).__name__}: {error}"
            if failure is not None:
                tally.failures.append(
                    f"{variant} game {number} ({rules_text(rules)}), after {moves} "
                    f"moves: {failure}\n    before: {before.position()}\n"
                    f"    state:  {_position_or_why(game)}"
                )
        if last:
            break
        if isinstance(rules, EndOfThePage) and rng.randrange(PAGE_ODDS) == 0:
            begun = len(game.score_sheet) + (0 if game.is_over else 1)
            game = game.with_page(rng.randint(max(1, begun), begun + 2))
        before = game
        game = game.apply(random_move(game, rng))
        moves += 1
    tally.games += 1
    tally.ended += game.is_over
    tally.moves += moves


def _position_or_why(game: GameState) -> str:
    try:
        return game.position()
    except Exception as error:  # noqa: BLE001 - only for the report
        return f"(no position: {error})"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Random games of every variant, saved and read back both ways."
    )
    parser.add_argument("--games", type=int, default=10_000, help="games a variant")
    parser.add_argument("--seed", type=int, default=1, help="seed of the whole run")
    parser.add_argument(
        "--variant", choices=sorted(VARIANTS), action="append", help="only these"
    )
    parser.add_argument("--game", type=int, help="play only this game (with --variant)")
    args = parser.parse_args(argv)
    variants = args.variant or list(VARIANTS)
    numbers = range(args.games) if args.game is None else [args.game]
    print(
        f"rummyrules saves soak; CPython {platform.python_version()}, "
        f"{platform.system()} {platform.machine()}; {len(numbers)} games a variant, "
        f"seed {args.seed}"
    )
    print(
        f"{'variant':<8}{'games':>8}{'ended':>8}{'moves':>11}{'states':>9}{'failures':>10}{'s':>8}"
    )
    tallies: dict[str, Tally] = {}
    for variant in variants:
        tally = tallies[variant] = Tally()
        start = time.perf_counter()
        for number in numbers:
            play_one(variant, args.seed, number, tally)
        tally.seconds = time.perf_counter() - start
        print(
            f"{variant:<8}{tally.games:>8}{tally.ended:>8}{tally.moves:>11}"
            f"{tally.states:>9}{len(tally.failures):>10}{tally.seconds:>8.0f}",
            flush=True,
        )
    failures = [failure for tally in tallies.values() for failure in tally.failures]
    total = sum(tally.states for tally in tallies.values())
    print(
        f"all: {sum(t.games for t in tallies.values())} games, {total} states checked, {len(failures)} failures"
    )
    for failure in failures[:SHOWN]:
        print(failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
