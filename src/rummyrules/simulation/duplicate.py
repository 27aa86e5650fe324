"""Duplicate games summed up per bot: wins, mean score and the paired margin over the deals.

In a duplicate simulation each deal is played once per rotation of the
seats, so every bot holds every seat's cards of every deal. A bot's *result*
in a game is its final score, or in a game that keeps no score (Going Out
Rummy) 1 for a win and 0 otherwise. Its *margin* on a deal is its mean
result over the deal's rotations minus the mean of the other bots' means;
with two bots, A's margin is A's points minus B's, averaged over the two
seatings. The luck of the cards falls on every bot alike and cancels out of
the margin, which is what makes it a sharper comparison than the scores.

>>> from rummyrules import EndOfThePage
>>> from rummyrules.simulation import simulate
>>> summary = simulate(
...     EndOfThePage(rounds=1), ["greedy", "random"], games=3, duplicate=True
... )
>>> duplicate = summary.duplicate
>>> duplicate.deals, duplicate.measure, [bot.games for bot in duplicate.bots]
(3, 'score', [6, 6])
>>> duplicate.bots[0].margin == -duplicate.bots[1].margin
True
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Literal

import attrs

from .games import GameOutcome
from .seating import seating

__all__ = ["BotSummary", "DuplicateSummary", "paired_margin", "summarize_duplicate"]


@attrs.frozen
class BotSummary:
    """One bot of a duplicate simulation, over every seat of every deal.

    A bot is an entry of the simulation's bot list: the same bot given twice
    is two entries, each with its own figures.

    Attributes:
        index: Its place in the bot list, from 0 (and its seat in rotation 0).
        bot: Its name, as :func:`~rummyrules.simulation.bot_name` shows it.
        games: The games it played: every game of the simulation.
        wins: The games it won; a tie is a win for each player tied.
        mean_score: Its mean final score over those games; None in a game
            that keeps no score (Going Out Rummy).
        margin: Its paired margin, the mean over the deals of its mean
            result on the deal minus the mean of the other bots' (see
            :attr:`DuplicateSummary.measure`): above 0 it did better than
            the others on the same cards.
        margin_error: The standard error of that mean: the margins' sample
            standard deviation over the deals over the square root of the
            number of deals; None with a single deal.

    >>> bot = BotSummary(
    ...     index=0,
    ...     bot="greedy",
    ...     games=8,
    ...     wins=6,
    ...     mean_score=None,
    ...     margin=0.5,
    ...     margin_error=0.25,
    ... )
    >>> bot.win_rate
    0.75
    """

    index: int
    bot: str
    games: int
    wins: int
    mean_score: float | None
    margin: float
    margin_error: float | None

    @property
    def win_rate(self) -> float:
        """The share of its games this bot won, from 0 to 1.

        >>> BotSummary(
        ...     index=1,
        ...     bot="random",
        ...     games=4,
        ...     wins=1,
        ...     mean_score=-3.5,
        ...     margin=-7.0,
        ...     margin_error=None,
        ... ).win_rate
        0.25
        """
        return self.wins / self.games


@attrs.frozen
class DuplicateSummary:
    """What a duplicate simulation comes to per bot, with the luck of the deal paired out.

    Attributes:
        deals: How many deals were played, each once per rotation.
        rotations: How many times each deal was played: once per seat.
        measure: What a margin is counted in: ``"score"``, the final
            scores, or ``"win"``, 1 for a win and 0 otherwise, in a game
            that keeps no score.
        bots: Each bot's figures, in the order of the bot list.

    >>> from rummyrules import GoingOutRummy
    >>> from rummyrules.simulation import simulate
    >>> summary = simulate(
    ...     GoingOutRummy(max_turns=30), ["greedy", "random"], games=2, duplicate=True
    ... )
    >>> summary.duplicate.measure, summary.duplicate.rotations, summary.games
    ('win', 2, 4)
    """

    deals: int
    rotations: int
    measure: Literal["score", "win"]
    bots: tuple[BotSummary, ...]


def paired_margin(margins: Sequence[float]) -> tuple[float, float | None]:
    """The mean of one margin a deal, and its standard error over the deals (None for one deal).

    Each deal's margin is already paired (the mean over its rotations), so
    the deals are independent samples: the error is their sample standard
    deviation over the square root of their number.

    >>> paired_margin([4.0, -2.0, 7.0])
    (3.0, 2.6457513110645907)
    >>> paired_margin([5.0])
    (5.0, None)
    """
    deals = len(margins)
    error = statistics.stdev(margins) / math.sqrt(deals) if deals > 1 else None
    return statistics.fmean(margins), error


def summarize_duplicate(
    bots: Sequence[str], outcomes: Sequence[GameOutcome]
) -> DuplicateSummary:
    """The per-bot figures of a duplicate simulation's outcomes, every game in order.

    Game ``g`` is rotation ``g % n`` of deal ``g // n``, for ``n`` bots.

    >>> def game(rotation, scores):
    ...     winner = max(range(2), key=scores.__getitem__)
    ...     return GameOutcome(
    ...         index=rotation,
    ...         seed=1,
    ...         winners=(winner,),
    ...         scores=scores,
    ...         moves=9,
    ...         turns=3,
    ...         rounds=1,
    ...         rotation=rotation,
    ...     )
    >>> # Greedy scores 30 from seat 0, then 20 from seat 1; random 5, then -5.
    >>> summary = summarize_duplicate(
    ...     ["greedy", "random"], [game(0, (30, 5)), game(1, (-5, 20))]
    ... )
    >>> [(bot.wins, bot.mean_score, bot.margin) for bot in summary.bots]
    [(2, 25.0, 25.0), (0, 0.0, -25.0)]
    """
    count = len(bots)
    deals = len(outcomes) // count
    scored = all(outcome.scores is not None for outcome in outcomes)
    # results[b][d][r]: bot b's result in rotation r of deal d.
    results: list[list[list[float]]] = [[[] for _ in range(deals)] for _ in bots]
    wins = [0] * count
    for number, outcome in enumerate(outcomes):
        deal = number // count
        for seat, bot in enumerate(seating(range(count), outcome.rotation)):
            won = seat in outcome.winners
            wins[bot] += won
            result = outcome.scores[seat] if outcome.scores is not None else won
            results[bot][deal].append(float(result))
    means = [[statistics.fmean(deal) for deal in per_bot] for per_bot in results]
    summaries = []
    for bot, name in enumerate(bots):
        margins = [
            means[bot][deal]
            - statistics.fmean(
                means[other][deal] for other in range(count) if other != bot
            )
            for deal in range(deals)
        ]
        margin, error = paired_margin(margins)
        summaries.append(
            BotSummary(
                index=bot,
                bot=name,
                games=len(outcomes),
                wins=wins[bot],
                mean_score=(
                    statistics.fmean(r for deal in results[bot] for r in deal)
                    if scored
                    else None
                ),
                margin=margin,
                margin_error=error,
            )
        )
    return DuplicateSummary(
        deals=deals,
        rotations=count,
        measure="score" if scored else "win",
        bots=tuple(summaries),
    )
