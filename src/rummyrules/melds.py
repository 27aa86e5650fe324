"""What a meld is: validation, explanation and search (MELD-2 … MELD-6).

This module knows nothing of turns, players or scores. Each variant describes
its melds with a small frozen :class:`MeldRules` (where the Ace stands in a
run, how many natural cards must separate two wilds, how many natural cards a
meld needs) and every function here takes one.

A meld on the table is a :class:`Meld`: its cards in table order (a run from
low to high) and, for each wild card, what it stands for (MELD-5): an exact
card in a run, a rank in a set.

>>> from rummyrules import EndOfThePage, parse_cards
>>> rules = EndOfThePage().meld_rules
>>> [str(meld) for meld in readings(parse_cards("7S 5H 9S"), rules, wild=Rank.FIVE)]
['7S 5H=8S 9S']
>>> print(check(parse_cards("9S 5H 5D QS KS"), rules, wild=Rank.FIVE))
invalid: wild cards 5H and 5D have only 0 natural cards between them; End of the Page needs 2 (EOP-8)
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations, product
from typing import Final

import attrs

from rummyrules.cards import WILDCARD, Card, Rank, Suit

__all__ = [
    "Declaration",
    "LayOff",
    "Layout",
    "Meld",
    "MeldCheck",
    "MeldKind",
    "MeldRules",
    "check",
    "find_going_out",
    "find_layoffs",
    "find_melds",
    "is_wild",
    "parse_declared",
    "readings",
]

Declaration = Card | Rank
"""What a wild card is declared to stand for (a card in a run, a rank in a set)."""

_SUIT_ORDER: Final = {suit: index for index, suit in enumerate(Suit)}
_CARD: Final = {
    (card.rank, card.suit): card
    for card in (Card(rank=rank, suit=suit) for suit in Suit for rank in Rank)
}


def _sort_key(card: Card) -> tuple[int, int]:
    """Sort key: by rank with the Ace low, then by suit; WILDCARDs last."""
    if card.rank is None or card.suit is None:
        return (99, 0)
    return (card.rank, _SUIT_ORDER[card.suit])


# Sorting is on every hot path: look the key up rather than compute it.
_card_key: Final = {
    card: _sort_key(card) for card in (*_CARD.values(), WILDCARD)
}.__getitem__


def is_wild(card: Card, wild: Rank | None) -> bool:
    """Whether a card is wild this round (MELD-4).

    ``wild`` is the round's wild rank (End of the Page, 1400); a WILDCARD is
    always wild.

    >>> is_wild(Card.parse("5H"), Rank.FIVE), is_wild(Card.parse("*"), None)
    (True, True)
    """
    return card.rank is None or card.rank is wild


class MeldKind(enum.Enum):
    """A set (cards of one rank, MELD-2) or a run (one suit in sequence, MELD-3).

    >>> MeldKind.RUN.value
    'run'
    """

    SET = "set"
    """Cards of one rank (MELD-2)."""
    RUN = "run"
    """Cards of one suit in sequence (MELD-3)."""
    WILD = "wild"
    """Wild cards only, their meaning left open: any set or run will do.

    Only where a variant allows such melds (GOR-6; 1400 with
    ``all_wild_melds``, F14-R8). Declaring the wilds makes it a set or a run.
    """


@attrs.frozen
class MeldRules:
    """What one variant allows in a meld.

    Attributes:
        game: The variant's name, for messages.
        run_ranks: The ranks a run may use, low to high. An Ace at both ends
            means it may be low or high (never both in one run).
        meld_rule: The rule ID that defines the variant's melds.
        wild_gap: How many natural cards must stand between two wild cards
            (positions in a run; in a set, any order that works).
        min_naturals: How many natural cards a meld needs; 0 allows melds of
            wild cards only.
        wild_rule: The rule ID behind ``wild_gap`` and ``min_naturals``.

    >>> from rummyrules import GoingOutRummy
    >>> GoingOutRummy().meld_rules.all_wild_allowed
    True
    """

    game: str
    run_ranks: tuple[Rank, ...]
    meld_rule: str
    wild_gap: int = 0
    min_naturals: int = 1
    wild_rule: str = "MELD-4"
    # Derived once, for speed: where each rank may stand in a run, and the
    # longest run (each rank at most once).
    places: dict[Rank, tuple[int, ...]] = attrs.field(
        init=False, eq=False, repr=False, hash=False
    )
    longest_run: int = attrs.field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        places = {
            rank: tuple(i for i, r in enumerate(self.run_ranks) if r is rank)
            for rank in Rank
        }
        object.__setattr__(self, "places", places)
        object.__setattr__(self, "longest_run", len(set(self.run_ranks)))

    @property
    def all_wild_allowed(self) -> bool:
        """Whether a meld may be made of wild cards only.

        >>> from rummyrules import EndOfThePage
        >>> EndOfThePage().meld_rules.all_wild_allowed
        False
        """
        return self.min_naturals == 0

    @property
    def ace_low(self) -> bool:
        """Whether a run may start with the Ace (A-2-3).

        >>> from rummyrules import FourteenHundred
        >>> FourteenHundred().meld_rules.ace_low
        False
        """
        return self.run_ranks[0] is Rank.ACE

    def max_wilds_in_set(self, naturals: int) -> int | None:
        """How many wilds a set with this many natural cards may hold (None: any).

        With a gap of two, the wilds and naturals can be laid W N N W N N W,
        so ``n`` naturals allow ``n // 2 + 1`` wilds (EOP-8).

        >>> from rummyrules import EndOfThePage
        >>> EndOfThePage().meld_rules.max_wilds_in_set(2)
        2
        """
        if self.wild_gap == 0:
            return None
        return naturals // self.wild_gap + 1


@attrs.frozen
class Meld:
    """A valid meld as it lies on the table.

    ``cards`` are in table order (a run from low to high). ``stands_for`` has
    one entry per card: ``None`` for a card that stands for itself, and for a
    wild card what it stands for (MELD-5): a :class:`Card` in a run, a
    :class:`Rank` in a set. A meld of wild cards only, where a variant allows
    it, may leave its wilds' meaning open (all ``None``): its kind is then
    :attr:`MeldKind.WILD`.

    >>> from rummyrules import FourteenHundred, parse_cards
    >>> meld = FourteenHundred().check_meld("4C 5C 9H=6C", wild="9").melds[0]
    >>> meld.kind, str(meld), meld.suit
    (<MeldKind.RUN: 'run'>, '4C 5C 9H=6C', <Suit.CLUBS: 'C'>)
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    stands_for: tuple[Declaration | None, ...]

    @property
    def rank(self) -> Rank | None:
        """A set's rank (None for a run, or for wild cards left open).

        >>> from rummyrules import EndOfThePage
        >>> EndOfThePage().check_meld("4H 4D 3S", wild="3").melds[0].rank
        <Rank.FOUR: 4>
        """
        if self.kind is not MeldKind.SET:
            return None
        for card, meaning in zip(self.cards, self.stands_for, strict=True):
            if isinstance(meaning, Rank):
                return meaning
            if meaning is None and card.rank is not None:
                return card.rank
        return None

    @property
    def suit(self) -> Suit | None:
        """A run's suit (None for a set).

        >>> from rummyrules import EndOfThePage
        >>> EndOfThePage().check_meld("JS QS KS").melds[0].suit
        <Suit.SPADES: 'S'>
        """
        if self.kind is not MeldKind.RUN:
            return None
        for card, meaning in zip(self.cards, self.stands_for, strict=True):
            if isinstance(meaning, Card):
                return meaning.suit
            if meaning is None:
                return card.suit
        return None  # pragma: no cover - a run always has a card with a suit

    def __str__(self) -> str:
        return " ".join(
            str(card) if meaning is None else f"{card}={meaning}"
            for card, meaning in zip(self.cards, self.stands_for, strict=True)
        )


