"""Gin Rummy's turn on a core value: one listing and one apply function a phase (GIN-3 … GIN-9).

Each phase's functions read beside the rule book and the turn machine
(:mod:`~rummyrules.games.gin_rummy.machine`), whose moves they list in its
order: the machine is the oracle, and the fast-path conformance tests check
the two against each other at every state of random play.

>>> from rummyrules import GinRummy
>>> from rummyrules.games.gin_rummy.core.value import encode
>>> from rummyrules.games.gin_rummy.core.moves import move_of
>>> value = encode(GinRummy().new_game(seed=3))
>>> [str(move_of(action)) for action in listed(value)]
['take', 'pass']
>>> [str(move_of(action)) for action in listed(played(value, listed(value)[1]))]
['take', 'pass']
"""

from __future__ import annotations

from typing import Any, Final

from rummyrules.games.gin_rummy.core import moves
from rummyrules.games.gin_rummy.core.cards import CARD_BIT, code_mask, codes, points
from rummyrules.games.gin_rummy.core.melds import (
    MELD_MASKS,
    hand_melds,
    holds_meld,
    lay_off_fits,
)
from rummyrules.games.gin_rummy.core.scoring import ended, least
from rummyrules.games.gin_rummy.core.value import (
    BOUNCED,
    GAME,
    HAND,
    KNOCK_CARD,
    KNOCKER,
    KNOWN,
    NOBODY,
    PASSES,
    PHASE,
    PILE,
    STOCK,
    TABLE,
    TAKEN,
    TO_MOVE,
    TOP,
    TURNS,
    UPCARDS,
)
from rummyrules.games.gin_rummy.deadwood import _knock_codes  # memoised on masks
from rummyrules.games.gin_rummy.state import UPCARD_LIMIT, WALL

__all__ = ["listed", "played"]

UPCARD, DRAW, PLAY, KNOCK, LAY_DOWN, LAY_OFF, MELD, WALL_PHASE, OVER = range(9)
_DISCARDS: Final = tuple(moves.discard(code) for code in range(64))
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


def listed(value: tuple[Any, ...]) -> tuple[int, ...]:
    """The actions of the player to move, in the turn machine's order (ALL-2).

    >>> from rummyrules import GinRummy
    >>> from rummyrules.games.gin_rummy.core.value import encode
    >>> len(listed(encode(GinRummy().new_game(seed=3).apply("take"))))
    11
    """
    phase: int = value[PHASE]
    if phase == DRAW:
        # GIN-3: once both players passed the first upcard, player 0 draws.
        pile = value[PILE]
        if value[PASSES] >= 2 and (pile is None or pile[1] is None):
            return _DRAW_ONLY
        return _DRAWS
    hand: int = value[HAND + value[TO_MOVE]]
    if phase == PLAY:  # GIN-4, GIN-5: any discard, or knock where some discard allows
        found = [_DISCARDS[code] for code in codes(hand)]
        if knock_codes(hand, value[KNOCK_CARD]):
            found.append(moves.KNOCK)
        return tuple(found)
    if phase == UPCARD:
        return _UPCARD_MOVES
    if phase == KNOCK:  # GIN-5: the knocker's discard keeps the knock good
        return tuple([_DISCARDS[code] for code in knock_codes(hand, value[KNOCK_CARD])])
    if phase == LAY_DOWN:
        return _laying_down(hand, value[KNOCK_CARD])
    if phase == LAY_OFF:
        return _lay_offs(value, hand)
    if phase == MELD:  # GIN-6: the opponent lays any of their melds
        return (*map(moves.meld, hand_melds(hand)), moves.DONE)
    if phase == WALL_PHASE:  # GIN-8: knock with the upcard, or pass
        upcard = CARD_BIT[value[PILE][0]]
        if knock_codes(hand | upcard, value[KNOCK_CARD]):
            return _WALL_MOVES
        return _PASS_ONLY
    return _NONE


def _laying_down(hand: int, knock_card: int) -> tuple[int, ...]:
    """GIN-5, GIN-R3: the melds that keep the knock good; done once no meld is left and the knock holds."""
    found = [
        moves.meld(number)
        for number in hand_melds(hand)
        if least(hand & ~MELD_MASKS[number]) <= knock_card
    ]
    if not holds_meld(hand) and points(hand) <= knock_card:
        found.append(moves.DONE)
    return tuple(found)


def _lay_offs(value: tuple[Any, ...], hand: int) -> tuple[int, ...]:
    """GIN-6: each card of the hand that extends a knocker's meld, meld by meld; then done."""
    found: list[int] = []
    knocker = value[KNOCKER]
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


def _with(value: tuple[Any, ...], changes: dict[int, Any]) -> tuple[Any, ...]:
    """The value with some of its places changed."""
    return tuple([changes.get(index, item) for index, item in enumerate(value)])


