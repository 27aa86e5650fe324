"""Melding as one goes, in End of the Page and 1400: new melds and lay-offs.

A player of a Rummy 500 game lays new melds from the hand and lays cards off
on any meld on the table, one card at a time. Each meld is laid in front of
the player who made it, and each card laid off is credited to whoever played
it, for the scores (EOP-16, F14-14). Here each is named (its wild cards
declared, or why it is refused) and played; 1400's claim of a discard joins
a meld the same way (F14-R9). The games' cores list them.

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
>>> (
...     [
...         str(move)
...         for move in fit_on_meld(game, LayOff(card=Card.parse("8D"), meld=1))
...     ],
...     fits_melds(game, Card.parse("KS")),
... )
(['lay 8D=K on 1'], True)
"""

from __future__ import annotations

from typing import TypeVar

import attrs

from rummyrules import melds
from rummyrules.core.cards import Card
from rummyrules.core.hands import hand_after
from rummyrules.game.machine import refuse
from rummyrules.game.moves import LayOff, NewMeld
from rummyrules.game.rummy500 import Rummy500State, face_up_after
from rummyrules.game.table import TableMeld
from rummyrules.game.table_analysis import table_analysis
from rummyrules.game.turn_rules import refuse_unheld
from rummyrules.melds import Meld, MeldKind
from rummyrules.melds import search as meld_search

__all__ = [
    "OnMeld",
    "fit_on_meld",
    "fits_melds",
    "laid_meld",
    "lay_off",
    "lay_off_readings",
    "meld_after",
    "meld_readings",
    "play_meld",
]

R = TypeVar("R", bound=Rummy500State)


def meld_readings(state: Rummy500State, move: NewMeld, player: int) -> list[NewMeld]:
    """The readings a new meld names, each wild declared; or why it is no meld.

    Each is laid as the state lays a new meld (:meth:`~rummyrules.game.rummy500.Rummy500State.meld_layout`):
    its wilds in card order, or as a rule of the turn places one (EOP-R6).

    >>> from rummyrules import EndOfThePage
    >>> from rummyrules.game.notation import parse_move
    >>> game = EndOfThePage().new_game(seed=3).apply("draw")
    >>> [str(move) for move in meld_readings(game, parse_move("meld 9H 9C 8D"), 1)]
    ['meld 9H 9C 8D=9']
    """
    refuse_unheld(state.hands[player], move.cards)
    meld_rules = state.rules.meld_rules
    found = melds.check(move.cards, meld_rules, wild=state.wild, declared=move.declared)
    if not found:
        raise refuse(found.reason, found.rule or meld_rules.meld_rule)
    if any(move.declared) and all(
        melds.is_wild(card, state.wild) for card in move.cards
    ):
        open_meld = NewMeld(cards=move.cards)
        raise refuse(
            "a meld of wild cards only is laid with its meaning open, for the cards "
            f"laid off on it to decide: '{open_meld}'",
            meld_rules.wild_rule,
        )
    # Wilds the other way round are the same meld (Meld.wilds_in_order), so
    # the move names the listed one, as laid; readings differing only so are one.
    lay = state.meld_layout() or Meld.wilds_in_order
    return list(dict.fromkeys(NewMeld.of(lay(meld)) for meld in found.melds))


def play_meld(state: R, move: NewMeld, player: int) -> R:
    """Lay a new meld: the cards leave the hand for the table (MELD-6).

    The player is then "down" for the round (EOP-9).

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw")
    >>> after = play_meld(game, game.legal_moves()[5], 1)
    >>> str(after.melds[0]), after.melded
    ('KH KD KC', (False, True))
    """
    meld = laid_meld(state, move)
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], take=move.cards)
    return state.replace(
        hands=tuple(hands),
        melds=(*state.melds, TableMeld.laid(meld, owner=player)),
        face_up=face_up_after(state, hands),
    )


def laid_meld(state: Rummy500State, move: NewMeld) -> Meld:
    """The meld a new meld lays, read from its cards and declared wilds.

    >>> from rummyrules import EndOfThePage, parse_cards
    >>> game = EndOfThePage().new_game(seed=3).apply("draw")
    >>> str(laid_meld(game, NewMeld(cards=tuple(parse_cards("KH KD KC")))))
    'KH KD KC'
    """
    meld_rules, wild = state.rules.meld_rules, state.wild
    (meld,) = melds.readings(move.cards, meld_rules, wild=wild, declared=move.declared)
    return meld


def lay_off_readings(state: Rummy500State, move: LayOff, player: int) -> list[LayOff]:
    """The lay-offs this move names, the wild declared; or why none (MELD-6).

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
    >>> [
    ...     str(lay)
    ...     for lay in lay_off_readings(game, LayOff(card=Card.parse("8D"), meld=1), 1)
    ... ]
    ['lay 8D=K on 1']
    """
    _table_meld(state, move.meld)
    refuse_unheld(state.hands[player], [move.card])
    return fit_on_meld(state, move)


