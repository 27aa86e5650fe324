"""The levels a person picks an opponent by: ``easy``, ``medium`` and ``hard``, in every game.

Each level is a bot factory (called with ``seed=``, as the bot classes are)
with a budget a move, the same in every game:

- ``easy`` (:class:`EasyBot`): the greedy bot that, on a seeded quarter of
  its chances to move, makes a random listed move instead (never a drop out
  of Going Out Rummy). A beginner beats it; it still melds, lays off and
  goes out most of the time. As fast as the greedy bot.
- ``medium``: the greedy bot (:class:`~rummyrules.bots.GreedyBot`): melds and
  lays off all it can, goes out when it can, discards with care. Milliseconds
  a move.
- ``hard`` (:func:`hard_bot`): the search bot
  (:class:`~rummyrules.bots.SearchBot`) with at most ``HARD_PLAYOUTS``
  deals a move and at most ``HARD_SECONDS`` CPU seconds, whichever runs
  out first: under a CPU second a move on a 2-core machine of 2026. Its
  deals lean on what the table shows of the other hands
  (:class:`~rummyrules.bots.WeighedDeal`): cards close to those in
  the pile are dealt to them less often, cards close to those they took
  face up more often.

Given its seed, each level makes the same moves from the same views, the
hard one as long as its playouts, not its seconds, end its search.

>>> from rummyrules import GinRummy
>>> from rummyrules.bots import play_game
>>> bots = [level_bot("easy", seed=1), level_bot("medium", seed=2)]
>>> play_game(GinRummy(), bots, seed=3).state.is_over
True
>>> list(LEVELS)
['easy', 'medium', 'hard']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Final

from rummyrules.core.errors import OptionError
from rummyrules.core.inputs import brief, expect
from rummyrules.core.shuffle import below, random_words
from rummyrules.game.moves import Move
from rummyrules.game.state import View

from .greedy import GreedyBot
from .players import Bot, RandomBot
from .reading import WeighedDeal
from .search import SearchBot

__all__ = [
    "EASY_BLUNDERS",
    "HARD_PLAYOUTS",
    "HARD_SECONDS",
    "LEVELS",
    "EasyBot",
    "hard_bot",
    "level_bot",
    "level_factory",
]

EASY_BLUNDERS: Final = 25
"""The easy level's share of random moves, in percent of its chances to move."""

HARD_PLAYOUTS: Final = 32
"""The hard level's most deals a move: the budget that makes it repeatable."""

HARD_SECONDS: Final = 0.8
"""The hard level's most CPU seconds a move (``time.process_time``): the cap that keeps it under a second."""


class EasyBot:
    """The greedy bot with blunders: on a seeded share of its chances to move, a random listed move.

    ``blunders`` is that share in percent (``EASY_BLUNDERS`` by default):
    at each chance to move, on its turn or out of it, it draws from its own
    seeded stream whether to blunder; a blunder is the random bot's choice
    (:class:`~rummyrules.bots.RandomBot`: any listed move but a drop, or
    out of turn a claim half the time), and otherwise it makes the greedy
    bot's move. Given its seed it makes the same moves from the same views.

    >>> from rummyrules import GoingOutRummy
    >>> view = GoingOutRummy().new_game(seed=1).view(1)
    >>> str(EasyBot(seed=5).choose(view))
    'draw'
    >>> EasyBot(blunders=101)
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: blunders is a percentage from 0 to 100, not 101
    """

    def __init__(self, *, seed: int = 0, blunders: int = EASY_BLUNDERS) -> None:
        expect(blunders, int, name="blunders", what="a whole percentage (int)")
        if not 0 <= blunders <= 100:
            message = f"blunders is a percentage from 0 to 100, not {blunders}"
            raise OptionError(message)
        self.blunders = blunders
        self._greedy = GreedyBot()
        self._random = RandomBot(seed=seed)
        # Whether to blunder comes from a stream of its own, so that the
        # random moves, when made, are those of the random bot's own stream.
        self._words = random_words(seed, "easy bot")

    def choose(self, view: View) -> Move | None:
        """The greedy move, or on a blunder the random bot's.

        >>> from rummyrules import EndOfThePage
        >>> view = EndOfThePage().new_game(seed=1).view(1)
        >>> EasyBot(seed=2).choose(view) in view.legal_moves
        True
        """
        if below(self._words, 100) < self.blunders:
            return self._random.choose(view)
        return self._greedy.choose(view)


def hard_bot(*, seed: int = 0, seconds: float | None = None) -> Bot:
    """The hard level: the search bot with ``HARD_PLAYOUTS`` deals and ``HARD_SECONDS`` CPU s a move.

    ``seconds`` lowers the cap (a server gives it ``Limits.search_seconds``);
    it never raises it above ``HARD_SECONDS``. This is the one place the
    hard level is built: a stronger search is swapped in here.

    >>> bot = hard_bot(seed=1)
    >>> type(bot).__name__, bot.playouts, bot.seconds
    ('SearchBot', 32, 0.8)
    >>> hard_bot(seed=1, seconds=0.25).seconds
    0.25
    """
    cap = HARD_SECONDS if seconds is None else min(seconds, HARD_SECONDS)
    return SearchBot(seed=seed, playouts=HARD_PLAYOUTS, seconds=cap, deal=WeighedDeal())


LEVELS: Final[Mapping[str, Callable[..., Bot]]] = MappingProxyType(
    {"easy": EasyBot, "medium": GreedyBot, "hard": hard_bot}
)
"""The levels by name, weakest first: each a factory called with ``seed=``."""


def level_factory(name: str) -> Callable[..., Bot]:
    """The factory of the level ``name`` (in any case), or an OptionError listing the levels.

    >>> level_factory("Medium")
    <class 'rummyrules.bots.greedy.GreedyBot'>
    >>> level_factory("expert")
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: there is no level 'expert': the levels are easy, medium and hard
    """
    expect(name, str, name="a level", what="a level's name (str)")
    factory = LEVELS.get(name.strip().lower())
    if factory is None:
        *weaker, hardest = LEVELS
        message = (
            f"there is no level {brief(name)}: the levels are "
            f"{', '.join(weaker)} and {hardest}"
        )
        raise OptionError(message)
    return factory


def level_bot(name: str, *, seed: int = 0) -> Bot:
    """A bot of the level ``name``, seeded.

    >>> type(level_bot("easy", seed=3)).__name__
    'EasyBot'
    """
    return level_factory(name)(seed=seed)
