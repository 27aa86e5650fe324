"""Every valid reading of some cards as one meld (MELD-2 … MELD-5).

>>> from rummyrules import EndOfThePage, parse_cards
>>> rules = EndOfThePage().meld_rules
>>> [str(meld) for meld in readings(parse_cards("7S 5H 9S"), rules, wild=Rank.FIVE)]
['7S 5H=8S 9S']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import product
from typing import Final

from rummyrules.core.cards import BY_RANK_AND_SUIT, Card, Rank, Suit, card_key
from rummyrules.melds.meld import Declaration, Meld, MeldKind, MeldRules

__all__ = ["readings", "split_wilds"]

_CARD: Final = BY_RANK_AND_SUIT
_card_key: Final = card_key


def _wild_key(item: tuple[Card, Declaration | None]) -> int:
    return _card_key(item[0])


def split_wilds(
    cards: Sequence[Card],
    wild: Rank | None,
    declared: Sequence[Declaration | None] | None,
) -> tuple[list[Card], list[tuple[Card, Declaration | None]]] | None:
    """Separate natural cards from wild ones, with their declarations.

    None when a natural card carries a declaration: only wilds stand for
    something else (MELD-5).

    >>> from rummyrules import parse_cards
    >>> naturals, wilds = split_wilds(parse_cards("7S 5H 9S"), Rank.FIVE, None)
    >>> (
    ...     [str(card) for card in naturals],
    ...     [(str(card), meaning) for card, meaning in wilds],
    ... )
    (['7S', '9S'], [('5H', None)])
    """
    naturals: list[Card] = []
    wilds: list[tuple[Card, Declaration | None]] = []
    if declared is None:
        for card in cards:
            if card.rank is None or card.rank is wild:
                wilds.append((card, None))
            else:
                naturals.append(card)
        return naturals, wilds
    for card, meaning in zip(cards, declared, strict=True):
        if card.rank is None or card.rank is wild:
            wilds.append((card, meaning))
        elif meaning is not None:
            return None
        else:
            naturals.append(card)
    return naturals, wilds


def readings(
    cards: Sequence[Card],
    meld_rules: MeldRules,
    *,
    wild: Rank | None = None,
    declared: Sequence[Declaration | None] | None = None,
) -> tuple[Meld, ...]:
    """Every valid reading of these cards as one meld, in table order.

    ``declared`` may give, card by card, what each wild stands for; a reading
    must then agree with every declaration (MELD-5). The order of ``cards``
    does not matter. An empty answer means the cards are no meld; :func:`~rummyrules.melds.explain.check`
    says why.

    >>> from rummyrules import GoingOutRummy, parse_cards
    >>> rules = GoingOutRummy().meld_rules
    >>> [str(meld) for meld in readings(parse_cards("4C 5C *"), rules)]
    ['*=3C 4C 5C', '4C 5C *=6C']
    """
    if len(cards) < 3:
        return ()
    split = split_wilds(cards, wild, declared)
    if split is None:
        return ()
    naturals, wilds = split
    if len(naturals) < meld_rules.min_naturals:
        return ()
    if not wilds:
        return _natural_readings(naturals, meld_rules)
    found = _run_readings(naturals, wilds, meld_rules)
    as_set = _set_reading(naturals, wilds, meld_rules)
    if as_set is not None:
        found.insert(0, as_set)
    return tuple(found)


def _natural_readings(naturals: list[Card], meld_rules: MeldRules) -> tuple[Meld, ...]:
    """The readings of a meld without wilds: one set, or one run at most."""
    first = naturals[0]
    count = len(naturals)
    if all(card.rank is first.rank for card in naturals):
        as_set = tuple(sorted(naturals, key=_card_key))
        return (Meld(kind=MeldKind.SET, cards=as_set, stands_for=(None,) * count),)
    if any(card.suit is not first.suit for card in naturals):
        return ()
    distinct = count == len({card.rank for card in naturals})
    if not distinct and not (
        meld_rules.ace_at_both_ends and _ranks_fit(naturals, meld_rules)
    ):
        return ()  # a run holds each rank once (an Ace never at both ends)
    places = meld_rules.places
    found: list[Meld] = []
    # More than one placement only where an Ace may stand low or high.
    for placement in product(*(places[card.rank] for card in naturals if card.rank)):
        low = min(placement)
        if max(placement) - low + 1 == count and (
            distinct or len(set(placement)) == count
        ):
            in_order = [first] * count
            for card, position in zip(naturals, placement, strict=True):
                in_order[position - low] = card
            as_run = tuple(in_order)
            found.append(
                Meld(kind=MeldKind.RUN, cards=as_run, stands_for=(None,) * count)
            )
    return tuple(found)


def _set_reading(
    naturals: list[Card],
    wilds: list[tuple[Card, Declaration | None]],
    meld_rules: MeldRules,
) -> Meld | None:
    rank: Rank | None = naturals[0].rank if naturals else None
    for card in naturals:
        if card.rank is not rank:
            return None
    if meld_rules.wild_gap and len(wilds) > len(naturals) // meld_rules.wild_gap + 1:
        return None
    for _, meaning in wilds:
        if meaning is None:
            continue
        declared_rank = meaning if isinstance(meaning, Rank) else meaning.rank
        if rank is None:
            rank = declared_rank
        elif declared_rank is not rank:
            return None
    ordered_wilds = sorted(wilds, key=_wild_key)
    return Meld(
        kind=MeldKind.SET if rank is not None else MeldKind.WILD,
        cards=tuple(sorted(naturals, key=_card_key))
        + tuple(card for card, _ in ordered_wilds),
        stands_for=(None,) * len(naturals) + (rank,) * len(wilds)
        if rank is not None and wilds
        else (None,) * (len(naturals) + len(wilds)),
    )


def _ranks_fit(naturals: Iterable[Card], meld_rules: MeldRules) -> bool:
    """Whether no rank comes more often than it has places on the ladder."""
    held = Counter(card.rank for card in naturals)
    return all(
        rank is not None and count <= len(meld_rules.places[rank])
        for rank, count in held.items()
    )


_Anchor = tuple[Card, Rank, Declaration | None]
"""A card whose place in a run is fixed: a natural, or a declared wild."""


def _run_anchors(
    naturals: list[Card], wilds: list[tuple[Card, Declaration | None]]
) -> tuple[Suit, list[_Anchor], list[Card]] | None:
    """The run's suit, its anchored cards and its free wilds; None if no run."""
    suit: Suit | None = naturals[0].suit if naturals else None
    anchors: list[_Anchor] = []
    for card in naturals:
        if card.suit is not suit or card.rank is None:
            return None
        anchors.append((card, card.rank, None))
    free: list[Card] = []
    for card, meaning in wilds:
        if meaning is None:
            free.append(card)
        elif isinstance(meaning, Rank):
            anchors.append((card, meaning, meaning))
        elif meaning.rank is None or (suit is not None and meaning.suit is not suit):
            return None
        else:
            suit = meaning.suit
            anchors.append((card, meaning.rank, meaning))
    if suit is None:
        return None  # all wild and undeclared: the open set reading covers it
    free.sort(key=_card_key)
    return suit, anchors, free


