"""The games: one package each, made known by one registry line each.

>>> from rummyrules.games import EndOfThePage
>>> EndOfThePage.name
'End of the Page'
"""

from rummyrules.formats.json import register_kind
from rummyrules.game.registry import register
from rummyrules.games.end_of_the_page.rules import EndOfThePage
from rummyrules.games.fourteen_hundred.rules import FourteenHundred
from rummyrules.games.gin_rummy.rules import GinRummy
from rummyrules.games.going_out.checks import check_match
from rummyrules.games.going_out.match import DealerDraw, Match
from rummyrules.games.going_out.rules import GoingOut, GoingOutRummy

register(EndOfThePage)
register(FourteenHundred)
register(GoingOutRummy)
register(GinRummy)
register_kind("match", Match, check_match)

__all__ = [
    "DealerDraw",
    "EndOfThePage",
    "FourteenHundred",
    "GinRummy",
    "GoingOut",
    "GoingOutRummy",
    "Match",
]
