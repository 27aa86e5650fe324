"""The bots at the table, and a game among them with every move recorded.

``--bots greedy,random`` names one bot per seat, cycled when there are more
seats than names; a bot of one's own is named by its import path
(``--bots greedy,mybots:CleverBot``). Each bot gets its own seed, made from
the game's seed and its seat, so a game among bots is the same every time it
is played with the same seed.

>>> from rummyrules import EndOfThePage
>>> game, moves = play_recorded(EndOfThePage(rounds=1), ("random",), seed=2)
>>> game.is_over, len(moves) > 0
(True, True)
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from rummyrules.bots import Bot, play_game
from rummyrules.core.errors import OptionError
from rummyrules.game.moves import Move
from rummyrules.game.state import GameState, PlayableRules
from rummyrules.simulation import BOTS, bot_factory, bot_name

__all__ = ["BOT_NAMES", "bot_names", "make_bots", "play_recorded"]

BOT_NAMES: Final = tuple(BOTS)
"""The bots the command line can seat by name; others by import path."""


def bot_names(text: str) -> tuple[str, ...]:
    """Read ``--bots``: bot names or import paths separated by commas (an argparse ``type``).

    An import path (``mybots:CleverBot``) is imported at once, so that a
    typing error is a usage error; the current directory is searched first,
    as ``python -m`` would (``sys.path``, which worker processes inherit).

    >>> bot_names("Greedy, random,rummyrules.bots:RandomBot")
    ('greedy', 'random', 'rummyrules.bots:RandomBot')
    >>> bot_names("greedy,clever")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: there is no bot 'clever': the bots are easy, medium, hard, greedy, random and search, or an import path such as mybots:CleverBot
    """
    names = tuple(bot_name(name) for name in text.split(","))
    if any(":" in name for name in names):
        here = str(Path.cwd())
        if here not in sys.path:
            sys.path.insert(0, here)
    for name in names:
        try:
            bot_factory(name)
        except (OptionError, TypeError) as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    return names


def make_bots(names: Sequence[str], players: int, *, seed: int) -> list[Bot]:
    """One bot per seat, the names cycled, each seeded from ``seed`` and its seat.

    >>> [type(bot).__name__ for bot in make_bots(["random"], 2, seed=1)]
    ['RandomBot', 'RandomBot']
    >>> [type(bot).__name__ for bot in make_bots(["search", "greedy"], 3, seed=1)]
    ['SearchBot', 'GreedyBot', 'SearchBot']
    """
    bots: list[Bot] = []
    for seat in range(players):
        factory = bot_factory(names[seat % len(names)])
        bots.append(factory(seed=seed * 16 + seat))  # at most 10 seats: distinct
    return bots


def seat_names(names: Sequence[str], players: int) -> list[str]:
    """The bot name at each seat, the names cycled.

    >>> seat_names(["greedy", "random"], 3)
    ['greedy', 'random', 'greedy']
    """
    return [names[seat % len(names)] for seat in range(players)]


def play_recorded(
    rules: PlayableRules[Any], names: Sequence[str], *, seed: int
) -> tuple[GameState, list[Move]]:
    """Play a whole game among the named bots; the final state and every move.

    >>> from rummyrules import GoingOutRummy
    >>> game, moves = play_recorded(GoingOutRummy(max_turns=4), ["random"], seed=1)
    >>> game.turns, [str(move) for move in moves[:2]]
    (4, ['draw', 'discard 9H'])
    """
    played = play_game(rules, make_bots(names, rules.players, seed=seed), seed=seed)
    return played.state, list(played.record.moves)
