"""What fits each meld on the table, worked out on meld codes (EOP-9).

A meld lies on the table for many turns while hand after hand is offered to
it, and changes only when a card is laid off on it. So the core value holds,
for the table (:data:`TableFits`), each meld's key (its code, place and the
rules), the cards that fit it, exactly, as one bit per card code, and the
number of its memo; and who is down: a hand's lay-offs start from one mask
test. What a card does to a meld (:func:`card_lays`: its actions, one a
meaning of a wild, the code of the meld each one makes, and who played
each of its cards) is worked out on the codes (:mod:`.lay_codes`) the
first time, and kept in the meld's memo: integers only, which the
collector does not walk. Meld rules other than End of the Page's kind (a
run's Ace at both ends, a meld of wilds alone) are asked of the library's
search.

>>> from rummyrules import Card, EndOfThePage
>>> from rummyrules.games.end_of_the_page.core.codes import move_of
>>> from rummyrules.melds.codes import meld_code
>>> rules = EndOfThePage()
>>> kings = meld_code(rules.check_meld("KH KD KC").melds[0])
>>> table = with_meld(
...     NO_FITS, kings, 1, owner=1, meld_rules=rules.meld_rules, wild=None
... )
>>> [str(move_of(a)) for a in card_lays(table, 1, int(Card.parse("KS")))[0]]
['lay KS on 1']
"""

from __future__ import annotations

import itertools
from typing import Final

from rummyrules.core.cards import BY_CODE, Rank
from rummyrules.game.table import TableMeld
from rummyrules.games.end_of_the_page.core.codes import LAY
from rummyrules.games.end_of_the_page.core.lay_codes import (
    KINDS,
    Lays,
    credits,
    fit_bits,
    ladder,
    laid,
)
from rummyrules.melds import MeldRules
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
TableFits = tuple[tuple[tuple[MeldKey, int, int], ...], int, int]
"""Each meld's key, the cards that fit it and its memo's number in table order, the cards ORed,
and a bit per player down."""
CardLays = tuple[tuple[int, ...], tuple[MeldCode, ...], tuple[tuple[int, ...], ...]]
"""A card's lay-off actions on one meld, the code of the meld each one makes, and
for each card of that meld the place it had before (-1: the card laid), whose
player it keeps (:meth:`~rummyrules.game.table.TableMeld.with_card`)."""
NO_FITS: Final[TableFits] = ((), 0, 0)
"""An empty table: nothing fits, nobody is down (EOP-9)."""
_NONE: Final[CardLays] = ((), (), ())

_LEARNED: dict[int, dict[int, CardLays]] = {}
"""Each meld's cards worked out so far, by the meld's number in :data:`_IDENTS`: a card's lay-offs."""
_IDENTS: dict[MeldKey, int] = {}
"""A number for each meld key met (a key is long to hash; the number is looked up once a meld)."""
_COUNT: Final = itertools.count(
    1
)  # never reused: a number forgotten names no other meld
_LIMIT: Final = 1 << 13  # emptied when full: forgetting costs a fresh working out


def card_lays(table: TableFits, number: int, code: int) -> CardLays:
    """The lay-offs of the card with ``code`` on the ``number``-th meld (EOP-9).

    >>> from rummyrules import Card, EndOfThePage
    >>> from rummyrules.melds.codes import meld_code
    >>> rules = EndOfThePage()
    >>> run = meld_code(rules.check_meld("7S 8S 9S").melds[0])
    >>> table = with_meld(
    ...     NO_FITS, run, 1, owner=0, meld_rules=rules.meld_rules, wild=None
    ... )
    >>> card_lays(table, 1, int(Card.parse("2C")))
    ((), (), ())
    """
    key, fits, ident = table[0][number - 1]
    if not fits >> code & 1:
        return _NONE
    learned = _LEARNED.get(ident)
    if learned is None:
        learned = _learning(ident)
    found = learned.get(code)
    if found is None:
        found = _learn(learned, key, code)
    return found


def _learning(ident: int) -> dict[int, CardLays]:
    """A new meld's memo of its cards' lay-offs."""
    if len(_LEARNED) >= _LIMIT:
        _LEARNED.clear()
    learned: dict[int, CardLays] = {}
    _LEARNED[ident] = learned
    return learned


