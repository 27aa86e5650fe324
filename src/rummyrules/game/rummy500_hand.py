"""A hand against the table in End of the Page and 1400, worked out once a state.

A turn's listing asks many things of the hand of the player to move: the
new melds it holds, the lay-offs of its cards onto the melds on the table,
and, for the rules, whether a card fits a meld (EOP-12, F14-12) or which
cards two naturals of the hand support (EOP-6). One :class:`HandAnalysis`
a state answers them all, made from one look at the hand: its cards as
codes and bits, the pieces of its meld search
(:func:`~rummyrules.melds.pieces.meld_pieces`), and the table's analysis
(:mod:`~rummyrules.game.table_analysis`). Every kind of move of the turn
and every rule reads the same analysis, so nothing is worked out twice.

States that share the hand and the table share the work beneath: each
piece's melds (a rank's sets, a suit's runs) and each card's lay-offs onto
each meld are kept as integers, found again by any later state that holds
the same cards and faces the same melds.

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
>>> hand = hand_analysis(game, 1)
>>> hand is hand_analysis(game, 1)
True
>>> (
...     [str(move) for move in hand.lay_offs()],
...     [str(move) for move in hand.new_melds()][:1],
... )
(['lay 8D=K on 1'], ['meld 6H 6D 8D=6'])
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Final

from rummyrules.core.cards import BY_CODE, Card, Rank
from rummyrules.game import table_analysis as tables
from rummyrules.game.moves import LayOff, NewMeld
from rummyrules.game.rummy500 import Rummy500State
from rummyrules.melds import Meld, MeldRules, support
from rummyrules.melds.codes import (
    MeldCode,
    code_meaning,
    code_meld,
    code_rank,
    code_rules,
    meaning_code,
    meld_code,
    rank_code,
    rules_code,
)
from rummyrules.melds.pieces import MeldPiece, meld_pieces, piece_melds

__all__ = ["HandAnalysis", "hand_analysis", "listed_meld"]


class HandAnalysis:
    """One player's hand against the table: what it melds and lays off, and what fits.

    Made by :func:`hand_analysis`; each part is worked out the first time
    it is asked and kept. It holds the hand and the table, not the state, so a state's memo of it is no cycle for the collector.
    """

    __slots__ = (
        "_lay_offs",
        "_new_melds",
        "_supported",
        "hand",
        "melds",
        "state_rules",
    )

    def __init__(self, state: Rummy500State, player: int) -> None:
        self.hand = state.hands[player]
        self.state_rules = (state.rules.meld_rules, state.wild)
        self.melds = state.melds
        self._new_melds: tuple[NewMeld, ...] | None = None
        self._lay_offs: list[LayOff] | None = None
        self._supported: Callable[[Card], bool] | None = None

    def new_melds(self) -> tuple[NewMeld, ...]:
        """Every new meld the hand can lay, wilds declared, in the search's order."""
        found = self._new_melds
        if found is None:
            meld_rules, wild = self.state_rules
            pieces = meld_pieces(self.hand, meld_rules, wild=wild)
            # The wild rank and rules as integers, once a hand, for every piece.
            codes = rank_code(wild), rules_code(meld_rules)
            moves: list[NewMeld] = []
            for piece in pieces:
                moves += _piece_moves(piece, codes)
            found = tuple(moves)
            self._new_melds = found
        return found

    def lay_offs(self) -> list[LayOff]:
        """Every lay-off of a card of the hand onto a meld, meld by meld (MELD-6)."""
        found = self._lay_offs
        if found is None:
            found = []
            if self.melds:
                codes = [*map(int, self.hand)]  # a card is its code
                held = 0
                for code in codes:
                    held |= 1 << code
                meld_rules, wild = self.state_rules
                table = tables.analysis_of(self.melds, meld_rules, wild)
                found = table.lay_offs.options(codes, held)
            self._lay_offs = found
        return found

    def supports(self) -> Callable[[Card], bool]:
        """The test of a card: do two natural cards of the hand make a set or run with it (EOP-6)?

        The test itself, made once: a pile's cards are asked one by one.
        """
        test = self._supported
        if test is None:
            meld_rules, wild = self.state_rules
            test = self._supported = support.naturals_meld_with(
                self.hand, meld_rules, wild
            )
        return test


