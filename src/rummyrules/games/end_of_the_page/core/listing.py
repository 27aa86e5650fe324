"""End of the Page's legal actions: one listing a phase, in the turn machine's order.

The draw lists ``draw``, then the takes of the discard pile (EOP-5, EOP-6);
the play lists the new melds, then the lay-offs, then the discards
(EOP-7 … EOP-12): the kinds in the order of the machine's table
(:data:`~rummyrules.games.end_of_the_page.machine.MACHINE`), each filtered
by the same rules, so that the actions' moves are its moves in its order.
Hands are bits (:mod:`.cards`); what fits the table's melds is kept in the
core value (:mod:`.fits`).

>>> from rummyrules import EndOfThePage
>>> from rummyrules.games.end_of_the_page.core.layout import encode
>>> from rummyrules.games.end_of_the_page.core.codes import move_of
>>> game = EndOfThePage().new_game(seed=1)
>>> [str(move_of(action)) for action in legal(encode(game), 1)]
['draw', 'take']
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from rummyrules.core.cards import Card, Rank
from rummyrules.game.state import Phase
from rummyrules.games.end_of_the_page.core.cards import MINE, Hand, cards_of
from rummyrules.games.end_of_the_page.core.codes import (
    DISCARD,
    DRAW,
    TAKE,
    meld_action,
    meld_of,
)
from rummyrules.games.end_of_the_page.core.fits import TableFits, fits_card, lay_offs
from rummyrules.games.end_of_the_page.core.layout import (
    HANDS,
    MELDS,
    PHASE,
    PILE,
    RULES,
    TABLE,
    TO_MOVE,
    TURN,
    WILD,
    WILD_RANK,
    Turn,
)
from rummyrules.games.end_of_the_page.core.melding import new_melds, supported
from rummyrules.games.end_of_the_page.core.playing import play
from rummyrules.melds import Meld, MeldKind, support
from rummyrules.melds.codes import meld_code
from rummyrules.melds.pickup import holds_three, pickup_layout

__all__ = ["legal"]

# The phases read once: an enum member read off its class costs as much
# as a small listing step.
_DRAW_PHASE: Final = Phase.DRAW
_PLAY: Final = Phase.PLAY

_DRAW_ONLY: Final = (DRAW,)
_SET: Final = MeldKind.SET
_DISCARDS: list[dict[int, tuple[int, ...]]] = [{} for _ in range(4)]
"""The discards of the cards of 16 library codes, by their bits (each quarter of a hand)."""
_PICKUPS: dict[tuple[Any, ...], int] = {}
"""EOP-6's answer for a new meld after a deep take, by what the hand held of its cards:
the meld's action as laid (EOP-R6), or 0 when the pickup refuses it."""
_LIMIT: Final = 1 << 12


def legal(core: tuple[Any, ...], player: int) -> tuple[int, ...]:
    """Every action ``player`` may take at ``core``, in the machine's order (ALL-2).

    End of the Page has no move out of turn: anyone but the player to move
    has none.
    """
    if player != core[TO_MOVE]:
        return ()
    phase = core[PHASE]
    if phase is _DRAW_PHASE:
        return _draw_actions(core, player)
    if phase is _PLAY:
        return _play_actions(core, player)
    return ()


def _can_lay_off(core: tuple[Any, ...], player: int, card: Card) -> bool:
    """Whether the player is down (EOP-9) and the card fits a meld on the table."""
    table: TableFits = core[TABLE]
    if not table[2] >> player & 1:
        return False
    return fits_card(table, core[MELDS], card)  # a card is its code


# --- The draw (EOP-5, EOP-6, EOP-R3) ---------------------------------------------


def _draw_actions(core: tuple[Any, ...], player: int) -> tuple[int, ...]:
    pile: tuple[Card, ...] = core[PILE]
    if not pile:
        return _DRAW_ONLY
    hand: Hand = core[HANDS][player]
    top = pile[0]
    # EOP-R3 with EOP-13: floating, a card that may be neither played nor
    # discarded again may not be taken.
    if hand[4] or core[RULES].discard_taken_card or _can_lay_off(core, player, top):
        found = [DRAW, TAKE]
    else:
        found = [DRAW]
    if len(pile) < 2:
        return tuple(found)
    # EOP-6: a card below the top needs two naturals of the hand that meld with it.
    wild = core[WILD_RANK]
    bits = supported(hand, wild)
    seen = 1 << top
    for card in pile:
        bit = 1 << card
        if seen & bit:
            continue
        seen |= bit
        mine = MINE[card]  # the core's code: its rank in the low four bits
        if mine & 15 == wild:  # EOP-R6: a wild stands for a card they meld with
            if not _wild_supported(core, hand, card):
                continue
        elif not bits >> mine & 1:
            continue
        found.append(TAKE | (card + 1) << 3)
    return tuple(found)


def _wild_supported(core: tuple[Any, ...], hand: Hand, card: Card) -> bool:
    wild = core[WILD]
    naturals = [other for other in cards_of(hand) if other.rank is not wild]
    return support.pair_for(card, naturals, core[RULES].meld_rules, wild) is not None


# --- The play (EOP-6 … EOP-12, EOP-R3) --------------------------------------------


