"""End of the Page's actions: the Rummy 500 family's (:mod:`rummyrules.game.rummy500_actions`), each move made once.

The kind sits in the low three bits and what the move names above them, so
an action names the same move wherever it is listed (a meld's number on
the table is part of a lay-off) and :func:`move_of` memoizes each move once:

- ``DRAW``: draw from the stock (EOP-5);
- ``TAKE | n << 3``: take the top card (n = 0), or the topmost copy of the
  card with code n - 1 from below it (EOP-5, EOP-6);
- ``DISCARD | code << 3`` (EOP-10);
- ``LAY | code << 3 | meld << 9 | (meaning + 1) << 25``: lay a card off on
  meld ``meld`` (from 1), a wild declared as the meaning's code (EOP-9);
- ``MELD | packed << 3``: a new meld, its :data:`~rummyrules.melds.codes.MeldCode`
  packed card by card (EOP-7, EOP-8).

>>> from rummyrules import Card
>>> str(move_of(DISCARD | int(Card.parse("7H")) << 3))
'discard 7H'
>>> str(move_of(TAKE)), str(move_of(DRAW))
('take', 'draw')
"""

from __future__ import annotations

from typing import Final

from rummyrules.game.moves import Move
from rummyrules.game.rummy500_actions import (
    DISCARD,
    DRAW,
    KINDS,
    LAY,
    MELD,
    TAKE,
    decoded,
    lay_action,
    packed_meld,
    unpacked_meld,
)
from rummyrules.melds.codes import MeldCode

__all__ = [
    "DISCARD",
    "DRAW",
    "KINDS",
    "LAY",
    "MELD",
    "MOVES",
    "TAKE",
    "lay_action",
    "meld_action",
    "meld_of",
    "move_of",
]

# The memos below are made again from the action's own bits whenever they
# forget: each is emptied when full, so that a long run keeps no more moves
# and melds (objects the collector walks) than the turns at hand use.
_LIMIT: Final = 1 << 12
MOVES: Final[dict[int, Move]] = {}
"""Each action's move, made once: an action names one move wherever it is listed."""
_MELDS: dict[int, MeldCode] = {}
"""Each new meld action's meld code, unpacked when first asked (integers only)."""
_MELD_ACTIONS: dict[MeldCode, int] = {}


def meld_action(code: MeldCode) -> int:
    """The action of the new meld with this code (:func:`~rummyrules.game.rummy500_actions.packed_meld`), kept.

    >>> from rummyrules import EndOfThePage
    >>> from rummyrules.melds.codes import meld_code
    >>> meld = EndOfThePage().check_meld("7S 5H 9S", wild="5").melds[0]
    >>> str(move_of(meld_action(meld_code(meld.wilds_in_order()))))
    'meld 7S 5H=8S 9S'
    """
    found = _MELD_ACTIONS.get(code)
    if found is None:
        found = packed_meld(code)
        if len(_MELD_ACTIONS) >= _LIMIT:
            _MELD_ACTIONS.clear()
        _MELD_ACTIONS[code] = found
    return found


def meld_of(action: int) -> MeldCode:
    """The code of the meld a listed new meld action lays (:func:`~rummyrules.melds.codes.code_meld` makes the meld).

    >>> from rummyrules import EndOfThePage
    >>> from rummyrules.melds.codes import code_meld, meld_code
    >>> meld = EndOfThePage().check_meld("7S 5H 9S", wild="5").melds[0]
    >>> code_meld(meld_of(meld_action(meld_code(meld)))) == meld
    True
    """
    found = _MELDS.get(action)
    if found is None:
        found = unpacked_meld(action)
        if found is None:  # pragma: no cover - a listed action packs its meld
            raise ValueError(f"{action} is no new meld's action")
        if len(_MELDS) >= _LIMIT:
            _MELDS.clear()
        _MELDS[action] = found
    return found


def move_of(action: int) -> Move | None:
    """The move an action names, made once; None for an int that names no move.

    >>> print(move_of(-1))
    None
    """
    found = MOVES.get(action)
    if found is None:
        found = decoded(action)
        if found is None:
            return None
        if len(MOVES) >= _LIMIT:
            MOVES.clear()
        MOVES[action] = found
    return found
