"""Gin Rummy's deadwood arithmetic: card values, the best arrangement, knocking.

A Gin Rummy hand is laid out in disjoint melds, sets of 3 or 4 of a rank and
runs of 3 or more of a suit, Ace low only (GIN-1, GIN-2); the cards in no
meld are its *deadwood*, counted Ace 1, 2–10 at face value and J Q K 10. A
hand's deadwood is that of its best arrangement, and a player holding 11
cards may knock when some discard leaves deadwood at most the knock card
(GIN-5).

>>> from rummyrules import parse_cards
>>> hand = parse_cards("AS 2S 3S 7H 7D 7C 9C 10C JC KD")
>>> min_deadwood(hand), [str(meld) for meld in best_arrangement(hand)[0]]
(10, ['7H 7D 7C', 'AS 2S 3S', '9C 10C JC'])

How it is fast: the hand is one integer, a bit per card, 16 bits a suit (a
rank's bit is its rank, so 0, 14 and 15 of each suit stay empty). Every run
of the hand is then found at once: three cards in a row are three bits in a
row, and a suit's empty edges keep runs from crossing into the next suit.
Without sets, taking every run is best (values are positive, and cards in a
row are one run however long), so the deadwood is the value of the cards in
no three in a row. Sets only need a choice where one of their cards is also
in a run: then the few ways to take the set (all of it, all but a card that
a run wants, none) are each tried. Card values are summed with four
bit counts, one for each bit of the values.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from itertools import product
from typing import Final

from rummyrules.core.cards import BY_CODE, STANDARD_CARDS, Card, Rank, Suit, read_cards
from rummyrules.melds.meld import Meld, MeldKind, MeldRules

__all__ = [
    "MELD_RULES",
    "best_arrangement",
    "card_points",
    "deadwood_after_discard",
    "knock_deadwood",
    "knock_discards",
    "min_deadwood",
]

MELD_RULES: Final = MeldRules(
    game="Gin Rummy",
    run_ranks=tuple(Rank),  # A 2 … K: the Ace low only (GIN-1)
    meld_rule="GIN-2",
    wild_gap=0,
    min_naturals=1,
    wild_rule="GIN-2",
)
"""Gin Rummy's melds (GIN-2): sets and runs of three or more, Ace low only (GIN-1), no wilds."""

_HIGHEST_VALUE: Final = 10  # what a ten, a Jack, a Queen or a King counts (GIN-1)
_MIN_RUN: Final = 3  # the fewest cards in a run (GIN-2)
_SUIT_COUNT: Final = len(Suit)
_LANE: Final = 16
"""Bits a suit takes in a hand's mask: ranks 1 to 13, and empty edges."""
_LANE_MASK: Final = (1 << _LANE) - 1
_COLUMN: Final = sum(1 << (_LANE * suit) for suit in range(_SUIT_COUNT))
"""A rank's four cards in a mask, for the rank whose bit is 1 (shift or multiply)."""
_CODE_SUITS: Final = 4
"""A card's code is 4 × its rank + its suit's place (see :class:`Card`)."""


def _place(card: Card) -> int:
    """The card's bit in a hand's mask: 16 × its suit's place + its rank."""
    rank, suit = divmod(int(card), _CODE_SUITS)
    return _LANE * suit + rank


