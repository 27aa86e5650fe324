"""The answer to ``POST /api/tables/{table}/selection``: what a seat's selected cards would make.

A person picks cards of their hand before choosing a move; the page sends
them here and shows what the rules say of them: the listed moves that play
exactly those cards, each candidate move of those cards the rules refuse,
with the sentence and rule ID, and whether they make a meld
(:func:`rummyrules.game.selection.explain_selection`). Nothing here changes
the table: each candidate is tried on the game as it is and forgotten. The
sentences are the ones ``POST /moves`` would answer if the person sent
the candidate, so the answer shows nothing the seat could not learn by
typing it.

>>> from rummyrules import GinRummy
>>> game = GinRummy(hand_size=4).position(
...     "to_move 0 play | hands 7S 8S 9S 2C KD / AH 5D 9H JC | pile 4H"
... )
>>> answer = explain(game, 0, "v1", {"cards": ["KD"]})
>>> answer["moves"], answer["refusals"]
([{'text': 'discard KD', 'kind': 'discard', 'meld': None}], [])
>>> answer["check"]["ok"], answer["check"]["rule"]
(False, 'GIN-2')
"""

from __future__ import annotations

from typing import Final

from rummyrules.core.errors import RummyRulesError
from rummyrules.game.moves import Move
from rummyrules.game.selection import (
    Selection,
    SelectionError,
    explain_selection,
    verb_of,
)
from rummyrules.game.state import GameState
from rummyrules.server.documents import ApiError, Json

__all__ = ["explain", "selection_document"]

_ASK: Final = 'send the selected cards as a list of card texts: {"cards": ["7S", "8S"]}'


def explain(game: GameState, seat: int, version: str, body: Json) -> Json:
    """The selection document for the cards a request's body names (400 for bad ones).

    The body is ``{"cards": [card text, ...]}``, the cards as the seat's view
    shows them. More cards than the hand holds, none, a card the hand lacks
    (ALL-1) or text that is no card is refused with 400 and a sentence.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=1)
    >>> explain(game, 1, "v1", {"cards": ["2C"]})
    Traceback (most recent call last):
    ...
    rummyrules.server.documents.ApiError: you do not hold 2C
    >>> explain(game, 1, "v1", {"cards": ["1S"]})
    Traceback (most recent call last):
    ...
    rummyrules.server.documents.ApiError: '1S' is not a card: ranks are A 3-10 J Q K (T for 10), suits S H D C
    >>> explain(game, 1, "v1", {"cards": "7S"})
    Traceback (most recent call last):
    ...
    rummyrules.server.documents.ApiError: send the selected cards as a list of card texts: {"cards": ["7S", "8S"]}
    """
    cards = body.get("cards")
    if not isinstance(cards, list) or not all(isinstance(card, str) for card in cards):
        raise ApiError(400, _ASK)
    try:
        found = explain_selection(game, seat, cards)
    except SelectionError as error:
        raise ApiError(400, error.reason, error.rule) from error
    except RummyRulesError as error:  # text that is no card, or no card of this deck
        raise ApiError(400, _reason(error), getattr(error, "rule", None)) from error
    return selection_document(version, found)


def _reason(error: RummyRulesError) -> str:
    """The error's sentence, without the rule ID the answer gives apart."""
    reason = getattr(error, "reason", None)
    return reason if isinstance(reason, str) else str(error)


def selection_document(version: str, found: Selection) -> Json:
    """A selection as JSON: its cards, its moves, the refusals and the meld check.

    Each move is ``{"text", "kind", "meld"}``: its text as listed, its verb
    (``meld``, ``lay``, ``discard``, ``out``, …) and the meld it lays a card
    on (null for others); each refusal adds ``error`` and ``rule``. The
    check is ``{"ok", "reason", "rule", "melds"}``, ``melds`` holding each
    reading of a valid meld.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=1)
    >>> found = explain_selection(game, 1, [game.hand(1)[0]])
    >>> selection_document("v1", found)["refusals"]
    [{'move': 'discard 3H', 'kind': 'discard', 'meld': None, 'error': "draw first: a turn begins with 'draw' or 'take'", 'rule': 'EOP-5'}]
    """
    check = found.check
    return {
        "version": version,
        "seat": found.player,
        "cards": [str(card) for card in found.cards],
        "moves": [_move(move) for move in found.moves],
        "refusals": [
            {
                "move": str(refused.move),
                "kind": verb_of(refused.move),
                "meld": refused.move.target_meld,
                "error": refused.reason,
                "rule": refused.rule,
            }
            for refused in found.refusals
        ],
        "check": {
            "ok": check.ok,
            "reason": check.reason or None,
            "rule": check.rule,
            "melds": [str(meld) for meld in check.melds],
        },
    }


def _move(move: Move) -> Json:
    return {"text": str(move), "kind": verb_of(move), "meld": move.target_meld}
