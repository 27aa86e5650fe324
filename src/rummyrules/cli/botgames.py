"""``rummyrules demo`` and ``rummyrules simulate``: games among bots.

``demo`` plays one seeded game and tells it turn by turn; ``simulate`` plays
many with :func:`rummyrules.simulate` (in this process, or with ``--jobs`` on
several cores) and sums them up in a table or, with ``--json``, one JSON
object; ``--duplicate`` plays every deal in every seating and sums up per
bot; ``--records DIR`` keeps every game's record.

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
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from rummyrules.formats.records import GameRecord, record_game
from rummyrules.game.registry import rules_text
from rummyrules.simulation import DuplicateSummary, Summary
from rummyrules.simulation import simulate as run_simulation

from .commentary import Narrator
from .printer import Printer
from .seats import play_recorded, seat_names
from .variants import rules_from
from .words import seat_names_for

__all__ = ["demo", "simulate"]


def demo(args: argparse.Namespace, printer: Printer) -> int:
    """Play one game among bots with a running commentary; 0.

    >>> from rummyrules.cli import main
    >>> main(["demo", "gor", "--bots", "random", "--max-turns", "2", "--seed", "3"])
    ... # doctest: +ELLIPSIS
    Going Out Rummy, 2 players (random, random), seed 3: GoingOutRummy max_turns=2
    <BLANKLINE>
    Round 1, player 1 deals
    player 2: draw, discard 8C
    player 1: take 8C, discard 5H
    The game ends: the turn limit is reached (GOR-R4)
    ...
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
    narrator = Narrator(printer, seat_names_for(players), brief=args.brief)
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
    3 games of End of the Page (seed 0): EndOfThePage rounds=1
    ...
    0

    With ``--duplicate``, a table per bot and its margin on the same cards:

    >>> args = "simulate gin --games 2 --bots greedy,random --duplicate".split()
    >>> main(args)  # doctest: +ELLIPSIS
    4 games of Gin Rummy, 2 deals each played in 2 seatings (seed 0): GinRummy
    ...
    Margin: a bot's mean final score on a deal, minus the other bots' mean, over the deals
    ...
    0
    """
    rules = rules_from(args.variant, args)
    bots = seat_names(args.bots, rules.players)
    if args.records is not None:
        refusal = _records_refusal(Path(args.records), overwrite=args.overwrite)
        if refusal is not None:
            printer.error(f"rummyrules simulate: error: {refusal}")
            return 2
    played = args.games * rules.players if args.duplicate else args.games
    with printer.progress(played, f"Playing {rules.name}") as progress:
        summary = run_simulation(
            rules,
            bots,
            games=args.games,
            seed=args.seed,
            jobs=args.jobs,
            progress=progress,
            records=args.records is not None,
            duplicate=args.duplicate,
        )
    if args.records is not None:
        _write_records(Path(args.records), summary.records or ())
    if args.json:
        printer.raw(json.dumps(_json(summary), indent=2) + "\n")
        return 0
    deals = ""
    if summary.duplicate is not None:
        deals = (
            f", {summary.duplicate.deals} deals each played in "
            f"{summary.duplicate.rotations} seatings"
        )
    printer.line(
        f"{summary.games} games of {rules.name}{deals} (seed {summary.seed}): "
        f"{rules_text(rules)}",
        style="bold",
    )
    if summary.duplicate is None:
        _seats_table(summary, printer)
    else:
        _bots_table(summary.duplicate, printer)
    moves = summary.moves
    length = (
        f"Game length: {moves.mean:.1f} moves on average "
        f"(from {moves.min} to {moves.max}), {summary.turns.mean:.1f} turns"
    )
    if summary.rounds is not None:
        length += f", {summary.rounds.mean:.1f} rounds"
    printer.line(length)
    if summary.no_winner:
        printer.line(f"Games with no winner: {summary.no_winner}")
    if summary.ties:
        printer.line(
            f"Tied games: {summary.ties}, a win for each player tied", style="dim"
        )
    if args.records is not None:
        printer.line(f"The game records are in {args.records}", style="dim")
    return 0


def _seats_table(summary: Summary, printer: Printer) -> None:
    """Each seat's bot, wins and mean score."""
    headers = ["seat", "bot", "wins", "win %"]
    if summary.rules.keeps_score:
        headers += ["mean score", "± s.e."]
    rows = []
    for seat in summary.seats:
        row = [str(seat.seat), seat.bot, str(seat.wins), f"{100 * seat.win_rate:.1f}"]
        if seat.mean_score is not None:
            row += [f"{seat.mean_score:.1f}", _error(seat.score_error, 1)]
        rows.append(row)
    printer.table(headers, rows, numeric={0, 2, 3, 4, 5})


