"""What fits each meld on the table, kept in the core value as ints (EOP-9).

A meld lies on the table for many turns while hand after hand is offered to
it, and changes only when a card is laid off on it. So each meld carries,
from the moment it changes, a :data:`MeldFits`: the bits of the card codes
that may be laid off on it, and for each such card its lay-off actions (one
a meaning of a wild, in the library's order) with the meld each one makes.
Listing the lay-offs of a hand is then a mask test per meld
(``listing._lay_offs``), and playing one a lookup (``playing._lay_off``),
with no library table made per position.

What a card may mean on a meld is the library's own answer
(:func:`rummyrules.melds.search.card_lay_offs`), asked once per meld and
place and kept here by the meld's code.

>>> from rummyrules import EndOfThePage
>>> from rummyrules.games.end_of_the_page.core.codes import move_of
>>> rules = EndOfThePage()
>>> kings = rules.check_meld("KH KD KC").melds[0]
>>> fits, lays = meld_fits(kings, 1, rules.meld_rules, None)
>>> [str(move_of(a)) for _, actions, _ in lays for a in actions][:2]
['lay KS on 1', 'lay KH on 1']
"""

from __future__ import annotations

from typing import Final

from rummyrules.core.cards import BY_CODE, Rank
from rummyrules.game.table import TableMeld
from rummyrules.games.end_of_the_page.core.codes import LAY
from rummyrules.melds import Meld, MeldRules
from rummyrules.melds import search as meld_search
from rummyrules.melds.codes import meaning_code, meld_code, rank_code, rules_code

__all__ = ["MeldFits", "TableFits", "meld_fits", "table_fits"]

CardLays = tuple[int, tuple[int, ...], tuple[Meld, ...]]
"""A card's code, its lay-off actions on one meld, and the meld each makes."""
MeldFits = tuple[int, tuple[CardLays, ...]]
"""The bits of the cards that fit a meld, and each one's :data:`CardLays`, by code."""
TableFits = tuple[tuple[MeldFits, ...], int, int]
"""Each meld's fits in table order, all their fits ORed, and a bit per player down (EOP-9)."""

NO_FITS: Final[TableFits] = ((), 0, 0)
"""An empty table: nothing fits, nobody is down."""

_KEPT: dict[tuple[tuple[int, ...], int, int, int], MeldFits] = {}
_LIMIT: Final = 1 << 14  # emptied when full: forgetting costs a fresh search


def meld_fits(
    meld: Meld, number: int, meld_rules: MeldRules, wild: Rank | None
) -> MeldFits:
    """The cards that fit ``meld``, the ``number``-th on the table, and their lay-offs (EOP-9).

    Cards are in code order, each card's actions in the library's order of
    meanings: the order in which the turn machine lists lay-offs.

    >>> from rummyrules import EndOfThePage
    >>> rules = EndOfThePage()
    >>> run = rules.check_meld("7S 8S 9S").melds[0]
    >>> fits, lays = meld_fits(run, 2, rules.meld_rules, Rank.FIVE)
    >>> len(lays) == fits.bit_count()
    True
    """
    key = (meld_code(meld), number, rules_code(meld_rules), rank_code(wild))
    found = _KEPT.get(key)
    if found is None:
        found = _KEPT[key] = _searched(meld, number, meld_rules, wild)
        if len(_KEPT) >= _LIMIT:
            _KEPT.clear()
            _KEPT[key] = found
    return found


def _searched(
    meld: Meld, number: int, meld_rules: MeldRules, wild: Rank | None
) -> MeldFits:
    # The library's quick test rules out most cards; the rest are searched.
    candidates = meld_search.fit_mask(meld, meld_rules, wild)
    fits = 0
    lays: list[CardLays] = []
    for code in sorted(BY_CODE):
        if not candidates >> code & 1:
            continue
        options = meld_search.card_lay_offs(BY_CODE[code], meld, meld_rules, wild)
        if not options:
            continue
        fits |= 1 << code
        actions = tuple(
            [
                LAY
                | code << 3
                | number << 9
                | (meaning_code(option.stands_for) + 1) << 25
                for option in options
            ]
        )
        lays.append((code, actions, tuple([option.meld for option in options])))
    return fits, tuple(lays)


def table_fits(
    melds: tuple[TableMeld, ...], meld_rules: MeldRules, wild: Rank | None
) -> TableFits:
    """The :data:`TableFits` of a whole table, meld by meld.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
    >>> infos, fits, down = table_fits(game.melds, game.rules.meld_rules, game.wild)
    >>> len(infos), down
    (1, 2)
    """
    infos = tuple(
        [
            meld_fits(table_meld.meld, number, meld_rules, wild)
            for number, table_meld in enumerate(melds, start=1)
        ]
    )
    union = down = 0
    for (fits, _), table_meld in zip(infos, melds, strict=True):
        union |= fits
        down |= 1 << table_meld.owner
    return infos, union, down


def with_meld(table: TableFits, info: MeldFits, number: int, owner: int) -> TableFits:
    """The table's fits after its ``number``-th meld (a new one, or one laid on) is ``info``.

    >>> from rummyrules import EndOfThePage
    >>> rules = EndOfThePage()
    >>> kings = meld_fits(
    ...     rules.check_meld("KH KD KC").melds[0], 1, rules.meld_rules, None
    ... )
    >>> with_meld(NO_FITS, kings, 1, owner=1)[1:] == (kings[0], 2)
    True
    """
    infos = list(table[0])
    if number > len(infos):
        infos.append(info)
    else:
        infos[number - 1] = info
    union = 0
    for fits, _ in infos:
        union |= fits
    return tuple(infos), union, table[2] | 1 << owner
