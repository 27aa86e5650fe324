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
bit test) and where each run of each suit ends
(:mod:`~rummyrules.game.table_analysis`). A card is then a bit test, or a walk along the places beyond a
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
from rummyrules.core.cards import BY_RANK_AND_SUIT, Card, Rank
from rummyrules.core.hands import hand_after
from rummyrules.game.rummy500 import Rummy500State
from rummyrules.game.rummy500_melding import fits_melds
from rummyrules.game.table_analysis import RunEnds, table_analysis
from rummyrules.melds import MeldRules
from rummyrules.melds import search as meld_search

__all__ = ["reaches"]


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
    runs = table_analysis(state).runs(card.suit)
    if not runs:
        return False
    return any(_chain(run, card, hand, meld_rules, state.wild) for run in runs)


def _chain(
    run: RunEnds,
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