_POINTS: Final[dict[Card, int]] = {
    card: min(int(card) // _CODE_SUITS, _HIGHEST_VALUE) for card in STANDARD_CARDS
}
_BIT: Final[dict[Card, int]] = {card: 1 << _place(card) for card in STANDARD_CARDS}
_CARD_AT: Final[dict[int, Card]] = {_place(card): card for card in STANDARD_CARDS}
_V0, _V1, _V2, _V3 = (  # a card's value (1 to 10) fits in four bits
    sum(bit for card, bit in _BIT.items() if _POINTS[card] >> weight & 1)
    for weight in range(4)
)
_BIT_POINTS: Final = {bit: _POINTS[card] for card, bit in _BIT.items()}
_TENS: Final = sum(bit for card, bit in _BIT.items() if _POINTS[card] == _HIGHEST_VALUE)
_NONE: Final = 1 << 30  # more deadwood than any hand holds: a search's start


def card_points(card: Card) -> int:
    """What a card counts as deadwood (GIN-1): Ace 1, 2–10 face value, J Q K 10.

    >>> from rummyrules import Card
    >>> [card_points(Card.parse(text)) for text in ("AS", "7H", "10D", "KC")]
    [1, 7, 10, 10]
    >>> card_points(Card.parse("*"))
    Traceback (most recent call last):
    ...
    ValueError: Gin Rummy is played with one standard deck (GIN-1): * is not in it
    """
    try:
        return _POINTS[card]
    except KeyError:
        raise _not_in_deck(card) from None


def _not_in_deck(card: object) -> ValueError:
    text = str(card) if isinstance(card, Card) else repr(card)
    return ValueError(
        f"Gin Rummy is played with one standard deck (GIN-1): {text} is not in it"
    )


def _mask(hand: Sequence[Card] | str) -> tuple[int, int]:
    """The hand as one integer, a bit a card (see the module), and its size."""
    if isinstance(hand, str):
        hand = read_cards(hand, name="hand")
    try:
        mask: int = sum(map(_BIT.__getitem__, hand))
    except (KeyError, TypeError):  # card text in a list, or no card at all
        hand = read_cards(hand, name="hand")
        wrong = next((card for card in hand if card not in _BIT), None)
        if wrong is not None:
            raise _not_in_deck(wrong) from None
        mask = sum(map(_BIT.__getitem__, hand))
    # A card held twice carries into another bit, so fewer bits are set.
    if mask.bit_count() != len(hand):
        raise ValueError(
            "a Gin Rummy hand holds each card at most once (GIN-1, one deck), "
            f"and {_text(hand)} repeats a card"
        )
    return mask, len(hand)


def _text(hand: Sequence[Card] | str) -> str:
    return hand if isinstance(hand, str) else " ".join(map(str, hand))


def _points(cards: int) -> int:
    """The value of the cards of a mask: four bit counts, one a bit of value."""
    return (
        (cards & _V0).bit_count()
        + ((cards & _V1).bit_count() << 1)
        + ((cards & _V2).bit_count() << 2)
        + ((cards & _V3).bit_count() << 3)
    )


def _in_runs(cards: int) -> int:
    """The cards of a mask in some three of a suit in a row: those runs can use."""
    starts = cards & cards >> 1 & cards >> 2
    return starts | starts << 1 | starts << 2


def _set_ranks(cards: int) -> int:
    """A bit for each rank held in three or four suits (a set, GIN-2)."""
    spades, hearts = cards & _LANE_MASK, cards >> _LANE & _LANE_MASK
    diamonds, clubs = cards >> 2 * _LANE & _LANE_MASK, cards >> 3 * _LANE
    return spades & hearts & (diamonds | clubs) | diamonds & clubs & (spades | hearts)


def _best(cards: int) -> tuple[int, int]:
    """The least deadwood of a mask, and the cards of the sets that give it.

    Of several best arrangements, the first with the sets taken in the order
    :func:`_set_candidates` lists them (most cards first), ranks low to high.
    """
    runs = _in_runs(cards)
    ranks = _set_ranks(cards)
    if not ranks:
        return _points(cards & ~runs), 0
    fixed = 0  # sets no run wants a card of: taking them whole is best
    choices: list[tuple[int, ...]] = []
    for column in _columns(cards & _COLUMN * ranks):  # the sets, ranks low to high
        if column & runs:
            choices.append(_set_candidates(column, runs))
        else:
            fixed |= column
    rest = cards & ~fixed
    if not choices:
        return _points(rest & ~runs), fixed
    best, best_sets = _NONE, 0
    for picks in product(*choices):
        sets = sum(picks)
        left = rest & ~sets
        deadwood = _points(left & ~_in_runs(left))
        if deadwood < best:
            best, best_sets = deadwood, sets
    return best, fixed | best_sets


def _set_candidates(column: int, runs: int) -> tuple[int, ...]:
    """The ways worth trying to take a rank's 3 or 4 cards as a set.

    All of them; for four, each three leaving out a card some run could use
    (leaving out one no run can use only adds deadwood); or no set.
    """
    options = [column]
    if column.bit_count() > _MIN_RUN:
        wanted = column & runs
        options.extend(
            column ^ 1 << place
            for place in range(wanted.bit_length())
            if wanted >> place & 1
        )
    options.append(0)
    return tuple(options)


def min_deadwood(hand: Sequence[Card] | str) -> int:
    """The least deadwood of any arrangement of the hand in melds (GIN-2).

    Any number of cards, each at most once, from one standard deck (GIN-1);
    card text is read too. Aces are low only, so Q-K-A is no run.

    >>> from rummyrules import parse_cards
    >>> min_deadwood(parse_cards("7S 8S 9S 9H 9D"))  # the set of nines, not the run
    15
    >>> min_deadwood("7S 8S 9S 10S 9H 9D")  # the run of four, not the set
    18
    >>> min_deadwood("QS KS AS"), min_deadwood("AS 2S 3S")
    (21, 0)
    """
    return _least(_mask(hand)[0])


def best_arrangement(hand: Sequence[Card] | str) -> tuple[tuple[Meld, ...], int]:
    """One arrangement of the hand with the least deadwood, and that deadwood.

    The melds are :class:`~rummyrules.Meld` values as the meld layer writes
    them (cards by rank then suit in a set, low to high in a run): the sets
    by rank, then the runs by suit (S H D C) and rank. Of several best
    arrangements the same one is always given: the sets taken whole where
    that is as good, and each run as long as its cards allow.

    >>> melds, deadwood = best_arrangement("7S 8S 9S 10S 9H 9D 9C 2C")
    >>> [str(meld) for meld in melds], deadwood
    (['9H 9D 9C', '7S 8S 9S 10S'], 2)
    >>> best_arrangement("KS KH KD KC QS JS")[1]
    0
    """
    cards, _ = _mask(hand)
    deadwood, sets = _best(cards)
    set_melds = map(_MELDS.__getitem__, _columns(sets))
    return (*set_melds, *_run_melds(_in_runs(cards & ~sets))), deadwood


def _cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, by code (rank, then suit)."""
    places = range(mask.bit_length())
    return tuple(sorted(_CARD_AT[place] for place in places if mask >> place & 1))


def _every_meld() -> Iterator[tuple[int, Meld]]:
    """Every meld of one deck (GIN-2), with its mask: 264 runs and 65 sets."""
    for suit in range(_SUIT_COUNT):
        for low in range(Rank.ACE, Rank.KING - _MIN_RUN + 2):
            row = 0
            for high in range(low, Rank.KING + 1):
                row |= 1 << (_LANE * suit + high)
                if high - low + 1 >= _MIN_RUN:
                    cards = _cards_of(row)
                    yield row, Meld(MeldKind.RUN, cards, (None,) * len(cards))
    for rank in Rank:
        column = _COLUMN << rank
        one = (column & _LANE_MASK << _LANE * suit for suit in range(_SUIT_COUNT))
        for left_out in (0, *one):  # the whole set, or each three of it
            cards = _cards_of(column ^ left_out)
            yield column ^ left_out, Meld(MeldKind.SET, cards, (None,) * len(cards))


_MELDS: Final = dict(_every_meld())
"""Each meld of one deck by its mask: laying out an arrangement builds no meld."""


def _ranks(cards: int) -> int:
    """A bit for each rank held in the mask, in any suit."""
    return (
        cards | cards >> _LANE | cards >> 2 * _LANE | cards >> 3 * _LANE
    ) & _LANE_MASK


def _columns(sets: int) -> Iterator[int]:
    """The mask's cards rank by rank, low to high, one mask a rank held."""
    ranks = _ranks(sets)
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        yield sets & _COLUMN * low


def _run_melds(runs: int) -> Iterator[Meld]:
    """Each row of cards in the mask as one run (the mask holds only runs)."""
    while runs:
        low = runs & -runs
        # The row starting at the lowest bit: adding it carries past its end.
        row = ((runs + low) & ~runs) - low & runs
        runs ^= row
        yield _MELDS[row]


def deadwood_after_discard(hand: Sequence[Card] | str, discard: Card | str) -> int:
    """The least deadwood of the hand less one card (GIN-5).

    >>> deadwood_after_discard("AS 2S 3S 9H KD", "KD")
    9
    """
    cards, _ = _mask(hand)
    (card,) = read_cards([discard], name="discard")
    bit = _BIT.get(card, 0)
    if not cards & bit:
        raise ValueError(f"{card} is not in the hand {_text(hand)}")
    return _least(cards ^ bit)


def _least(cards: int) -> int:
    """The least deadwood of a mask (see :func:`min_deadwood`)."""
    if not _set_ranks(cards):  # the usual hand: runs only, no choice to make
        return _points(cards & ~_in_runs(cards))
    return _best(cards)[0]


def _meldable(cards: int) -> int:
    """The cards of the mask some meld could use: in three in a row, or a set."""
    # _COLUMN times the set ranks is their columns: the suits' lanes do not overlap.
    return _in_runs(cards) | cards & _COLUMN * _set_ranks(cards)


def _highest_value(cards: int) -> int:
    """The highest value among the cards of a mask (not empty)."""
    if cards & _TENS:
        return _HIGHEST_VALUE
    return _ranks(cards).bit_length() - 1  # below ten, a card's value is its rank


def knock_deadwood(hand: Sequence[Card] | str) -> int:
    """The least deadwood the hand can keep after one discard (GIN-5).

    With 11 cards (a hand of 10 just after drawing), the player may knock
    when this is at most the knock card, and has gin when it is 0.

    >>> knock_deadwood("AS 2S 3S 4S 7H 7D 7C 9C 10C JC KD")  # discard KD: gin
    0
    >>> knock_deadwood("AS 2S 3S 4S 7H 7D 7C 9C 10C JC")  # discard AS or 4S
    0
    """
    cards, size = _mask(hand)
    if not size:
        raise ValueError("an empty hand has no card to discard")
    # A discard lowers the deadwood by its value at most (the arrangement
    # without it, the card added as deadwood, is one of the whole hand), and
    # exactly by it for a card no meld can use: of those, the highest.
    whole = _least(cards)
    meldable = _meldable(cards)
    loose = cards & ~meldable
    best = whole - _highest_value(loose) if loose else _NONE
    while meldable and best:  # nothing is below gin
        bit = meldable & -meldable
        meldable ^= bit
        if whole - _BIT_POINTS[bit] < best:
            best = min(best, _least(cards ^ bit))
    return best


def knock_discards(hand: Sequence[Card] | str, knock_card: int) -> tuple[Card, ...]:
    """The cards whose discard leaves deadwood at most ``knock_card`` (GIN-5).

    Sorted by rank then suit; empty when the hand may not knock. With a
    knock card of 0, these are the discards that give gin.

    >>> hand = "AS 2S 3S 4S 7H 7D 7C 9C 10C JC KD"
    >>> [str(card) for card in knock_discards(hand, 10)]
    ['AS', '4S', 'KD']
    >>> [str(card) for card in knock_discards(hand, 0)]
    ['KD']
    >>> knock_discards("2H 5S 9D KC", 10)
    ()
    """
    return tuple(map(BY_CODE.__getitem__, _knock_codes(_mask(hand)[0], knock_card)))


@functools.lru_cache(maxsize=4096)
def _knock_codes(cards: int, knock_card: int) -> tuple[int, ...]:
    """:func:`knock_discards` of a mask, as card codes (integers: the collector skips them).

    Memoised: the states after a knock ask again of the same hand. A discard lowers
    the deadwood by its value at most, and the cards no meld can use stay deadwood.
    """
    meldable, top = _meldable(cards), _highest_value(cards)
    unmeldable = _points(cards & ~meldable)  # the usual hand is told without a search
    if unmeldable - top > knock_card or (whole := _least(cards)) - top > knock_card:
        return ()
    bits = (1 << place for place in range(cards.bit_length()) if cards >> place & 1)
    found = (
        _CARD_AT[bit.bit_length() - 1]
        for bit in bits
        if whole - _BIT_POINTS[bit] <= knock_card
        and (not bit & meldable or _least(cards ^ bit) <= knock_card)
    )
    return tuple(sorted(map(int, found)))
