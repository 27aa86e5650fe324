"""1400's actions: each move as one int, the same in every state (issue 40).

The kind sits in the low three bits and what the move names above them, so
an action names the same move wherever it is listed (a meld's number on the
table is part of a lay-off, the claimant part of a claim) and
:func:`move_of` makes each move once:

- ``DRAW``: draw from the stock (F14-8, F14-13);
- ``TAKE | n << 3``: take the top card (n = 0), or the topmost copy of the
  card with code n - 1 from below it (F14-6, F14-8);
- ``DISCARD | code << 3`` (F14-10);
- ``LAY | code << 3 | meld << 9 | (meaning + 1) << 25``: lay a card off on
  meld ``meld`` (from 1), a wild declared as the meaning's code (F14-10);
- ``CLAIM``: as ``LAY``, the claimant's seat above, ``<< 32`` (F14-12);
- ``MELD | packed << 3``: a new meld, its :data:`~rummyrules.melds.codes.MeldCode`
  packed card by card (F14-10, F14-11);
- ``PASS`` (F14-6) and ``DONE`` (F14-13).

The layout is the Rummy 500 family's
(:mod:`rummyrules.game.rummy500_actions`), which End of the Page's core
uses too, with 1400's own kinds in the numbers it leaves free.

>>> from rummyrules import Card
>>> str(move_of(DISCARD | int(Card.parse("7H")) << 3))
'discard 7H'
>>> str(move_of(TAKE)), str(move_of(PASS)), str(move_of(DONE))
('take', 'pass', 'done')
"""

from __future__ import annotations

from typing import Final

from rummyrules.game.moves import Done, LayOff, Move, Pass
from rummyrules.game.rummy500_actions import (
    DISCARD,
    DRAW,
    KINDS,
    LAY,
    LAY_BITS,
    MELD,
    TAKE,
    decoded,
    lay_action,
    lay_off_of,
    meld_holds,
    packed_meld,
    unpacked_meld,
)
from rummyrules.games.fourteen_hundred.core.memos import memo
from rummyrules.games.fourteen_hundred.state import Claim
from rummyrules.melds import Meld
from rummyrules.melds.codes import MeldCode, code_meld

__all__ = [
    "CLAIM",
    "DISCARD",
    "DONE",
    "DRAW",
    "KINDS",
    "LAY",
    "MELD",
    "PASS",
    "TAKE",
    "claim_action",
    "lay_action",
    "meld_action",
    "meld_code_of",
    "meld_holds",
    "meld_of",
    "move_of",
]

PASS: Final = 5
DONE: Final = 6
CLAIM: Final = 7

_PLAYER_SHIFT: Final = 32  # a claim's claimant, above a lay-off's bits
_SINGLES: Final[dict[int, Move]] = {PASS: Pass(), DONE: Done()}

# The memos below are made again from the action's own bits whenever they
# forget: each is emptied when full, so that a long run keeps no more moves
# and melds (objects the collector walks) than the turns at hand use.
_LIMIT: Final = 1 << 12


def meld_action(code: MeldCode) -> int:
    """The action of the new meld with this code (:func:`~rummyrules.game.rummy500_actions.packed_meld`).

    >>> from rummyrules import FourteenHundred
    >>> from rummyrules.melds.codes import meld_code
    >>> meld = FourteenHundred().check_meld("7S 5H 9S", wild="5").melds[0]
    >>> str(move_of(meld_action(meld_code(meld.wilds_in_order()))))
    'meld 7S 5H=8S 9S'
    """
    return packed_meld(code)


def meld_code_of(action: int) -> MeldCode:
    """The meld code a listed new meld action packs.

    >>> from rummyrules import FourteenHundred
    >>> from rummyrules.melds.codes import meld_code
    >>> meld = FourteenHundred().check_meld("7S 5H 9S", wild="5").melds[0]
    >>> meld_code_of(meld_action(meld_code(meld))) == meld_code(meld)
    True
    """
    code = unpacked_meld(action)
    if code is None:  # pragma: no cover - a listed action packs its meld
        raise ValueError(f"{action} is no new meld's action")
    return code


def claim_action(move: LayOff, player: int) -> int:
    """The action of ``player``'s claim of the last discard onto a meld (F14-12).

    >>> from rummyrules import Card
    >>> lay = LayOff(card=Card.parse("5H"), meld=1)
    >>> str(move_of(claim_action(lay, 2)))
    '2: claim 5H on 1'
    """
    return (lay_action(move) ^ LAY) | CLAIM | player << _PLAYER_SHIFT


def meld_of(action: int) -> tuple[Meld, tuple[int, ...]]:
    """The meld a listed new meld action lays, and its cards' codes.

    >>> from rummyrules import FourteenHundred
    >>> from rummyrules.melds.codes import meld_code
    >>> meld = FourteenHundred().check_meld("7S 5H 9S", wild="5").melds[0]
    >>> meld_of(meld_action(meld_code(meld)))[0] == meld
    True
    """
    melds: dict[int, tuple[Meld, tuple[int, ...]]] = memo("melds")
    found = melds.get(action)
    if found is None:
        code = meld_code_of(action)
        found = (code_meld(code), code[1 : (len(code) >> 1) + 1])
        if len(melds) >= _LIMIT:
            melds.clear()
        melds[action] = found
    return found


def move_of(action: int) -> Move | None:
    """The move an action names, made once; None for an int that names no move.

    >>> print(move_of(-1))
    None
    """
    moves: dict[int, Move] = memo("moves")
    found = moves.get(action)
    if found is None:
        found = _decoded(action)
        if found is None:
            return None
        if len(moves) >= _LIMIT:
            moves.clear()
        moves[action] = found
    return found


def _decoded(action: int) -> Move | None:
    """1400's own kinds here; the family's by :func:`~rummyrules.game.rummy500_actions.decoded`."""
    if action < 0:
        return None
    kind, rest = action & KINDS, action >> 3
    if kind in _SINGLES:
        return _SINGLES[kind] if rest == 0 else None
    if kind == CLAIM:
        named = lay_off_of(rest & (1 << LAY_BITS) - 1)
        player = rest >> LAY_BITS
        if named is None or player > 63:
            return None
        card, declared, meld = named
        return Claim(player=player, card=card, declared=declared, meld=meld)
    return decoded(action)
