"""Two cards that support a third: the three-card meld at the heart of a pickup.

End of the Page takes a card from deep in the pile only with two natural
cards that make a set or run with it (EOP-6, :func:`naturals_meld_with`),
then melds it with those two (:func:`holds_support`, the strict form); 1400
asks whether a new meld can hold the upcard or a discard (F14-6, F14-9,
:func:`melds_with`). All ask one question of a hand: do two of these cards
make a meld of three with that card? Any longer meld holding a card holds
such a three (the card with the two beside it in a run, or any two others
of a set), so the three answers it for melds of any size.

>>> from rummyrules import EndOfThePage, parse_cards
>>> rules = EndOfThePage().meld_rules
>>> card, *hand = parse_cards("10D 9D JD KC")
>>> [str(c) for c in pair_for(card, hand, rules, None)]
['9D', 'JD']
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Sequence

from rummyrules.core.cards import BY_RANK_AND_SUIT, STANDARD_CARDS, Card, Rank, Suit
from rummyrules.core.hands import sorted_hand
from rummyrules.melds.codes import code_rank, code_rules, rank_code, rules_code
from rummyrules.melds.meld import Declaration, MeldRules, is_wild
from rummyrules.melds.pickup import holds_three
from rummyrules.melds.reading import readings
from rummyrules.melds.search import code_card, find_melds

__all__ = [
    "Held",
    "close",
    "held_counts",
    "holds_support",
    "may_meld",
    "melds_with",
    "naturals_meld_with",
    "neighbours",
    "pair_for",
]


def pair_for(
    card: Card, cards: Sequence[Card], meld_rules: MeldRules, wild: Rank | None
) -> tuple[Card, Card] | None:
    """Two of these cards (two copies, if held twice) that make a meld with the card.

    Only cards of the card's rank, of its suit within two places, or wilds
    can stand beside it (any card, for a wild).

    >>> from rummyrules import FourteenHundred, parse_cards
    >>> rules = FourteenHundred().meld_rules
    >>> card, *hand = parse_cards("7H 7S 2C 7D")
    >>> [str(c) for c in pair_for(card, hand, rules, None)]
    ['7S', '7D']
    >>> print(pair_for(card, parse_cards("9H 2C"), rules, None))
    None
    """
    if is_wild(card, wild):
        near = list(cards)
    else:
        close = neighbours(card, meld_rules)
        near = [
            other
            for other in cards
            if other.rank is card.rank or other in close or is_wild(other, wild)
        ]
    codes = tuple(map(int, sorted_hand(near)))
    found = _pair_of(int(card), codes, rules_code(meld_rules), rank_code(wild))
    return None if found is None else (code_card(found[0]), code_card(found[1]))


@functools.lru_cache(maxsize=4096)
def _pair_of(
    card_code: int, near: tuple[int, ...], rules: int, wild_code: int
) -> tuple[int, int] | None:
    # The same few cards meet again from state to state of a game and across
    # playouts: each answer is worked out once, on codes the collector skips.
    card, *cards = map(code_card, (card_code, *near))
    meld_rules, wild = code_rules(rules), code_rank(wild_code)
    for i, first in enumerate(cards):
        for second in cards[i + 1 :]:
            if readings((card, first, second), meld_rules, wild=wild):
                return int(first), int(second)
    return None


def melds_with(  # noqa: PLR0913 - the last two, by keyword, only speed a pile up
    card: Card,
    hand: Sequence[Card],
    meld_rules: MeldRules,
    wild: Rank | None,
    *,
    above: Sequence[Card] = (),
    held: Held | None = None,
) -> bool:
    """Whether the card makes a new meld with cards of the hand and ``above`` (F14-9).

    ``above`` are cards that join the hand with it (the cards taken above it
    from the pile). For a natural card :func:`pair_for` decides; ``held``,
    the hand as :func:`held_counts`, lets :func:`may_meld` first rule out by
    counts the many cards of a pile that could never meld. A wild, rare in
    a pile, takes the full search of the cards: the counts are for a natural
    card, whose rank and suit say which cards may stand beside it.

    >>> from rummyrules import FourteenHundred, parse_cards
    >>> rules = FourteenHundred().meld_rules
    >>> card, *hand = parse_cards("7H 6H 2C")
    >>> above = parse_cards("8H")
    >>> (
    ...     melds_with(card, hand, rules, None),
    ...     melds_with(card, hand, rules, None, above=above),
    ... )
    (False, True)
    """
    if is_wild(card, wild):  # rare: the full search
        found = find_melds((*hand, *above, card), meld_rules, wild=wild)
        return any(card in meld.cards for meld in found)
    if held is not None and not may_meld(card, held, above, meld_rules, wild):
        return False
    return pair_for(card, (*hand, *above), meld_rules, wild) is not None


Held = tuple[int, dict[Rank | None, int], dict[Suit | None, int]]
"""Cards as counts: the wilds, the naturals of each rank, each suit's places as bits."""


