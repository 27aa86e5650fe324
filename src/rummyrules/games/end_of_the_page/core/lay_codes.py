"""What a card does to a set or run on the table, worked out on meld codes (MELD-6, EOP-8, EOP-9).

A meld's code (:data:`~rummyrules.melds.codes.MeldCode`) says its cards in
table order and what each wild stands for. A card laid off on a set joins
it, the set read sorted (its naturals, then its wilds); on a run it goes at
one end, a wild at the low end first, then the high end, two naturals at
least between two wilds (EOP-8). These are the library search's answers
(:func:`rummyrules.melds.search.card_lay_offs`), in its order, for meld rules
whose runs hold an Ace at one end only and whose melds hold two naturals:
:func:`ladder` reads such rules as ints, and gives None for others.

>>> from rummyrules import Card, EndOfThePage
>>> from rummyrules.melds.codes import code_meld, meld_code, rules_code
>>> rules = EndOfThePage()
>>> run = meld_code(rules.check_meld("7S 8S 9S").melds[0])
>>> found = laid(run, int(Card.parse("5H")), 5, ladder(rules_code(rules.meld_rules)))
>>> [str(code_meld(after)) for after in found[1]]
['5H=6S 7S 8S 9S', '7S 8S 9S 5H=10S']
"""

from __future__ import annotations

from typing import Final

from rummyrules.games.end_of_the_page.core.codes import LAY
from rummyrules.melds import MeldKind
from rummyrules.melds.codes import MeldCode, code_rules

__all__ = ["KINDS", "Ladder", "Lays", "credits", "fit_bits", "ladder", "laid"]

Lays = tuple[tuple[int, ...], tuple[MeldCode, ...]]
"""A card's lay-off actions on a meld wherever it lies (no meld number), and the codes of the melds they make."""
Ladder = tuple[int, tuple[int, ...], tuple[int, ...], int]
"""Meld rules as ints: the wild gap, each library rank's run place (-1: none),
each place's rank, the longest run."""

_SET: Final = list(MeldKind).index(MeldKind.SET)
_RUN: Final = list(MeldKind).index(MeldKind.RUN)
KINDS: Final = (_SET, _RUN)
"""The kinds of meld (their codes) worked out here: sets and runs."""
_NO_LAYS: Final[Lays] = ((), ())
_RANK_BASE: Final = 64  # a meaning that is a rank: 64 plus the rank (melds/codes.py)
_SUITS: Final = 0b1111  # a rank's four cards, from its code rank * 4
_LADDERS: dict[int, Ladder | None] = {}
"""Each meld rules' ladder, by their code; None where the library's search answers."""


def ladder(rules: int) -> Ladder | None:
    """The meld rules with this code (:func:`~rummyrules.melds.codes.rules_code`) as ints; None for rules read otherwise.

    >>> from rummyrules import EndOfThePage
    >>> from rummyrules.melds.codes import rules_code
    >>> gap, places, ranks, longest = ladder(rules_code(EndOfThePage().meld_rules))
    >>> gap, ranks[0], ranks[-1], longest
    (2, 3, 1, 12)
    """
    if rules in _LADDERS:
        return _LADDERS[rules]
    meld_rules = code_rules(rules)
    found: Ladder | None = None
    if not meld_rules.ace_at_both_ends and meld_rules.min_naturals >= 2:
        places = [-1] * 16
        for place, rank in enumerate(meld_rules.run_ranks):
            places[int(rank)] = place
        ranks = tuple([int(rank) for rank in meld_rules.run_ranks])
        found = (meld_rules.wild_gap, tuple(places), ranks, meld_rules.longest_run)
    _LADDERS[rules] = found
    return found


def laid(meld: MeldCode, card: int, wild: int, ladder: Ladder) -> Lays:
    """A card's lay-offs on a set or run, on codes, as the library's search reads them (MELD-6, EOP-8).

    >>> from rummyrules import Card, EndOfThePage
    >>> from rummyrules.melds.codes import meld_code, rules_code
    >>> rules = EndOfThePage()
    >>> kings = meld_code(rules.check_meld("KH KD KC").melds[0])
    >>> laid(kings, int(Card.parse("QS")), 5, ladder(rules_code(rules.meld_rules)))
    ((), ())
    """
    if meld[0] == _SET:
        return _set_lays(meld, card, wild, ladder[0])
    return _run_lays(meld, card, wild, ladder)


def _set_lays(meld: MeldCode, card: int, wild: int, gap: int) -> Lays:
    """A card on a set: a natural of its rank, or a wild within EOP-8; the set read sorted."""
    size = len(meld) >> 1
    cards = meld[1 : size + 1]
    naturals = sorted([c for c in cards if c >> 2 != wild])
    wilds = sorted([c for c in cards if c >> 2 == wild])
    own = naturals[0] >> 2
    meaning = _RANK_BASE + own
    rank = card >> 2
    base = LAY | card << 3
    if rank == own:
        naturals.append(card)
        naturals.sort()
        cause = base  # a natural card: no meaning (-1, plus one)
    elif rank == wild and _set_takes_wild(len(naturals), len(wilds), gap):
        wilds.append(card)
        wilds.sort()
        cause = base | (meaning + 1) << 25
    else:
        return _NO_LAYS
    tail = (-1,) * len(naturals) + (meaning,) * len(wilds)
    return (cause,), ((_SET, *naturals, *wilds, *tail),)


