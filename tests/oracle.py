"""A brute-force reference for melds, written from RULES.md alone (tests only).

Nothing here calls :mod:`rummyrules.melds`: the oracle enumerates every
sub-multiset of a hand and every meaning of its wild cards, and checks the
rule book's definitions directly (MELD-2 … MELD-6, EOP-7/8, F14-10/11/R8,
GOR-5/6/7/8). It uses the library only for its card values.

A *reading* is one way to lay cards down as a meld: its kind (``"set"`` or
``"run"``) and one ``(card, meaning)`` pair per card. A natural card means
itself (``None``); a wild means a :class:`Rank` in a set and a :class:`Card`
in a run (MELD-5). A run's pairs are in table order, low to high; a set's are
sorted. A meld of wild cards only, where a variant allows it, is one open meld (kind "wild")
whose wilds all mean ``None``.

The search in the library canonicalises two things, and :func:`canonical`
does the same so that results compare: identical cards give one result, and
in a run it does not matter which physical wild stands at which wild place.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import combinations, pairwise, permutations, product

from rummyrules import Card, Rank, Suit

Meaning = Card | Rank | None
Pair = tuple[Card, Meaning]
Reading = tuple[str, tuple[Pair, ...]]
Key = tuple[Hashable, ...]

SET = "set"
WILD = "wild"  # wild cards only, their meaning left open
RUN = "run"


@dataclass(frozen=True)
class Spec:
    """One variant's meld rules, as RULES.md states them.

    Attributes:
        name: For test ids.
        ladder: The ranks a run may use, low to high; a rank may appear twice
            (the Ace low and high) but never twice in one run.
        wild_gap: Natural cards needed between any two wilds (EOP-8).
        min_naturals: Natural cards a meld needs; 0 allows all-wild melds.
        run_rule: The rule that says which ranks a run uses (EOP-7, F14-10,
            GOR-5).
        wild_rule: The rule behind ``wild_gap`` and ``min_naturals`` (EOP-8,
            F14-R8; GOR-6, which limits nothing).
        ace_twice: Whether a run may use the Ace at both ends. No game
            allows it; :func:`lifted` does, to lift the run rule.
    """

    name: str
    ladder: tuple[Rank, ...]
    wild_gap: int
    min_naturals: int
    run_rule: str = "MELD-3"
    wild_rule: str = "MELD-4"
    ace_twice: bool = False


_TWO_TO_KING = tuple(Rank(value) for value in range(2, 14))

EOP = Spec(
    # EOP-7: runs 3 … K A, Aces high only, no 2s. EOP-8: two naturals
    # between any two wilds, so every meld holds at least two naturals.
    name="EOP",
    ladder=(*_TWO_TO_KING[1:], Rank.ACE),
    wild_gap=2,
    min_naturals=2,
    run_rule="EOP-7",
    wild_rule="EOP-8",
)
F14 = Spec(
    # F14-10: runs 2 … K A, Aces high only. F14-11: no spacing rule.
    # F14-R8: at least one natural card.
    name="F14",
    ladder=(*_TWO_TO_KING, Rank.ACE),
    wild_gap=0,
    min_naturals=1,
    run_rule="F14-10",
    wild_rule="F14-R8",
)
F14_ALL_WILD = replace(F14, name="F14-all-wild", min_naturals=0)
GOR = Spec(
    # GOR-5: the Ace low or high, never both in one run. GOR-6: any number of
    # WILDCARDs, a meld of WILDCARDs only included.
    name="GOR",
    ladder=(Rank.ACE, *_TWO_TO_KING, Rank.ACE),
    wild_gap=0,
    min_naturals=0,
    run_rule="GOR-5",
    wild_rule="GOR-6",
)


def is_wild(card: Card, wild: Rank | None) -> bool:
    """MELD-4: WILDCARDs, and every card of the round's wild rank."""
    return card.rank is None or (wild is not None and card.rank == wild)


