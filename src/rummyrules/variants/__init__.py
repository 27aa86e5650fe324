"""The three variants, one module each, over the shared pieces.

>>> from rummyrules.variants import EndOfThePage
>>> EndOfThePage.name
'End of the Page'
"""

from rummyrules.variants.end_of_the_page import EndOfThePage
from rummyrules.variants.fourteen_hundred import FourteenHundred
from rummyrules.variants.going_out import GoingOut, GoingOutRummy
from rummyrules.variants.going_out_dealer import DealerDraw
from rummyrules.variants.going_out_match import Match

__all__ = [
    "DealerDraw",
    "EndOfThePage",
    "FourteenHundred",
    "GoingOut",
    "GoingOutRummy",
    "Match",
]
