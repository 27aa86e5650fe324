"""The turn machine's listing of moves, a frozen copy kept as the oracle (issue 40, item 5).

Before each game had an integer core, the turn machine in ``src`` listed the
moves as well as explaining refusals: each kind of move had *candidates*
(every move of the kind the cards allow), and the listing was the
candidates no gate and no filter refuses. The cores now list the moves, and
``src`` holds one listing of each rule; this package keeps the old one,
unchanged in what it lists and in its order, so that the differential tests
(``tests/conformance/test_fast_path.py`` and each game's core test) can
still hold every core to it, state by state.

Only the listing is copied: the loop over a phase's kinds
(:mod:`.listing`), each game's candidate functions and the analysis only
they need (:mod:`.rummy500`, :mod:`.candidates`). The rules themselves,
the gates and filters that refuse, and what a move does are read from the
game's machine in ``src`` (``rules.machine``), as they were; the
listed-exactly-when-not-refused property of the conformance suite keeps
asking ``src``'s ``resolve`` alone.
"""

from __future__ import annotations

from .listing import apply, has_move, legal_moves, listed_for, moves_for

__all__ = ["apply", "has_move", "legal_moves", "listed_for", "moves_for"]
