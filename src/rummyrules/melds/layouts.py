"""Going out: laying a whole hand down as melds (GOR-7, GOR-8).

>>> from rummyrules import GoingOutRummy, parse_cards
>>> rules = GoingOutRummy().meld_rules
>>> print(find_going_out(parse_cards("7S 7H 7D 8C 9C 10C JD"), rules))
7S 7H 7D / 8C 9C 10C discard JD
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from itertools import product
from typing import Final

import attrs

from rummyrules.core.cards import BY_RANK_AND_SUIT, STANDARD_CARDS, Card, Rank, card_key
from rummyrules.melds.meld import Meld, MeldRules, is_wild
from rummyrules.melds.reading import readings
from rummyrules.melds.search import find_melds

__all__ = ["Layout", "find_going_out", "going_out_layouts"]

_CARD: Final = BY_RANK_AND_SUIT
_card_key: Final = card_key


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
    rules: MeldRules,
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
    cards = sorted(hand, key=_card_key)
    if single_meld:
        return _single_meld_layout(cards, rules, wild, leftover=leftover)
    if rules.wild_gap == 0 and rules.min_naturals <= 1:
        return _Cores(cards, rules, wild).layout(leftover=leftover)
    search = _Partition(cards, rules, wild)
    found = search.solve(search.full, spare=0)
    if found is None and leftover:
        found = search.solve(search.full, spare=1)
    if found is None:
        return None
    melds, rest = found
    return Layout(melds=melds, leftover=rest)


def going_out_layouts(
    hand: Sequence[Card],
    rules: MeldRules,
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
    lone = _lone_cards(hand, rules, wild, most)
    if len(lone) > most:
        return ()  # a card that fits no meld can only be the one left over
    cards = sorted(hand, key=_card_key)
    spares: list[Card | None] = [] if lone else [None]
    if leftover:
        spares.extend(dict.fromkeys(lone or cards))
    if not single_meld and rules.wild_gap == 0 and rules.min_naturals <= 1:
        # One search serves every leftover: its memo is shared between them.
        return _Cores(cards, rules, wild).by_leftover(spares)
    found: list[Layout] = []
    for spare in spares:
        rest = list(cards)
        if spare is not None:
            rest.remove(spare)
        layout = find_going_out(
            rest, rules, wild=wild, single_meld=single_meld, leftover=False
        )
        if layout is not None:
            found.append(Layout(melds=layout.melds, leftover=spare))
    return tuple(found)


def _lone_cards(
    cards: Sequence[Card], rules: MeldRules, wild: Rank | None, most: int
) -> list[Card]:
    """The natural cards that no meld made from this hand could hold.

    A quick test, run before any search: a card fits a set when its rank's
    copies and the wilds make three, and a run when some three places in a
    row around it are held in its suit or can be filled by wilds. The test
    stops once it has found more than ``most`` such cards.
    """
    naturals = [
        card for card in cards if card.rank is not None and card.rank is not wild
    ]
    wilds = len(cards) - len(naturals)
    if wilds >= 2:
        return []  # two wilds make a meld with any card
    return _short_of(naturals, rules, 3 - wilds, most)


def _short_of(
    naturals: Sequence[Card], rules: MeldRules, need: int, most: int
) -> list[Card]:
    """The cards with fewer than ``need`` of these naturals (themselves included) in any meld.

    That is, no set or three places in a row in their suit holds ``need``
    of them. Stops once it has found more than ``most``.
    """
    bits, windows = _run_windows(rules)
    held: dict[object, int] = {}
    ranks: dict[object, int] = {}
    for card in naturals:
        held[card.suit] = held.get(card.suit, 0) | bits[card]
        ranks[card.rank] = ranks.get(card.rank, 0) + 1
    short: list[Card] = []
    for card in naturals:
        if ranks[card.rank] >= need:
            continue
        suit = held[card.suit]
        if not any((suit & window).bit_count() >= need for window in windows[card]):
            short.append(card)
            if len(short) > most:
                break
    return short


@functools.cache
def _run_windows(rules: MeldRules) -> tuple[dict[Card, int], dict[Card, list[int]]]:
    """Each card's places on the run ladder, as bits, and every three places in a row around it."""
    top = len(rules.run_ranks) - 1
    bits: dict[Card, int] = {}
    windows: dict[Card, list[int]] = {}
    for card in STANDARD_CARDS:
        if card.rank is None:  # pragma: no cover - standard cards have ranks
            continue
        places = rules.places[card.rank]
        bits[card] = sum(1 << place for place in places)
        windows[card] = [
            0b111 << low
            for place in places
            for low in range(max(place - 2, 0), min(place, top - 2) + 1)
        ]
    return bits, windows


