"""What a meld is: validation and explanation (MELD-2 … MELD-6).

This module knows nothing of turns, players or scores. Each variant describes
its melds with a small frozen :class:`MeldRules` (where the Ace stands in a
run, how many natural cards must separate two wilds, how many natural cards a
meld needs) and every function here takes one. Searching a hand for melds
is in :mod:`rummyrules.meld_search`, going out in :mod:`rummyrules.layouts`.

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
from collections.abc import Iterable, Sequence
from itertools import product
from typing import Final

import attrs

from rummyrules.cards import BY_RANK_AND_SUIT, Card, Rank, Suit, card_key, parse_cards
from rummyrules.inputs import close_up

__all__ = [
    "Declaration",
    "Meld",
    "MeldCheck",
    "MeldKind",
    "MeldRules",
    "check",
    "is_wild",
    "parse_declared",
    "readings",
]

Declaration = Card | Rank
"""What a wild card is declared to stand for (a card in a run, a rank in a set)."""

_CARD: Final = BY_RANK_AND_SUIT
_card_key: Final = card_key


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
    """Only wild cards, whose meaning is left open, so any set or run will do.

    Only where a variant allows such melds (GOR-6; 1400 with
    ``all_wild_melds``, F14-R8). Declaring the wilds makes it a set or a run.
    """


@attrs.frozen(cache_hash=True)
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


@attrs.frozen(cache_hash=True)
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
    if "=" not in text:  # nothing declared: read the cards in one step
        plain = parse_cards(text)
        return plain, (None,) * len(plain)
    cards: list[Card] = []
    declared: list[Declaration | None] = []
    # Forgive spaces around the sign: "5H = 8S" is "5H=8S".
    text = close_up(text, "=")
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
