"""The cards a player may or must use: the upcard, a discard taken, a discard claimed.

The first upcard is taken only to meld it at once, and passed only by a
player who cannot (F14-6, F14-R5). A discard is taken only if some plays
this turn can use it, and every play keeps that so until one uses it
(F14-9). A discard that fits a meld on the table may be claimed out of turn
by a player who is down, until the next player draws (F14-12, F14-R9). Each
rule here is a gate or a check of :mod:`rummyrules.game.machine`, which asks
it to say why a move is refused (the game's core lists the moves).

F14-9 asks whether the card taken can still be used before the turn ends.

A player who takes from the discard pile must use the chosen card "in a play
during that same turn", so other plays may come first: a take is allowed,
and a play that leaves the card unused is allowed, exactly when some
sequence of plays this turn can still use the card. This module answers
that with one look at the hand and the table, no search of sequences; each
state's take test and play test are made once, and each card answered once.

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
  the place or by a wild (1400 has no spacing rule, F14-11;
  :func:`~rummyrules.game.rummy500_reach.reaches`).
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

from rummyrules.core.cards import Card
from rummyrules.core.hands import hand_after
from rummyrules.game.machine import Refusal, Test, card_refusal, refuse, refuses_all
from rummyrules.game.moves import LayOff, NewMeld, Pass, Take
from rummyrules.game.pile_reach import PileWalk
from rummyrules.game.rummy500_melding import fit_on_meld, fits_melds
from rummyrules.game.rummy500_reach import offer_after, reaches, reaches_on
from rummyrules.games.fourteen_hundred.state import Claim, FourteenHundredState
from rummyrules.melds import search as meld_search
from rummyrules.melds import support

__all__ = [
    "can_meld",
    "claim_readings",
    "lays_off",
    "may_pass",
    "needs_meld",
    "still_usable",
    "upcard_usable",
    "usable",
    "uses_card",
]

State = FourteenHundredState


# --- The upcard (F14-6, F14-R5) ---------------------------------------------------


def _can_use_upcard(state: State) -> bool:
    return can_meld(state, state.discard_pile[0], ())


def upcard_usable(state: State) -> Test[Take] | None:
    """F14-6: the first upcard is taken only to meld it at once."""
    if state.memo(_can_use_upcard):
        return None
    refusal = Refusal(
        f"you can make no meld with {state.discard_pile[0]}, so you must pass", "F14-6"
    )
    return refuses_all(refusal)


def may_pass(state: State) -> Test[Pass] | None:
    """F14-R5: a player who can use the first upcard must (unless any may pass)."""
    if state.rules.pass_freely or not state.memo(_can_use_upcard):
        return None
    refusal = Refusal(
        f"you can use {state.discard_pile[0]} in a meld, so you may not pass", "F14-R5"
    )
    return refuses_all(refusal)


# --- A discard taken (F14-8, F14-9, F14-R7) --------------------------------------


def usable(state: State) -> Test[Take]:
    """F14-9 with ALL-2: a discard is taken only if some plays this turn can use it.

    Other plays may come first: cards laid off to reach it, or a meld that
    puts the player down (F14-R7); :func:`~rummyrules.game.rummy500_reach.reaches`
    says how far that reaches. Each card of the pile is answered once a
    state, on one walk down the pile (:mod:`~rummyrules.game.pile_reach`),
    for listing and refusing alike.
    """
    return state.memo(_take_test)


def _take_test(state: State) -> Test[Take]:
    """The take test of a state, on a walk down its pile for the player to move.

    The test holds the walk and the pile, not the state: kept in the state's
    memo, it makes no cycle for the collector to free.
    """
    player = state.to_move or 0
    down = needs_meld(state, player) is None
    meld_first = state.rules.lay_off_needs_meld
    walk = PileWalk(state, player, down=down, meld_first=meld_first)
    pile = state.discard_pile

    def test(move: Take) -> Refusal | None:
        depth = 0 if move.card is None else walk.depths[move.card]
        return None if walk.usable(depth) else _unusable(pile[depth])

    return test


_unusable = card_refusal(
    "you could not use {card} in a meld or lay-off this turn, so you may not take it",
    "F14-9",
)


def can_meld(state: State, card: Card, above: Sequence[Card]) -> bool:
    """Whether the player to move can make a new meld holding ``card`` from the pile.

    The card is taken with the cards ``above`` it; the hand's counts are
    worked out once a state, for the many cards of a pile.
    """
    meld_rules, wild = state.rules.meld_rules, state.wild
    hand = state.hands[state.to_move or 0]
    held = state.memo(_held)
    return support.melds_with(card, hand, meld_rules, wild, above=above, held=held)


def _held(state: State) -> support.Held:
    """The hand of the player to move as counts, for :func:`support.melds_with`."""
    hand = state.hands[state.to_move or 0]
    return support.held_counts(hand, state.rules.meld_rules, state.wild)


def needs_meld(state: State, player: int) -> Refusal | None:
    """F14-R7: under the option, a player lays off only once down."""
    if state.melded[player] or not state.rules.lay_off_needs_meld:
        return None
    return Refusal(
        "these rules ask for a meld of your own before you lay off", "F14-R7"
    )


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
    meld_first = state.rules.lay_off_needs_meld
    return reaches(state, card, hand, may_lay_off=may_lay_off, meld_first=meld_first)


def uses_card(state: State) -> Test[NewMeld | LayOff] | None:
    """F14-9: a play that leaves the card chosen from the pile unused keeps it usable.

    The card may wait behind other plays of the turn, but not behind one
    after which no plays could use it: the turn could then not end. The
    table is looked at once a state, for listing and refusing alike.
    """
    card = state.turn.must_use
    if card is None or state.turn.must_meld is not None:
        return None  # the opening's upcard goes into the next meld (F14-6)
    player = state.to_move or 0
    refusal = Refusal(
        f"that would leave you no way to use {card}, which you took from the "
        "discard pile, this turn",
        "F14-9",
    )
    meld_rules, wild = state.rules.meld_rules, state.wild
    meld_first = state.rules.lay_off_needs_meld
    fits_on = state.memo(_fits_on)

    def test(move: NewMeld | LayOff) -> Refusal | None:
        if isinstance(move, NewMeld):
            if card in move.cards or fits_on:
                return None
            played: Sequence[Card] = move.cards
        else:
            if move.card == card or fits_on - {move.meld}:
                return None
            played = (move.card,)
        # still_usable on the state after the play, its hand's half first:
        # a new meld of the cards left needs no table.
        hand = hand_after(state.hands[player], take=[*played, card])
        if support.melds_with(card, hand, meld_rules, wild):
            return None
        # The table the play leaves, the state unmade: a new meld puts the
        # player down (F14-R7), a lay-off leaves them as they were.
        down = isinstance(move, NewMeld) or needs_meld(state, player) is None
        table = offer_after(state, move, card)
        if reaches_on(table, card, hand, may_lay_off=down, meld_first=meld_first):
            return None
        return refusal

    return test


def _fits_on(state: State) -> frozenset[int]:
    """The melds on the table the card to use fits as they lie (by number).

    A play leaves every other meld as it is and the player no less down, so
    a card that fits a meld the play does not touch stays usable (F14-9).
    """
    card = state.turn.must_use
    if card is None or not fits_melds(state, card):
        return frozenset()
    meld_rules, wild = state.rules.meld_rules, state.wild
    return frozenset(
        number
        for number, table_meld in enumerate(state.melds, start=1)
        if meld_search.card_lay_offs(card, table_meld.meld, meld_rules, wild)
    )


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


# --- A discard claimed, out of turn (F14-12, F14-R9) -----------------------------


def _may_claim(state: State, player: int, card: Card) -> Refusal | None:
    """F14-12, F14-R9: the last discard, claimed by a player who is down and did not discard it."""
    if state.claim is None or card != state.claim:
        return Refusal(
            f"{card} is not the last discard, or its claim has passed", "F14-R9"
        )
    if player == state.discarder:
        return Refusal("you cannot claim your own discard", "F14-12")
    if not state.melded[player]:
        return Refusal("only a player who is down may claim a discard", "F14-12")
    return None


def claim_readings(state: State, move: Claim, player: int) -> list[Claim]:
    """The claim a move names: a lay-off of the last discard (F14-R9)."""
    if move.player is None:
        raise refuse("a claim names its player, as in '2: claim 7H on 3'", "F14-12")
    refusal = _may_claim(state, player, move.card)
    if refusal is not None:
        raise refusal.error()
    return fit_on_meld(state, move)
