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

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from rummyrules.core.cards import Card

__all__ = ["HandRule"]


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
