"""Toy Rummy's own kind of move: the burn, which no library game has (TOY-8).

A game's own move is a :class:`~rummyrules.Move` subclass in its package:
its ``kind`` (saved JSON names it), its ``verb`` and ``form`` (what the
notation reads after the verb; here nothing), and ``register_move`` makes
it readable. The JSON Schema, the RL actions and the JSON converter read the
rest from the class: no shared module names it.

>>> from rummyrules import parse_move
>>> parse_move("burn"), str(Burn(player=1))
(Burn(player=None), '1: burn')
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from rummyrules import Move
from rummyrules.authoring import register_move

__all__ = ["Burn"]


@register_move
@attrs.frozen(kw_only=True)
class Burn(Move):
    """Turn the top card of the stock face up onto the discard pile, then draw (TOY-8).

    >>> Burn.kind, Burn.verb, Burn.form
    ('burn', 'burn', 'word')
    """

    kind: ClassVar[str] = "burn"

    def _body(self) -> str:
        return "burn"
