"""What the score sheet of a game of Gin Rummy can hold: zero-sum rows, the game bonus, the end (GIN-7, GIN-R2, ALL-5).

:mod:`rummyrules.games.gin_rummy.checks` asks these of a state or view read
from outside.

>>> from rummyrules import GinRummy
>>> check_sheet(GinRummy().new_game(seed=1), turns=0)
"""

from __future__ import annotations

from rummyrules.core.errors import StateError
from rummyrules.games.gin_rummy.plays import GAME_BONUS, knock_score
from rummyrules.games.gin_rummy.state import (
    GinRummyPhase,
    GinRummyState,
    GinRummyView,
    options,
)

__all__ = ["check_last_row", "check_sheet"]

Phase = GinRummyPhase


def check_sheet(game: GinRummyState | GinRummyView, *, turns: int | None) -> None:
    """GIN-R2: one hand is the game, or hands are played until the target; each row a zero sum (GIN-7).

    ``turns`` is None for a view, which does not count them.

    >>> from rummyrules import GinRummy
    >>> game = GinRummy(target=100).new_game(seed=1)
    >>> check_sheet(game.replace(score_sheet=((30, -30),)), turns=0)
    >>> check_sheet(game.replace(score_sheet=((30, -20),)), turns=0)
    Traceback (most recent call last):
    ...
    rummyrules.StateError: score_sheet: row 1 gives one player what the other loses, so it sums to 0 (GIN-7), but for the game bonus, 100, of the last row of a game to a target (GIN-R2)
    """
    rules = options(game)
    sheet, over, target = game.score_sheet, game.phase == Phase.OVER, rules.target
    if target is None and len(sheet) != int(over):
        raise StateError(
            "score_sheet: one hand is the game without a target, and it is "
            "scored when it ends (GIN-R2)"
        )
    if over and not sheet:
        raise StateError("score_sheet: a game over has its last hand scored (GIN-R2)")
    totals = [0, 0]
    bonus = False
    for number, row in enumerate(sheet, start=1):
        if target is not None and max(totals) >= target:
            raise StateError(
                f"score_sheet: a total reached the target, {target}, before row "
                f"{number}, so the game was over (GIN-R2)"
            )
        scores = list(row)
        last = over and number == len(sheet)
        bonus = target is not None and last and sum(scores) == GAME_BONUS
        if bonus:
            scores[scores.index(max(scores))] -= GAME_BONUS
        if sum(scores) != 0:
            raise StateError(
                f"score_sheet: row {number} gives one player what the other loses, "
                "so it sums to 0 (GIN-7), but for the game bonus, 100, of the last "
                "row of a game to a target (GIN-R2)"
            )
        totals = [total + score for total, score in zip(totals, scores, strict=True)]
        if bonus and (
            target is None
            or max(totals) < target
            or row.index(max(row)) != totals.index(max(totals))
        ):
            raise StateError(
                f"score_sheet: row {number} adds the game bonus, 100, but to a player "
                f"whose total did not reach the target, {target} (GIN-R2)"
            )
    if target is None:
        return
    if max(totals) >= target and not (over and bonus):
        raise StateError(
            f"score_sheet: a total has reached the target, {target}, so the game "
            "is over, and that player adds the game bonus, 100 (GIN-R2)"
        )
    limit = rules.max_turns
    if over and not bonus and (limit is None or (turns is not None and turns < limit)):
        raise StateError(
            f"score_sheet: no total has reached the target, {target}, nor have the "
            "turns reached max_turns, so the game is not over (GIN-R2, ALL-5)"
        )


def check_last_row(state: GinRummyState) -> None:
    """The last row of a game over is what its last hand scores, with any game bonus (GIN-7, GIN-R2).

    >>> from rummyrules import GinRummy
    >>> game = (
    ...     GinRummy(hand_size=3)
    ...     .position(
    ...         "to_move 1 meld | knocker 0 | hands - / 2C 5D 9H | melds 0: 7S 8S 9S"
    ...         " | pile KD"
    ...     )
    ...     .apply("done")
    ... )
    >>> check_last_row(game)
    >>> check_last_row(game.replace(score_sheet=((16, -16),)))
    Traceback (most recent call last):
    ...
    rummyrules.StateError: score_sheet: the last hand scores 41 -41, not 16 -16 (GIN-7)
    """
    knocker = state.knocker
    row = [0, 0]
    if knocker is not None:
        score = knock_score(state)
        row = [score, -score] if knocker == 0 else [-score, score]
    last = list(state.score_sheet[-1])
    if sum(last) == GAME_BONUS:
        last[last.index(max(last))] -= GAME_BONUS
    if last != row:
        raise StateError(
            f"score_sheet: the last hand scores {row[0]} {row[1]}, not "
            f"{' '.join(map(str, state.score_sheet[-1]))} (GIN-7)"
        )
