"""How far a card reaches on the table, once other cards of the hand are laid first.

1400's F14-9 asks whether a card taken from the discard pile can still be
used this turn, after other plays if need be
(:mod:`rummyrules.games.fourteen_hundred.using` says why this is all of it):
laid off on a meld as the table lies, or on a run of its suit once cards of
the hand (naturals of the places between, or wilds) are laid off first to
reach it, or, where a player lays off only once down (F14-R7), after a meld
of other held cards.

The table is looked at once: which cards fit a meld as it lies (the table's
lay-off analysis, :func:`~rummyrules.game.rummy500_melding.fits_melds`, a
bit test) and where each run of each suit ends (kept for the last table
asked of). A card is then a bit test, or a walk along the places beyond a
run's end of its suit, most of them ruled out by counting the wilds the
gap would need.

>>> from rummyrules import FourteenHundred, parse_cards
>>> game = FourteenHundred(players=2).position(
...     "wild 3 | to_move 0 draw | hands 8H 4C / KS KD QC | melds 1: 5H 6H 7H"
...     " | pile 10S 9H"
... )
>>> card, *hand = parse_cards("9H 8H 4C")
>>> reaches(game, card, hand, may_lay_off=True, meld_first=False)
True
"""

from __future__ import annotations

from collections.abc import Sequence

from rummyrules import melds
from rummyrules.core.cards import BY_RANK_AND_SUIT, Card, Rank, Suit
from rummyrules.core.hands import hand_after
from rummyrules.game.rummy500 import Rummy500State
from rummyrules.game.rummy500_melding import fits_melds
from rummyrules.melds import Meld, MeldKind, MeldRules
from rummyrules.melds import search as meld_search

__all__ = ["reaches"]

_RunEnds = tuple[Meld, int, int]
"""A run on the table, with the places of its first and last cards on the ladder."""


def reaches(
    state: Rummy500State,
    card: Card,
    hand: Sequence[Card],
    *,
    may_lay_off: bool,
    meld_first: bool,
) -> bool:
    """Whether the card can be laid off on a meld on the table this turn.

    ``hand`` holds the player's other cards: some may be laid off first to
    reach the card. ``may_lay_off`` says whether the player may lay off now;
    where not, ``meld_first`` whether a meld of other held cards lets them
    (1400's F14-R7).

    >>> from rummyrules import FourteenHundred, parse_cards
    >>> game = FourteenHundred(players=2).position(
    ...     "wild 3 | to_move 0 draw | hands 8H 4C / KS KD QC | melds 1: 5H 6H 7H"
    ...     " | pile 10S 9H"
    ... )
    >>> card, *hand = parse_cards("9H 8H 4C")
    >>> reaches(game, card, hand[1:], may_lay_off=True, meld_first=False)
    False
    """
    if not state.melds:
        return False
    fits = fits_melds(state, card)
    if may_lay_off:
        return fits or _chains(state, card, hand)
    if not meld_first:  # pragma: no cover - the caller asks only where it may
        return False
    meld_rules, wild = state.rules.meld_rules, state.wild
    for first in meld_search.find_melds(hand, meld_rules, wild=wild):
        if fits:
            return True  # the card fits as the table lies, once the player is down
        if _chains(state, card, hand_after(hand, take=first.cards)):
            return True
    return False


def _chains(state: Rummy500State, card: Card, hand: Sequence[Card]) -> bool:
    """Whether cards of the hand, laid off first, let the card join a run of its suit."""
    meld_rules, wild = state.rules.meld_rules, state.wild
    if melds.is_wild(card, wild):
        return False  # nothing laid first makes room for a wild that fits nowhere
    runs = _runs_by_suit(state).get(card.suit)
    if not runs:
        return False
    return any(_chain(run, card, hand, meld_rules, state.wild) for run in runs)


def _runs_by_suit(state: Rummy500State) -> dict[Suit | None, list[_RunEnds]]:
    """The runs on the table by suit, each with its ends, worked out once a table.

    States share the table (the same tuple) from one meld laid to the next:
    the last table's runs are kept at hand, found by identity.
    """
    on_table, meld_rules = state.melds, state.rules.meld_rules
    last_table, last_rules, last = _LAST_RUNS[0]
    if last_table is on_table and last_rules is meld_rules:
        return last
    runs: dict[Suit | None, list[_RunEnds]] = {}
    for table_meld in on_table:
        meld = table_meld.meld
        if meld.kind is MeldKind.RUN:
            runs.setdefault(meld.suit, []).append((meld, *_ends(meld, meld_rules)))
    # One tuple, read and replaced whole, so threads never see half of one.
    _LAST_RUNS[0] = (on_table, meld_rules, runs)
    return runs


_LAST_RUNS: list[tuple[object, object, dict[Suit | None, list[_RunEnds]]]] = [
    (object(), None, {})
]
"""The last table's runs (its tuple of melds, by identity, and meld rules)."""


def _chain(
    run: _RunEnds,
    card: Card,
    hand: Sequence[Card],
    meld_rules: MeldRules,
    wild: Rank | None,
) -> bool:
    """Whether cards of the hand fill the places between the run's end and the card."""
    meld, low, high = run
    ladder = meld_rules.run_ranks
    rank, suit = card.rank, card.suit
    if rank is None or suit is None:  # pragma: no cover - naturals only
        return False
    wilds = [other for other in hand if melds.is_wild(other, wild)]
    held = {other.rank for other in hand if other.suit is suit} - {wild}
    for place in meld_rules.places[rank]:
        if place > high:
            gap = range(high + 1, place)
        elif place < low:
            gap = range(place + 1, low)
        else:
            continue
        # Each place the hand holds no natural for takes a wild: too few
        # wilds, and the gap cannot be filled (the common answer, cheaply).
        if sum(ladder[gap_place] not in held for gap_place in gap) > len(wilds):
            continue
        fill: list[Card] = []
        meanings: list[Card | None] = []
        # Each card of the hand fills one place at most; a wild of the
        # natural card's own rank is a wild here, declared as that card.
        naturals = [other for other in hand if not melds.is_wild(other, wild)]
        spare = list(wilds)
        for gap_place in gap:
            natural = BY_RANK_AND_SUIT[ladder[gap_place], suit]
            if natural in naturals:
                naturals.remove(natural)
                fill.append(natural)
                meanings.append(None)
            elif spare:
                fill.append(spare.pop())
                meanings.append(natural)
            else:
                break
        else:
            cards = (*meld.cards, *fill, card)
            declared = (*meld.stands_for, *meanings, None)
            if melds.readings(cards, meld_rules, wild=wild, declared=declared):
                return True
    return False


def _ends(meld: Meld, meld_rules: MeldRules) -> tuple[int, int]:
    """The places of a run's first and last cards on the ladder."""
    first = meld.stands_for[0] or meld.cards[0]
    last = meld.stands_for[-1] or meld.cards[-1]
    length = len(meld.cards)
    if not (isinstance(first, Card) and isinstance(last, Card)):  # pragma: no cover
        return -1, -1  # a run's ends stand for cards
    if first.rank is None or last.rank is None:  # pragma: no cover - as above
        return -1, -1
    for low in meld_rules.places[first.rank]:
        if low + length - 1 in meld_rules.places[last.rank]:
            return low, low + length - 1
    return -1, -1  # pragma: no cover - a run on the table lies on the ladder
