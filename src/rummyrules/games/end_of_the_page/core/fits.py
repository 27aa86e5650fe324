"""What fits each meld on the table, worked out on meld codes (EOP-9).

A meld lies on the table for many turns while hand after hand is offered to
it, and changes only when a card is laid off on it. So the core value holds,
for the table (:data:`TableFits`), each meld's key (its code, place and the
rules) with the cards that fit it, exactly, as one bit per card code, and
who is down: a hand's lay-offs start from one mask test. What a card does to
a meld (:func:`card_lays`: its actions, one a meaning of a wild, and the
code of the meld each one makes) is worked out on the codes, in the order
the library's search gives (:func:`rummyrules.melds.search.card_lay_offs`:
a set's reading, then a run's with the wild at its low end, then at its
high end), and kept by the meld's key: integers only, which the collector
does not walk. Meld rules other than End of the Page's kind (a run's Ace at
both ends, a meld of wilds alone) are asked of the library's search.

>>> from rummyrules import Card, EndOfThePage
>>> from rummyrules.games.end_of_the_page.core.codes import move_of
>>> from rummyrules.melds.codes import meld_code
>>> rules = EndOfThePage()
>>> kings = meld_code(rules.check_meld("KH KD KC").melds[0])
>>> table = with_meld(
...     NO_FITS, kings, 1, owner=1, meld_rules=rules.meld_rules, wild=None
... )
>>> [str(move_of(a)) for a in card_lays(table, 1, int(Card.parse("KS")))[0]]
['lay KS on 1']
"""

from __future__ import annotations

import itertools
from typing import Final

from rummyrules.core.cards import BY_CODE, Rank
from rummyrules.game.table import TableMeld
from rummyrules.games.end_of_the_page.core.codes import LAY
from rummyrules.melds import MeldKind, MeldRules
from rummyrules.melds import search as meld_search
from rummyrules.melds.codes import (
    MeldCode,
    code_meld,
    code_rank,
    code_rules,
    meaning_code,
    meld_code,
    rank_code,
    rules_code,
)

__all__ = [
    "NO_FITS",
    "CardLays",
    "MeldKey",
    "TableFits",
    "card_lays",
    "fits_card",
    "lay_offs",
    "table_fits",
    "with_meld",
]

MeldKey = tuple[MeldCode, int, int, int]
"""A meld on the table: its code, its number (from 1), its rules' and wild's codes."""
TableFits = tuple[tuple[tuple[MeldKey, int, int], ...], int, int]
"""Each meld's key, the cards that fit it and its memo's number in table order, the cards ORed,
and a bit per player down."""
CardLays = tuple[tuple[int, ...], tuple[MeldCode, ...], tuple[tuple[int, ...], ...]]
"""A card's lay-off actions on one meld, the code of the meld each one makes, and
for each card of that meld the place it had before (-1: the card laid), whose
player it keeps (:meth:`~rummyrules.game.table.TableMeld.with_card`)."""
Lays = tuple[tuple[int, ...], tuple[MeldCode, ...]]
"""A card's lay-off actions on a meld wherever it lies, and the codes of the melds they make."""
Ladder = tuple[int, tuple[int, ...], tuple[int, ...], int]
"""Meld rules as ints: the wild gap, each library rank's run place (-1: none),
each place's rank, the longest run."""

NO_FITS: Final[TableFits] = ((), 0, 0)
"""An empty table: nothing fits, nobody is down (EOP-9)."""
_NONE: Final[CardLays] = ((), (), ())
_NO_LAYS: Final[Lays] = ((), ())
_SET: Final = list(MeldKind).index(MeldKind.SET)
_RUN: Final = list(MeldKind).index(MeldKind.RUN)
_RANK_BASE: Final = 64  # a meaning that is a rank: 64 plus the rank (melds/codes.py)
_SUITS: Final = 0b1111  # a rank's four cards, from its code rank * 4

