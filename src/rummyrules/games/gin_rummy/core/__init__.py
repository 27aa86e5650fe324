"""Gin Rummy's integer core: its turn over small integers, the fast path's engine (issue 40).

- ``cards.py``: card codes, a hand as a mask, card values (GIN-1);
- ``melds.py``: the deck's melds numbered in listing order, lay-offs, the table (GIN-2, GIN-6);
- ``value.py``: a position as a tuple, from a state and back;
- ``moves.py``: moves as ints (actions), and the move each names;
- ``listing.py``: one listing function a phase (GIN-3 … GIN-9);
- ``playing.py``: one play function a kind of move;
- ``scoring.py``: the end of a hand and the next deal (GIN-7, GIN-R2, ALL-5);
- ``gin_core.py``: the :class:`~rummyrules.game.cores.Core` they make together.

It plays every option of the game, and lists the turn machine's moves in
the machine's order, so the public face plays on it too.

>>> from rummyrules import GinRummy
>>> game = GinRummy().new_game(seed=3)
>>> game.rules.core is GIN_CORE
True
>>> after = game.apply_action(game.legal_actions()[0])
>>> after == game.apply("take"), str(after.taken)
(True, 'QH')
"""

from rummyrules.games.gin_rummy.core.gin_core import GIN_CORE, GinCore

__all__ = ["GIN_CORE", "GinCore"]
