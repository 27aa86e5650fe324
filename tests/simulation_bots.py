"""A bot of the tests' own, seated by import path: ``simulation_bots:FirstMoveBot``.

Worker processes import it by that path: ``tests/`` is on ``sys.path`` in
the test run (pytest puts it there, as for ``scenarios``), and processes
started with ``spawn`` (the simulation's pool, Dask's local workers) are
given the parent's ``sys.path``.
"""

from __future__ import annotations

from rummyrules import Drop, Move, View


class FirstMoveBot:
    """Plays its first legal move that is not a drop; lets every chance out of turn go by."""

    def __init__(self, *, seed: int = 0) -> None:
        del seed  # its choice needs no chance

    def choose(self, view: View) -> Move | None:
        if view.to_move != view.player:
            return None
        return next(move for move in view.legal_moves if not isinstance(move, Drop))
