"""Searching a hand: every meld it can make, every lay-off onto a meld (MELD-6).

Bots and front ends list a player's options with these; the meld rules
themselves are in :mod:`rummyrules.melds`, and the engine that cuts a hand
into pieces to search for its melds in :mod:`rummyrules.melds.pieces`.

>>> from rummyrules import EndOfThePage, parse_cards
>>> rules = EndOfThePage().meld_rules
>>> [str(meld) for meld in find_melds(parse_cards("JS QS KS KH KD"), rules)]
['KS KH KD', 'JS QS KS']
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from itertools import chain
from typing import Final

import attrs

from rummyrules.core.cards import BY_CODE, WILDCARD_CODE, Card, Rank, Suit, card_key
from rummyrules.melds.codes import (
    MeldCode,
    code_meaning,
    code_meld,
    code_rank,
    code_rules,
    meaning_code,
    meld_code,
    rank_code,
    rules_code,
)
from rummyrules.melds.meld import (
    Declaration,
    Meld,
    MeldKind,
    MeldRules,
    declaration_key,
    is_wild,
)
from rummyrules.melds.pieces import meld_pieces, piece_melds
from rummyrules.melds.reading import readings

__all__ = [
    "LayOffOption",
    "card_codes",
    "card_lay_offs",
    "code_card",
    "could_fit",
    "find_lay_offs",
    "find_melds",
    "fit_mask",
    "new_meaning",
]

_card_key: Final = card_key


@attrs.frozen
class LayOffOption:
    """One card laid off onto a meld on the table (MELD-6), and the meld after.

    >>> from rummyrules import EndOfThePage, parse_cards
    >>> from rummyrules.melds.search import find_lay_offs
    >>> rules = EndOfThePage()
    >>> meld = rules.check_meld("7S 8S 9S").melds[0]
    >>> [
    ...     str(lay.meld)
    ...     for lay in find_lay_offs(parse_cards("10S"), meld, rules.meld_rules)
    ... ]
    ['7S 8S 9S 10S']
    """

    card: Card
    stands_for: Declaration | None = attrs.field(eq=declaration_key)
    meld: Meld


_SUITS: Final = tuple(Suit)
_SUIT_INDEX: Final[dict[Suit | None, int]] = {
    suit: index for index, suit in enumerate(_SUITS)
}
# A card's code, rank * 4 + suit, sorts as card_key does; WILDCARD comes last.
_WILDCARD_CODE: Final = WILDCARD_CODE
_BY_CODE: Final = BY_CODE
_RANK_MASK: Final = (1 << len(_SUITS)) - 1
_ALL_CODES: Final = sum(1 << code for code in _BY_CODE)


def card_codes(cards: Iterable[Card]) -> list[int]:
    """Each card as a small integer, in the order given: rank * 4 + suit.

    The codes sort as :func:`~rummyrules.card_key` does, a WILDCARD last, so a
    set of cards fits in the bits of one integer (see :func:`fit_mask`).

    >>> from rummyrules import parse_cards
    >>> card_codes(parse_cards("AS 2H KC *")), code_card(55)
    ([4, 9, 55, 56], Card(rank=Rank.KING, suit=Suit.CLUBS))
    """
    return [*map(int, cards)]  # a card is its code


def code_card(code: int) -> Card:
    """The card with this code (see :func:`card_codes`).

    >>> str(code_card(4)), str(code_card(56))
    ('AS', '*')
    """
    return _BY_CODE[code]


def fit_mask(meld: Meld, meld_rules: MeldRules, wild: Rank | None) -> int:
    """The cards :func:`could_fit` lets through, as one bit per card code.

    ANDed with a hand's bits, it rules out in one step every card that could
    not be laid off on the meld. Memoised on the meld's code.

    >>> from rummyrules import EndOfThePage
    >>> rules = EndOfThePage()
    >>> mask = fit_mask(rules.check_meld("7S 8S 9S").melds[0], rules.meld_rules, None)
    >>> [str(code_card(code)) for code in _BY_CODE if mask >> code & 1]
    ['6S', '10S', '*']
    """
    return _fit_mask(meld_code(meld), rules_code(meld_rules), rank_code(wild))


@functools.lru_cache(maxsize=1 << 12)
def _fit_mask(code: MeldCode, rules: int, wild_code: int) -> int:
    # could_fit's test, card by card, worked out on the bits at once; on
    # integers only, so that the collector never walks the memo.
    meld = code_meld(code)
    meld_rules = code_rules(rules)
    wild = code_rank(wild_code)
    mask = 1 << _WILDCARD_CODE
    if wild is not None:
        mask |= _RANK_MASK << (wild * 4)
    if meld.kind is MeldKind.SET:
        rank = meld.rank
        return mask if rank is None else mask | _RANK_MASK << (rank * 4)
    if meld.kind is not MeldKind.RUN:
        return _ALL_CODES
    index = _SUIT_INDEX[meld.suit]
    for end, step in (
        (meld.stands_for[0] or meld.cards[0], -1),
        (meld.stands_for[-1] or meld.cards[-1], 1),
    ):
        if isinstance(end, Card) and end.rank is not None:
            for place in meld_rules.places[end.rank]:
                if 0 <= place + step < len(meld_rules.run_ranks):
                    mask |= 1 << (meld_rules.run_ranks[place + step] * 4 + index)
    return mask


def find_melds(
    hand: Iterable[Card], meld_rules: MeldRules, *, wild: Rank | None = None
) -> tuple[Meld, ...]:
    """Every valid meld the hand can make, each reading of its wilds listed.

    Identical cards (the same rank and suit from different decks) give one
    result, not several. A meld of wild cards only is listed once, its
    meaning left open (:attr:`~rummyrules.MeldKind.WILD`).

    >>> from rummyrules import EndOfThePage, parse_cards
    >>> rules = EndOfThePage().meld_rules
    >>> [
    ...     str(m)
    ...     for m in find_melds(parse_cards("7S 8S 9S 9H 5H"), rules, wild=Rank.FIVE)
    ... ]
    ['9S 9H 5H=9', '5H=6S 7S 8S', '5H=6S 7S 8S 9S', '5H=7S 8S 9S', '7S 5H=8S 9S', '7S 8S 9S', '7S 8S 5H=9S', '7S 8S 9S 5H=10S', '8S 9S 5H=10S']
    """
    pieces = meld_pieces(hand, meld_rules, wild=wild)
    return tuple(chain.from_iterable(map(piece_melds, pieces)))


def find_lay_offs(
    hand: Iterable[Card],
    meld: Meld,
    meld_rules: MeldRules,
    *,
    wild: Rank | None = None,
) -> tuple[LayOffOption, ...]:
    """Every valid way to lay one card of the hand off onto a meld (MELD-6).

    The meld's own wild cards keep their meanings (EOP-R5); a wild laid off
    may have several (either end of a run). Identical cards give one result.

    >>> from rummyrules import EndOfThePage, parse_cards
    >>> rules = EndOfThePage()
    >>> meld = rules.check_meld("7S 8S 9S").melds[0]
    >>> hand = parse_cards("5H 6S")
    >>> [
    ...     str(lay.meld)
    ...     for lay in find_lay_offs(hand, meld, rules.meld_rules, wild=Rank.FIVE)
    ... ]
    ['5H=6S 7S 8S 9S', '7S 8S 9S 5H=10S', '6S 7S 8S 9S']
    """
    fits = could_fit(meld, meld_rules, wild)
    return tuple(
        option
        for card in sorted(set(hand), key=_card_key)
        if fits(card)
        for option in card_lay_offs(card, meld, meld_rules, wild)
    )


def card_lay_offs(
    card: Card, meld: Meld, meld_rules: MeldRules, wild: Rank | None
) -> tuple[LayOffOption, ...]:
    """Every way to lay this one card off onto the meld (see :func:`find_lay_offs`).

    Memoised, on codes: a meld stays on the table for many turns, and the
    same cards are offered to it again and again. Most are refused at once,
    by :func:`fit_mask`, and an empty answer makes nothing.

    >>> from rummyrules import FourteenHundred, parse_cards
    >>> rules = FourteenHundred()
    >>> meld = rules.check_meld("7S 8S 9S").melds[0]
    >>> len(card_lay_offs(parse_cards("5H")[0], meld, rules.meld_rules, Rank.FIVE))
    2
    """
    code = meld_code(meld)
    rules = rules_code(meld_rules)
    wild_code = -1 if wild is None else int(wild)
    # Most cards offered cannot fit the meld at all (could_fit): they are
    # refused on the meld's fit mask, and take no room in the memo.
    if not _fit_mask(code, rules, wild_code) >> card & 1:
        return ()
    found = _lay_off_codes(int(card), code, rules, wild_code)
    if not found:
        return ()
    return tuple(
        LayOffOption(
            card=card, stands_for=code_meaning(code[0]), meld=code_meld(code[1:])
        )
        for code in found
    )


@functools.lru_cache(maxsize=1 << 15)
def _lay_off_codes(
    card_code: int, code: MeldCode, rules: int, wild_code: int
) -> tuple[tuple[int, ...], ...]:
    """Each lay-off of :func:`card_lay_offs`: the card's meaning, then the meld's code."""
    card = _BY_CODE[card_code]
    meld = code_meld(code)
    meld_rules = code_rules(rules)
    wild = code_rank(wild_code)
    fixed = (*meld.stands_for, None)
    found = readings((*meld.cards, card), meld_rules, wild=wild, declared=fixed)
    if meld.kind is MeldKind.WILD and not is_wild(card, wild):
        # A meld of wilds left open becomes a set of the first natural card
        # laid off on it: a run would need its wilds declared (F14-R8).
        found = tuple(after for after in found if after.kind is MeldKind.SET)
    return tuple(
        (meaning_code(new_meaning(meld, after, card, wild)), *meld_code(after))
        for after in found
    )


def could_fit(
    meld: Meld, meld_rules: MeldRules, wild: Rank | None
) -> Callable[[Card], bool]:
    """A quick test that rules out most cards before the full lay-off check.

    A natural card can only join a set of its rank, or a run of its suit at
    one of the two places beside its ends; wild cards, and melds of wilds
    left open, get the full check. The test is :func:`fit_mask`'s bits.

    >>> from rummyrules import EndOfThePage, parse_cards
    >>> rules = EndOfThePage()
    >>> fits = could_fit(rules.check_meld("7S 8S 9S").melds[0], rules.meld_rules, None)
    >>> [fits(card) for card in parse_cards("6S 10S 7H JS")]
    [True, True, False, False]
    """
    mask = fit_mask(meld, meld_rules, wild)
    return lambda card: bool(mask >> card & 1)  # a card is its code


def new_meaning(
    before: Meld, after: Meld, card: Card, wild: Rank | None
) -> Declaration | None:
    """What the laid-off card stands for in the meld after the lay-off.

    >>> from rummyrules import FourteenHundred, parse_cards
    >>> rules = FourteenHundred()
    >>> before = rules.check_meld("7S 8S 9S").melds[0]
    >>> after = rules.check_meld("7S 8S 9S 5H=10S", wild="5").melds[0]
    >>> print(new_meaning(before, after, parse_cards("5H")[0], Rank.FIVE))
    10S
    """
    if not is_wild(card, wild) or after.kind is MeldKind.WILD:
        return None
    if after.kind is MeldKind.SET:
        return after.rank
    (meaning,) = set(after.stands_for) - set(before.stands_for) - {None}
    return meaning
