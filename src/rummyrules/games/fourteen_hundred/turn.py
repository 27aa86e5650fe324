"""The rules of a turn of 1400: each one function that both lists and refuses.

The round opens on the first upcard, which a player takes only to meld it at
once, and passes only when they cannot use it unless the rules let anyone
pass (F14-6, F14-R5). A discard is taken only if it can be used this turn,
and the next play uses it (F14-8, F14-9). Under F14-R7 a player lays off
only once down; the last plays have one draw (F14-13, F14-R10). The claims
of a discard out of turn have their own rules
(:mod:`rummyrules.games.fourteen_hundred.claims`). Each rule here is a gate or a check of
:mod:`rummyrules.game.machine`: the turn machine asks it both to list the
legal moves and to say why a move is refused.

>>> from rummyrules import FourteenHundred, Take
>>> game = FourteenHundred(players=2).position(
...     "wild 9 | to_move 0 opening | hands 2C 5D JH / 3C 4C 5C | pile 8S"
... )
>>> print(upcard_usable(game)(Take()))
you can make no meld with 8S, so you must pass (F14-6)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from rummyrules import melds
from rummyrules.core.cards import STANDARD_CARDS, Card, Rank, Suit
from rummyrules.core.hands import hand_after, sorted_hand
from rummyrules.game.dealing import can_draw
from rummyrules.game.machine import Refusal, Test, refuse, refuses_all
from rummyrules.game.moves import Draw, LayOff, NewMeld, Pass, Take
from rummyrules.game.rummy500_melding import fits_table
from rummyrules.games.fourteen_hundred.state import FourteenHundredState, options
from rummyrules.melds import MeldRules
from rummyrules.melds import search as meld_search

__all__ = [
    "card_pending",
    "last_draw",
    "may_pass",
    "name_take",
    "name_upcard",
    "needs_meld",
    "upcard_meld",
    "upcard_option",
    "upcard_pending",
    "upcard_usable",
    "usable",
    "uses_card",
]

State = FourteenHundredState


# --- The opening (F14-6, F14-7) ---------------------------------------------------


def _can_use_upcard(state: State) -> bool:
    return _can_meld(state, state.discard_pile[0], ())


def _uses(
    state: State, player: int, card: Card, extra: Sequence[Card]
) -> list[NewMeld]:
    """The new melds that hold ``card`` and can be made with ``extra`` added to the hand."""
    hand = hand_after(state.hands[player], add=extra)
    found = meld_search.find_melds(hand, state.rules.meld_rules, wild=state.wild)
    return [NewMeld.of(meld) for meld in found if card in meld.cards]


def upcard_option(state: State, player: int) -> tuple[Take]:
    """The one take of the opening: the first upcard (F14-6).

    >>> from rummyrules import FourteenHundred
    >>> game = FourteenHundred(players=2).position(
    ...     "wild 9 | to_move 0 opening | hands 8H 8D 2C / 3C 4C 5D | pile 8S"
    ... )
    >>> [str(move) for move in upcard_option(game, 0)]
    ['take']
    """
    del state, player
    return (Take(),)


def name_upcard(state: State, move: Take, player: int) -> list[Take]:
    """The take a move names in the opening: only the upcard (F14-6).

    >>> from rummyrules import FourteenHundred, parse_move
    >>> game = FourteenHundred(players=2).position(
    ...     "wild 9 | to_move 0 opening | hands 8H 8D 2C / 3C 4C 5D | pile 8S"
    ... )
    >>> name_upcard(game, parse_move("take 8D"), 0)
    Traceback (most recent call last):
    ...
    rummyrules.IllegalMoveError: only the upcard 8S may be taken now (F14-6)
    """
    del player
    upcard = state.discard_pile[0]
    if move.card not in {None, upcard}:
        raise refuse(f"only the upcard {upcard} may be taken now", "F14-6")
    return [Take()]


def upcard_usable(state: State) -> Test[Take] | None:
    """F14-6: the first upcard is taken only to meld it at once.

    >>> from rummyrules import FourteenHundred, Take
    >>> game = FourteenHundred(players=2).position(
    ...     "wild 9 | to_move 0 opening | hands 8H 8D 2C / 3C 4C 5D | pile 8S"
    ... )
    >>> print(upcard_usable(game))
    None
    """
    if state.memo(_can_use_upcard):
        return None
    refusal = Refusal(
        f"you can make no meld with {state.discard_pile[0]}, so you must pass", "F14-6"
    )
    return refuses_all(refusal)


def may_pass(state: State) -> Test[Pass] | None:
    """F14-R5: a player who can use the first upcard must (unless any may pass).

    >>> from rummyrules import FourteenHundred, Pass
    >>> game = FourteenHundred(players=2).position(
    ...     "wild 9 | to_move 0 opening | hands 8H 8D 2C / 3C 4C 5D | pile 8S"
    ... )
    >>> print(may_pass(game)(Pass()))
    you can use 8S in a meld, so you may not pass (F14-R5)
    """
    if options(state).pass_freely or not state.memo(_can_use_upcard):
        return None
    refusal = Refusal(
        f"you can use {state.discard_pile[0]} in a meld, so you may not pass", "F14-R5"
    )
    return refuses_all(refusal)


# --- The draw (F14-8, F14-9) --------------------------------------------------------


def name_take(state: State, move: Take, player: int) -> list[Take]:
    """The take a move names: the top discard, or a card below it by name (F14-8).

    >>> from rummyrules import FourteenHundred, parse_move
    >>> game = FourteenHundred(players=2).position(
    ...     "wild 9 | to_move 0 draw | hands 8S 8D 2C / 3C 4C 5D | pile 8H 7H 10S QS"
    ... )
    >>> [str(move) for move in name_take(game, parse_move("take 8H"), 0)]
    ['take']
    >>> name_take(game, parse_move("take 9C"), 0)
    Traceback (most recent call last):
    ...
    rummyrules.IllegalMoveError: there is no 9C in the discard pile (F14-8)
    """
    del player
    pile = state.discard_pile
    if move.card is not None and move.card not in pile:
        raise refuse(f"there is no {move.card} in the discard pile", "F14-8")
    if not pile:
        raise refuse("the discard pile is empty", "F14-8")
    if move.card is None or move.card == pile[0]:
        return [Take()]
    return [move]


def usable(state: State) -> Test[Take]:
    """F14-9 with ALL-2: a discard is taken only if it can then be used this turn.

    >>> from rummyrules import FourteenHundred, parse_move
    >>> game = FourteenHundred(players=2).position(
    ...     "wild 9 | to_move 0 draw | hands 8S 8D 2C / 3C 4C 5D | pile 8H 7H 10S QS"
    ... )
    >>> test = usable(game)
    >>> print(test(parse_move("take")))
    None
    >>> print(test(parse_move("take 7H")))
    you could not use 7H in a meld or lay-off this turn, so you may not take it (F14-9)
    """
    player = state.to_move or 0
    down = needs_meld(state, player) is None
    pile = state.discard_pile
    depths: dict[Card, int] = {}
    for depth, card in enumerate(pile):
        depths.setdefault(card, depth)  # a card is taken at its topmost copy

    def _melds_first(hand: Sequence[Card]) -> list[NewMeld]:
        """The new melds a player who is not down could lay first, leaving the card."""
        found = meld_search.find_melds(hand, state.rules.meld_rules, wild=state.wild)
        return [NewMeld.of(meld) for meld in found]

    def test(move: Take) -> Refusal | None:
        depth = 0 if move.card is None else depths[move.card]
        card = pile[depth]
        above = pile[:depth]
        if (down and fits_table(state, card)) or _can_meld(state, card, above):
            return None
        # F14-R7: a player who must meld before laying off may meld first.
        if not down:
            hand = hand_after(state.hands[player], add=above)
            if any(_meld_then_lay(state, meld, card) for meld in _melds_first(hand)):
                return None
        return _unusable(card)

    return test


@functools.cache
def _unusable(card: Card) -> Refusal:
    # Listing tests every card of the pile and refuses most: each refusal is
    # made once, not once a card a state.
    return Refusal(
        f"you could not use {card} in a meld or lay-off this turn, so you may not "
        "take it",
        "F14-9",
    )


def _meld_then_lay(state: State, move: NewMeld, card: Card) -> bool:
    """Whether, once this meld is laid, the card can be laid off (F14-9 with F14-R7)."""
    meld_rules, wild = state.rules.meld_rules, state.wild
    (laid,) = melds.readings(move.cards, meld_rules, wild=wild, declared=move.declared)
    return any(
        meld_search.lay_off_options(card, meld, meld_rules, wild)
        for meld in (laid, *(table_meld.meld for table_meld in state.melds))
    )


def _can_meld(state: State, card: Card, above: Sequence[Card]) -> bool:
    """Whether the player to move can make a new meld holding ``card`` from the pile.

    The card is taken with the cards ``above`` it. Any meld holding the card
    holds three cards that are already a meld, so it is enough to try the
    card with pairs of the cards that could sit beside it: its rank, its suit
    near it, and wilds. Most cards of a pile have too few of those, which
    counts of the hand show without a search.
    """
    meld_rules, wild = state.rules.meld_rules, state.wild
    player = state.to_move or 0
    if melds.is_wild(card, wild):
        return bool(_uses(state, player, card, (*above, card)))  # rare: the full search
    if not _may_meld(card, state.memo(_held), above, meld_rules, wild):
        return False
    close = _neighbours(card, meld_rules)
    near = [
        other
        for other in (*state.hands[player], *above)
        if other.rank is card.rank or other in close or melds.is_wild(other, wild)
    ]
    return _meld_of_three(card, tuple(sorted_hand(near)), meld_rules, wild)


_Held = tuple[int, dict[Rank | None, int], dict[Suit | None, int]]
"""Cards as counts: the wilds, the naturals of each rank, each suit's places as bits."""


