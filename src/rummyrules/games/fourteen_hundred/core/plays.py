"""What each move of 1400 does to a core value, without making a state.

Most moves of a round change a few places of the value: a draw or a take
moves cards into a hand (F14-8), a meld or a lay-off moves them to the
table (F14-10), a discard ends a turn and may open a claim (F14-12), a
claim lays the discard off out of turn (F14-R9). Each is written here on
the tuple, as :mod:`~rummyrules.games.fourteen_hundred.machine` writes it on
the state, so both make the same fields.

A move that counts a round (the last pass, F14-7; going out, F14-13; the
turn limit, ALL-5; ``done``; an empty stock, F14-R10) deals the next one
with the library's own shuffle or ends the game (F14-15): it is rare, and
the turn machine plays it on the state, so the shuffles, the score sheet
and the round's result are the machine's own.

>>> from rummyrules import FourteenHundred
>>> from rummyrules.game.moves import Pass
>>> from rummyrules.games.fourteen_hundred.core.value import PASSES, encode
>>> game = FourteenHundred(players=3, pass_freely=True).new_game(seed=2)
>>> played(encode(game), Pass(), game.to_move)[PASSES]
1
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from rummyrules.core.cards import Card
from rummyrules.core.hands import hand_after
from rummyrules.game.events import known_after
from rummyrules.game.moves import Discard, Draw, LayOff, Move, NewMeld, Pass, Take
from rummyrules.game.table import TableMeld
from rummyrules.games.fourteen_hundred.core.laying import after as after_laying
from rummyrules.games.fourteen_hundred.core.laying import fits as fits_table
from rummyrules.games.fourteen_hundred.core.value import (
    CLAIM,
    DEALER,
    DISCARDER,
    FACE_UP,
    HANDS,
    KNOWN,
    MELDS,
    PASSES,
    PHASE,
    PILE,
    RULES,
    STOCK,
    TO_MOVE,
    TURN,
    TURNS,
    WILD,
    Value,
    encode,
    state_of,
)
from rummyrules.games.fourteen_hundred.state import (
    Claim,
    FourteenHundredPhase,
    FourteenHundredTurn,
)
from rummyrules.melds import Meld, readings

__all__ = ["played"]

Phase = FourteenHundredPhase
Turn = FourteenHundredTurn

_DREW: Final = Turn(drew=True)
_FRESH: Final = Turn()


def played(core: Value, move: Move, player: int, meld: Meld | None = None) -> Value:
    """The core value after ``player`` makes ``move``, a move listed for them.

    ``meld`` is a new meld's meld, where the caller knows it.

    >>> from rummyrules import FourteenHundred
    >>> from rummyrules.games.fourteen_hundred.core.value import encode, fields
    >>> game = FourteenHundred(players=2, pass_freely=True).new_game(seed=2)
    >>> fields(played(encode(game), Pass(), game.to_move)) == fields(
    ...     encode(game.apply("pass"))
    ... )
    True
    """
    value: list[Any] | None = None
    # By class exactly (a claim is a lay-off from the pile, F14-R9), the
    # commonest first; the last card played or the last pass counts the round.
    if type(move) is Discard:
        value = _discarded(core, move, player)
    elif type(move) is Draw:
        if core[STOCK]:  # an empty stock is rebuilt or ends the round (F14-R10)
            value = _drawn(core, player)
    elif type(move) is NewMeld:
        if len(core[HANDS][player]) > len(move.cards):  # F14-13
            value = _melded(core, move, player, meld)
    elif type(move) is LayOff:
        if len(core[HANDS][player]) > 1:  # F14-13
            value = _laid_off(core, move, player)
    elif type(move) is Take:
        value = _taken(core, move, player)
    elif type(move) is Claim:
        value = _claimed(core, move, player)
    elif type(move) is Pass and core[PASSES] + 1 < len(core[HANDS]):  # F14-7
        value = _passed(core)
    if value is None:
        return _by_machine(core, move, player)
    return tuple(value)


def _by_machine(core: Value, move: Move, player: int) -> Value:
    """A move that may count the round, played by the turn machine on the state."""
    state = state_of(core)
    after = state.rules.machine.play(state, move)
    # As GameState.apply keeps them: only a take, or a card played by a
    # player known to hold some, changes what is known.
    known = state.known
    if type(move) is Take or (
        known and known[player] and len(after.hands[player]) < len(state.hands[player])
    ):
        known = known_after(state, move, player, after)
        if known is not after.known:
            value = encode(after)
            return (*value[:KNOWN], known, *value[KNOWN + 1 :])
    return encode(after)


def _with_hand(core: Value, player: int, hand: tuple[Card, ...]) -> tuple[Any, ...]:
    hands = list(core[HANDS])
    hands[player] = hand
    return tuple(hands)


def _closed(value: list[Any]) -> None:
    """Any move but a claim closes the claim of the last discard (F14-R9)."""
    value[CLAIM] = None
    value[DISCARDER] = None


def _passed(core: Value) -> list[Any]:
    """F14-6: the upcard passes to the next player."""
    value = list(core)
    value[PASSES] = core[PASSES] + 1
    value[TO_MOVE] = (core[TO_MOVE] + 1) % len(core[HANDS])
    return value


def _drawn(core: Value, player: int) -> list[Any]:
    """F14-8, F14-13: the stock's top card joins the hand."""
    value = list(core)
    _closed(value)
    stock = core[STOCK]
    value[HANDS] = _with_hand(
        core, player, hand_after(core[HANDS][player], add=stock[:1])
    )
    value[STOCK] = stock[1:]
    value[PHASE] = Phase.LAST if core[PHASE] is Phase.LAST else Phase.PLAY
    value[TURN] = _DREW
    return value


