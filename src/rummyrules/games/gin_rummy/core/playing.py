"""Gin Rummy's moves played on a core value: one function a kind of move (GIN-3 … GIN-9, ALL-5).

What each of the turn machine's play functions
(:mod:`~rummyrules.games.gin_rummy.machine`) does to a state, done to a
tuple: a new value with the few places the move changes.

>>> from rummyrules import GinRummy
>>> from rummyrules.games.gin_rummy.core.value import PHASE, encode
>>> played(encode(GinRummy().new_game(seed=3)), 1)[PHASE]  # take the upcard: play
2
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from rummyrules.core.cards import BY_CODE
from rummyrules.games.gin_rummy.core.cards import CARD_BIT
from rummyrules.games.gin_rummy.core.melds import MELD_MASKS
from rummyrules.games.gin_rummy.core.scoring import ended, least
from rummyrules.games.gin_rummy.core.value import (
    BOUNCED,
    DRAW,
    GAME,
    HAND,
    KNOCK,
    KNOCKER,
    KNOWN,
    LAY_DOWN,
    LAY_OFF,
    MELD,
    NOBODY,
    PASSES,
    PHASE,
    PILE,
    PLAY,
    STOCK,
    TABLE,
    TAKEN,
    TO_MOVE,
    TOP,
    TURNS,
    UPCARDS,
    WALL,
)
from rummyrules.games.gin_rummy.state import UPCARD_LIMIT
from rummyrules.games.gin_rummy.state import WALL as WALL_CARDS

__all__ = ["played"]


def _with(value: tuple[Any, ...], changes: dict[int, Any]) -> tuple[Any, ...]:
    """The value with some of its places changed."""
    new = list(value)
    for index, item in changes.items():
        new[index] = item
    return tuple(new)


def _played_cards(value: tuple[Any, ...], player: int, cards: int) -> dict[int, Any]:
    """The hand without ``cards``; a known card played is known no more (events.known_after)."""
    changes: dict[int, Any] = {HAND + player: value[HAND + player] & ~cards}
    known: int = value[KNOWN + player]
    if known & cards:
        changes[KNOWN + player] = known & ~cards
    return changes


def _draw(value: tuple[Any, ...], action: int, player: int) -> tuple[Any, ...]:
    """GIN-4: the stock's top card into the hand."""
    del action
    top: int = value[TOP]
    new = list(value)
    new[HAND + player] = value[HAND + player] | CARD_BIT[value[STOCK][top]]
    new[TOP] = top + 1
    new[TAKEN] = NOBODY
    new[PHASE] = PLAY
    return tuple(new)


def _take(value: tuple[Any, ...], action: int, player: int) -> tuple[Any, ...]:
    """GIN-3, GIN-4: the upcard into the hand, known to be there; the fiftieth drawn ends the hand (GIN-9)."""
    del action
    drawing = value[PHASE] == DRAW
    upcards: int = value[UPCARDS] + drawing
    if drawing and upcards >= UPCARD_LIMIT:
        counted = _with(value, {UPCARDS: upcards})
        return ended(counted, rule="GIN-9", last=False, forget=True)
    pile = value[PILE]
    code = int(pile[0])
    bit = CARD_BIT[code]
    new = list(value)
    new[HAND + player] = value[HAND + player] | bit
    new[PILE] = pile[1:]
    new[TAKEN] = code
    new[UPCARDS] = upcards
    new[PHASE] = PLAY
    new[KNOWN + player] = value[KNOWN + player] | bit  # taken face up: known
    return tuple(new)


def _pass(value: tuple[Any, ...], action: int, player: int) -> tuple[Any, ...]:
    """GIN-3: the first upcard passed to the other player, then to the stock; GIN-8: at the wall, a draw."""
    del action, player
    if value[PHASE] == WALL:
        return ended(value, rule="GIN-8", last=False, forget=False)
    if value[PASSES] == 0:
        return _with(value, {PASSES: 1, TO_MOVE: 1})
    return _with(value, {PASSES: value[PASSES] + 1, TO_MOVE: 0, PHASE: DRAW})


