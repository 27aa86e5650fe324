"""What the knocker's opponent knows of the knocker's hand before it is shown (GIN-5).

Between the knock and the lay-down the opponent sees no card of the
knocker's hand but knows it keeps the knock good: in the ``knock`` phase some
discard leaves deadwood at most the knock card, in the ``laydown`` phase the
deadwood is at most the knock card already. :class:`KnockerHand` is that
rule, for :func:`~rummyrules.sample_state` (see
:mod:`rummyrules.game.hand_rules`).

Few hands of a big pool knock, so it also lists every hand that does, not by
trying each hand of the pool but by building them: a hand whose deadwood is
at most the knock card is some disjoint melds of the pool (sets and runs,
GIN-2) and, outside them, cards worth at most the knock card; in the
``knock`` phase, cards worth at most the knock card but for their highest,
the discard. Each such union of melds and loose cards is a hand that fits,
and every hand that fits is one of them; the same hand built twice is kept
once.

>>> from rummyrules import parse_cards
>>> rule = KnockerHand(GinRummyPhase.LAY_DOWN, knock_card=0)
>>> [
...     " ".join(map(str, hand))
...     for hand in rule.every(parse_cards("7S 8S 9S 10S 9H 9D"), (), 3)
... ]
['7S 8S 9S', '8S 9S 10S', '9S 9H 9D']
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from typing import Final, overload

import attrs

from rummyrules.core.cards import Card
from rummyrules.games.gin_rummy.deadwood import (
    card_points,
    knock_discards,
    min_deadwood,
)
from rummyrules.games.gin_rummy.state import GinRummyPhase

__all__ = ["KnockerHand"]

_MIN_MELD: Final = 3
"""The fewest cards in a set or a run (GIN-2)."""


@attrs.frozen
class KnockerHand:
    """The knocker's hand keeps the knock good, in the phase before it is shown (GIN-5).

    Attributes:
        phase: ``knock`` (the hand has a discard to make) or ``laydown``.
        knock_card: The most deadwood the knock may leave.

    >>> from rummyrules import parse_cards
    >>> rule = KnockerHand(GinRummyPhase.KNOCK, knock_card=10)
    >>> rule.fits(parse_cards("AS 2S 3S KD")), rule.fits(parse_cards("AS 5S 9S KD"))
    (True, False)
    """

    phase: GinRummyPhase
    knock_card: int

    def fits(self, hand: tuple[Card, ...]) -> bool:
        """Whether the hand keeps the knock good in this phase (GIN-5).

        >>> from rummyrules import parse_cards
        >>> KnockerHand(GinRummyPhase.LAY_DOWN, knock_card=10).fits(
        ...     parse_cards("AS 2S 3S KD")
        ... )
        True
        """
        if self.phase is GinRummyPhase.KNOCK:
            return bool(knock_discards(hand, self.knock_card))
        return min_deadwood(hand) <= self.knock_card

    def every(
        self, cards: tuple[Card, ...], held: tuple[Card, ...], size: int
    ) -> Sequence[tuple[Card, ...]]:
        """Every sorted hand of ``size`` of the ``cards`` that holds ``held`` and fits.

        ``cards`` are sorted, each at most once (one deck, GIN-1), and hold
        ``held``; the hands come sorted, in a fixed order.

        >>> from rummyrules import parse_cards
        >>> rule = KnockerHand(GinRummyPhase.KNOCK, knock_card=0)
        >>> hands = rule.every(parse_cards("2S 3S 4S 5S KD"), parse_cards("KD"), 4)
        >>> [" ".join(map(str, hand)) for hand in hands]
        ['2S 3S 4S KD', '3S 4S 5S KD']
        """
        index = {card: place for place, card in enumerate(cards)}
        held_mask = sum(1 << index[card] for card in held)
        spare = self.phase is GinRummyPhase.KNOCK
        sure, unsure = _every(cards, held_mask, size, self.knock_card, spare=spare)
        # A hand all in melds has no loose card to discard: it is tried.
        tried = (mask for mask in unsure if self.fits(_Hands(cards, (mask,))[0]))
        return _Hands(cards, tuple(sorted((*sure, *tried))))


class _Hands(Sequence[tuple[Card, ...]]):
    """Hands as masks, a bit a card of ``cards``, read as cards only when asked.

    A pool may hold a million hands that knock, of which a sample reads one.
    """

    def __init__(self, cards: tuple[Card, ...], masks: tuple[int, ...]) -> None:
        self._cards = cards
        self._masks = masks

    def __len__(self) -> int:
        return len(self._masks)

    @overload
    def __getitem__(self, index: int) -> tuple[Card, ...]: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[Card, ...]]: ...

    def __getitem__(
        self, index: int | slice
    ) -> tuple[Card, ...] | Sequence[tuple[Card, ...]]:
        if isinstance(index, slice):
            return _Hands(self._cards, self._masks[index])
        mask = self._masks[index]
        return tuple(
            card for place, card in enumerate(self._cards) if mask >> place & 1
        )


@functools.lru_cache(maxsize=32)
def _every(
    cards: tuple[Card, ...], held: int, size: int, knock: int, *, spare: bool
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The hands (a bit a card of ``cards``) of melds and loose cards: those sure to fit, and those all in melds, which a spare discard may not leave good.

    Memoised: a search samples one view many times over.
    """
    # Loose cards are picked highest value first, so the first is the spare.
    by_value = sorted(
        ((1 << place, card_points(card)) for place, card in enumerate(cards)),
        key=lambda bit_value: -bit_value[1],
    )
    loose = _Loose(tuple(by_value), knock, spare)
    found: set[int] = set()
    melds_only: set[int] = set()
    for melded in _unions(_melds(cards), size):
        need = size - melded.bit_count()
        if not need:
            if not held & ~melded:
                melds_only.add(melded)
            continue
        more = loose.outside(melded, held & ~melded, need)
        found.update(melded | cards_out for cards_out in more)
    if not spare:
        found |= melds_only
        melds_only.clear()
    return tuple(found), tuple(melds_only - found)


