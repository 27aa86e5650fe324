"""The served page's check of a selection, in the page: the server's view read by the library, nothing sent.

The page gives :func:`see` each view the server sends (the ``view`` of a
seat's answer, as JSON text) and :func:`check` the cards the person
selects. The library reads the view (:func:`rummyrules.loads` reads the
saved kind ``view``), deals the cards the seat cannot see at random among
the deals that fit it (:func:`rummyrules.sample_state`) and explains the
selection on that state (:func:`rummyrules.explain_selection`). A seat's
moves and their refusals rest only on what the seat sees, so the answer is
the server's ``/selection`` answer for the same view:
tests/conformance/test_selection_from_view.py checks that over random play
of every game, and tests/browser/test_served_page.py against a live server.
Only the library's public API is used: the page is an example for
front-end authors.
"""

from __future__ import annotations

import json
from typing import Any

from rummyrules import (
    GameState,
    RummyRulesError,
    Selection,
    SelectionError,
    View,
    explain_selection,
    loads,
    sample_state,
)


class _Seen:
    """The last view the server sent, as a whole state that shows the seat that view."""

    state: GameState | None = None
    player = 0


def see(view_text: str) -> int:
    """Read a view the server sent (JSON text of kind ``view``); answers the seat's number (0-based)."""
    view = loads(view_text)
    if not isinstance(view, View):
        message = f"expected the server's view, not a saved {type(view).__name__}"
        raise TypeError(message)
    # Any seed gives a state with this view; one fixed seed keeps the page's
    # answers the same from run to run.
    _Seen.state = sample_state(view, seed=0)
    _Seen.player = view.player
    return view.player


def check(cards_text: str) -> str:
    """What the selected cards (a JSON list of card texts) make in the last view seen, as JSON.

    The shape is the server's selection answer's, without its version and
    seat: ``cards``, ``moves`` (each ``{"text"}``), ``refusals`` (each
    ``{"move", "error", "rule"}``) and ``check`` (``{"ok", "reason",
    "rule", "melds"}``); cards that are no selection answer
    ``{"error", "rule"}``, as the server's 400 does.
    """
    if _Seen.state is None:
        return json.dumps(
            {"error": "no view has come from the server yet", "rule": None}
        )
    cards = json.loads(cards_text)
    try:
        found = explain_selection(_Seen.state, _Seen.player, cards)
    except SelectionError as error:
        return json.dumps({"error": error.reason, "rule": error.rule})
    except (
        RummyRulesError
    ) as error:  # text that is no card of this deck: said, not raised
        reason = getattr(error, "reason", None)
        return json.dumps(
            {
                "error": reason if isinstance(reason, str) else str(error),
                "rule": getattr(error, "rule", None),
            }
        )
    return json.dumps(document(found))


def document(found: Selection) -> dict[str, Any]:
    """A selection as the page reads it (the server's shape, see :func:`check`)."""
    return {
        "cards": [str(card) for card in found.cards],
        "moves": [{"text": str(move)} for move in found.moves],
        "refusals": [
            {"move": str(refused.move), "error": refused.reason, "rule": refused.rule}
            for refused in found.refusals
        ],
        "check": {
            "ok": found.check.ok,
            "reason": found.check.reason or None,
            "rule": found.check.rule,
            "melds": [str(meld) for meld in found.check.melds],
        },
    }
