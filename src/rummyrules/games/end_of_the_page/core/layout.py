"""End of the Page's core value: the state's fields as one flat tuple (issue 40).

The core value is a tuple whose places are the state's attrs fields, in the
order of :data:`FIELDS`, with the rules last. Cards stay the library's
:class:`~rummyrules.Card` objects, which are small ints already (a card is
its code), and hands stay sorted tuples of them, so that a value's fields
are the state's fields as they are: :func:`fields` is a ``zip``, and a
state made by actions equals the one the turn machine makes (ALL-2).

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=1)
>>> value = encode(game)
>>> fields(value)["hands"] == game.hands, value[TO_MOVE]
(True, 1)
"""

from __future__ import annotations

from typing import Any, Final

__all__ = [
    "DEALER",
    "FACE_UP",
    "FIELDS",
    "HANDS",
    "HAD_TURN",
    "KNOWN",
    "MELDS",
    "OUT",
    "PHASE",
    "PILE",
    "RESHUFFLES",
    "RESULTS",
    "RULES",
    "SEED",
    "SHEET",
    "STOCK",
    "TO_MOVE",
    "TURN",
    "TURNS",
    "WILD",
    "encode",
    "fields",
]

FIELDS: Final = (
    "hands",
    "stock",
    "discard_pile",
    "melds",
    "phase",
    "to_move",
    "turns",
    "reshuffles",
    "known",
    "round_results",
    "seed",
    "dealer",
    "wild",
    "face_up",
    "score_sheet",
    "out",
    "turn",
    "had_turn",
)
"""Every attrs field of the state but ``rules``, in the core value's order."""

HANDS: Final = 0
STOCK: Final = 1
PILE: Final = 2  # the discard pile, its top card first
MELDS: Final = 3  # the TableMelds on the table
PHASE: Final = 4
TO_MOVE: Final = 5
TURNS: Final = 6
RESHUFFLES: Final = 7
KNOWN: Final = 8
RESULTS: Final = 9
SEED: Final = 10
DEALER: Final = 11
WILD: Final = 12
FACE_UP: Final = 13
SHEET: Final = 14
OUT: Final = 15
TURN: Final = 16  # an EndOfThePageTurn: what the turn so far has done (EOP-6, EOP-R3)
HAD_TURN: Final = 17  # who has had a turn this round (EOP-14)
RULES: Final = 18


def encode(state: Any) -> tuple[Any, ...]:
    """The core value of a state: its fields, then its rules.

    >>> from rummyrules import EndOfThePage
    >>> encode(EndOfThePage().new_game(seed=2))[RULES] == EndOfThePage()
    True
    """
    return (*[getattr(state, name) for name in FIELDS], state.rules)


def fields(core: tuple[Any, ...]) -> dict[str, Any]:
    """The state's public fields at ``core``, by name (all but ``rules``).

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=2)
    >>> game.replace(**fields(encode(game))) == game
    True
    """
    return dict(zip(FIELDS, core, strict=False))
