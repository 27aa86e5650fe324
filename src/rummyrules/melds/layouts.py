"""Going out: laying a whole hand down as melds (GOR-7, GOR-8).

The searches that cover a hand by melds are ``rummyrules.melds.cover``'s;
this module asks them, once a quick test has turned away any hand holding
more than one card that no meld could hold.

>>> from rummyrules import GoingOutRummy, parse_cards
>>> rules = GoingOutRummy().meld_rules
>>> print(find_going_out(parse_cards("7S 7H 7D 8C 9C 10C JD"), rules))
7S 7H 7D / 8C 9C 10C discard JD
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

import attrs

from rummyrules.core.cards import STANDARD_CARDS, WILDCARD_CODE, Card, Rank, card_key
from rummyrules.melds.cover import Cores, Partition
from rummyrules.melds.meld import Meld, MeldRules
from rummyrules.melds.reading import readings

__all__ = ["Layout", "find_going_out", "going_out_layouts"]


@attrs.frozen
class Layout:
    """A whole hand laid out as melds, with at most one card left over (GOR-7).

    >>> from rummyrules import GoingOutRummy
    >>> layout = GoingOutRummy(wildcards=1).find_going_out("7S 7H 7D AH 2H * KC")
    >>> [str(meld) for meld in layout.melds], str(layout.leftover)
    (['AH 2H *=3H', '7S 7H 7D'], 'KC')
    """

    melds: tuple[Meld, ...]
    leftover: Card | None

    def __str__(self) -> str:
        text = " / ".join(str(meld) for meld in self.melds)
        return text if self.leftover is None else f"{text} discard {self.leftover}"


def find_going_out(
    hand: Sequence[Card],
    meld_rules: MeldRules,
    *,
    wild: Rank | None = None,
    single_meld: bool = False,
    leftover: bool = True,
) -> Layout | None:
    """One way to lay the whole hand out as melds, or None if there is none.

    At most one card may be left over when ``leftover`` is true (GOR-7).
    With ``single_meld`` the cards laid out must form one meld (the Major
    and Minor variation, GOR-8: Major leaves nothing over, Minor may leave
    one card). Layouts that leave no card over are preferred.

    >>> from rummyrules import GoingOutRummy, parse_cards
    >>> rules = GoingOutRummy().meld_rules
    >>> print(find_going_out(parse_cards("2H 3H 4H 5H 6H 7H"), rules, single_meld=True))
    2H 3H 4H 5H 6H 7H
    >>> print(find_going_out(parse_cards("2H 3H 4H 9S 9C 9D"), rules, single_meld=True))
    None
    """
    cards = sorted(hand, key=card_key)
    if single_meld:
        return _single_meld_layout(cards, meld_rules, wild, leftover=leftover)
    if _wilds_are_free(meld_rules):
        found = Cores(cards, meld_rules, wild).cover(leftover=leftover)
    else:
        search = Partition(cards, meld_rules, wild)
        found = search.solve(search.full, spare=0)
        if found is None and leftover:
            found = search.solve(search.full, spare=1)
    return None if found is None else Layout(*found)


def going_out_layouts(
    hand: Sequence[Card],
    meld_rules: MeldRules,
    *,
    wild: Rank | None = None,
    single_meld: bool = False,
    leftover: bool = True,
) -> tuple[Layout, ...]:
    """One layout for each way the hand can go out: by what is left over.

    The layout that leaves nothing over comes first, if there is one; then
    one layout for each distinct card that can be the card left over (GOR-7,
    GOR-R1), in the order the library shows cards. Going out does not depend
    on how the melds are shown, only on which card is discarded, so these
    are all the choices a player really has.

    >>> from rummyrules import GoingOutRummy, parse_cards
    >>> rules = GoingOutRummy().meld_rules
    >>> for layout in going_out_layouts(parse_cards("7S 7H 7D 8C 9C 10C 10C"), rules):
    ...     print(layout)
    7S 7H 7D / 8C 9C 10C discard 10C
    >>> [
    ...     str(layout.leftover)
    ...     for layout in going_out_layouts(parse_cards("* * * 5D"), rules)
    ... ]
    ['None', '5D', '*']
    """
    most = 1 if leftover else 0
    lone = _lone_cards(hand, meld_rules, wild, most)
    if len(lone) > most:
        return ()  # a card that fits no meld can only be the one left over
    cards = sorted(hand, key=card_key)
    spares: list[Card | None] = [] if lone else [None]
    if leftover:
        spares.extend(dict.fromkeys(lone or cards))
    if not single_meld and _wilds_are_free(meld_rules):
        naturals = _naturals(cards, wild)
        wilds = len(cards) - len(naturals)
        if wilds and not _coverable(naturals, meld_rules, wilds, most):
            return ()
        # One search serves every leftover: its memo is shared between them.
        return tuple(
            Layout(*found)
            for found in Cores(cards, meld_rules, wild).by_leftover(spares)
        )
    found: list[Layout] = []
    for spare in spares:
        rest = list(cards)
        if spare is not None:
            rest.remove(spare)
        layout = find_going_out(
            rest, meld_rules, wild=wild, single_meld=single_meld, leftover=False
        )
        if layout is not None:
            found.append(Layout(melds=layout.melds, leftover=spare))
    return tuple(found)


def _wilds_are_free(meld_rules: MeldRules) -> bool:
    """Whether any wild is as good as any other: no spacing, one natural enough."""
    return meld_rules.wild_gap == 0 and meld_rules.min_naturals <= 1


def _naturals(cards: Sequence[Card], wild: Rank | None) -> list[Card]:
    """The cards that are no wild, told by their codes (a rank is a code over 4)."""
    return [card for card in cards if card < WILDCARD_CODE and card >> 2 != wild]


def _lone_cards(
    cards: Sequence[Card], meld_rules: MeldRules, wild: Rank | None, most: int
) -> list[Card]:
    """The natural cards that no meld made from this hand could hold.

    A quick test, run before any search: a card fits a set when its rank's
    copies and the wilds make three, and a run when some three places in a
    row around it are held in its suit or can be filled by wilds. The test
    stops once it has found more than ``most`` such cards.
    """
    naturals = _naturals(cards, wild)
    wilds = len(cards) - len(naturals)
    if wilds >= 2:
        return []  # two wilds make a meld with any card
    return _short_of(naturals, meld_rules, 3 - wilds, most)


def _short_of(
    naturals: Sequence[Card], meld_rules: MeldRules, need: int, most: int
) -> list[Card]:
    """The cards with fewer than ``need`` of these naturals (themselves included) in any meld.

    That is, no set or three places in a row in their suit holds ``need``
    of them. Stops once it has found more than ``most``. The hand's places
    are one integer, 16 bits a suit (see :func:`_ladder`), so that three in
    a row, or two within three places, are found for every card at once.
    """
    if need <= 1:
        return []
    lanes = _ladder(meld_rules)[0]
    held = 0
    ranks = [0] * _RANKS
    for card in naturals:
        held |= lanes[card]
        ranks[card >> 2] += 1
    if need == 2:
        near = held & (held >> 1 | held << 1 | held >> 2 | held << 2)
    else:
        starts = held & held >> 1 & held >> 2
        near = starts | starts << 1 | starts << 2
    short: list[Card] = []
    for card in naturals:
        if ranks[card >> 2] < need and not lanes[card] & near:
            short.append(card)
            if len(short) > most:
                break
    return short


def _coverable(
    naturals: Sequence[Card], meld_rules: MeldRules, wilds: int, most: int
) -> bool:
    """Whether the wilds could complete melds for the naturals in no natural meld.

    A necessary test, run before the search where wilds are free: such a
    card is the one left over or lies in a meld that needs wilds, a set of
    its rank (3 less its rank's naturals) or some places in a row in its suit
    (a wild for each place no natural of the hand fills). This asks whether
    at most ``most`` of them left over and melds needing at most ``wilds``
    wilds in all could hold them, each meld taking every such card it
    could; the search then finds whether the whole hand goes out.
    """
    dead = list(dict.fromkeys(_short_of(naturals, meld_rules, 3, len(naturals))))
    if len(dead) <= most:
        return True
    lanes, bits, spans = _ladder(meld_rules)
    held = 0
    ranks = [0] * _RANKS
    for card in naturals:
        held |= lanes[card]
        ranks[card >> 2] += 1
    options: list[dict[int, int]] = []
    for card in dead:
        rank, suit = card >> 2, card & 3
        found: dict[int, int] = {}
        cost = 3 - ranks[rank]
        if cost <= wilds:
            found[sum(1 << i for i, other in enumerate(dead) if other >> 2 == rank)] = (
                cost
            )
        room = held >> _LANE * suit & _PLACES
        longest = room.bit_count() + wilds
        for length, span in spans[card]:
            if length > longest:
                break
            cost = (span & ~room).bit_count()
            if cost <= wilds:
                covered = sum(
                    1 << i
                    for i, other in enumerate(dead)
                    if other & 3 == suit and bits[other] & span
                )
                if found.get(covered, wilds + 1) > cost:
                    found[covered] = cost
        options.append(found)
    return _covers((1 << len(dead)) - 1, options, wilds, most)


def _covers(left: int, options: list[dict[int, int]], wilds: int, spare: int) -> bool:
    """Whether the cards ``left`` (bits) fit these options within the wilds and spares."""
    if not left:
        return True
    low = left & -left
    if spare and _covers(left ^ low, options, wilds, spare - 1):
        return True
    return any(
        cost <= wilds and _covers(left & ~covered, options, wilds - cost, spare)
        for covered, cost in options[low.bit_length() - 1].items()
    )


_RANKS: Final = 16  # a card's code over 4 is its rank: 1 to 13, and the WILDCARD's 14
_LANE: Final = 16  # bits a suit takes in a hand's places: 14 places, and 2 empty
_PLACES: Final = (1 << _LANE) - 1


@functools.cache
def _ladder(
    meld_rules: MeldRules,
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[tuple[int, int], ...], ...]]:
    """By card code: its places on the run ladder as bits, in its suit's lane of a hand and alone; and every run's places around it (length, bits), shortest first.

    A ladder has at most 14 places (A to K, and the Ace again), so each
    lane keeps two empty bits at its top: no three in a row crosses into
    the next suit. Integers only, so that the garbage collector does not
    walk the memo.
    """
    top = len(meld_rules.run_ranks) - 1
    size = WILDCARD_CODE + 1
    lanes, bits = [0] * size, [0] * size
    spans: list[tuple[tuple[int, int], ...]] = [()] * size
    for card in STANDARD_CARDS:
        if card.rank is None:  # pragma: no cover - standard cards have ranks
            continue
        places = meld_rules.places[card.rank]
        bits[card] = sum(1 << place for place in places)
        lanes[card] = bits[card] << _LANE * (card & 3)
        around = {
            ((1 << length) - 1) << low: length
            for place in places
            for length in range(3, meld_rules.longest_run + 1)
            for low in range(
                max(place - length + 1, 0), min(place, top - length + 1) + 1
            )
        }
        spans[card] = tuple(sorted((length, span) for span, length in around.items()))
    return tuple(lanes), tuple(bits), tuple(spans)


def _single_meld_layout(
    cards: list[Card], meld_rules: MeldRules, wild: Rank | None, *, leftover: bool
) -> Layout | None:
    found = readings(cards, meld_rules, wild=wild)
    if found:
        return Layout(melds=(found[0],), leftover=None)
    if leftover:
        for index, card in enumerate(cards):
            if index and cards[index - 1] == card:
                continue
            found = readings(cards[:index] + cards[index + 1 :], meld_rules, wild=wild)
            if found:
                return Layout(melds=(found[0],), leftover=card)
    return None
