"""The meld search's engine: a hand cut into pieces, each searched once (MELD-2 to MELD-5).

The melds of a rank depend only on the cards of that rank and the wild cards,
and the runs of a suit only on that suit's cards and the wilds. A hand is cut
into such pieces, each a tuple of small integers, and each piece's melds are
searched once and remembered: from one turn to the next most pieces come
round again. :func:`~rummyrules.melds.search.find_melds` is the melds of a
hand's pieces, in order.

>>> from rummyrules import EndOfThePage, parse_cards
>>> pieces = meld_pieces(parse_cards("7H 7D 7C 2S"), EndOfThePage().meld_rules)
>>> [str(meld) for piece in pieces for meld in piece_melds(piece)]
['7H 7D 7C']
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations, pairwise, product
from typing import Final

import attrs

from rummyrules.core.cards import BY_CODE, BY_RANK_AND_SUIT, Card, Rank, Suit, card_key
from rummyrules.melds.meld import Meld, MeldKind, MeldRules

__all__ = ["MeldPiece", "meld_pieces", "piece_melds", "run_patterns"]

_CARD: Final = BY_RANK_AND_SUIT
_card_key: Final = card_key


MeldPiece = tuple[int, int, int, tuple[int, ...], Rank | None, MeldRules]
"""One piece of a meld search (see :func:`meld_pieces`), as small integers.

