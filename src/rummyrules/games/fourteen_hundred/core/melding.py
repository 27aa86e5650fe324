"""A hand's new melds as actions, in the library's search order (F14-10, F14-11).

The library's meld search (:mod:`rummyrules.melds.pieces`) cuts a hand into
pieces, a rank's sets, the wild cards' melds and a suit's runs, each a
tuple of small integers; here the pieces are cut the same way from the
hand's codes, and each piece's melds are found once, by a search on
integers in the library's order (:mod:`.search`), and kept as actions
(:mod:`.codes`) by the piece's key, so a hand lists what the turn machine
lists, in its order, and a piece met again costs one look-up.

>>> from rummyrules import FourteenHundred, parse_cards
>>> from rummyrules.core.cards import Rank
>>> from rummyrules.games.fourteen_hundred.core.codes import move_of
>>> rules = FourteenHundred().meld_rules
>>> hand = parse_cards("7H 7D 7C 9S")
>>> [str(move_of(a)) for a in new_melds(tuple(hand), Rank.NINE, rules)][:3]
['meld 7D 7C 9S=7', 'meld 7H 7C 9S=7', 'meld 7H 7D 9S=7']
"""

from __future__ import annotations

from itertools import product
from typing import Final

from rummyrules.core.cards import Card, Rank
from rummyrules.game.rummy500_actions import MELD, packed_meld
from rummyrules.games.fourteen_hundred.core.memos import memo
from rummyrules.melds import MeldKind, MeldRules
from rummyrules.melds.code_search import wild_subsets
from rummyrules.melds.codes import meld_code, rules_code
from rummyrules.melds.pieces import piece_melds, run_patterns

__all__ = ["new_melds"]

_SETS: Final = 0  # the kinds of piece of rummyrules.melds.pieces
_ALL_WILD: Final = 1
_RUNS: Final = 2
_COPY_BITS: Final = 4  # a set piece's copies: four bits a suit, as the library's
_RUN: Final = list(MeldKind).index(MeldKind.RUN)  # a meld code's kind
_SET: Final = list(MeldKind).index(MeldKind.SET)
_RANK_BASE: Final = 64  # a meaning that is a rank: 64 plus the rank (melds/codes.py)
_CARD_BITS: Final = 13  # a new meld action's bits a card: code, then meaning + 1
_COPY: Final = tuple(1 << (suit * _COPY_BITS) for suit in range(4))
PieceKey = tuple[int, int, int, tuple[int, ...], int, int]
"""A piece of the search: integers only, the wild rank's and the meld rules'
codes last; its melds as actions are kept by it (the memo "pieces")."""
_PIECE_LIMIT: Final = 1 << 15


def new_melds(hand: tuple[Card, ...], wild: Rank, meld_rules: MeldRules) -> list[int]:
    """Every new meld of the hand as actions, in the library's search order.

    Cut as :func:`rummyrules.melds.pieces.meld_pieces` cuts it: the sets of
    each rank with enough cards, the melds of wild cards only (F14-R8's
    option), then the runs of each suit that may hold one (2 … K A, F14-10).

    >>> from rummyrules import FourteenHundred, parse_cards
    >>> rules = FourteenHundred().meld_rules
    >>> len(new_melds(tuple(parse_cards("2S 3S 4S 9D")), Rank.KING, rules))
    1
    """
    wild_rank = int(wild)
    wilds: list[int] = []
    copies = [0] * 14
    counts = [0] * 14
    suits = [0, 0, 0, 0]
    present = 0  # the ranks held, as bits
    for card in hand:  # a card is its code: rank * 4 + suit
        rank = card >> 2
        if rank == wild_rank:
            wilds.append(int(card))
            continue
        suit = card & 3
        counts[rank] += 1
        copies[rank] += _COPY[suit]
        suits[suit] |= 1 << rank
        present |= 1 << rank
    wild_count = len(wilds)
    wild_key = tuple(sorted(wilds))
    rules = rules_code(meld_rules)
    need = max(1, meld_rules.min_naturals, 3 - wild_count)
    found: list[int] = []
    pieces: dict[PieceKey, tuple[int, ...]] = memo("pieces")
    while present:  # the ranks held, low to high: the library's order of sets
        low = present & -present
        present ^= low
        rank = low.bit_length() - 1
        if counts[rank] >= need:
            key = (_SETS, rank, copies[rank], wild_key, wild_rank, rules)
            melds = pieces.get(key)
            found += melds if melds is not None else _found(key, wild, meld_rules)
    if wild_count >= 3 and meld_rules.all_wild_allowed:
        key = (_ALL_WILD, 0, 0, wild_key, wild_rank, rules)
        melds = pieces.get(key)
        found += melds if melds is not None else _found(key, wild, meld_rules)
    for suit in range(4):
        held = suits[suit]
        if not held or held.bit_count() + wild_count < 3:
            continue  # too few cards of this suit for any run
        if not wild_count:
            # No wild: a run needs three ranks in a row, the Ace high (14).
            ladder = held | (held & 2) << 13
            if not ladder & ladder >> 1 & ladder >> 2:
                continue
        key = (_RUNS, suit, held, wild_key, wild_rank, rules)
        melds = pieces.get(key)
        found += melds if melds is not None else _found(key, wild, meld_rules)
    return found


