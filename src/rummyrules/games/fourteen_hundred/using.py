"""F14-9: can the card taken from the pile still be used before the turn ends?

A player who takes from the discard pile must use the chosen card "in a play
during that same turn", so other plays may come first: a take is allowed,
and a play that leaves the card unused is allowed, exactly when some
sequence of plays this turn can still use the card. This module answers
that with one pass over the hand and the table, no search of sequences.

How far a sequence reaches, and why this is all of it:

- Plays only take cards from the hand and add cards to the table, so a new
  meld holding the card can only be made of cards held now (with the cards
  taken above it). Any such meld holds the card and two others that are a
  meld of three already (:mod:`rummyrules.melds.support`).
- A meld laid this turn that the card is later laid off on is, with the
  card and whatever was laid on it, a new meld of held cards holding the
  card: the case above. So a lay-off that needs earlier plays is a lay-off
  on a meld already on the table, after cards of the hand were laid off on
  it first.
- Laying cards on a set never lets a card of another rank fit, and a wild
  fits a meld whenever a wild fits it at all: earlier lay-offs only help a
  natural card of a run's suit, beyond one end of the run, once the places
  between are filled one by one from that end, each by the natural card of
  the place or by a wild (1400 has no spacing rule, F14-11).
- Where a player lays off only once down (F14-R7), a meld of other held
  cards comes first, and the lay-offs use what is left.

Each answer is closed under its own first step: the first card of a chain,
or the meld that puts the player down, leaves a position where this module
still finds the rest, so a player told yes is never stuck.

>>> from rummyrules import FourteenHundred
>>> game = FourteenHundred(players=2).position(
...     "wild 3 | dealer 1 | to_move 0 play | turn taken 9H must_use 9H"
...     " | hands 8H 9H 4C KC 10S / KS KD QC | melds 1: 5H 6H 7H"
... )
>>> still_usable(game, 0, game.turn.must_use, may_lay_off=True)
True
"""

from __future__ import annotations

from collections.abc import Sequence

from rummyrules import melds
from rummyrules.core.cards import BY_RANK_AND_SUIT, Card, Rank
from rummyrules.core.hands import hand_after
from rummyrules.games.fourteen_hundred.state import FourteenHundredState, options
from rummyrules.melds import Meld, MeldKind, MeldRules, support
from rummyrules.melds import search as meld_search

__all__ = ["lays_off", "still_usable"]

State = FourteenHundredState


def still_usable(state: State, player: int, card: Card, *, may_lay_off: bool) -> bool:
    """Whether some plays this turn can still use the card, held in the hand (F14-9).

    ``may_lay_off`` says whether the player may lay off now (F14-R7).

    >>> from rummyrules import FourteenHundred
    >>> game = FourteenHundred(players=2).position(
    ...     "wild 3 | dealer 1 | to_move 0 play | turn taken 9H must_use 9H"
    ...     " | hands 9H 9S 9C 8H 4C / KS KD QC | melds 1: 5H 6H 7H"
    ... )
    >>> card = game.turn.must_use
    >>> still_usable(game, 0, card, may_lay_off=True)
    True
    >>> still_usable(game.apply("lay 8H on 1"), 0, card, may_lay_off=True)
    True
    """
    hand = hand_after(state.hands[player], take=[card])
    meld_rules, wild = state.rules.meld_rules, state.wild
    if support.melds_with(card, hand, meld_rules, wild):
        return True
    return lays_off(state, card, hand, may_lay_off=may_lay_off)


def lays_off(
    state: State, card: Card, hand: Sequence[Card], *, may_lay_off: bool
) -> bool:
    """Whether the card can be laid off on a meld on the table this turn (F14-9).

    ``hand`` holds the player's other cards: some may be laid off first to
    reach the card, or melded first where the player must be down (F14-R7).

    >>> from rummyrules import FourteenHundred, parse_cards
    >>> game = FourteenHundred(players=2).position(
    ...     "wild 3 | to_move 0 draw | hands 8H 4C / KS KD QC | melds 1: 5H 6H 7H"
    ...     " | pile 10S 9H"
    ... )
    >>> card, *hand = parse_cards("9H 8H 4C")
    >>> lays_off(game, card, hand, may_lay_off=True)
    True
    >>> lays_off(game, card, hand[1:], may_lay_off=True)
    False
    """
    table = tuple(table_meld.meld for table_meld in state.melds)
    if not table:
        return False
    meld_rules, wild = state.rules.meld_rules, state.wild
    if may_lay_off:
        return _reaches(table, card, hand, meld_rules, wild)
    if not options(state).lay_off_needs_meld:  # pragma: no cover - the caller's rule
        return False
    for first in meld_search.find_melds(hand, meld_rules, wild=wild):
        left = hand_after(hand, take=first.cards)
        if _reaches(table, card, left, meld_rules, wild):
            return True
    return False


def _reaches(
    table: Sequence[Meld],
    card: Card,
    hand: Sequence[Card],
    meld_rules: MeldRules,
    wild: Rank | None,
) -> bool:
    """Whether the card fits a meld of the table, once cards of the hand fill a gap."""
    for meld in table:
        if meld_search.lay_off_options(card, meld, meld_rules, wild):
            return True
    if melds.is_wild(card, wild):
        return False  # nothing laid first makes room for a wild that fits nowhere
    return any(
        meld.kind is MeldKind.RUN
        and meld.suit is card.suit
        and _chain(meld, card, hand, meld_rules, wild)
        for meld in table
    )


def _chain(
    meld: Meld,
    card: Card,
    hand: Sequence[Card],
    meld_rules: MeldRules,
    wild: Rank | None,
) -> bool:
    """Whether cards of the hand fill the places between the run's end and the card."""
    ladder = meld_rules.run_ranks
    low, high = _ends(meld, meld_rules)
    wilds = [other for other in hand if melds.is_wild(other, wild)]
    rank, suit = card.rank, card.suit
    if rank is None or suit is None:  # pragma: no cover - naturals only
        return False
    for place in meld_rules.places[rank]:
        if place > high:
            gap = range(high + 1, place)
        elif place < low:
            gap = range(place + 1, low)
        else:
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
