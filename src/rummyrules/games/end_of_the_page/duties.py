"""What End of the Page still asks of the player to move: a deep take melded, a last card played.

A card taken from deep in the discard pile is laid at once in a new meld
with the two natural cards that let it be taken (EOP-6); a last card that
fits a meld on the table is played, not discarded (EOP-12); under EOP-R3's
option the card just taken is not discarded again. Each is said in the
sentence the turn machine refuses a move with while it stands
(:mod:`rummyrules.games.end_of_the_page.machine`).

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().position(
...     "wild 3 | to_move 1 play | hands 3S 4C / 8D | melds 1: 9D 10D JD"
...     " | pile KC | had_turn 1"
... )
>>> print(*in_force(game, 1))
your last card 8D can be laid off on a meld, so it must be played, not discarded (you will float) (EOP-12)
"""

from __future__ import annotations

from rummyrules.game.duties import Duty, duties_of
from rummyrules.game.moves import Discard
from rummyrules.game.state import Phase
from rummyrules.games.end_of_the_page.machine import (
    last_card,
    pickup_pending,
    taken_discard,
)
from rummyrules.games.end_of_the_page.state import EndOfThePageState

__all__ = ["in_force"]


def in_force(state: EndOfThePageState, player: int) -> tuple[Duty, ...]:
    """The duties of ``player``, the player to move, while they play: EOP-6, EOP-12, EOP-R3.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().position(
    ...     "wild 3 | to_move 1 play | turn taken 10D must_meld 10D support 9D JD"
    ...     " | hands 3S 4C / 9D 10D JD KC | pile 6C | had_turn 1"
    ... )
    >>> [duty.rule for duty in in_force(game, 1)]
    ['EOP-6']
    """
    if state.phase is not Phase.PLAY:
        return ()
    hand = state.hands[player]
    last = last_card(state)  # set only when one card is left
    taken, keep = state.turn.taken, taken_discard(state)
    return duties_of(
        pickup_pending(state, player),
        None if last is None else last(Discard(card=hand[0])),
        None if taken is None or keep is None else keep(Discard(card=taken)),
    )