def _found(
    key: tuple[int, int, int, tuple[int, ...], int, int],
    wild: Rank,
    meld_rules: MeldRules,
) -> tuple[int, ...]:
    """A piece's melds, kept as actions (then read from the memo).

    Sets and runs by the search on integers
    (:mod:`rummyrules.melds.code_search`, packed as they are found),
    the library's melds in its order; a meld's wilds are laid in card order,
    and a meld met twice is listed once, as ``rummy500_hand`` lists them.
    """
    kind, place, natural, wild_key, _, _ = key
    if kind == _RUNS:
        found = _run_actions(place, natural, wild_key, meld_rules)
    elif kind == _SETS:
        found = _set_actions(place, natural, wild_key, meld_rules)
    else:  # the melds of wilds only: rare, the library's search
        piece = (kind, place, natural, wild_key, wild, meld_rules)
        melds = dict.fromkeys(meld.wilds_in_order() for meld in piece_melds(piece))
        found = tuple([packed_meld(meld_code(meld)) for meld in melds])
    pieces: dict[PieceKey, tuple[int, ...]] = memo("pieces")
    if len(pieces) >= _PIECE_LIMIT:
        pieces.clear()  # forgetting costs only a fresh search
    pieces[key] = found
    return found


def _run_actions(
    suit: int, held: int, wild_key: tuple[int, ...], meld_rules: MeldRules
) -> tuple[int, ...]:
    """The runs of a suit as new meld actions, packed as they are found.

    The melds of :func:`rummyrules.melds.code_search.run_codes`, in its
    order, each packed as :func:`~rummyrules.game.rummy500_actions.packed_meld`
    packs its code: a pattern's natural cards are packed once, and each
    choice of wild cards changes only the wilds' places.

    >>> from rummyrules import FourteenHundred
    >>> from rummyrules.game.rummy500_actions import packed_meld
    >>> from rummyrules.melds.code_search import run_codes
    >>> rules = FourteenHundred().meld_rules
    >>> held = 1 << 5 | 1 << 6 | 1 << 9  # 5, 6 and 9 of a suit; two wild 2s
    >>> runs = _run_actions(1, held, (8, 9), rules)
    >>> runs == tuple(map(packed_meld, run_codes(1, held, (8, 9), rules)))
    True
    >>> len(runs)
    18
    """
    subsets = wild_subsets(wild_key)
    ranks = [int(rank) for rank in meld_rules.run_ranks]
    targets = [rank * 4 + suit for rank in ranks]
    patterns = run_patterns(
        tuple(bool(held >> rank & 1) for rank in ranks),
        meld_rules.longest_run,
        max(1, meld_rules.min_naturals),
        meld_rules.wild_gap,
        len(subsets) - 1,
    )
    found: list[int] = []
    for start, end, wild_at in patterns:
        packed = _RUN | (end - start + 1) << 3
        shift = 8
        for card in targets[start : end + 1]:
            packed |= card << shift  # a natural card means itself: -1, plus one
            shift += _CARD_BITS
        if not wild_at:
            found.append(MELD | packed << 3)
            continue
        for extra in subsets[len(wild_at)]:
            with_wilds = packed
            for position, wild in zip(wild_at, extra, strict=True):
                target = targets[position]
                shift = 8 + _CARD_BITS * (position - start)
                with_wilds ^= (target ^ (wild | (target + 1) << 6)) << shift
            found.append(MELD | with_wilds << 3)
    return tuple(dict.fromkeys(found))


def _set_actions(
    rank: int, copies: int, wild_key: tuple[int, ...], meld_rules: MeldRules
) -> tuple[int, ...]:
    """The sets of a rank as new meld actions, packed as they are found.

    The melds of :func:`rummyrules.melds.code_search.set_codes`, in its
    order: each choice of natural cards (``copies``: four bits a suit),
    packed once, then each choice of wild cards, standing for the rank.

    >>> from rummyrules import FourteenHundred
    >>> from rummyrules.game.rummy500_actions import packed_meld
    >>> from rummyrules.melds.code_search import set_codes
    >>> rules = FourteenHundred().meld_rules
    >>> copies = 1 | 2 << 4 | 1 << 12  # the 7s: one of spades, two of hearts, a club
    >>> sets = _set_actions(7, copies, (8, 9), rules)
    >>> sets == tuple(map(packed_meld, set_codes(7, copies, (8, 9), 2, rules)))
    True
    >>> len(sets)
    31
    """
    subsets = wild_subsets(wild_key)
    wild_count = len(subsets) - 1
    distinct: list[int] = []
    counts: list[int] = []
    for suit in range(4):
        count = copies >> (_COPY_BITS * suit) & 15
        if count:
            distinct.append(rank * 4 + suit)
            counts.append(count)
    stands = (_RANK_BASE + rank + 1) << 6  # a wild's meaning, plus one
    found: list[int] = []
    for choice in product(*(range(count + 1) for count in counts)):
        size = sum(choice)
        if size == 0 or size < meld_rules.min_naturals:
            continue
        naturals = 0
        shift = 8
        for code, count in zip(distinct, choice, strict=True):
            for _ in range(count):
                naturals |= code << shift  # a natural card means itself
                shift += _CARD_BITS
        limit = meld_rules.max_wilds_in_set(size)
        most = wild_count if limit is None else min(limit, wild_count)
        for extra_count in range(max(0, 3 - size), most + 1):
            base = _SET | (size + extra_count) << 3 | naturals
            for extra in subsets[extra_count]:
                packed = base
                at = shift
                for wild in extra:
                    packed |= (wild | stands) << at
                    at += _CARD_BITS
                found.append(MELD | packed << 3)
    return tuple(found)
