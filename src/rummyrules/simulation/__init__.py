"""Simulations: many seeded games among bots, summed up, on one core, every core or a cluster.

:func:`simulate` plays the games and returns a :class:`Summary`; bots are
given by name, by import path or as factories (:func:`bot_factory`), and
every game's deal and bots are seeded from the simulation's seed and the
game's number (:func:`game_seed`, :func:`bot_seed`), so the summary is the
same for any number of processes and on a Dask cluster (:doc:`simulations`).
With ``duplicate=True`` each deal is played once per rotation of the seats
and the summary adds each bot's paired margin (:class:`DuplicateSummary`).

>>> from rummyrules import GoingOutRummy
>>> summary = simulate(GoingOutRummy(max_turns=30), ["greedy", "random"], games=4)
>>> summary.seats[0].wins + summary.seats[1].wins + summary.no_winner
4
"""

from rummyrules.simulation.duplicate import BotSummary, DuplicateSummary
from rummyrules.simulation.running import simulate
from rummyrules.simulation.seating import (
    BOTS,
    BotFactory,
    BotSpec,
    bot_factory,
    bot_name,
    bot_seed,
    game_seed,
)
from rummyrules.simulation.summary import Lengths, SeatSummary, Summary

__all__ = [
    "BOTS",
    "BotFactory",
    "BotSpec",
    "BotSummary",
    "DuplicateSummary",
    "Lengths",
    "SeatSummary",
    "Summary",
    "bot_factory",
    "bot_name",
    "bot_seed",
    "game_seed",
    "simulate",
]
