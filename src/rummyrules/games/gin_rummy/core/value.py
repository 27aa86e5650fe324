"""A Gin Rummy position as a tuple of ints: its layout, and the way from a state and back.

The core value is a flat tuple read by the index constants below. Hands are
masks (:mod:`.cards`); the stock is the state's own tuple of cards and how
many of them were drawn, so a draw makes no copy; the discard pile is its
tuple of cards, top first; a meld on the
table is ``(mask, owner, laid_off)`` (:mod:`.melds`). What no move changes
(the rules, the seed, the dealer, the options the turn asks) is one tuple,
``GAME``, shared by every value of the game.

>>> from rummyrules import GinRummy
>>> game = GinRummy().new_game(seed=3)
>>> value = encode(game)
>>> value[PHASE], value[TO_MOVE], len(value)
(0, 0, 20)
>>> fields(value) == {name: getattr(game, name) for name in fields(value)}
True
"""

from __future__ import annotations

from typing import Any, Final

from rummyrules.core.cards import BY_CODE, Card
from rummyrules.game.table import TableMeld
from rummyrules.games.gin_rummy.core.cards import hand_cards, hand_mask
from rummyrules.games.gin_rummy.core.melds import table_meld
from rummyrules.games.gin_rummy.state import GinRummyPhase

__all__ = [
    "BOUNCED",
    "DRAW",
    "GAME",
    "HAND",
    "KNOCK",
    "KNOCKER",
    "KNOCK_CARD",
    "KNOWN",
    "LAY_DOWN",
    "LAY_OFF",
    "MELD",
    "NOBODY",
    "OVER",
    "PASSES",
    "PHASE",
    "PHASES",
    "PILE",
    "PLAY",
    "RESULTS",
    "SHEET",
    "STOCK",
    "TABLE",
    "TAKEN",
    "TOP",
    "TO_MOVE",
    "TURNS",
    "UPCARD",
    "UPCARDS",
    "WALL",
    "encode",
    "fields",
]

PHASES: Final = tuple(GinRummyPhase)
"""The phases by number: a value's ``PHASE`` is the phase's place in :class:`GinRummyPhase`."""
# The phases' numbers, as PHASES orders them.
UPCARD: Final = 0
DRAW: Final = 1
PLAY: Final = 2
KNOCK: Final = 3
LAY_DOWN: Final = 4
LAY_OFF: Final = 5
MELD: Final = 6
WALL: Final = 7
OVER: Final = 8
NOBODY: Final = -1
"""No player (to move, knocker) and no card (taken): ints stand for None."""

PHASE: Final = 0
TO_MOVE: Final = 1
HAND: Final = 2  # player p's hand is at HAND + p
STOCK: Final = 4  # the stock's cards when the value was made, top first
TOP: Final = 5  # how many of them were drawn since
PILE: Final = 6
TABLE: Final = 7
KNOCK_CARD: Final = 8
PASSES: Final = 9
KNOCKER: Final = 10
UPCARDS: Final = 11
TAKEN: Final = 12
BOUNCED: Final = 13
TURNS: Final = 14
SHEET: Final = 15
KNOWN: Final = 16  # player p's known cards (a mask) at KNOWN + p
RESULTS: Final = 18
GAME: Final = 19
"""``(rules, seed, dealer, reshuffles)``: what no move changes."""


def encode(state: Any) -> tuple[Any, ...]:
    """The core value of a Gin Rummy state, from its public fields.

    >>> from rummyrules import GinRummy
    >>> encode(GinRummy().new_game(seed=3).apply("pass"))[PASSES]
    1
    """
    table = tuple(
        (hand_mask(meld.cards), meld.owner, _laid_off(meld)) for meld in state.melds
    )
    known = state.known or ((), ())
    return (
        PHASES.index(state.phase),
        NOBODY if state.to_move is None else state.to_move,
        hand_mask(state.hands[0]),
        hand_mask(state.hands[1]),
        tuple(state.stock),
        0,
        tuple(state.discard_pile),
        table,
        state.knock_card,
        state.passes,
        NOBODY if state.knocker is None else state.knocker,
        state.upcards,
        NOBODY if state.taken is None else int(state.taken),
        state.bounced,
        state.turns,
        state.score_sheet,
        hand_mask(known[0]),
        hand_mask(known[1]),
        state.round_results,
        (state.rules, state.seed, state.dealer, state.reshuffles),
    )


def _laid_off(meld: TableMeld) -> int:
    """The cards laid off on a meld by the player who did not lay it."""
    return hand_mask(
        card
        for card, player in zip(meld.cards, meld.played_by, strict=True)
        if player != meld.owner
    )


def fields(value: tuple[Any, ...]) -> dict[str, Any]:
    """Every public field of the state at ``value`` but its rules, by name.

    >>> from rummyrules import GinRummy
    >>> fields(encode(GinRummy().new_game(seed=3)))["phase"].value
    'upcard'
    """
    _rules, seed, dealer, reshuffles = value[GAME]
    stock: tuple[Card, ...] = value[STOCK]
    top: int = value[TOP]
    known0, known1 = value[KNOWN], value[KNOWN + 1]
    to_move, knocker, taken = value[TO_MOVE], value[KNOCKER], value[TAKEN]
    return {
        "seed": seed,
        "dealer": dealer,
        "hands": (hand_cards(value[HAND]), hand_cards(value[HAND + 1])),
        "stock": stock[top:] if top else stock,
        "discard_pile": value[PILE],
        "melds": tuple(table_meld(*meld) for meld in value[TABLE]),
        "phase": PHASES[value[PHASE]],
        "to_move": None if to_move == NOBODY else to_move,
        "turns": value[TURNS],
        "reshuffles": reshuffles,
        "known": (hand_cards(known0), hand_cards(known1)) if known0 | known1 else (),
        "round_results": value[RESULTS],
        "knock_card": value[KNOCK_CARD],
        "passes": value[PASSES],
        "knocker": None if knocker == NOBODY else knocker,
        "upcards": value[UPCARDS],
        "taken": None if taken == NOBODY else BY_CODE[taken],
        "bounced": value[BOUNCED],
        "score_sheet": value[SHEET],
    }


if [phase.name for phase in PHASES] != [  # pragma: no cover - a guard on the numbers
    "UPCARD",
    "DRAW",
    "PLAY",
    "KNOCK",
    "LAY_DOWN",
    "LAY_OFF",
    "MELD",
    "WALL",
    "OVER",
]:
    raise AssertionError("the phases' numbers above follow GinRummyPhase")