def _held(state: State) -> _Held:
    """The hand of the player to move as counts, for :func:`_may_meld`."""
    bits = _place_bits(state.rules.meld_rules)
    wilds = 0
    ranks: dict[Rank | None, int] = {}
    suits: dict[Suit | None, int] = {}
    for card in state.hands[state.to_move or 0]:
        if melds.is_wild(card, state.wild):
            wilds += 1
        else:
            ranks[card.rank] = ranks.get(card.rank, 0) + 1
            suits[card.suit] = suits.get(card.suit, 0) | bits[card.rank]
    return wilds, ranks, suits


def _may_meld(
    card: Card,
    held: _Held,
    above: Sequence[Card],
    meld_rules: MeldRules,
    wild: Rank | None,
) -> bool:
    """A necessary test for a meld of the natural ``card`` with two other cards held.

    The cards are the hand (``held``) and those ``above`` the card in the
    pile. A set needs two more of its rank or wilds; a run needs the two
    other places of three in a row around it held in its suit or filled by
    wilds. Counted on bits of the places held, without making a meld.
    """
    wilds, ranks, suits = held
    same_rank = ranks.get(card.rank, 0)
    suit_bits = suits.get(card.suit, 0)
    bits = _place_bits(meld_rules)
    for other in above:
        if melds.is_wild(other, wild):
            wilds += 1
        elif other.rank is card.rank:
            same_rank += 1
        elif other.suit is card.suit:
            suit_bits |= bits[other.rank]
    if wilds + same_rank >= 2:
        return True
    need = 2 - wilds
    return any(
        (suit_bits & window).bit_count() >= need
        for window in _windows(card.rank, meld_rules)
    )