def lay_off(state: R, move: LayOff, player: int) -> R:
    """Lay a card off: it joins the meld, credited to the player (MELD-6).

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
    >>> from rummyrules.core.cards import Rank
    >>> lay = LayOff(card=Card.parse("8D"), declared=Rank.KING, meld=1)
    >>> after = lay_off(game, lay, 1)
    >>> str(after.melds[0]), after.melds[0].played_by
    ('KH KD KC 8D=K', (1, 1, 1, 1))
    """
    old = state.melds[move.meld - 1]
    table = list(state.melds)
    table[move.meld - 1] = old.with_card(meld_after(state, move), player=player)
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], take=[move.card])
    return state.replace(
        hands=tuple(hands), melds=tuple(table), face_up=face_up_after(state, hands)
    )


OnMeld = TypeVar("OnMeld", bound=LayOff)
"""A move that adds one card to a meld on the table: a lay-off, or 1400's claim (one from the pile)."""


def fit_on_meld(state: Rummy500State, move: OnMeld) -> list[OnMeld]:
    """Each way the move's card joins its meld, the wild declared; or why none (MELD-6).

    Laying off in one's own turn and claiming a discard (F14-R9) both come
    here, so the same declarations are read the same way and refused for
    the same reasons. Whether the player holds the card is the caller's
    business.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
    >>> [str(lay) for lay in fit_on_meld(game, LayOff(card=Card.parse("8D"), meld=1))]
    ['lay 8D=K on 1']
    >>> fit_on_meld(game, LayOff(card=Card.parse("7C"), meld=1))
    Traceback (most recent call last):
    ...
    rummyrules.IllegalMoveError: 7C does not fit meld 1 (KH KD KC): ...
    """
    table_meld: Meld = _table_meld(state, move.meld)
    found = melds.check(
        (*table_meld.cards, move.card),
        state.rules.meld_rules,
        wild=state.wild,
        declared=(*table_meld.stands_for, move.declared),
        fixed=len(table_meld.cards),
    )
    if not found:
        reason = (
            f"{move.card} does not fit meld {move.meld} ({table_meld}): {found.reason}"
        )
        raise refuse(reason, found.rule or "MELD-6")
    if table_meld.kind is MeldKind.WILD and move.declared is not None:
        # As a new meld of wilds only is laid open (meld_readings), a wild laid
        # off on one leaves it open: only a natural card decides it.
        undeclared = attrs.evolve(move, declared=None)
        raise refuse(
            f"meld {move.meld} ({table_meld}) is wild cards only, its meaning left "
            f"open, and a wild card laid off on it leaves it so: '{undeclared}'",
            state.rules.meld_rules.wild_rule,
        )
    if not melds.is_wild(move.card, state.wild):
        return [attrs.evolve(move, declared=None)]
    meanings = dict.fromkeys(
        meld_search.new_meaning(table_meld, after, move.card, state.wild)
        for after in found.melds
    )
    return [attrs.evolve(move, declared=meaning) for meaning in meanings]


def _table_meld(state: Rummy500State, number: int) -> Meld:
    """Meld ``number`` on the table (from 1), or why there is none (MELD-6)."""
    if not 1 <= number <= len(state.melds):
        count = len(state.melds)
        there = {0: "there are no melds", 1: "there is only meld 1"}.get(
            count, f"there are melds 1 to {count}"
        )
        raise refuse(f"there is no meld {number} on the table ({there})", "MELD-6")
    return state.melds[number - 1].meld


def meld_after(state: Rummy500State, move: LayOff) -> Meld:
    """The meld a lay-off makes: the reading in which the card means what it says.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
    >>> from rummyrules.core.cards import Rank
    >>> str(meld_after(game, LayOff(card=Card.parse("8D"), declared=Rank.KING, meld=1)))
    'KH KD KC 8D=K'
    """
    table_meld = state.melds[move.meld - 1].meld
    options = meld_search.card_lay_offs(
        move.card, table_meld, state.rules.meld_rules, state.wild
    )
    return next(option.meld for option in options if option.stands_for == move.declared)


def fits_melds(state: Rummy500State, card: Card) -> bool:
    """Whether the card can be laid off on some meld on the table, as the rules read it.

    Whether the player may lay it off now (EOP-9, F14-R7) is the game's own
    rule; this is what the cards allow.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
    >>> fits_melds(game, Card.parse("KS")), fits_melds(game, Card.parse("7C"))
    (True, False)
    """
    return table_analysis(state).fits_code(int(card))  # a card is its code
