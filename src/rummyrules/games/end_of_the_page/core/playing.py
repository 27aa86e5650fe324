"""End of the Page's moves played on the core value, as :mod:`..plays` plays them on a state.

Each function takes a core value and gives the next one, a new tuple; the
old one stays valid. What a move does is the turn machine's, move for move
(EOP-5 … EOP-17): a state made by actions equals the state ``apply`` makes.
The end of a round, once a round, is played by the library's own scoring
and deal on a state built for it (EOP-16, EOP-17, EOP-R1), so the seed's
later shuffles are the library's.

>>> from rummyrules import EndOfThePage
>>> from rummyrules.games.end_of_the_page.core.codes import DRAW
>>> from rummyrules.games.end_of_the_page.core.layout import encode, HANDS
>>> game = EndOfThePage().new_game(seed=3)
>>> after = play(encode(game), DRAW, 1)
>>> after[HANDS] == game.apply("draw").hands
True
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

from rummyrules.core.cards import BY_CODE, Card
from rummyrules.core.hands import hand_after
from rummyrules.core.options import StockOut
from rummyrules.core.shuffle import shuffled
from rummyrules.game import rummy500
from rummyrules.game.state import Phase
from rummyrules.game.table import TableMeld
from rummyrules.games.end_of_the_page import plays
from rummyrules.games.end_of_the_page.core.codes import (
    DISCARD,
    DRAW,
    KINDS,
    LAY,
    TAKE,
    meld_of,
    move_of,
)
from rummyrules.games.end_of_the_page.core.layout import (
    DEALER,
    FACE_UP,
    FIELDS,
    HAD_TURN,
    HANDS,
    KNOWN,
    MELDS,
    OUT,
    PHASE,
    PILE,
    RESHUFFLES,
    RULES,
    SEED,
    SHEET,
    STOCK,
    TO_MOVE,
    TURN,
    TURNS,
    WILD,
)
from rummyrules.games.end_of_the_page.state import EndOfThePageState, EndOfThePageTurn
from rummyrules.melds import search as meld_search

__all__ = ["play"]

NO_TURN: Final = EndOfThePageTurn()
"""The turn before anything is done in it."""


def play(core: tuple[Any, ...], action: int, player: int) -> tuple[Any, ...]:
    """The core value after ``player`` takes ``action``, one listed for them.

    What is known of the hands (cards taken face up, ALL-3) is brought up
    to date as :meth:`~rummyrules.GameState.apply` does.
    """
    kind = action & KINDS
    new = list(core)
    hand: tuple[Card, ...] = core[HANDS][player]
    if kind == DRAW:
        _draw(new, player)
    elif kind == TAKE:
        _take(new, action >> 3, player)
    elif kind == DISCARD:
        _discard(new, BY_CODE[action >> 3], player)
    elif kind == LAY:
        _lay_off(new, action, player)
    else:
        _meld(new, action, player)
    return _with_known(core, new, action, player, hand)


# --- The draw (EOP-5, EOP-6, EOP-R4) ---------------------------------------------


def _draw(new: list[Any], player: int) -> None:
    stock: tuple[Card, ...] = new[STOCK]
    if not stock:
        how: StockOut = new[RULES].stock_out
        pile: tuple[Card, ...] = new[PILE]
        if how is StockOut.END_ROUND or len(pile) < 2:
            _end_round(new)  # EOP-R4: nothing left to draw
            return
        rest = pile[1:]
        reshuffles: int = new[RESHUFFLES] + 1
        if how is StockOut.RESHUFFLE:
            rounds = len(new[SHEET]) + 1
            stock = shuffled(
                rest, new[SEED], "round", rounds, "reshuffle", reshuffles
            )
        else:
            stock = tuple(reversed(rest))  # the pile turned over
        new[PILE] = pile[:1]
        new[RESHUFFLES] = reshuffles
    hands = list(new[HANDS])
    hands[player] = hand_after(hands[player], add=stock[:1])
    new[HANDS] = tuple(hands)
    new[STOCK] = stock[1:]
    _begin_play(new, NO_TURN, player)


def _take(new: list[Any], which: int, player: int) -> None:
    pile: tuple[Card, ...] = new[PILE]
    hand: tuple[Card, ...] = new[HANDS][player]
    if which == 0:
        taken = pile[0]
        into_hand: tuple[Card, ...] = (taken,)
        left = pile[1:]
        turn = EndOfThePageTurn(taken=taken, held_copy=taken in hand)
    else:
        taken = BY_CODE[which - 1]
        depth = pile.index(taken)
        if new[RULES].take_cards_above:  # EOP-R2
            into_hand, left = (*pile[:depth], taken), pile[depth + 1 :]
        else:
            into_hand, left = (taken,), (*pile[:depth], *pile[depth + 1 :])
        wild = new[WILD]
        support = tuple([card for card in hand if card.rank is not wild])
        turn = EndOfThePageTurn(
            taken=taken, must_meld=taken, support=support, held_copy=taken in hand
        )
    hands = list(new[HANDS])
    hands[player] = hand_after(hand, add=into_hand)
    new[HANDS] = tuple(hands)
    new[PILE] = tuple(left)
    _begin_play(new, turn, player)


def _begin_play(new: list[Any], turn: EndOfThePageTurn, player: int) -> None:
    had_turn = list(new[HAD_TURN])
    had_turn[player] = True
    new[HAD_TURN] = tuple(had_turn)
    new[PHASE] = Phase.PLAY
    new[TURN] = turn


# --- Plays (EOP-7 … EOP-13) ------------------------------------------------------


def _meld(new: list[Any], action: int, player: int) -> None:
    meld, codes = meld_of(action)
    hands = list(new[HANDS])
    hands[player] = hand_after(hands[player], take=[BY_CODE[code] for code in codes])
    new[HANDS] = tuple(hands)
    new[MELDS] = (*new[MELDS], TableMeld.laid(meld, owner=player))
    _face_up(new, hands)
    turn: EndOfThePageTurn = new[TURN]
    if turn.must_meld is not None:  # EOP-6 is met
        new[TURN] = EndOfThePageTurn(
            taken=turn.taken, support=turn.support, held_copy=turn.held_copy
        )
    _after_play(new, player)


def _lay_off(new: list[Any], action: int, player: int) -> None:
    move = move_of(action)
    card = BY_CODE[action >> 3 & 63]
    number = action >> 9 & 0xFFFF
    table = list(new[MELDS])
    old: TableMeld = table[number - 1]
    rules = new[RULES]
    options = meld_search.card_lay_offs(card, old.meld, rules.meld_rules, new[WILD])
    declared = getattr(move, "declared", None)
    after = next(option.meld for option in options if option.stands_for == declared)
    table[number - 1] = old.with_card(after, player=player)
    hands = list(new[HANDS])
    hands[player] = hand_after(hands[player], take=[card])
    new[HANDS] = tuple(hands)
    new[MELDS] = tuple(table)
    _face_up(new, hands)
    _after_play(new, player)


def _after_play(new: list[Any], player: int) -> None:
    if not new[HANDS][player]:
        _end_turn(new, player)  # EOP-13: floating


def _face_up(new: list[Any], hands: list[tuple[Card, ...]]) -> None:
    """EOP-3: the face-up wild card stays while its holder, the dealer, holds one."""
    face_up = new[FACE_UP]
    if face_up is not None and face_up not in hands[new[DEALER]]:
        new[FACE_UP] = None


# --- The discard and the end of a turn (EOP-10, EOP-11, EOP-14, ALL-5) -------------


def _discard(new: list[Any], card: Card, player: int) -> None:
    hands = list(new[HANDS])
    hands[player] = hand_after(hands[player], take=[card])
    new[HANDS] = tuple(hands)
    if not hands[player] and new[OUT] is None:
        new[OUT] = player  # EOP-11: discarding the last card goes out
    new[PILE] = (card, *new[PILE])
    _face_up(new, hands)
    _end_turn(new, player)


def _end_turn(new: list[Any], player: int) -> None:
    players = len(new[HANDS])
    turns = new[TURNS] + 1
    limit = new[RULES].max_turns
    following: int | None
    if new[OUT] is not None:
        # EOP-14: everyone who has not had a turn yet has one, in order.
        had_turn = new[HAD_TURN]
        following = None
        for step in range(1, players):
            seat = (player + step) % players
            if not had_turn[seat]:
                following = seat
                break
    elif limit is not None and turns >= limit:
        following = None  # ALL-5
    else:
        following = (player + 1) % players
    new[TURNS] = turns
    new[TURN] = NO_TURN
    if following is None:
        _end_round(new)
        return
    new[PHASE] = Phase.DRAW
    new[TO_MOVE] = following


def _end_round(new: list[Any]) -> None:
    """Score the round (EOP-16), then deal the next or end the game (EOP-17).

    Once a round: played by the library's scoring and deal on a state.
    """
    rules = new[RULES]
    state = EndOfThePageState(rules=rules, **dict(zip(FIELDS, new, strict=False)))
    state = rummy500.add_result(state, rummy500.counted(state, rule="EOP-16"))
    if len(state.score_sheet) >= rules.rounds:
        state = state.replace(phase=Phase.OVER, to_move=None, turn=NO_TURN)
    else:
        state = rummy500.next_round(state, plays.deal)
    new[:] = [*[getattr(state, name) for name in FIELDS], rules]


# --- What is known of the hands (ALL-3) ----------------------------------------


def _with_known(
    core: tuple[Any, ...],
    new: list[Any],
    action: int,
    player: int,
    hand: tuple[Card, ...],
) -> tuple[Any, ...]:
    """The new value, its known cards brought up to date (``events.known_after``)."""
    known: tuple[tuple[Card, ...], ...] = core[KNOWN]
    after_hand: tuple[Card, ...] = new[HANDS][player]
    is_take = action & KINDS == TAKE
    if not (is_take or (known and known[player] and len(after_hand) < len(hand))):
        return tuple(new)
    if len(new[SHEET]) > len(core[SHEET]):
        new[KNOWN] = ()  # the hands were counted: a new deal, or the game's end
        return tuple(new)
    held = known[player] if known else ()
    if is_take:
        gained = tuple((Counter(after_hand) - Counter(hand)).elements())
        now = tuple(sorted((*held, *gained)))
    else:
        kept = list(held)
        for card in (Counter(hand) - Counter(after_hand)).elements():
            if card in kept:
                kept.remove(card)
        if len(kept) == len(held):
            return tuple(new)
        now = tuple(kept)
    if now == held:
        return tuple(new)
    found = list(known or ((),) * len(new[HANDS]))
    found[player] = now
    new[KNOWN] = () if not any(found) else tuple(found)
    return tuple(new)
