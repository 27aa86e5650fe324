"""OpenSpiel's bots for Gin Rummy: by name, or any factory of objects with ``step(state)``.

A match asks an OpenSpiel bot with OpenSpiel's own state, as OpenSpiel's
bots expect. Any object with ``step(state) -> action`` and ``restart()``
will do (a ``pyspiel.Bot`` has both); it is made by a factory called as
``factory(game, player)``, once for each seat of a match, and restarted
before each hand. Two are known by name:

- ``"simple"``: OpenSpiel's ``SimpleGinRummyBot``
  (``pyspiel.make_simple_gin_rummy_bot(params, player)``): it takes the
  upcard when that lets it knock or the card would be in a meld, discards
  its highest deadwood, knocks as soon as it may, lays its best melds and
  never lays off;
- ``"random"``: ``pyspiel.make_uniform_random_bot(player, seed)``, a
  uniform choice among OpenSpiel's legal actions, seeded from the match's
  seed and the seat.

>>> from rummyrules.peers.openspiel_gin import OpenSpielGin
>>> theirs = OpenSpielGin(list(range(52)))
>>> bot = openspiel_bot_factory("simple", seed=0)(theirs.game, 0)
>>> theirs.text_of(bot.step(theirs.state))  # AS to 10S in hand, JS turned up
'take'
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Final, Protocol, TypeAlias, runtime_checkable

from rummyrules.core.errors import OptionError
from rummyrules.core.shuffle import random_words

from .openspiel import pyspiel

__all__ = [
    "OPENSPIEL_BOTS",
    "OpenSpielBot",
    "OpenSpielBotFactory",
    "OpenSpielBotSpec",
    "openspiel_bot_factory",
]

# OpenSpiel's bots take their seed as a C++ int.
_SEED_BITS: Final = 31


@runtime_checkable
class OpenSpielBot(Protocol):
    """What a match asks of an OpenSpiel bot: an action for a state, and a fresh start.

    >>> isinstance(pyspiel.make_uniform_random_bot(0, 1), OpenSpielBot)
    True
    """

    def step(self, state: Any) -> int:
        """One of the legal actions of OpenSpiel's ``state``, where this bot is to move.

        >>> from rummyrules.peers.openspiel_gin import OpenSpielGin
        >>> theirs = OpenSpielGin(list(range(52)))
        >>> pyspiel.make_uniform_random_bot(0, 1).step(theirs.state) in (52, 54)
        True
        """

    def restart(self) -> None:
        """Forget the hand played so far: a new hand starts.

        >>> pyspiel.make_uniform_random_bot(0, 1).restart()
        """


OpenSpielBotFactory: TypeAlias = Callable[[Any, int], OpenSpielBot]
"""Makes an OpenSpiel bot: ``factory(game, player)``, ``game`` OpenSpiel's."""

OpenSpielBotSpec: TypeAlias = str | OpenSpielBotFactory
"""An OpenSpiel bot by name (``"simple"``, ``"random"``) or as a factory."""


def simple_bot(game: Any, player: int) -> OpenSpielBot:
    """OpenSpiel's simple Gin Rummy bot for ``player``, with the game's parameters.

    >>> from rummyrules.peers.openspiel_gin import OpenSpielGin
    >>> isinstance(simple_bot(OpenSpielGin(list(range(52))).game, 1), OpenSpielBot)
    True
    """
    bot: OpenSpielBot = pyspiel.make_simple_gin_rummy_bot(game.get_parameters(), player)
    return bot


def random_bot(game: Any, player: int, *, seed: int) -> OpenSpielBot:
    """OpenSpiel's uniform random bot for ``player``, seeded from ``seed`` and the seat.

    >>> from rummyrules.peers.openspiel_gin import OpenSpielGin
    >>> isinstance(
    ...     random_bot(OpenSpielGin(list(range(52))).game, 0, seed=3), OpenSpielBot
    ... )
    True
    """
    del game  # a uniform choice needs no rules
    word = next(random_words(seed, "openspiel bot", player))
    bot: OpenSpielBot = pyspiel.make_uniform_random_bot(
        player, word >> (64 - _SEED_BITS)
    )
    return bot


OPENSPIEL_BOTS: Final = ("simple", "random")
"""The OpenSpiel bots known by name."""


def openspiel_bot_factory(spec: OpenSpielBotSpec, *, seed: int) -> OpenSpielBotFactory:
    """The factory an OpenSpiel bot spec names; a name's bot is seeded from ``seed``.

    >>> openspiel_bot_factory("Simple", seed=0) is simple_bot
    True
    >>> openspiel_bot_factory("mcts", seed=0)
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: there is no OpenSpiel bot 'mcts': the named ones are simple and random, or give a factory (game, player) -> bot
    >>> openspiel_bot_factory(3, seed=0)
    Traceback (most recent call last):
    ...
    TypeError: their_bot must be an OpenSpiel bot's name or a factory (game, player) -> bot, not int
    """
    if isinstance(spec, str):
        name = spec.strip().lower()
        if name == "simple":
            return simple_bot
        if name == "random":
            return functools.partial(random_bot, seed=seed)
        message = (
            f"there is no OpenSpiel bot {spec!r}: the named ones are "
            f"{' and '.join(OPENSPIEL_BOTS)}, or give a factory (game, player) -> bot"
        )
        raise OptionError(message)
    if not callable(spec):
        message = (
            "their_bot must be an OpenSpiel bot's name or a factory "
            f"(game, player) -> bot, not {type(spec).__name__}"
        )
        raise TypeError(message)
    return spec
