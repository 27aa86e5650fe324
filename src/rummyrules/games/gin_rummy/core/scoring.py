"""The end of a hand, on the core: its score, its result, and the next deal (GIN-7, GIN-R2, ALL-5).

What the turn machine's ``_scored`` does, on a core value: both hands are
counted in their best arrangement (GIN-2), the knocker scores the
difference with the gin or undercut bonus (GIN-7, GIN-R1), a ``target``
reached adds the game bonus (GIN-R2), and short of it the next hand is dealt
from the seed's next order by the rules' own deal, so that the core's game
is the machine's card for card.

>>> from rummyrules import GinRummy
>>> from rummyrules.games.gin_rummy.core.value import PHASE, RESULTS, encode
>>> value = ended(
...     encode(GinRummy().new_game(seed=3)), rule="GIN-8", last=False, forget=False
... )
>>> value[PHASE], value[RESULTS][0].net
(8, (0, 0))
"""

from __future__ import annotations

from typing import Any

from rummyrules.core.shuffle import shuffled
from rummyrules.game.results import RoundResult
from rummyrules.games.gin_rummy.core.cards import hand_cards, points
from rummyrules.games.gin_rummy.core.value import (
    GAME,
    HAND,
    KNOCKER,
    KNOWN,
    NOBODY,
    OVER,
    PHASE,
    RESULTS,
    SHEET,
    TABLE,
    TAKEN,
    TO_MOVE,
    TURNS,
    encode,
)
from rummyrules.games.gin_rummy.deadwood import (
    _least,
)  # the best arrangement's deadwood
from rummyrules.games.gin_rummy.state import GAME_BONUS

__all__ = ["ended", "least"]


def least(hand: int) -> int:
    """The least deadwood of a hand's mask, its best arrangement's (GIN-2).

    >>> least(0)
    0
    """
    return _least(hand)


def ended(
    value: tuple[Any, ...], *, rule: str, last: bool, forget: bool
) -> tuple[Any, ...]:
    """The value once the hand at ``value`` is counted by ``rule``: the game's end or the next deal.

    ``last`` ends the game whatever the scores (the turn limit, ALL-5);
    ``forget`` clears the known cards, as a move that changes the counted
    hands does (a take, or a known card played): otherwise the game's end
    keeps what was known, as the machine's state does.
    """
    rules = value[GAME][0]
    hands = (value[HAND], value[HAND + 1])
    deadwood = (least(hands[0]), least(hands[1]))
    knocker: int = value[KNOCKER]
    row, bonus = [0, 0], [0, 0]
    if knocker != NOBODY:
        own, other = deadwood[knocker], deadwood[1 - knocker]
        score = other - own
        if own == 0:  # gin is never undercut (GIN-7)
            score += rules.gin_bonus
            bonus[knocker] = rules.gin_bonus
        elif score < 0 or (score == 0 and rules.undercut_on_equal):  # GIN-R1
            score -= rules.undercut_bonus
            bonus[1 - knocker] = rules.undercut_bonus
        row = [score, -score] if knocker == 0 else [-score, score]
    before: tuple[tuple[int, ...], ...] = value[SHEET]
    sheet = (*before, tuple(row))
    totals = [sum(scores) for scores in zip(*sheet, strict=True)]
    target = rules.target
    reached = target is not None and max(totals) >= target
    if reached:  # GIN-R2: the game's bonus to the one ahead (totals sum to 0)
        winner = totals.index(max(totals))
        row[winner] += GAME_BONUS
        bonus[winner] += GAME_BONUS
        sheet = (*before, tuple(row))
    melded = [0, 0]
    for mask, owner, laid_off in value[TABLE]:
        melded[owner] += points(mask & ~laid_off)
        melded[1 - owner] += points(laid_off)
    result = RoundResult(
        round=len(sheet),
        hands=(hand_cards(hands[0]), hand_cards(hands[1])),
        melded=tuple(melded),
        in_hand=deadwood,
        bonus=tuple(bonus),
        net=tuple(row),
        went_out=None if knocker == NOBODY else knocker,
        rule=rule,
    )
    if target is not None and not reached and not last:
        seed = value[GAME][1]
        order = shuffled(rules.deck(), seed, "round", len(sheet) + 1)
        dealt = encode(rules.new_game(seed=seed, deck=order))
        changed = {SHEET: sheet, TURNS: value[TURNS], RESULTS: (result,)}
    else:
        dealt = value
        changed = {PHASE: OVER, TO_MOVE: NOBODY, SHEET: sheet, TAKEN: NOBODY}
        changed[RESULTS] = (result,)
        if forget:
            changed[KNOWN] = changed[KNOWN + 1] = 0
    return tuple(changed.get(index, item) for index, item in enumerate(dealt))
