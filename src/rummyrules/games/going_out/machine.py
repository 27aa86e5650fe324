"""Going Out Rummy, played: its turn machine, the table of what each phase takes.

A turn is two phases. In ``draw`` the player takes the top card of the stock
or of the discard pile (GOR-4). In ``play`` the player either goes out, laying
the whole hand down as melds with at most one card discarded (GOR-7, GOR-8),
or discards a card. Nothing is melded before going out. Any player still at
the table may drop out at any moment (GOR-10). The table below says which
kinds of move each phase takes, and for each kind how its moves are listed
and named, which rules of a turn forbid some
(:mod:`rummyrules.games.going_out.turn`) and what it does
(:mod:`rummyrules.games.going_out.plays`). A game begins with
:func:`~rummyrules.games.going_out.deal.new_game`, which the rules class
calls through this module.

>>> from rummyrules import GoingOutRummy
>>> game = GoingOutRummy().new_game(seed=3)
>>> [str(move) for move in game.legal_moves()]
['draw', 'drop']
>>> game.apply("draw").phase
<Phase.PLAY: 'play'>
"""

from __future__ import annotations

from typing import Final

from rummyrules.game.machine import Kind, Machine, PhaseRules
from rummyrules.game.moves import Discard, Draw, Drop, GoOut, Take
from rummyrules.game.state import Phase
from rummyrules.game.turns import (
    discard_options,
    draw_first,
    drawn_already,
    name_discard,
)
from rummyrules.games.going_out import plays, turn
from rummyrules.games.going_out.deal import new_game
from rummyrules.games.going_out.state import GoingOutState

# new_game is the deal's; the rules class reaches the game through this module.
__all__ = ["MACHINE", "new_game"]


_DROP: Final = Kind(
    move=Drop,
    options=turn.drop_options,
    name=turn.name_drop,
    play=plays.drop,
    anyone=True,
)

MACHINE: Final = Machine[GoingOutState](
    game="Going Out Rummy",
    phases={
        Phase.DRAW: PhaseRules(
            kinds=(
                Kind.single(
                    Draw,
                    play=plays.draw,
                    checks=(turn.stock_empty,),
                ),
                Kind(
                    move=Take,
                    options=turn.top_only,
                    name=turn.name_take,
                    play=plays.take,
                    checks=(turn.pile_empty,),
                ),
                _DROP,
            ),
            refuse=draw_first("GOR-4"),
        ),
        Phase.PLAY: PhaseRules(
            kinds=(
                Kind(
                    move=GoOut,
                    options=turn.out_options,
                    name=turn.resolve_out,
                    play=plays.go_out,
                ),
                Kind(
                    move=Discard,
                    options=discard_options,
                    name=name_discard,
                    play=plays.discard,
                ),
                _DROP,
            ),
            refuse=drawn_already("GOR-4"),
        ),
    },
    anyone=(_DROP,),
    present=turn.at_table,
    foreign=turn.no_melding,
)
"""The one turn machine every Going Out Rummy game uses."""
