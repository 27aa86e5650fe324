"""Whether cards make a meld, and if not, which rule stops them (MELD-2 … MELD-6).

>>> from rummyrules import EndOfThePage, parse_cards
>>> rules = EndOfThePage().meld_rules
>>> print(check(parse_cards("9S 5H 5D QS KS"), rules, wild=Rank.FIVE))
invalid: wild cards 5H and 5D have only 0 natural cards between them; End of the Page needs 2 (EOP-8)
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import product
from typing import Final

import attrs

from rummyrules.core.cards import BY_RANK_AND_SUIT, Card, Rank, card_key
from rummyrules.core.hands import some_cards
from rummyrules.melds.meld import (
    Declaration,
    Meld,
    MeldCheck,
    MeldRules,
    is_wild,
)
from rummyrules.melds.reading import readings
from rummyrules.melds.reasons import (
    declared_reason,
    rank_of,
    run_reason,
    wilds_reason,
)

__all__ = ["check"]

_CARD: Final = BY_RANK_AND_SUIT
_card_key: Final = card_key


def _failure(reason: str, rule: str) -> MeldCheck:
    return MeldCheck(ok=False, reason=reason, rule=rule)


def _text(cards: Iterable[Card]) -> str:
    return some_cards(cards, most=_SHOWN)


def check(
    cards: Sequence[Card],
    meld_rules: MeldRules,
    *,
    wild: Rank | None = None,
    declared: Sequence[Declaration | None] | None = None,
    fixed: int = 0,
) -> MeldCheck:
    """Check one meld and explain, with the rule ID, why it is not valid.

    A refusal names the rule that really stops the cards: the one rule that,
    were it lifted, would let some reading of them through (the variant's
    run rule, its wild-card rule, or the declarations, MELD-5, in that
    order when several would). The shape rules, MELD-2 and MELD-3, are named
    only when no rule lifted makes the cards a set or a run at all.

    The first ``fixed`` cards are a meld on the table, the rest cards laid
    off on it (MELD-6): a wild there stands for what it was declared as
    (EOP-R5). Its declaration is never lifted, and it is that card of the
    meld, not a wild free to fill a gap.

    >>> from rummyrules import EndOfThePage, parse_cards
    >>> rules = EndOfThePage().meld_rules
    >>> check(parse_cards("AS 3S 4S"), rules).reason
    'Aces are high only in End of the Page runs, so AS 3S 4S is no run'
    >>> from rummyrules.melds import parse_declared
    >>> cards, declared = parse_declared("4C 3D=5C 6C 3C=7C")
    >>> print(check(cards, rules, wild=Rank.THREE, declared=declared))
    invalid: wild cards 3D and 3C have only 1 natural card between them; End of the Page needs 2 (EOP-8)
    >>> print(check(parse_cards("AS 5S 9S"), rules))
    invalid: AS 5S 9S has gaps at 6S 7S 8S 10S JS QS KS; filling them takes 7 wild cards, and there are 0 (MELD-3)
    >>> cards, declared = parse_declared("JH=8D 9D 10D QD")
    >>> print(check(cards, rules, wild=Rank.JACK, declared=declared, fixed=3))
    invalid: JH=8D 9D 10D QD has gaps at JD; filling them takes 1 wild card, and there are 0 (MELD-3)
    """
    found = readings(cards, meld_rules, wild=wild, declared=declared)
    if found:
        return MeldCheck(ok=True, melds=found)
    return _explain(cards, meld_rules, wild, _Declared(tuple(declared or ()), fixed))


@attrs.frozen
class _Declared:
    """What the wilds are declared as, the first ``fixed`` of them on the table."""

    meanings: tuple[Declaration | None, ...]
    fixed: int

    def liftable(self) -> bool:
        """Whether a card that is not on the table yet is declared."""
        return any(meaning is not None for meaning in self.meanings[self.fixed :])

    def lifted(self) -> tuple[Declaration | None, ...] | None:
        """The declarations with the player's own lifted: the table's stay."""
        kept = self.meanings[: self.fixed]
        return kept + (None,) * (len(self.meanings) - len(kept)) if any(kept) else None

    def committed(self, cards: Sequence[Card]) -> list[tuple[Card, Declaration]]:
        """Each wild on the table with what it stands for."""
        pairs = zip(cards[: self.fixed], self.meanings, strict=False)
        return [(card, meaning) for card, meaning in pairs if meaning is not None]

    def text(self, cards: Sequence[Card]) -> str:
        """The cards for a message, each wild on the table with its declaration."""
        if not self.fixed:
            return _text(cards)
        words = [
            f"{card}={meaning}" if meaning is not None else str(card)
            for card, meaning in zip(cards, self.meanings[: self.fixed], strict=False)
        ]
        words += map(str, cards[len(words) :])
        shown = " ".join(words[:_SHOWN])
        return (
            shown if len(words) <= _SHOWN else f"{shown} and {len(words) - _SHOWN} more"
        )


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
    meld_rules: MeldRules,
    wild: Rank | None,
    given: _Declared,
) -> MeldCheck:
    declared = given.meanings
    text = given.text(cards)
    if len(cards) < 3:
        few = f"{text} is only {len(cards)}" if cards else "none were given"
        return _failure(
            f"a meld needs at least 3 cards, and {few}", meld_rules.meld_rule
        )
    for card, meaning in zip(cards, declared, strict=False):
        if meaning is not None and not is_wild(card, wild):
            return _failure(
                f"{card} is not wild, so it cannot be declared as {meaning}", "MELD-5"
            )
    found = _witness(cards, meld_rules, wild, given)
    if found is None:
        return _no_shape(cards, meld_rules, wild, text, given.committed(cards))
    lifted, meld = found
    if lifted == _RUN:
        return _failure(run_reason(cards, meld, meld_rules, text), meld_rules.meld_rule)
    if lifted == _WILDS:
        return _failure(
            wilds_reason(cards, meld, meld_rules, wild, text), meld_rules.wild_rule
        )
    return _failure(declared_reason(cards, meld, declared, text), "MELD-5")


def _witness(
    cards: Sequence[Card],
    meld_rules: MeldRules,
    wild: Rank | None,
    given: _Declared,
) -> tuple[str, Meld] | None:
    """The rule to blame and a reading that only it stops; None if no lift helps.

    Each set of rules in :data:`_LIFTS` is lifted in turn, the first one that
    lets a reading through names its first rule. Sets of rules that cannot
    change the answer for these cards are passed over. Lifting the
    declarations lifts the player's own only, never those of the table.
    """
    declared = given.meanings or None
    naturals = [card for card in cards if not is_wild(card, wild)]
    if len({card.rank for card in naturals}) > 1 and not _may_run(
        cards, naturals, meld_rules
    ):
        return None  # no set, and no run with every rule lifted
    shown = [*naturals, *(meaning for meaning in declared or () if meaning is not None)]
    skip: set[str] = set()
    if not given.liftable():
        skip.add(_DECLARED)  # nothing is declared but on the table
    if len({card.suit for card in naturals}) > 1:
        skip.add(_RUN)  # the run rule changes runs only, and these make none
    # Too few natural cards: no reading at all until the wild-card rule is lifted.
    few = len(naturals) < meld_rules.min_naturals
    # The variant's own ladder with the Ace low adds only runs that start with
    # an Ace shown; any other run on it is on the full ladder, a 2 for the Ace.
    ladders = 2 if any(rank_of(item) is Rank.ACE for item in shown) else 1
    for lift, lifted in _lifts(meld_rules):
        if skip.intersection(lift) or (few and _WILDS not in lift):
            continue
        kept = given.lifted() if _DECLARED in lift else declared
        for relaxed in lifted[:ladders]:
            found = readings(cards, relaxed, wild=wild, declared=kept)
            if found:
                return lift[0], found[0]
    return None


@functools.cache
def _lifts(
    meld_rules: MeldRules,
) -> tuple[tuple[tuple[str, ...], tuple[MeldRules, ...]], ...]:
    """Each set of rules to lift, in turn, with the meld rules it leaves.

    A set that lifts the wild-card rule of a game that has none lifts nothing
    more than a set before it, and is left out.
    """
    wild_rules = meld_rules.wild_gap > 0 or meld_rules.min_naturals > 0
    return tuple(
        (lift, _lifted(meld_rules, run=_RUN in lift, wilds=_WILDS in lift))
        for lift in _LIFTS
        if wild_rules or _WILDS not in lift
    )


def _may_run(
    cards: Sequence[Card], naturals: Sequence[Card], meld_rules: MeldRules
) -> bool:
    """Whether the cards could be a run with every rule lifted.

    They can when their natural cards are of one suit and stand on a lifted
    ladder with no more gaps than there are wild cards, and the ladder is
    long enough for all of them.
    """
    if len({card.suit for card in naturals}) > 1:
        return False
    wilds = len(cards) - len(naturals)
    for relaxed in _lifted(meld_rules, run=True, wilds=True):
        placement = _tightest(naturals, relaxed)
        if placement and len(cards) <= relaxed.longest_run:
            gaps = max(placement) - min(placement) + 1 - len(placement)
            if gaps <= wilds:
                return True
    return False


@functools.cache
def _lifted(meld_rules: MeldRules, *, run: bool, wilds: bool) -> tuple[MeldRules, ...]:
    """The meld rules with the run rule, the wild-card rule, or both lifted.

    Without the run rule a run may use every ladder a player might count on,
    as long as the ladder, the Ace at both ends: every rank from the Ace low
    to the Ace high, and the variant's own ranks with the Ace low as well
    (End of the Page has no 2s, so its A-3-4 is the run EOP-7 forbids).
    """
    base = attrs.evolve(meld_rules, wild_gap=0, min_naturals=0) if wilds else meld_rules
    if not run:
        return (base,)
    own = (
        meld_rules.run_ranks
        if meld_rules.ace_low
        else (Rank.ACE, *meld_rules.run_ranks)
    )
    return tuple(
        attrs.evolve(base, run_ranks=ladder, ace_at_both_ends=True)
        for ladder in dict.fromkeys([_FULL_LADDER, own])
    )


def _no_shape(
    cards: Sequence[Card],
    meld_rules: MeldRules,
    wild: Rank | None,
    text: str,
    committed: Sequence[tuple[Card, Declaration]] = (),
) -> MeldCheck:
    """Why the cards are no set and no run, whatever rule is lifted (MELD-2, MELD-3).

    A wild ``committed`` on the table is the card it stands for, in its place
    in a run, and no wild left to fill a gap (EOP-R5).
    """
    naturals = [card for card in cards if not is_wild(card, wild)]
    naturals += [meaning for _, meaning in committed if isinstance(meaning, Card)]
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
    ladder = meld_rules
    if any(not meld_rules.places[card.rank] for card in naturals if card.rank):
        ladder = _lifted(meld_rules, run=True, wilds=False)[
            0
        ]  # from the Ace low to high
    placement = _tightest(naturals, ladder)
    suit = naturals[0].suit if naturals else None
    missing = [
        _CARD[(ladder.run_ranks[i], suit)]
        for i in range(min(placement, default=0), max(placement, default=-1) + 1)
        if i not in placement and suit is not None
    ]
    wilds = sum(1 for card in cards if is_wild(card, wild)) - len(committed)
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


def _tightest(naturals: Sequence[Card], meld_rules: MeldRules) -> tuple[int, ...]:
    """Where natural cards of one suit stand on the ladder leaving the fewest gaps.

    Empty when they cannot all stand on it, each at its own place.
    """
    places = meld_rules.places
    ranks = [card.rank for card in naturals if card.rank is not None]
    options = [places[rank] for rank in ranks]
    if not options or not all(options) or len(ranks) > len(meld_rules.run_ranks):
        return ()
    if len(set(ranks)) < len(ranks) and any(
        count > len(places[rank]) for rank, count in Counter(ranks).items()
    ):
        return ()  # a rank more often than it has places: never a run
    best: tuple[int, ...] = ()
    fewest = len(meld_rules.run_ranks)
    for placement in product(*options):
        gaps = max(placement) - min(placement) + 1 - len(placement)
        if gaps < fewest and len(set(placement)) == len(placement):
            best, fewest = placement, gaps
    return best