def _single_meld_layout(
    cards: list[Card], rules: MeldRules, wild: Rank | None, *, leftover: bool
) -> Layout | None:
    found = readings(cards, rules, wild=wild)
    if found:
        return Layout(melds=(found[0],), leftover=None)
    if leftover:
        for index, card in enumerate(cards):
            if index and cards[index - 1] == card:
                continue
            found = readings(cards[:index] + cards[index + 1 :], rules, wild=wild)
            if found:
                return Layout(melds=(found[0],), leftover=card)
    return None


class _Partition:
    """Exact cover of a hand by melds, memoised on the cards still to place.

    A hand is a vector of counts over its distinct cards. The search always
    places the first card left (naturals sort before wilds), either as the
    one spare card or in a meld that contains it, so each layout is met once.
    """

    def __init__(self, cards: list[Card], rules: MeldRules, wild: Rank | None) -> None:
        self.kinds = sorted(set(cards), key=_card_key)
        index = {card: i for i, card in enumerate(self.kinds)}
        counts = [0] * len(self.kinds)
        for card in cards:
            counts[index[card]] += 1
        self.full = tuple(counts)
        self.by_first: dict[int, list[tuple[tuple[int, ...], Meld]]] = {}
        for meld in find_melds(cards, rules, wild=wild):
            need = [0] * len(self.kinds)
            for card in meld.cards:
                need[index[card]] += 1
            first = next(i for i, n in enumerate(need) if n)
            self.by_first.setdefault(first, []).append((tuple(need), meld))
        self.memo: dict[tuple[tuple[int, ...], int], bool] = {}

    def solve(
        self, left: tuple[int, ...], spare: int
    ) -> tuple[tuple[Meld, ...], Card | None] | None:
        first = next((i for i, n in enumerate(left) if n), None)
        if first is None:
            return ((), None)
        key = (left, spare)
        if self.memo.get(key) is False:
            return None
        if spare:
            rest = (*left[:first], left[first] - 1, *left[first + 1 :])
            found = self.solve(rest, 0)
            if found is not None:
                return (found[0], self.kinds[first])
        for need, meld in self.by_first.get(first, ()):
            if all(n <= have for n, have in zip(need, left, strict=True)):
                rest = tuple(have - n for n, have in zip(need, left, strict=True))
                found = self.solve(rest, spare)
                if found is not None:
                    return ((meld, *found[0]), found[1])
        self.memo[key] = False
        return None


@attrs.frozen
class _Core:
    """The natural cards of one meld, and how many wilds it needs and can take."""

    naturals: tuple[int, ...]  # counts per distinct natural card
    need: int
    room: int
    set_rank: int = 0  # a set's rank, as a bit; 0 for a run


