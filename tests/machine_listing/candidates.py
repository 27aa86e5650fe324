"""Each game's candidates, by game, phase and kind of move: what the cards allow before the rules forbid.

Copied from the games' turn machines as they listed moves. A kind of move
found here by ``(game, phase, move class)``, or ``(game, None, move
class)`` for every phase and out of turn, lists these candidates; a kind
found nowhere has one move (:func:`.listing.candidates_of`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rummyrules import melds
from rummyrules.core.hands import hand_after
from rummyrules.game.moves import Discard, LayOff, Move, NewMeld, Take, discard_of
from rummyrules.games.fourteen_hundred.state import Claim, FourteenHundredPhase
from rummyrules.games.gin_rummy.deadwood import min_deadwood
from rummyrules.games.gin_rummy.state import GinRummyPhase
from rummyrules.games.going_out.machine import out_moves
from rummyrules.games.going_out.state import Drop, GoOut
from rummyrules.melds import search as meld_search

from .rummy500 import (
    claim_candidates,
    lay_off_candidates,
    meld_candidates,
    take_candidates,
)


def discard_candidates(state: Any, player: int) -> list[Discard]:
    """A discard of each distinct card in the player's hand, in the hand's order."""
    return [discard_of(card) for card in dict.fromkeys(state.hands[player])]


# --- Going Out Rummy (GOR-4, GOR-7, GOR-8, GOR-10) ------------------------------


def out_candidates(state: Any, player: int) -> tuple[GoOut, ...]:
    """The going-out moves the player's hand allows, one layout for each card left over."""
    return out_moves(state.hands[player], state.rules.meld_rules, state.rules.going_out)


def drop_candidates(state: Any, player: int) -> tuple[Drop, ...]:
    """``drop`` in the player's turn, ``N: drop`` out of it."""
    return (Drop(),) if player == state.to_move else (Drop(player=player),)


# --- Gin Rummy (GIN-5, GIN-6) ---------------------------------------------------


def gin_melds(state: Any, player: int) -> list[NewMeld]:
    """The melds the player may lay, one at a time: the knocker's keep the knock good."""
    hand = state.hands[player]
    found = meld_search.find_melds(hand, state.rules.meld_rules)
    if state.phase is GinRummyPhase.LAY_DOWN:
        found = tuple(
            meld
            for meld in found
            if min_deadwood(hand_after(hand, take=meld.cards)) <= state.knock_card
        )
    return [NewMeld.of(meld) for meld in found]


def gin_lay_offs(state: Any, player: int) -> list[LayOff]:
    """A card of the opponent's hand that extends one of the knocker's melds."""
    meld_rules = state.rules.meld_rules
    found: list[LayOff] = []
    for number, table_meld in enumerate(state.melds, start=1):
        if table_meld.owner != state.knocker:
            continue
        found.extend(
            LayOff(card=card, meld=number)
            for card in dict.fromkeys(state.hands[player])
            if meld_search.card_lay_offs(card, table_meld.meld, meld_rules, None)
        )
    return found


# --- Toy Rummy (TOY-4) ----------------------------------------------------------


def toy_melds(state: Any, player: int) -> tuple[NewMeld, ...]:
    """Every set or run the player's hand holds (the shared meld search)."""
    meld_rules = state.rules.meld_rules
    return tuple(
        NewMeld.of(meld) for meld in melds.find_melds(state.hands[player], meld_rules)
    )


Candidates = Callable[[Any, int], Iterable[Move]]

CANDIDATES: dict[tuple[str, object, type[Move]], Candidates] = {
    ("End of the Page", None, Take): take_candidates,
    ("End of the Page", None, NewMeld): meld_candidates,
    ("End of the Page", None, LayOff): lay_off_candidates,
    ("End of the Page", None, Discard): discard_candidates,
    ("1400", FourteenHundredPhase.DRAW, Take): take_candidates,
    ("1400", None, NewMeld): meld_candidates,
    ("1400", None, LayOff): lay_off_candidates,
    ("1400", None, Discard): discard_candidates,
    ("1400", None, Claim): claim_candidates,
    ("Going Out Rummy", None, GoOut): out_candidates,
    ("Going Out Rummy", None, Discard): discard_candidates,
    ("Going Out Rummy", None, Drop): drop_candidates,
    ("Gin Rummy", None, NewMeld): gin_melds,
    ("Gin Rummy", None, LayOff): gin_lay_offs,
    ("Gin Rummy", None, Discard): discard_candidates,
    ("Toy Rummy", None, NewMeld): toy_melds,
    ("Toy Rummy", None, Discard): discard_candidates,
}
"""The candidates of every kind of move that has more than one (see the module's docstring)."""
