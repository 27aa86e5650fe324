"""End of the Page's actions: each move of a turn as one int, the same in every state.

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

from rummyrules.core.cards import BY_CODE, Card, Rank
from rummyrules.game.moves import (
    Draw,
    LayOff,
    Move,
    NewMeld,
    discard_of,
    take_of,
)
from rummyrules.melds import Meld
from rummyrules.melds.codes import MeldCode, code_meaning, code_meld, meaning_code

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

DRAW: Final = 0
TAKE: Final = 1
DISCARD: Final = 2
LAY: Final = 3
MELD: Final = 4
KINDS: Final = 7  # the mask of the kind's bits

_CARD_BITS: Final = 13  # a card's code (6 bits) and its meaning plus one (7 bits)
_MEANINGS: Final = frozenset(
    [*BY_CODE, *(meaning_code(rank) for rank in Rank)]
)  # every code of a meaning (a card, or 64 plus a rank)
_DRAW_MOVE: Final = Draw()

# The memos below are made again from the action's own bits whenever they
# forget: each is emptied when full, so that a long run keeps no more moves
# and melds (objects the collector walks) than the turns at hand use.
_LIMIT: Final = 1 << 15
MOVES: Final[dict[int, Move]] = {}
"""Each action's move, made once: an action names one move wherever it is listed."""
_MELDS: dict[int, tuple[Meld, tuple[int, ...]]] = {}
"""Each new meld action's meld and the codes of its cards, made when first asked."""
_MELD_ACTIONS: dict[MeldCode, int] = {}


def meld_action(code: MeldCode) -> int:
    """The action of the new meld with this code: its kind, size, then each card.

    >>> from rummyrules import EndOfThePage
    >>> from rummyrules.melds.codes import meld_code
    >>> meld = EndOfThePage().check_meld("7S 5H 9S", wild="5").melds[0]
    >>> str(move_of(meld_action(meld_code(meld.wilds_in_order()))))
    'meld 7S 5H=8S 9S'
    """
    found = _MELD_ACTIONS.get(code)
    if found is not None:
        return found
    size = len(code) >> 1
    packed = code[0] | size << 3
    shift = 8
    for place in range(size):
        packed |= (code[1 + place] | (code[1 + size + place] + 1) << 6) << shift
        shift += _CARD_BITS
    action = MELD | packed << 3
    if len(_MELD_ACTIONS) >= _LIMIT:
        _MELD_ACTIONS.clear()
    _MELD_ACTIONS[code] = action
    return action


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


def meld_of(action: int) -> tuple[Meld, tuple[int, ...]]:
    """The meld a listed new meld action lays, and its cards' codes.

    >>> from rummyrules import EndOfThePage
    >>> from rummyrules.melds.codes import meld_code
    >>> meld = EndOfThePage().check_meld("7S 5H 9S", wild="5").melds[0]
    >>> meld_of(meld_action(meld_code(meld)))[0] == meld
    True
    """
    found = _MELDS.get(action)
    if found is None:
        code = _unpacked(action >> 3)
        if code is None:  # pragma: no cover - a listed action packs its meld
            raise ValueError(f"{action} is no new meld's action")
        size = len(code) >> 1
        found = (code_meld(code), code[1 : size + 1])
        if len(_MELDS) >= _LIMIT:
            _MELDS.clear()
        _MELDS[action] = found
    return found


def move_of(action: int) -> Move | None:
    """The move an action names, made once; None for an int that names no move."""
    found = MOVES.get(action)
    if found is None:
        found = _decoded(action)
        if found is None:
            return None
        if len(MOVES) >= _LIMIT:
            MOVES.clear()
        MOVES[action] = found
    return found


def _decoded(action: int) -> Move | None:
    if action < 0:
        return None
    kind, rest = action & KINDS, action >> 3
    card = BY_CODE.get(rest - 1 if kind == TAKE else rest & 63)
    move: Move | None = None
    if kind == DRAW and rest == 0:
        move = _DRAW_MOVE
    elif kind == TAKE and (rest == 0 or (rest <= 64 and card is not None)):
        move = take_of(card)
    elif kind == DISCARD and rest < 64 and card is not None:
        move = discard_of(card)
    elif kind == LAY and card is not None:
        move = _lay_off(card, rest)
    elif kind == MELD:
        move = _new_meld(action)
    return move


def _lay_off(card: Card, rest: int) -> LayOff | None:
    meld = rest >> 6 & 0xFFFF
    meaning = (rest >> 22) - 1
    if meld < 1 or not -1 <= meaning < 128:
        return None
    try:
        declared = code_meaning(meaning)
    except KeyError:  # no card or rank has this code
        return None
    return LayOff(card=card, declared=declared, meld=meld)


def _new_meld(action: int) -> NewMeld | None:
    code = _unpacked(action >> 3)
    if code is None:
        return None
    size = len(code) >> 1
    return NewMeld(
        cards=tuple([BY_CODE[card] for card in code[1 : size + 1]]),
        declared=tuple([code_meaning(meaning) for meaning in code[size + 1 :]]),
    )