@functools.cache
def _place_bits(meld_rules: MeldRules) -> dict[Rank | None, int]:
    """Each rank's places on the run ladder, as bits."""
    bits: dict[Rank | None, int] = {None: 0}
    for rank, places in meld_rules.places.items():
        bits[rank] = sum(1 << place for place in places)
    return bits


@functools.cache
def _windows(rank: Rank | None, meld_rules: MeldRules) -> tuple[int, ...]:
    """Each three places in a row around the rank's places, the rank's own left out."""
    if rank is None:  # pragma: no cover - naturals only
        return ()
    top = len(meld_rules.run_ranks) - 1
    return tuple(
        (0b111 << low) & ~(1 << place)
        for place in meld_rules.places[rank]
        for low in range(max(place - 2, 0), min(place, top - 2) + 1)
    )


@functools.cache
def _neighbours(card: Card, meld_rules: MeldRules) -> frozenset[Card]:
    """The cards of the card's suit within two places of it in a run."""
    return frozenset(
        other
        for other in STANDARD_CARDS
        if other.suit is card.suit and _close(other, card, meld_rules)
    )


@functools.lru_cache(maxsize=4096)
def _meld_of_three(
    card: Card, near: tuple[Card, ...], meld_rules: MeldRules, wild: Rank | None
) -> bool:
    # The same few cards meet again from state to state of a game and
    # across playouts: each answer is read once.
    return any(
        melds.readings((card, first, second), meld_rules, wild=wild)
        for i, first in enumerate(near)
        for second in near[i + 1 :]
    )


def _close(one: Card, other: Card, meld_rules: MeldRules) -> bool:
    """Whether two cards of a suit stand within two places of each other in a run."""
    if one.rank is None or other.rank is None:  # pragma: no cover - naturals only
        return False
    return any(
        abs(p - q) <= 2
        for p in meld_rules.places[one.rank]
        for q in meld_rules.places[other.rank]
    )


# --- Plays (F14-6, F14-9, F14-10, F14-R7) ------------------------------------------


def needs_meld(state: State, player: int) -> Refusal | None:
    """F14-R7: under the option, a player lays off only once down.

    >>> from rummyrules import FourteenHundred
    >>> game = FourteenHundred(players=2, lay_off_needs_meld=True).position(
    ...     "wild 9 | to_move 0 play | hands 8C 2C / 3C 4C 5D | melds 1: 8S 8H 8D"
    ...     " | pile 7H"
    ... )
    >>> print(needs_meld(game, 0))
    these rules ask for a meld of your own before you lay off (F14-R7)
    """
    if state.melded[player] or not options(state).lay_off_needs_meld:
        return None
    return Refusal(
        "these rules ask for a meld of your own before you lay off", "F14-R7"
    )


