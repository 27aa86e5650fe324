"""Covering a whole hand by melds: the two searches behind going out (GOR-7).

:mod:`rummyrules.melds.layouts` asks them for a way to lay a hand out. Each
answer is a :data:`Cover`: the melds, and the one card left over (None when
none is). :class:`Partition` covers any hand under any meld rules; where
wild cards need no spacing, :class:`Cores` does it faster, placing the
natural cards first and counting the wilds.

>>> from rummyrules import GoingOutRummy, parse_cards
>>> from rummyrules.core.cards import card_key
>>> rules = GoingOutRummy().meld_rules
>>> cards = sorted(parse_cards("7S 7H 7D 8C 9C 10C JD"), key=card_key)
>>> search = Partition(cards, rules, None)
>>> melds, leftover = search.solve(search.full, spare=1)
>>> [str(meld) for meld in melds], str(leftover)
(['7S 7H 7D', '8C 9C 10C'], 'JD')
>>> melds, leftover = Cores(cards, rules, None).cover(leftover=True)
>>> [str(meld) for meld in melds], str(leftover)
(['7S 7H 7D', '8C 9C 10C'], 'JD')
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import product
from typing import Final, TypeAlias

import attrs

from rummyrules.core.cards import BY_RANK_AND_SUIT, Card, Rank, card_key
from rummyrules.melds.meld import Meld, MeldRules, is_wild
from rummyrules.melds.reading import readings
from rummyrules.melds.search import find_melds

__all__ = ["Cores", "Cover", "Partition"]

_CARD: Final = BY_RANK_AND_SUIT

Cover: TypeAlias = tuple[tuple[Meld, ...], Card | None]
"""A hand laid out: its melds, and the one card left over (None: no card)."""


class Partition:
    """Exact cover of a hand by melds, memoised on the cards still to place.

    A hand is a vector of counts over its distinct cards. The search always
    places the first card left (naturals sort before wilds), either as the
    one spare card or in a meld that contains it, so each layout is met once.

    >>> from rummyrules import GoingOutRummy, parse_cards
    >>> search = Partition(parse_cards("2H 3H 4H 9S"), GoingOutRummy().meld_rules, None)
    >>> search.full, search.solve(search.full, spare=0)
    ((1, 1, 1, 1), None)
    """

    def __init__(
        self, cards: Sequence[Card], meld_rules: MeldRules, wild: Rank | None
    ) -> None:
        self.kinds = sorted(set(cards), key=card_key)
        index = {card: i for i, card in enumerate(self.kinds)}
        counts = [0] * len(self.kinds)
        for card in cards:
            counts[index[card]] += 1
        self.full = tuple(counts)
        self.by_first: dict[int, list[tuple[tuple[int, ...], Meld]]] = {}
        for meld in find_melds(cards, meld_rules, wild=wild):
            need = [0] * len(self.kinds)
            for card in meld.cards:
                need[index[card]] += 1
            first = next(i for i, n in enumerate(need) if n)
            self.by_first.setdefault(first, []).append((tuple(need), meld))
        self.memo: dict[tuple[tuple[int, ...], int], bool] = {}

    def solve(self, left: tuple[int, ...], spare: int) -> Cover | None:
        """A cover of the cards ``left`` (counts, as :attr:`full`) leaving ``spare`` cards (0 or 1) over.

        >>> from rummyrules import GoingOutRummy, parse_cards
        >>> search = Partition(
        ...     parse_cards("2H 3H 4H 9S"), GoingOutRummy().meld_rules, None
        ... )
        >>> melds, leftover = search.solve(search.full, spare=1)
        >>> [str(meld) for meld in melds], str(leftover)
        (['2H 3H 4H'], '9S')
        """
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


class Cores:
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

    >>> from rummyrules import GoingOutRummy, parse_cards
    >>> cards = parse_cards("2H 3H 9S *")
    >>> search = Cores(cards, GoingOutRummy(wildcards=1).meld_rules, None)
    >>> [
    ...     (str(leftover), [str(meld) for meld in melds])
    ...     for melds, leftover in search.by_leftover([None, cards[2]])
    ... ]
    [('9S', ['*=AH 2H 3H'])]
    """

    def __init__(
        self, cards: Sequence[Card], meld_rules: MeldRules, wild: Rank | None
    ) -> None:
        self.rules = meld_rules
        self.wild = wild
        naturals = [card for card in cards if not is_wild(card, wild)]
        self.wild_cards = [card for card in cards if is_wild(card, wild)]
        self.kinds = sorted(set(naturals), key=card_key)
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

    def cover(self, *, leftover: bool) -> Cover | None:
        """A cover of the whole hand, with a card left over only if need be and ``leftover``.

        >>> from rummyrules import GoingOutRummy, parse_cards
        >>> search = Cores(parse_cards("2H 3H 4H"), GoingOutRummy().meld_rules, None)
        >>> [str(meld) for meld in search.cover(leftover=False)[0]]
        ['2H 3H 4H']
        """
        wilds = len(self.wild_cards)
        plan = self._solve(self.full, wilds, 0, 0, 0)
        if plan is None and leftover:
            plan = self._solve(self.full, wilds, 1, 0, 0)
        return None if plan is None else self._build(plan)

    def by_leftover(self, spares: Sequence[Card | None]) -> tuple[Cover, ...]:
        """A cover leaving each of these cards over (None: no card), for those that have one.

        One search serves every leftover: its memo is shared between them.

        >>> from rummyrules import GoingOutRummy, parse_cards
        >>> cards = parse_cards("2H 3H 4H 5H")
        >>> search = Cores(cards, GoingOutRummy().meld_rules, None)
        >>> [str(leftover) for _, leftover in search.by_leftover([None, *cards])]
        ['None', '2H', '5H']
        """
        found: list[Cover] = []
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

    def _build(self, plan: list[_Core | Card], spare: Card | None = None) -> Cover:
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
        return found, spare