def _learn(learned: dict[int, CardLays], key: MeldKey, code: int) -> CardLays:
    """Work out a card's lay-offs on a meld, and keep them in its memo."""
    meld, number, rules, wild = key
    read = ladder(rules)
    if read is None or meld[0] not in KINDS:
        found = _searched(meld, code, rules, wild)
    else:
        found = laid(meld, code, wild, read)
    number_bits = number << 9
    lays = (
        tuple([action | number_bits for action in found[0]]),
        found[1],
        tuple([credits(meld, after) for after in found[1]]),
    )
    learned[code] = lays
    return lays


def _searched(meld: MeldCode, code: int, rules: int, wild: int) -> Lays:
    """A card's lay-offs on a meld by the library's search (rules the codes do not read)."""
    options = meld_search.card_lay_offs(
        BY_CODE[code], code_meld(meld), code_rules(rules), code_rank(wild)
    )
    actions = tuple(
        [
            LAY | code << 3 | (meaning_code(option.stands_for) + 1) << 25
            for option in options
        ]
    )
    return actions, tuple([meld_code(option.meld) for option in options])


def fits_card(table: TableFits, code: int) -> bool:
    """Whether the card with ``code`` may be laid off on some meld on the table (EOP-9).

    >>> from rummyrules import Card, EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
    >>> table = table_fits(game.melds, game.rules.meld_rules, game.wild)
    >>> fits_card(table, int(Card.parse("KS"))), fits_card(table, int(Card.parse("QS")))
    (True, False)
    """
    if not table[1] >> code & 1:
        return False
    return any(
        card_lays(table, number, code)[0] for number in range(1, len(table[0]) + 1)
    )


def lay_offs(table: TableFits, held: int, found: list[int]) -> int:
    """Add the lay-offs of the ``held`` cards (codes as bits) to ``found``; the cards that fit.

    Meld by meld in table order, each meld's cards in code order: the
    machine's order (EOP-9).

    >>> from rummyrules import Card, EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
    >>> table = table_fits(game.melds, game.rules.meld_rules, game.wild)
    >>> found: list[int] = []
    >>> lay_offs(table, 1 << int(Card.parse("KS")), found) > 0, len(found)
    (True, 1)
    """
    held &= table[1]
    if not held:
        return 0
    fits = 0
    memos = _LEARNED
    for key, candidates, ident in table[0]:
        hits = held & candidates
        if not hits:
            continue
        learned = memos.get(ident)
        if learned is None:
            learned = _learning(ident)
        while hits:
            low = hits & -hits
            hits ^= low
            code = low.bit_length() - 1
            lays = learned.get(code)
            if lays is None:
                lays = _learn(learned, key, code)
            if lays[0]:
                fits |= low
                found += lays[0]
    return fits


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
            meld_code(table_meld.meld),
            number,
            owner=table_meld.owner,
            meld_rules=meld_rules,
            wild=wild,
        )
    return table


def with_meld(  # noqa: PLR0913 - a meld, its place and owner, and the rules it is read by
    table: TableFits,
    meld: MeldCode,
    number: int,
    *,
    owner: int,
    meld_rules: MeldRules,
    wild: Rank | None,
) -> TableFits:
    """The table's fits after its ``number``-th meld (a new one, or one laid on) has this code.

    >>> from rummyrules import EndOfThePage
    >>> from rummyrules.melds.codes import meld_code
    >>> rules = EndOfThePage()
    >>> kings = meld_code(rules.check_meld("KH KD KC").melds[0])
    >>> with_meld(NO_FITS, kings, 1, owner=1, meld_rules=rules.meld_rules, wild=None)[2]
    2
    """
    rules = rules_code(meld_rules)
    wild_code = rank_code(wild)
    read = ladder(rules)
    if read is not None and meld[0] in KINDS:
        fits = fit_bits(meld, wild_code, read)
    else:
        fits = meld_search.fit_mask(code_meld(meld), meld_rules, wild)
    infos = list(table[0])
    key = (meld, number, rules, wild_code)
    ident = _IDENTS.get(key)
    if ident is None:
        if len(_IDENTS) >= _LIMIT:
            _IDENTS.clear()
        ident = _IDENTS[key] = next(_COUNT)
    if number > len(infos):
        infos.append((key, fits, ident))
    else:
        infos[number - 1] = (key, fits, ident)
    union = 0
    for _, mask, _ in infos:
        union |= mask
    return tuple(infos), union, table[2] | 1 << owner
