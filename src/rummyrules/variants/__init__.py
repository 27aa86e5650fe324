"""The three variants, one module each, over the shared pieces.

>>> from rummyrules.variants import EndOfThePage
>>> EndOfThePage.name
'End of the Page'
"""

from rummyrules.variants.end_of_the_page import EndOfThePage
from rummyrules.variants.fourteen_hundred import FourteenHundred
from rummyrules.variants.going_out import GoingOut, GoingOutRummy

__all__ = ["EndOfThePage", "FourteenHundred", "GoingOut", "GoingOutRummy"]
