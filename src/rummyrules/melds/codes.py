"""Melds, meld rules and wild ranks as small integers, for the meld layer's memos.

A memo lives as long as the process, and every full collection of the
garbage collector walks every object it keeps that could hold another: a
Meld, a tuple of cards, a closure. Tuples of integers it stops walking. So
the memos of :mod:`rummyrules.melds` key and answer in these codes, and the
frozen values are made outside them.

>>> from rummyrules import EndOfThePage
>>> meld = EndOfThePage().check_meld("7S 5H 9S", wild="5").melds[0]
>>> meld_code(meld)
(1, 28, 21, 36, -1, 32, -1)
>>> code_meld(meld_code(meld)) == meld
True
"""

from __future__ import annotations

from typing import Final

from rummyrules.core.cards import BY_CODE, Rank
from rummyrules.melds.meld import (
    _RANK_BASE,
    Declaration,
    Meld,
    MeldKind,
    MeldRules,
    _encode,
    _meaning_code,
)

__all__ = [
    "MeldCode",
    "code_meaning",
    "code_meld",
    "code_rank",
    "code_rules",
    "meaning_code",
    "meld_code",
    "rank_code",
    "rules_code",
]

MeldCode = tuple[int, ...]
"""A meld as integers: its kind, each card's code, then each card's meaning.

A meaning is -1 for a card that stands for itself, a card's code (below 64)
for a card, and 64 plus the rank for a rank.
"""

_KINDS: Final = tuple(MeldKind)
_BY_CODE: Final = BY_CODE
_RANKS: Final[dict[int, Rank | None]] = {int(rank): rank for rank in Rank}
_RANKS[-1] = None
_MEANINGS: Final[dict[int, Declaration | None]] = {
    **BY_CODE,
    **{_RANK_BASE + int(rank): rank for rank in Rank},
    -1: None,
}
# Each variant's meld rules, numbered as first met: a handful in a process
# (the games' own, and those explaining a refusal lifts rules from).
_RULES: Final[list[MeldRules]] = []
_RULES_CODE: Final[dict[MeldRules, int]] = {}


def meaning_code(meaning: Declaration | None) -> int:
    """What a wild card stands for, as an integer (see :data:`MeldCode`).

    >>> from rummyrules import Card
    >>> meaning_code(None), meaning_code(Rank.TWO), meaning_code(Card.parse("AS"))
    (-1, 66, 4)
    """
    return _meaning_code(meaning)


def meld_code(meld: Meld) -> MeldCode:
    """The meld as integers (see :data:`MeldCode`); equal melds, equal codes.

    Worked out once for a meld, which keeps it.

    >>> from rummyrules import EndOfThePage
    >>> meld_code(EndOfThePage().check_meld("7S 8S 9S").melds[0])
    (1, 28, 32, 36, -1, -1, -1)
    """
    return meld._code or _encode(meld)


def code_meld(code: MeldCode) -> Meld:
    """The meld of a :func:`meld_code`.

    >>> str(code_meld((0, 28, 29, 30, -1, -1, -1)))
    '7S 7H 7D'
    """
    size = len(code) >> 1
    meld = Meld(
        _KINDS[code[0]],
        tuple(map(_BY_CODE.__getitem__, code[1 : size + 1])),
        tuple(map(_MEANINGS.__getitem__, code[size + 1 :])),
    )
    object.__setattr__(meld, "_code", code)  # known: spare the work again
    return meld


def code_meaning(code: int) -> Declaration | None:
    """The meaning of a :func:`meaning_code`.

    >>> code_meaning(66)
    <Rank.TWO: 2>
    """
    return _MEANINGS[code]


def rank_code(rank: Rank | None) -> int:
    """A wild rank (or none) as an integer: -1 for none.

    >>> rank_code(None), rank_code(Rank.FIVE), code_rank(5)
    (-1, 5, <Rank.FIVE: 5>)
    """
    return -1 if rank is None else int(rank)


def code_rank(code: int) -> Rank | None:
    """The rank of a :func:`rank_code`.

    >>> print(code_rank(-1))
    None
    """
    return _RANKS[code]


def rules_code(meld_rules: MeldRules) -> int:
    """The meld rules' number in this process: equal rules, equal numbers.

    >>> from rummyrules import EndOfThePage
    >>> rules = EndOfThePage().meld_rules
    >>> code_rules(rules_code(rules)) is rules
    True
    """
    try:
        return _RULES_CODE[meld_rules]
    except KeyError:  # first met: a handful of times in a process
        _RULES.append(meld_rules)
        code = _RULES_CODE[meld_rules] = len(_RULES) - 1
        return code


def code_rules(code: int) -> MeldRules:
    """The meld rules of a :func:`rules_code`.

    >>> from rummyrules import GinRummy
    >>> code_rules(rules_code(GinRummy().meld_rules)).game
    'Gin Rummy'
    """
    return _RULES[code]
