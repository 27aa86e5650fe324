"""``rummyrules demo`` and ``rummyrules simulate``: games among bots.

``demo`` plays one seeded game and tells it turn by turn; ``simulate`` plays
many (game ``i`` is dealt from seed ``seed + i``) and sums them up in a table
or, with ``--json``, one JSON object.

>>> from rummyrules.cli import main
>>> args = ["simulate", "gor", "--games", "2", "--max-turns", "5", "--json"]
>>> main(args)  # doctest: +ELLIPSIS
{
  "variant": "GoingOutRummy",
  "rules": "GoingOutRummy max_turns=5",
  ...
0
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

from rummyrules.formats.records import record_game
from rummyrules.game.registry import rules_text

from .commentary import Narrator
from .printer import Printer
from .seats import play_recorded, seat_names
from .variants import rules_from

__all__ = ["demo", "simulate"]


def demo(args: argparse.Namespace, printer: Printer) -> int:
    """Play one game among bots with a running commentary; 0.

    >>> from rummyrules.cli import main
    >>> main(["demo", "gor", "--bots", "random", "--max-turns", "2", "--seed", "3"])
    Going Out Rummy, 2 players (random, random), seed 3: GoingOutRummy max_turns=2
    <BLANKLINE>
    Round 1, dealer 0
    player 1: draw, discard 8C
    player 0: take 8C, discard 5H
    <BLANKLINE>
    The game ended with no winner
    0
    """
    rules = rules_from(args.variant, args)
    players = rules.players
    seats = seat_names(args.bots, players)
    printer.line(
        f"{rules.name}, {players} players ({', '.join(seats)}), seed {args.seed}: "
        f"{rules_text(rules)}",
        style="bold",
    )
    printer.line()
    final, moves = play_recorded(rules, args.bots, seed=args.seed)
    narrator = Narrator(
        printer, [f"player {p}" for p in range(players)], brief=args.brief
    )
    game = rules.new_game(seed=args.seed)
    narrator.start(game)
    for move in moves:
        after = game.apply(move)
        narrator.move(game, move, after)
        game = after
    assert game == final  # noqa: S101 - the same moves from the same deal
    narrator.finish(game)
    if args.record is not None:
        record = record_game(rules, seed=args.seed, moves=moves)
        Path(args.record).write_text(str(record), encoding="utf-8")
        printer.line(f"The game record is in {args.record}", style="dim")
    return 0


def simulate(args: argparse.Namespace, printer: Printer) -> int:
    """Play many seeded games among bots; a table of wins, scores and lengths; 0.

    >>> from rummyrules.cli import main
    >>> main(["simulate", "eop", "--games", "3", "--rounds", "1"])  # doctest: +ELLIPSIS
    3 games of End of the Page (seeds 0 to 2): EndOfThePage rounds=1
    ...
    0
    """
    rules = rules_from(args.variant, args)
    players = rules.players
    seats = seat_names(args.bots, players)
    wins = [0] * players
    totals: list[list[int]] = [[] for _ in range(players)]
    lengths: list[int] = []
    rounds: list[int] = []
    no_winner = ties = 0
    with printer.progress(args.games, f"Playing {rules.name}") as advance:
        for number in range(args.games):
            game, moves = play_recorded(rules, args.bots, seed=args.seed + number)
            lengths.append(len(moves))
            rounds.append(len(game.score_sheet))
            no_winner += not game.winners
            ties += len(game.winners) > 1
            for player in game.winners:
                wins[player] += 1
            for player, score in enumerate(game.scores):
                totals[player].append(score)
            advance()
    scores = [statistics.fmean(each) if rules.keeps_score else None for each in totals]
    summary = {
        "variant": type(rules).__name__,
        "rules": rules_text(rules),
        "games": args.games,
        "first_seed": args.seed,
        "last_seed": args.seed + args.games - 1,
        "seats": [
            {
                "seat": seat,
                "bot": seats[seat],
                "wins": wins[seat],
                "win_rate": wins[seat] / args.games,
                "mean_score": scores[seat],
            }
            for seat in range(players)
        ],
        "no_winner": no_winner,
        "ties": ties,
        "moves": {
            "mean": statistics.fmean(lengths),
            "min": min(lengths),
            "max": max(lengths),
        },
        "rounds": {"mean": statistics.fmean(rounds)} if rules.keeps_score else None,
    }
    if args.json:
        printer.raw(json.dumps(summary, indent=2) + "\n")
        return 0
    last = args.seed + args.games - 1
    printer.line(
        f"{args.games} games of {rules.name} (seeds {args.seed} to {last}): "
        f"{rules_text(rules)}",
        style="bold",
    )
    headers = ["seat", "bot", "wins", "win %"]
    if rules.keeps_score:
        headers.append("mean score")
    rows = []
    for seat in range(players):
        row = [
            str(seat),
            seats[seat],
            str(wins[seat]),
            f"{100 * wins[seat] / args.games:.1f}",
        ]
        if rules.keeps_score:
            row.append(f"{scores[seat]:.1f}")
        rows.append(row)
    printer.table(headers, rows, numeric={0, 2, 3, 4})
    length = (
        f"Game length: {statistics.fmean(lengths):.1f} moves on average "
        f"(from {min(lengths)} to {max(lengths)})"
    )
    if rules.keeps_score:
        length += f", {statistics.fmean(rounds):.1f} rounds"
    printer.line(length)
    if no_winner:
        printer.line(f"Games with no winner: {no_winner}")
    if ties:
        printer.line(f"Tied games: {ties}, a win for each player tied", style="dim")
    return 0
