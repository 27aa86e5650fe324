"""Lay-offs on integers: what each meld on the table takes, and a hand's lay-offs (MELD-6).

In 1400 a meld on the table is a set or a run (or, under F14-R8's option,
a meld of wilds only), and what it takes is read off its code: a set of a
rank takes every natural card of that rank, and a wild standing for the
rank; a run takes the natural card of its suit just below or just above
it, and a wild standing for either (the lower first), on the ladder
2 … K A (F14-10), with no spacing rule (F14-11). A card of the wild rank
is a wild (MELD-4), even in its own suit's run, where it stands for the
card of the place.

Each meld's answer is kept by its code, as the fit mask (the cards that
fit, as bits of their codes) and each card's lay-off actions, the meld's
number left out: a hand's lay-offs are the library's order, meld by meld,
each in the hand's order. A meld of wilds only, or a set of the wild rank,
is asked of the library's search (:func:`rummyrules.melds.search.card_lay_offs`).

>>> from rummyrules import FourteenHundred
>>> from rummyrules.games.fourteen_hundred.core.codes import move_of
>>> from rummyrules.games.fourteen_hundred.core.value import encode
>>> game = FourteenHundred(players=2).position(
...     "wild 3 | to_move 0 play | hands 8H 4H 3C / KS KD QC | melds 1: 5H 6H 7H"
... )
>>> [
...     str(move_of(a))
...     for a in lay_offs(game.hands[0], game.melds, game.wild, game.rules.meld_rules)
... ]
['lay 3C=4H on 1', 'lay 3C=8H on 1', 'lay 4H on 1', 'lay 8H on 1']
>>> [str(move) for move in game.legal_moves() if str(move).startswith("lay")]
['lay 3C=4H on 1', 'lay 3C=8H on 1', 'lay 4H on 1', 'lay 8H on 1']
"""

from __future__ import annotations

from functools import reduce
from operator import or_
from typing import Final

from rummyrules.core.cards import BY_CODE, Card, Rank
from rummyrules.game.table import TableMeld
from rummyrules.games.fourteen_hundred.core.codes import LAY
from rummyrules.games.fourteen_hundred.core.memos import memo
from rummyrules.melds import Meld, MeldKind, MeldRules
from rummyrules.melds import search as meld_search
from rummyrules.melds.codes import code_meld, meaning_code, meld_code, rules_code

__all__ = [
    "after",
    "code_facts",
    "fits",
    "lay_offs",
    "shape",
    "table_facts",
    "table_mask",
]

_SET: Final = list(MeldKind).index(MeldKind.SET)
_RUN: Final = list(MeldKind).index(MeldKind.RUN)
_PLACE: Final = (-1, 12, *range(12))  # no rank 0; the Ace (1) high, 2 at place 0
_RANK: Final = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1)  # each place's rank
_RANK_BASE: Final = 64  # a meaning that is a rank: 64 plus the rank (melds/codes.py)
_BITS: Final = tuple(1 << code for code in range(64))  # each card code's bit

Shape = tuple[int, dict[int, tuple[int, ...]]]
"""A meld's fit mask (bits of card codes) and each fitting card's lay-off actions."""

_LIMIT: Final = 1 << 12

Facts = tuple[tuple[Shape, ...], int, list[tuple[int, tuple[int, int, int]]]]
"""A table's melds' shapes, the cards that fit any (bits), and its runs by number."""

# The tables lately read, found again by identity: a table stays the same
# tuple from state to state until a meld is laid or changed, and the
# listing of every player and the move played read the same one. Each is
# kept with the table itself, so that its id names no other while kept.
_TABLES: dict[int, tuple[tuple[TableMeld, ...], Rank, MeldRules, Facts]] = {}
_KEEP: Final = 16
# Each meld's shape and run, found again by the meld's identity: a play
# changes one meld of the table at most, so a new table reads one new meld
# and finds the others here (a quarter of the decisions of a random game
# of 1400 with four players make a new table). Kept in the core's memos,
# so that whoever forgets those forgets these.
_Read = tuple[Meld, Rank, MeldRules, Shape, tuple[int, int, int] | None]


