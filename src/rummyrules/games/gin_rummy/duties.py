"""What Gin Rummy still asks of the knocker: a discard that keeps the knock good, then the melds.

Once a player knocks, the discard must leave their deadwood at most the
knock card, and then they lay their melds until it is (GIN-5), every meld
of the hand (GIN-R3). The second is said in the sentence the turn machine
refuses ``done`` with while it stands (:mod:`rummyrules.games.gin_rummy.machine`).

>>> from rummyrules import GinRummy
>>> game = GinRummy(hand_size=4).position(
...     "to_move 0 play | hands 7S 8S 9S 2C KD / AH 5D 9H JC | pile 4H"
... )
>>> in_force(game, 0), [duty.rule for duty in in_force(game.apply("knock"), 0)]
((), ['GIN-5'])
"""

from __future__ import annotations

from rummyrules.game.duties import Duty, duties_of
from rummyrules.games.gin_rummy.machine import knocker_unfinished
from rummyrules.games.gin_rummy.state import GinRummyPhase, GinRummyState

__all__ = ["in_force"]


def in_force(state: GinRummyState, player: int) -> tuple[Duty, ...]:
    """The duties of ``player``, the player to move: the knocker's discard and melds (GIN-5, GIN-R3).

    >>> from rummyrules import GinRummy
    >>> game = GinRummy(hand_size=4).position(
    ...     "to_move 0 play | hands 7S 8S 9S 2C KD / AH 5D 9H JC | pile 4H"
    ... )
    >>> print(*in_force(game.apply("knock").apply("discard KD"), 0))
    the cards left in your hand still hold a meld: lay it before 'done' (GIN-R3)
    """
    if state.phase is GinRummyPhase.KNOCK:
        text = (
            "you knocked, so your discard must leave your deadwood at most "
            f"the knock card, {state.knock_card}"
        )
        return (Duty(rule="GIN-5", text=text),)
    if state.phase is GinRummyPhase.LAY_DOWN:
        return duties_of(knocker_unfinished(state.hands[player], state.knock_card))
    return ()