_LEARNED: dict[int, dict[int, CardLays]] = {}
"""Each meld's cards worked out so far, by the meld's number in :data:`_IDENTS`: a card's lay-offs."""
_IDENTS: dict[MeldKey, int] = {}
"""A number for each meld key met (a key is long to hash; the number is looked up once a meld)."""
_COUNT: Final = itertools.count(
    1
)  # never reused: a number forgotten names no other meld
_LADDERS: dict[int, Ladder | None] = {}
"""Each meld rules' ladder, by their code; None where the library's search answers."""
_LIMIT: Final = 1 << 13  # emptied when full: forgetting costs a fresh working out


def _ladder(rules: int) -> Ladder | None:
    if rules in _LADDERS:
        return _LADDERS[rules]
    meld_rules = code_rules(rules)
    ladder: Ladder | None = None
    if not meld_rules.ace_at_both_ends and meld_rules.min_naturals >= 2:
        places = [-1] * 16
        for place, rank in enumerate(meld_rules.run_ranks):
            places[int(rank)] = place
        ranks = tuple([int(rank) for rank in meld_rules.run_ranks])
        ladder = (meld_rules.wild_gap, tuple(places), ranks, meld_rules.longest_run)
    _LADDERS[rules] = ladder
    return ladder


def card_lays(table: TableFits, number: int, code: int) -> CardLays:
    """The lay-offs of the card with ``code`` on the ``number``-th meld (EOP-9).

    >>> from rummyrules import Card, EndOfThePage
    >>> from rummyrules.melds.codes import meld_code
    >>> rules = EndOfThePage()
    >>> run = meld_code(rules.check_meld("7S 8S 9S").melds[0])
    >>> table = with_meld(
    ...     NO_FITS, run, 1, owner=0, meld_rules=rules.meld_rules, wild=None
    ... )
    >>> card_lays(table, 1, int(Card.parse("2C")))
    ((), (), ())
    """
    key, fits, ident = table[0][number - 1]
    if not fits >> code & 1:
        return _NONE
    learned = _LEARNED.get(ident)
    if learned is None:
        learned = _learning(ident)
    found = learned.get(code)
    if found is None:
        found = _learn(learned, key, code)
    return found


def _learning(ident: int) -> dict[int, CardLays]:
    """A new meld's memo of its cards' lay-offs."""
    if len(_LEARNED) >= _LIMIT:
        _LEARNED.clear()
    learned: dict[int, CardLays] = {}
    _LEARNED[ident] = learned
    return learned


def _learn(learned: dict[int, CardLays], key: MeldKey, code: int) -> CardLays:
    """Work out a card's lay-offs on a meld, and keep them in its memo."""
    meld, number, rules, wild = key
    ladder = _ladder(rules)
    if ladder is None or meld[0] not in (_SET, _RUN):
        found = _searched(meld, code, rules, wild)
    else:
        found = _laid(meld, code, wild, ladder)
    number_bits = number << 9
    lays = (
        tuple([action | number_bits for action in found[0]]),
        found[1],
        tuple([_credits(meld, after) for after in found[1]]),
    )
    learned[code] = lays
    return lays


def _credits(before: MeldCode, after: MeldCode) -> tuple[int, ...]:
    """Each card of ``after``: its place in ``before`` (-1 for the card laid off).

    The cards are matched as :meth:`~rummyrules.game.table.TableMeld.with_card`
    matches them: in order, each to the first one left with its card and
    meaning (its card alone where the lay-off changed the meld's kind).
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


def _laid(meld: MeldCode, card: int, wild: int, ladder: Ladder) -> Lays:
    """A card's lay-offs on a set or run, on codes, as the library reads them (MELD-6, EOP-8)."""
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


def _fits(meld: MeldCode, wild: int, ladder: Ladder) -> int:
    """The cards that may be laid off on a set or run, as bits of their codes."""
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


def _searched(meld: MeldCode, code: int, rules: int, wild: int) -> Lays:
    """A card's lay-offs on a meld by the library's search (rules the codes do not read)."""
    options = meld_search.card_lay_offs(
        BY_CODE[code], code_meld(meld), code_rules(rules), code_rank(wild)
    )
    actions = tuple(
        [
            LAY | code << 3 | (meaning_code(option.stands_for) + 1) << 25
            for option in options
        ]
    )
    return actions, tuple([meld_code(option.meld) for option in options])


