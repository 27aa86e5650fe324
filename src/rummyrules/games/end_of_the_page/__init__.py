"""The game of EndOfThePage: its rules class, its state, its turn machine.

>>> from rummyrules.games.end_of_the_page import EndOfThePage
>>> EndOfThePage.__name__
'EndOfThePage'
"""

from rummyrules.games.end_of_the_page.rules import EndOfThePage

__all__ = ["EndOfThePage"]