@attrs.frozen
class MeldCheck:
    """The answer to "is this a valid meld?", with the reason when it is not.

    Truthy exactly when valid. ``melds`` lists every reading of the cards
    (MELD-5), in table order; ``reason`` and ``rule`` say what is wrong.

    >>> from rummyrules import EndOfThePage
    >>> result = EndOfThePage().check_meld("3H 3D 3C", wild="3")
    >>> bool(result), result.rule
    (False, 'EOP-8')
    >>> print(EndOfThePage().check_meld("7S 5H 9S", wild="5"))
    valid: run 7S 5H=8S 9S
    """

    ok: bool
    reason: str = ""
    rule: str | None = None
    melds: tuple[Meld, ...] = ()

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        if not self.ok:
            return f"invalid: {self.reason} ({self.rule})"
        return "valid: " + " or ".join(f"{m.kind.value} {m}" for m in self.melds)


@attrs.frozen
class LayOff:
    """One card laid off onto a meld on the table (MELD-6), and the meld after.

    >>> from rummyrules import EndOfThePage, parse_cards
    >>> rules = EndOfThePage()
    >>> meld = rules.check_meld("7S 8S 9S").melds[0]
    >>> [
    ...     str(lay.meld)
    ...     for lay in find_layoffs(parse_cards("10S"), meld, rules.meld_rules)
    ... ]
    ['7S 8S 9S 10S']
    """

    card: Card
    stands_for: Declaration | None
    meld: Meld