def hand_analysis(state: Rummy500State, player: int) -> HandAnalysis:
    """The analysis of a player's hand against the state's table, made once a state.

    >>> from rummyrules import EndOfThePage, parse_cards
    >>> game = EndOfThePage().new_game(seed=3).apply("draw")
    >>> supported = hand_analysis(game, 1).supports()
    >>> [supported(card) for card in parse_cards("KS 5S")]
    [True, False]
    """
    if player == state.to_move:
        return state.memo(_of_player_to_move)
    return HandAnalysis(state, player)


def _of_player_to_move(state: Rummy500State) -> HandAnalysis:
    return HandAnalysis(state, state.to_move or 0)


_PieceKey = tuple[int, int, int, tuple[int, ...], int, int]
"""A :data:`MeldPiece` with its wild rank and meld rules as integers."""


@functools.lru_cache(maxsize=1 << 14)
def _piece_codes(key: _PieceKey) -> tuple[MeldCode, ...]:
    # Hands change by a card or two a turn, so the melds of each piece of
    # the search (a rank's sets, a suit's runs) are found once and kept, as
    # integers: a memo of moves and melds is objects every full collection
    # walks, one of integers is not walked at all.
    kind, place, natural, wild_key, wild, rules = key
    piece = (kind, place, natural, wild_key, code_rank(wild), code_rules(rules))
    found = dict.fromkeys(meld.wilds_in_order() for meld in piece_melds(piece))
    codes = tuple(map(meld_code, found))
    if len(_LISTED) >= _LISTED_LIMIT:
        # Both forget together, so that a meld listed from this memo is in
        # _LISTED too; forgetting only costs a fresh search and reading.
        _LISTED.clear()
        _piece_codes.cache_clear()
    for code in codes:
        # The meld's cards and meanings, under its wild rank and rules: its kind.
        _LISTED[(*code[1:], wild, rules)] = code[0]
    return codes


_LISTED: dict[tuple[int, ...], int] = {}
"""The kind of each listed new meld, by its cards' and meanings' codes, the
wild rank's and the meld rules': play_meld then need not read it again."""
_LISTED_LIMIT = 1 << 16


def listed_meld(move: NewMeld, meld_rules: MeldRules, wild: Rank | None) -> Meld | None:
    """The meld a new meld lays, if it was listed lately under these rules; else None.

    ``play_meld`` then need not read the cards again; None only costs it a
    fresh reading.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw")
    >>> move = hand_analysis(game, 1).new_melds()[0]
    >>> str(listed_meld(move, game.rules.meld_rules, game.wild))
    '6H 6D 8D=6'
    """
    key = (
        *map(int, move.cards),  # a card is its code
        *map(meaning_code, move.declared),
        rank_code(wild),
        rules_code(meld_rules),
    )
    kind = _LISTED.get(key)
    if kind is None:
        return None
    # A meld listed under the same wild rank and meld rules: the meld it was
    # made from is its kind, cards and meanings.
    return code_meld((kind, *key[:-2]))


def _piece_moves(piece: MeldPiece, codes: tuple[int, int]) -> list[NewMeld]:
    """The new melds of one piece of the search, made afresh from its codes.

    ``codes`` are the piece's wild rank and meld rules as integers.
    """
    kind, place, natural, wild_key, _, _ = piece
    key: _PieceKey = (kind, place, natural, wild_key, *codes)
    moves = []
    for code in _piece_codes(key):
        size = len(code) >> 1
        moves.append(
            NewMeld(
                cards=tuple(map(_CARDS.__getitem__, code[1 : size + 1])),
                declared=tuple(map(code_meaning, code[size + 1 :])),
            )
        )
    return moves


_CARDS: Final = BY_CODE
