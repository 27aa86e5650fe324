"""OpenSpiel beside rummyrules: Gin Rummy dealt alike to both engines, and our bots against OpenSpiel's.

Needs the ``[peers]`` extra (``pip install 'rummyrules[peers]'``): without
OpenSpiel, importing this package raises an ImportError that says so. The
rest of the library never imports it. The docs page "OpenSpiel beside
rummyrules" shows it at work.

- :func:`play_openspiel_match` plays any of our bots against one of
  OpenSpiel's on duplicate deals, our rule book the referee, OpenSpiel's
  state kept in step with ours, and counts the known differences met
  (:mod:`rummyrules.peers.differences`);
- :class:`OpenSpielGin` deals OpenSpiel's ``gin_rummy`` from a deck order
  and plays it in our move text.

>>> result = play_openspiel_match("greedy", "simple", deals=1, seed=3)
>>> result.hands, result.our_bot, result.their_bot
(2, 'greedy', 'simple')
"""

from rummyrules.peers.match import MatchResult, play_openspiel_match
from rummyrules.peers.openspiel_bots import (
    OPENSPIEL_BOTS,
    OpenSpielBot,
    OpenSpielBotFactory,
    OpenSpielBotSpec,
    openspiel_bot_factory,
)
from rummyrules.peers.openspiel_gin import OpenSpielGin, Outcome, game_parameters

__all__ = [
    "OPENSPIEL_BOTS",
    "MatchResult",
    "OpenSpielBot",
    "OpenSpielBotFactory",
    "OpenSpielBotSpec",
    "OpenSpielGin",
    "Outcome",
    "game_parameters",
    "openspiel_bot_factory",
    "play_openspiel_match",
]
