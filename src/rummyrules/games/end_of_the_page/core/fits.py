"""What fits each meld on the table, as ints kept beside the core value (EOP-9).

A meld lies on the table for many turns while hand after hand is offered to
it, and changes only when a card is laid off on it. So the core value holds,
for the table (:data:`TableFits`), each meld's key (its code, place and the
rules) with the cards the library's quick test lets through
(:func:`rummyrules.melds.search.fit_mask`), and who is down: most hands are
answered by one mask test. The cards that pass are worked out the first
time a hand holds them, by the library's own search
(:func:`rummyrules.melds.search.card_lay_offs`), and kept here by the
meld's key: each card's lay-off actions, one a meaning of a wild in the
library's order, with the meld each one makes.

>>> from rummyrules import Card, EndOfThePage
>>> from rummyrules.games.end_of_the_page.core.codes import move_of
>>> rules = EndOfThePage()
>>> kings = rules.check_meld("KH KD KC").melds[0]
>>> table = with_meld(
...     NO_FITS, kings, 1, owner=1, meld_rules=rules.meld_rules, wild=None
... )
>>> [str(move_of(a)) for a in card_lays(table, 1, int(Card.parse("KS")), kings)[0]]
['lay KS on 1']
"""

from __future__ import annotations

from typing import Final

from rummyrules.core.cards import BY_CODE, Rank
from rummyrules.game.table import TableMeld
from rummyrules.games.end_of_the_page.core.codes import LAY
from rummyrules.melds import Meld, MeldRules
from rummyrules.melds import search as meld_search
from rummyrules.melds.codes import (
    MeldCode,
    code_rank,
    code_rules,
    meaning_code,
    meld_code,
    rank_code,
    rules_code,
)

__all__ = [
    "NO_FITS",
    "CardLays",
    "MeldKey",
    "TableFits",
    "card_lays",
    "fits_card",
    "lay_offs",
    "table_fits",
    "with_meld",
]

MeldKey = tuple[MeldCode, int, int, int]
"""A meld on the table: its code, its number (from 1), its rules' and wild's codes."""
TableFits = tuple[tuple[tuple[MeldKey, int], ...], int, int]
"""Each meld's key and quick-test mask in table order, the masks ORed, and a bit per player down."""
CardLays = tuple[tuple[int, ...], tuple[Meld, ...]]
"""A card's lay-off actions on one meld, and the meld each one makes."""

NO_FITS: Final[TableFits] = ((), 0, 0)
"""An empty table: nothing fits, nobody is down (EOP-9)."""
_NONE: Final[CardLays] = ((), ())

_LEARNED: dict[MeldKey, dict[int, CardLays]] = {}
"""Each meld's cards worked out so far, by key: a card's lay-offs (none: it does not fit)."""
_ANYWHERE: dict[tuple[MeldCode, int, int, int], CardLays] = {}
"""A card's lay-offs on a meld wherever it lies (its actions with no meld number), by
the meld's code, the rules' and wild's codes and the card's: a meld met at one place
is often met at another."""
_LIMIT: Final = 1 << 13  # emptied when full: forgetting costs a fresh search


def _key(meld: Meld, number: int, meld_rules: MeldRules, wild: Rank | None) -> MeldKey:
    return (meld_code(meld), number, rules_code(meld_rules), rank_code(wild))


def card_lays(table: TableFits, number: int, code: int, meld: Meld) -> CardLays:
    """The lay-offs of the card with ``code`` on the ``number``-th meld, ``meld`` (EOP-9).

    >>> from rummyrules import Card, EndOfThePage
    >>> rules = EndOfThePage()
    >>> run = rules.check_meld("7S 8S 9S").melds[0]
    >>> table = with_meld(
    ...     NO_FITS, run, 1, owner=0, meld_rules=rules.meld_rules, wild=None
    ... )
    >>> card_lays(table, 1, int(Card.parse("2C")), run)
    ((), ())
    """
    key, candidates = table[0][number - 1]
    if not candidates >> code & 1:
        return _NONE
    learned = _LEARNED.get(key)
    if learned is None:
        if len(_LEARNED) >= _LIMIT:
            _LEARNED.clear()
        learned = _LEARNED[key] = {}
    found = learned.get(code)
    if found is None:
        found = learned[code] = _searched(key, code, meld)
    return found


