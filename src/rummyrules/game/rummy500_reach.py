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
from typing import NamedTuple

from rummyrules import melds
from rummyrules.core.cards import BY_RANK_AND_SUIT, Card, Rank
from rummyrules.core.hands import hand_after
from rummyrules.game.moves import LayOff, NewMeld
from rummyrules.game.rummy500 import Rummy500State
from rummyrules.game.rummy500_melding import laid_meld, meld_after
from rummyrules.game.table_analysis import RunEnds, run_ends, table_analysis
from rummyrules.melds import Meld, MeldKind, MeldRules, support
from rummyrules.melds import search as meld_search

__all__ = ["Offer", "chains", "offer", "offer_after", "reaches", "reaches_on"]


class Offer(NamedTuple):
    """What a table offers one card: whether it fits a meld as the table lies, and the runs of its suit.

    1400's play test (F14-9) makes the offer of the table a play would
    leave, without making the state.
    """

    fits: bool
    runs: Sequence[RunEnds]
    meld_rules: MeldRules
    wild: Rank | None


def offer(state: Rummy500State, card: Card) -> Offer:
    """The table's offer to the card, from its analysis (a bit test and a look-up).

    >>> from rummyrules import FourteenHundred, parse_cards
    >>> game = FourteenHundred(players=2).position(
    ...     "wild 3 | to_move 0 draw | hands 8H 4C / KS KD QC | melds 1: 5H 6H 7H"
    ...     " | pile 10S 9H"
    ... )
    >>> found = offer(game, Card.parse("8H"))
    >>> found.fits, len(found.runs)
    (True, 1)
    """
    table = table_analysis(state)
    fits = table.fits_code(int(card))  # a card is its code
    return Offer(fits, table.runs(card.suit), state.rules.meld_rules, state.wild)


def offer_after(state: Rummy500State, move: NewMeld | LayOff, card: Card) -> Offer:
    """The offer to the card of the table a play would leave, the state unmade.

    A new meld joins the table, or the meld a card is laid off on changes;
    the others lie as they are, so the table's analysis answers for them.

    >>> from rummyrules import FourteenHundred, parse_cards
    >>> game = FourteenHundred(players=2).position(
    ...     "wild 3 | to_move 0 play | hands 8H 9H 4C / KS KD QC | melds 1: 5H 6H 7H"
    ... )
    >>> card, eight = parse_cards("9H 8H")
    >>> lay = LayOff(card=eight, meld=1)
    >>> offer(game, card).fits, offer_after(game, lay, card).fits
    (False, True)
    """
    meld_rules, wild = state.rules.meld_rules, state.wild
    table = table_analysis(state)
    fits = table.fits_code(int(card))  # a card is its code
    runs = table.runs(card.suit)
    if isinstance(move, NewMeld):
        changed = laid_meld(state, move)
    else:
        old = state.melds[move.meld - 1].meld
        if not _meets(card, old, wild):
            return Offer(fits, runs, meld_rules, wild)  # nor will it after
        changed = meld_after(state, move)
        if fits:  # on the meld that changes, or on another that stays
            fits = any(
                meld_search.card_lay_offs(card, table_meld.meld, meld_rules, wild)
                for number, table_meld in enumerate(state.melds, start=1)
                if number != move.meld
            )
        # One run out: a twin of the same cards elsewhere stays (the same answers).
        runs = list(runs)
        at = next((at for at, run in enumerate(runs) if run[0] is old), None)
        if at is not None:
            del runs[at]
    if not fits and _meets(card, changed, wild):
        fits = bool(meld_search.card_lay_offs(card, changed, meld_rules, wild))
    if changed.kind is MeldKind.RUN and changed.suit == card.suit:
        runs = [*runs, run_ends(changed, meld_rules)]
    return Offer(fits, runs, meld_rules, wild)


