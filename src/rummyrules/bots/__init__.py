"""Bots: players that choose moves from what they may see, for examples and simulations.

A bot is anything with a :meth:`~rummyrules.bots.Bot.choose` method that takes a player's
:class:`~rummyrules.View` (never the whole state, so a bot cannot cheat) and
returns one of the view's legal moves, or None to let a chance to move out of
turn go by. :func:`~rummyrules.bots.play_game` seats one bot per player and plays a whole game.
A bot that may also choose by action number (an :class:`~rummyrules.bots.ActionBot`,
such as the random bot) is played on the fast path, the same game move for move.
The levels a person picks an opponent by, ``easy``, ``medium`` and ``hard``, are
:data:`~rummyrules.bots.LEVELS` (:mod:`rummyrules.bots.levels`).

>>> from rummyrules import EndOfThePage
>>> played = play_game(
...     EndOfThePage(rounds=2), [RandomBot(seed=1), RandomBot(seed=2)], seed=7
... )
>>> played.state.is_over, len(played.state.score_sheet)
(True, 2)
"""

from rummyrules.bots.greedy import GreedyBot
from rummyrules.bots.levels import LEVELS, EasyBot, hard_bot, level_bot
from rummyrules.bots.players import ActionBot, Bot, PlayedGame, RandomBot, play_game
from rummyrules.bots.reading import WeighedDeal, hand_weights
from rummyrules.bots.search import SearchBot

__all__ = [
    "LEVELS",
    "ActionBot",
    "Bot",
    "EasyBot",
    "GreedyBot",
    "PlayedGame",
    "RandomBot",
    "SearchBot",
    "WeighedDeal",
    "hand_weights",
    "hard_bot",
    "level_bot",
    "play_game",
]