def parse_declared(
    text: str,
) -> tuple[tuple[Card, ...], tuple[Declaration | None, ...]]:
    """Read meld text with optional wild declarations (MELD-5).

    A wild is declared with ``=``: ``5H=8S`` (a card, in a run) or ``3S=4``
    (a rank, in a set).

    >>> cards, declared = parse_declared("7S 5H=8S 9S")
    >>> [str(c) for c in cards], [str(d) if d else None for d in declared]
    (['7S', '5H', '9S'], [None, '8S', None])
    >>> parse_declared("4H 3S=4")[1][1]
    <Rank.FOUR: 4>
    """
    cards: list[Card] = []
    declared: list[Declaration | None] = []
    for token in text.replace(",", " ").split():
        card_text, sign, meaning = token.partition("=")
        cards.append(Card.parse(card_text))
        if not sign:
            declared.append(None)
        elif meaning.strip().upper() in _RANK_TEXTS:
            declared.append(Rank.parse(meaning))
        else:
            declared.append(Card.parse(meaning))
    return tuple(cards), tuple(declared)


_RANK_TEXTS: Final = frozenset({str(rank) for rank in Rank} | {"T"})


def _failure(reason: str, rule: str) -> MeldCheck:
    return MeldCheck(ok=False, reason=reason, rule=rule)


def _text(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)


def _wild_key(item: tuple[Card, Declaration | None]) -> tuple[int, int]:
    return _card_key(item[0])


def _split(
    cards: Sequence[Card],
    wild: Rank | None,
    declared: Sequence[Declaration | None] | None,
) -> tuple[list[Card], list[tuple[Card, Declaration | None]]] | None:
    """Separate natural cards from wild ones, with their declarations.

    None when a natural card carries a declaration: only wilds stand for
    something else (MELD-5).
    """
    naturals: list[Card] = []
    wilds: list[tuple[Card, Declaration | None]] = []
    if declared is None:
        for card in cards:
            if card.rank is None or card.rank is wild:
                wilds.append((card, None))
            else:
                naturals.append(card)
        return naturals, wilds
    for card, meaning in zip(cards, declared, strict=True):
        if card.rank is None or card.rank is wild:
            wilds.append((card, meaning))
        elif meaning is not None:
            return None
        else:
            naturals.append(card)
    return naturals, wilds


