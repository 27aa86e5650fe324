"""A toy core for tests of the fast path's machinery: whole states as core values.

:class:`StateCore` keeps a whole state (under the plain game's rules, whose
own core plays it) as its core value; its actions are the moves' places in
the plain game's listing, listed backwards where asked, so that a test can
tell a caller that follows the core's order from one that assumes another.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import attrs

from rummyrules import PlayableRules
from rummyrules.game.moves import Move


class StateCore:
    """A core whose value is the state under the plain game's rules; its actions listed backwards where asked."""

    def __init__(self, plain: type[PlayableRules[Any]], *, backwards: bool) -> None:
        self.plain = plain
        self.backwards = backwards

    def encode(self, state: Any) -> Hashable:
        plain = self.plain(**attrs.asdict(state.rules, recurse=False))
        built: Hashable = state.replace(rules=plain)
        return built

    def to_move(self, core: Any) -> int | None:
        found: int | None = core.to_move
        return found

    def legal_actions(self, core: Any, player: int) -> tuple[int, ...]:
        places = range(len(core.legal_moves(player=player)))
        return tuple(reversed(places) if self.backwards else places)

    def apply_action(self, core: Any, action: int, player: int) -> Hashable:
        move = core.legal_moves(player=player)[action]
        after: Hashable = core.apply(move, player=player)
        return after

    def action_to_move(self, core: Any, action: int, player: int) -> Move | None:
        moves = core.legal_moves(player=player)
        return moves[action] if 0 <= action < len(moves) else None

    def leaves_game(self, core: Any, action: int, player: int) -> bool:
        leaves: bool = core.legal_moves(player=player)[action].leaves_game
        return leaves

    def fields(self, core: Any) -> dict[str, Any]:
        return {
            field.name: getattr(core, field.name)
            for field in attrs.fields(type(core))
            if field.init and field.name != "rules"
        }