def _play_actions(core: tuple[Any, ...], player: int) -> tuple[int, ...]:
    hand: Hand = core[HANDS][player]
    rules = core[RULES]
    turn: Turn | None = core[TURN]
    found = new_melds(hand, core[WILD], core[WILD_RANK], rules.meld_rules)
    strict = _strict(turn, rules)
    if turn is not None and turn[1] is not None:
        # EOP-6: the meld holds the card taken deep and two naturals held
        # before; nothing else is played until it is laid.
        found = _pickup_melds(core, found, turn)
        if strict:
            found = [action for action in found if not _strands(core, action, player)]
        return tuple(found)
    fits = 0
    table: TableFits = core[TABLE]
    if table[2] >> player & 1:  # EOP-9: lay-offs once down
        fits = lay_offs(table, core[MELDS], hand[3], found)
    if strict:
        found = [action for action in found if not _strands(core, action, player)]
    held = hand[3]
    if hand[4] == 1 and fits:
        held = 0  # EOP-12: a last card that fits a meld is played, not discarded
    if strict and turn is not None:
        held &= ~(1 << turn[0])  # EOP-R3: the card just taken is not discarded again
    tables = _DISCARDS
    for quarter in range(4):
        bits = held >> (16 * quarter) & 0xFFFF
        if bits:
            discards = tables[quarter].get(bits)
            if discards is None:
                discards = tables[quarter][bits] = _discards(quarter, bits)
            found += discards
    return tuple(found)


def _pickup_melds(core: tuple[Any, ...], found: list[int], turn: Turn) -> list[int]:
    """EOP-6: the new melds that hold the card taken deep and two naturals held before.

    A wild taken (EOP-R6) stands where it makes the set or run with the two:
    a run listed with it elsewhere is listed laid so (:func:`~rummyrules.melds.pickup.pickup_layout`).
    """
    taken, held = turn[1], turn[2]
    if taken is None:  # pragma: no cover - asked only after a deep take
        return found
    meld_rules, wild = core[RULES].meld_rules, core[WILD]
    taken_wild = MINE[taken] & 15 == core[WILD_RANK]  # the core's code: its rank low
    answers = _PICKUPS
    kept = []
    for action in found:
        meld, codes = meld_of(action)
        if taken not in codes:
            continue
        if meld.kind is _SET:
            if _set_holds(codes, taken, held, core[WILD_RANK]):
                kept.append(action)
            continue
        # The answer turns only on how many of each of the meld's cards were
        # held: that, not the whole hand, keys the memo.
        key = (action, taken, meld_rules, wild, tuple([held.count(c) for c in codes]))
        laid = answers.get(key)
        if laid is None:
            if taken_wild:
                laid = _wild_pickup(action, meld, taken, held, wild)
            elif support.holds_support(
                meld.cards, taken, held, meld_rules, wild, declared=meld.stands_for
            ):
                laid = action
            else:
                laid = 0
            if len(answers) >= _LIMIT:
                answers.clear()  # forgetting costs only a fresh check
            answers[key] = laid
        if laid:
            kept.append(laid)
    return kept


def _wild_pickup(
    action: int, meld: Meld, taken: Card, held: tuple[Card, ...], wild: Rank
) -> int:
    """EOP-R6: the action of a run as a deep pickup of a wild lays it; 0 if it may not.

    The wild stands beside two naturals held (:func:`~rummyrules.melds.pickup.pickup_layout`);
    every wild declared, the meld as laid is its one reading.
    """
    laid = pickup_layout(meld, taken, held, wild)
    if not holds_three(laid, taken, Counter(held), wild):
        return 0
    return action if laid is meld else meld_action(meld_code(laid))


def _set_holds(
    codes: tuple[int, ...], taken: Card, held: tuple[Card, ...], wild: int
) -> bool:
    """EOP-6 for a set: two naturals of it besides the card taken were held.

    A set has one reading (its naturals share a rank, so no run reads them),
    and any two of its naturals make the set with the card taken; held
    copies count once each.
    """
    others = list(codes)
    others.remove(taken)
    pairs = 0
    used: list[int] = []
    for code in others:
        mine = MINE[code]  # -1: no rank (a joker); the rank in the low four bits
        if mine < 0 or mine & 15 == wild:
            continue  # a wild is no natural
        if held.count(code) > used.count(code):
            used.append(code)
            pairs += 1
    return pairs >= 2


def _discards(quarter: int, bits: int) -> tuple[int, ...]:
    """The discards of the cards of one quarter of the library codes, by their bits."""
    base = 16 * quarter
    return tuple(
        [DISCARD | (base + place) << 3 for place in range(16) if bits >> place & 1]
    )


def _strict(turn: Turn | None, rules: Any) -> bool:
    """EOP-R3: the card just taken may not be discarded again (no copy was held)."""
    return turn is not None and not turn[3] and not rules.discard_taken_card


def _strands(core: tuple[Any, ...], action: int, player: int) -> bool:
    """EOP-R3 with ALL-2: the play would leave only the card taken, unplayable."""
    taken: Card = core[TURN][0]
    after = play(core, action, player)
    left: Hand = after[HANDS][player]
    if after[TO_MOVE] != player or not left[4] or left[3] != 1 << taken:
        return False
    return not _can_lay_off(after, player, taken)