def card_key(card: Card) -> tuple[int, str]:
    """A total order on cards: by rank value then suit letter, WILDCARD last."""
    if card.rank is None or card.suit is None:
        return (99, "")
    return (card.rank.value, card.suit.value)


def _meaning_key(meaning: Meaning) -> tuple[int, int, str]:
    if meaning is None:
        return (0, 0, "")
    if isinstance(meaning, Rank):
        return (1, meaning.value, "")
    rank, suit = card_key(meaning)
    return (2, rank, suit)


def pair_key(pair: Pair) -> tuple[tuple[int, str], tuple[int, int, str]]:
    """A total order on (card, meaning) pairs."""
    return (card_key(pair[0]), _meaning_key(pair[1]))


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards as a sorted tuple: one name for each multiset."""
    return tuple(sorted(cards, key=card_key))


@functools.cache
def _orderable(naturals: int, wilds: int, gap: int) -> bool:
    """Whether N naturals and W wilds can stand in a row with ≥ gap naturals
    between any two wilds (EOP-8 for a set, which has no fixed order).
    """
    size = naturals + wilds
    for places in combinations(range(size), wilds):
        if all(later - earlier - 1 >= gap for earlier, later in pairwise(places)):
            return True
    return False


def _set_readings(
    naturals: Sequence[Card], wilds: Sequence[Card], spec: Spec
) -> Iterator[Reading]:
    """MELD-2: three or more cards of one rank, the wilds standing for it."""
    for rank in Rank:
        if any(card.rank != rank for card in naturals):
            continue
        if not _orderable(len(naturals), len(wilds), spec.wild_gap):
            continue
        pairs: list[Pair] = [(card, None) for card in naturals]
        pairs += [(card, rank) for card in wilds]
        yield (SET, tuple(sorted(pairs, key=pair_key)))


def _run_readings(
    naturals: Sequence[Card], wilds: Sequence[Card], spec: Spec
) -> Iterator[Reading]:
    """MELD-3: consecutive places of one suit on the ladder, no rank twice."""
    size = len(naturals) + len(wilds)
    for suit in Suit:
        if any(card.suit != suit for card in naturals):
            continue
        for start in range(len(spec.ladder) - size + 1):
            window = spec.ladder[start : start + size]
            if len(set(window)) < size and not spec.ace_twice:
                continue  # no rank twice: never the Ace at both ends
            for places in _places(naturals, window):
                open_places = [i for i in range(size) if i not in places]
                # Every way the physical wilds can stand at the open places.
                for order in set(permutations(wilds)):
                    standing = dict(zip(open_places, order, strict=True))
                    layout = tuple(
                        (places[i], None)
                        if i in places
                        else (standing[i], Card(rank=rank, suit=suit))
                        for i, rank in enumerate(window)
                    )
                    if _spaced(layout, spec.wild_gap):
                        yield (RUN, layout)


def _places(
    naturals: Sequence[Card], window: Sequence[Rank]
) -> Iterator[dict[int, Card]]:
    """Every way the natural cards can stand in the window, each at a place of its rank.

    A rank has one place in a window, or two for the Ace in a window from the
    Ace low to the Ace high.
    """
    if not naturals:
        yield {}
        return
    first, rest = naturals[0], naturals[1:]
    for places in _places(rest, window):
        for place, rank in enumerate(window):
            if rank == first.rank and place not in places:
                yield {**places, place: first}


def _spaced(layout: Sequence[Pair], gap: int) -> bool:
    """EOP-8 in a run: any two wilds have ≥ gap natural cards between them."""
    wild_at = [i for i, (_, meaning) in enumerate(layout) if meaning is not None]
    for first, second in combinations(wild_at, 2):
        between = sum(1 for i in range(first + 1, second) if layout[i][1] is None)
        if between < gap:
            return False
    return True


@functools.lru_cache(maxsize=1 << 16)
def readings(
    cards: tuple[Card, ...], spec: Spec, wild: Rank | None
) -> frozenset[Reading]:
    """Every valid reading of exactly these cards as one meld.

    ``cards`` must be sorted (:func:`sort_cards`), so that the cache sees one
    key per multiset.
    """
    if len(cards) < 3:
        return frozenset()
    naturals = [card for card in cards if not is_wild(card, wild)]
    wilds = [card for card in cards if is_wild(card, wild)]
    if len(naturals) < spec.min_naturals:
        return frozenset()
    if not naturals:
        # All wild (allowed here): valid if any meaning works, listed once, open.
        if _orderable(0, len(wilds), spec.wild_gap):
            return frozenset({(WILD, tuple((card, None) for card in cards))})
        return frozenset()
    return frozenset(_set_readings(naturals, wilds, spec)) | frozenset(
        _run_readings(naturals, wilds, spec)
    )


def is_meld(cards: Iterable[Card], spec: Spec, wild: Rank | None) -> bool:
    """Whether these cards, all of them, make one valid meld."""
    return bool(readings(sort_cards(cards), spec, wild))


def canonical(kind: str, pairs: Iterable[Pair]) -> Key:
    """A reading's name up to what the library's search canonicalises.

    A set: its sorted pairs. A run: the cards it stands for, place by place,
    which places are wild, and the multiset of wild cards (not which wild
    stands where).
    """
    pairs = tuple(pairs)
    if kind in {SET, WILD}:
        return (kind, tuple(sorted(pairs, key=pair_key)))
    shown = tuple(card if meaning is None else meaning for card, meaning in pairs)
    wild_places = tuple(meaning is not None for _, meaning in pairs)
    wild_cards = sort_cards(card for card, meaning in pairs if meaning is not None)
    return (RUN, shown, wild_places, wild_cards)


def sub_multisets(hand: Iterable[Card]) -> Iterator[tuple[Card, ...]]:
    """Every distinct sub-multiset of the hand, each sorted."""
    counts = Counter(hand)
    distinct = sort_cards(counts)
    for choice in product(*(range(counts[card] + 1) for card in distinct)):
        yield sort_cards(
            card for card, n in zip(distinct, choice, strict=True) for _ in range(n)
        )


def all_melds(hand: Iterable[Card], spec: Spec, wild: Rank | None) -> set[Key]:
    """Every meld the hand can make, each reading once, canonicalised."""
    found: set[Key] = set()
    for cards in sub_multisets(hand):
        found.update(canonical(*reading) for reading in readings(cards, spec, wild))
    return found


def _meld_vectors(
    hand: Sequence[Card], spec: Spec, wild: Rank | None
) -> tuple[tuple[Card, ...], tuple[int, ...], list[tuple[int, ...]]]:
    """The hand's distinct cards, its counts of each, and each meld in it as counts."""
    distinct = sort_cards(set(hand))
    full = tuple(Counter(hand)[card] for card in distinct)
    melds = [
        tuple(Counter(cards)[card] for card in distinct)
        for cards in sub_multisets(hand)
        if is_meld(cards, spec, wild)
    ]
    return distinct, full, melds


