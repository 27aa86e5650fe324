"""The Rummy 500 family's actions: each move of a turn as one int, the same in every state.

End of the Page's and 1400's integer cores name their moves alike; each
game adds its own kinds (1400's pass, done and claim) in the numbers this
layout leaves free, and keeps its own memo of the moves made. The kind sits
in the low three bits and what the move names above them, so an action
names the same move wherever it is listed (a meld's number on the table is
part of a lay-off):

- ``DRAW``: draw from the stock;
- ``TAKE | n << 3``: take the top card (n = 0), or the topmost copy of the
  card with code n - 1 from below it (EOP-6, F14-9);
- ``DISCARD | code << 3``;
- ``LAY | code << 3 | meld << 9 | (meaning + 1) << 25``: lay a card off on
  meld ``meld`` (from 1), a wild declared as the meaning's code (MELD-6);
- ``MELD | packed << 3``: a new meld, its
  :data:`~rummyrules.melds.codes.MeldCode` packed card by card.

>>> from rummyrules import Card
>>> str(decoded(DISCARD | int(Card.parse("7H")) << 3)), str(decoded(TAKE))
('discard 7H', 'take')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from rummyrules.core.cards import BY_CODE, Card, Rank
from rummyrules.game.moves import Draw, LayOff, Move, NewMeld, discard_of, take_of
from rummyrules.melds.codes import MeldCode, code_meaning, meaning_code

__all__ = [
    "DISCARD",
    "DRAW",
    "KINDS",
    "LAY",
    "LAY_BITS",
    "MELD",
    "TAKE",
    "decoded",
    "lay_action",
    "lay_off_of",
    "meld_holds",
    "packed_meld",
    "unpacked_meld",
]

DRAW: Final = 0
TAKE: Final = 1
DISCARD: Final = 2
LAY: Final = 3
MELD: Final = 4
KINDS: Final = 7  # the mask of the kind's bits
LAY_BITS: Final = 29  # what a lay-off names, above the kind: card, meld, meaning

_CARD_BITS: Final = 13  # a card's code (6 bits) and its meaning plus one (7 bits)
_MEANINGS: Final = frozenset(
    [*BY_CODE, *(meaning_code(rank) for rank in Rank)]
)  # every code of a meaning (a card, or 64 plus a rank)
_DRAW_MOVE: Final = Draw()


def packed_meld(code: MeldCode) -> int:
    """The action of the new meld with this code: its kind, size, then each card.

    >>> from rummyrules import EndOfThePage
    >>> from rummyrules.melds.codes import meld_code
    >>> meld = EndOfThePage().check_meld("7S 5H 9S", wild="5").melds[0]
    >>> str(decoded(packed_meld(meld_code(meld.wilds_in_order()))))
    'meld 7S 5H=8S 9S'
    """
    size = len(code) >> 1
    packed = code[0] | size << 3
    shift = 8
    for place in range(size):
        packed |= (code[1 + place] | (code[1 + size + place] + 1) << 6) << shift
        shift += _CARD_BITS
    return MELD | packed << 3


def unpacked_meld(action: int) -> MeldCode | None:
    """The meld code a new meld action packs (see :func:`packed_meld`); None if none.

    >>> from rummyrules import EndOfThePage
    >>> from rummyrules.melds.codes import meld_code
    >>> code = meld_code(EndOfThePage().check_meld("7S 8S 9S").melds[0])
    >>> unpacked_meld(packed_meld(code)) == code, unpacked_meld(MELD)
    (True, None)
    """
    packed = action >> 3
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


def meld_holds(action: int, card: int) -> bool:
    """Whether the new meld an action packs holds a copy of the card (by its code).

    >>> from rummyrules import EndOfThePage, Card
    >>> from rummyrules.melds.codes import meld_code
    >>> action = packed_meld(meld_code(EndOfThePage().check_meld("7S 8S 9S").melds[0]))
    >>> meld_holds(action, int(Card.parse("8S"))), meld_holds(action, 0)
    (True, False)
    """
    rest = action >> 11
    for _ in range(action >> 6 & 31):
        if rest & 63 == card:
            return True
        rest >>= _CARD_BITS
    return False


def lay_action(move: LayOff) -> int:
    """The action of a lay-off the table lists (its card, meld and meaning).

    >>> from rummyrules import Card
    >>> lay = LayOff(card=Card.parse("5H"), declared=Card.parse("7C"), meld=2)
    >>> decoded(lay_action(lay)) == lay
    True
    """
    meaning = meaning_code(move.declared) + 1
    return LAY | move.card << 3 | move.meld << 9 | meaning << 25


def lay_off_of(rest: int) -> tuple[Card, Card | Rank | None, int] | None:
    """The card, meaning and meld that a lay-off's bits name (the action above its kind).

    >>> from rummyrules import Card
    >>> lay = LayOff(card=Card.parse("5H"), meld=1)
    >>> card, declared, meld = lay_off_of(lay_action(lay) >> 3)
    >>> str(card), declared, meld
    ('5H', None, 1)
    """
    card = BY_CODE.get(rest & 63)
    meld = rest >> 6 & 0xFFFF
    meaning = (rest >> 22) - 1
    if card is None or meld < 1 or rest >> LAY_BITS or meaning < -1:
        return None
    try:
        declared = code_meaning(meaning)
    except KeyError:  # no card or rank has this code
        return None
    return card, declared, meld


def decoded(action: int) -> Move | None:
    """The move of a kind this layout names (see the module), made anew; None for any other int.

    >>> print(decoded(-1)), print(decoded(DRAW | 1 << 3))
    None
    None
    (None, None)
    """
    if action < 0:
        return None
    decode = _DECODERS.get(action & KINDS)
    return None if decode is None else decode(action >> 3)


def _draw(rest: int) -> Move | None:
    return _DRAW_MOVE if rest == 0 else None


def _take(rest: int) -> Move | None:
    card = BY_CODE.get(rest - 1)
    return take_of(card) if rest == 0 or (rest <= 64 and card is not None) else None


def _discard(rest: int) -> Move | None:
    card = BY_CODE.get(rest)
    return None if card is None else discard_of(card)


def _lay_off(rest: int) -> Move | None:
    named = lay_off_of(rest)
    if named is None:
        return None
    card, declared, meld = named
    return LayOff(card=card, declared=declared, meld=meld)


def _new_meld(rest: int) -> Move | None:
    code = unpacked_meld(MELD | rest << 3)
    if code is None:
        return None
    size = len(code) >> 1
    return NewMeld(
        cards=tuple([BY_CODE[card] for card in code[1 : size + 1]]),
        declared=tuple([code_meaning(m) for m in code[size + 1 :]]),
    )


_DECODERS: Final[dict[int, Callable[[int], Move | None]]] = {
    DRAW: _draw,
    TAKE: _take,
    DISCARD: _discard,
    LAY: _lay_off,
    MELD: _new_meld,
}