def readings(
    cards: Sequence[Card],
    rules: MeldRules,
    *,
    wild: Rank | None = None,
    declared: Sequence[Declaration | None] | None = None,
) -> tuple[Meld, ...]:
    """Every valid reading of these cards as one meld, in table order.

    ``declared`` may give, card by card, what each wild stands for; a reading
    must then agree with every declaration (MELD-5). The order of ``cards``
    does not matter. An empty answer means the cards are no meld; :func:`check`
    says why.

    >>> from rummyrules import GoingOutRummy, parse_cards
    >>> rules = GoingOutRummy().meld_rules
    >>> [str(meld) for meld in readings(parse_cards("4C 5C *"), rules)]
    ['*=3C 4C 5C', '4C 5C *=6C']
    """
    if len(cards) < 3:
        return ()
    split = _split(cards, wild, declared)
    if split is None:
        return ()
    naturals, wilds = split
    if len(naturals) < rules.min_naturals:
        return ()
    if not wilds:
        return _natural_readings(naturals, rules)
    found = _run_readings(naturals, wilds, rules)
    as_set = _set_reading(naturals, wilds, rules)
    if as_set is not None:
        found.insert(0, as_set)
    return tuple(found)


def _natural_readings(naturals: list[Card], rules: MeldRules) -> tuple[Meld, ...]:
    """The readings of a meld without wilds: one set, or one run at most."""
    first = naturals[0]
    count = len(naturals)
    if all(card.rank is first.rank for card in naturals):
        as_set = tuple(sorted(naturals, key=_card_key))
        return (Meld(kind=MeldKind.SET, cards=as_set, stands_for=(None,) * count),)
    if any(card.suit is not first.suit for card in naturals):
        return ()
    if count != len({card.rank for card in naturals}):
        return ()  # a run holds each rank once (an Ace never at both ends)
    places = rules.places
    found: list[Meld] = []
    # More than one placement only where an Ace may stand low or high.
    for placement in product(*(places[card.rank] for card in naturals if card.rank)):
        low = min(placement)
        if max(placement) - low + 1 == count:
            in_order = [first] * count
            for card, position in zip(naturals, placement, strict=True):
                in_order[position - low] = card
            as_run = tuple(in_order)
            found.append(
                Meld(kind=MeldKind.RUN, cards=as_run, stands_for=(None,) * count)
            )
    return tuple(found)


def _set_reading(
    naturals: list[Card],
    wilds: list[tuple[Card, Declaration | None]],
    rules: MeldRules,
) -> Meld | None:
    rank: Rank | None = naturals[0].rank if naturals else None
    for card in naturals:
        if card.rank is not rank:
            return None
    if rules.wild_gap and len(wilds) > len(naturals) // rules.wild_gap + 1:
        return None
    for _, meaning in wilds:
        if meaning is None:
            continue
        declared_rank = meaning if isinstance(meaning, Rank) else meaning.rank
        if rank is None:
            rank = declared_rank
        elif declared_rank is not rank:
            return None
    ordered_wilds = sorted(wilds, key=_wild_key)
    return Meld(
        kind=MeldKind.SET if rank is not None else MeldKind.WILD,
        cards=tuple(sorted(naturals, key=_card_key))
        + tuple(card for card, _ in ordered_wilds),
        stands_for=(None,) * len(naturals) + (rank,) * len(wilds)
        if rank is not None and wilds
        else (None,) * (len(naturals) + len(wilds)),
    )


_Anchor = tuple[Card, Rank, Declaration | None]
"""A card whose place in a run is fixed: a natural, or a declared wild."""


def _run_anchors(
    naturals: list[Card], wilds: list[tuple[Card, Declaration | None]]
) -> tuple[Suit, list[_Anchor], list[Card]] | None:
    """The run's suit, its anchored cards and its free wilds; None if no run."""
    suit: Suit | None = naturals[0].suit if naturals else None
    anchors: list[_Anchor] = []
    for card in naturals:
        if card.suit is not suit or card.rank is None:
            return None
        anchors.append((card, card.rank, None))
    free: list[Card] = []
    for card, meaning in wilds:
        if meaning is None:
            free.append(card)
        elif isinstance(meaning, Rank):
            anchors.append((card, meaning, meaning))
        elif meaning.rank is None or (suit is not None and meaning.suit is not suit):
            return None
        else:
            suit = meaning.suit
            anchors.append((card, meaning.rank, meaning))
    if suit is None:
        return None  # all wild and undeclared: the open set reading covers it
    free.sort(key=_card_key)
    return suit, anchors, free