def _run_readings(
    naturals: list[Card],
    wilds: list[tuple[Card, Declaration | None]],
    meld_rules: MeldRules,
) -> list[Meld]:
    found: list[Meld] = []
    if len(naturals) + len(wilds) > meld_rules.longest_run:
        return found  # cheap for any length of list: no run is this long
    anchored = _run_anchors(naturals, wilds)
    if anchored is None:
        return found
    suit, anchors, free = anchored
    ladder = meld_rules.run_ranks
    longest = meld_rules.longest_run
    places = meld_rules.places
    for placement in product(*(places[rank] for _, rank, _ in anchors)):
        if len(set(placement)) < len(placement):
            continue
        low, high = min(placement), max(placement)
        extra = len(free) - (high - low + 1 - len(placement))
        by_position = dict(zip(placement, anchors, strict=True))
        # Spare wilds extend the run; try every split between its two ends.
        for below in range(extra, -1, -1):
            start, end = low - below, high + extra - below
            if start >= 0 and end < len(ladder) and end - start + 1 <= longest:
                meld = _lay_run(
                    range(start, end + 1), by_position, free, suit, meld_rules
                )
                if meld is not None:
                    found.append(meld)
    return found


def _lay_run(
    span: range,
    by_position: dict[int, _Anchor],
    free: list[Card],
    suit: Suit,
    meld_rules: MeldRules,
) -> Meld | None:
    """The run over ``span``, the free wilds filling its holes in order."""
    cards: list[Card] = []
    meanings: list[Declaration | None] = []
    free_iter = iter(free)
    last_wild = -99
    for position in span:
        anchor = by_position.get(position)
        if anchor is not None and anchor[2] is None:
            cards.append(anchor[0])
            meanings.append(None)
            continue
        if position - last_wild <= meld_rules.wild_gap:
            return None
        last_wild = position
        cards.append(anchor[0] if anchor is not None else next(free_iter))
        meanings.append(_CARD[(meld_rules.run_ranks[position], suit)])
    return Meld(kind=MeldKind.RUN, cards=tuple(cards), stands_for=tuple(meanings))