def table_facts(
    table: tuple[TableMeld, ...], wild: Rank, meld_rules: MeldRules
) -> Facts:
    """The table's facts (:data:`Facts`), worked out once while the table is at hand.

    >>> from rummyrules import FourteenHundred
    >>> game = FourteenHundred(players=2).position(
    ...     "wild 3 | to_move 0 play | hands 4C / 5C | melds 1: 5H 6H 7H"
    ... )
    >>> table_facts(game.melds, game.wild, game.rules.meld_rules)[2]
    [(1, (1, 3, 5))]
    """
    known = _TABLES.get(id(table))
    if (
        known is not None
        and known[0] is table
        and known[1] is wild
        and known[2] is meld_rules
    ):
        return known[3]
    shapes: list[Shape] = []
    runs: list[tuple[int, tuple[int, int, int]]] = []
    mask = 0
    read_melds: dict[int, _Read] = memo("table melds")
    for number, table_meld in enumerate(table, start=1):
        meld = table_meld.meld
        read = read_melds.get(id(meld))
        if (
            read is None
            or read[0] is not meld
            or read[1] is not wild
            or read[2] is not meld_rules
        ):
            code = meld_code(meld)
            read = (meld, wild, meld_rules, shape(meld, wild, meld_rules), _run(code))
            if len(read_melds) >= _LIMIT:
                read_melds.clear()
            read_melds[id(meld)] = read
        meld_shape = read[3]
        shapes.append(meld_shape)
        mask |= meld_shape[0]
        run = read[4]
        if run is not None:
            runs.append((number, run))
    facts = (tuple(shapes), mask, runs)
    if len(_TABLES) >= _KEEP:
        _TABLES.clear()
    _TABLES[id(table)] = (table, wild, meld_rules, facts)
    return facts


def lay_offs(
    hand: tuple[Card, ...],
    table: tuple[TableMeld, ...],
    wild: Rank,
    meld_rules: MeldRules,
) -> list[int]:
    """Each lay-off of a card of the hand, meld by meld, in the hand's order (MELD-6)."""
    held = reduce(or_, map(_BITS.__getitem__, hand), 0)  # the hand's cards, as bits
    shapes, fitting, _ = table_facts(table, wild, meld_rules)
    found: list[int] = []
    if not held & fitting:
        return found  # the common case: no card of the hand fits
    for number, (mask, moves) in enumerate(shapes, start=1):
        hits = held & mask
        if not hits:
            continue
        placed = number << 9
        for card in hand:  # the hand's order, each card once
            bit = 1 << card
            if hits & bit:
                hits ^= bit
                found += [action | placed for action in moves[card]]
    return found


def shape(meld: Meld, wild: Rank, meld_rules: MeldRules) -> Shape:
    """What the meld takes: its fit mask and each card's lay-off actions (meld 0).

    >>> from rummyrules import FourteenHundred
    >>> rules = FourteenHundred()
    >>> meld = rules.check_meld("7S 7H 7D").melds[0]
    >>> mask, moves = shape(meld, Rank.THREE, rules.meld_rules)
    >>> sorted(str(BY_CODE[code]) for code in moves)
    ['3C', '3D', '3H', '3S', '7C', '7D', '7H', '7S']
    """
    code = meld_code(meld)
    wild_rank = int(wild)
    key = (code, wild_rank, rules_code(meld_rules))
    shapes: dict[tuple[tuple[int, ...], int, int], Shape] = memo("shapes")
    found = shapes.get(key)
    if found is None:
        kind = code[0]
        size = len(code) >> 1
        if kind == _SET and _set_rank(code, size) != wild_rank:
            found = _set_shape(_set_rank(code, size), wild_rank)
        elif kind == _RUN:
            found = _run_shape(code, size, wild_rank)
        else:  # a meld of wilds only, or a set of the wild rank: the library
            found = _searched(meld, wild, meld_rules)
        if len(shapes) >= _LIMIT:
            shapes.clear()
        shapes[key] = found
    return found