def going_out(
    hand: Sequence[Card],
    spec: Spec,
    wild: Rank | None,
    *,
    single_meld: bool,
) -> tuple[bool, bool]:
    """Whether the hand can go out (GOR-7/8): with no card over, and with one.

    The second answer is whether some card can be left over with the rest
    laid out; it does not include the first.
    """
    if single_meld:
        whole = is_meld(hand, spec, wild)
        one_over = any(is_meld(_without(hand, card), spec, wild) for card in set(hand))
        return whole, one_over
    _, full, melds = _meld_vectors(hand, spec, wild)

    @functools.cache
    def cover(left: tuple[int, ...]) -> bool:
        first = next((i for i, n in enumerate(left) if n), None)
        if first is None:
            return True
        return any(
            meld[first]
            and all(n <= have for n, have in zip(meld, left, strict=True))
            and cover(tuple(have - n for n, have in zip(meld, left, strict=True)))
            for meld in melds
        )

    one_over = any(
        cover(tuple(n - (i == j) for j, n in enumerate(full))) for i in range(len(full))
    )
    return cover(full), one_over


def _without(hand: Sequence[Card], card: Card) -> list[Card]:
    rest = list(hand)
    rest.remove(card)
    return rest


def lay_offs(
    hand: Iterable[Card],
    pairs: Sequence[Pair],
    spec: Spec,
    wild: Rank | None,
) -> set[tuple[Card, Meaning, Key]]:
    """Every (card, its meaning, meld after) for one card laid off (MELD-6).

    The meld on the table keeps its wilds' meanings (EOP-R5): a reading of
    the cards after is allowed only if it holds every pair of the meld
    before. A meld of wilds only, left open, has no meanings to keep.
    """
    cards = [card for card, _ in pairs]
    open_meld = all(is_wild(card, wild) and meaning is None for card, meaning in pairs)
    kept = Counter() if open_meld else Counter(pairs)
    found: set[tuple[Card, Meaning, Key]] = set()
    for card in set(hand):
        for after_kind, after in readings(sort_cards([*cards, card]), spec, wild):
            if open_meld and not is_wild(card, wild) and after_kind != SET:
                continue  # the library's ruling: a natural makes an open meld a set
            new = Counter(after)
            if kept - new:
                continue
            if open_meld:
                meaning: Meaning = None
                if is_wild(card, wild):
                    # Wilds only, before and after: the meld stays open.
                    assert all(m is None for _, m in after)
            else:
                ((laid, meaning),) = (new - kept).elements()
                assert laid == card
            found.add((card, meaning, canonical(after_kind, after)))
    return found


