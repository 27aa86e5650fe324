"""1400's core value: a position as one flat tuple, and the state it stands for.

The core value holds, in a fixed order, the rules and every field of a
:class:`~rummyrules.games.fourteen_hundred.state.FourteenHundredState` but
its memos: cards are :class:`~rummyrules.core.cards.Card` values, which are
their integer codes, hands sorted as the library keeps them (ALL-1), and
melds the table's own frozen values. A move played on the core makes a new
tuple with the few places it changes, never a state: the public fields are
read back from it only when someone asks (:func:`fields`).

>>> from rummyrules import FourteenHundred
>>> game = FourteenHundred(players=2).new_game(seed=3)
>>> core = encode(game)
>>> core[TO_MOVE] == game.to_move, fields(core)["hands"] == game.hands
(True, True)
>>> state_of(core) == game
True
"""

from __future__ import annotations

from typing import Any, Final

from rummyrules.games.fourteen_hundred.state import FourteenHundredState

__all__ = [
    "CLAIM",
    "DEALER",
    "DISCARDER",
    "FACE_UP",
    "HANDS",
    "KNOWN",
    "MELDS",
    "NAMES",
    "PASSES",
    "PHASE",
    "PILE",
    "RESHUFFLES",
    "ROUND_RESULTS",
    "RULES",
    "STOCK",
    "TO_MOVE",
    "TURN",
    "TURNS",
    "WILD",
    "Value",
    "encode",
    "fields",
    "state_of",
]

Value = tuple[Any, ...]
"""A core value: the rules, then each field of :data:`NAMES` in its order."""

NAMES: Final = (
    "seed",
    "dealer",
    "hands",
    "stock",
    "discard_pile",
    "melds",
    "to_move",
    "turns",
    "reshuffles",
    "known",
    "round_results",
    "wild",
    "face_up",
    "score_sheet",
    "out",
    "phase",
    "marker",
    "turn",
    "passes",
    "claim",
    "discarder",
)
"""Every field of the state class but ``rules``, in the value's order (from place 1)."""

RULES: Final = 0
DEALER: Final = 2
HANDS: Final = 3
STOCK: Final = 4
PILE: Final = 5
MELDS: Final = 6
TO_MOVE: Final = 7
TURNS: Final = 8
RESHUFFLES: Final = 9
KNOWN: Final = 10
ROUND_RESULTS: Final = 11
WILD: Final = 12
FACE_UP: Final = 13
PHASE: Final = 16
TURN: Final = 18
PASSES: Final = 19
CLAIM: Final = 20
DISCARDER: Final = 21


def encode(state: Any) -> Value:
    """The core value of a state of 1400 (a new game, a loaded one, a position).

    >>> from rummyrules import FourteenHundred
    >>> encode(FourteenHundred().new_game(seed=1))[PASSES]
    0
    """
    return (state.rules, *[getattr(state, name) for name in NAMES])


def fields(core: Value) -> dict[str, Any]:
    """The public fields of the state at ``core``, by name: all but ``rules``.

    >>> from rummyrules import FourteenHundred
    >>> game = FourteenHundred().new_game(seed=1)
    >>> fields(encode(game))["discard_pile"] == game.discard_pile
    True
    """
    return dict(zip(NAMES, core[1:], strict=True))


# The states lately made from core values, found again by identity: a
# listing and the move played after it ask for the same one.
_MADE: list[tuple[Value, FourteenHundredState]] = []
_KEEP: Final = 4


def state_of(core: Value) -> FourteenHundredState:
    """The state the core value stands for, made once while the value is at hand.

    The turn machine's own rules (the cards a player must use, F14-9; the
    claims, F14-12) read it where the core asks them.

    >>> from rummyrules import FourteenHundred
    >>> core = encode(FourteenHundred().new_game(seed=1))
    >>> state_of(core) is state_of(core)
    True
    """
    for made_from, state in _MADE:
        if made_from is core:
            return state
    # Made as the fast path makes its states (ActionsState._of_core), not by
    # __init__, which costs a third of a decision: the value's fields are
    # the state's as they are, and its memos start empty when first read.
    state = object.__new__(FourteenHundredState)
    setattr_ = object.__setattr__
    setattr_(state, "rules", core[RULES])
    for name, field in zip(NAMES, core[1:], strict=True):
        setattr_(state, name, field)
    setattr_(state, "_core", core)
    _MADE.insert(0, (core, state))
    del _MADE[_KEEP:]
    return state
