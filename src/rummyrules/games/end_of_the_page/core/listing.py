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

from typing import Any, Final

from rummyrules.core.cards import Card
from rummyrules.game.rummy500_actions import meld_holds
from rummyrules.game.state import Phase
from rummyrules.games.end_of_the_page.core.cards import MINE, Hand
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
from rummyrules.games.end_of_the_page.core.melding import (
    new_melds,
    supported,
    wild_supported,
)
from rummyrules.games.end_of_the_page.core.playing import play
from rummyrules.melds import MeldKind
from rummyrules.melds.codes import MeldCode

__all__ = ["legal"]

# The phases read once: an enum member read off its class costs as much
# as a small listing step.
_DRAW_PHASE: Final = Phase.DRAW
_PLAY: Final = Phase.PLAY

_DRAW_ONLY: Final = (DRAW,)
_SET: Final = list(MeldKind).index(MeldKind.SET)  # a set's kind in its code
_DISCARDS: list[dict[int, tuple[int, ...]]] = [{} for _ in range(4)]
"""The discards of the cards of 16 library codes, by their bits (each quarter of a hand)."""


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
    return fits_card(table, card)  # a card is its code


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
            if not wild_supported(hand, wild):
                continue
        elif not bits >> mine & 1:
            continue
        found.append(TAKE | (card + 1) << 3)
    return tuple(found)


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
        fits = lay_offs(table, hand[3], found)
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
    a run listed with it elsewhere is listed laid so (:func:`_wild_moved`).
    """
    taken, held = turn[1], turn[2]
    if taken is None:  # pragma: no cover - called only while a card waits to be melded
        return found
    wild = core[WILD_RANK]
    taken_wild = MINE[taken] & 15 == wild  # the core's code: its rank low
    kept = []
    for action in found:
        if not meld_holds(action, taken):
            continue
        code = meld_of(action)
        if code[0] == _SET:
            size = len(code) >> 1
            if _set_holds(code[1 : size + 1], taken, held, wild):
                kept.append(action)
        elif _run_holds(code, taken, held):
            kept.append(action)
        elif taken_wild:
            moved = _wild_moved(code, taken, held)
            if moved:
                kept.append(moved)
    return kept


def _wild_moved(code: MeldCode, taken: Card, held: tuple[Card, ...]) -> int:
    """EOP-R6: the run's action with the wild taken beside two naturals held; 0 if nowhere.

    The run is listed with its wilds in card order; the wild taken moves to
    the first place, in table order, where it makes the run with two
    naturals held, and the other wilds keep card order in the places left,
    as :func:`~rummyrules.melds.pickup.pickup_layout` lays it.
    """
    size = len(code) >> 1
    places = [place for place in range(1, size + 1) if code[place + size] >= 0]
    others = [code[place] for place in places]
    others.remove(taken)
    for at in places:
        cards = list(code)
        rest = iter(others)
        for place in places:
            cards[place] = taken if place == at else next(rest)
        moved = tuple(cards)
        if _run_holds(moved, taken, held):
            return meld_action(moved)
    return 0


def _run_holds(code: MeldCode, taken: Card, held: tuple[Card, ...]) -> bool:
    """EOP-6 for a run: two naturals held before lie beside the card taken, no wild between.

    A listed run is read one way, its wilds declared (a natural stands for
    itself): the two on one side of the card, or one on each side.
    """
    size = len(code) >> 1
    for place in range(1, size + 1):
        if code[place] != taken:
            continue
        for first, second in ((place - 2, place - 1), (place - 1, place + 1)):
            if first >= 1 and second <= size and _held_pair(code, first, second, held):
                return True
        if place + 2 <= size and _held_pair(code, place + 1, place + 2, held):
            return True
    return False


def _held_pair(code: MeldCode, first: int, second: int, held: tuple[Card, ...]) -> bool:
    """Whether the run's cards at two places are naturals both held (copies count apart)."""
    size = len(code) >> 1
    if code[first + size] >= 0 or code[second + size] >= 0:
        return False  # a wild: it stands for another card
    one, other = code[first], code[second]
    if one == other:
        return held.count(one) >= 2
    return one in held and other in held


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