def _meets(card: Card, meld: Meld, wild: Rank | None) -> bool:
    """Whether the card may join the meld or a run of its suit, by kinds alone.

    A natural card joins only a set of its rank or a run of its suit
    (:func:`~rummyrules.melds.search.fit_mask`'s first cut, without the
    meld's code); a card laid off leaves a set its rank and a run its suit.
    """
    if melds.is_wild(card, wild):
        return True
    if meld.kind is MeldKind.SET:
        return meld.rank is card.rank
    if meld.kind is MeldKind.RUN:
        return meld.suit == card.suit
    return True  # wild cards, their meaning open: the first natural card decides


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
    found = offer(state, card)
    return reaches_on(found, card, hand, may_lay_off=may_lay_off, meld_first=meld_first)


def reaches_on(
    table: Offer,
    card: Card,
    hand: Sequence[Card],
    *,
    may_lay_off: bool,
    meld_first: bool,
) -> bool:
    """:func:`reaches` on a table's offer to the card, of a table with melds.

    >>> from rummyrules import FourteenHundred, parse_cards
    >>> game = FourteenHundred(players=2).position(
    ...     "wild 3 | to_move 0 draw | hands 8H 4C / KS KD QC | melds 1: 5H 6H 7H"
    ...     " | pile 10S 9H"
    ... )
    >>> card, *hand = parse_cards("9H 8H 4C")
    >>> table = offer(game, card)
    >>> reaches_on(table, card, hand, may_lay_off=False, meld_first=True)
    False
    """
    if may_lay_off:
        return table.fits or chains(table, card, hand)
    if not meld_first:  # pragma: no cover - the caller asks only where it may
        return False
    meld_rules, wild = table.meld_rules, table.wild
    for first in meld_search.find_melds(hand, meld_rules, wild=wild):
        if table.fits:
            return True  # the card fits as the table lies, once the player is down
        if chains(table, card, hand_after(hand, take=first.cards)):
            return True
    return False


def chains(
    table: Offer, card: Card, hand: Sequence[Card], held: support.Held | None = None
) -> bool:
    """Whether cards of the hand, laid off first, let the card join a run of its suit.

    ``held`` is the hand as :func:`~rummyrules.melds.support.held_counts`,
    where the caller keeps it: its wilds, and the places its naturals of
    the card's suit hold, rule out most gaps without looking at the hand.

    >>> from rummyrules import FourteenHundred, parse_cards
    >>> game = FourteenHundred(players=2).position(
    ...     "wild 3 | to_move 0 draw | hands 8H 4C / KS KD QC | melds 1: 5H 6H 7H"
    ...     " | pile 10S 9H"
    ... )
    >>> card, *hand = parse_cards("9H 8H 4C")
    >>> chains(offer(game, card), card, hand), chains(offer(game, card), card, hand[1:])
    (True, False)
    """
    wild = table.wild
    if melds.is_wild(card, wild):
        return False  # nothing laid first makes room for a wild that fits nowhere
    if not table.runs:
        return False
    if held is None:
        held = support.held_counts(hand, table.meld_rules, wild)
    wilds, _, suits = held
    room = (wilds, suits.get(card.suit, 0))
    return any(_chain(run, card, hand, room, table) for run in table.runs)


def _chain(
    run: RunEnds,
    card: Card,
    hand: Sequence[Card],
    room: tuple[int, int],
    table: Offer,
) -> bool:
    """Whether cards of the hand fill the places between the run's end and the card."""
    meld, low, high = run
    meld_rules, wild = table.meld_rules, table.wild
    ladder = meld_rules.run_ranks
    rank, suit = card.rank, card.suit
    if rank is None or suit is None:  # pragma: no cover - naturals only
        return False
    # The hand's wilds, and the places its naturals of the suit hold (bits).
    wilds, places = room
    for place in meld_rules.places[rank]:
        if place > high:
            gap = range(high + 1, place)
        elif place < low:
            gap = range(place + 1, low)
        else:
            continue
        # Each place the hand holds no natural for takes a wild: too few
        # wilds, and the gap cannot be filled (the common answer, cheaply).
        if sum(not places >> gap_place & 1 for gap_place in gap) > wilds:
            continue
        fill: list[Card] = []
        meanings: list[Card | None] = []
        # Each card of the hand fills one place at most; a wild of the
        # natural card's own rank is a wild here, declared as that card.
        naturals = [other for other in hand if not melds.is_wild(other, wild)]
        spare = [other for other in hand if melds.is_wild(other, wild)]
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
