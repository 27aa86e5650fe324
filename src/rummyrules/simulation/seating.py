"""Bots by name, by import path or as factories; the seeds that make each game the same anywhere.

A simulation seats a fresh bot in every seat of every game (a bot holds
state), so it is given the way to make one: a *bot factory*, any callable
that takes ``seed=`` and returns a :class:`~rummyrules.bots.Bot` (the bot
classes themselves are factories). A factory named by text can be rebuilt in
another process, which is what worker processes and cluster workers do.

>>> bot_factory("greedy")
<class 'rummyrules.bots.greedy.GreedyBot'>
>>> game_seed(0, 0) == game_seed(0, 0) != game_seed(0, 1)
True
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Final, TypeAlias, TypeVar

from rummyrules.bots import LEVELS, Bot, GreedyBot, RandomBot, SearchBot
from rummyrules.core.errors import OptionError
from rummyrules.core.shuffle import random_words

__all__ = [
    "BOTS",
    "BotFactory",
    "BotSpec",
    "bot_factory",
    "bot_name",
    "bot_seed",
    "game_seed",
    "seating",
]

_T = TypeVar("_T")

BotFactory: TypeAlias = Callable[..., Bot]
"""Makes one bot: called as ``factory(seed=S)`` for each seat of each game."""

BotSpec: TypeAlias = str | BotFactory
"""A bot as :func:`bot_factory` reads it: a name, ``"module:Name"``, or a factory."""

BOTS: Final[dict[str, BotFactory]] = {
    **LEVELS,
    "greedy": GreedyBot,
    "random": RandomBot,
    "search": SearchBot,
}
"""The bots known by name (``--bots hard,greedy``): the levels (:data:`~rummyrules.bots.LEVELS`), then the bots themselves.

``medium`` is the greedy bot by another name; ``hard`` is the search bot with
the hard level's budget, where ``search`` has the search bot's defaults.
"""

# Seeds are cut to 53 bits so that they survive JSON readers that hold
# numbers as doubles.
_SEED_BITS: Final = 53


def bot_factory(spec: BotSpec) -> BotFactory:
    """The factory a bot spec names: a bot's name, ``"package.module:Name"``, or itself.

    Names are those of :data:`~rummyrules.simulation.BOTS`, in any case. An import path names a
    module, a colon, and a class or function of that module (dots reach
    inside it: ``"mybots:Team.Leader"``); the module is imported as
    Python imports it, from ``sys.path``.

    >>> bot_factory("Random")
    <class 'rummyrules.bots.players.RandomBot'>
    >>> bot_factory("rummyrules.bots:GreedyBot")
    <class 'rummyrules.bots.greedy.GreedyBot'>
    >>> bot_factory("clever")
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: there is no bot 'clever': the bots are easy, medium, hard, greedy, random and search, or an import path such as mybots:CleverBot
    >>> bot_factory("mybots_nowhere:CleverBot")
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: cannot import the bot 'mybots_nowhere:CleverBot': No module named 'mybots_nowhere'
    """
    if not isinstance(spec, str):
        if not callable(spec):
            message = (
                f"a bot is given by its name, an import path or a factory "
                f"(a callable taking seed=), not {type(spec).__name__}"
            )
            raise TypeError(message)
        return spec
    text = spec.strip()
    if ":" not in text:
        factory = BOTS.get(text.lower())
        if factory is None:
            message = (
                f"there is no bot {text!r}: the bots are {_names()}, "
                "or an import path such as mybots:CleverBot"
            )
            raise OptionError(message)
        return factory
    module_name, _, path = text.partition(":")
    try:
        found: object = importlib.import_module(module_name)
    except ImportError as error:
        message = f"cannot import the bot {text!r}: {error}"
        raise OptionError(message) from None
    for part in path.split("."):
        if not hasattr(found, part):
            message = f"cannot find the bot {text!r}: {module_name} has no {path}"
            raise OptionError(message)
        found = getattr(found, part)
    if not callable(found):
        message = (
            f"the bot {text!r} is a {type(found).__name__}, not a class or function"
        )
        raise TypeError(message)
    return found


def bot_name(spec: BotSpec) -> str:
    """How a bot spec is shown: a name in lower case, a path as given, a factory by its path.

    >>> from rummyrules.bots import GreedyBot
    >>> bot_name(" Greedy"), bot_name(GreedyBot), bot_name("mybots:CleverBot")
    ('greedy', 'rummyrules.bots.greedy:GreedyBot', 'mybots:CleverBot')
    """
    if isinstance(spec, str):
        text = spec.strip()
        return text if ":" in text else text.lower()
    module = getattr(spec, "__module__", None) or "?"
    name = getattr(spec, "__qualname__", None) or type(spec).__qualname__
    return f"{module}:{name}"


def game_seed(seed: int, index: int) -> int:
    """The deal's seed of game ``index`` of a simulation run with ``seed``.

    It is a word of the library's own generator
    (:func:`~rummyrules.core.shuffle.random_words`) for the path
    ``("simulate", "game", index)``, cut to 53 bits: the same on every
    machine and Python. Unlike ``seed + index``, runs with nearby seeds
    play different deals (two games share one with a chance of 2**-53).

    >>> game_seed(0, 0), game_seed(0, 1), game_seed(1, 0)
    (2534870884656526, 1560774948146815, 7653251896734899)
    """
    return next(random_words(seed, "simulate", "game", index)) >> (64 - _SEED_BITS)


def bot_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the bot in ``seat`` in game ``index`` of a simulation run with ``seed``.

    >>> bot_seed(0, 0, 0) != bot_seed(0, 0, 1)
    True
    """
    words = random_words(seed, "simulate", "bot", index, seat)
    return next(words) >> (64 - _SEED_BITS)


def seating(bots: Sequence[_T], rotation: int) -> tuple[_T, ...]:
    """The bots moved on ``rotation`` seats: bot ``b`` sits in seat ``(b + rotation) % n``.

    A duplicate simulation plays each deal once per rotation, 0 to ``n - 1``,
    so that every bot sits in every seat of every deal.

    >>> [seating("ABC", rotation) for rotation in range(3)]
    [('A', 'B', 'C'), ('C', 'A', 'B'), ('B', 'C', 'A')]
    """
    count = len(bots)
    return tuple(bots[(seat - rotation) % count] for seat in range(count))


def _names() -> str:
    """The bots by name, as a sentence lists them."""
    *others, last = BOTS
    return f"{', '.join(others)} and {last}" if others else last
