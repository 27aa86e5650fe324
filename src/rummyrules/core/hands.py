"""Hands of cards: the order the library shows them in, and taking cards out.

Cards from several packs that have the same rank and suit are equal (MELD-1),
so a hand is a multiset; these helpers keep it sorted and count copies.

>>> from rummyrules import parse_cards
>>> hand_after(parse_cards("7S 9S 7S"), take=parse_cards("7S"))
(Card(rank=Rank.SEVEN, suit=Suit.SPADES), Card(rank=Rank.NINE, suit=Suit.SPADES))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from rummyrules.core.cards import Card

__all__ = ["hand_after", "holds", "lacking", "some_cards", "sorted_hand"]


def sorted_hand(cards: Iterable[Card]) -> tuple[Card, ...]:
    """A hand in the order the library shows cards.

    >>> from rummyrules import parse_cards
    >>> [str(c) for c in sorted_hand(parse_cards("KS 2H AS"))]
    ['AS', '2H', 'KS']
    """
    return tuple(sorted(cards))  # a card's code is its place in this order


def hand_after(
    hand: Sequence[Card], *, take: Iterable[Card] = (), add: Iterable[Card] = ()
) -> tuple[Card, ...]:
    """The hand without the cards in ``take`` (one copy each) and with ``add``.

    >>> from rummyrules import parse_cards
    >>> [str(c) for c in hand_after(parse_cards("AS KS"), add=parse_cards("2S"))]
    ['AS', '2S', 'KS']
    """
    left = list(hand)
    for card in take:
        left.remove(card)
    return sorted_hand([*left, *add])


def holds(hand: Sequence[Card], cards: Iterable[Card]) -> Card | None:
    """The first card the hand does not hold enough copies of, or None.

    >>> from rummyrules import parse_cards
    >>> print(holds(parse_cards("7S 8S"), parse_cards("7S 7S")))
    7S
    """
    have = Counter(hand)
    for card in cards:
        if have[card] == 0:
            return card
        have[card] -= 1
    return None


def lacking(hand: Sequence[Card], cards: Sequence[Card]) -> str | None:
    """What the hand lacks to hold all these cards, in words, or None if nothing.

    >>> from rummyrules import parse_cards
    >>> lacking(parse_cards("9S 9D 9C"), parse_cards("9S 9D 9S"))
    '2 of 9S'
    >>> print(lacking(parse_cards("9S 9D"), parse_cards("9D")))
    None
    """
    card = holds(hand, cards)
    if card is None:
        return None
    wanted = sum(1 for c in cards if c == card)
    return str(card) if wanted == 1 else f"{wanted} of {card}"


def some_cards(cards: Iterable[Card], most: int = 10) -> str:
    """Cards as text for a message: the first ``most``, then how many more.

    >>> from rummyrules import make_deck
    >>> some_cards(make_deck()[:12])
    'AS 2S 3S 4S 5S 6S 7S 8S 9S 10S and 2 more'
    """
    listed = [str(card) for card in cards]
    shown = " ".join(listed[:most])
    return shown if len(listed) <= most else f"{shown} and {len(listed) - most} more"