def _run_readings(
    naturals: list[Card],
    wilds: list[tuple[Card, Declaration | None]],
    rules: MeldRules,
) -> list[Meld]:
    found: list[Meld] = []
    anchored = _run_anchors(naturals, wilds)
    if anchored is None:
        return found
    suit, anchors, free = anchored
    ladder = rules.run_ranks
    longest = rules.longest_run
    places = rules.places
    for placement in product(*(places[rank] for _, rank, _ in anchors)):
        if len(set(placement)) < len(placement):
            continue
        low, high = min(placement), max(placement)
        extra = len(free) - (high - low + 1 - len(placement))
        by_position = dict(zip(placement, anchors, strict=True))
        # Spare wilds extend the run; try every split between its two ends.
        for below in range(extra, -1, -1):
            start, end = low - below, high + extra - below
            if start >= 0 and end < len(ladder) and end - start + 1 <= longest:
                meld = _lay_run(range(start, end + 1), by_position, free, suit, rules)
                if meld is not None:
                    found.append(meld)
    return found


def _lay_run(
    span: range,
    by_position: dict[int, _Anchor],
    free: list[Card],
    suit: Suit,
    rules: MeldRules,
) -> Meld | None:
    """The run over ``span``, the free wilds filling its holes in order."""
    cards: list[Card] = []
    meanings: list[Declaration | None] = []
    free_iter = iter(free)
    last_wild = -99
    for position in span:
        anchor = by_position.get(position)
        if anchor is not None and anchor[2] is None:
            cards.append(anchor[0])
            meanings.append(None)
            continue
        if position - last_wild <= rules.wild_gap:
            return None
        last_wild = position
        cards.append(anchor[0] if anchor is not None else next(free_iter))
        meanings.append(_CARD[(rules.run_ranks[position], suit)])
    return Meld(kind=MeldKind.RUN, cards=tuple(cards), stands_for=tuple(meanings))


def check(
    cards: Sequence[Card],
    rules: MeldRules,
    *,
    wild: Rank | None = None,
    declared: Sequence[Declaration | None] | None = None,
) -> MeldCheck:
    """Check one meld and explain, with the rule ID, why it is not valid.

    >>> from rummyrules import EndOfThePage, parse_cards
    >>> rules = EndOfThePage().meld_rules
    >>> check(parse_cards("AS 3S 4S"), rules).reason
    'Aces are high only in End of the Page runs, so AS 3S 4S is no run'
    """
    found = readings(cards, rules, wild=wild, declared=declared)
    if found:
        return MeldCheck(ok=True, melds=found)
    return _explain(cards, rules, wild, declared)


