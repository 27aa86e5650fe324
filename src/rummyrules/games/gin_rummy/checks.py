"""What no play of Gin Rummy reaches: the checks of a state or view read from outside.

The shared checks (:mod:`rummyrules.formats.checks`) refuse what is wrong in
any game; these add what only Gin Rummy can tell.

>>> from rummyrules import GinRummy
>>> game = GinRummy().new_game(seed=4)
>>> check_state(game)
>>> check_state(game.replace(knocker=1))
Traceback (most recent call last):
...
rummyrules.StateError: knocker: nobody has knocked before the knock (GIN-5)
"""

from __future__ import annotations

from rummyrules.core.errors import StateError
from rummyrules.game.checks import check_turn_limit
from rummyrules.game.state import GameState, View
from rummyrules.games.gin_rummy.state import GinRummyPhase, GinRummyState, options

__all__ = ["check_state", "check_view"]

_AFTER_KNOCK = frozenset(
    {
        GinRummyPhase.KNOCK,
        GinRummyPhase.LAY_DOWN,
        GinRummyPhase.LAY_OFF,
        GinRummyPhase.MELD,
    }
)


def check_state(state: GameState) -> None:
    """Refuse a game of Gin Rummy, sound in shape, that no play reaches.

    >>> from rummyrules import GinRummy
    >>> check_state(GinRummy().new_game(seed=1).replace(passes=3))
    Traceback (most recent call last):
    ...
    rummyrules.StateError: passes: two players pass the first upcard at most (GIN-3)
    """
    if not isinstance(state, GinRummyState):
        message = f"a Gin Rummy game is a GinRummyState, not {type(state).__name__}"
        raise StateError(message)
    rules = options(state)
    if not 0 <= state.passes <= 2:
        raise StateError("passes: two players pass the first upcard at most (GIN-3)")
    if state.phase in _AFTER_KNOCK and state.knocker is None:
        raise StateError(f"knocker: a {state.phase.value} follows a knock (GIN-5)")
    if (
        state.phase not in _AFTER_KNOCK
        and state.knocker is not None
        and not state.is_over
    ):
        raise StateError("knocker: nobody has knocked before the knock (GIN-5)")
    if state.melds and state.knocker is None:
        raise StateError("melds: melds are laid only after a knock (GIN-5)")
    if not rules.oklahoma and state.knock_card != rules.knock_card:
        raise StateError(
            f"knock_card: the knock card is the option, {rules.knock_card}, "
            "unless oklahoma sets it (GIN-10)"
        )
    check_turn_limit(state, rules.max_turns, goes_on=False, ends="hand")
    _check_sheet(state, rules.target)


def _check_sheet(state: GinRummyState, target: int | None) -> None:
    """GIN-R2: one hand is the game, or hands are played until the target."""
    sheet = state.score_sheet
    if target is None:
        if len(sheet) != int(state.is_over):
            raise StateError(
                "score_sheet: one hand is the game without a target, and it is "
                "scored when it ends (GIN-R2)"
            )
        return
    totals = [sum(scores) for scores in zip(*sheet, strict=True)] if sheet else [0, 0]
    if not state.is_over and max(totals) >= target:
        raise StateError(
            f"score_sheet: a total has reached the target, {target}, so the game "
            "is over (GIN-R2)"
        )


def check_view(view: View) -> None:
    """Refuse a view of Gin Rummy, sound in shape, that no play shows.

    >>> from rummyrules import GinRummy
    >>> check_view(GinRummy().new_game(seed=1).view(0))
    """
    if view.phase in _AFTER_KNOCK and getattr(view, "knocker", None) is None:
        raise StateError(f"knocker: a {view.phase} follows a knock (GIN-5)")
