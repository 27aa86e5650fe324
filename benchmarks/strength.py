"""The levels' strength table: each level against the next one down in every game, and in Gin against OpenSpiel's simple bot.

Every row is a duplicate match of two players: each deal played twice, the
stronger bot in seat 0 and then in seat 1, so that both hold the same cards
and the luck of the deal cancels out of the margin. The games are those a
table plays, to their rules' ends:

- End of the Page: whole games (10 rounds, the rules' default), 2 players;
- 1400: whole games to 1400, 2 players;
- Going Out Rummy: whole games (until someone goes out), 2 players; it keeps
  no score, so its margin counts wins: +1 a game won, -1 a game lost;
- Gin Rummy: single hands, the margin the stronger bot's points a hand (its
  score on the hand; the other's is its negative, GIN-7); its row against
  OpenSpiel's simple bot is played by
  :func:`rummyrules.peers.play_openspiel_match` (needs the ``[peers]`` extra).

Prints a markdown table: games (hands in Gin), the stronger bot's wins,
losses and draws, its win rate over the games decided (± the binomial
standard error), its mean margin a game (± the standard error over the
deals, each deal's two games one sample: in End of the Page and 1400 the
difference of the two final totals) and their ratio, and the mean and
longest CPU seconds a move of the stronger bot (``time.process_time``)
and the CPU seconds the row took in every process; then the wall and CPU
time of the run. Seeds are fixed: a run repeats its
games, but for the hard level's moves its CPU cap cuts short.

    PYTHONPATH=src .venv/bin/python benchmarks/strength.py --jobs 2          # the full table, under 2 h
    PYTHONPATH=src .venv/bin/python benchmarks/strength.py --quick --jobs 2  # a few minutes
    PYTHONPATH=src .venv/bin/python benchmarks/strength.py --rows gin --deals 20
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from functools import partial
from typing import Any, Final

from attrs import frozen

from rummyrules import EndOfThePage, FourteenHundred, GinRummy, GoingOutRummy
from rummyrules.bots import Bot, level_bot, play_game
from rummyrules.game.moves import Move
from rummyrules.game.state import PlayableRules, View
from rummyrules.simulation import bot_seed, game_seed

GAMES: Final[dict[str, PlayableRules[Any]]] = {
    "eop": EndOfThePage(),
    "1400": FourteenHundred(players=2),
    "gor": GoingOutRummy(),
    "gin": GinRummy(),
}
"""The games of the table, two players each, played to their rules' ends."""

SEED: Final = 4300
"""The run's seed: every deal's and bot's seed comes from it (away from the tests' seeds)."""

SIMPLE: Final = "simple"
"""OpenSpiel's simple Gin Rummy bot, as a row's weaker player."""


@frozen
class Row:
    """One match of the table: the game, the stronger and weaker player, and its deals in a full and a quick run."""

    game: str
    stronger: str
    weaker: str
    deals: int
    quick: int


ROWS: Final = (
    Row("eop", "medium", "easy", 1000, 50),
    Row("eop", "hard", "medium", 16, 2),
    Row("1400", "medium", "easy", 1000, 50),
    Row("1400", "hard", "medium", 30, 2),
    Row("gor", "medium", "easy", 2000, 100),
    Row("gor", "hard", "medium", 80, 6),
    Row("gin", "medium", "easy", 2000, 100),
    Row("gin", "hard", "medium", 120, 6),
    Row("gin", "hard", SIMPLE, 500, 10),
)
"""The rows, and their deals in a full and a ``--quick`` run.

The full run took 3,336 s wall and 6,294 CPU s on 2 cores (2026-12-07):
the hard level (32 deals, 0.8 s) about 13 CPU s a whole game of End of the
Page, 14 of 1400, 3 of Going Out Rummy and 3.4 a hand of Gin Rummy; the
rows of the medium level take a few minutes in all.
"""


@frozen
class Tally:
    """What a task played: per game its result for the stronger bot, per deal its margin, and the stronger bot's CPU a move."""

    results: tuple[int, ...]
    margins: tuple[float, ...]
    seconds: tuple[float, ...]
    cpu: float


class Timed:
    """A bot whose CPU seconds a move are kept (on its turn and out of it, every move it makes)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.seconds: list[float] = []

    def choose(self, view: View) -> Move | None:
        """The bot's move, timed."""
        started = time.process_time()
        move = self.bot.choose(view)
        if move is not None:
            self.seconds.append(time.process_time() - started)
        return move


_TIMED: list[Timed] = []
"""The timed bots a task made, in the worker that runs it (OpenSpiel's match makes them)."""


def _timed_level(level: str, *, seed: int) -> Timed:
    timed = Timed(level_bot(level, seed=seed))
    _TIMED.append(timed)
    return timed


