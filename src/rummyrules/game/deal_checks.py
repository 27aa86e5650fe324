"""Checks of a hand as the deal leaves it, where a card of the hand set its size.

In End of the Page (EOP-2, EOP-3) and 1400 (F14-3) a card turned face up
sets how many cards its player is dealt, itself included. The state keeps
no record of which card each player turned up, so what is left to check is
the exact condition a deal leaves: some card of the hand deals as many
cards as the hand holds. A tampered hand that still holds such a card is one
another deck order deals, so it is rightly accepted.

>>> from rummyrules import Card
>>> sizes = {"3": 3, "7": 7}
>>> def deals(card: Card) -> int:
...     return sizes.get(str(card.rank), 0)
>>> hand = [Card.parse(text) for text in ("3S", "8H", "9C")]
>>> check_dealt_hand(1, hand, deals, rule="EOP-2")
>>> check_dealt_hand(1, hand[:2], deals, rule="EOP-2")
Traceback (most recent call last):
...
rummyrules.StateError: hands: at the deal player 1 holds 2 cards, but no card of their hand deals 2 (EOP-2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from rummyrules.core.cards import Card
from rummyrules.core.errors import StateError

__all__ = ["check_dealt_hand"]


def check_dealt_hand(
    player: int,
    hand: Sequence[Card],
    deals: Callable[[Card], int],
    *,
    rule: str,
    extra: Card | None = None,
) -> None:
    """Refuse a hand at the deal that no card of it deals (EOP-2, F14-3).

    ``deals`` says how many cards a card turned up deals; ``extra`` is one
    card dealt on top of that count (1400's face-up wild card, F14-R3), which
    does not count and cannot have set it.

    >>> from rummyrules import Card
    >>> hand = [Card.parse(text) for text in ("4S", "4H")]
    >>> check_dealt_hand(0, hand, lambda card: 1, rule="F14-R3", extra=hand[0])
    >>> check_dealt_hand(0, hand, lambda card: 2, rule="F14-R3", extra=hand[0])
    Traceback (most recent call last):
    ...
    rummyrules.StateError: hands: at the deal player 0 holds 2 cards, but no card of their hand deals 1 besides the face-up 4S (F14-R3)
    """
    cards = Counter(hand)
    size = len(hand)
    besides = ""
    if extra is not None:
        cards[extra] -= 1
        size -= 1
        besides = f" besides the face-up {extra}"
    if not any(deals(card) == size for card, count in cards.items() if count > 0):
        raise StateError(
            f"hands: at the deal player {player} holds {len(hand)} cards, but no "
            f"card of their hand deals {size}{besides} ({rule})"
        )