def fits_card(table: TableFits, code: int) -> bool:
    """Whether the card with ``code`` may be laid off on some meld on the table (EOP-9).

    >>> from rummyrules import Card, EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
    >>> table = table_fits(game.melds, game.rules.meld_rules, game.wild)
    >>> fits_card(table, int(Card.parse("KS"))), fits_card(table, int(Card.parse("QS")))
    (True, False)
    """
    if not table[1] >> code & 1:
        return False
    return any(
        card_lays(table, number, code)[0] for number in range(1, len(table[0]) + 1)
    )


def lay_offs(table: TableFits, held: int, found: list[int]) -> int:
    """Add the lay-offs of the ``held`` cards (codes as bits) to ``found``; the cards that fit.

    Meld by meld in table order, each meld's cards in code order: the
    machine's order (EOP-9).

    >>> from rummyrules import Card, EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
    >>> table = table_fits(game.melds, game.rules.meld_rules, game.wild)
    >>> found: list[int] = []
    >>> lay_offs(table, 1 << int(Card.parse("KS")), found) > 0, len(found)
    (True, 1)
    """
    held &= table[1]
    if not held:
        return 0
    fits = 0
    memos = _LEARNED
    for key, candidates, ident in table[0]:
        hits = held & candidates
        if not hits:
            continue
        learned = memos.get(ident)
        if learned is None:
            learned = _learning(ident)
        while hits:
            low = hits & -hits
            hits ^= low
            code = low.bit_length() - 1
            lays = learned.get(code)
            if lays is None:
                lays = _learn(learned, key, code)
            if lays[0]:
                fits |= low
                found += lays[0]
    return fits


def table_fits(
    melds: tuple[TableMeld, ...], meld_rules: MeldRules, wild: Rank | None
) -> TableFits:
    """The :data:`TableFits` of a whole table, meld by meld.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
    >>> infos, fits, down = table_fits(game.melds, game.rules.meld_rules, game.wild)
    >>> len(infos), down
    (1, 2)
    """
    table = NO_FITS
    for number, table_meld in enumerate(melds, start=1):
        table = with_meld(
            table,
            meld_code(table_meld.meld),
            number,
            owner=table_meld.owner,
            meld_rules=meld_rules,
            wild=wild,
        )
    return table


def with_meld(  # noqa: PLR0913 - a meld, its place and owner, and the rules it is read by
    table: TableFits,
    meld: MeldCode,
    number: int,
    *,
    owner: int,
    meld_rules: MeldRules,
    wild: Rank | None,
) -> TableFits:
    """The table's fits after its ``number``-th meld (a new one, or one laid on) has this code.

    >>> from rummyrules import EndOfThePage
    >>> from rummyrules.melds.codes import meld_code
    >>> rules = EndOfThePage()
    >>> kings = meld_code(rules.check_meld("KH KD KC").melds[0])
    >>> with_meld(NO_FITS, kings, 1, owner=1, meld_rules=rules.meld_rules, wild=None)[2]
    2
    """
    rules = rules_code(meld_rules)
    wild_code = rank_code(wild)
    ladder = _ladder(rules)
    if ladder is not None and meld[0] in (_SET, _RUN):
        fits = _fits(meld, wild_code, ladder)
    else:
        fits = meld_search.fit_mask(code_meld(meld), meld_rules, wild)
    infos = list(table[0])
    key = (meld, number, rules, wild_code)
    ident = _IDENTS.get(key)
    if ident is None:
        if len(_IDENTS) >= _LIMIT:
            _IDENTS.clear()
        ident = _IDENTS[key] = next(_COUNT)
    if number > len(infos):
        infos.append((key, fits, ident))
    else:
        infos[number - 1] = (key, fits, ident)
    union = 0
    for _, mask, _ in infos:
        union |= mask
    return tuple(infos), union, table[2] | 1 << owner