def played(value: tuple[Any, ...], action: int) -> tuple[Any, ...]:
    """The value after the player to move takes ``action``, one :func:`listed` gives.

    >>> from rummyrules import GinRummy
    >>> from rummyrules.games.gin_rummy.core.value import encode, PHASE
    >>> played(encode(GinRummy().new_game(seed=3)), 1)[PHASE]  # take the upcard
    2
    """
    phase: int = value[PHASE]
    player: int = value[TO_MOVE]
    kind = moves.kind_of(action)
    if kind == moves.DISCARD:
        return _discarded(value, action >> 3, player, phase)
    if kind == moves.DRAW:  # GIN-4: the stock's top card
        top: int = value[TOP]
        bit = CARD_BIT[value[STOCK][top]]
        changes = {HAND + player: value[HAND + player] | bit, TOP: top + 1}
        changes[TAKEN] = NOBODY
        changes[PHASE] = PLAY
        return _with(value, changes)
    if kind == moves.TAKE:
        return _taken(value, player, phase)
    if kind == moves.PASS:
        if phase == WALL_PHASE:  # GIN-8: a pass at the wall is a draw
            return ended(value, rule="GIN-8", last=False, forget=False)
        if value[PASSES] == 0:  # GIN-3: the other player may take it
            return _with(value, {PASSES: 1, TO_MOVE: 1})
        return _with(value, {PASSES: value[PASSES] + 1, TO_MOVE: 0, PHASE: DRAW})
    if kind == moves.KNOCK:
        changes = {PHASE: KNOCK, KNOCKER: player, TAKEN: NOBODY}
        if phase == WALL_PHASE:  # GIN-8: the upcard joins the hand
            pile = value[PILE]
            changes[HAND + player] = value[HAND + player] | CARD_BIT[pile[0]]
            changes[PILE] = pile[1]
        return _with(value, changes)
    if kind == moves.MELD:
        mask = MELD_MASKS[action >> 3]
        changes = _played_cards(value, player, mask)
        changes[TABLE] = (*value[TABLE], (mask, player, 0))
        return _with(value, changes)
    if kind == moves.LAY_OFF:
        code, number = action >> 3 & 63, action >> 9
        bit = CARD_BIT[code]
        table = list(value[TABLE])
        mask, owner, laid_off = table[number - 1]
        table[number - 1] = (mask | bit, owner, laid_off | bit)
        changes = _played_cards(value, player, bit)
        changes[TABLE] = tuple(table)
        return _with(value, changes)
    return _done(value, phase)


def _played_cards(value: tuple[Any, ...], player: int, cards: int) -> dict[int, Any]:
    """The hand without ``cards``, and what is known of it (a known card played is known no more)."""
    changes: dict[int, Any] = {HAND + player: value[HAND + player] & ~cards}
    known: int = value[KNOWN + player]
    if known & cards:
        changes[KNOWN + player] = known & ~cards
    return changes


def _taken(value: tuple[Any, ...], player: int, phase: int) -> tuple[Any, ...]:
    """Take the upcard (GIN-3, GIN-4); the fiftieth upcard drawn ends the hand (GIN-9)."""
    upcards: int = value[UPCARDS] + (phase == DRAW)
    if phase == DRAW and upcards >= UPCARD_LIMIT:
        return ended(_with(value, {UPCARDS: upcards}), rule="GIN-9", last=False, forget=True)
    pile = value[PILE]
    code: int = pile[0]
    bit = CARD_BIT[code]
    changes = {
        HAND + player: value[HAND + player] | bit,
        PILE: pile[1],
        TAKEN: code,
        UPCARDS: upcards,
        PHASE: PLAY,
        KNOWN + player: value[KNOWN + player] | bit,  # taken face up: known (events.py)
    }
    return _with(value, changes)


def _discarded(value: tuple[Any, ...], code: int, player: int, phase: int) -> tuple[Any, ...]:
    """Discard: the knocker's after a knock, or the turn's end (GIN-4, GIN-8, GIN-9, ALL-5)."""
    bit = CARD_BIT[code]
    changes = _played_cards(value, player, bit)
    changes[PILE] = (code, value[PILE])
    if phase == KNOCK:
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
    changes[PHASE] = WALL_PHASE if left <= WALL else DRAW  # GIN-8
    changes[TO_MOVE] = 1 - player
    return _with(value, changes)


def _done(value: tuple[Any, ...], phase: int) -> tuple[Any, ...]:
    """Done: the knocker's melds laid, the lay-offs made, or the opponent's melds laid (GIN-5 … GIN-7)."""
    if phase == LAY_DOWN:
        knocker: int = value[KNOCKER]
        gin = least(value[HAND + knocker]) == 0  # nobody lays off on gin (GIN-6)
        return _with(value, {PHASE: MELD if gin else LAY_OFF, TO_MOVE: 1 - knocker})
    if phase == LAY_OFF:
        return _with(value, {PHASE: MELD})
    return ended(value, rule="GIN-7", last=False, forget=False)
