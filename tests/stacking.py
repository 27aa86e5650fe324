"""Stacked decks from card text: the named cards on top, the rest after them."""

from __future__ import annotations

from collections import Counter

from rummyrules import Card, PlayableRules, parse_cards


def stacked(rules: PlayableRules, top: str) -> tuple[Card, ...]:
    """The game's whole deck with these cards on top (top card first).

    The cards not named follow in the deck's own fixed order, so a test
    names only the cards its story needs.
    """
    named = parse_cards(top)
    rest = Counter(rules.deck())
    rest.subtract(named)
    if any(count < 0 for count in rest.values()):
        message = f"the deck does not hold all of {top!r}"
        raise ValueError(message)
    remaining = list(rules.deck())
    for card in named:
        remaining.remove(card)
    return (*named, *remaining)