def play_deal(row: Row, seed: int, deal: int) -> Tally:
    """One deal played both ways: the stronger bot in seat 0, then in seat 1."""
    started = time.process_time()
    rules = GAMES[row.game]
    results, margin, seconds = [], 0.0, []
    for seat in (0, 1):
        strong = Timed(level_bot(row.stronger, seed=bot_seed(seed, deal, seat)))
        weak = level_bot(row.weaker, seed=bot_seed(seed, deal, 1 - seat))
        bots: list[Bot] = [strong, weak] if seat == 0 else [weak, strong]
        state = play_game(rules, bots, seed=game_seed(seed, deal)).state
        won, lost = (
            state.winners == (seat,),
            bool(state.winners) and seat not in state.winners,
        )
        results.append(int(won) - int(lost))
        if isinstance(
            rules, GinRummy
        ):  # its points a hand; the other's are their negative (GIN-7)
            margin += state.scores[seat] / 2
        elif rules.keeps_score:
            margin += (state.scores[seat] - state.scores[1 - seat]) / 2
        else:
            margin += (int(won) - int(lost)) / 2
        seconds += strong.seconds
    return Tally(
        tuple(results), (margin,), tuple(seconds), time.process_time() - started
    )


def play_simple(row: Row, seed: int, deal: int) -> Tally:
    """One deal against OpenSpiel's simple bot, both ways: a match of one deal, its seed made of ``seed`` and ``deal``."""
    from rummyrules.peers import play_openspiel_match  # noqa: PLC0415 - the [peers] extra, only for this row

    started = time.process_time()
    _TIMED.clear()
    result = play_openspiel_match(
        partial(_timed_level, row.stronger), SIMPLE, deals=1, seed=seed * 100_000 + deal
    )
    results = (1,) * result.wins + (-1,) * result.losses + (0,) * result.draws
    seconds = tuple(s for timed in _TIMED for s in timed.seconds)
    return Tally(results, (result.points,), seconds, time.process_time() - started)


def run_row(row: Row, deals: int, seed: int, pool: Executor) -> tuple[str, float]:
    """Play one row; its line of the table, and the CPU seconds it took in every process."""
    play = play_simple if row.weaker == SIMPLE else play_deal
    tallies = list(pool.map(partial(play, row, seed), range(deals)))
    cpu = sum(tally.cpu for tally in tallies)
    return f"{line(row, tallies)} {cpu:.0f} |", cpu


def line(row: Row, tallies: Sequence[Tally]) -> str:
    """The row's line of the markdown table."""
    results = [result for tally in tallies for result in tally.results]
    margins = [margin for tally in tallies for margin in tally.margins]
    seconds = [s for tally in tallies for s in tally.seconds] or [0.0]
    wins, losses = results.count(1), results.count(-1)
    decided = wins + losses
    rate = wins / decided if decided else math.nan
    rate_error = math.sqrt(rate * (1 - rate) / decided) if decided else math.nan
    margin = statistics.fmean(margins)
    error = (
        statistics.stdev(margins) / math.sqrt(len(margins))
        if len(margins) > 1
        else math.nan
    )
    # No spread at all (every deal split alike, as a few Going Out deals do): no ratio.
    ratio = f"{margin / error:+.1f}" if error and not math.isnan(error) else "n/a"
    unit = "wins" if row.game == "gor" else "points"
    weaker = "OpenSpiel simple" if row.weaker == SIMPLE else row.weaker
    games = "hands" if row.game == "gin" else "games"
    return (
        f"| {GAMES[row.game].name} | {row.stronger} vs {weaker} | {len(results)} {games} |"
        f" {wins}–{losses}–{results.count(0)} | {rate:.1%} ± {rate_error:.1%} |"
        f" {margin:+.2f} ± {error:.2f} {unit} | {ratio} |"
        f" {statistics.fmean(seconds):.3f} / {max(seconds):.3f} |"
    )


HEADER: Final = (
    "| game | match | played | W–L–D | win rate | mean margin | margin / SE |"
    " CPU s a move (mean / max) | CPU s (row) |\n"
    "|---|---|---:|---:|---:|---:|---:|---:|---:|"
)


def main(arguments: Sequence[str] | None = None) -> None:
    """Play the rows asked for and print the table, then the run's wall and CPU time."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument(
        "--quick", action="store_true", help="a few deals a row: minutes"
    )
    parser.add_argument("--deals", type=int, help="deals a row, instead of its own")
    parser.add_argument(
        "--rows", default=",".join(GAMES), help="games, comma-separated"
    )
    parser.add_argument("--seed", type=int, default=SEED)
    options = parser.parse_args(arguments)
    games = options.rows.split(",")
    wall, cpu = time.perf_counter(), time.process_time()
    worked = 0.0
    print(HEADER, flush=True)
    with ProcessPoolExecutor(options.jobs) as pool:
        for row in ROWS:
            if row.game not in games:
                continue
            deals = options.deals or (row.quick if options.quick else row.deals)
            text, spent = run_row(row, deals, options.seed, pool)
            worked += spent
            print(text, flush=True)
    print(
        f"\n{time.perf_counter() - wall:.0f} s wall, "
        f"{worked + time.process_time() - cpu:.0f} s CPU, {options.jobs} jobs"
    )


if __name__ == "__main__":
    main()
