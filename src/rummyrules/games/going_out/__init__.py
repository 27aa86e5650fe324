"""The game of Going Out Rummy (``GOR-*``), one module for each thing the shared layers ask.

- ``rules.py``: the rules class, which names all the rest, the deal and the machine's table;
- ``state.py``: the options, its own moves (going out, dropping), the state and the view;
- ``machine.py``: the rules of a turn, and what discarding, going out and dropping do;
- ``match.py``: the draw for first dealer and the match (GOR-2, GOR-12);
- ``checks.py``: the checks of states, views and matches read from outside;
- ``strategy.py``: what bots and front ends ask about playing it.

>>> from rummyrules.games.going_out import GoingOutRummy
>>> GoingOutRummy.__name__
'GoingOutRummy'
"""

from rummyrules.games.going_out.rules import GoingOutRummy

__all__ = ["GoingOutRummy"]