def _set_rank(code: tuple[int, ...], size: int) -> int:
    """A set's rank: its first natural card's, or what its first wild stands for."""
    for place in range(size):
        meaning = code[1 + size + place]
        if meaning < 0:
            return code[1 + place] >> 2
    return code[1 + size] - _RANK_BASE


def _action(card: int, meaning: int) -> int:
    return LAY | card << 3 | (meaning + 1) << 25


def _set_shape(rank: int, wild_rank: int) -> Shape:
    """A set takes every natural card of its rank, and every wild as the rank (MELD-2)."""
    moves: dict[int, tuple[int, ...]] = {}
    for suit in range(4):
        moves[rank * 4 + suit] = (_action(rank * 4 + suit, -1),)
        moves[wild_rank * 4 + suit] = (
            _action(wild_rank * 4 + suit, _RANK_BASE + rank),
        )
    return _masked(moves)


def _run_shape(code: tuple[int, ...], size: int, wild_rank: int) -> Shape:
    """A run takes the card of its suit at either end, or a wild for it (MELD-3)."""
    first = code[1 + size] if code[1 + size] >= 0 else code[1]
    last = code[size + size] if code[size + size] >= 0 else code[size]
    suit = first & 3
    low, high = _PLACE[first >> 2], _PLACE[last >> 2]
    ends = [
        _RANK[place] * 4 + suit for place in (low - 1, high + 1) if 0 <= place <= 12
    ]
    moves: dict[int, tuple[int, ...]] = {}
    for end in ends:
        if end >> 2 != wild_rank:
            moves[end] = (_action(end, -1),)
    for wild_suit in range(4):
        card = wild_rank * 4 + wild_suit
        if ends:
            moves[card] = tuple(_action(card, end) for end in ends)
    return _masked(moves)


def _masked(moves: dict[int, tuple[int, ...]]) -> Shape:
    mask = 0
    for card in moves:
        mask |= 1 << card
    return mask, moves


def _searched(meld: Meld, wild: Rank, meld_rules: MeldRules) -> Shape:
    """Every card's lay-offs by the library's search: for the rare melds above."""
    moves: dict[int, tuple[int, ...]] = {}
    for card_code, card in BY_CODE.items():
        if card.rank is None:
            continue
        options = meld_search.card_lay_offs(card, meld, meld_rules, wild)
        if options:
            moves[card_code] = tuple(
                _action(card_code, meaning_code(option.stands_for))
                for option in options
            )
    return _masked(moves)


def fits(
    card: int, table: tuple[TableMeld, ...], wild: Rank, meld_rules: MeldRules
) -> bool:
    """Whether the card fits some meld on the table as it lies (F14-12).

    >>> from rummyrules import FourteenHundred, Card
    >>> rules = FourteenHundred(players=2)
    >>> game = rules.position(
    ...     "wild 3 | to_move 0 play | hands 4C / 5C | melds 1: 5H 6H 7H"
    ... )
    >>> fits(Card.parse("8H"), game.melds, game.wild, rules.meld_rules)
    True
    """
    return bool(table_facts(table, wild, meld_rules)[1] >> card & 1)


