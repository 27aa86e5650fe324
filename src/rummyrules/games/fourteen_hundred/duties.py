"""What 1400 still asks of the player to move: the first upcard melded, the card taken used.

A player who takes the first upcard lays it in a new meld at once (F14-6);
a player who takes from the discard pile plays the card chosen this turn,
in a meld or a lay-off, before discarding (F14-9). Each is said in the
sentence the turn machine refuses a move with while it stands
(:mod:`rummyrules.games.fourteen_hundred.machine`).

>>> from rummyrules import FourteenHundred
>>> game = FourteenHundred(players=2).position(
...     "wild 3 | to_move 0 draw | hands 2D 4D 9S / 5C 6C 7C | pile 3D 8H"
... )
>>> [str(duty) for duty in in_force(game.apply("take"), 0)]
['you took 3D from the discard pile, so you must use it in a meld or lay-off before you discard (F14-9)']
"""

from __future__ import annotations

from rummyrules.game.duties import Duty, duties_of
from rummyrules.games.fourteen_hundred.machine import card_pending, upcard_pending
from rummyrules.games.fourteen_hundred.state import FourteenHundredState

__all__ = ["in_force"]


def in_force(state: FourteenHundredState, player: int) -> tuple[Duty, ...]:
    """The duties of ``player``, the player to move: F14-6's upcard, else F14-9's card taken.

    The upcard melded is the card taken used, so F14-6 alone is said while
    it stands.

    >>> from rummyrules import FourteenHundred
    >>> game = FourteenHundred(players=2).position(
    ...     "wild 9 | to_move 0 opening | hands 2C 5D 5H / 3C 4C 5C | pile 5S"
    ... )
    >>> [duty.rule for duty in in_force(game.apply("take"), 0)]
    ['F14-6']
    """
    upcard = upcard_pending(state, player)
    return duties_of(upcard if upcard is not None else card_pending(state, player))
