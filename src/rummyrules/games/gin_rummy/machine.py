"""Gin Rummy, played: the deal, the rules of a turn and of the knock, what each move does.

Decision points follow OpenSpiel's ``gin_rummy``, so that the two engines can
be compared step by step: take or pass the first upcard; draw or take; discard
or ``knock``; after a knock, the knocker's discard, then one meld at a time,
then ``done``; the opponent's lay-offs one card at a time, then ``done``, then
their own melds, then ``done``. Each rule is one function that both lists and
refuses (:mod:`rummyrules.game.machine`).

>>> from rummyrules import GinRummy
>>> game = GinRummy().new_game(seed=3)
>>> [str(move) for move in game.legal_moves()]
['take', 'pass']
>>> game.apply("draw")
Traceback (most recent call last):
...
rummyrules.IllegalMoveError: the first upcard is taken or passed: 'take' or 'pass' (GIN-3)
"""

from __future__ import annotations

from typing import Final

from rummyrules.game.machine import Kind, Machine, PhaseRules
from rummyrules.game.moves import Discard, Done, Draw, LayOff, NewMeld, Pass, Take
from rummyrules.game.turns import discard_options, name_discard
from rummyrules.games.gin_rummy import plays, turn
from rummyrules.games.gin_rummy.deal import new_game
from rummyrules.games.gin_rummy.moves import Knock
from rummyrules.games.gin_rummy.state import GinRummyPhase, GinRummyState

# new_game is the deal's; the rules class reaches the game through this module.
__all__ = ["MACHINE", "Knock", "new_game"]

State = GinRummyState
Phase = GinRummyPhase


_DISCARD: Final = Kind(
    move=Discard,
    options=discard_options,
    name=name_discard,
    play=plays.discard,
    checks=(turn.keeps_knock,),
)
_MELD: Final = Kind(
    move=NewMeld, options=turn.meld_options, name=turn.name_meld, play=plays.meld
)
# The first upcard and a turn's draw take the upcard alike; GIN-3's check
# applies only once both players passed it.
_TAKE: Final = Kind(
    move=Take,
    options=turn.upcard_options,
    name=turn.name_take,
    play=plays.take,
    checks=(turn.both_passed,),
)
_KNOCK: Final = Kind.single(Knock, play=plays.knock, checks=(turn.may_knock,))
# GIN-5's check of the knocker's ``done`` applies only while laying down.
_DONE: Final = Kind.single(Done, play=plays.done, checks=(turn.knocker_done,))
_PASS: Final = Kind.single(Pass, play=plays.pass_)

MACHINE: Final = Machine[State](
    game="Gin Rummy",
    phases={
        Phase.UPCARD: PhaseRules(
            kinds=(_TAKE, _PASS),
            refuse=turn.UPCARD_FIRST,
        ),
        Phase.DRAW: PhaseRules(
            kinds=(Kind.single(Draw, play=plays.draw), _TAKE),
            refuse=turn.DRAW_FIRST,
        ),
        Phase.PLAY: PhaseRules(kinds=(_DISCARD, _KNOCK), refuse=turn.DRAWN_ALREADY),
        Phase.KNOCK: PhaseRules(kinds=(_DISCARD,), refuse=turn.knocked),
        Phase.LAY_DOWN: PhaseRules(kinds=(_MELD, _DONE), refuse=turn.knocked),
        Phase.LAY_OFF: PhaseRules(
            kinds=(
                Kind(
                    move=LayOff,
                    options=turn.lay_off_options,
                    name=turn.name_lay_off,
                    play=plays.lay_off,
                ),
                _DONE,
            ),
            refuse=turn.LAYING_OFF,
        ),
        Phase.MELD: PhaseRules(kinds=(_MELD, _DONE), refuse=turn.MELDING),
        Phase.WALL: PhaseRules(kinds=(_KNOCK, _PASS), refuse=turn.AT_THE_WALL),
    },
)
"""The one turn machine every game of Gin Rummy uses."""