def after(
    meld: Meld, card: Card, declared: object, wild: Rank, meld_rules: MeldRules
) -> Meld:
    """The meld once the card is laid off on it, standing for ``declared`` (MELD-6).

    As the library reads it: a set's natural cards by code, then its wilds
    by code; a run's cards from low to high. A meld of wilds only, or a set
    of the wild rank, is the library's reading.

    >>> from rummyrules import FourteenHundred, Card
    >>> rules = FourteenHundred()
    >>> meld = rules.check_meld("7H 7D 3C", wild="3").melds[0]
    >>> str(after(meld, Card.parse("7S"), None, Rank.THREE, rules.meld_rules))
    '7S 7H 7D 3C=7'
    """
    code = meld_code(meld)
    kind = code[0]
    size = len(code) >> 1
    meaning = meaning_code(declared)  # type: ignore[arg-type]  # a card, a rank, or None
    if kind == _SET and _set_rank(code, size) != int(wild):
        naturals = [code[1 + at] for at in range(size) if code[1 + size + at] < 0]
        wilds = [
            (code[1 + at], code[1 + size + at])
            for at in range(size)
            if code[1 + size + at] >= 0
        ]
        if meaning < 0:
            naturals.append(card)
            naturals.sort()
        else:
            wilds.append((card, meaning))
            wilds.sort()
        new = (
            kind,
            *naturals,
            *[wild_card for wild_card, _ in wilds],
            *(-1,) * len(naturals),
            *[stands for _, stands in wilds],
        )
        return code_meld(new)
    if kind == _RUN:
        first = code[1 + size] if code[1 + size] >= 0 else code[1]
        target = meaning if meaning >= 0 else card
        cards, meanings = code[1 : size + 1], code[size + 1 :]
        if _PLACE[target >> 2] < _PLACE[first >> 2]:
            return code_meld((kind, card, *cards, meaning, *meanings))
        return code_meld((kind, *cards, card, *meanings, meaning))
    options = meld_search.card_lay_offs(card, meld, meld_rules, wild)
    return next(option.meld for option in options if option.stands_for == declared)


def table_mask(table: tuple[TableMeld, ...], wild: Rank, meld_rules: MeldRules) -> int:
    """The cards that fit some meld on the table as it lies, as bits of their codes.

    >>> from rummyrules import FourteenHundred, Card
    >>> rules = FourteenHundred(players=2)
    >>> game = rules.position(
    ...     "wild 3 | to_move 0 play | hands 4C / 5C | melds 1: 5H 6H 7H"
    ... )
    >>> mask = table_mask(game.melds, game.wild, rules.meld_rules)
    >>> [bool(mask >> Card.parse(text) & 1) for text in ("4H", "8H", "9H", "3S")]
    [True, True, False, True]
    """
    return table_facts(table, wild, meld_rules)[1]


def _run(code: tuple[int, ...]) -> tuple[int, int, int] | None:
    """A run's suit and the places of its ends on the ladder; None for another meld."""
    if code[0] != _RUN:
        return None
    size = len(code) >> 1
    first = code[1 + size] if code[1 + size] >= 0 else code[1]
    last = code[size + size] if code[size + size] >= 0 else code[size]
    return (first & 3, _PLACE[first >> 2], _PLACE[last >> 2])


def code_facts(
    code: tuple[int, ...], wild_rank: int
) -> tuple[int, int, int, int] | None:
    """A set's or run's facts from its code: (0, rank, 0, 0) or (1, suit, low, high).

    None for a meld of wilds only or a set of the wild rank, whose reading
    is the library's.

    >>> from rummyrules import FourteenHundred
    >>> from rummyrules.melds.codes import meld_code
    >>> rules = FourteenHundred()
    >>> code_facts(meld_code(rules.check_meld("5H 6H 7H").melds[0]), 3)
    (1, 1, 3, 5)
    >>> code_facts(meld_code(rules.check_meld("5H 5S 5C").melds[0]), 3)
    (0, 5, 0, 0)
    """
    kind = code[0]
    size = len(code) >> 1
    if kind == _RUN:
        first = code[1 + size] if code[1 + size] >= 0 else code[1]
        last = code[size + size] if code[size + size] >= 0 else code[size]
        return (1, first & 3, _PLACE[first >> 2], _PLACE[last >> 2])
    if kind == _SET:
        rank = _set_rank(code, size)
        return None if rank == wild_rank else (0, rank, 0, 0)
    return None
