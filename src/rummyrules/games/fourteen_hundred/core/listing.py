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
from rummyrules.game.moves import LayOff
from rummyrules.game.table import TableMeld
from rummyrules.game.table_analysis import analysis_of
from rummyrules.games.fourteen_hundred import using
from rummyrules.games.fourteen_hundred.core.codes import (
    DISCARD,
    DONE,
    DRAW,
    PASS,
    TAKE,
    claim_action,
    lay_action,
    meld_holds,
    move_of,
)
from rummyrules.games.fourteen_hundred.core.melding import new_melds
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
    state_of,
)
from rummyrules.games.fourteen_hundred.state import FourteenHundredPhase
from rummyrules.melds import search as meld_search
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
    meld_rules, wild = core[RULES].meld_rules, core[WILD]
    found = []
    for number, table_meld in enumerate(melds, start=1):
        for option in meld_search.card_lay_offs(
            card, table_meld.meld, meld_rules, wild
        ):
            lay = LayOff(card=card, declared=option.stands_for, meld=number)
            found.append(claim_action(lay, player))
    return found


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
    lay_offs = _lay_offs(core, hand, table) if lays else []
    if must_use is None:
        found += melds
        found += lay_offs
    else:  # F14-9: the card taken stays usable
        found += _keeping_usable(core, must_use, melds, lay_offs)
    if last:
        found.append(DONE)
    elif must_use is None:  # F14-9: no discard while the card waits
        found += _discards(hand)
    return tuple(found)


def _keeping_usable(
    core: Value, card: Card, melds: list[int], lay_offs: list[int]
) -> list[int]:
    """F14-9: the plays after which the card taken could still be used this turn.

    A play that uses the card keeps it so, and so does one that leaves a
    meld the card fits as it lies (each play changes one meld at most); the
    rest are asked of :func:`~rummyrules.games.fourteen_hundred.using.uses_card`.
    """
    table: tuple[TableMeld, ...] = core[MELDS]
    fits_on = 0  # the numbers of the melds the card fits, as bits
    if table:
        rules = core[RULES]
        meld_rules, wild = rules.meld_rules, core[WILD]
        if analysis_of(table, meld_rules, wild).fits_code(int(card)):
            for number, table_meld in enumerate(table, start=1):
                if meld_search.card_lay_offs(card, table_meld.meld, meld_rules, wild):
                    fits_on |= 1 << number
    test = None
    kept: list[int] = []
    for action in melds:
        if fits_on or meld_holds(action, card):
            kept.append(action)
            continue
        if test is None:
            test = using.uses_card(state_of(core))
        if test is None or test(move_of(action)) is None:  # type: ignore[arg-type]
            kept.append(action)
    for action in lay_offs:
        if fits_on & ~(1 << (action >> 9 & 0xFFFF)) or action >> 3 & 63 == card:
            kept.append(action)
            continue
        if test is None:
            test = using.uses_card(state_of(core))
        if test is None or test(move_of(action)) is None:  # type: ignore[arg-type]
            kept.append(action)
    return kept


def _can_draw(core: Value, how: StockOut) -> bool:
    """Whether a draw finds a card: the stock, or one rebuilt (F14-R10, EOP-R4)."""
    return bool(core[STOCK]) or (how is not StockOut.END_ROUND and len(core[PILE]) >= 2)


def _lay_offs(
    core: Value, hand: tuple[Card, ...], table: tuple[TableMeld, ...]
) -> list[int]:
    """Each lay-off of a card of the hand, meld by meld, in the hand's order (MELD-6)."""
    codes = [*map(int, hand)]  # a card is its code
    held = 0
    for code in codes:
        held |= 1 << code
    lay_offs = analysis_of(table, core[RULES].meld_rules, core[WILD]).lay_offs
    return [lay_action(move) for move in lay_offs.options(codes, held)]


_DISCARDS: dict[tuple[Card, ...], tuple[int, ...]] = {}
_DISCARD_LIMIT: Final = 1 << 14


def _discards(hand: tuple[Card, ...]) -> tuple[int, ...]:
    """F14-10: a discard of each distinct card, in the hand's order."""
    found = _DISCARDS.get(hand)
    if found is None:
        found = tuple([DISCARD | card << 3 for card in dict.fromkeys(hand)])
        if len(_DISCARDS) >= _DISCARD_LIMIT:
            _DISCARDS.clear()
        _DISCARDS[hand] = found
    return found