def _knock(value: tuple[Any, ...], action: int, player: int) -> tuple[Any, ...]:
    """GIN-5: the knocker discards next; GIN-8: at the wall the upcard joins the hand first."""
    del action
    changes = {PHASE: KNOCK, KNOCKER: player, TAKEN: NOBODY}
    if value[PHASE] == WALL:
        pile = value[PILE]
        changes[HAND + player] = value[HAND + player] | CARD_BIT[pile[0]]
        changes[PILE] = pile[1:]
    return _with(value, changes)


def _done(value: tuple[Any, ...], action: int, player: int) -> tuple[Any, ...]:
    """The knocker's melds laid, the lay-offs made, or the opponent's melds laid (GIN-5 … GIN-7)."""
    del action, player
    phase = value[PHASE]
    if phase == LAY_DOWN:
        knocker: int = value[KNOCKER]
        gin = least(value[HAND + knocker]) == 0  # nobody lays off on gin (GIN-6)
        return _with(value, {PHASE: MELD if gin else LAY_OFF, TO_MOVE: 1 - knocker})
    if phase == LAY_OFF:
        return _with(value, {PHASE: MELD})
    return ended(value, rule="GIN-7", last=False, forget=False)


def _discard(value: tuple[Any, ...], action: int, player: int) -> tuple[Any, ...]:
    """The knocker's discard (GIN-5), or the turn's end (GIN-4, GIN-8, GIN-9, ALL-5)."""
    code = action >> 3
    changes = _played_cards(value, player, CARD_BIT[code])
    changes[PILE] = (BY_CODE[code], *value[PILE])
    if value[PHASE] == KNOCK:
        changes[PHASE] = LAY_DOWN
        changes[TAKEN] = NOBODY
        return _with(value, changes)
    forget = bool(value[KNOWN + player])  # a known player's play recounts what is known
    turns = value[TURNS] + 1
    changes[TURNS] = turns
    bounced = int(code == value[TAKEN])
    if bounced and value[BOUNCED]:  # GIN-9: a second bounce in a row is a draw
        return ended(_with(value, changes), rule="GIN-9", last=False, forget=forget)
    changes[BOUNCED] = bounced
    changes[TAKEN] = NOBODY
    limit = value[GAME][0].max_turns
    if limit is not None and turns >= limit:  # ALL-5: the limit ends the game
        return ended(_with(value, changes), rule="ALL-5", last=True, forget=forget)
    left = len(value[STOCK]) - value[TOP]
    changes[PHASE] = WALL if left <= WALL_CARDS else DRAW  # GIN-8
    changes[TO_MOVE] = 1 - player
    return _with(value, changes)


def _meld(value: tuple[Any, ...], action: int, player: int) -> tuple[Any, ...]:
    """GIN-5, GIN-6: a meld from the hand onto the table, the player's."""
    mask = MELD_MASKS[action >> 3]
    changes = _played_cards(value, player, mask)
    changes[TABLE] = (*value[TABLE], (mask, player, 0))
    return _with(value, changes)


def _lay_off(value: tuple[Any, ...], action: int, player: int) -> tuple[Any, ...]:
    """GIN-6: a card onto the knocker's meld, credited to the player who lays it."""
    code, number = action >> 3 & 63, action >> 9
    bit = CARD_BIT[code]
    table = list(value[TABLE])
    mask, owner, laid_off = table[number - 1]
    table[number - 1] = (mask | bit, owner, laid_off | bit)
    changes = _played_cards(value, player, bit)
    changes[TABLE] = tuple(table)
    return _with(value, changes)


_PLAYS: Final[tuple[Callable[[tuple[Any, ...], int, int], tuple[Any, ...]], ...]] = (
    _draw,
    _take,
    _pass,
    _knock,
    _done,
    _discard,
    _meld,
    _lay_off,
)
"""The play function of each kind of move, by its number (:mod:`.moves`)."""


def played(value: tuple[Any, ...], action: int) -> tuple[Any, ...]:
    """The value after the player to move takes ``action``, one the listing gives.

    >>> from rummyrules import GinRummy
    >>> from rummyrules.games.gin_rummy.core.value import TO_MOVE, encode
    >>> played(encode(GinRummy().new_game(seed=3)), 2)[TO_MOVE]  # pass
    1
    """
    return _PLAYS[action & 7](value, action, value[TO_MOVE])
