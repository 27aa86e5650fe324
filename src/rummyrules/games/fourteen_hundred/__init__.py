"""The game of 1400 (``F14-*``), one module for each thing the shared layers ask.

- ``rules.py``: the rules class, which names all the rest, and the machine's table;
- ``state.py``: the options, the claim (its own move), the state and the view;
- ``machine.py``: the deal, the rules of a turn, and what each move does;
- ``using.py``: the cards a player must or may use (F14-6, F14-9, F14-12);
- ``checks.py``: the checks of states and views read from outside;
- ``strategy.py``: what bots and front ends ask about playing it.

>>> from rummyrules.games.fourteen_hundred import FourteenHundred
>>> FourteenHundred.__name__
'FourteenHundred'
"""

from rummyrules.games.fourteen_hundred.rules import FourteenHundred

__all__ = ["FourteenHundred"]
