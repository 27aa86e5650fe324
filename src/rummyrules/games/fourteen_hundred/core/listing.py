"""1400's legal moves at a core value, in the turn machine's order (ALL-2).

The listing is the turn machine's own (F14-6 … F14-12), asked of the state
the value stands for: its rules about the cards a player must or may use
(F14-9) and the claims out of turn (F14-12) are written once, there. A
listing is kept while its value is at hand, so the actions listed, the move
one names and the move played read it once.

>>> from rummyrules import FourteenHundred
>>> from rummyrules.games.fourteen_hundred.core.value import encode
>>> game = FourteenHundred(players=2).new_game(seed=3)
>>> listed(encode(game), game.to_move) == game.legal_moves()
True
"""

from __future__ import annotations

from typing import Final

from rummyrules.game.moves import Move
from rummyrules.games.fourteen_hundred.core.value import CLAIM, TO_MOVE, Value, state_of

__all__ = ["listed"]

# The listings lately made, found again by the value's identity and the player.
_LISTED: list[tuple[Value, int, tuple[Move, ...]]] = []
_KEEP: Final = 8


def listed(core: Value, player: int) -> tuple[Move, ...]:
    """The moves ``player`` may make at ``core``: their turn's, or their claims (F14-12).

    >>> from rummyrules import FourteenHundred
    >>> from rummyrules.games.fourteen_hundred.core.value import encode
    >>> game = FourteenHundred(players=2).new_game(seed=3)
    >>> listed(encode(game), 1 - game.to_move)
    ()
    """
    if player != core[TO_MOVE] and core[CLAIM] is None:
        return ()  # out of turn, only the last discard is claimed (F14-12)
    for made_from, seat, moves in _LISTED:
        if made_from is core and seat == player:
            return moves
    state = state_of(core)
    machine = state.rules.machine
    if player == core[TO_MOVE]:
        moves = machine.legal_moves(state)
    else:
        moves = machine.moves_for(state, player)
    _LISTED.insert(0, (core, player, moves))
    del _LISTED[_KEEP:]
    return moves
