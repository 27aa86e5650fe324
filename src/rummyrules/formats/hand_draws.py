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
>>> from rummyrules.games.gin_rummy.strategy import KnockerHand
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
from rummyrules.game.hand_rules import HandRule, HoldsOneOf

__all__ = ["QUICK_TRIES", "big_below", "one_of_hands", "ruled_hand"]

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
    >>> from rummyrules.games.gin_rummy.strategy import KnockerHand
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


def one_of_hands(
    ruled: Sequence[tuple[int, HoldsOneOf, int]],
    cards: Sequence[Card],
    words: Iterator[int],
) -> tuple[dict[int, list[Card]], list[Card]] | None:
    """The hidden cards of hands that must each hold one of some cards, and the cards left; None to deal again.

    ``ruled`` gives each player, their rule and how many hidden cards they
    get. Each hand in turn is drawn uniformly among those that fit from the
    cards left: first how many of its rule's cards it holds, weighed by the
    ways to make it, then those cards and the others. That alone would favour
    hands that leave the later ones many ways to fit, so the whole draw is
    kept with the chance ``N / M`` for each hand, ``N`` its hands that fit
    and ``M`` as many as there would be had no earlier hand taken one of its
    cards: each draw kept then has the same chance, ``1 / M`` for each hand,
    and the deal is uniform among those that fit. A draw is seldom dropped.

    >>> from rummyrules import parse_cards
    >>> from rummyrules.core.shuffle import random_words
    >>> rule = HoldsOneOf(frozenset(parse_cards("5S")))
    >>> hands, rest = one_of_hands(
    ...     [(1, rule, 2)], list(parse_cards("2C 5S 9D KH")), random_words(3)
    ... )
    >>> "5S" in map(str, hands[1]), len(rest)
    (True, 2)
    """
    pool = list(cards)
    hands: dict[int, list[Card]] = {}
    kept, most = 1, 1
    for player, rule, count in ruled:
        size = len(pool)
        ones = [card for card in pool if card in rule.cards]
        ever = sum(card in rule.cards for card in cards)
        fits = math.comb(size, count) - math.comb(size - len(ones), count)
        if fits == 0:
            return None
        kept *= fits
        most *= math.comb(size, count) - math.comb(size - ever, count)
        others = [card for card in pool if card not in rule.cards]
        weights = [
            math.comb(len(ones), taken) * math.comb(len(others), count - taken)
            for taken in range(1, min(count, len(ones)) + 1)
        ]
        totals = list(itertools.accumulate(weights))
        taken = 1 + bisect.bisect_right(totals, big_below(words, totals[-1]))
        hand = _drawn(ones, taken, words) + _drawn(others, count - taken, words)
        hands[player] = hand
        pool = ones + others
    if big_below(words, most) >= kept:
        return None
    return hands, pool


def _drawn(cards: list[Card], count: int, words: Iterator[int]) -> list[Card]:
    """``count`` of the cards, a fair draw, taken out of the list."""
    for place in range(count):
        other = place + below(words, len(cards) - place)
        cards[place], cards[other] = cards[other], cards[place]
    drawn = cards[:count]
    del cards[:count]
    return drawn


def big_below(words: Iterator[int], bound: int) -> int:
    """A uniform draw from ``range(bound)``, however large, off a stream of 64-bit words.

    >>> from rummyrules.core.shuffle import random_words
    >>> 0 <= big_below(random_words(1), 10**40) < 10**40
    True
    """
    if bound <= 1 << 63:
        return below(words, bound)
    bits = bound.bit_length()
    length = (bits + 63) // 64
    while True:
        value = 0
        for _ in range(length):
            value = (value << 64) | next(words)
        value >>= length * 64 - bits
        if value < bound:
            return value
