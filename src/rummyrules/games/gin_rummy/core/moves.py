"""Gin Rummy's moves as ints (actions): the kind in the low three bits, what it names above.

``draw``, ``take``, ``pass``, ``knock`` and ``done`` are their kind alone; a
discard carries its card's code, a meld its number among the deck's melds
(:mod:`.melds`), a lay-off its card's code and the table meld's number
(from 1, as the move names it). An action means the same move wherever it
is listed, so each move is made once and shared.

>>> from rummyrules.core.cards import Card
>>> str(move_of(discard(int(Card.parse("KC")))))
'discard KC'
>>> move_of(7), move_of(-3)
(None, None)
"""

from __future__ import annotations

from typing import Final

from rummyrules.core.cards import BY_CODE
from rummyrules.game.moves import Discard, Done, Draw, LayOff, Move, NewMeld, Pass, Take
from rummyrules.games.gin_rummy.core.melds import MELDS
from rummyrules.games.gin_rummy.state import Knock

__all__ = [
    "DONE",
    "DRAW",
    "KNOCK",
    "PASS",
    "TAKE",
    "discard",
    "kind_of",
    "lay_off",
    "meld",
    "move_of",
]

_KIND_BITS: Final = 3
_KIND_MASK: Final = (1 << _KIND_BITS) - 1
DRAW: Final = 0
TAKE: Final = 1
PASS: Final = 2
KNOCK: Final = 3
DONE: Final = 4
DISCARD: Final = 5
MELD: Final = 6
LAY_OFF: Final = 7
_CODE_BITS: Final = 6  # a card's code is below 64
_TABLE_MELDS: Final = (
    4  # the knocker lays three melds at most: lay-offs on more are made when met
)


def discard(code: int) -> int:
    """The action that discards the card of this code (GIN-4).

    >>> discard(4)
    37
    """
    return DISCARD | code << _KIND_BITS


def meld(number: int) -> int:
    """The action that lays the deck's meld of this number (GIN-5, GIN-6).

    >>> meld(0)
    6
    """
    return MELD | number << _KIND_BITS


def lay_off(code: int, table_meld: int) -> int:
    """The action that lays the card of this code off on the table's meld ``table_meld`` (from 1, GIN-6).

    >>> lay_off(4, 1)
    551
    """
    return LAY_OFF | (code | table_meld << _CODE_BITS) << _KIND_BITS


def kind_of(action: int) -> int:
    """The kind of move an action is (its low bits).

    >>> kind_of(discard(4)) == DISCARD
    True
    """
    return action & _KIND_MASK


def _build() -> dict[int, Move]:
    """Every move of the game by its action, made once."""
    moves: dict[int, Move] = {
        DRAW: Draw(),
        TAKE: Take(),
        PASS: Pass(),
        KNOCK: Knock(),
        DONE: Done(),
    }
    for code, card in BY_CODE.items():
        if card.rank is None or code >= 1 << _CODE_BITS:
            continue
        moves[discard(code)] = Discard(card=card)
        for number in range(1, _TABLE_MELDS):
            moves[lay_off(code, number)] = LayOff(card=card, meld=number)
    for number, found in enumerate(MELDS):
        moves[meld(number)] = NewMeld.of(found)
    return moves


_MOVES: Final = _build()


def move_of(action: int) -> Move | None:
    """The move an action names, the same object each time; None for an int that names none.

    >>> str(move_of(lay_off(4, 2)))
    'lay AS on 2'
    """
    found = _MOVES.get(action)
    if found is None and action & _KIND_MASK == LAY_OFF and action > 0:
        code, number = action >> _KIND_BITS & 63, action >> _KIND_BITS + _CODE_BITS
        card = BY_CODE.get(code)
        if card is None or card.rank is None or not 0 < number < 1 << 16:
            return None
        found = _MOVES[action] = LayOff(card=card, meld=number)
    return found