class _Cores:
    """Going out when wilds are free (no spacing): cover the naturals by cores.

    Where wild cards need no spacing, every wild is as good as any other, so
    a layout is a partition of the natural cards into the cores of melds
    (the naturals of a set, or of a run with holes) plus a count of wilds:
    each core needs some (holes, and enough cards to make three) and can take
    more (a set any number, a run until it is as long as it can be). The
    search covers the first natural left by each core that contains it,
    memoising failures on what is left, and never builds a meld until it has
    found a layout. Two sets of one rank always merge into one that needs no
    more wilds, so each rank makes at most one set: the set made with the
    first card of a rank takes all the copies that no run will.
    """

    def __init__(self, cards: list[Card], rules: MeldRules, wild: Rank | None) -> None:
        self.rules = rules
        self.wild = wild
        naturals = [card for card in cards if not is_wild(card, wild)]
        self.wild_cards = [card for card in cards if is_wild(card, wild)]
        self.kinds = sorted(set(naturals), key=_card_key)
        self.index = {card: i for i, card in enumerate(self.kinds)}
        counts = [0] * len(self.kinds)
        for card in naturals:
            counts[self.index[card]] += 1
        self.full = tuple(counts)
        self.failed: set[tuple[tuple[int, ...], int, int, int, int]] = set()
        self.ladders: dict[tuple[int, int], list[int]] = {}
        self.runnable = [self._in_some_run(card) for card in self.kinds]

    def _in_some_run(self, card: Card) -> bool:
        """Whether any run of this hand could hold the card.

        Any run that holds it has three places in a row around it, filled by
        naturals of the hand or wilds; so it is enough to try those windows.
        """
        ladder = self.rules.run_ranks
        wilds = len(self.wild_cards)
        if card.rank is None:  # pragma: no cover - naturals only
            return False
        for place in self.rules.places[card.rank]:
            for low in range(place - 2, place + 1):
                window = range(max(low, 0), min(low + 3, len(ladder)))
                if len(window) < 3:
                    continue
                missing = sum(
                    _CARD[(ladder[p], card.suit)] not in self.index
                    for p in window
                    if p != place
                )
                if missing <= wilds:
                    return True
        return False

    def layout(self, *, leftover: bool) -> Layout | None:
        wilds = len(self.wild_cards)
        plan = self._solve(self.full, wilds, 0, 0, 0)
        if plan is None and leftover:
            plan = self._solve(self.full, wilds, 1, 0, 0)
        return None if plan is None else self._build(plan)

    def by_leftover(self, spares: Sequence[Card | None]) -> tuple[Layout, ...]:
        """A layout for each of these leftovers (None: no card left) that has one."""
        found: list[Layout] = []
        for spare in spares:
            left, wilds = self.full, len(self.wild_cards)
            if spare is None:
                pass
            elif is_wild(spare, self.wild):
                wilds -= 1
            else:
                i = self.index[spare]
                left = (*left[:i], left[i] - 1, *left[i + 1 :])
            plan = self._solve(left, wilds, 0, 0, 0)
            if plan is not None:
                found.append(self._build(plan, spare))
        return tuple(found)

    def _placed(self, wilds: int, room: int) -> bool:
        """Whether the wilds left fit: into the melds' room, or a meld of their own."""
        return wilds <= room or (wilds >= 3 and self.rules.all_wild_allowed)

    def _finishes(self, wilds: int, spare: int, room: int) -> bool:
        return self._placed(wilds, room) or (
            spare > 0 and wilds > 0 and self._placed(wilds - 1, room)
        )

    def _solve(
        self, left: tuple[int, ...], wilds: int, spare: int, room: int, sets: int
    ) -> list[_Core | Card] | None:
        first = next((i for i, n in enumerate(left) if n), None)
        if first is None:
            return [] if self._finishes(wilds, spare, room) else None
        key = (left, wilds, spare, room, sets)
        if key in self.failed:
            return None
        if spare:
            rest = (*left[:first], left[first] - 1, *left[first + 1 :])
            plan = self._solve(rest, wilds, 0, room, sets)
            if plan is not None:
                return [self.kinds[first], *plan]
        cap = len(self.wild_cards)
        for core in self._cores(first, left, wilds, sets, spare):
            rest = tuple(have - n for have, n in zip(left, core.naturals, strict=True))
            plan = self._solve(
                rest,
                wilds - core.need,
                spare,
                min(cap, room + core.room),
                sets | core.set_rank,
            )
            if plan is not None:
                return [core, *plan]
        self.failed.add(key)
        return None

    def _cores(
        self, first: int, left: tuple[int, ...], wilds: int, sets: int, spare: int
    ) -> list[_Core]:
        """Every core containing the first natural left that these wilds can complete.

        Cores that need the fewest wilds and hold the most naturals come
        first: they succeed soonest and give the most natural-looking layout.
        """
        rank = self.kinds[first].rank
        set_made = rank is not None and sets & (1 << rank)
        cores = [
            *(() if set_made else self._set_cores(first, left, wilds, spare)),
            *self._run_cores(first, left, wilds),
        ]
        cores.sort(key=lambda core: (core.need, -sum(core.naturals)))
        return cores

    def _set_cores(
        self, first: int, left: tuple[int, ...], wilds: int, spare: int
    ) -> Iterator[_Core]:
        rank = self.kinds[first].rank
        same = [i for i in range(first, len(self.kinds)) if self.kinds[i].rank is rank]
        # This is the rank's only set: a copy that no run can hold must join
        # it, or be the one card left over.
        ranges = [
            range(
                (1 if i == first else 0)
                if self.runnable[i]
                else max(left[i] - spare, 1 if i == first else 0),
                left[i] + 1,
            )
            for i in same
        ]
        for choice in product(*ranges):
            need = max(0, 3 - sum(choice))
            if need <= wilds:
                counts = [0] * len(self.kinds)
                for i, n in zip(same, choice, strict=True):
                    counts[i] = n
                yield _Core(
                    naturals=tuple(counts),
                    need=need,
                    room=len(self.wild_cards),
                    set_rank=1 << rank if rank is not None else 0,
                )

    def _run_cores(
        self, first: int, left: tuple[int, ...], wilds: int
    ) -> Iterator[_Core]:
        card = self.kinds[first]
        if card.rank is None or card.suit is None:  # pragma: no cover - naturals only
            return
        ladder = self.rules.run_ranks
        top = len(ladder) - 1
        for start in self.rules.places[card.rank]:
            # Every other natural of this run sorts after the first card, so
            # it lies above it, unless the first card is an Ace at the top.
            step = -1 if start == top and start != 0 else 1
            held = self.ladders.get((first, start))
            if held is None:
                held = self.ladders[first, start] = [
                    self.index.get(_CARD[(ladder[p], card.suit)], -1)
                    for p in range(start, -1 if step < 0 else top + 1, step)
                ]
            yield from self._walk(held, start, step, left, wilds)

    def _walk(
        self,
        held: list[int],
        start: int,
        step: int,
        left: tuple[int, ...],
        wilds: int,
    ) -> Iterator[_Core]:
        """Runs from the first card outwards: each place a natural or a hole."""
        rules = self.rules
        top = len(rules.run_ranks) - 1
        stack: list[tuple[int, tuple[int, ...], int]] = [(0, (held[0],), 0)]
        while stack:
            last, used, holes = stack.pop()
            span = last + 1
            low = start + last * step if step < 0 else start
            high = start if step < 0 else start + last
            room_below, room_above = low, top - high
            extend = max(0, 3 - span)
            free = min(room_below + room_above, rules.longest_run - span)
            if holes + extend <= wilds and extend <= free:
                counts = [0] * len(self.kinds)
                for i in used:
                    counts[i] += 1
                yield _Core(
                    naturals=tuple(counts), need=holes + extend, room=free - extend
                )
            for gap in range(wilds - holes + 1):
                nxt = last + gap + 1
                if nxt >= len(held) or nxt + 1 > rules.longest_run:
                    break
                kind = held[nxt]
                if kind >= 0 and left[kind] and kind not in used:
                    stack.append((nxt, (*used, kind), holes + gap))

    def _build(self, plan: list[_Core | Card], spare: Card | None = None) -> Layout:
        """Turn a plan into melds: give each core its wilds, then place the rest.

        ``spare`` is the card left over when the search was told it; otherwise
        the plan says (or, for a wild, what is left of the wilds does).
        """
        wilds = list(self.wild_cards)
        if spare is None:
            spare = next((item for item in plan if isinstance(item, Card)), None)
        elif is_wild(spare, self.wild):
            wilds.remove(spare)
        cores = [item for item in plan if isinstance(item, _Core)]
        groups: list[list[Card]] = []
        for core in cores:
            cards = [
                self.kinds[i] for i, n in enumerate(core.naturals) for _ in range(n)
            ]
            groups.append(cards + [wilds.pop() for _ in range(core.need)])
        room = sum(core.room for core in cores)
        if wilds and not self._placed(len(wilds), room):
            # The plan found that the spare card must be a wild one.
            spare = wilds.pop()
        if len(wilds) > room:
            groups.append(wilds)
            wilds = []
        for core, group in zip(cores, groups, strict=False):
            take = min(core.room, len(wilds))
            group.extend(wilds.pop() for _ in range(take))
        found = tuple(
            readings(group, self.rules, wild=self.wild)[0] for group in groups
        )
        return Layout(melds=found, leftover=spare)
