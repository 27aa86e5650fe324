"""End of the Page's and 1400's candidates: takes, new melds, lay-offs (EOP-5 … EOP-12, F14-8 … F14-12).

Copied from ``rummyrules.game.rummy500``, ``rummy500_melding`` and
``rummy500_hand`` as they listed moves: the takes of the discard pile, the
new melds of the hand piece by piece of the meld search (wilds declared,
each meld once), the lay-offs meld by meld in the hand's order, and 1400's
claims of the last discard. What the rules then forbid is the machine's.
"""

from __future__ import annotations

import functools
from typing import Any

from rummyrules.core.cards import BY_CODE
from rummyrules.game.moves import LayOff, NewMeld, Take, take_of
from rummyrules.game.rummy500_melding import fits_melds
from rummyrules.games.fourteen_hundred.state import Claim
from rummyrules.games.fourteen_hundred.using import _may_claim
from rummyrules.melds import readings
from rummyrules.melds import search as meld_search
from rummyrules.melds.codes import (
    MeldCode,
    code_meaning,
    code_rank,
    code_rules,
    meld_code,
    rank_code,
    rules_code,
)
from rummyrules.melds.pieces import MeldPiece, meld_pieces, piece_melds


def take_candidates(state: Any, player: int) -> list[Take]:
    """Each take of the discard pile: ``take`` for its top card, each other card once by name."""
    del player
    pile = state.discard_pile
    if not pile:
        return []
    below = dict.fromkeys(pile)
    del below[pile[0]]  # the top card is taken as ``take``
    return [take_of(None), *map(take_of, below)]


def meld_candidates(state: Any, player: int) -> tuple[NewMeld, ...]:
    """Every new meld the hand can lay, wilds declared, in the search's order."""
    return state.memo(_new_melds) if player == state.to_move else _melds(state, player)


def _new_melds(state: Any) -> tuple[NewMeld, ...]:
    found = _melds(state, state.to_move or 0)
    lay = state.meld_layout()  # EOP-R6: a wild taken deep stands beside its naturals
    if lay is None:
        return found
    meld_rules, wild = state.rules.meld_rules, state.wild
    return tuple(
        NewMeld.of(
            lay(readings(move.cards, meld_rules, wild=wild, declared=move.declared)[0])
        )
        for move in found
    )


def _melds(state: Any, player: int) -> tuple[NewMeld, ...]:
    meld_rules, wild = state.rules.meld_rules, state.wild
    codes = rank_code(wild), rules_code(meld_rules)
    moves: list[NewMeld] = []
    for piece in meld_pieces(state.hands[player], meld_rules, wild=wild):
        moves += _piece_moves(piece, codes)
    return tuple(moves)


def _piece_moves(piece: MeldPiece, codes: tuple[int, int]) -> list[NewMeld]:
    kind, place, natural, wild_key, _, _ = piece
    moves = []
    for code in _piece_codes((kind, place, natural, wild_key, *codes)):
        size = len(code) >> 1
        moves.append(
            NewMeld(
                cards=tuple(map(BY_CODE.__getitem__, code[1 : size + 1])),
                declared=tuple(map(code_meaning, code[size + 1 :])),
            )
        )
    return moves


@functools.lru_cache(maxsize=1 << 14)
def _piece_codes(
    key: tuple[int, int, int, tuple[int, ...], int, int],
) -> tuple[MeldCode, ...]:
    # Wilds the other way round are the same meld: each is listed once.
    kind, place, natural, wild_key, wild, rules = key
    piece = (kind, place, natural, wild_key, code_rank(wild), code_rules(rules))
    found = dict.fromkeys(meld.wilds_in_order() for meld in piece_melds(piece))
    return tuple(map(meld_code, found))


def lay_off_candidates(state: Any, player: int) -> list[LayOff]:
    """Every lay-off of a card of the hand onto a meld on the table, meld by meld, in the hand's order."""
    meld_rules, wild = state.rules.meld_rules, state.wild
    cards = dict.fromkeys(state.hands[player])
    return [
        LayOff(card=card, declared=option.stands_for, meld=number)
        for number, table_meld in enumerate(state.melds, start=1)
        for card in cards
        for option in meld_search.card_lay_offs(card, table_meld.meld, meld_rules, wild)
    ]


def claim_candidates(state: Any, player: int) -> list[Claim]:
    """Each claim of the last discard the player may make now: a lay-off of it (F14-12)."""
    card = state.claim
    if card is None or not fits_melds(state, card):
        return []
    if _may_claim(state, player, card) is not None:
        return []
    meld_rules, wild = state.rules.meld_rules, state.wild
    return [
        Claim(player=player, card=card, declared=option.stands_for, meld=number)
        for number, meld in enumerate(state.melds, start=1)
        for option in meld_search.card_lay_offs(card, meld.meld, meld_rules, wild)
    ]
