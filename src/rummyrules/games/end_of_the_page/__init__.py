"""The game of End of the Page (``EOP-*``), one module for each thing the shared layers ask.

- ``rules.py``: the rules class, which names all the rest;
- ``state.py``: the options, the state and the view;
- ``plays.py``: the deal, and what each move does;
- ``machine.py``: the rules of a turn, and the turn machine's table;
- ``checks.py``: the checks of states and views read from outside;
- ``strategy.py``: what bots and front ends ask about playing it.

>>> from rummyrules.games.end_of_the_page import EndOfThePage
>>> EndOfThePage.__name__
'EndOfThePage'
"""

from rummyrules.games.end_of_the_page.rules import EndOfThePage

__all__ = ["EndOfThePage"]
