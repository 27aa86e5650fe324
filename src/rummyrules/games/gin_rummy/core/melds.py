"""Melds as masks, for the core: every meld of the deck in the order moves list them, lay-offs, the table.

A meld is the mask of its cards (:mod:`.cards`). The 329 melds of one deck
(GIN-2: 65 sets of 3 or 4 of a rank, 264 runs of 3 to 13 of a suit, Ace low)
are numbered in the order the meld search lists a hand's melds: the sets by
rank, each rank's four threes (without the spade, the heart, the diamond,
the club) before its four, then the runs by suit, low end, length. A hand's
melds are then the numbered melds it holds, in number order.

A meld on the table is ``(mask, owner, laid_off)``: its cards, who laid it,
and the cards the other player laid off on it (GIN-6: only the opponent lays
off, only on the knocker's melds).

>>> from rummyrules import parse_cards
>>> from rummyrules.games.gin_rummy.core.cards import hand_mask
>>> hand = hand_mask(parse_cards("7S 7H 7D 8S 9S"))
>>> [str(MELDS[number]) for number in hand_melds(hand)]
['7S 7H 7D', '7S 8S 9S']
"""

from __future__ import annotations

from typing import Final

from rummyrules.game.table import TableMeld
from rummyrules.games.gin_rummy.core.cards import CARD_BIT, LANE
from rummyrules.games.gin_rummy.deadwood import _MELDS  # the library's Meld values
from rummyrules.melds.meld import Meld

__all__ = [
    "MELDS",
    "MELD_MASKS",
    "NUMBER_OF",
    "hand_melds",
    "holds_meld",
    "lay_off_fits",
    "table_meld",
]

_SUITS: Final = 4
_COLUMN: Final = sum(1 << (LANE * suit) for suit in range(_SUITS))
_LANE_MASK: Final = (1 << LANE) - 1


def _masks_in_order() -> list[int]:
    masks: list[int] = []
    for rank in range(1, 14):
        column = _COLUMN << rank
        # The threes, leaving out the spade, the heart, ... in turn; then the four.
        masks.extend(column ^ 1 << (LANE * suit + rank) for suit in range(_SUITS))
        masks.append(column)
    for suit in range(_SUITS):
        for low in range(1, 12):
            for high in range(low + 2, 14):
                row = (1 << (high - low + 1)) - 1
                masks.append(row << (LANE * suit + low))
    return masks


MELD_MASKS: Final[tuple[int, ...]] = tuple(_masks_in_order())
"""Every meld of the deck as its mask, by number (see the module)."""
MELDS: Final[tuple[Meld, ...]] = tuple(_MELDS[mask] for mask in MELD_MASKS)
"""Every meld of the deck as the library's :class:`~rummyrules.Meld`, by number."""
NUMBER_OF: Final[dict[int, int]] = {mask: n for n, mask in enumerate(MELD_MASKS)}
"""A meld's number by its mask."""


def _sets_of(hand: int) -> int:
    """A rank's bit for each rank held in three or four suits."""
    spades, hearts = hand & _LANE_MASK, hand >> LANE & _LANE_MASK
    diamonds, clubs = hand >> 2 * LANE & _LANE_MASK, hand >> 3 * LANE
    return spades & hearts & (diamonds | clubs) | diamonds & clubs & (spades | hearts)


def holds_meld(hand: int) -> bool:
    """Whether the hand holds any meld: three of a suit in a row, or three of a rank.

    >>> holds_meld(CARD_BIT[4] | CARD_BIT[8] | CARD_BIT[12])  # AS 2S 3S
    True
    """
    return bool(hand & hand >> 1 & hand >> 2) or bool(_sets_of(hand))


def hand_melds(hand: int) -> list[int]:
    """The numbers of the melds the hand holds, in the order the meld search lists them.

    >>> hand_melds(0)
    []
    """
    if not holds_meld(hand):
        return []
    return [n for n, mask in enumerate(MELD_MASKS) if hand & mask == mask]


def lay_off_fits(meld: int, hand: int) -> int:
    """The cards of the hand that extend the meld (GIN-6), as a mask.

    A set of three takes its rank's fourth card; a run takes the card below
    its low end or above its high end (the lanes' empty edges hold no card).

    >>> run = CARD_BIT[8] | CARD_BIT[12] | CARD_BIT[16]  # 2S 3S 4S
    >>> lay_off_fits(run, CARD_BIT[4] | CARD_BIT[20]) == CARD_BIT[4] | CARD_BIT[20]
    True
    """
    if meld & meld >> 1:  # a run: its cards lie in a row
        return (meld << 1 | meld >> 1) & ~meld & hand
    rank = (meld | meld >> LANE | meld >> 2 * LANE | meld >> 3 * LANE) & _LANE_MASK
    return (_COLUMN * rank) & ~meld & hand


def table_meld(mask: int, owner: int, laid_off: int) -> TableMeld:
    """The library's :class:`~rummyrules.game.table.TableMeld` of a meld on the table.

    >>> meld = table_meld(MELD_MASKS[4], 0, CARD_BIT[4])  # the four Aces
    >>> str(meld), meld.played_by
    ('AS AH AD AC', (1, 0, 0, 0))
    """
    meld = _MELDS[mask]
    if not laid_off:
        return TableMeld.laid(meld, owner=owner)
    played_by = tuple(
        1 - owner if laid_off & CARD_BIT[int(card)] else owner for card in meld.cards
    )
    return TableMeld(meld=meld, owner=owner, played_by=played_by)


def _check_numbering() -> None:
    """Each numbered meld's cards are its mask (a guard on the tables above)."""
    for mask, meld in zip(MELD_MASKS, MELDS, strict=True):
        cards = 0
        for card in meld.cards:
            cards |= CARD_BIT[int(card)]
        if cards != mask:  # pragma: no cover - the tables are built right
            raise AssertionError(meld)


_check_numbering()
