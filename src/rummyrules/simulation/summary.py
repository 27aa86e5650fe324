"""What a simulation comes to: wins, scores and game lengths, per seat and overall.

A :class:`Summary` is built from the games' outcomes in game order, so the
same games give the same summary, to the last bit of every mean, however
they were shared out.

>>> from rummyrules import EndOfThePage
>>> from rummyrules.simulation import simulate
>>> summary = simulate(EndOfThePage(rounds=1), ["greedy", "random"], games=4, seed=1)
>>> summary.games, sum(seat.wins for seat in summary.seats) >= 4 - summary.no_winner
(4, True)
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

import attrs

from rummyrules.formats.records import GameRecord
from rummyrules.game.state import PlayableRules

from .duplicate import DuplicateSummary, summarize_duplicate
from .games import GameOutcome

__all__ = ["Lengths", "SeatSummary", "Summary", "summarize"]


@attrs.frozen
class Lengths:
    """How long the games were, in some unit (moves, turns, rounds): mean, shortest, longest.

    >>> Lengths.of([30, 10, 20])
    Lengths(mean=20.0, min=10, max=30)
    """

    mean: float
    min: int
    max: int

    @classmethod
    def of(cls, values: Sequence[int]) -> Lengths:
        """The lengths of these games (at least one).

        >>> Lengths.of([7]).mean
        7.0
        """
        return cls(statistics.fmean(values), min(values), max(values))


@attrs.frozen
class SeatSummary:
    """One seat over all the games: its bot, its wins and its final scores.

    Attributes:
        seat: The seat, from 0.
        bot: The bot in it, as :func:`~rummyrules.simulation.bot_name` shows
            it; ``"rotated"`` in a duplicate simulation, where every bot sat
            there in turn.
        wins: The games it won; a tie is a win for each player tied.
        mean_score: Its mean final score; None in a game that keeps no
            score (Going Out Rummy).
        score_error: The standard error of that mean (the scores' sample
            standard deviation over the square root of the number of
            games); None without scores or with a single game.

    >>> seat = SeatSummary(
    ...     seat=0, bot="greedy", wins=3, games=4, mean_score=None, score_error=None
    ... )
    >>> seat.win_rate
    0.75
    """

    seat: int
    bot: str
    wins: int
    games: int
    mean_score: float | None
    score_error: float | None

    @property
    def win_rate(self) -> float:
        """The share of the games this seat won, from 0 to 1.

        >>> SeatSummary(
        ...     seat=1, bot="random", wins=1, games=4, mean_score=None, score_error=None
        ... ).win_rate
        0.25
        """
        return self.wins / self.games


@attrs.frozen
class Summary:
    """A simulation's result: per seat wins and scores, game lengths, and optionally every record.

    Two runs with the same rules, bots, games and seed give equal summaries,
    whatever ``jobs`` or cluster played them.

    Attributes:
        rules: The rules of every game.
        bots: The bot of each seat, as :func:`~rummyrules.simulation.bot_name` shows it.
        seed: The simulation's seed; game ``i`` is dealt from
            :func:`~rummyrules.simulation.game_seed` ``(seed, i)``.
        games: How many games were played; in a duplicate simulation, the
            deals times the seats.
        seats: Each seat's wins and scores.
        no_winner: Games that ended with nobody winning (a Going Out Rummy
            game that reached its turn limit).
        ties: Games won by more than one player (each counts a win).
        moves: The games' lengths in moves.
        turns: Their lengths in turns, over all rounds.
        rounds: Their lengths in rounds; None in a game that keeps no score.
        records: Every game's record, in game order, when asked for.
        duplicate: Each bot's figures over the deals, in a duplicate
            simulation; None otherwise.

    >>> from rummyrules import GoingOutRummy
    >>> from rummyrules.simulation import simulate
    >>> summary = simulate(GoingOutRummy(max_turns=10), ["greedy", "random"], games=3)
    >>> summary.rounds, summary.seats[0].mean_score, summary.turns.max <= 10
    (None, None, True)
    """

    rules: PlayableRules[Any]
    bots: tuple[str, ...]
    seed: int
    games: int
    seats: tuple[SeatSummary, ...]
    no_winner: int
    ties: int
    moves: Lengths
    turns: Lengths
    rounds: Lengths | None
    records: tuple[GameRecord, ...] | None = None
    duplicate: DuplicateSummary | None = None


def summarize(  # noqa: PLR0913 - the simulation's settings, then the outcomes
    rules: PlayableRules[Any],
    bots: Sequence[str],
    seed: int,
    outcomes: Sequence[GameOutcome],
    *,
    records: bool,
    duplicate: bool = False,
) -> Summary:
    """The summary of these outcomes, which are every game of the simulation in order.

    With ``duplicate``, game ``g`` is rotation ``g % n`` of deal ``g // n``.

    >>> from rummyrules import GoingOutRummy
    >>> from rummyrules.simulation.games import Chunk, play_chunk
    >>> rules = GoingOutRummy(max_turns=6)
    >>> outcomes = play_chunk(Chunk(rules, ("random",) * 2, seed=0, start=0, stop=3))
    >>> summarize(rules, ["random"] * 2, 0, outcomes, records=False).games
    3
    """
    games = len(outcomes)
    seats = []
    for seat, bot in enumerate(bots):
        scores = [
            outcome.scores[seat] for outcome in outcomes if outcome.scores is not None
        ]
        seats.append(
            SeatSummary(
                seat=seat,
                bot="rotated" if duplicate else bot,
                wins=sum(seat in outcome.winners for outcome in outcomes),
                games=games,
                mean_score=statistics.fmean(scores) if scores else None,
                score_error=(
                    statistics.stdev(scores) / math.sqrt(len(scores))
                    if len(scores) > 1
                    else None
                ),
            )
        )
    kept = tuple(o.record for o in outcomes if o.record is not None)
    return Summary(
        rules=rules,
        bots=tuple(bots),
        seed=seed,
        games=games,
        seats=tuple(seats),
        no_winner=sum(not outcome.winners for outcome in outcomes),
        ties=sum(len(outcome.winners) > 1 for outcome in outcomes),
        moves=Lengths.of([outcome.moves for outcome in outcomes]),
        turns=Lengths.of([outcome.turns for outcome in outcomes]),
        rounds=(
            Lengths.of([outcome.rounds for outcome in outcomes])
            if rules.keeps_score
            else None
        ),
        records=kept if records else None,
        duplicate=summarize_duplicate(bots, outcomes) if duplicate else None,
    )