def held_counts(
    cards: Sequence[Card],
    meld_rules: MeldRules,
    wild: Rank | None,
    *,
    more: Held | None = None,
) -> Held:
    """A hand as counts, for :func:`may_meld` to test card after card cheaply.

    With ``more``, these cards are added to its counts (its tables in place),
    for a walk down a pile that adds card after card (1400's F14-9).

    >>> from rummyrules import FourteenHundred, parse_cards
    >>> rules = FourteenHundred().meld_rules
    >>> held = held_counts(parse_cards("9S 7H"), rules, Rank.NINE)
    >>> wilds, ranks, _ = held_counts(parse_cards("7D"), rules, Rank.NINE, more=held)
    >>> wilds, ranks[Rank.SEVEN]
    (1, 2)
    """
    bits = _place_bits(meld_rules)
    wilds, ranks, suits = (0, {}, {}) if more is None else more
    for card in cards:
        if is_wild(card, wild):
            wilds += 1
        else:
            ranks[card.rank] = ranks.get(card.rank, 0) + 1
            suits[card.suit] = suits.get(card.suit, 0) | bits[card.rank]
    return wilds, ranks, suits


def may_meld(
    card: Card,
    held: Held,
    above: Sequence[Card],
    meld_rules: MeldRules,
    wild: Rank | None,
) -> bool:
    """A necessary test for a meld of the natural ``card`` with two other cards.

    The cards are a hand (``held``, see :func:`held_counts`) and ``above``,
    more cards that join it. A set needs two more of its rank or wilds; a run
    needs the two other places of three in a row around it held in its suit
    or filled by wilds. Counted on bits of the places held, without making a
    meld: when it says yes, :func:`pair_for` decides.

    >>> from rummyrules import FourteenHundred, parse_cards
    >>> rules = FourteenHundred().meld_rules
    >>> held = held_counts(parse_cards("6H 2C"), rules, None)
    >>> card, above = parse_cards("7H 8H")
    >>> [may_meld(card, held, more, rules, None) for more in ([], [above])]
    [False, True]
    """
    wilds, ranks, suits = held
    same_rank = ranks.get(card.rank, 0)
    suit_bits = suits.get(card.suit, 0)
    bits = _place_bits(meld_rules)
    for other in above:
        if is_wild(other, wild):
            wilds += 1
        elif other.rank is card.rank:
            same_rank += 1
        elif other.suit is card.suit:
            suit_bits |= bits[other.rank]
    if wilds + same_rank >= 2:
        return True
    need = 2 - wilds
    return any(
        (suit_bits & window).bit_count() >= need
        for window in _windows(card.rank, meld_rules)
    )


def _natural_codes(
    hand: Sequence[Card], meld_rules: MeldRules, wild: Rank | None
) -> set[int]:
    """The codes of the natural cards that two natural cards of the hand meld with.

    A card is its code (four times its rank plus its suit's place), so a
    Card is found in the set. Each suit's run places are a bit mask: a place
    is supported when the two places below it, the two around it or the two
    above it are held. Wild cards of the hand play no part.
    """
    rank_count: dict[int, int] = {}
    held = [0, 0, 0, 0]
    places = meld_rules.places
    for card in hand:
        rank = card.rank
        if rank is None or rank is wild:
            continue
        code = int(card)
        rank_count[code >> 2] = rank_count.get(code >> 2, 0) + 1
        for place in places[rank]:
            held[code & 3] |= 1 << place
    found = {
        (rank << 2) + suit
        for rank, count in rank_count.items()
        if count >= 2
        for suit in range(4)
    }
    ladder = _ladder_codes(meld_rules)
    for suit, mask in enumerate(held):
        below, above = mask << 1, mask >> 1
        beside = (below & (mask << 2)) | (below & above) | (above & (mask >> 2))
        while beside:  # one step a supported place, lowest first
            low = beside & -beside
            place = low.bit_length() - 1
            if place < len(ladder):
                found.add(ladder[place] + suit)
            beside ^= low
    return found


