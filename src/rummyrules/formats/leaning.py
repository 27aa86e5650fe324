"""Leaning a deal on belief: a hand's hidden cards drawn one by one, each in proportion to its weight.

:func:`~rummyrules.sample_state` deals uniformly unless a bot gives it
``weights``: for a seat, a weight for each card (1 for a card not named).
That hand's hidden cards are then drawn from the unseen cards one at a
time, each draw picking a card with chance its weight over the weight of
all the cards still unseen (successive sampling, without replacement). A
weight is the odds at each draw, not the chance of ending up in the hand:
a card of weight 1000 among a few of weight 1 is all but sure to be drawn,
and no more.

>>> from rummyrules import Card
>>> from rummyrules.core.shuffle import random_words
>>> cards = [Card.parse(text) for text in ("2C", "3C", "4C", "5C")]
>>> drawn, rest = leaned_draw(cards, 1, {cards[3]: 1000.0}, random_words(1))
>>> [str(card) for card in drawn], [str(card) for card in rest]
(['5C'], ['2C', '3C', '4C'])
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping

from rummyrules.core.cards import Card
from rummyrules.core.errors import OptionError
from rummyrules.core.inputs import positive_number

__all__ = ["checked_weights", "leaned_draw"]


def leaned_draw(
    cards: list[Card], count: int, weights: Mapping[Card, float], words: Iterator[int]
) -> tuple[list[Card], list[Card]]:
    """``count`` of the shuffled cards drawn in proportion to their weights, and the others in their order.

    Each card gets the key ``log(u) / weight`` for a uniform ``u`` strictly
    between 0 and 1: the ``count`` largest keys are a draw one card at a
    time, each in proportion to its weight among those left (Efraimidis and
    Spirakis). The keys belong to the cards, not to their places, so the
    cards left keep the shuffle's order: still a fair shuffle of what is
    left.
    """
    if count <= 0:
        return [], cards
    keys = [
        math.log(((next(words) >> 11) + 0.5) / (1 << 53)) / weights.get(card, 1.0)
        for card in cards
    ]
    chosen = set(sorted(range(len(cards)), key=keys.__getitem__)[-count:])
    drawn = [card for place, card in enumerate(cards) if place in chosen]
    rest = [card for place, card in enumerate(cards) if place not in chosen]
    return drawn, rest


def checked_weights(
    weights: Mapping[int, Mapping[Card, float]] | None, seats: int
) -> dict[int, dict[Card, float]]:
    """A checked copy of the weights: the game's seats, each a mapping of cards to finite numbers above 0.

    >>> checked_weights({1: {Card.parse("KS"): 2}}, 2)
    {1: {Card(rank=Rank.KING, suit=Suit.SPADES): 2.0}}
    >>> checked_weights({5: {}}, 2)
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: weights name a seat this game lacks: its seats are 0 to 1
    """
    if weights is None:
        return {}
    if not isinstance(weights, Mapping):
        raise TypeError(
            f"weights must be a mapping of seats, not {type(weights).__name__}"
        )
    checked: dict[int, dict[Card, float]] = {}
    for seat, leaning in weights.items():
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise TypeError(
                f"weights: a seat is a whole number, not {type(seat).__name__}"
            )
        if not 0 <= seat < seats:
            raise OptionError(
                f"weights name a seat this game lacks: its seats are 0 to {seats - 1}"
            )
        if not isinstance(leaning, Mapping):
            raise TypeError(
                f"weights: seat {seat}'s weights must map cards to numbers, not "
                f"{type(leaning).__name__}"
            )
        checked[seat] = {
            card: _weight(card, weight) for card, weight in leaning.items()
        }
    return checked


def _weight(card: object, weight: object) -> float:
    """One card's weight, checked: a finite number above 0, as a float."""
    if not isinstance(card, Card):
        raise TypeError(f"weights: a card is a Card, not {type(card).__name__}")
    return positive_number(weight, name=f"weights: {card}'s weight")
