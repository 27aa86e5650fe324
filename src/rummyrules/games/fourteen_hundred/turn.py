"""The rules of a turn of 1400: each one function that both lists and refuses.

The round opens on the first upcard, which a player takes only to meld it at
once, and passes only when they cannot use it unless the rules let anyone
pass (F14-6, F14-R5). A discard is taken only if some plays this turn can
use it, and every play keeps that so until one uses it (F14-8, F14-9). Under F14-R7 a player lays off
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

from collections.abc import Sequence

from rummyrules.core.cards import Card
from rummyrules.core.hands import hand_after
from rummyrules.game.dealing import can_draw
from rummyrules.game.machine import (
    Refusal,
    Test,
    card_refusal,
    refuse,
    refuses_all,
)
from rummyrules.game.moves import Draw, LayOff, NewMeld, Pass, Take
from rummyrules.game.rummy500_melding import fits_table
from rummyrules.games.fourteen_hundred import plays, using
from rummyrules.games.fourteen_hundred.state import FourteenHundredState, options
from rummyrules.melds import support

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
    """F14-9 with ALL-2: a discard is taken only if some plays this turn can use it.

    Other plays may come first: cards laid off to reach it, or a meld that
    puts the player down (F14-R7); :mod:`rummyrules.games.fourteen_hundred.using`
    says how far that reaches.

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

    def test(move: Take) -> Refusal | None:
        depth = 0 if move.card is None else depths[move.card]
        card = pile[depth]
        above = pile[:depth]
        if (down and fits_table(state, card)) or _can_meld(state, card, above):
            return None
        hand = hand_after(state.hands[player], add=above)
        if using.lays_off(state, card, hand, may_lay_off=down):
            return None
        return _unusable(card)

    return test


_unusable = card_refusal(
    "you could not use {card} in a meld or lay-off this turn, so you may not take it",
    "F14-9",
)


def _can_meld(state: State, card: Card, above: Sequence[Card]) -> bool:
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
    you took 7H from the discard pile, so you must use it in a meld or lay-off before you discard (F14-9)
    """
    del player
    card = state.turn.must_use
    if card is None:
        return None
    return Refusal(
        f"you took {card} from the discard pile, so you must use it in a meld or "
        "lay-off before you discard",
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
    """F14-9: a play that leaves the card chosen from the pile unused keeps it usable.

    The card may wait behind other plays of the turn, but not behind one
    after which no plays could use it: the turn could then not end.

    >>> from rummyrules import FourteenHundred, parse_move
    >>> game = FourteenHundred(players=2).position(
    ...     "wild 9 | to_move 0 play | turn taken 7H must_use 7H"
    ...     " | hands 6H 7H 8S 8H 8D 2C / 3C 4C 5D | pile 10S QS"
    ... )
    >>> test = uses_card(game)
    >>> print(test(parse_move("meld 8S 8H 8D")))
    that would leave you no way to use 7H, which you took from the discard pile, this turn (F14-9)
    >>> print(test(parse_move("meld 6H 7H 8H")))
    None
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

    def test(move: NewMeld | LayOff) -> Refusal | None:
        if isinstance(move, NewMeld):
            if card in move.cards:
                return None
            after = plays.meld(state, move)
        else:
            if move.card == card:
                return None
            after = plays.lay_off(state, move)
        down = needs_meld(after, player) is None
        if using.still_usable(after, player, card, may_lay_off=down):
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