Its kind (sets of a rank, melds of wilds only, runs of a suit), the rank or
the suit's place in suit order, the natural cards it may use (a count of
each suit for a set, a bit for each rank held for a run), the codes of the
hand's wild cards, the round's wild rank and the meld rules.
"""
_SETS: Final = 0
_ALL_WILD: Final = 1
_RUNS: Final = 2
_SUITS: Final = tuple(Suit)
_SUIT_COUNT: Final = len(_SUITS)
_BY_CODE: Final = BY_CODE
# Four bits a suit hold the copies of one card in a set piece: far more than
# any deck count the games allow.
_COPY_BITS: Final = 4
_COPY_MASK: Final = (1 << _COPY_BITS) - 1


def _sub_multisets(cards: Sequence[Card], size: int) -> list[tuple[Card, ...]]:
    """Distinct sub-multisets of the given size, each sorted."""
    ordered = sorted(cards, key=_card_key)
    return sorted(
        set(combinations(ordered, size)), key=lambda t: [_card_key(c) for c in t]
    )


def meld_pieces(
    hand: Iterable[Card], meld_rules: MeldRules, *, wild: Rank | None = None
) -> tuple[MeldPiece, ...]:
    """The pieces :func:`find_melds` is made of, in its order: sets, wilds, runs.

    The melds of a rank depend only on the cards of that rank and the wild
    cards, and the runs of a suit only on that suit's cards and the wilds;
    from one turn to the next a hand changes in a card or two, so most
    pieces come round again and :func:`piece_melds` remembers each. Pieces
    that can hold no meld (too few cards) are left out.

    >>> from rummyrules import EndOfThePage, parse_cards
    >>> rules = EndOfThePage().meld_rules
    >>> pieces = meld_pieces(parse_cards("JS QS KS KH KD 7C"), rules)
    >>> [[str(meld) for meld in piece_melds(piece)] for piece in pieces]
    [['KS KH KD'], ['JS QS KS']]
    """
    facts = _rules_facts(meld_rules)
    wilds: list[int] = []
    copies = [0] * _RANK_SLOTS
    counts = [0] * _RANK_SLOTS
    suit_ranks = [0] * _SUIT_COUNT
    for card in hand:
        rank = card.rank
        code = int(card)  # a card is its code: rank * 4 + suit
        if rank is None or rank is wild:
            wilds.append(code)
            continue
        index = code & 3
        counts[rank] += 1
        copies[rank] += 1 << (index * _COPY_BITS)
        suit_ranks[index] |= 1 << rank
    wild_count = len(wilds)
    wild_key = tuple(sorted(wilds))
    need = max(facts.need, 3 - wild_count)
    pieces: list[MeldPiece] = [
        (_SETS, rank, copies[rank], wild_key, wild, meld_rules)
        for rank in _RANK_RANGE
        if counts[rank] >= need
    ]
    if facts.all_wild and wild_count >= 3:
        pieces.append((_ALL_WILD, 0, 0, wild_key, wild, meld_rules))
    for index, held in enumerate(suit_ranks):
        distinct = held.bit_count()
        if distinct < facts.need or distinct + wild_count < 3:
            continue  # too few cards of this suit for any run
        if not wild_count and facts.ladder:
            # With no wild, a run needs three ranks in a row (the Ace both low
            # and high, as 1 and 14): most suits of a hand have none.
            ladder = held | (held & 2) << 13
            if not ladder & ladder >> 1 & ladder >> 2:
                continue
        pieces.append((_RUNS, index, held, wild_key, wild, meld_rules))
    return tuple(pieces)


_RANK_SLOTS: Final = max(Rank) + 1
_RANK_RANGE: Final = range(min(Rank), _RANK_SLOTS)


@attrs.frozen
class _RulesFacts:
    """What :func:`meld_pieces` asks of the meld rules, worked out once."""

    need: int
    all_wild: bool
    ladder: bool


@functools.lru_cache(maxsize=64)
def _rules_facts(meld_rules: MeldRules) -> _RulesFacts:
    ranks = [int(rank) for rank in meld_rules.run_ranks]
    # Runs follow the ranks in order, the Ace low (1) or high (14), so three
    # ranks in a row is a test no run can fail.
    ladder = all(high in (low + 1, low - 12) for low, high in pairwise(ranks))
    return _RulesFacts(
        need=max(1, meld_rules.min_naturals),
        all_wild=meld_rules.all_wild_allowed,
        ladder=ladder,
    )


def piece_melds(piece: MeldPiece) -> tuple[Meld, ...]:
    """The melds of one piece of a search (see :func:`meld_pieces`), in order.

    Not memoised: a memo of melds is objects the garbage collector walks at
    every full collection, and the searches above remember what they need
    (a piece's runs come from :func:`run_patterns`, on integers).

    >>> from rummyrules import EndOfThePage, parse_cards
    >>> rules = EndOfThePage().meld_rules
    >>> (piece,) = meld_pieces(parse_cards("7H 7D 7C"), rules)
    >>> [str(meld) for meld in piece_melds(piece)]
    ['7H 7D 7C']
    """
    kind, which, naturals, wild_key, _wild, meld_rules = piece
    subsets = _wild_subsets(wild_key)
    if kind == _SETS:
        return tuple(_search_sets(Rank(which), naturals, subsets, meld_rules))
    if kind == _ALL_WILD:
        return tuple(
            Meld(kind=MeldKind.WILD, cards=extra, stands_for=(None,) * w)
            for w in range(3, len(subsets))
            for extra in subsets[w]
        )
    return tuple(_search_runs(_SUITS[which], naturals, subsets, meld_rules))


def _wild_subsets(wild_key: tuple[int, ...]) -> tuple[list[tuple[Card, ...]], ...]:
    """The distinct sub-multisets of the wild cards, by size."""
    if not wild_key:
        return ([()],)
    card = _BY_CODE.__getitem__
    return tuple(
        [tuple(map(card, subset)) for subset in subsets]
        for subsets in _wild_subset_codes(wild_key)
    )


@functools.lru_cache(maxsize=1 << 10)
def _wild_subset_codes(
    wild_key: tuple[int, ...],
) -> tuple[tuple[tuple[int, ...], ...], ...]:
    # Memoised as codes, which the garbage collector need not walk.
    wild_cards = [_BY_CODE[code] for code in wild_key]
    return tuple(
        tuple(tuple(map(int, subset)) for subset in _sub_multisets(wild_cards, size))
        for size in range(len(wild_cards) + 1)
    )


def _search_sets(
    rank: Rank,
    naturals: int,
    subsets: Sequence[Sequence[tuple[Card, ...]]],
    meld_rules: MeldRules,
) -> Iterator[Meld]:
    wild_count = len(subsets) - 1
    distinct: list[Card] = []
    counts: list[int] = []
    for index, suit in enumerate(_SUITS):
        count = naturals >> (index * _COPY_BITS) & _COPY_MASK
        if count:
            distinct.append(_CARD[(rank, suit)])
            counts.append(count)
    for choice in product(*(range(count + 1) for count in counts)):
        size = sum(choice)
        if size == 0 or size < meld_rules.min_naturals:
            continue
        chosen = tuple(
            card for card, n in zip(distinct, choice, strict=True) for _ in range(n)
        )
        limit = meld_rules.max_wilds_in_set(size)
        most = wild_count if limit is None else min(limit, wild_count)
        for w in range(max(0, 3 - size), most + 1):
            for extra in subsets[w]:
                yield Meld(
                    kind=MeldKind.SET,
                    cards=chosen + extra,
                    stands_for=(None,) * size + (rank,) * w,
                )


def _search_runs(
    suit: Suit,
    naturals: int,
    subsets: Sequence[Sequence[tuple[Card, ...]]],
    meld_rules: MeldRules,
) -> list[Meld]:
    found: list[Meld] = []
    add = found.append
    wild_count = len(subsets) - 1
    run = MeldKind.RUN
    targets = [_CARD[(rank, suit)] for rank in meld_rules.run_ranks]
    held = tuple(bool(naturals >> rank & 1) for rank in meld_rules.run_ranks)
    patterns = run_patterns(
        held,
        meld_rules.longest_run,
        max(1, meld_rules.min_naturals),
        meld_rules.wild_gap,
        wild_count,
    )
    for start, end, wild_at in patterns:
        # One pattern, many melds: only the wild cards differ between them,
        # so the naturals and the meanings are laid out once per pattern.
        base = targets[start : end + 1]
        meanings: list[Card | None] = [None] * len(base)
        slots = [position - start for position in wild_at]
        for slot in slots:
            meanings[slot] = base[slot]
        shown = tuple(meanings)
        if not slots:
            add(Meld(run, tuple(base), shown))  # positional: the hot path
            continue
        for extra in subsets[len(slots)]:
            cards = base.copy()
            for slot, card in zip(slots, extra, strict=True):
                cards[slot] = card
            add(Meld(run, tuple(cards), shown))
    return found


@functools.lru_cache(maxsize=1 << 12)
def run_patterns(
    held: tuple[bool, ...], longest: int, need: int, wild_gap: int, wild_count: int
) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """Every run of one suit as (first, last, wild positions).

    Depth-first from each starting place: each next place is the natural
    card (when held) or a wild (when one is left and far enough from the
    last wild), so each pattern is met exactly once. Memoised: it depends
    only on which places of the suit are held, and hands repeat those often;
    on integers only (the meld rules it needs), which the collector skips.
    The integer cores' search (:mod:`rummyrules.melds.code_search`) asks it too.

    >>> run_patterns((True, True, False, True), 12, 2, 2, 1)  # one wild, at place 2
    ((0, 2, (2,)), (0, 3, (2,)), (1, 3, (2,)))
    """
    patterns: list[tuple[int, int, tuple[int, ...]]] = []
    # A run starts with a natural card, or with wilds just before one.
    starts = [p for p in range(len(held)) if any(held[p : p + wild_count + 1])]
    for start in starts:
        stack: list[tuple[int, tuple[int, ...], int]] = [(start, (), 0)]
        while stack:
            position, wild_at, naturals = stack.pop()
            if position >= len(held) or position - start >= longest:
                continue
            steps: list[tuple[tuple[int, ...], int]] = []
            if held[position]:
                steps.append((wild_at, naturals + 1))
            if len(wild_at) < wild_count and (
                not wild_at or position - wild_at[-1] > wild_gap
            ):
                steps.append(((*wild_at, position), naturals))
            for step_wilds, step_naturals in steps:
                if position - start >= 2 and step_naturals >= need:
                    patterns.append((start, position, step_wilds))
                stack.append((position + 1, step_wilds, step_naturals))
    return tuple(patterns)