def _explain(  # noqa: PLR0911, PLR0912 - one branch per way a meld can fail
    cards: Sequence[Card],
    rules: MeldRules,
    wild: Rank | None,
    declared: Sequence[Declaration | None] | None,
) -> MeldCheck:
    text = _text(cards)
    if len(cards) < 3:
        given = f"{text} is only {len(cards)}" if cards else "none were given"
        return _failure(f"a meld needs at least 3 cards, and {given}", rules.meld_rule)
    if declared is not None:
        for card, meaning in zip(cards, declared, strict=True):
            if meaning is not None and not is_wild(card, wild):
                return _failure(
                    f"{card} is not wild, so it cannot be declared as {meaning}",
                    "MELD-5",
                )
    split = _split(cards, wild, declared)
    if split is None:  # pragma: no cover - declared naturals were refused above
        raise AssertionError(declared)
    naturals, wilds = split
    if len(naturals) < rules.min_naturals:
        need = rules.min_naturals
        plural = "card" if need == 1 else "cards"
        return _failure(
            f"a meld needs at least {need} natural {plural} in {rules.game}, "
            f"and {text} has {len(naturals)}",
            rules.wild_rule,
        )
    if not naturals:
        return _failure(
            f"the declarations in {text} do not make one set or one run", "MELD-5"
        )
    same_rank = len({card.rank for card in naturals}) <= 1
    same_suit = len({card.suit for card in naturals}) <= 1
    if same_rank and len(naturals) >= 2:
        limit = rules.max_wilds_in_set(len(naturals))
        if limit is not None and len(wilds) > limit:
            return _failure(
                f"a set with {len(naturals)} natural cards may hold at most "
                f"{limit} wild cards in {rules.game}, which needs "
                f"{rules.wild_gap} natural cards between any two wilds; "
                f"{text} has {len(wilds)}",
                rules.wild_rule,
            )
        rank = naturals[0].rank
        for card, meaning in wilds:
            if meaning is None:
                continue
            if (meaning if isinstance(meaning, Rank) else meaning.rank) is not rank:
                return _failure(
                    f"{card} is declared as {meaning}, but {text} is a set of {rank}s",
                    "MELD-5",
                )
        # A set of one rank fails only on spacing or on a declaration.
        raise AssertionError(text)  # pragma: no cover
    if not same_rank and not same_suit:
        rule = "MELD-2" if len({c.rank for c in naturals}) < len(naturals) else "MELD-3"
        ranks = sorted({c.rank for c in naturals if c.rank is not None})
        return _failure(
            f"{text} is neither a set (it mixes ranks {ranks[0]} and {ranks[-1]}) "
            "nor a run (it mixes suits)",
            rule,
        )
    if not same_rank and len({c.rank for c in naturals}) < len(naturals):
        return _failure(
            f"{text} is no set (it mixes ranks) and no run (a run holds each rank "
            "once)",
            "MELD-3",
        )
    # Naturals of one suit and different ranks: a run that does not fit.
    ladder = rules.run_ranks
    for card in naturals:
        if card.rank not in ladder:
            return _failure(
                f"{rules.game} runs use {ladder[0]} to {ladder[-1]}, so {card} "
                "cannot be in a run",
                rules.meld_rule,
            )
    ranks_held = {card.rank for card in naturals if card.rank is not None}
    if Rank.ACE in ranks_held and len(ranks_held) > 1:
        others = [int(rank) for rank in ranks_held if rank is not Rank.ACE]
        if Rank.KING in ranks_held and Rank.TWO in ranks_held:
            return _failure(
                "a run never turns the corner from King through Ace to 2, so "
                f"{text} is no run",
                "MELD-3",
            )
        if not rules.ace_low and max(others) - 1 < 14 - min(others):
            return _failure(
                f"Aces are high only in {rules.game} runs, so {text} is no run",
                rules.meld_rule,
            )
    spans = [
        (max(p) - min(p) + 1 - len(p), p)
        for p in product(*(rules.places[c.rank] for c in naturals if c.rank))
    ]
    holes, placement = min(spans)
    if holes > len(wilds):
        missing = [
            str(_CARD[(ladder[i], naturals[0].suit)])
            for i in range(min(placement), max(placement) + 1)
            if i not in placement
        ]
        return _failure(
            f"{text} has gaps at {' '.join(missing)}; filling them takes "
            f"{holes} wild card{'' if holes == 1 else 's'}, and there "
            f"{'is' if len(wilds) == 1 else 'are'} {len(wilds)}",
            "MELD-3",
        )
    if declared is not None and any(meaning is not None for _, meaning in wilds):
        return _failure(
            f"the declared wild cards in {text} do not fit a run of "
            f"{naturals[0].suit.name.lower() if naturals and naturals[0].suit else 'one suit'}",
            "MELD-5",
        )
    if rules.wild_gap:
        pair = _closest_wilds(wilds, rules, placement)
        if pair is not None:
            first, second, between = pair
            return _failure(
                f"wild cards {first} and {second} have only {between} natural "
                f"card{'' if between == 1 else 's'} between them; "
                f"{rules.game} needs {rules.wild_gap}",
                rules.wild_rule,
            )
    if len(cards) > rules.longest_run:
        return _failure(
            f"{text} is longer than a run can be: {rules.game} runs go from "
            f"{ladder[0]} to {ladder[-1]}",
            rules.meld_rule,
        )
    return _failure(  # pragma: no cover - every failing run is explained above
        f"{text} does not fit in a {rules.game} run", rules.meld_rule
    )


