"""End of the Page's core value: a flat tuple of small ints and shared tuples (issue 40).

The places of the tuple are named here. Hands are bits (:mod:`.cards`),
the stock is the round's stock with how many cards are gone, the turn so far
a small tuple, who has had a turn a bit mask; the discard pile, the melds on
the table, what is known and the score sheet stay the library's values,
which a move changes rarely or shares whole. :func:`encode` reads a state's
fields into a value and :func:`fields` gives them back, equal.

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=1)
>>> value = encode(game)
>>> game.replace(**fields(value)) == game, value[TO_MOVE]
(True, 1)
"""

from __future__ import annotations

from typing import Any, Final

from rummyrules.core.cards import Card
from rummyrules.game.state import Phase
from rummyrules.games.end_of_the_page.core.cards import cards_of, hand_of, rank_of
from rummyrules.games.end_of_the_page.core.fits import table_fits
from rummyrules.games.end_of_the_page.state import EndOfThePageTurn

__all__ = [
    "DEALER",
    "FACE_UP",
    "HAD_TURN",
    "HANDS",
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
    "STOCK_AT",
    "TABLE",
    "TO_MOVE",
    "TURN",
    "TURNS",
    "WILD",
    "WILD_RANK",
    "Turn",
    "encode",
    "fields",
    "turn_of",
]

HANDS: Final = 0  # each player's hand as bits (cards.Hand)
STOCK: Final = 1  # the stock as it was last made (dealt or rebuilt), top first
STOCK_AT: Final = 2  # how many of its cards have been drawn
PILE: Final = 3  # the discard pile, its top card first (Cards)
MELDS: Final = 4  # the TableMelds on the table
PHASE: Final = 5
TO_MOVE: Final = 6
TURNS: Final = 7
RESHUFFLES: Final = 8
KNOWN: Final = 9
RESULTS: Final = 10
SEED: Final = 11
DEALER: Final = 12
WILD: Final = 13  # the wild Rank
FACE_UP: Final = 14
SHEET: Final = 15
OUT: Final = 16
TURN: Final = 17  # None, or a Turn: what the turn so far did (EOP-6, EOP-R3)
HAD_TURN: Final = 18  # a bit for each player who has had a turn (EOP-14)
RULES: Final = 19
WILD_RANK: Final = 20  # the wild rank as the core's int (cards.rank_of)
TABLE: Final = 21  # what fits each meld of MELDS, and who is down (fits.TableFits)

Turn = tuple[Card, Card | None, tuple[Card, ...], bool]
"""A turn's take: the card taken, the card still to meld (EOP-6), the naturals
held before a deep pickup, and whether a copy of the card was held (EOP-R3)."""

_NO_TURN: Final = EndOfThePageTurn()


def turn_of(turn: EndOfThePageTurn) -> Turn | None:
    """A state's turn so far as the core keeps it: None before a take.

    >>> print(turn_of(EndOfThePageTurn()))
    None
    """
    if turn.taken is None:
        return None
    return (turn.taken, turn.must_meld, turn.support, turn.held_copy)


def encode(state: Any) -> tuple[Any, ...]:
    """The core value of a state, read from its fields.

    >>> from rummyrules import EndOfThePage
    >>> encode(EndOfThePage().new_game(seed=2))[RULES] == EndOfThePage()
    True
    """
    had_turn = 0
    for player, had in enumerate(state.had_turn):
        if had:
            had_turn |= 1 << player
    wild = state.wild
    return (
        tuple([hand_of(hand) for hand in state.hands]),
        state.stock,
        0,
        state.discard_pile,
        state.melds,
        state.phase,
        state.to_move,
        state.turns,
        state.reshuffles,
        state.known,
        state.round_results,
        state.seed,
        state.dealer,
        wild,
        state.face_up,
        state.score_sheet,
        state.out,
        turn_of(state.turn),
        had_turn,
        state.rules,
        0 if wild is None else rank_of(wild),
        table_fits(state.melds, state.rules.meld_rules, wild),
    )


def fields(core: tuple[Any, ...]) -> dict[str, Any]:
    """The state's public fields at ``core``, by name (all but ``rules``).

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=2).apply("take")
    >>> game.replace(**fields(encode(game))) == game
    True
    """
    turn: Turn | None = core[TURN]
    had_turn: int = core[HAD_TURN]
    hands = tuple([cards_of(hand) for hand in core[HANDS]])
    phase: Phase = core[PHASE]
    return {
        "hands": hands,
        "stock": core[STOCK][core[STOCK_AT] :],
        "discard_pile": core[PILE],
        "melds": core[MELDS],
        "phase": phase,
        "to_move": core[TO_MOVE],
        "turns": core[TURNS],
        "reshuffles": core[RESHUFFLES],
        "known": core[KNOWN],
        "round_results": core[RESULTS],
        "seed": core[SEED],
        "dealer": core[DEALER],
        "wild": core[WILD],
        "face_up": core[FACE_UP],
        "score_sheet": core[SHEET],
        "out": core[OUT],
        "turn": _NO_TURN
        if turn is None
        else EndOfThePageTurn(
            taken=turn[0], must_meld=turn[1], support=turn[2], held_copy=turn[3]
        ),
        "had_turn": tuple([bool(had_turn >> p & 1) for p in range(len(hands))]),
    }
