"""A toy core for tests of the fast path's machinery: the turn machine's states as core values.

:class:`StateCore` keeps a whole state (under rules with no core, which the
turn machine plays) as its core value; its actions are the moves' places,
listed backwards unless it lists the moves, so that a test can tell a
caller that trusts the order of actions from one that does not.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import attrs

from rummyrules import PlayableRules
from rummyrules.game.moves import Move


class StateCore:
    """A core whose value is the state under rules without a core; its actions listed backwards unless it lists moves."""

    def __init__(self, plain: type[PlayableRules[Any]], *, lists_moves: bool) -> None:
        self.plain = plain
        self.lists_moves = lists_moves

    def encode(self, state: Any) -> Hashable:
        plain = self.plain(**attrs.asdict(state.rules, recurse=False))
        built: Hashable = state.replace(rules=plain)
        return built

    def to_move(self, core: Any) -> int | None:
        found: int | None = core.to_move
        return found

    def legal_actions(self, core: Any, player: int) -> tuple[int, ...]:
        places = range(len(core.legal_moves(player=player)))
        return tuple(places if self.lists_moves else reversed(places))

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