def _closest_wilds(
    wilds: list[tuple[Card, Declaration | None]],
    rules: MeldRules,
    placement: tuple[int, ...],
) -> tuple[Card, Card, int] | None:
    """The first two wilds that stand too close in the tightest run layout."""
    occupied = set(placement)
    low, high = min(placement), max(placement)
    holes = [i for i in range(low, high + 1) if i not in occupied]
    free = sorted((card for card, _ in wilds), key=_card_key)
    spare = len(free) - len(holes)
    # Spare wilds go below the run first, as the gap rule is checked low to high.
    below = list(range(low - spare, low))
    positions = sorted(below + holes)
    for (first, p1), (second, p2) in zip(
        zip(free, positions, strict=False),
        zip(free[1:], positions[1:], strict=False),
        strict=False,
    ):
        if p2 - p1 <= rules.wild_gap:
            return first, second, p2 - p1 - 1
    return None


def _sub_multisets(cards: Sequence[Card], size: int) -> list[tuple[Card, ...]]:
    """Distinct sub-multisets of the given size, each sorted."""
    ordered = sorted(cards, key=_card_key)
    return sorted(
        set(combinations(ordered, size)), key=lambda t: [_card_key(c) for c in t]
    )


def find_melds(
    hand: Iterable[Card], rules: MeldRules, *, wild: Rank | None = None
) -> tuple[Meld, ...]:
    """Every valid meld the hand can make, each reading of its wilds listed.

    Identical cards (the same rank and suit from different decks) give one
    result, not several. A meld of wild cards only is listed once, its
    meaning left open (:attr:`MeldKind.WILD`).

    >>> from rummyrules import EndOfThePage, parse_cards
    >>> rules = EndOfThePage().meld_rules
    >>> [
    ...     str(m)
    ...     for m in find_melds(parse_cards("7S 8S 9S 9H 5H"), rules, wild=Rank.FIVE)
    ... ]
    ['9S 9H 5H=9', '5H=6S 7S 8S', '5H=6S 7S 8S 9S', '5H=7S 8S 9S', '7S 5H=8S 9S', '7S 8S 9S', '7S 8S 5H=9S', '7S 8S 9S 5H=10S', '8S 9S 5H=10S']
    """
    cards = list(hand)
    naturals = [card for card in cards if not is_wild(card, wild)]
    wild_cards = [card for card in cards if is_wild(card, wild)]
    subsets = [_sub_multisets(wild_cards, size) for size in range(len(wild_cards) + 1)]
    found: list[Meld] = []
    found.extend(_search_sets(naturals, subsets, rules))
    found.extend(_search_runs(naturals, subsets, rules))
    return tuple(found)


def _search_sets(
    naturals: list[Card], subsets: list[list[tuple[Card, ...]]], rules: MeldRules
) -> Iterator[Meld]:
    wild_count = len(subsets) - 1
    by_rank: dict[Rank, Counter[Card]] = {}
    for card in naturals:
        if card.rank is not None:
            by_rank.setdefault(card.rank, Counter())[card] += 1
    for rank in sorted(by_rank):
        distinct = sorted(by_rank[rank], key=_card_key)
        counts = [by_rank[rank][card] for card in distinct]
        for choice in product(*(range(count + 1) for count in counts)):
            size = sum(choice)
            if size == 0 or size < rules.min_naturals:
                continue
            chosen = tuple(
                card for card, n in zip(distinct, choice, strict=True) for _ in range(n)
            )
            limit = rules.max_wilds_in_set(size)
            most = wild_count if limit is None else min(limit, wild_count)
            for w in range(max(0, 3 - size), most + 1):
                for extra in subsets[w]:
                    yield Meld(
                        kind=MeldKind.SET,
                        cards=chosen + extra,
                        stands_for=(None,) * size + (rank,) * w,
                    )
    if rules.all_wild_allowed:
        for w in range(3, wild_count + 1):
            for extra in subsets[w]:
                yield Meld(kind=MeldKind.WILD, cards=extra, stands_for=(None,) * w)


