"""The sentences that say how a reading of the cards breaks a rule (runs, wilds, MELD-5).

:func:`~rummyrules.melds.explain.check` finds the rule to blame and a reading
of the cards that only that rule stops; here that reading is put in words.

>>> from rummyrules import EndOfThePage
>>> from rummyrules.melds import parse_declared
>>> cards, meanings = parse_declared("4C 3D=5C 3C=6C 7C")
>>> meld = Meld(kind=MeldKind.RUN, cards=cards, stands_for=meanings)
>>> wilds_reason(cards, meld, EndOfThePage().meld_rules, Rank.THREE, "4C 3D 3C 7C")
'wild cards 3D and 3C have only 0 natural cards between them; End of the Page needs 2'
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from rummyrules.core.cards import Card, Rank
from rummyrules.melds.meld import Declaration, Meld, MeldKind, MeldRules, is_wild

__all__ = ["declared_reason", "rank_of", "run_reason", "wilds_reason"]


def run_reason(
    cards: Sequence[Card], meld: Meld, meld_rules: MeldRules, text: str
) -> str:
    """How a run breaks the variant's run rule: too long, an Ace low, a rank it lacks.

    >>> from rummyrules import EndOfThePage, parse_cards
    >>> cards = parse_cards("AS 3S 4S")
    >>> meld = Meld(kind=MeldKind.RUN, cards=cards, stands_for=(None,) * 3)
    >>> run_reason(cards, meld, EndOfThePage().meld_rules, "AS 3S 4S")
    'Aces are high only in End of the Page runs, so AS 3S 4S is no run'
    """
    ladder = meld_rules.run_ranks
    if len(cards) > meld_rules.longest_run:
        if meld_rules.ace_low and ladder[-1] is Rank.ACE:
            return (
                f"{text} is longer than a run can be: a {meld_rules.game} run has the "
                f"Ace low or high, never both, so it holds at most "
                f"{meld_rules.longest_run} cards"
            )
        return (
            f"{text} is longer than a run can be: {meld_rules.game} runs go from "
            f"{ladder[0]} to {ladder[-1]}"
        )
    shown = [rank_of(meaning or card) for card, meaning in _pairs(meld)]
    if shown[0] is Rank.ACE and not meld_rules.ace_low:
        return f"Aces are high only in {meld_rules.game} runs, so {text} is no run"
    for (card, meaning), rank in zip(_pairs(meld), shown, strict=True):
        if rank not in ladder:
            what = "be in a run" if meaning is None else f"stand for {meaning}"
            return (
                f"{meld_rules.game} runs use {ladder[0]} to {ladder[-1]}, so {card} "
                f"cannot {what}"
            )
    return f"{text} does not fit in a {meld_rules.game} run"  # pragma: no cover - see above


def wilds_reason(
    cards: Sequence[Card],
    meld: Meld,
    meld_rules: MeldRules,
    wild: Rank | None,
    text: str,
) -> str:
    """How a reading breaks the wild-card rule: too few naturals, or wilds too close.

    >>> from rummyrules import EndOfThePage
    >>> from rummyrules.melds import parse_declared
    >>> cards, meanings = parse_declared("4C 4D 3S=4 3H=4")
    >>> meld = Meld(kind=MeldKind.SET, cards=cards, stands_for=meanings)
    >>> rules = EndOfThePage().meld_rules
    >>> wilds_reason(cards, meld, rules, Rank.THREE, "4C 4D 3S 3H")[:43]
    'a set with 2 natural cards may hold at most'
    """
    naturals = sum(1 for card in cards if not is_wild(card, wild))
    if naturals < meld_rules.min_naturals:
        need = meld_rules.min_naturals
        plural = "card" if need == 1 else "cards"
        return (
            f"a meld needs at least {need} natural {plural} in {meld_rules.game}, "
            f"and {text} has {naturals}"
        )
    if meld.kind is not MeldKind.RUN:
        return (
            f"a set with {naturals} natural cards may hold at most "
            f"{meld_rules.max_wilds_in_set(naturals)} wild cards in {meld_rules.game}, which "
            f"needs {meld_rules.wild_gap} natural cards between any two wilds; {text} "
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
    between, first, second = min(close, key=lambda pair: pair[0] >= meld_rules.wild_gap)
    return (
        f"wild cards {first} and {second} have only {between} natural "
        f"card{'' if between == 1 else 's'} between them; "
        f"{meld_rules.game} needs {meld_rules.wild_gap}"
    )


def declared_reason(
    cards: Sequence[Card],
    meld: Meld,
    declared: Sequence[Declaration | None],
    text: str,
) -> str:
    """Which declaration keeps the cards from the reading they would have (MELD-5).

    ``meld`` is the reading the declarations stop; ``declared`` what the
    player declared.

    >>> from rummyrules.melds import parse_declared
    >>> cards, meanings = parse_declared("4C 4D 3S=5")
    >>> meld = Meld(kind=MeldKind.SET, cards=cards, stands_for=(None, None, Rank.FOUR))
    >>> declared_reason(cards, meld, meanings, "4C 4D 3S")
    '3S is declared as 5, but 4C 4D 3S is a set of 4s'
    """
    rank = meld.rank
    if rank is not None:
        for card, meaning in zip(cards, declared, strict=True):
            if meaning is not None and rank_of(meaning) is not rank:
                return (
                    f"{card} is declared as {meaning}, but {text} is a set of {rank}s"
                )
    if meld.suit is not None:
        suit = meld.suit.name.lower()
        return f"the declared wild cards in {text} do not fit a run of {suit}"
    return f"the declarations in {text} do not make one set or one run"


def _pairs(meld: Meld) -> zip[tuple[Card, Declaration | None]]:
    return zip(meld.cards, meld.stands_for, strict=True)


def rank_of(shown: Card | Rank) -> Rank | None:
    """The rank a card or a set's declaration shows.

    >>> rank_of(Rank.SIX), rank_of(Card.parse("7H"))
    (<Rank.SIX: 6>, <Rank.SEVEN: 7>)
    """
    return shown if isinstance(shown, Rank) else shown.rank