def is_reading(kind: str, pairs: Sequence[Pair], spec: Spec, wild: Rank | None) -> bool:
    """Whether these (card, meaning) pairs are a valid meld, read as they stand.

    A run's pairs must be in table order. A meld of wild cards only may also
    be read as declared (:func:`_wilds_as_declared`); :func:`readings` lists
    such a meld only once, left open.
    """
    cards = sort_cards(card for card, _ in pairs)
    found = {canonical(*reading) for reading in readings(cards, spec, wild)}
    if canonical(kind, pairs) in found:
        return True
    return (
        len(pairs) >= 3
        and spec.min_naturals == 0
        and all(is_wild(card, wild) for card, _ in pairs)
        and _wilds_as_declared(kind, [meaning for _, meaning in pairs], spec)
    )


def _wilds_as_declared(kind: str, meanings: Sequence[Meaning], spec: Spec) -> bool:
    """Wild cards only, each declared: a set when all stand for one rank, a run
    when they stand for cards of one suit at consecutive places of the ladder,
    no rank twice (MELD-2, MELD-3, GOR-6).
    """
    if kind == SET:
        return all(isinstance(m, Rank) for m in meanings) and len(set(meanings)) == 1
    shown = [m for m in meanings if isinstance(m, Card)]
    if kind != RUN or len(shown) != len(meanings):
        return False
    ranks = [card.rank for card in shown]
    return (
        len({card.suit for card in shown}) == 1
        and len(set(ranks)) == len(ranks)
        and any(
            list(spec.ladder[start : start + len(ranks)]) == ranks
            for start in range(len(spec.ladder) - len(ranks) + 1)
        )
    )


def _lays_out(cards: Sequence[Card], spec: Spec, wild: Rank | None) -> bool:
    """Whether all these cards can be laid out as melds, every card in one (GOR-7)."""
    return next(partitions(cards, spec, wild), None) is not None


