"""The game of FourteenHundred: its rules class, its state, its turn machine.

>>> from rummyrules.games.fourteen_hundred import FourteenHundred
>>> FourteenHundred.__name__
'FourteenHundred'
"""

from rummyrules.games.fourteen_hundred.rules import FourteenHundred

__all__ = ["FourteenHundred"]