def naturals_meld_with(
    hand: Sequence[Card], meld_rules: MeldRules, wild: Rank | None
) -> Callable[[Card], bool]:
    """EOP-6 for many cards at once: do two natural cards of the hand meld with a card?

    Two naturals make a meld with a natural card exactly when they share its
    rank, or sit beside it in its suit (worked out once for the hand, on
    bits of the places held); a wild card, which stands for such a card (EOP-R6),
    takes the slower test of :func:`pair_for` with the hand's naturals.

    >>> from rummyrules import EndOfThePage, parse_cards
    >>> supported = naturals_meld_with(
    ...     parse_cards("9D JD 3S"), EndOfThePage().meld_rules, Rank.THREE
    ... )
    >>> [supported(card) for card in parse_cards("10D 3H 8D")]
    [True, True, False]
    """
    found = _natural_codes(hand, meld_rules, wild)

    def supported(card: Card) -> bool:
        rank = card.rank
        if rank is None or rank is wild:
            naturals = [other for other in hand if not is_wild(other, wild)]
            return pair_for(card, naturals, meld_rules, wild) is not None
        return card in found  # a card is its code

    return supported


def holds_support(  # noqa: PLR0913 - declared is by keyword, as in readings
    cards: Sequence[Card],
    card: Card,
    support: Sequence[Card],
    meld_rules: MeldRules,
    wild: Rank | None,
    *,
    declared: Sequence[Declaration | None] | None = None,
) -> bool:
    """Whether a new meld of these cards holds the card with two of the support (EOP-6).

    The strict form, for the meld after a deep pickup: in some reading of
    the cards (``declared`` says what each wild stands for, as in
    :func:`~rummyrules.melds.readings`) the card and two natural cards of
    ``support`` make the set or run by themselves, so in a run the two stand
    beside the card with no wild between; other cards may join. A wild card
    counts as the card it stands for in the meld.

    >>> from rummyrules import EndOfThePage, parse_cards
    >>> rules = EndOfThePage().meld_rules
    >>> card, *support = parse_cards("10D 9D JD")
    >>> holds_support(parse_cards("9D 10D JD"), card, support, rules, None)
    True
    >>> holds_support(parse_cards("10D JD QD"), card, support, rules, None)
    False
    """
    if card not in cards:
        return False
    held = Counter(support)
    return any(
        holds_three(meld, card, held, wild)
        for meld in readings(cards, meld_rules, wild=wild, declared=declared)
    )


@functools.cache
def _ladder_codes(meld_rules: MeldRules) -> tuple[int, ...]:
    # The code of the spade at each run place; a card of another suit adds its place.
    spades = [BY_RANK_AND_SUIT[rank, Suit.SPADES] for rank in meld_rules.run_ranks]
    return tuple(map(int, spades))


@functools.cache
def _place_bits(meld_rules: MeldRules) -> dict[Rank | None, int]:
    """Each rank's places on the run ladder, as bits."""
    bits: dict[Rank | None, int] = {None: 0}
    for rank, places in meld_rules.places.items():
        bits[rank] = sum(1 << place for place in places)
    return bits


@functools.cache
def _windows(rank: Rank | None, meld_rules: MeldRules) -> tuple[int, ...]:
    """Each three places in a row around the rank's places, the rank's own left out."""
    if rank is None:  # pragma: no cover - naturals only
        return ()
    top = len(meld_rules.run_ranks) - 1
    return tuple(
        (0b111 << low) & ~(1 << place)
        for place in meld_rules.places[rank]
        for low in range(max(place - 2, 0), min(place, top - 2) + 1)
    )


@functools.cache
def neighbours(card: Card, meld_rules: MeldRules) -> frozenset[Card]:
    """The cards of the card's suit within two places of it in a run.

    >>> from rummyrules import FourteenHundred, parse_cards
    >>> (card,) = parse_cards("KH")
    >>> sorted(str(c) for c in neighbours(card, FourteenHundred().meld_rules))
    ['AH', 'JH', 'QH']
    """
    return frozenset(
        other
        for other in STANDARD_CARDS
        if other.suit is card.suit and other != card and close(other, card, meld_rules)
    )


def close(one: Card, other: Card, meld_rules: MeldRules) -> bool:
    """Whether two natural cards could sit in one meld: one rank, or one suit nearby.

    Nearby is within two places on the run ladder, so that a run of three
    can hold both.

    >>> from rummyrules import Card, EndOfThePage
    >>> rules = EndOfThePage().meld_rules
    >>> close(Card.parse("7S"), Card.parse("9S"), rules)
    True
    >>> close(Card.parse("7S"), Card.parse("10S"), rules)
    False
    """
    if one.rank is other.rank:
        return True
    if one.suit is not other.suit or one.rank is None or other.rank is None:
        return False
    return any(
        abs(p - q) <= 2
        for p in meld_rules.places[one.rank]
        for q in meld_rules.places[other.rank]
    )
