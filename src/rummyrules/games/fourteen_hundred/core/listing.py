"""1400's legal actions: one listing a phase, in the turn machine's order (ALL-2).

Each phase lists its kinds in the order of the machine's table
(:data:`~rummyrules.games.fourteen_hundred.rules.MACHINE`), each under the
same rules, so that the actions' moves are its moves in its order:

- ``opening``: the take of the first upcard, if it melds, then ``pass``
  (F14-6, F14-R5);
- ``draw``: the claims of the last discard, ``draw``, the takes of the
  discard pile the player could use this turn (F14-8, F14-9, F14-12);
- ``play``: the new melds, the lay-offs, the discards (F14-9, F14-10);
- ``last``: one last draw, the new melds, the lay-offs, ``done`` (F14-13).

New melds come from the hand's pieces (:mod:`.melding`), lay-offs and
claims from the library's memo of the table at hand
(:mod:`rummyrules.game.table_analysis`). F14-9's reach (a discard taken
must stay usable) is :mod:`~rummyrules.games.fourteen_hundred.using`'s, asked
only while a card taken waits to be used and of the takes below the top.

>>> from rummyrules import FourteenHundred
>>> from rummyrules.games.fourteen_hundred.core.codes import move_of
>>> from rummyrules.games.fourteen_hundred.core.value import encode
>>> game = FourteenHundred(players=2).new_game(seed=3)
>>> [str(move_of(a)) for a in listed(encode(game), game.to_move)] == [
...     str(move) for move in game.legal_moves()
... ]
True
"""

from __future__ import annotations

from typing import Final

from rummyrules.core.cards import Card
from rummyrules.core.options import StockOut
from rummyrules.game.table import TableMeld
from rummyrules.games.fourteen_hundred.core.codes import CLAIM as CLAIM_KIND
from rummyrules.games.fourteen_hundred.core.codes import (
    DISCARD,
    DONE,
    DRAW,
    LAY,
    PASS,
    TAKE,
    meld_holds,
)
from rummyrules.games.fourteen_hundred.core.duty import keeping_usable
from rummyrules.games.fourteen_hundred.core.laying import lay_offs as lay_offs_of
from rummyrules.games.fourteen_hundred.core.melding import new_melds
from rummyrules.games.fourteen_hundred.core.memos import memo
from rummyrules.games.fourteen_hundred.core.taking import takes
from rummyrules.games.fourteen_hundred.core.value import (
    CLAIM,
    DISCARDER,
    HANDS,
    MELDS,
    PHASE,
    PILE,
    RULES,
    STOCK,
    TO_MOVE,
    TURN,
    WILD,
    Value,
)
from rummyrules.games.fourteen_hundred.state import FourteenHundredPhase
from rummyrules.melds import support

__all__ = ["listed"]

Phase = FourteenHundredPhase

_TAKE_ONLY: Final = (TAKE,)
_PASS_ONLY: Final = (PASS,)
_TAKE_PASS: Final = (TAKE, PASS)


def listed(core: Value, player: int) -> tuple[int, ...]:
    """The actions ``player`` may take at ``core``: their turn's, or their claims (F14-12).

    >>> from rummyrules import FourteenHundred
    >>> from rummyrules.games.fourteen_hundred.core.value import encode
    >>> game = FourteenHundred(players=2).new_game(seed=3)
    >>> listed(encode(game), 1 - game.to_move)
    ()
    """
    to_move = core[TO_MOVE]
    if to_move is None:
        return ()
    if player != to_move:
        return tuple(_claims(core, player))
    phase = core[PHASE]
    if phase is Phase.PLAY:
        return _play(core, player, last=False)
    if phase is Phase.DRAW:
        return _draw(core, player)
    if phase is Phase.LAST:
        return _play(core, player, last=True)
    return _opening(core, player)


def _melded(melds: tuple[TableMeld, ...], player: int) -> bool:
    """F14-12, F14-R7: whether the player has a meld of their own this round."""
    return any(meld.owner == player for meld in melds)


# --- The opening (F14-6, F14-R5) -------------------------------------------------


def _opening(core: Value, player: int) -> tuple[int, ...]:
    """F14-6: take the upcard to meld it at once; pass only if it melds with nothing."""
    rules = core[RULES]
    hand = core[HANDS][player]
    if not support.melds_with(core[PILE][0], hand, rules.meld_rules, core[WILD]):
        return _PASS_ONLY
    return _TAKE_PASS if rules.pass_freely else _TAKE_ONLY


# --- The draw (F14-8, F14-9, F14-12) ---------------------------------------------


def _claims(core: Value, player: int) -> list[int]:
    """F14-12, F14-R9: lay-offs of the last discard by a player who is down."""
    card = core[CLAIM]
    if card is None or player == core[DISCARDER]:
        return []
    melds = core[MELDS]
    if not _melded(melds, player):
        return []
    claimed = (player << 32 | CLAIM_KIND) ^ LAY  # a lay-off's bits, as a claim
    laid = lay_offs_of((card,), melds, core[WILD], core[RULES].meld_rules)
    return [action ^ claimed for action in laid]


def _draw(core: Value, player: int) -> tuple[int, ...]:
    """The claims, the draw, then each take the player could use this turn (F14-9)."""
    found = _claims(core, player)
    found.append(DRAW)
    if core[PILE]:
        found += takes(core, player)
    return tuple(found)


# --- The plays (F14-6, F14-9, F14-10, F14-13, F14-R7) ----------------------------


def _play(core: Value, player: int, *, last: bool) -> tuple[int, ...]:
    """New melds, lay-offs, then the discards (or, last, a draw first and ``done``)."""
    rules = core[RULES]
    hand: tuple[Card, ...] = core[HANDS][player]
    turn = core[TURN]
    found: list[int] = []
    if last and not turn.drew and _can_draw(core, rules.stock_out):
        found.append(DRAW)  # F14-13 with F14-R10: one last draw
    melds = new_melds(hand, core[WILD], rules.meld_rules)
    must_meld: Card | None = turn.must_meld
    if must_meld is not None:  # F14-6: the upcard goes into the next meld
        found += [a for a in melds if meld_holds(a, must_meld)]
        return tuple(found)
    must_use: Card | None = turn.must_use
    table: tuple[TableMeld, ...] = core[MELDS]
    lays = bool(table) and (not rules.lay_off_needs_meld or _melded(table, player))
    lay_offs = lay_offs_of(hand, table, core[WILD], rules.meld_rules) if lays else []
    if must_use is None:
        found += melds
        found += lay_offs
    else:  # F14-9: the card taken stays usable
        found += keeping_usable(core, must_use, melds, lay_offs)
    if last:
        found.append(DONE)
    elif must_use is None:  # F14-9: no discard while the card waits
        found += _discards(hand)
    return tuple(found)


def _can_draw(core: Value, how: StockOut) -> bool:
    """Whether a draw finds a card: the stock, or one rebuilt (F14-R10, EOP-R4)."""
    return bool(core[STOCK]) or (how is not StockOut.END_ROUND and len(core[PILE]) >= 2)


_DISCARD_LIMIT: Final = 1 << 14


def _discards(hand: tuple[Card, ...]) -> tuple[int, ...]:
    """F14-10: a discard of each distinct card, in the hand's order."""
    discards: dict[tuple[Card, ...], tuple[int, ...]] = memo("discards")
    found = discards.get(hand)
    if found is None:
        found = tuple([DISCARD | card << 3 for card in dict.fromkeys(hand)])
        if len(discards) >= _DISCARD_LIMIT:
            discards.clear()
        discards[hand] = found
    return found
