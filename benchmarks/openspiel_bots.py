"""Our bots against OpenSpiel's in Gin Rummy: duplicate deals, our rule book the referee.

Each row is a match of ``rummyrules.peers.play_openspiel_match``: every
deal played twice, our bot in seat 0 and then in seat 1, OpenSpiel's state
kept in step so that its bot is asked with a real OpenSpiel state (needs
the ``[peers]`` extra). Prints a markdown table: hands, our bot's wins,
losses and draws, its win rate over the hands decided (± the binomial
standard error), its mean points a hand (its score on the hand's row of
the score sheet; the other bot's is its negative, GIN-7) ± the standard
error over the deals, the CPU seconds our bot took a move and a hand, and
the differences between the engines met on the way (D1 to D5 of the Gin
Rummy docs page: decisions whose move lists differed, hands OpenSpiel
would have scored otherwise, their bot's moves replaced, hands OpenSpiel
could not follow to the end)::

    PYTHONPATH=src .venv/bin/python benchmarks/openspiel_bots.py --deals 300
    PYTHONPATH=src .venv/bin/python benchmarks/openspiel_bots.py --bots search:simple --deals 200 --seconds 0.1

``--bots`` lists the matches as ``ours:theirs``: ours ``greedy``,
``random`` or ``search`` (SearchBot with ``--playouts`` deals a turn, or
``--seconds`` of CPU a turn), theirs ``simple`` (OpenSpiel's
SimpleGinRummyBot) or ``random`` (its uniform random bot).
"""

from __future__ import annotations

import argparse
import functools
import math
import sys
import time
from collections.abc import Sequence

from rummyrules.bots import SearchBot
from rummyrules.peers import MatchResult, play_openspiel_match
from rummyrules.simulation import BotSpec

NAMES = {"greedy": "`GreedyBot`", "random": "`RandomBot`", "search": "`SearchBot`"}
"""Our bots, as the table names them."""

THEIRS = {"simple": "OpenSpiel's simple bot", "random": "OpenSpiel's random bot"}
"""OpenSpiel's bots, as the table names them."""


def our_spec(name: str, playouts: int | None, seconds: float | None) -> BotSpec:
    """Our bot by name; the search bot with the budget asked for."""
    if name == "search":
        return functools.partial(SearchBot, playouts=playouts, seconds=seconds)
    return name


def budget(playouts: int | None, seconds: float | None) -> str:
    """The search bot's budget, as the table says it."""
    parts = [f"{playouts} playouts"] if playouts is not None else []
    parts += [f"{seconds:g} CPU s"] if seconds is not None else []
    return " or ".join(parts) + " a turn"


def counts(result: MatchResult) -> str:
    """The differences met, in a few words."""
    words = [f"{label} {count}" for label, count in result.differences]
    words += [f"replaced {label} {count}" for label, count in result.replaced]
    words += [f"unmirrored {label} {count}" for label, count in result.unmirrored]
    if result.stand_in_moves:
        words.append(f"stand-in moves {result.stand_in_moves}")
    return ", ".join(words) or "none"


def row(title: str, result: MatchResult) -> str:
    """One line of the table."""
    decided = result.wins + result.losses
    if result.win_rate is None:
        rate = "n/a"
    else:
        spread = math.sqrt(result.win_rate * (1 - result.win_rate) / decided)
        rate = f"{result.win_rate:.1%} ± {spread:.1%}"
    error = "n/a" if result.points_error is None else f"{result.points_error:.2f}"
    return (
        f"| {title} | {result.hands} | "
        f"{result.wins}–{result.losses}–{result.draws} | {rate} | "
        f"{result.points:+.2f} ± {error} | {result.seconds_per_move * 1000:.2f} | "
        f"{result.seconds_per_hand:.3f} | {counts(result)} |"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Play each match asked for and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--deals", type=int, default=300, help="deals a match, each played twice"
    )
    parser.add_argument("--seed", type=int, default=0, help="the matches' seed")
    parser.add_argument(
        "--bots",
        default="greedy:simple,search:simple,greedy:random",
        help="the matches, ours:theirs, comma-separated",
    )
    parser.add_argument(
        "--playouts", type=int, default=None, help="the search bot's deals a turn"
    )
    parser.add_argument(
        "--seconds", type=float, default=None, help="the search bot's CPU s a turn"
    )
    args = parser.parse_args(argv)
    playouts = 32 if args.playouts is None and args.seconds is None else args.playouts
    print(
        f"Gin Rummy, {args.deals} deals a match (seed {args.seed}), each played twice\n"
    )
    print(
        "| match (Gin Rummy) | hands | wins–losses–draws | win rate | "
        "points a hand | our CPU ms a move | our CPU s a hand | differences met |"
    )
    print("|---|---:|---|---:|---:|---:|---:|---|")
    for match in args.bots.split(","):
        ours, _, theirs = match.strip().partition(":")
        started = time.perf_counter()
        result = play_openspiel_match(
            our_spec(ours, playouts, args.seconds),
            theirs,
            deals=args.deals,
            seed=args.seed,
        )
        title = f"{NAMES.get(ours, ours)} vs {THEIRS.get(theirs, theirs)}"
        if ours == "search":
            title += f" ({budget(playouts, args.seconds)})"
        print(row(title, result), flush=True)
        print(
            f"{match}: {time.perf_counter() - started:.0f} s wall",
            file=sys.stderr,
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
