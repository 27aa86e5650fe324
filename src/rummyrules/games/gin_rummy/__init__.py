"""The game of Gin Rummy (``GIN-*``), one module for each thing the shared layers ask.

- ``rules.py``: the rules class, which names all the rest, and the deal;
- ``state.py``: the options, the knock (its own move), the state and the view;
- ``machine.py``: the rules of a turn and of the knock, and what each move does;
- ``deadwood.py``: the deadwood arithmetic: card values, the best melds (GIN-1, GIN-2, GIN-5);
- ``checks.py``: the checks of states and views read from outside;
- ``strategy.py``: what bots and front ends ask about playing it.

>>> from rummyrules.games.gin_rummy import GinRummy
>>> GinRummy.__name__
'GinRummy'
"""

from rummyrules.games.gin_rummy.rules import GinRummy
from rummyrules.games.gin_rummy.state import GinRummyPhase, GinRummyState, GinRummyView

__all__ = ["GinRummy", "GinRummyPhase", "GinRummyState", "GinRummyView"]
