"""A hidden hand dealt uniformly among those a view's rule allows (for ``sample_state``).

A view may say more of a hand than its known cards (a
:class:`~rummyrules.game.hand_rules.HandRule`: Gin Rummy's knocker keeps the
knock good, GIN-5). Dealing the whole table and trying again until the hand
fits is exact but may take millions of deals when few hands fit. So the
ruled hand is dealt first, from all the unseen cards, uniformly among the
hands that fit, and the rest are shuffled after it:

- first a few quick tries: a fair draw of the hidden cards, kept if the hand
  fits. A try kept is uniform among the hands that fit.
- if none fits, a draw from the rule's list of every hand that fits, each
  weighed by how many ways the unseen cards (copies told apart) make it.
  That is uniform too, and whether the tries failed does not depend on
  which hand is drawn then: the hand drawn is uniform either way.

Every hand that fits leaves the same number of ways to deal the rest, so the
whole deal stays uniform among the deals that fit.

>>> from collections import Counter
>>> from rummyrules import GinRummy, parse_cards
>>> from rummyrules.core.shuffle import random_words
>>> from rummyrules.games.gin_rummy.knocking import KnockerHand
>>> rule = KnockerHand(GinRummy().new_game(seed=1).phase.LAY_DOWN, knock_card=0)
>>> hand, rest = ruled_hand(
...     rule, Counter(), 3, list(parse_cards("2C 7S 8S 9S KD")), random_words(1)
... )
>>> [str(card) for card in hand], sorted(str(card) for card in rest)
(['7S', '8S', '9S'], ['2C', 'KD'])
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Final

from rummyrules.core.cards import Card
from rummyrules.core.errors import StateError
from rummyrules.core.hands import sorted_hand
from rummyrules.core.shuffle import below
from rummyrules.game.hand_rules import HandRule

__all__ = ["QUICK_TRIES", "ruled_hand"]

QUICK_TRIES: Final = 1000
"""Fair draws of a ruled hand tried before drawing from the list of hands that fit."""


def ruled_hand(
    rule: HandRule,
    held: Counter[Card],
    count: int,
    cards: Sequence[Card],
    words: Iterator[int],
) -> tuple[tuple[Card, ...], list[Card]]:
    """A hand of the ``held`` cards and ``count`` of ``cards``, uniform among those the rule allows, and the cards left.

    StateError when no hand fits.

    >>> from rummyrules import GinRummy, parse_cards
    >>> from rummyrules.core.shuffle import random_words
    >>> from rummyrules.games.gin_rummy.knocking import KnockerHand
    >>> rule = KnockerHand(GinRummy().new_game(seed=1).phase.LAY_DOWN, knock_card=0)
    >>> ruled_hand(
    ...     rule, Counter(), 3, list(parse_cards("2C 7S 9S KD")), random_words(1)
    ... )
    Traceback (most recent call last):
    ...
    rummyrules.StateError: no hand of 3 cards from the 4 unseen fits what the view says of it
    """
    pool = list(cards)
    for _ in range(QUICK_TRIES):
        # The first `count` places of a partial fair shuffle: a fair draw.
        for place in range(count):
            other = place + below(words, len(pool) - place)
            pool[place], pool[other] = pool[other], pool[place]
        hand = sorted_hand([*held.elements(), *pool[:count]])
        if rule.fits(hand):
            return hand, pool[count:]
    return _listed(rule, held, count, cards, words)


def _listed(
    rule: HandRule,
    held: Counter[Card],
    count: int,
    cards: Sequence[Card],
    words: Iterator[int],
) -> tuple[tuple[Card, ...], list[Card]]:
    """A hand drawn from every hand that fits, each weighed by the ways to deal it."""
    unseen = Counter(cards)
    whole = sorted_hand([*held.elements(), *cards])
    hands = rule.every(whole, sorted_hand(held.elements()), held.total() + count)
    if not hands:
        raise StateError(
            f"no hand of {held.total() + count} cards from the {len(cards)} unseen "
            "fits what the view says of it"
        )
    if len(unseen) == len(cards):  # no card twice: one way to deal each hand
        hand = hands[below(words, len(hands))]
    else:
        weights = [
            math.prod(
                math.comb(unseen[card], taken)
                for card, taken in (Counter(hand) - held).items()
            )
            for hand in hands
        ]
        totals = list(itertools.accumulate(weights))
        hand = hands[bisect.bisect_right(totals, below(words, totals[-1]))]
    rest = unseen - (Counter(hand) - held)
    return hand, list(rest.elements())
