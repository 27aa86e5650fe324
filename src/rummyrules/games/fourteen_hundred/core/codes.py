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

The layout is End of the Page's (``games/end_of_the_page/core/codes.py``),
with 1400's own kinds added; a later step shares it.

>>> from rummyrules import Card
>>> str(move_of(DISCARD | int(Card.parse("7H")) << 3))
'discard 7H'
>>> str(move_of(TAKE)), str(move_of(PASS)), str(move_of(DONE))
('take', 'pass', 'done')
"""

from __future__ import annotations

from typing import Final

from rummyrules.core.cards import BY_CODE, Card, Rank
from rummyrules.game.moves import (
    Done,
    Draw,
    LayOff,
    Move,
    NewMeld,
    Pass,
    discard_of,
    take_of,
)
from rummyrules.games.fourteen_hundred.core.memos import memo
from rummyrules.games.fourteen_hundred.state import Claim
from rummyrules.melds import Meld
from rummyrules.melds.codes import MeldCode, code_meaning, code_meld, meaning_code

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

DRAW: Final = 0
TAKE: Final = 1
DISCARD: Final = 2
LAY: Final = 3
MELD: Final = 4
PASS: Final = 5
DONE: Final = 6
CLAIM: Final = 7
KINDS: Final = 7  # the mask of the kind's bits

_CARD_BITS: Final = 13  # a card's code (6 bits) and its meaning plus one (7 bits)
_PLAYER_SHIFT: Final = 32  # a claim's claimant, above a lay-off's bits
_MEANINGS: Final = frozenset(
    [*BY_CODE, *(meaning_code(rank) for rank in Rank)]
)  # every code of a meaning (a card, or 64 plus a rank)
_SINGLES: Final[dict[int, Move]] = {DRAW: Draw(), PASS: Pass(), DONE: Done()}

# The memos below are made again from the action's own bits whenever they
# forget: each is emptied when full, so that a long run keeps no more moves
# and melds (objects the collector walks) than the turns at hand use.
_LIMIT: Final = 1 << 15
# Each action's move, made once: an action names one move wherever it is
# listed ("moves"); each new meld action's meld and the codes of its cards
# ("melds"), made when first asked.


def meld_action(code: MeldCode) -> int:
    """The action of the new meld with this code: its kind, size, then each card.

    >>> from rummyrules import FourteenHundred
    >>> from rummyrules.melds.codes import meld_code
    >>> meld = FourteenHundred().check_meld("7S 5H 9S", wild="5").melds[0]
    >>> str(move_of(meld_action(meld_code(meld.wilds_in_order()))))
    'meld 7S 5H=8S 9S'
    """
    size = len(code) >> 1
    packed = code[0] | size << 3
    shift = 8
    for place in range(size):
        packed |= (code[1 + place] | (code[1 + size + place] + 1) << 6) << shift
        shift += _CARD_BITS
    return MELD | packed << 3


def meld_holds(action: int, card: int) -> bool:
    """Whether the new meld an action packs holds a copy of the card (by its code).

    >>> from rummyrules import FourteenHundred, Card
    >>> from rummyrules.melds.codes import meld_code
    >>> meld = FourteenHundred().check_meld("7S 5H 9S", wild="5").melds[0]
    >>> action = meld_action(meld_code(meld))
    >>> meld_holds(action, int(Card.parse("5H"))), meld_holds(action, 0)
    (True, False)
    """
    rest = action >> 11
    for _ in range(action >> 6 & 31):
        if rest & 63 == card:
            return True
        rest >>= _CARD_BITS
    return False


def meld_code_of(action: int) -> MeldCode:
    """The meld code a listed new meld action packs.

    >>> from rummyrules import FourteenHundred
    >>> from rummyrules.melds.codes import meld_code
    >>> meld = FourteenHundred().check_meld("7S 5H 9S", wild="5").melds[0]
    >>> meld_code_of(meld_action(meld_code(meld))) == meld_code(meld)
    True
    """
    code = _unpacked(action >> 3)
    if code is None:  # pragma: no cover - a listed action packs its meld
        raise ValueError(f"{action} is no new meld's action")
    return code


def _unpacked(packed: int) -> MeldCode | None:
    """The meld code a new meld action packs (see :func:`meld_action`); None if none."""
    size = packed >> 3 & 31
    rest = packed >> 8
    if size < 3 or rest >> (_CARD_BITS * size):
        return None
    cards: list[int] = []
    meanings: list[int] = []
    for _ in range(size):
        card, meaning = rest & 63, (rest >> 6 & 127) - 1
        if card not in BY_CODE or (meaning >= 0 and meaning not in _MEANINGS):
            return None
        cards.append(card)
        meanings.append(meaning)
        rest >>= _CARD_BITS
    return (packed & 7, *cards, *meanings)


def lay_action(move: LayOff) -> int:
    """The action of a lay-off the table lists (its card, meld and meaning).

    >>> from rummyrules import Card
    >>> lay = LayOff(card=Card.parse("5H"), declared=Card.parse("7C"), meld=2)
    >>> move_of(lay_action(lay)) == lay
    True
    """
    meaning = meaning_code(move.declared) + 1
    return LAY | move.card << 3 | move.meld << 9 | meaning << 25


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
        code = _unpacked(action >> 3)
        if code is None:  # pragma: no cover - a listed action packs its meld
            raise ValueError(f"{action} is no new meld's action")
        size = len(code) >> 1
        found = (code_meld(code), code[1 : size + 1])
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
    if action < 0:
        return None
    kind, rest = action & KINDS, action >> 3
    if rest == 0 and kind in _SINGLES:
        return _SINGLES[kind]
    card = BY_CODE.get(rest - 1 if kind == TAKE else rest & 63)
    move: Move | None = None
    if kind == TAKE and (rest == 0 or (rest <= 64 and card is not None)):
        move = take_of(card)
    elif kind == DISCARD and rest < 64 and card is not None:
        move = discard_of(card)
    elif kind == LAY and card is not None and rest >> 29 == 0:
        move = _lay_off(card, rest, None)
    elif kind == CLAIM and card is not None:
        move = _lay_off(card, rest & (1 << 29) - 1, rest >> 29)
    elif kind == MELD:
        move = _new_meld(action)
    return move


def _lay_off(card: Card, rest: int, player: int | None) -> LayOff | None:
    meld = rest >> 6 & 0xFFFF
    meaning = (rest >> 22) - 1
    if meld < 1 or not -1 <= meaning < 128:
        return None
    try:
        declared = code_meaning(meaning)
    except KeyError:  # no card or rank has this code
        return None
    if player is None:
        return LayOff(card=card, declared=declared, meld=meld)
    if player > 63:
        return None
    return Claim(player=player, card=card, declared=declared, meld=meld)


def _new_meld(action: int) -> NewMeld | None:
    code = _unpacked(action >> 3)
    if code is None:
        return None
    size = len(code) >> 1
    return NewMeld(
        cards=tuple([BY_CODE[card] for card in code[1 : size + 1]]),
        declared=tuple([code_meaning(meaning) for meaning in code[size + 1 :]]),
    )
