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
import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import pairwise, product
from typing import Final

import attrs

from rummyrules.core.cards import (
    BY_RANK_AND_SUIT,
    Card,
    Rank,
    Suit,
    card_key,
    parse_cards,
)
from rummyrules.core.errors import CardParseError
from rummyrules.core.hands import some_cards
from rummyrules.core.inputs import close_up

__all__ = [
    "Declaration",
    "Meld",
    "MeldCheck",
    "MeldKind",
    "MeldRules",
    "canonical_declaration",
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
        ace_at_both_ends: Whether a run may hold the Ace low and high at
            once, as long as the whole ladder. No game allows it (GOR-5);
            explaining a refusal lifts it, to tell a run that is only too
            long.

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
    ace_at_both_ends: bool = False
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
        longest = len(self.run_ranks if self.ace_at_both_ends else set(self.run_ranks))
        object.__setattr__(self, "longest_run", longest)

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
    (a rank, in a set). The other form is read too, the way the meld needs
    it (:func:`canonical_declaration`): a card in a set means its rank, a
    bare rank in a run means that rank of the run's suit. A wild stands for
    a rank or a card, never for a WILDCARD.

    >>> cards, declared = parse_declared("7S 5H=8S 9S")
    >>> [str(c) for c in cards], [str(d) if d else None for d in declared]
    (['7S', '5H', '9S'], [None, '8S', None])
    >>> parse_declared("4H 3S=4")[1][1]
    <Rank.FOUR: 4>
    >>> parse_declared("7S 5H=*")
    Traceback (most recent call last):
    ...
    rummyrules.CardParseError: '5H=*': a wild card stands for a rank or a card, not for a WILDCARD
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
            stands_for = Card.parse(meaning)
            if stands_for.is_wildcard:
                message = (
                    f"{token!r}: a wild card stands for a rank or a card, "
                    "not for a WILDCARD"
                )
                raise CardParseError(message)
            declared.append(stands_for)
    return tuple(cards), tuple(declared)


_RANK_TEXTS: Final = frozenset({str(rank) for rank in Rank} | {"T"})


def _failure(reason: str, rule: str) -> MeldCheck:
    return MeldCheck(ok=False, reason=reason, rule=rule)


def _text(cards: Iterable[Card]) -> str:
    return some_cards(cards, most=_SHOWN)


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
    distinct = count == len({card.rank for card in naturals})
    if not distinct and not (rules.ace_at_both_ends and _ranks_fit(naturals, rules)):
        return ()  # a run holds each rank once (an Ace never at both ends)
    places = rules.places
    found: list[Meld] = []
    # More than one placement only where an Ace may stand low or high.
    for placement in product(*(places[card.rank] for card in naturals if card.rank)):
        low = min(placement)
        if max(placement) - low + 1 == count and (
            distinct or len(set(placement)) == count
        ):
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


def _ranks_fit(naturals: Iterable[Card], rules: MeldRules) -> bool:
    """Whether no rank comes more often than it has places on the ladder."""
    held = Counter(card.rank for card in naturals)
    return all(
        rank is not None and count <= len(rules.places[rank])
        for rank, count in held.items()
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
    if len(naturals) + len(wilds) > rules.longest_run:
        return found  # cheap for any length of list: no run is this long
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

    A refusal names the rule that really stops the cards: the one rule that,
    were it lifted, would let some reading of them through (the variant's
    run rule, its wild-card rule, or the declarations, MELD-5, in that
    order when several would). The shape rules, MELD-2 and MELD-3, are named
    only when no rule lifted makes the cards a set or a run at all.

    >>> from rummyrules import EndOfThePage, parse_cards
    >>> rules = EndOfThePage().meld_rules
    >>> check(parse_cards("AS 3S 4S"), rules).reason
    'Aces are high only in End of the Page runs, so AS 3S 4S is no run'
    >>> cards, declared = parse_declared("4C 3D=5C 6C 3C=7C")
    >>> print(check(cards, rules, wild=Rank.THREE, declared=declared))
    invalid: wild cards 3D and 3C have only 1 natural card between them; End of the Page needs 2 (EOP-8)
    >>> print(check(parse_cards("AS 5S 9S"), rules))
    invalid: AS 5S 9S has gaps at 6S 7S 8S 10S JS QS KS; filling them takes 7 wild cards, and there are 0 (MELD-3)
    """
    found = readings(cards, rules, wild=wild, declared=declared)
    if found:
        return MeldCheck(ok=True, melds=found)
    return _explain(cards, rules, wild, declared)


def canonical_declaration(
    meaning: Declaration | None, meld: Meld
) -> Declaration | None:
    """A wild's declaration as the meld writes it: a rank in a set, a card in a run.

    A player may declare a wild in a set as a card of the set's rank, and a
    wild in a run as a bare rank, meaning that rank of the run's suit; the
    meld reads them so and writes them back this way.

    >>> from rummyrules import EndOfThePage
    >>> run = EndOfThePage().check_meld("JH QH KH").melds[0]
    >>> canonical_declaration(Rank.ACE, run)
    Card(rank=Rank.ACE, suit=Suit.HEARTS)
    >>> a_set = EndOfThePage().check_meld("4H 4D 3S=4", wild="3").melds[0]
    >>> canonical_declaration(Card.parse("4C"), a_set)
    <Rank.FOUR: 4>
    """
    if meld.kind is MeldKind.SET and isinstance(meaning, Card):
        return meaning.rank
    suit = meld.suit
    if suit is not None and isinstance(meaning, Rank):
        return _CARD[(meaning, suit)]
    return meaning


# What explaining a refusal may lift, by priority: the variant's run rule (its
# ladder of ranks, and how long a run may be), its wild-card rule (the spacing
# of wilds, the natural cards a meld needs), and the declarations (MELD-5).
_RUN: Final = "run"
_WILDS: Final = "wilds"
_DECLARED: Final = "declared"
_LIFTS: Final = (
    (_RUN,),
    (_WILDS,),
    (_DECLARED,),
    (_RUN, _WILDS),
    (_RUN, _DECLARED),
    (_WILDS, _DECLARED),
    (_RUN, _WILDS, _DECLARED),
)
"""The rules to lift in turn: one before two, each set in priority order."""

_FULL_LADDER: Final = (*Rank, Rank.ACE)
_SHOWN: Final = 24  # more cards than any meld holds; longer lists are cut short


def _explain(
    cards: Sequence[Card],
    rules: MeldRules,
    wild: Rank | None,
    declared: Sequence[Declaration | None] | None,
) -> MeldCheck:
    text = _text(cards)
    if len(cards) < 3:
        given = f"{text} is only {len(cards)}" if cards else "none were given"
        return _failure(f"a meld needs at least 3 cards, and {given}", rules.meld_rule)
    for card, meaning in zip(cards, declared or (), strict=False):
        if meaning is not None and not is_wild(card, wild):
            return _failure(
                f"{card} is not wild, so it cannot be declared as {meaning}", "MELD-5"
            )
    found = _witness(cards, rules, wild, declared)
    if found is None:
        return _no_shape(cards, rules, wild, text)
    lifted, meld = found
    if lifted == _RUN:
        return _failure(_run_reason(cards, meld, rules, text), rules.meld_rule)
    if lifted == _WILDS:
        return _failure(_wilds_reason(cards, meld, rules, wild, text), rules.wild_rule)
    return _failure(_declared_reason(cards, meld, declared or (), text), "MELD-5")


def _witness(
    cards: Sequence[Card],
    rules: MeldRules,
    wild: Rank | None,
    declared: Sequence[Declaration | None] | None,
) -> tuple[str, Meld] | None:
    """The rule to blame and a reading that only it stops; None if no lift helps.

    Each set of rules in :data:`_LIFTS` is lifted in turn, the first one that
    lets a reading through names its first rule. Sets of rules that cannot
    change the answer for these cards are passed over.
    """
    naturals = [card for card in cards if not is_wild(card, wild)]
    if len({card.rank for card in naturals}) > 1 and not _may_run(
        cards, naturals, rules
    ):
        return None  # no set, and no run with every rule lifted
    shown = [*naturals, *(meaning for meaning in declared or () if meaning is not None)]
    skip: set[str] = set()
    if len(shown) == len(naturals):
        skip.add(_DECLARED)  # nothing is declared
    if len({card.suit for card in naturals}) > 1:
        skip.add(_RUN)  # the run rule changes runs only, and these make none
    # Too few natural cards: no reading at all until the wild-card rule is lifted.
    few = len(naturals) < rules.min_naturals
    # The variant's own ladder with the Ace low adds only runs that start with
    # an Ace shown; any other run on it is on the full ladder, a 2 for the Ace.
    ladders = 2 if any(_rank_of(item) is Rank.ACE for item in shown) else 1
    for lift, lifted in _lifts(rules):
        if skip.intersection(lift) or (few and _WILDS not in lift):
            continue
        given = None if _DECLARED in lift else declared
        for relaxed in lifted[:ladders]:
            found = readings(cards, relaxed, wild=wild, declared=given)
            if found:
                return lift[0], found[0]
    return None


@functools.cache
def _lifts(
    rules: MeldRules,
) -> tuple[tuple[tuple[str, ...], tuple[MeldRules, ...]], ...]:
    """Each set of rules to lift, in turn, with the meld rules it leaves.

    A set that lifts the wild-card rule of a game that has none lifts nothing
    more than a set before it, and is left out.
    """
    wild_rules = rules.wild_gap > 0 or rules.min_naturals > 0
    return tuple(
        (lift, _lifted(rules, run=_RUN in lift, wilds=_WILDS in lift))
        for lift in _LIFTS
        if wild_rules or _WILDS not in lift
    )


def _may_run(cards: Sequence[Card], naturals: Sequence[Card], rules: MeldRules) -> bool:
    """Whether the cards could be a run with every rule lifted.

    They can when their natural cards are of one suit and stand on a lifted
    ladder with no more gaps than there are wild cards, and the ladder is
    long enough for all of them.
    """
    if len({card.suit for card in naturals}) > 1:
        return False
    wilds = len(cards) - len(naturals)
    for relaxed in _lifted(rules, run=True, wilds=True):
        placement = _tightest(naturals, relaxed)
        if placement and len(cards) <= relaxed.longest_run:
            gaps = max(placement) - min(placement) + 1 - len(placement)
            if gaps <= wilds:
                return True
    return False


@functools.cache
def _lifted(rules: MeldRules, *, run: bool, wilds: bool) -> tuple[MeldRules, ...]:
    """The meld rules with the run rule, the wild-card rule, or both lifted.

    Without the run rule a run may use every ladder a player might count on,
    as long as the ladder, the Ace at both ends: every rank from the Ace low
    to the Ace high, and the variant's own ranks with the Ace low as well
    (End of the Page has no 2s, so its A-3-4 is the run EOP-7 forbids).
    """
    base = attrs.evolve(rules, wild_gap=0, min_naturals=0) if wilds else rules
    if not run:
        return (base,)
    own = rules.run_ranks if rules.ace_low else (Rank.ACE, *rules.run_ranks)
    return tuple(
        attrs.evolve(base, run_ranks=ladder, ace_at_both_ends=True)
        for ladder in dict.fromkeys([_FULL_LADDER, own])
    )


def _run_reason(cards: Sequence[Card], meld: Meld, rules: MeldRules, text: str) -> str:
    """How a run breaks the variant's run rule: too long, an Ace low, a rank it lacks."""
    ladder = rules.run_ranks
    if len(cards) > rules.longest_run:
        if rules.ace_low and ladder[-1] is Rank.ACE:
            return (
                f"{text} is longer than a run can be: a {rules.game} run has the "
                f"Ace low or high, never both, so it holds at most "
                f"{rules.longest_run} cards"
            )
        return (
            f"{text} is longer than a run can be: {rules.game} runs go from "
            f"{ladder[0]} to {ladder[-1]}"
        )
    shown = [_rank_of(meaning or card) for card, meaning in _pairs(meld)]
    if shown[0] is Rank.ACE and not rules.ace_low:
        return f"Aces are high only in {rules.game} runs, so {text} is no run"
    for (card, meaning), rank in zip(_pairs(meld), shown, strict=True):
        if rank not in ladder:
            what = "be in a run" if meaning is None else f"stand for {meaning}"
            return (
                f"{rules.game} runs use {ladder[0]} to {ladder[-1]}, so {card} "
                f"cannot {what}"
            )
    return f"{text} does not fit in a {rules.game} run"  # pragma: no cover - see above


def _wilds_reason(
    cards: Sequence[Card], meld: Meld, rules: MeldRules, wild: Rank | None, text: str
) -> str:
    """How a reading breaks the wild-card rule: too few naturals, or wilds too close."""
    naturals = sum(1 for card in cards if not is_wild(card, wild))
    if naturals < rules.min_naturals:
        need = rules.min_naturals
        plural = "card" if need == 1 else "cards"
        return (
            f"a meld needs at least {need} natural {plural} in {rules.game}, "
            f"and {text} has {naturals}"
        )
    if meld.kind is not MeldKind.RUN:
        return (
            f"a set with {naturals} natural cards may hold at most "
            f"{rules.max_wilds_in_set(naturals)} wild cards in {rules.game}, which "
            f"needs {rules.wild_gap} natural cards between any two wilds; {text} "
            f"has {len(cards) - naturals}"
        )
    wilds = [
        (i, card)
        for i, (card, meaning) in enumerate(_pairs(meld))
        if meaning is not None
    ]
    close = [
        (later - earlier - 1, first, second)
        for (earlier, first), (later, second) in pairwise(wilds)
    ]
    # The witness breaks the spacing somewhere: the first pair too close.
    between, first, second = min(close, key=lambda pair: pair[0] >= rules.wild_gap)
    return (
        f"wild cards {first} and {second} have only {between} natural "
        f"card{'' if between == 1 else 's'} between them; "
        f"{rules.game} needs {rules.wild_gap}"
    )


def _declared_reason(
    cards: Sequence[Card],
    meld: Meld,
    declared: Sequence[Declaration | None],
    text: str,
) -> str:
    """Which declaration keeps the cards from the reading they would have (MELD-5)."""
    rank = meld.rank
    if rank is not None:
        for card, meaning in zip(cards, declared, strict=True):
            if meaning is not None and _rank_of(meaning) is not rank:
                return (
                    f"{card} is declared as {meaning}, but {text} is a set of {rank}s"
                )
    if meld.suit is not None:
        suit = meld.suit.name.lower()
        return f"the declared wild cards in {text} do not fit a run of {suit}"
    return f"the declarations in {text} do not make one set or one run"


def _no_shape(
    cards: Sequence[Card], rules: MeldRules, wild: Rank | None, text: str
) -> MeldCheck:
    """Why the cards are no set and no run, whatever rule is lifted (MELD-2, MELD-3)."""
    naturals = [card for card in cards if not is_wild(card, wild)]
    ranks = sorted({card.rank for card in naturals if card.rank is not None})
    if len({card.suit for card in naturals}) > 1:
        return _failure(
            f"{text} is neither a set (it mixes ranks {ranks[0]} and {ranks[-1]}) "
            "nor a run (it mixes suits)",
            "MELD-2" if len(ranks) < len(naturals) else "MELD-3",
        )
    if len(ranks) < len(naturals):
        return _failure(
            f"{text} is no set (it mixes ranks) and no run (a run holds each rank "
            "once)",
            "MELD-3",
        )
    if {Rank.KING, Rank.ACE, Rank.TWO} <= set(ranks):
        return _failure(
            "a run never turns the corner from King through Ace to 2, so "
            f"{text} is no run",
            "MELD-3",
        )
    ladder = rules
    if any(not rules.places[card.rank] for card in naturals if card.rank):
        ladder = _lifted(rules, run=True, wilds=False)[0]  # from the Ace low to high
    placement = _tightest(naturals, ladder)
    suit = naturals[0].suit if naturals else None
    missing = [
        _CARD[(ladder.run_ranks[i], suit)]
        for i in range(min(placement, default=0), max(placement, default=-1) + 1)
        if i not in placement and suit is not None
    ]
    wilds = len(cards) - len(naturals)
    if len(missing) > wilds:
        return _failure(
            f"{text} has gaps at {_text(missing)}; filling them takes "
            f"{len(missing)} wild card{'' if len(missing) == 1 else 's'}, and there "
            f"{'is' if wilds == 1 else 'are'} {wilds}",
            "MELD-3",
        )
    return _failure(
        f"{text} is no set, and longer than any run: a run holds each rank once",
        "MELD-3",
    )


def _tightest(naturals: Sequence[Card], rules: MeldRules) -> tuple[int, ...]:
    """Where natural cards of one suit stand on the ladder leaving the fewest gaps.

    Empty when they cannot all stand on it, each at its own place.
    """
    places = rules.places
    ranks = [card.rank for card in naturals if card.rank is not None]
    options = [places[rank] for rank in ranks]
    if not options or not all(options) or len(ranks) > len(rules.run_ranks):
        return ()
    if len(set(ranks)) < len(ranks) and any(
        count > len(places[rank]) for rank, count in Counter(ranks).items()
    ):
        return ()  # a rank more often than it has places: never a run
    best: tuple[int, ...] = ()
    fewest = len(rules.run_ranks)
    for placement in product(*options):
        gaps = max(placement) - min(placement) + 1 - len(placement)
        if gaps < fewest and len(set(placement)) == len(placement):
            best, fewest = placement, gaps
    return best


def _pairs(meld: Meld) -> zip[tuple[Card, Declaration | None]]:
    return zip(meld.cards, meld.stands_for, strict=True)


def _rank_of(shown: Card | Rank) -> Rank | None:
    return shown if isinstance(shown, Rank) else shown.rank
