"""The lay-offs onto the melds on a table, worked out once and kept.

A meld lies on the table for many turns while hand after hand is offered
to it; each card's lay-offs onto it are worked out the first time a hand
holds the card, moves and all, and kept while the meld stays as it is.

>>> from rummyrules import EndOfThePage, parse_cards
>>> from rummyrules.melds import readings
>>> rules = EndOfThePage()
>>> (kings,) = readings(parse_cards("KH KD KC"), rules.meld_rules)
>>> table = table_lay_offs((kings,), rules.meld_rules, None)
>>> codes = [int(card) for card in parse_cards("KS 2C")]
>>> [str(move) for move in table.options(codes, sum(1 << code for code in codes))]
['lay KS on 1']
"""

from __future__ import annotations

import functools

from rummyrules.core.cards import Rank
from rummyrules.game.moves import LayOff
from rummyrules.melds import Meld, MeldRules
from rummyrules.melds import search as meld_search

__all__ = ["TableLayOffs", "table_lay_offs"]


class TableLayOffs:
    """The lay-offs onto every meld on one table, for hand after hand.

    ``pending`` has the bits of cards some meld has yet to work out, and
    ``fits`` those that fit some meld: most hands are answered from the two
    alone.
    """

    __slots__ = ("fits", "pending", "tables")

    def __init__(self, tables: list[_LayOffTable]) -> None:
        self.tables = tables
        self.pending = -1
        self.fits = 0

    def fits_code(self, code: int) -> bool:
        """Whether the card with this code fits some meld (a bit test, once known).

        >>> from rummyrules import EndOfThePage, parse_cards
        >>> from rummyrules.melds import readings
        >>> rules = EndOfThePage()
        >>> (kings,) = readings(parse_cards("KH KD KC"), rules.meld_rules)
        >>> table = table_lay_offs((kings,), rules.meld_rules, None)
        >>> [table.fits_code(int(card)) for card in parse_cards("KS 2C")]
        [True, False]
        """
        bit = 1 << code
        if bit & self.pending:
            self._learn(bit)
        return bool(bit & self.fits)

    def options(self, codes: list[int], held: int) -> list[LayOff]:
        """The lay-offs of the held cards, meld by meld, each in the hand's order."""
        if held & self.pending:
            self._learn(held)
        if not held & self.fits:
            return []  # the common case: no card of the hand fits any meld
        found: list[LayOff] = []
        for table in self.tables:
            hits = held & table.fits
            if not hits:
                continue
            moves = table.moves
            for code in codes:  # the hand's order, each card once
                bit = 1 << code
                if hits & bit:
                    hits ^= bit
                    found.extend(moves[code])
        return found

    def _learn(self, held: int) -> None:
        pending = fits = 0
        for table in self.tables:
            table.hits(held)
            pending |= ~table.known
            fits |= table.fits
        self.pending, self.fits = pending, fits


@functools.lru_cache(maxsize=1 << 10)
def table_lay_offs(
    on_table: tuple[Meld, ...], meld_rules: MeldRules, wild: Rank | None
) -> TableLayOffs:
    """The lay-offs onto the melds on a table, worked out as hands ask."""
    # The table changes only when a meld is laid or grows; each meld keeps
    # its own table, so a change there leaves the others' work standing.
    return TableLayOffs(
        [
            _lay_offs(meld, meld_rules, wild, number)
            for number, meld in enumerate(on_table, start=1)
        ]
    )


class _LayOffTable:
    """The lay-offs onto one meld at one place on the table, card by card.

    Filled as hands ask (the full check is dear, and most cards never come):
    ``known`` has a bit for each card code worked out, ``fits`` for each that
    has a lay-off, and ``moves`` its ready moves.
    """

    __slots__ = ("fits", "known", "meld", "meld_rules", "moves", "number", "wild")

    def __init__(
        self, meld: Meld, meld_rules: MeldRules, wild: Rank | None, number: int
    ) -> None:
        self.meld = meld
        self.meld_rules = meld_rules
        self.wild = wild
        self.number = number
        # Cards the quick test rules out are known at once to fit nowhere.
        self.known = ~meld_search.fit_mask(meld, meld_rules, wild)
        self.fits = 0
        self.moves: dict[int, tuple[LayOff, ...]] = {}

    def hits(self, held: int) -> int:
        """The bits of ``held`` that have a lay-off onto the meld."""
        unknown = held & ~self.known
        if unknown:
            self._learn(unknown)
        return held & self.fits

    def _learn(self, unknown: int) -> None:
        self.known |= unknown
        while unknown:
            bit = unknown & -unknown
            unknown ^= bit
            code = bit.bit_length() - 1
            card = meld_search.code_card(code)
            options = meld_search.card_lay_offs(
                card, self.meld, self.meld_rules, self.wild
            )
            if options:
                self.fits |= bit
                self.moves[code] = tuple(
                    LayOff(card=card, declared=option.stands_for, meld=self.number)
                    for option in options
                )


@functools.lru_cache(maxsize=1 << 12)
def _lay_offs(
    meld: Meld, meld_rules: MeldRules, wild: Rank | None, number: int
) -> _LayOffTable:
    # A meld lies at its place for many turns while hand after hand is
    # offered to it: its lay-offs are worked out once a card, moves and all.
    return _LayOffTable(meld, meld_rules, wild, number)
