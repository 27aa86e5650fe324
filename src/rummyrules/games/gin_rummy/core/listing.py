"""Gin Rummy's moves on a core value: one listing function a phase, in the turn machine's order (GIN-3 … GIN-9).

Each function reads beside the rule book and the turn machine
(:mod:`~rummyrules.games.gin_rummy.machine`), whose moves it lists in the
machine's order: the machine is the oracle, and the fast-path conformance
tests check the two against each other at every state of random play.

>>> from rummyrules import GinRummy
>>> from rummyrules.games.gin_rummy.core.value import encode
>>> from rummyrules.games.gin_rummy.core.moves import move_of
>>> value = encode(GinRummy().new_game(seed=3))
>>> [str(move_of(action)) for action in listed(value)]
['take', 'pass']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from rummyrules.games.gin_rummy.core import moves
from rummyrules.games.gin_rummy.core.cards import (
    CARD_BIT,
    by_bytes,
    byte_tables,
    code_mask,
    points,
)
from rummyrules.games.gin_rummy.core.melds import (
    MELD_MASKS,
    hand_melds,
    holds_meld,
    lay_off_fits,
)
from rummyrules.games.gin_rummy.core.scoring import least
from rummyrules.games.gin_rummy.core.value import (
    HAND,
    KNOCK_CARD,
    KNOCKER,
    PASSES,
    PHASE,
    PILE,
    TABLE,
    TO_MOVE,
)
from rummyrules.games.gin_rummy.deadwood import _knock_codes  # memoised on masks

__all__ = ["knock_codes", "listed"]

_DISCARDS: Final = tuple(moves.discard(code) for code in range(64))
_DISCARD_TABLES: Final = byte_tables(moves.discard)  # a hand's discards, in order
_UPCARD_MOVES: Final = (moves.TAKE, moves.PASS)
_DRAWS: Final = (moves.DRAW, moves.TAKE)
_DRAW_ONLY: Final = (moves.DRAW,)
_WALL_MOVES: Final = (moves.KNOCK, moves.PASS)
_PASS_ONLY: Final = (moves.PASS,)
_NONE: Final[tuple[int, ...]] = ()


def knock_codes(hand: int, knock_card: int) -> tuple[int, ...]:
    """The codes of the cards whose discard leaves deadwood at most the knock card (GIN-5).

    >>> knock_codes(0, 10)
    ()
    """
    return _knock_codes(hand, knock_card) if hand else ()


def _hand(value: tuple[Any, ...]) -> int:
    hand: int = value[HAND + value[TO_MOVE]]
    return hand


def _upcard(value: tuple[Any, ...]) -> tuple[int, ...]:
    """GIN-3: take the first upcard or pass it."""
    del value
    return _UPCARD_MOVES


def _draw(value: tuple[Any, ...]) -> tuple[int, ...]:
    """GIN-4: draw or take; GIN-3: once both players passed the first upcard, player 0 draws."""
    if value[PASSES] >= 2 and len(value[PILE]) <= 1:
        return _DRAW_ONLY
    return _DRAWS


def _play(value: tuple[Any, ...]) -> tuple[int, ...]:
    """GIN-4, GIN-5: any discard, or knock where some discard allows it."""
    hand = _hand(value)
    found: tuple[int, ...] = by_bytes(_DISCARD_TABLES, code_mask(hand))
    if knock_codes(hand, value[KNOCK_CARD]):
        return (*found, moves.KNOCK)
    return found


def _knock(value: tuple[Any, ...]) -> tuple[int, ...]:
    """GIN-5: the knocker's discard keeps the knock good."""
    allowed = knock_codes(_hand(value), value[KNOCK_CARD])
    return tuple([_DISCARDS[code] for code in allowed])


def _lay_down(value: tuple[Any, ...]) -> tuple[int, ...]:
    """GIN-5, GIN-R3: the melds that keep the knock good; done once no meld is left and the knock holds."""
    hand, knock_card = _hand(value), value[KNOCK_CARD]
    found = [
        moves.meld(number)
        for number in hand_melds(hand)
        if least(hand & ~MELD_MASKS[number]) <= knock_card
    ]
    if not holds_meld(hand) and points(hand) <= knock_card:
        found.append(moves.DONE)
    return tuple(found)


def _lay_off(value: tuple[Any, ...]) -> tuple[int, ...]:
    """GIN-6: each card of the hand that extends a knocker's meld, meld by meld; then done."""
    found: list[int] = []
    hand, knocker = _hand(value), value[KNOCKER]
    for number, (mask, owner, _laid_off) in enumerate(value[TABLE], start=1):
        if owner != knocker:
            continue
        fits = code_mask(lay_off_fits(mask, hand))
        while fits:
            low = fits & -fits
            found.append(moves.lay_off(low.bit_length() - 1, number))
            fits ^= low
    found.append(moves.DONE)
    return tuple(found)


def _meld(value: tuple[Any, ...]) -> tuple[int, ...]:
    """GIN-6: the opponent lays any of their melds, then is done."""
    return (*map(moves.meld, hand_melds(_hand(value))), moves.DONE)


def _wall(value: tuple[Any, ...]) -> tuple[int, ...]:
    """GIN-8: knock with the upcard where that gives a knock, or pass."""
    upcard = CARD_BIT[value[PILE][0]]
    if knock_codes(_hand(value) | upcard, value[KNOCK_CARD]):
        return _WALL_MOVES
    return _PASS_ONLY


def _over(value: tuple[Any, ...]) -> tuple[int, ...]:
    """The game is over: no move."""
    del value
    return _NONE


_LISTS: Final[tuple[Callable[[tuple[Any, ...]], tuple[int, ...]], ...]] = (
    _upcard,
    _draw,
    _play,
    _knock,
    _lay_down,
    _lay_off,
    _meld,
    _wall,
    _over,
)
"""The listing function of each phase, by its number (:data:`.value.PHASES`)."""


def listed(value: tuple[Any, ...]) -> tuple[int, ...]:
    """The actions of the player to move, in the turn machine's order (ALL-2).

    >>> from rummyrules import GinRummy
    >>> from rummyrules.games.gin_rummy.core.value import encode
    >>> len(listed(encode(GinRummy().new_game(seed=3).apply("take"))))
    11
    """
    phase: int = value[PHASE]
    return _LISTS[phase](value)
