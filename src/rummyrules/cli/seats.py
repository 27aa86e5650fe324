"""The bots at the table, and a game among them with every move recorded.

``--bots greedy,random`` names one bot per seat, cycled when there are more
seats than names. Each bot gets its own seed, made from the game's seed and
its seat, so a game among bots is the same every time it is played with the
same seed.

>>> from rummyrules import EndOfThePage
>>> game, moves = play_recorded(EndOfThePage(rounds=1), ("random",), seed=2)
>>> game.is_over, len(moves) > 0
(True, True)
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any, Final

from rummyrules.bots import Bot, GreedyBot, RandomBot, SearchBot, play_game
from rummyrules.game.moves import Move
from rummyrules.game.state import GameState, PlayableRules

__all__ = ["BOT_NAMES", "bot_names", "make_bots", "play_recorded"]

BOT_NAMES: Final = ("greedy", "random", "search")
"""The bots the command line can seat, by name."""

_BOTS: Final[dict[str, type[GreedyBot | RandomBot | SearchBot]]] = {
    "greedy": GreedyBot,
    "random": RandomBot,
    "search": SearchBot,
}
"""Each bot name's class, made with a seed."""


def bot_names(text: str) -> tuple[str, ...]:
    """Read ``--bots``: bot names separated by commas (an argparse ``type``).

    >>> bot_names("Greedy, random")
    ('greedy', 'random')
    >>> bot_names("greedy,clever")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: there is no bot 'clever': the bots are greedy, random, search
    """
    names = tuple(name.strip().lower() for name in text.split(","))
    for name in names:
        if name not in BOT_NAMES:
            message = f"there is no bot {name!r}: the bots are {', '.join(BOT_NAMES)}"
            raise argparse.ArgumentTypeError(message)
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
        name = names[seat % len(names)]
        bot_seed = seed * 16 + seat  # at most 10 seats: distinct for every game
        bots.append(_BOTS[name](seed=bot_seed))
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
