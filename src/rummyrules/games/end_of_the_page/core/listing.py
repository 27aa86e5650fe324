"""End of the Page's legal actions: one listing a phase, in the turn machine's order.

The draw lists ``draw``, then the takes of the discard pile (EOP-5, EOP-6);
the play lists the new melds, then the lay-offs, then the discards
(EOP-7 … EOP-12): the kinds in the order of the machine's table
(:data:`~rummyrules.games.end_of_the_page.machine.MACHINE`), each filtered
by the same rules, so that the actions' moves are its moves in its order.
The meld search's pieces, the table's lay-offs and the EOP-6 support test
are the library's own integer memos; a piece's melds are kept here as
actions.

>>> from rummyrules import EndOfThePage
>>> from rummyrules.games.end_of_the_page.core.layout import encode
>>> from rummyrules.games.end_of_the_page.core.codes import move_of
>>> game = EndOfThePage().new_game(seed=1)
>>> [str(move_of(action)) for action in legal(encode(game), 1)]
['draw', 'take']
"""

from __future__ import annotations

import functools
from typing import Any

from rummyrules.core.cards import Card
from rummyrules.game.state import Phase
from rummyrules.game.table import TableMeld
from rummyrules.game.table_analysis import analysis_of
from rummyrules.games.end_of_the_page.core.codes import (
    DISCARD,
    DRAW,
    TAKE,
    lay_action,
    meld_action,
    meld_of,
)
from rummyrules.games.end_of_the_page.core.layout import (
    HANDS,
    MELDS,
    PHASE,
    PILE,
    RULES,
    TO_MOVE,
    TURN,
    WILD,
)
from rummyrules.games.end_of_the_page.core.playing import play
from rummyrules.games.end_of_the_page.state import EndOfThePageTurn
from rummyrules.melds import support
from rummyrules.melds.codes import (
    code_rank,
    code_rules,
    meld_code,
    rank_code,
    rules_code,
)
from rummyrules.melds.pieces import meld_pieces, piece_melds

__all__ = ["legal"]


def legal(core: tuple[Any, ...], player: int) -> tuple[int, ...]:
    """Every action ``player`` may take at ``core``, in the machine's order (ALL-2).

    End of the Page has no move out of turn: anyone but the player to move
    has none.
    """
    if player != core[TO_MOVE]:
        return ()
    phase = core[PHASE]
    if phase is Phase.DRAW:
        return _draw_actions(core, player)
    if phase is Phase.PLAY:
        return _play_actions(core, player)
    return ()


def _melded(melds: tuple[TableMeld, ...], player: int) -> bool:
    """EOP-9: whether the player has a meld of their own this round."""
    return any(meld.owner == player for meld in melds)


def _fits(core: tuple[Any, ...], card: Card) -> bool:
    """Whether the card fits some meld on the table (the table's memo)."""
    rules = core[RULES]
    return analysis_of(core[MELDS], rules.meld_rules, core[WILD]).fits_code(int(card))


def _can_lay_off(core: tuple[Any, ...], player: int, card: Card) -> bool:
    return _melded(core[MELDS], player) and _fits(core, card)


# --- The draw (EOP-5, EOP-6, EOP-R3) ---------------------------------------------


def _draw_actions(core: tuple[Any, ...], player: int) -> tuple[int, ...]:
    pile: tuple[Card, ...] = core[PILE]
    if not pile:
        return (DRAW,)
    hand: tuple[Card, ...] = core[HANDS][player]
    found = [DRAW]
    top = pile[0]
    # EOP-R3 with EOP-13: floating, a card that may be neither played nor
    # discarded again may not be taken.
    if (
        hand
        or core[RULES].discard_taken_card
        or _can_lay_off(core, player, top)
    ):
        found.append(TAKE)
    if len(pile) >= 2:
        # EOP-6: a card below the top needs two naturals of the hand that meld with it.
        rules = core[RULES]
        supported = support.naturals_meld_with(hand, rules.meld_rules, core[WILD])
        for card in dict.fromkeys(pile):
            if card != top and supported(card):
                found.append(TAKE | (int(card) + 1) << 3)
    return tuple(found)


# --- The play (EOP-6 … EOP-12, EOP-R3) --------------------------------------------


def _play_actions(core: tuple[Any, ...], player: int) -> tuple[int, ...]:
    hand: tuple[Card, ...] = core[HANDS][player]
    rules = core[RULES]
    wild = core[WILD]
    turn: EndOfThePageTurn = core[TURN]
    found = list(_new_melds(hand, rules.meld_rules, wild))
    taken = turn.must_meld
    if taken is not None:
        # EOP-6: the meld holds the card taken deep and two naturals held before;
        # nothing else is played until it is laid.
        meld_rules, held = rules.meld_rules, turn.support
        kept = []
        for action in found:
            meld, _ = meld_of(action)
            if support.holds_support(
                meld.cards, taken, held, meld_rules, wild, declared=meld.stands_for
            ):
                kept.append(action)
        found = kept
    elif _melded(core[MELDS], player):  # EOP-9: lay-offs once down
        codes = [*map(int, hand)]  # a card is its code
        held_bits = 0
        for code in codes:
            held_bits |= 1 << code
        table = analysis_of(core[MELDS], rules.meld_rules, wild)
        found += map(lay_action, table.lay_offs.options(codes, held_bits))
    strict = (
        turn.taken is not None and not turn.held_copy and not rules.discard_taken_card
    )
    if strict:
        found = [action for action in found if not _strands(core, action, player)]
    if taken is not None:
        return tuple(found)
    last = hand[0] if len(hand) == 1 and _can_lay_off(core, player, hand[0]) else None
    for card in dict.fromkeys(hand):
        if card is last:
            continue  # EOP-12: a last card that fits a meld is played
        if strict and card == turn.taken:
            continue  # EOP-R3: the card just taken is not discarded again
        found.append(DISCARD | int(card) << 3)
    return tuple(found)


def _strands(core: tuple[Any, ...], action: int, player: int) -> bool:
    """EOP-R3 with ALL-2: the play would leave only the card taken, unplayable."""
    taken = core[TURN].taken
    after = play(core, action, player)
    left: tuple[Card, ...] = after[HANDS][player]
    if after[TO_MOVE] != player or not left or any(card != taken for card in left):
        return False
    return not _can_lay_off(after, player, taken)


# --- New melds (EOP-7, EOP-8) ---------------------------------------------------


def _new_melds(hand: tuple[Card, ...], meld_rules: Any, wild: Any) -> list[int]:
    """Every new meld of the hand as actions, in the meld search's order."""
    codes = rank_code(wild), rules_code(meld_rules)
    found: list[int] = []
    for piece in meld_pieces(hand, meld_rules, wild=wild):
        kind, place, natural, wild_key, _, _ = piece
        found += _piece_actions((kind, place, natural, wild_key, *codes))
    return found


@functools.lru_cache(maxsize=1 << 14)
def _piece_actions(key: tuple[Any, ...]) -> tuple[int, ...]:
    # A piece (a rank's sets, a suit's runs) comes round again turn after
    # turn: its melds are found once, kept as actions (integers, which the
    # collector need not walk); melds the other way round are one (as listed).
    kind, place, natural, wild_key, wild, rules = key
    piece = (kind, place, natural, wild_key, code_rank(wild), code_rules(rules))
    found = dict.fromkeys(meld.wilds_in_order() for meld in piece_melds(piece))
    return tuple([meld_action(meld_code(meld)) for meld in found])
