"""1400, played: its turn machine, the table of what each phase takes.

The round opens on the first upcard (``opening``, F14-6/7): in turn, each
player takes it and melds it at once, or passes. Then each turn is a draw
(``draw``: the stock, or any discard with every card above it, F14-8) and
plays (``play``: melds and lay-offs, then a discard, F14-9/10). A discard
that fits a meld on the table may be claimed out of turn until the next
player draws (F14-12). A player who plays their last card without a
discard hands the next player a last draw and plays (``last``, F14-13).
The table below says which kinds of move each phase takes, and for each
kind how its moves are listed and named, which rules of a turn forbid some
(:mod:`rummyrules.games.fourteen_hundred.turn`, and
:mod:`rummyrules.games.fourteen_hundred.claims` out of turn) and what it does
(:mod:`rummyrules.games.fourteen_hundred.plays`). A game begins with
:func:`~rummyrules.games.fourteen_hundred.deal.new_game`, which the rules
class calls through this module.

>>> from rummyrules import FourteenHundred
>>> game = FourteenHundred(players=2).new_game(seed=3)
>>> game.phase
<FourteenHundredPhase.OPENING: 'opening'>
"""

from __future__ import annotations

from typing import Final

from rummyrules.game.machine import Kind, Machine, PhaseRules, Refusal
from rummyrules.game.moves import (
    Claim,
    Discard,
    Done,
    Draw,
    LayOff,
    Move,
    NewMeld,
    Pass,
    Take,
)
from rummyrules.game.rummy500 import take_options
from rummyrules.game.rummy500_melding import (
    lay_off_options,
    meld_options,
    name_lay_off,
    name_meld,
)
from rummyrules.game.state import GameState
from rummyrules.game.turns import discard_options, name_discard
from rummyrules.games.fourteen_hundred import claims, plays, turn
from rummyrules.games.fourteen_hundred.deal import new_game
from rummyrules.games.fourteen_hundred.state import (
    FourteenHundredPhase,
    FourteenHundredState,
)

# new_game is the deal's; the rules class reaches the game through this module.
__all__ = ["MACHINE", "new_game"]

Phase = FourteenHundredPhase


def _opening_only(state: GameState, move: Move) -> Refusal:
    del state, move
    return Refusal(
        "the round opens on the upcard: take it and meld it at once, or pass", "F14-6"
    )


def _draw_first(state: GameState, move: Move) -> Refusal:
    del state
    if isinstance(move, Pass):
        return Refusal("pass is only for the first upcard", "F14-6")
    return Refusal("draw first: from the stock or the discard pile", "F14-8")


def _drawn_already(state: GameState, move: Move) -> Refusal:
    del state
    if isinstance(move, Pass):
        return Refusal("pass is only for the first upcard", "F14-6")
    if isinstance(move, Done):
        return Refusal(
            "'done' ends only the last plays; discard to end a turn", "F14-13"
        )
    return Refusal("you have drawn already this turn", "F14-8")


def _last_plays(state: GameState, move: Move) -> Refusal:
    del state
    if isinstance(move, Pass):
        return Refusal("pass is only for the first upcard", "F14-6")
    if isinstance(move, Discard):
        return Refusal("the last plays end with 'done', not a discard", "F14-13")
    return Refusal("the last draw is one card from the stock", "F14-13")


_CLAIM: Final = Kind(
    move=Claim,
    options=claims.claim_options,
    name=claims.name_claim,
    play=plays.claim,
    anyone=True,
)
_DRAW: Final = Kind.single(
    Draw,
    play=plays.draw,
)
_MELD: Final = Kind(
    move=NewMeld,
    options=meld_options,
    name=name_meld,
    play=plays.meld,
    checks=(turn.upcard_meld, turn.uses_card),
)
_LAY_OFF: Final = Kind(
    move=LayOff,
    options=lay_off_options,
    name=name_lay_off,
    play=plays.lay_off,
    gates=(turn.needs_meld, turn.upcard_pending),
    checks=(turn.uses_card,),
)

MACHINE: Final = Machine[FourteenHundredState](
    game="1400",
    phases={
        Phase.OPENING: PhaseRules(
            kinds=(
                Kind(
                    move=Take,
                    options=turn.upcard_option,
                    name=turn.name_upcard,
                    play=plays.take,
                    checks=(turn.upcard_usable,),
                ),
                Kind.single(
                    Pass,
                    play=plays.pass_upcard,
                    checks=(turn.may_pass,),
                ),
            ),
            refuse=_opening_only,
        ),
        Phase.DRAW: PhaseRules(
            kinds=(
                _CLAIM,
                _DRAW,
                Kind(
                    move=Take,
                    options=take_options,
                    name=turn.name_take,
                    play=plays.take,
                    checks=(turn.usable,),
                ),
            ),
            refuse=_draw_first,
        ),
        Phase.PLAY: PhaseRules(
            kinds=(
                _MELD,
                _LAY_OFF,
                Kind(
                    move=Discard,
                    options=discard_options,
                    name=name_discard,
                    play=plays.discard,
                    gates=(turn.upcard_pending, turn.card_pending),
                ),
            ),
            refuse=_drawn_already,
        ),
        Phase.LAST: PhaseRules(
            kinds=(
                Kind.single(
                    Draw,
                    play=plays.draw,
                    checks=(turn.last_draw,),
                ),
                _MELD,
                _LAY_OFF,
                Kind.single(
                    Done,
                    play=plays.done,
                ),
            ),
            refuse=_last_plays,
        ),
    },
    anyone=(_CLAIM,),
)
"""The one turn machine every 1400 game uses."""
