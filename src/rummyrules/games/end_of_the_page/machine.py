"""End of the Page, played: its turn machine, the table of what each phase takes.

A turn is two phases. In ``draw`` the player draws from the stock or takes
from the discard pile (EOP-5, EOP-6). In ``play`` the player melds, lays off
and finally discards (EOP-7 … EOP-12), or floats when the hand runs out
(EOP-13). The table below says which kinds of move each phase takes, and
for each kind how its moves are listed and named, which rules of a turn
forbid some (:mod:`rummyrules.games.end_of_the_page.turn`) and what it does
(:mod:`rummyrules.games.end_of_the_page.plays`). A game begins with
:func:`~rummyrules.games.end_of_the_page.deal.new_game`, which the rules
class calls through this module.

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=3)
>>> game.apply("draw").phase
<Phase.PLAY: 'play'>
"""

from __future__ import annotations

from typing import Final

from rummyrules.game.machine import Kind, Machine, PhaseRules
from rummyrules.game.moves import Discard, Draw, LayOff, NewMeld, Take
from rummyrules.game.rummy500 import take_options
from rummyrules.game.rummy500_melding import (
    lay_off_options,
    meld_options,
    name_lay_off,
    name_meld,
)
from rummyrules.game.state import Phase
from rummyrules.game.turns import (
    discard_options,
    draw_first,
    drawn_already,
    name_discard,
)
from rummyrules.games.end_of_the_page import plays, turn
from rummyrules.games.end_of_the_page.deal import new_game, with_page
from rummyrules.games.end_of_the_page.state import EndOfThePageState

# new_game and with_page are the deal's; the rules class reaches the game
# through this module.
__all__ = ["MACHINE", "new_game", "with_page"]


MACHINE: Final = Machine[EndOfThePageState](
    game="End of the Page",
    phases={
        Phase.DRAW: PhaseRules(
            kinds=(
                Kind.single(
                    Draw,
                    play=plays.draw,
                ),
                Kind(
                    move=Take,
                    options=take_options,
                    name=turn.name_take,
                    play=plays.take,
                    checks=(turn.floating_take, turn.deep_pickup),
                ),
            ),
            refuse=draw_first("EOP-5"),
        ),
        Phase.PLAY: PhaseRules(
            kinds=(
                Kind(
                    move=NewMeld,
                    options=meld_options,
                    name=name_meld,
                    play=plays.meld,
                    checks=(turn.pickup_meld, turn.no_stranding),
                ),
                Kind(
                    move=LayOff,
                    options=lay_off_options,
                    name=name_lay_off,
                    play=plays.lay_off,
                    gates=(turn.pickup_pending, turn.down),
                    checks=(turn.no_stranding,),
                ),
                Kind(
                    move=Discard,
                    options=discard_options,
                    name=name_discard,
                    play=plays.discard,
                    gates=(turn.pickup_pending,),
                    checks=(turn.taken_discard, turn.last_card),
                ),
            ),
            refuse=drawn_already("EOP-5"),
        ),
    },
)
"""The one turn machine every End of the Page game uses."""