def _taken(core: Value, move: Take, player: int) -> list[Any]:
    """F14-8, F14-9, F14-6: a discard with every card above it, to play this turn."""
    value = list(core)
    _closed(value)
    pile = core[PILE]
    depth = 0 if move.card is None else pile.index(move.card)
    chosen = pile[depth]
    before = core[HANDS][player]
    hand = hand_after(before, add=pile[: depth + 1])
    value[HANDS] = _with_hand(core, player, hand)
    value[PILE] = pile[depth + 1 :]
    opening = core[PHASE] is Phase.OPENING
    value[TURN] = Turn(
        taken=chosen, must_meld=chosen if opening else None, must_use=chosen
    )
    value[PHASE] = Phase.PLAY
    value[KNOWN] = _known_taking(
        core[KNOWN], player, len(core[HANDS]), pile[: depth + 1]
    )
    return value


def _known_taking(
    known: tuple[tuple[Card, ...], ...],
    player: int,
    players: int,
    taken: Sequence[Card],
) -> tuple[tuple[Card, ...], ...]:
    """The cards taken face up are known to be in the taker's hand (events.known_after)."""
    held = known[player] if known else ()
    new = tuple(sorted((*held, *taken)))
    if new == held:
        return known
    found = list(known or ((),) * players)
    found[player] = new
    return tuple(found)


def _known_playing(
    known: tuple[tuple[Card, ...], ...], player: int, gone: Sequence[Card]
) -> tuple[tuple[Card, ...], ...]:
    """Each known card that left the hand is known no more (events.known_after)."""
    if not known or not known[player]:
        return known
    held = known[player]
    kept = list(held)
    for card in gone:
        if card in kept:
            kept.remove(card)
    if len(kept) == len(held):
        return known
    found = list(known)
    found[player] = tuple(kept)
    return () if not any(found) else tuple(found)


