"""The best packing of a hand into melds: the most points laid, found once per hand.

A bot of a game of points asks, again and again, what the hands within one
hand could lay in new melds. A :class:`Packer` answers for every hand within
its root hand, from the melds the root can make and what each is worth.

>>> from rummyrules import EndOfThePage, parse_cards
>>> root = parse_cards("7S 8S 9S 9H 9D")
>>> packer = Packer(
...     root, [(parse_cards("7S 8S 9S"), 25), (parse_cards("9S 9H 9D"), 30)]
... )
>>> points, melds = packer.best(root)
>>> points, [" ".join(map(str, meld)) for meld in melds]
(30, ['9S 9H 9D'])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Final

from rummyrules.core.cards import Card

__all__ = ["Packer", "kept_packer"]

_FIELD: Final = 4
"""Bits for one card's count in a packed hand: three for the count, one guard."""
SEARCH_BUDGET: Final = 3000
"""Hands searched for one root's packings before settling for quick ones."""

Packing = tuple[int, tuple[tuple[Card, ...], ...]]
"""The points laid, and the melds (each a sorted tuple of cards)."""


class Packer:
    """The best packings into melds of the hands within one sorted root hand.

    ``groups`` are the melds the root can make (each meld's cards sorted, in
    the root's order) with the points each is worth. A hand is packed into
    one integer, a few bits per distinct card of the root holding its count,
    so that "does the hand hold this meld" and "the hand without it" are a
    few integer operations (each field's top bit is a guard that catches a
    count going below zero). Packings are memoised; past a budget of hands
    searched, a hand gets a quick packing (the costliest melds that fit).

    >>> from rummyrules import parse_cards
    >>> root = parse_cards("7S 8S 9S 10S")
    >>> Packer(root, [(parse_cards("7S 8S 9S"), 25)]).best(root[1:])
    (0, ())
    """

    def __init__(
        self, root: tuple[Card, ...], groups: Sequence[tuple[tuple[Card, ...], int]]
    ) -> None:
        self.cards = tuple(dict.fromkeys(root))  # sorted, as the root is
        self.place = {card: index for index, card in enumerate(self.cards)}
        guard = 1 << (_FIELD - 1)
        self.guards = sum(guard << (_FIELD * i) for i in range(len(self.cards)))
        # Each packing is met once: the hand's first card is either left out,
        # or laid in a meld that holds it, which then starts with that card.
        self.starting: dict[int, list[tuple[int, int, tuple[Card, ...]]]] = {}
        for cards, points in groups:
            self.starting.setdefault(self.place[cards[0]], []).append(
                (self.code(cards), points, cards)
            )
        self.memo: dict[int, Packing] = {0: (0, ())}
        self.searched = 0

    def code(self, cards: Iterable[Card]) -> int:
        """The cards (all in the root) packed into one integer.

        >>> from rummyrules import parse_cards
        >>> packer = Packer(parse_cards("7S 8S"), [])
        >>> packer.code(parse_cards("8S")), packer.code(parse_cards("7S 8S 8S"))
        (16, 33)
        """
        return sum(1 << (_FIELD * self.place[card]) for card in cards)

    def best(self, hand: Sequence[Card]) -> Packing:
        """The most points the hand (within the root) can meld, and the melds.

        >>> from rummyrules import parse_cards
        >>> root = parse_cards("7S 8S 9S 10S")
        >>> packer = Packer(root, [(parse_cards("8S 9S 10S"), 25)])
        >>> packer.best(root)[0]
        25
        """
        return self._best(self.code(hand))

    def _best(self, hand: int) -> Packing:
        known = self.memo.get(hand)
        if known is not None:
            return known
        self.searched += 1
        first = ((hand & -hand).bit_length() - 1) // _FIELD
        if self.searched > SEARCH_BUDGET:
            return self._quick(hand)
        best = self._best(hand - (1 << (_FIELD * first)))
        guards = self.guards
        for meld, points, cards in self.starting.get(first, ()):
            if ((hand | guards) - meld) & guards == guards:
                more, packed = self._best(hand - meld)
                if points + more > best[0]:
                    best = points + more, (cards, *packed)
        self.memo[hand] = best
        return best

    def _quick(self, hand: int) -> Packing:
        """A packing found without search: the costliest meld that fits, again and again."""
        groups = sorted(
            (group for groups in self.starting.values() for group in groups),
            key=lambda group: -group[1],
        )
        guards = self.guards
        total, packed = 0, []
        for meld, points, cards in groups:
            if ((hand | guards) - meld) & guards == guards:
                hand -= meld
                total += points
                packed.append(cards)
        return total, tuple(packed)


_MOST_KEPT: Final = 4096
"""Packers kept for the next decisions before starting afresh, so that they stay few."""

_KEPT: dict[Hashable, Packer] = {}
"""The packers of the roots the decisions met lately (:func:`kept_packer`)."""


def kept_packer(
    key: Hashable | None,
    root: tuple[Card, ...],
    groups: Callable[[], Sequence[tuple[tuple[Card, ...], int]]],
) -> Packer:
    """The packer of the sorted root made of ``groups()``, kept under ``key`` for the next decisions where that is safe.

    A packer's answers depend only on its root and its groups (the key must
    say both), unless it runs past its budget of hands searched, and then on
    what it was asked first: it is kept only for a root with no more hands
    within it than that budget. A search's playouts meet the same hands
    again and again. ``key`` None keeps nothing.

    >>> from rummyrules import parse_cards
    >>> root = parse_cards("7S 8S 9S 10S")
    >>> made = kept_packer("doc", root, lambda: [(parse_cards("7S 8S 9S"), 25)])
    >>> made is kept_packer("doc", root, list), made.best(root)[0]
    (True, 25)
    """
    within = 1
    for count in Counter(root).values():
        within *= count + 1
    if key is None or within > SEARCH_BUDGET:
        return Packer(root, groups())
    packer = _KEPT.get(key)
    if packer is None:
        if len(_KEPT) >= _MOST_KEPT:
            _KEPT.clear()
        packer = _KEPT[key] = Packer(root, groups())
    return packer