def _search_runs(
    naturals: list[Card], subsets: list[list[tuple[Card, ...]]], rules: MeldRules
) -> Iterator[Meld]:
    natural_set = set(naturals)
    held_suits = {card.suit for card in naturals if card.suit is not None}
    run = MeldKind.RUN
    for suit in sorted(held_suits, key=_SUIT_ORDER.__getitem__):
        targets = [_CARD[(rank, suit)] for rank in rules.run_ranks]
        held = [card in natural_set for card in targets]
        for start, end, wild_at in _run_patterns(held, rules, len(subsets) - 1):
            # One pattern, many melds: only the wild cards differ between them.
            base = targets[start : end + 1]
            slots = [position - start for position in wild_at]
            meanings = tuple(
                targets[start + i] if i in slots else None for i in range(len(base))
            )
            for extra in subsets[len(wild_at)]:
                cards = base.copy()
                for slot, card in zip(slots, extra, strict=True):
                    cards[slot] = card
                yield Meld(kind=run, cards=tuple(cards), stands_for=meanings)


def _run_patterns(
    held: list[bool], rules: MeldRules, wild_count: int
) -> list[tuple[int, int, tuple[int, ...]]]:
    """Every run of one suit as (first, last, wild positions).

    Depth-first from each starting place: each next place is the natural
    card (when held) or a wild (when one is left and far enough from the
    last wild), so each pattern is met exactly once.
    """
    longest = rules.longest_run
    need = max(1, rules.min_naturals)
    patterns: list[tuple[int, int, tuple[int, ...]]] = []
    for start in range(len(held)):
        stack: list[tuple[int, tuple[int, ...], int]] = [(start, (), 0)]
        while stack:
            position, wild_at, naturals = stack.pop()
            if position >= len(held) or position - start >= longest:
                continue
            steps: list[tuple[tuple[int, ...], int]] = []
            if held[position]:
                steps.append((wild_at, naturals + 1))
            if len(wild_at) < wild_count and (
                not wild_at or position - wild_at[-1] > rules.wild_gap
            ):
                steps.append(((*wild_at, position), naturals))
            for step_wilds, step_naturals in steps:
                if position - start >= 2 and step_naturals >= need:
                    patterns.append((start, position, step_wilds))
                stack.append((position + 1, step_wilds, step_naturals))
    return patterns


def find_layoffs(
    hand: Iterable[Card],
    meld: Meld,
    rules: MeldRules,
    *,
    wild: Rank | None = None,
) -> tuple[LayOff, ...]:
    """Every valid way to lay one card of the hand off onto a meld (MELD-6).

    The meld's own wild cards keep their meanings (EOP-R5); a wild laid off
    may have several (either end of a run). Identical cards give one result.

    >>> from rummyrules import EndOfThePage, parse_cards
    >>> rules = EndOfThePage()
    >>> meld = rules.check_meld("7S 8S 9S").melds[0]
    >>> hand = parse_cards("5H 6S")
    >>> [
    ...     str(lay.meld)
    ...     for lay in find_layoffs(hand, meld, rules.meld_rules, wild=Rank.FIVE)
    ... ]
    ['5H=6S 7S 8S 9S', '7S 8S 9S 5H=10S', '6S 7S 8S 9S']
    """
    fixed = (*meld.stands_for, None)
    return tuple(
        LayOff(card=card, stands_for=_new_meaning(meld, after, card, wild), meld=after)
        for card in sorted(set(hand), key=_card_key)
        for after in readings((*meld.cards, card), rules, wild=wild, declared=fixed)
    )


def _new_meaning(
    before: Meld, after: Meld, card: Card, wild: Rank | None
) -> Declaration | None:
    """What the laid-off card stands for in the meld after the lay-off."""
    if not is_wild(card, wild) or after.kind is MeldKind.WILD:
        return None
    if after.kind is MeldKind.SET:
        return after.rank
    (meaning,) = set(after.stands_for) - set(before.stands_for) - {None}
    return meaning


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

    def _build(self, plan: list[_Core | Card]) -> Layout:
        """Turn a plan into melds: give each core its wilds, then place the rest."""
        wilds = list(self.wild_cards)
        spare = next((item for item in plan if isinstance(item, Card)), None)
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