def _face_up(core: Value, hands: tuple[tuple[Card, ...], ...]) -> Card | None:
    """F14-4: the wild-rank card stays face up while its holder holds one."""
    face_up = core[FACE_UP]
    if face_up is None:
        return None
    rules = core[RULES]
    holder = (core[DEALER] + 1) % len(hands) if rules.wild_card_dealt else None
    if holder is None or face_up not in hands[holder]:
        return None
    return face_up  # type: ignore[no-any-return]  # a Card in the value


def _melded(core: Value, move: NewMeld, player: int, meld: Meld | None) -> list[Any]:
    """F14-10: a new meld, the hand not emptied; it may meet F14-6 and F14-9."""
    meld_rules, wild = core[RULES].meld_rules, core[WILD]
    if meld is None:  # not known from the listing: read it, as play_meld does
        (meld,) = readings(move.cards, meld_rules, wild=wild, declared=move.declared)
    table = (*core[MELDS], TableMeld.laid(meld, owner=player))
    return _played(core, player, move.cards, table)


def _laid_off(core: Value, move: LayOff, player: int) -> list[Any]:
    """F14-10: a lay-off, the hand not emptied; it may meet F14-9."""
    table = _with_card(core, move, player)
    return _played(core, player, (move.card,), table)


def _with_card(core: Value, move: LayOff, player: int) -> tuple[TableMeld, ...]:
    """The table with the move's card on its meld, credited to ``player`` (MELD-6).

    The meld is the reading in which the card means what it declares, as
    ``rummy500_melding.meld_after`` reads it.
    """
    meld_rules, wild = core[RULES].meld_rules, core[WILD]
    table = list(core[MELDS])
    old = table[move.meld - 1]
    after = after_laying(old.meld, move.card, move.declared, wild, meld_rules)
    table[move.meld - 1] = old.with_card(after, player=player)
    return tuple(table)


def _played(
    core: Value, player: int, cards: tuple[Card, ...], table: tuple[TableMeld, ...]
) -> list[Any]:
    """The cards leave the hand for the table; the card taken may be used (F14-9)."""
    value = list(core)
    hands = _with_hand(core, player, hand_after(core[HANDS][player], take=cards))
    value[HANDS] = hands
    value[MELDS] = table
    value[FACE_UP] = _face_up(core, hands)
    turn = core[TURN]
    if turn.must_use is not None and turn.must_use in cards:
        # Used: neither duty is left (F14-6, F14-9), the rest of the turn stays.
        value[TURN] = Turn(taken=turn.taken, drew=turn.drew)
    value[KNOWN] = _known_playing(core[KNOWN], player, cards)
    return value


def _discarded(core: Value, move: Discard, player: int) -> list[Any] | None:
    """F14-10, F14-12: a discard ends the turn; one that fits a meld may be claimed.

    None when it counts the round: the last card (F14-13) or the turn limit
    (ALL-5).
    """
    rules = core[RULES]
    turns = core[TURNS] + 1
    hand = core[HANDS][player]
    limit = rules.max_turns
    if len(hand) == 1 or (limit is not None and turns >= limit):
        return None
    card = move.card
    value = list(core)
    hands = _with_hand(core, player, hand_after(hand, take=[card]))
    value[HANDS] = hands
    value[PILE] = (card, *core[PILE])
    value[FACE_UP] = _face_up(core, hands)
    fits = fits_table(card, core[MELDS], core[WILD], rules.meld_rules)
    value[CLAIM] = card if fits else None
    value[DISCARDER] = player if fits else None
    value[TURNS] = turns
    value[PHASE] = Phase.DRAW
    value[TO_MOVE] = (player + 1) % len(hands)
    value[TURN] = _FRESH
    value[KNOWN] = _known_playing(core[KNOWN], player, (card,))
    return value


def _claimed(core: Value, move: Claim, player: int) -> list[Any]:
    """F14-12, F14-R9: the claimant lays the last discard off; the turn order stays."""
    value = list(core)
    value[PILE] = core[PILE][1:]
    _closed(value)
    value[MELDS] = _with_card(core, move, player)
    return value