def _run_lays(meld: MeldCode, card: int, wild: int, ladder: Ladder) -> Lays:
    """A card on a run: a natural at either end; a wild at its low end, then its high end."""
    gap, places, ranks, longest = ladder
    size = len(meld) >> 1
    if size + 1 > longest:
        return _NO_LAYS
    cards = meld[1 : size + 1]
    meanings = meld[size + 1 :]
    low, high, suit, first_wild, last_wild = _run_ends(cards, meanings, wild, places)
    rank = card >> 2
    base = LAY | card << 3
    if rank != wild:
        place = places[rank]
        if card & 3 != suit or place < 0:
            return _NO_LAYS
        if place == low - 1:
            return (base,), ((_RUN, card, *cards, -1, *meanings),)
        if place == high + 1:
            return (base,), ((_RUN, *cards, card, *meanings, -1),)
        return _NO_LAYS
    causes: list[int] = []
    afters: list[MeldCode] = []
    start = low - 1
    if start >= 0 and first_wild - start > gap:
        stands = ranks[start] * 4 + suit
        causes.append(base | (stands + 1) << 25)
        afters.append((_RUN, card, *cards, stands, *meanings))
    end = high + 1
    if end < len(ranks) and end - last_wild > gap:
        stands = ranks[end] * 4 + suit
        causes.append(base | (stands + 1) << 25)
        afters.append((_RUN, *cards, card, *meanings, stands))
    return tuple(causes), tuple(afters)


def _set_takes_wild(naturals: int, wilds: int, gap: int) -> bool:
    """EOP-8: a set of ``naturals`` natural cards holds ``wilds + 1`` wilds."""
    return not gap or wilds + 1 <= naturals // gap + 1


def _run_ends(
    cards: MeldCode, meanings: MeldCode, wild: int, places: tuple[int, ...]
) -> tuple[int, int, int, int, int]:
    """A run's first and last places, its suit, and its first and last wilds' places."""
    first_wild = 99
    last_wild = -99
    low = -1
    suit = 0
    for index, card in enumerate(cards):
        meaning = meanings[index]
        named = card if meaning < 0 else meaning
        if low < 0:
            low = places[named >> 2] - index
            suit = named & 3
        if card >> 2 == wild:
            place = low + index
            if first_wild == 99:
                first_wild = place
            last_wild = place
    return low, low + len(cards) - 1, suit, first_wild, last_wild


def fit_bits(meld: MeldCode, wild: int, ladder: Ladder) -> int:
    """The cards that may be laid off on a set or run, exactly, as bits of their codes.

    >>> from rummyrules import EndOfThePage
    >>> from rummyrules.core.cards import BY_CODE
    >>> from rummyrules.melds.codes import meld_code, rules_code
    >>> rules = EndOfThePage()
    >>> run = meld_code(rules.check_meld("QS KS AS").melds[0])
    >>> bits = fit_bits(run, 5, ladder(rules_code(rules.meld_rules)))
    >>> [str(BY_CODE[code]) for code in sorted(BY_CODE) if bits >> code & 1]
    ['5S', '5H', '5D', '5C', 'JS']
    """
    size = len(meld) >> 1
    cards = meld[1 : size + 1]
    wilds_bits = 0 if wild < 0 else _SUITS << (wild * 4)
    gap, places, ranks, longest = ladder
    if meld[0] == _SET:
        naturals = sum([1 for c in cards if c >> 2 != wild])
        own = next(c for c in cards if c >> 2 != wild) >> 2
        fits = _SUITS << (own * 4)
        if _set_takes_wild(naturals, size - naturals, gap):
            fits |= wilds_bits
        return fits
    if size + 1 > longest:
        return 0
    low, high, suit, first_wild, last_wild = _run_ends(
        cards, meld[size + 1 :], wild, places
    )
    fits = 0
    start, end = low - 1, high + 1
    if start >= 0:
        if ranks[start] != wild:
            fits |= 1 << (ranks[start] * 4 + suit)
        if first_wild - start > gap:
            fits |= wilds_bits
    if end < len(ranks):
        if ranks[end] != wild:
            fits |= 1 << (ranks[end] * 4 + suit)
        if end - last_wild > gap:
            fits |= wilds_bits
    return fits


def credits(before: MeldCode, after: MeldCode) -> tuple[int, ...]:
    """Each card of ``after``: its place in ``before`` (-1 for the card laid off).

    The cards are matched as :meth:`~rummyrules.game.table.TableMeld.with_card`
    matches them: in order, each to the first one left with its card and
    meaning (its card alone where the lay-off changed the meld's kind).

    >>> credits((1, 28, 32, 36, -1, -1, -1), (1, 24, 28, 32, 36, -1, -1, -1, -1))
    (-1, 0, 1, 2)
    """
    size = len(before) >> 1
    after_size = len(after) >> 1
    loose = before[0] != after[0]
    waiting = list(range(size))
    found: list[int] = []
    for place in range(1, after_size + 1):
        card, meaning = after[place], after[place + after_size]
        match = -1
        for index, old in enumerate(waiting):
            if before[1 + old] == card and (loose or before[1 + size + old] == meaning):
                match = old
                del waiting[index]
                break
        found.append(match)
    return tuple(found)