def _bots_table(duplicate: DuplicateSummary, printer: Printer) -> None:
    """Each bot's wins, mean score and paired margin, over every seat of every deal."""
    scored = duplicate.measure == "score"
    # A margin in wins is a difference of shares, finer than a score's.
    places = 1 if scored else 3
    headers = ["#", "bot", "wins", "win %"]
    headers += ["mean score", "margin", "± s.e."] if scored else ["margin", "± s.e."]
    rows = []
    for bot in duplicate.bots:
        row = [str(bot.index), bot.bot, str(bot.wins), f"{100 * bot.win_rate:.1f}"]
        if bot.mean_score is not None:
            row.append(f"{bot.mean_score:.1f}")
        row += [f"{bot.margin:+.{places}f}", _error(bot.margin_error, places)]
        rows.append(row)
    printer.table(headers, rows, numeric={0, 2, 3, 4, 5, 6})
    counted = "final score" if scored else "share of games won"
    printer.line(
        f"Margin: a bot's mean {counted} on a deal, minus the other bots' mean, "
        "over the deals",
        style="dim",
    )


def _error(error: float | None, places: int) -> str:
    return "-" if error is None else f"{error:.{places}f}"


def _json(summary: Summary) -> dict[str, Any]:
    found = _plain_json(summary)
    if summary.duplicate is not None:
        found["duplicate"] = attrs.asdict(summary.duplicate)
        for bot, figures in zip(
            summary.duplicate.bots, found["duplicate"]["bots"], strict=True
        ):
            figures["win_rate"] = bot.win_rate
    return found


def _plain_json(summary: Summary) -> dict[str, Any]:
    return {
        "variant": type(summary.rules).__name__,
        "rules": rules_text(summary.rules),
        "games": summary.games,
        "seed": summary.seed,
        "seats": [
            {
                "seat": seat.seat,
                "bot": seat.bot,
                "wins": seat.wins,
                "win_rate": seat.win_rate,
                "mean_score": seat.mean_score,
                "score_error": seat.score_error,
            }
            for seat in summary.seats
        ],
        "no_winner": summary.no_winner,
        "ties": summary.ties,
        "moves": attrs.asdict(summary.moves),
        "turns": attrs.asdict(summary.turns),
        "rounds": None if summary.rounds is None else attrs.asdict(summary.rounds),
    }


def _records_refusal(folder: Path, *, overwrite: bool) -> str | None:
    """Why the records may not go into ``folder``, or None when they may.

    Records left by an earlier run beside the new ones would read as one
    simulation, so a folder that holds anything is refused, checked before a
    single game is played, unless ``--overwrite`` says to replace them.
    """
    if folder.exists() and not folder.is_dir():
        return f"--records {folder}: it is a file, not a folder"
    if folder.is_dir() and not overwrite and any(folder.iterdir()):
        return (
            f"--records {folder}: the folder is not empty; choose an empty or "
            "new folder, or add --overwrite to replace its game records"
        )
    return None


def _write_records(folder: Path, records: Sequence[GameRecord]) -> None:
    """One file per game, ``game-0042.txt``: the number of the game, from 0.

    Game records already there (``game-*.txt``, as an earlier run wrote them)
    are removed first, so that the folder holds this run's games only.
    """
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("game-*.txt"):
        old.unlink()
    width = max(4, len(str(len(records) - 1)))
    for number, record in enumerate(records):
        path = folder / f"game-{number:0{width}d}.txt"
        path.write_text(str(record), encoding="utf-8")
