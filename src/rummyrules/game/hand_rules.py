"""What a view says of a hidden hand beyond its size and its known cards.

A view may rule out hands without showing them: in Gin Rummy, the knocker's
opponent does not see the knocker's hand until it is laid down, but knows
that it keeps the knock good (GIN-5). A game says so through its strategy
(:meth:`Strategy.hand_rule <rummyrules.game.strategy.Strategy.hand_rule>`),
with a :class:`HandRule`, so that :func:`~rummyrules.sample_state` can deal
such a hand exactly: a cheap test of one hand, and, for when few hands pass
it, every hand that does among given cards.

>>> from rummyrules import GinRummy, parse_cards
>>> from rummyrules.game.strategy import strategy_of
>>> game = GinRummy(hand_size=3).position(
...     "to_move 0 laydown | knocker 0 | hands 7S 8S 9S / 2C 5D 9H | pile KD"
... )
>>> rule = strategy_of(game.rules).hand_rule(game.view(1), 0)
>>> isinstance(rule, HandRule), rule.fits(parse_cards("7S 8S 9S"))
(True, True)
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import attrs

from rummyrules.core.cards import Card
from rummyrules.core.hands import sorted_hand

__all__ = ["HandRule", "HoldsOneOf"]


@runtime_checkable
class HandRule(Protocol):
    """A test a hidden hand must pass, and every hand that passes it among given cards.

    The two agree: ``every(cards, held, size)`` is exactly the sorted hands
    of ``size`` cards drawn from ``cards`` that hold ``held`` and that
    ``fits`` accepts, each once, in a fixed order (a sequence that may
    read each hand only when asked: there may be a million). ``fits`` is for trying
    hands dealt at random; ``every`` for when few of them pass.

    >>> from rummyrules import GinRummy, parse_cards
    >>> from rummyrules.game.strategy import strategy_of
    >>> game = GinRummy(hand_size=3).position(
    ...     "to_move 0 laydown | knocker 0 | hands 7S 8S 9S / 2C 5D 9H | pile KD"
    ... )
    >>> rule = strategy_of(game.rules).hand_rule(game.view(1), 0)
    >>> (
    ...     rule.fits(parse_cards("7S 9S JS")),
    ...     len(rule.every(parse_cards("7S 8S 9S 10S JS"), (), 3)),
    ... )
    (False, 3)
    """

    def fits(self, hand: tuple[Card, ...]) -> bool:
        """Whether the view allows this sorted hand."""

    def every(
        self, cards: tuple[Card, ...], held: tuple[Card, ...], size: int
    ) -> Sequence[tuple[Card, ...]]:
        """Every sorted hand of ``size`` cards from ``cards`` (sorted, holding ``held``) that fits."""


@attrs.frozen
class HoldsOneOf:
    """A hand that holds at least one of some cards: the deal turned one of them up.

    At the deal of 1400 a card turned face up set each hand's size (F14-3),
    and the hand still holds it; the state keeps no record of which, so a
    hidden hand is any hand that holds a card dealing its size. ``sample_state``
    deals such hands exactly, however many a view rules on
    (:mod:`rummyrules.formats.hand_draws`).

    >>> from rummyrules import parse_cards
    >>> rule = HoldsOneOf(frozenset(parse_cards("5S 5H")))
    >>> rule.fits(parse_cards("2C 5H 9D")), rule.fits(parse_cards("2C 9D"))
    (True, False)
    >>> [
    ...     " ".join(map(str, hand))
    ...     for hand in rule.every(parse_cards("2C 5H 9D"), (), 2)
    ... ]
    ['2C 5H', '5H 9D']
    """

    cards: frozenset[Card]
    besides: Card | None = None
    """A card the hand holds beside the count, that cannot have set it (1400's face-up wild, F14-R3)."""

    def fits(self, hand: tuple[Card, ...]) -> bool:
        """Whether the hand, one copy of ``besides`` apart, holds one of the cards."""
        rest = Counter(hand)
        if self.besides is not None:
            rest[self.besides] -= 1
        return any(count > 0 and card in self.cards for card, count in rest.items())

    def every(
        self, cards: tuple[Card, ...], held: tuple[Card, ...], size: int
    ) -> Sequence[tuple[Card, ...]]:
        """Every sorted hand of ``size`` cards from ``cards`` holding ``held`` and one of the cards."""
        rest = Counter(cards) - Counter(held)
        hands = {
            sorted_hand((*held, *more))
            for more in itertools.combinations(
                sorted_hand(rest.elements()), size - len(held)
            )
        }
        return sorted(hand for hand in hands if self.fits(hand))
