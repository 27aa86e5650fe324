"""The new meld after a deep pickup: the card with two held naturals, and where a wild taken stands.

End of the Page takes a card from below the top of the pile only to meld it
at once with two natural cards held before, the three making the set or run
by themselves (EOP-6). :func:`holds_three` says whether a meld, as laid,
holds the card so. The card taken may be a wild (EOP-R6); it then stands
where it makes the set or run with the two naturals, and
:func:`pickup_layout` lays the meld so. Elsewhere the wilds of one rank lie
in card order (:meth:`~rummyrules.melds.Meld.wilds_in_order`): which of two
such wilds stands where changes nothing for any rule or score, except this
one.

>>> from rummyrules import EndOfThePage, parse_cards
>>> from rummyrules.core.cards import Card, Rank
>>> meld = EndOfThePage().check_meld("8C 9C 3D=10C JC QC 3S=KC", wild="3").melds[0]
>>> str(meld.wilds_in_order())
'8C 9C 3S=10C JC QC 3D=KC'
>>> taken, *held = parse_cards("3D 8C 9C")
>>> str(pickup_layout(meld, taken, held, Rank.THREE))
'8C 9C 3D=10C JC QC 3S=KC'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs

from rummyrules.core.cards import Card, Rank
from rummyrules.melds.meld import Meld, MeldKind, is_wild

__all__ = ["holds_three", "pickup_layout"]


def pickup_layout(
    meld: Meld, card: Card, support: Sequence[Card], wild: Rank | None
) -> Meld:
    """The meld as a deep pickup of ``card`` lays it (EOP-6, EOP-R6).

    Its wilds lie in card order (:meth:`~rummyrules.melds.Meld.wilds_in_order`),
    unless ``card`` is a wild that does not stand beside two natural cards of
    ``support`` there: it then takes the first place, in table order, where
    it makes the set or run with two of them, and the other wilds keep card
    order in the places left. A meld that holds the card so nowhere is
    given back in card order (the pickup refuses it).

    >>> from rummyrules import EndOfThePage, parse_cards
    >>> meld = EndOfThePage().check_meld("8C 9C 3D=10C JC", wild="3").melds[0]
    >>> taken, *held = parse_cards("3D 8C 9C")
    >>> pickup_layout(meld, taken, held, Rank.THREE) == meld
    True
    """
    ordered = meld.wilds_in_order()
    if not is_wild(card, wild) or card not in ordered.cards:
        return ordered
    held = Counter(support)
    if holds_three(ordered, card, held, wild):
        return ordered
    places = [
        at for at, meaning in enumerate(ordered.stands_for) if meaning is not None
    ]
    others = [ordered.cards[at] for at in places]
    others.remove(card)  # the others stay in card order
    for at in places:
        rest = iter(others)
        cards = list(ordered.cards)
        for place in places:
            cards[place] = card if place == at else next(rest)
        moved = attrs.evolve(ordered, cards=tuple(cards))
        if holds_three(moved, card, held, wild):
            return moved
    return ordered


def holds_three(meld: Meld, card: Card, held: Counter[Card], wild: Rank | None) -> bool:
    """Whether the meld holds the card with two held naturals that meld with it.

    In a set any two naturals of the set do; in a run, the two on one side of
    the card or one on each side, since the run's places are consecutive.

    >>> from rummyrules import EndOfThePage, parse_cards
    >>> meld = EndOfThePage().check_meld("9D 10D JD QD").melds[0]
    >>> card, *held = parse_cards("10D 9D JD")
    >>> holds_three(meld, card, Counter(held), None)
    True
    """
    cards = meld.cards
    natural = [not is_wild(other, wild) for other in cards]
    for place in (i for i, other in enumerate(cards) if other == card):
        if meld.kind is MeldKind.SET:
            others = [i for i in range(len(cards)) if i != place]
            pairs = [(i, j) for i in others for j in others if i < j]
        else:
            pairs = [
                (place - 2, place - 1),
                (place - 1, place + 1),
                (place + 1, place + 2),
            ]
        for i, j in pairs:
            if i < 0 or j >= len(cards) or not (natural[i] and natural[j]):
                continue
            if Counter((cards[i], cards[j])) <= held:
                return True
    return False
