"""Wild declarations as players write them: reading them, and the meld's own form (MELD-5).

>>> cards, declared = parse_declared("7S 5H=8S 9S")
>>> str(declared[1])
'8S'
"""

from __future__ import annotations

from typing import Final

from rummyrules.core.cards import BY_RANK_AND_SUIT, Card, Rank, parse_cards
from rummyrules.core.errors import CardParseError
from rummyrules.core.inputs import brief, close_up
from rummyrules.melds.meld import Declaration, Meld, MeldKind

__all__ = ["canonical_declaration", "parse_declared"]


def parse_declared(
    text: str,
) -> tuple[tuple[Card, ...], tuple[Declaration | None, ...]]:
    """Read meld text with optional wild declarations (MELD-5).

    A wild is declared with ``=``: ``5H=8S`` (a card, in a run) or ``3S=4``
    (a rank, in a set). The other form is read too, the way the meld needs
    it (:func:`canonical_declaration`): a card in a set means its rank, a
    bare rank in a run means that rank of the run's suit. A wild stands for
    a rank or a card, never for a WILDCARD.

    >>> cards, declared = parse_declared("7S 5H=8S 9S")
    >>> [str(c) for c in cards], [str(d) if d else None for d in declared]
    (['7S', '5H', '9S'], [None, '8S', None])
    >>> parse_declared("4H 3S=4")[1][1]
    <Rank.FOUR: 4>
    >>> parse_declared("7S 5H=*")
    Traceback (most recent call last):
    ...
    rummyrules.CardParseError: '5H=*': a wild card stands for a rank or a card, not for a WILDCARD
    """
    if "=" not in text:  # nothing declared: read the cards in one step
        plain = parse_cards(text)
        return plain, (None,) * len(plain)
    cards: list[Card] = []
    declared: list[Declaration | None] = []
    # Forgive spaces around the sign: "5H = 8S" is "5H=8S".
    text = close_up(text, "=")
    for token in text.replace(",", " ").split():
        card_text, sign, meaning = token.partition("=")
        if sign and not (card_text and meaning):
            # Else Card.parse would refuse '' and quote nothing of the input.
            message = (
                f"{brief(token)}: '=' stands between a wild card and what it "
                "stands for, as in 5H=8S or 3S=4"
            )
            raise CardParseError(message)
        cards.append(Card.parse(card_text))
        if not sign:
            declared.append(None)
        elif meaning.strip().upper() in _RANK_TEXTS:
            declared.append(Rank.parse(meaning))
        else:
            stands_for = Card.parse(meaning)
            if stands_for.is_wildcard:
                message = (
                    f"{token!r}: a wild card stands for a rank or a card, "
                    "not for a WILDCARD"
                )
                raise CardParseError(message)
            declared.append(stands_for)
    return tuple(cards), tuple(declared)


_RANK_TEXTS: Final = frozenset({str(rank) for rank in Rank} | {"T"})


def canonical_declaration(
    meaning: Declaration | None, meld: Meld
) -> Declaration | None:
    """A wild's declaration as the meld writes it: a rank in a set, a card in a run.

    A player may declare a wild in a set as a card of the set's rank, and a
    wild in a run as a bare rank, meaning that rank of the run's suit; the
    meld reads them so and writes them back this way.

    >>> from rummyrules import EndOfThePage
    >>> run = EndOfThePage().check_meld("JH QH KH").melds[0]
    >>> canonical_declaration(Rank.ACE, run)
    Card(rank=Rank.ACE, suit=Suit.HEARTS)
    >>> a_set = EndOfThePage().check_meld("4H 4D 3S=4", wild="3").melds[0]
    >>> canonical_declaration(Card.parse("4C"), a_set)
    <Rank.FOUR: 4>
    """
    if meld.kind is MeldKind.SET and isinstance(meaning, Card):
        return meaning.rank
    suit = meld.suit
    if suit is not None and isinstance(meaning, Rank):
        return BY_RANK_AND_SUIT[(meaning, suit)]
    return meaning