def partitions(
    hand: Sequence[Card], spec: Spec, wild: Rank | None
) -> Iterator[tuple[tuple[Card, ...], ...]]:
    """Every way to split all the cards into melds, each split once.

    A split is a sorted tuple of melds, each meld a sorted tuple of cards.
    The search puts the first card left into each meld that can hold it, so
    it may meet a split more than once; it is yielded the first time only.
    """
    distinct, full, melds = _meld_vectors(hand, spec, wild)

    def after(left: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], ...]]:
        """Each meld that holds the first card left, with what is left then."""
        first = next(i for i, n in enumerate(left) if n)
        for meld in melds:
            if meld[first] and all(
                n <= have for n, have in zip(meld, left, strict=True)
            ):
                rest = tuple(have - n for n, have in zip(meld, left, strict=True))
                yield meld, rest

    @functools.cache
    def possible(left: tuple[int, ...]) -> bool:
        return not any(left) or any(possible(rest) for _, rest in after(left))

    def splits(left: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], ...]]:
        if not any(left):
            yield ()
            return
        for meld, rest in after(left):
            if possible(rest):
                for more in splits(rest):
                    yield (meld, *more)

    seen: set[tuple[tuple[Card, ...], ...]] = set()
    for split in splits(full):
        named = tuple(
            sorted(
                (
                    sort_cards(
                        card
                        for card, n in zip(distinct, meld, strict=True)
                        for _ in range(n)
                    )
                    for meld in split
                ),
                key=lambda cards: [card_key(card) for card in cards],
            )
        )
        if named not in seen:
            seen.add(named)
            yield named


def going_out_leftovers(
    hand: Sequence[Card],
    spec: Spec,
    wild: Rank | None,
    *,
    single_meld: bool,
    leftover: bool,
) -> set[Card | None]:
    """Every way the hand can go out, by the card left over (GOR-7, GOR-8).

    None stands for going out with no card left over. With ``single_meld``
    the cards laid out must be one meld; without ``leftover`` no card may be
    left over (Going Out Major).
    """

    def lays_out(cards: Sequence[Card]) -> bool:
        if single_meld:
            return is_meld(cards, spec, wild)
        return _lays_out(cards, spec, wild)

    found: set[Card | None] = set()
    if lays_out(hand):
        found.add(None)
    if leftover:
        found.update(card for card in set(hand) if lays_out(_without(hand, card)))
    return found


def going_out_layouts(
    hand: Sequence[Card],
    spec: Spec,
    wild: Rank | None,
    *,
    single_meld: bool,
    leftover: bool,
) -> Iterator[tuple[Card | None, tuple[tuple[Card, ...], ...]]]:
    """Every way to go out: the card left over (or None) and the melds, as card tuples."""
    choices: list[Card | None] = [None]
    if leftover:
        choices += sort_cards(set(hand))
    for left in choices:
        rest = list(hand) if left is None else _without(hand, left)
        if single_meld:
            if is_meld(rest, spec, wild):
                yield left, (sort_cards(rest),)
        else:
            for split in partitions(rest, spec, wild):
                yield left, split


# --- Declarations, and which rule a refusal names ----------------------------

Given = tuple[tuple[Card, Meaning], ...]
"""Cards as a player writes them, each with its declaration (None: none)."""

LIFTABLE = ("run", "wilds", "declarations")
"""The rules a refusal may name, highest priority first: the variant's run
rule, its wild-card rule, and the declarations (MELD-5)."""

FULL_LADDER = (Rank.ACE, *_TWO_TO_KING, Rank.ACE)


def lifted(spec: Spec, *, run: bool, wilds: bool) -> tuple[Spec, ...]:
    """The spec with its run rule, its wild-card rule, or both, lifted.

    Without the wild-card rule, wilds need no spacing and a meld no natural
    card. Without the run rule (EOP-7, F14-10, GOR-5), the Ace may be low as
    well as high, a wild may stand for any rank, 2s included, End of the
    Page's A-3-4 (its ranks with the Ace low) is a run, and a run may use
    the Ace at both ends.
    """
    base = replace(spec, wild_gap=0, min_naturals=0) if wilds else spec
    if not run:
        return (base,)
    own = spec.ladder if spec.ladder[0] == Rank.ACE else (Rank.ACE, *spec.ladder)
    return tuple(
        replace(base, ladder=ladder, ace_twice=True)
        for ladder in dict.fromkeys([FULL_LADDER, own])
    )


