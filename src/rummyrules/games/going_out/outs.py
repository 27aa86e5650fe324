"""Going out, listed: the moves that lay a Going Out Rummy hand down (GOR-7, GOR-8).

:func:`out_moves` lists them for a hand; the search is
:func:`~rummyrules.melds.layouts.going_out_layouts`, and its answers are kept
as card codes, integers only, so that the garbage collector does not walk
the memo however full it grows.

>>> from rummyrules import GoingOutRummy, parse_cards
>>> rules = GoingOutRummy(wildcards=1)
>>> hand = parse_cards("4C 5C * 9D 9S 9H 2S")
>>> [str(move) for move in out_moves(hand, rules.meld_rules, rules.going_out)]
['out *=3C 4C 5C / 9S 9H 9D discard 2S']
"""

from __future__ import annotations

import functools
from typing import Any

from rummyrules.core.cards import BY_CODE, Card, Rank
from rummyrules.game.moves import NewMeld
from rummyrules.games.going_out.state import GoingOut, GoOut
from rummyrules.melds import MeldRules
from rummyrules.melds.layouts import going_out_layouts
from rummyrules.melds.meld import Declaration

__all__ = ["out_moves"]


def out_moves(
    hand: tuple[Card, ...], meld_rules: MeldRules, going_out: GoingOut
) -> tuple[GoOut, ...]:
    """One going-out move for each card that can be left over, and one for none.

    The hand's layouts are memoised as card codes (:func:`_out_codes`): bots
    and simulations meet the same hands again and again.

    >>> from rummyrules import GoingOut, GoingOutRummy, parse_cards
    >>> hand = parse_cards("7S 7H 7D 8C 9C 10C 10C")
    >>> meld_rules = GoingOutRummy().meld_rules
    >>> [str(move) for move in out_moves(hand, meld_rules, GoingOut.STANDARD)]
    ['out 7S 7H 7D / 8C 9C 10C discard 10C']
    """
    number = _RULES_NUMBER.get((meld_rules, going_out))
    if number is None:
        number = _RULES_NUMBER[meld_rules, going_out] = len(_RULES)
        _RULES.append((meld_rules, going_out))
    found = _out_codes(tuple(map(int, hand)), number)
    if not found:  # the usual answer: this hand does not go out
        return ()
    card = BY_CODE.__getitem__
    return tuple(
        GoOut(
            melds=tuple(
                NewMeld(
                    cards=tuple(map(card, meld[: len(meld) >> 1])),
                    declared=tuple(map(_MEANINGS.__getitem__, meld[len(meld) >> 1 :])),
                )
                for meld in melds
            ),
            discard=None if discard < 0 else card(discard),
        )
        for discard, *melds in found
    )


# The variants met, numbered, so that the memo below keys on integers only.
_RULES: list[tuple[MeldRules, GoingOut]] = []
_RULES_NUMBER: dict[tuple[MeldRules, GoingOut], int] = {}
_MEANINGS: dict[int, Declaration | None] = {
    **BY_CODE,
    **{64 + rank: rank for rank in Rank},
    -1: None,
}


def _code(meaning: Declaration | None) -> int:
    return (
        -1
        if meaning is None
        else 64 + meaning
        if type(meaning) is Rank
        else int(meaning)
    )


@functools.lru_cache(maxsize=8192)
def _out_codes(codes: tuple[int, ...], number: int) -> tuple[tuple[Any, ...], ...]:
    """The layouts of the hand of these card codes: each its leftover, then its melds.

    A meld is its cards' codes, then what each stands for (-1: itself, a
    card's code, 64 + a rank). Integers only, so that the garbage collector
    stops walking the memo; under the variant numbered ``number`` (GOR-7, GOR-8).
    """
    meld_rules, going_out = _RULES[number]
    layouts = going_out_layouts(
        tuple(map(BY_CODE.__getitem__, codes)),
        meld_rules,
        single_meld=going_out is not GoingOut.STANDARD,
        leftover=going_out is not GoingOut.MAJOR,
    )
    return tuple(
        (
            _code(layout.leftover),
            *(
                (*map(int, meld.cards), *map(_code, meld.stands_for))
                for meld in layout.melds
            ),
        )
        for layout in layouts
    )
