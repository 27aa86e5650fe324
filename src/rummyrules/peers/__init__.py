"""OpenSpiel beside rummyrules: Gin Rummy dealt alike to both engines.

Needs the ``[peers]`` extra (``pip install 'rummyrules[peers]'``): without
OpenSpiel, importing this package raises an ImportError that says so. The
rest of the library never imports it.

:class:`OpenSpielGin` deals OpenSpiel's ``gin_rummy`` from a deck order
and plays it in our move text; :mod:`rummyrules.peers.differences` names
where the two engines differ.

>>> OpenSpielGin(list(range(52))).legal()
['take', 'pass']
"""

from rummyrules.peers.openspiel_gin import OpenSpielGin, Outcome, game_parameters

__all__ = ["OpenSpielGin", "Outcome", "game_parameters"]