def _shown_suit(given: Given, wild: Rank | None) -> bool:
    """Whether a natural card or a declared card shows the suit of a run."""
    return any(
        not is_wild(card, wild) or isinstance(meaning, Card) for card, meaning in given
    )


def _agrees(reading: Reading, given: Given, wild: Rank | None) -> bool:
    """Whether a reading gives every declared wild what it was declared as.

    In a set a wild stands for a rank, and a card declared means its rank;
    in a run a wild stands for a card, and a bare rank declared means that
    rank of the run's suit, when a natural or a declared card shows the suit.
    """
    kind, pairs = reading
    meanings: Counter[Pair] = Counter(pairs)
    wanted: Counter[Pair] = Counter()
    for card, meaning in given:
        if meaning is None:
            continue
        if kind == SET:
            wanted[card, meaning if isinstance(meaning, Rank) else meaning.rank] += 1
        elif kind == RUN and isinstance(meaning, Card):
            wanted[card, meaning] += 1
        elif kind == RUN and isinstance(meaning, Rank) and _shown_suit(given, wild):
            suit = next(m.suit for _, m in pairs if isinstance(m, Card))
            wanted[card, Card(rank=meaning, suit=suit)] += 1
        else:
            return False  # an open meld of wilds has no meanings to agree with
    return not wanted - meanings


def _decided(cards: tuple[Card, ...], spec: Spec) -> frozenset[Reading]:
    """Every set and run a meld of wild cards only could be, once declared."""
    if len(cards) < 3 or spec.min_naturals > 0:
        return frozenset()
    return frozenset(_set_readings([], cards, spec)) | frozenset(
        _run_readings([], cards, spec)
    )


def declared_readings(given: Given, spec: Spec, wild: Rank | None) -> set[Reading]:
    """Every valid reading of the cards that agrees with their declarations.

    Only a wild card may be declared (MELD-5): a natural card declared gives
    no reading at all.
    """
    cards = sort_cards(card for card, _ in given)
    if all(meaning is None for _, meaning in given):
        return set(readings(cards, spec, wild))
    if any(meaning is not None and not is_wild(c, wild) for c, meaning in given):
        return set()
    found = readings(cards, spec, wild)
    if all(is_wild(card, wild) for card in cards):
        found = _decided(cards, spec)
    return {reading for reading in found if _agrees(reading, given, wild)}


def cited_rule(given: Given, spec: Spec, wild: Rank | None) -> str | None:
    """The rule a refusal of these cards as one meld must name; None if valid.

    Fewer than three cards break the variant's meld rule, and a natural card
    declared breaks MELD-5, whatever else. Otherwise: the first rule (by
    :data:`LIFTABLE`) which, lifted alone, lets some reading through; if no
    one rule does, the first rule of the first pair that does, then all
    three; and only when nothing helps a shape rule: MELD-2 when the natural
    cards mix suits and repeat a rank, else MELD-3.
    """
    if len(given) < 3:
        return spec.run_rule
    if any(meaning is not None and not is_wild(c, wild) for c, meaning in given):
        return "MELD-5"
    if declared_readings(given, spec, wild):
        return None
    names = {"run": spec.run_rule, "wilds": spec.wild_rule, "declarations": "MELD-5"}
    for size in range(1, len(LIFTABLE) + 1):
        for lift in combinations(LIFTABLE, size):
            shown = (
                tuple((card, None) for card, _ in given)
                if "declarations" in lift
                else given
            )
            for relaxed in lifted(spec, run="run" in lift, wilds="wilds" in lift):
                if declared_readings(shown, relaxed, wild):
                    return names[lift[0]]
    naturals = [card for card, _ in given if not is_wild(card, wild)]
    mixed_suits = len({card.suit for card in naturals}) > 1
    repeated = len({card.rank for card in naturals}) < len(naturals)
    return "MELD-2" if mixed_suits and repeated else "MELD-3"
