"""The end of a Gin Rummy hand: its score, its result, and the next deal (GIN-7, GIN-R2).

>>> from rummyrules import GinRummy
>>> game = GinRummy(target=100).new_game(seed=1)
>>> after = end_hand(game, rule="GIN-8")
>>> after.is_over, after.score_sheet, after.round
(False, ((0, 0),), 2)
"""

from __future__ import annotations

from rummyrules.core.shuffle import shuffled
from rummyrules.game.results import RoundResult
from rummyrules.game.table import played_by_each
from rummyrules.games.gin_rummy.deadwood import card_points, min_deadwood
from rummyrules.games.gin_rummy.state import GAME_BONUS, hand_score
from rummyrules.games.gin_rummy.state import GinRummyPhase as Phase
from rummyrules.games.gin_rummy.state import GinRummyState as State

__all__ = ["end_hand"]


def end_hand(state: State, *, rule: str, last: bool = False) -> State:
    """End the hand (GIN-7); with a ``target``, deal the next unless a total reaches it (GIN-R2) or ``last`` (ALL-5).

    ``rule`` is why the hand ends, for its result.

    >>> from rummyrules import GinRummy
    >>> over = end_hand(GinRummy().new_game(seed=1), rule="GIN-9")
    >>> over.is_over, over.score_sheet, over.round_results[0].rule
    (True, ((0, 0),), 'GIN-9')
    """
    row, bonus = hand_score(state)
    sheet = (*state.score_sheet, tuple(row))
    totals = [sum(scores) for scores in zip(*sheet, strict=True)]
    target = state.rules.target
    reached = target is not None and max(totals) >= target
    if reached:
        winner = totals.index(max(totals))  # totals sum to 0: one is ahead
        row[winner] += GAME_BONUS
        bonus[winner] += GAME_BONUS
        sheet = (*state.score_sheet, tuple(row))
    result = RoundResult(
        round=len(sheet),
        hands=state.hands,
        melded=tuple(played_by_each(state.melds, 2, card_points)),
        in_hand=tuple(min_deadwood(hand) for hand in state.hands),
        bonus=tuple(bonus),
        net=tuple(row),
        went_out=state.knocker,
        rule=rule,
    )
    results = (result,)
    if target is not None and not reached and not last:
        order = shuffled(state.rules.deck(), state.seed, "round", len(sheet) + 1)
        # The next hand is dealt as a game is (GIN-1), from the seed's next order.
        dealt = state.rules.new_game(seed=state.seed, deck=order)
        return dealt.replace(
            score_sheet=sheet, turns=state.turns, round_results=results
        )
    return state.replace(
        phase=Phase.OVER,
        to_move=None,
        score_sheet=sheet,
        taken=None,
        round_results=results,
    )