def upcard_pending(state: State, player: int) -> Refusal | None:
    """F14-6: the first upcard taken goes into a new meld before anything else.

    >>> from rummyrules import FourteenHundred
    >>> game = FourteenHundred(players=2).position(
    ...     "wild 9 | to_move 0 play | turn taken 8S must_meld 8S must_use 8S"
    ...     " | hands 8S 8H 8D 2C / 3C 4C 5D"
    ... )
    >>> print(upcard_pending(game, 0))
    you took the upcard 8S, so you must lay it in a new meld at once (F14-6)
    """
    del player
    card = state.turn.must_meld
    if card is None:
        return None
    return Refusal(
        f"you took the upcard {card}, so you must lay it in a new meld at once", "F14-6"
    )


def card_pending(state: State, player: int) -> Refusal | None:
    """F14-9: the card chosen from the pile is played before the turn ends.

    >>> from rummyrules import FourteenHundred
    >>> game = FourteenHundred(players=2).position(
    ...     "wild 9 | to_move 0 play | turn taken 7H must_use 7H"
    ...     " | hands 6H 7H 8S 8H 8D 2C / 3C 4C 5D | pile 10S QS"
    ... )
    >>> print(card_pending(game, 0))
    you took 7H from the discard pile, so your next play must use it (F14-9)
    """
    del player
    card = state.turn.must_use
    if card is None:
        return None
    return Refusal(
        f"you took {card} from the discard pile, so your next play must use it",
        "F14-9",
    )


def upcard_meld(state: State) -> Test[NewMeld] | None:
    """F14-6: while the first upcard waits, only a new meld holding it may be laid.

    >>> from rummyrules import FourteenHundred, parse_move
    >>> game = FourteenHundred(players=2).position(
    ...     "wild 9 | to_move 0 play | turn taken 8S must_meld 8S must_use 8S"
    ...     " | hands 8S 8H 8D 2C 3C 4C / 5C 6C 5D"
    ... )
    >>> test = upcard_meld(game)
    >>> print(test(parse_move("meld 8S 8H 8D")))
    None
    >>> print(test(parse_move("meld 2C 3C 4C")))
    you took the upcard 8S, so you must lay it in a new meld at once (F14-6)
    """
    card = state.turn.must_meld
    refusal = upcard_pending(state, state.to_move or 0)
    if card is None or refusal is None:
        return None
    return lambda move: None if card in move.cards else refusal


def uses_card(state: State) -> Test[NewMeld | LayOff] | None:
    """F14-9: the next play uses the card chosen from the pile.

    A ruling: it is never left behind other plays, except that a player who
    must meld before laying off (F14-R7) melds first to lay it off after.

    >>> from rummyrules import FourteenHundred, parse_move
    >>> game = FourteenHundred(players=2).position(
    ...     "wild 9 | to_move 0 play | turn taken 7H must_use 7H"
    ...     " | hands 6H 7H 8S 8H 8D 2C / 3C 4C 5D | pile 10S QS"
    ... )
    >>> test = uses_card(game)
    >>> print(test(parse_move("meld 8S 8H 8D")))
    you took 7H from the discard pile, so your next play must use it (F14-9)
    >>> print(test(parse_move("meld 6H 7H 8H")))
    None
    """
    card = state.turn.must_use
    refusal = card_pending(state, state.to_move or 0)
    if card is None or refusal is None:
        return None
    meld_first = needs_meld(state, state.to_move or 0) is not None

    def test(move: NewMeld | LayOff) -> Refusal | None:
        if isinstance(move, NewMeld):
            if card in move.cards or (meld_first and _meld_then_lay(state, move, card)):
                return None
        elif move.card == card:
            return None
        return refusal

    return test


def last_draw(state: State) -> Test[Draw] | None:
    """F14-13 with F14-R10: one last draw, when there is a card to draw.

    >>> from rummyrules import Draw, FourteenHundred
    >>> game = FourteenHundred(players=2).position(
    ...     "wild 9 | to_move 1 last | turn drew | out 0 | hands - / 3C 4C 5D"
    ...     " | melds 0: 8S 8H 8D | pile 7H"
    ... )
    >>> print(last_draw(game)(Draw()))
    the last draw is one card from the stock (F14-13)
    """
    if state.turn.drew:
        refusal = Refusal("the last draw is one card from the stock", "F14-13")
    elif not can_draw(state, options(state).stock_out):
        refusal = Refusal(
            "the stock is empty and cannot be rebuilt: nothing is left to draw, "
            "so make your last plays and end them with 'done'",
            "F14-R10",
        )
    else:
        return None
    return refuses_all(refusal)