def _melds(cards: tuple[Card, ...]) -> list[int]:
    """Every set and run among the cards (GIN-2, Ace low only), a bit a card."""
    by_rank: dict[object, int] = {}
    by_suit: dict[object, dict[int, int]] = {}
    for place, card in enumerate(cards):
        if card.rank is None:  # pragma: no cover - one standard deck (GIN-1)
            continue
        bit = 1 << place
        by_rank[card.rank] = by_rank.get(card.rank, 0) | bit
        by_suit.setdefault(card.suit, {})[int(card.rank)] = bit
    melds: list[int] = []
    for column in by_rank.values():
        if column.bit_count() >= _MIN_MELD:
            melds.append(column)
            if column.bit_count() > _MIN_MELD:
                melds.extend(column ^ bit for bit in _bits(column))
    for row in by_suit.values():
        for low in row:
            run, high = row[low], low + 1
            while high in row:
                run |= row[high]
                if high - low + 1 >= _MIN_MELD:
                    melds.append(run)
                high += 1
    return melds


def _bits(mask: int) -> Iterator[int]:
    while mask:
        bit = mask & -mask
        mask ^= bit
        yield bit


def _unions(melds: list[int], size: int) -> set[int]:
    """Every union of disjoint melds of at most ``size`` cards, none included."""
    unions: set[int] = set()

    def grow(start: int, used: int) -> None:
        unions.add(used)
        room = size - used.bit_count()
        for place in range(start, len(melds)):
            meld = melds[place]
            if not meld & used and meld.bit_count() <= room:
                grow(place + 1, used | meld)

    grow(0, 0)
    return unions


@attrs.frozen
class _Loose:
    """The cards (a bit each, with its value) that may lie in no meld, highest value first."""

    cards: tuple[tuple[int, int], ...]
    knock: int
    spare: bool

    def outside(self, melded: int, required: int, need: int) -> Iterator[int]:
        """The sets of ``need`` cards outside ``melded``, holding ``required``, worth at most the knock card.

        With ``spare``, the highest of them is not counted (the discard).
        """
        cards, knock, spare = self.cards, self.knock, self.spare

        def pick(start: int, chosen: int, count: int, points: int) -> Iterator[int]:
            if count == need:
                if not required & ~chosen:
                    yield chosen
                return
            for step in range(start, len(cards)):
                bit, value = cards[step]
                if bit & melded:
                    continue
                free = spare and count == 0  # the highest card of the loose ones
                worth = points if free else points + value
                if worth <= knock:
                    yield from pick(step + 1, chosen | bit, count + 1, worth)
                if bit & required:
                    break  # leaving it out leaves it out of every later pick

        return pick(0, 0, 0, 0)