def _searched(key: MeldKey, code: int, meld: Meld) -> CardLays:
    """A card's lay-offs on a meld: the library's search, once for the meld at any place."""
    number = key[1] << 9
    anywhere = (key[0], key[2], key[3], code)
    found = _ANYWHERE.get(anywhere)
    if found is None:
        meld_rules, wild = code_rules(key[2]), code_rank(key[3])
        options = meld_search.card_lay_offs(BY_CODE[code], meld, meld_rules, wild)
        bases = tuple(
            [
                LAY | code << 3 | (meaning_code(option.stands_for) + 1) << 25
                for option in options
            ]
        )
        found = (bases, tuple([option.meld for option in options]))
        if len(_ANYWHERE) >= _LIMIT:
            _ANYWHERE.clear()
        _ANYWHERE[anywhere] = found
    return tuple([base | number for base in found[0]]), found[1]


def lay_offs(
    table: TableFits, melds: tuple[TableMeld, ...], held: int, found: list[int]
) -> int:
    """Add the lay-offs of the ``held`` cards (codes as bits) to ``found``; the cards that fit.

    Meld by meld in table order, each meld's cards in code order: the
    machine's order (EOP-9).

    >>> from rummyrules import Card, EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
    >>> table = table_fits(game.melds, game.rules.meld_rules, game.wild)
    >>> found: list[int] = []
    >>> lay_offs(table, game.melds, 1 << int(Card.parse("KS")), found) > 0, len(found)
    (True, 1)
    """
    fits = 0
    held &= table[1]
    if not held:
        return 0
    for number, (_, candidates) in enumerate(table[0], start=1):
        hits = held & candidates
        meld = melds[number - 1].meld
        while hits:
            low = hits & -hits
            hits ^= low
            actions = card_lays(table, number, low.bit_length() - 1, meld)[0]
            if actions:
                fits |= low
                found += actions
    return fits


def fits_card(table: TableFits, melds: tuple[TableMeld, ...], code: int) -> bool:
    """Whether the card with ``code`` may be laid off on some meld on the table (EOP-9).

    >>> from rummyrules import Card, EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
    >>> table = table_fits(game.melds, game.rules.meld_rules, game.wild)
    >>> fits_card(table, game.melds, int(Card.parse("KS")))
    True
    """
    if not table[1] >> code & 1:
        return False
    return any(
        card_lays(table, number, code, melds[number - 1].meld)[0]
        for number in range(1, len(melds) + 1)
    )


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
    table = NO_FITS
    for number, table_meld in enumerate(melds, start=1):
        table = with_meld(
            table,
            table_meld.meld,
            number,
            owner=table_meld.owner,
            meld_rules=meld_rules,
            wild=wild,
        )
    return table


def with_meld(  # noqa: PLR0913 - a meld, its place and owner, and the rules it is read by
    table: TableFits,
    meld: Meld,
    number: int,
    *,
    owner: int,
    meld_rules: MeldRules,
    wild: Rank | None,
) -> TableFits:
    """The table's fits after its ``number``-th meld (a new one, or one laid on) is ``meld``.

    >>> from rummyrules import EndOfThePage
    >>> rules = EndOfThePage()
    >>> kings = rules.check_meld("KH KD KC").melds[0]
    >>> with_meld(NO_FITS, kings, 1, owner=1, meld_rules=rules.meld_rules, wild=None)[2]
    2
    """
    key = _key(meld, number, meld_rules, wild)
    candidates = meld_search.fit_mask(meld, meld_rules, wild)
    infos = list(table[0])
    if number > len(infos):
        infos.append((key, candidates))
    else:
        infos[number - 1] = (key, candidates)
    union = 0
    for _, mask in infos:
        union |= mask
    return tuple(infos), union, table[2] | 1 << owner
