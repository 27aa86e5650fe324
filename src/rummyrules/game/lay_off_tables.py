"""Which cards fit the melds on a table, worked out once and kept.

A meld lies on the table for many turns while card after card is asked of
it (EOP-12's last card, 1400's claims and reach); whether each card fits it
is worked out the first time the card is asked and kept, as bits, for the
table at hand.

>>> from rummyrules import EndOfThePage, parse_cards
>>> from rummyrules.melds import readings
>>> rules = EndOfThePage()
>>> (kings,) = readings(parse_cards("KH KD KC"), rules.meld_rules)
>>> table = table_lay_offs((kings,), rules.meld_rules, None)
>>> [table.fits_code(int(card)) for card in parse_cards("KS 2C")]
[True, False]
"""

from __future__ import annotations

import functools

from rummyrules.core.cards import Rank
from rummyrules.melds import Meld, MeldRules
from rummyrules.melds import search as meld_search
from rummyrules.melds.codes import (
    MeldCode,
    code_meld,
    code_rank,
    code_rules,
    meaning_code,
    meld_code,
    rank_code,
    rules_code,
)

__all__ = ["TableLayOffs", "table_lay_offs"]


class TableLayOffs:
    """Which cards fit some meld on one table, for card after card.

    ``pending`` has the bits of cards some meld has yet to work out, and
    ``fits`` those that fit some meld: most cards are answered from the two
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

    def _learn(self, held: int) -> None:
        pending = fits = 0
        for table in self.tables:
            table.hits(held)
            pending |= ~table.known
            fits |= table.fits
        self.pending, self.fits = pending, fits


def table_lay_offs(
    on_table: tuple[Meld, ...], meld_rules: MeldRules, wild: Rank | None
) -> TableLayOffs:
    """Which cards fit the melds on a table, worked out as cards are asked.

    Made afresh for each table (the caller keeps the one at hand): whether a
    card fits a meld is kept across tables, on integers.
    """
    rules, wild_code = rules_code(meld_rules), rank_code(wild)
    # A table changes a meld at a time: the melds the last table had at the
    # same place keep their work (one table kept, so nothing piles up here).
    last = {
        (table.code, table.rules, table.wild, table.number): table
        for table in _LAST[0].tables
    }
    tables = []
    for number, meld in enumerate(on_table, start=1):
        table = last.get((meld_code(meld), rules, wild_code, number))
        tables.append(table or _LayOffTable(meld, rules, wild_code, number))
    found = _LAST[0] = TableLayOffs(tables)
    return found


class _LayOffTable:
    """Which cards fit one meld at one place on the table, card by card.

    Filled as cards are asked (most never come): ``known`` has a bit for
    each card code worked out, ``fits`` for each that has a lay-off.
    """

    __slots__ = ("code", "fits", "known", "number", "rules", "wild")

    def __init__(self, meld: Meld, rules: int, wild: int, number: int) -> None:
        self.code = meld_code(meld)
        self.rules = rules
        self.wild = wild
        self.number = number
        # Cards the quick test rules out are known at once to fit nowhere.
        self.known = ~meld_search.fit_mask(meld, code_rules(rules), code_rank(wild))
        self.fits = 0

    def hits(self, held: int) -> int:
        """The bits of ``held`` that have a lay-off onto the meld."""
        unknown = held & ~self.known
        if unknown:
            self._learn(unknown)
        return held & self.fits

    def _learn(self, unknown: int) -> None:
        self.known |= unknown
        meld, rules, wild = self.code, self.rules, self.wild
        while unknown:
            bit = unknown & -unknown
            unknown ^= bit
            if _meanings(bit.bit_length() - 1, meld, rules, wild):
                self.fits |= bit


_LAST: list[TableLayOffs] = [TableLayOffs([])]
"""The last table made, whose melds' work the next may take over."""


@functools.lru_cache(maxsize=1 << 14)
def _meanings(card: int, meld: MeldCode, rules: int, wild: int) -> tuple[int, ...]:
    # A meld lies on the table for many turns while hand after hand is
    # offered to it: what each card may mean on it is worked out once, and
    # kept as integers, which the collector does not walk.
    options = meld_search.card_lay_offs(
        meld_search.code_card(card), code_meld(meld), code_rules(rules), code_rank(wild)
    )
    return tuple(meaning_code(option.stands_for) for option in options)
