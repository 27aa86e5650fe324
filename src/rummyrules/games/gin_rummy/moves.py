"""Gin Rummy's own move: the knock, which the shared notation lacks (GIN-5, GIN-8).

>>> from rummyrules import parse_move
>>> parse_move("knock")
Knock(player=None)
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from rummyrules.game.moves import Move
from rummyrules.game.notation import register_bare_move

__all__ = ["Knock"]


@attrs.frozen(kw_only=True)
class Knock(Move):
    """Knock instead of discarding, or at the wall with the upcard (GIN-5, GIN-8).

    >>> from rummyrules import parse_move
    >>> parse_move("knock"), str(Knock(player=1))
    (Knock(player=None), '1: knock')
    """

    kind: ClassVar[str] = "knock"
    action: ClassVar[int | None] = 4  # its RL action since before moves declared theirs

    def _body(self) -> str:
        return "knock"


register_bare_move("knock", Knock)
