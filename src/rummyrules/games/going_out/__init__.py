"""The game of Going Out Rummy: its rules class, its state, its turn machine.

>>> from rummyrules.games.going_out import GoingOutRummy
>>> GoingOutRummy.__name__
'GoingOutRummy'
"""

from rummyrules.games.going_out.rules import GoingOutRummy

__all__ = ["GoingOutRummy"]
