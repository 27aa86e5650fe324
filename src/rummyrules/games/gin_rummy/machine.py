"""Gin Rummy, played: the rules of a turn and of the knock, what each move does.

Decision points follow OpenSpiel's ``gin_rummy``, so that the two engines can
be compared step by step: take or pass the first upcard; draw or take; discard
or ``knock``; after a knock, the knocker's discard, one meld at a time, ``done``;
the opponent's lay-offs, ``done``, their own melds, ``done``. Each rule is one
function that says why a move is refused (:mod:`rummyrules.game.machine`):
GIN-3 … GIN-9; the game's core lists the moves
(:mod:`rummyrules.games.gin_rummy.core`).

>>> from rummyrules import GinRummy
>>> GinRummy().new_game(seed=3).apply("take 2C")
Traceback (most recent call last):
...
rummyrules.IllegalMoveError: only the upcard, QH, may be taken (GIN-4)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

import attrs

from rummyrules import melds
from rummyrules.core.cards import Card
from rummyrules.core.hands import hand_after
from rummyrules.core.shuffle import shuffled
from rummyrules.game import turn_rules as turn
from rummyrules.game.machine import (
    Kind,
    Machine,
    PhaseRules,
    Refusal,
    Test,
    refuse,
    refuses_all,
)
from rummyrules.game.moves import Discard, Done, Draw, LayOff, NewMeld, Pass, Take
from rummyrules.game.results import RoundResult
from rummyrules.game.table import TableMeld, played_by_each
from rummyrules.games.gin_rummy.deadwood import (
    card_points,
    knock_discards,
    min_deadwood,
)
from rummyrules.games.gin_rummy.state import (
    GAME_BONUS,
    UPCARD_LIMIT,
    WALL,
    Knock,
    hand_score,
)
from rummyrules.games.gin_rummy.state import GinRummyPhase as Phase
from rummyrules.games.gin_rummy.state import GinRummyState as State
from rummyrules.melds import search as meld_search

__all__ = ["MACHINE", "knocker_unfinished"]


def _take_readings(state: State, move: Take, player: int) -> list[Take]:
    """The take a move names: only the upcard may be taken (GIN-4)."""
    del player
    pile = state.discard_pile
    if move.card is None or (pile and move.card == pile[0]):
        return [Take()]
    raise refuse(f"only the upcard, {pile[0]}, may be taken", "GIN-4")


def _both_passed(state: State) -> Test[Take] | None:
    """GIN-3: once both players passed the first upcard, player 0 draws from the stock."""
    # Alone on the pile until the first discard (turns count over all hands, ALL-5).
    if state.passes < 2 or len(state.discard_pile) > 1:
        return None
    return _says(
        "both players passed the first upcard: player 0 draws from the stock", "GIN-3"
    )


def _over_knock(state: State, what: str) -> Refusal:
    """GIN-5: what leaves the knocker's deadwood over the knock card."""
    return Refusal(f"{what} over the knock card, {state.knock_card}", "GIN-5")


def _may_knock(state: State) -> Test[Knock] | None:
    """GIN-5: a knock needs a discard that leaves deadwood at most the knock card; at the wall (GIN-8) the upcard joins the hand first."""
    hand = state.hands[state.to_move or 0]
    if state.phase is Phase.WALL:
        hand = (*hand, state.discard_pile[0])
    if knock_discards(hand, state.knock_card):
        return None
    return refuses_all(_over_knock(state, "your deadwood after any discard is"))


def _keeps_knock(state: State) -> Test[Discard] | None:
    """GIN-5: the knocker's discard must leave deadwood at most the knock card."""
    if state.phase is not Phase.KNOCK:
        return None
    allowed = knock_discards(state.hands[state.to_move or 0], state.knock_card)

    def test(move: Discard) -> Refusal | None:
        if move.card in allowed:
            return None
        return _over_knock(state, f"discarding {move.card} leaves deadwood")

    return test


def _meld_readings(state: State, move: NewMeld, player: int) -> list[NewMeld]:
    """The meld the move names, once its cards are held (ALL-1) and make one (GIN-2)."""
    turn.refuse_unheld(state.hands[player], move.cards)
    found = melds.check(move.cards, state.rules.meld_rules, declared=move.declared)
    if not found:
        raise refuse(found.reason, found.rule or "GIN-2")
    if state.phase is Phase.LAY_DOWN:
        left = hand_after(state.hands[player], take=move.cards)
        if min_deadwood(left) > state.knock_card:
            raise _over_knock(state, "laying that meld leaves deadwood").error()
    return [NewMeld.of(meld) for meld in found.melds]


def _knocker_done(state: State) -> Test[Done] | None:
    """GIN-5, GIN-R3: the knocker is done once the cards left hold no meld and are worth at most the knock card."""
    if state.phase is not Phase.LAY_DOWN:
        return None
    refusal = knocker_unfinished(state.hands[state.to_move or 0], state.knock_card)
    return None if refusal is None else refuses_all(refusal)


def knocker_unfinished(hand: Sequence[Card], knock_card: int) -> Refusal | None:
    """Why the knocker holding ``hand`` may not yet be done laying down; None once they may (GIN-5, GIN-R3).

    A meld kept in hand would be hidden from the opponent's lay-offs (GIN-6),
    so the knocker lays every meld first (GIN-R3).

    >>> from rummyrules.core.cards import parse_cards
    >>> print(knocker_unfinished(parse_cards("7S 8S 9S 2C"), 10))
    the cards left in your hand still hold a meld: lay it before 'done' (GIN-R3)
    >>> print(knocker_unfinished(parse_cards("2C 5D 9H"), 10))
    your deadwood, 16, is still over the knock card, 10: lay your melds first (GIN-5)
    """
    total = sum(card_points(card) for card in hand)
    if min_deadwood(hand) < total:
        why = "the cards left in your hand still hold a meld: lay it before 'done'"
        return Refusal(why, "GIN-R3")
    if total > knock_card:
        why = f"your deadwood, {total}, is still over the knock card, {knock_card}"
        return Refusal(f"{why}: lay your melds first", "GIN-5")
    return None


def _name_lay_off(state: State, move: LayOff, player: int) -> list[LayOff]:
    """The lay-off, once the card is held (ALL-1) and extends the knocker's meld (GIN-6)."""
    if not 1 <= move.meld <= len(state.melds):
        raise refuse(f"there is no meld {move.meld} on the table", "GIN-6")
    table_meld = state.melds[move.meld - 1]
    if table_meld.owner != state.knocker:
        raise refuse("cards are laid off only on the knocker's melds", "GIN-6")
    turn.refuse_unheld(state.hands[player], [move.card])
    meld_rules = state.rules.meld_rules
    if not meld_search.card_lay_offs(move.card, table_meld.meld, meld_rules, None):
        raise refuse(f"{move.card} does not extend meld {move.meld}", "GIN-6")
    return [LayOff(card=move.card, meld=move.meld)]


def _says(reason: str, rule: str) -> Callable[..., Refusal]:
    """The refusal of any move (a phase's of those it does not take): a sentence and its rule."""
    refusal = Refusal(reason, rule)
    return lambda *_: refusal


def _hands(
    state: State, *, take: Iterable[Card] = (), add: Iterable[Card] = ()
) -> tuple[tuple[Card, ...], ...]:
    """The hands, the mover's without the cards ``take`` and with ``add``."""
    hands = list(state.hands)
    player = state.to_move or 0
    hands[player] = hand_after(hands[player], take=take, add=add)
    return tuple(hands)


def _draw(state: State, move: Draw) -> State:
    """Draw the top card of the stock into the hand (GIN-4)."""
    del move
    return _drawn(state, state.stock[0], stock=state.stock[1:], taken=None)


def _take(state: State, move: Take) -> State:
    """Take the upcard into the hand; the fiftieth upcard taken ends the hand (GIN-4, GIN-9)."""
    del move
    pile, drawing = state.discard_pile, state.phase is Phase.DRAW
    upcards = state.upcards + drawing
    if drawing and upcards >= UPCARD_LIMIT:  # GIN-9: the hand ends on this take
        return _scored(state.replace(upcards=upcards), rule="GIN-9")
    return _drawn(state, pile[0], discard_pile=pile[1:], taken=pile[0], upcards=upcards)


def _pass(state: State, move: Pass) -> State:
    """GIN-3: pass the first upcard to the other player; or, at the wall, end the hand."""
    del move
    if state.phase is Phase.WALL:
        return _scored(state, rule="GIN-8")  # a pass at the wall is a draw
    if state.passes == 0:
        return state.replace(passes=1, to_move=1)
    return state.replace(passes=state.passes + 1, to_move=0, phase=Phase.DRAW)


def _drawn(state: State, card: Card, *, taken: Card | None, **changes: Any) -> State:
    hands = _hands(state, add=[card])
    return state.replace(phase=Phase.PLAY, hands=hands, taken=taken, **changes)


def _knock(state: State, move: Knock) -> State:
    """Knock: the knocker discards next; at the wall the upcard joins the hand first (GIN-5, GIN-8)."""
    del move
    player, pile = state.to_move or 0, state.discard_pile
    if state.phase is Phase.WALL:  # GIN-8: the upcard joins the hand
        state = _drawn(state, pile[0], discard_pile=pile[1:], taken=None)
    # The take this turn matters no more: the knocker's discard is no bounce (GIN-9).
    return state.replace(phase=Phase.KNOCK, knocker=player, taken=None)


def _discard(state: State, move: Discard) -> State:
    """Discard a card: after a knock, the knocker's discard; else the turn ends (GIN-4, GIN-8, GIN-9)."""
    player, pile = state.to_move or 0, (move.card, *state.discard_pile)
    moved = {"hands": _hands(state, take=[move.card]), "discard_pile": pile}
    if state.phase is Phase.KNOCK:
        return state.replace(phase=Phase.LAY_DOWN, taken=None, **moved)
    # GIN-9: the upcard taken and discarded at once, twice in a row, is a draw.
    bounced, turns = int(move.card == state.taken), state.turns + 1
    if bounced and state.bounced:
        return _scored(state.replace(turns=turns, **moved), rule="GIN-9")
    # One copy of the state for the turn's end, the usual one: it runs every turn.
    ends = {**moved, "bounced": bounced, "taken": None, "turns": turns}
    limit = state.rules.max_turns
    if limit is not None and turns >= limit:  # the limit ends the game
        return _scored(state.replace(**ends), rule="ALL-5", last=True)
    phase = Phase.WALL if len(state.stock) <= WALL else Phase.DRAW  # GIN-8
    return state.replace(phase=phase, to_move=1 - player, **ends)


def _meld(state: State, move: NewMeld) -> State:
    """Lay a meld from the hand on the table (GIN-5, GIN-6)."""
    (meld,) = melds.readings(move.cards, state.rules.meld_rules, declared=move.declared)
    laid = TableMeld.laid(meld, owner=state.to_move or 0)
    return state.replace(
        hands=_hands(state, take=move.cards), melds=(*state.melds, laid)
    )


def _lay_off(state: State, move: LayOff) -> State:
    """Lay a card off on one of the knocker's melds, credited to the opponent (GIN-6)."""
    number, rules = move.meld - 1, state.rules.meld_rules
    table_meld = state.melds[number]
    option, *_ = meld_search.card_lay_offs(move.card, table_meld.meld, rules, None)
    on_table = list(state.melds)
    on_table[number] = table_meld.with_card(option.meld, player=state.to_move or 0)
    return state.replace(hands=_hands(state, take=[move.card]), melds=tuple(on_table))


def _done(state: State, move: Done) -> State:
    """End a step after the knock: the knocker's melds, the lay-offs, the opponent's melds (GIN-5, GIN-6)."""
    del move
    if state.phase is Phase.LAY_DOWN:
        gin = min_deadwood(state.hands[state.knocker or 0]) == 0
        phase = Phase.MELD if gin else Phase.LAY_OFF  # nobody lays off on gin (GIN-6)
        return state.replace(phase=phase, to_move=state.opponent)
    if state.phase is Phase.LAY_OFF:
        return state.replace(phase=Phase.MELD)
    return _scored(state, rule="GIN-7")


def _scored(state: State, *, rule: str, last: bool = False) -> State:
    """End the hand (GIN-7); with a ``target``, deal the next unless a total reaches it (GIN-R2) or ``last`` (ALL-5)."""
    row, bonus = hand_score(state)
    sheet = (*state.score_sheet, tuple(row))
    totals = [sum(scores) for scores in zip(*sheet, strict=True)]
    target = state.rules.target
    reached = target is not None and max(totals) >= target
    if reached:
        winner = totals.index(max(totals))  # totals sum to 0: one is ahead
        row[winner] += GAME_BONUS
        bonus[winner] += GAME_BONUS
        sheet = (*state.score_sheet, tuple(row))
    result = RoundResult(
        round=len(sheet),
        hands=state.hands,
        melded=tuple(played_by_each(state.melds, 2, card_points)),
        in_hand=tuple(min_deadwood(hand) for hand in state.hands),
        bonus=tuple(bonus),
        net=tuple(row),
        went_out=state.knocker,
        rule=rule,
    )
    results = (result,)
    if target is not None and not reached and not last:
        order = shuffled(state.rules.deck(), state.seed, "round", len(sheet) + 1)
        # The next hand is dealt as a game is (GIN-1), from the seed's next order.
        dealt = state.rules.new_game(seed=state.seed, deck=order)
        return dealt.replace(
            score_sheet=sheet, turns=state.turns, round_results=results
        )
    return state.replace(
        phase=Phase.OVER,
        to_move=None,
        score_sheet=sheet,
        taken=None,
        round_results=results,
    )


_DISCARD: Final = Kind(
    move=Discard,
    readings=turn.discard_readings,
    play=_discard,
    filters=(_keeps_knock,),
)
_MELD: Final = Kind(move=NewMeld, readings=_meld_readings, play=_meld)
# The one take there is, the upcard (GIN-3, GIN-4), the first upcard's as a
# turn's; GIN-3's check applies only once both players passed it.
_TAKE: Final = attrs.evolve(
    Kind.single(Take, play=_take, filters=(_both_passed,)), readings=_take_readings
)
_KNOCK: Final = Kind.single(Knock, play=_knock, filters=(_may_knock,))
# GIN-5's check of the knocker's ``done`` applies only while laying down.
_DONE: Final = Kind.single(Done, play=_done, filters=(_knocker_done,))
_PASS: Final = Kind.single(Pass, play=_pass)
_LAY_OFF: Final = Kind(move=LayOff, readings=_name_lay_off, play=_lay_off)

MACHINE: Final = Machine[State](
    game="Gin Rummy",
    phases={
        Phase.UPCARD: PhaseRules(
            kinds=(_TAKE, _PASS),
            refuse=_says(
                "the first upcard is taken or passed: 'take' or 'pass'", "GIN-3"
            ),
        ),
        Phase.DRAW: PhaseRules(
            kinds=(Kind.single(Draw, play=_draw), _TAKE),
            refuse=turn.draw_first("GIN-4"),
        ),
        Phase.PLAY: PhaseRules(
            kinds=(_DISCARD, _KNOCK),
            refuse=_says("you have drawn already: discard, or knock", "GIN-4"),
        ),
        Phase.KNOCK: PhaseRules(
            kinds=(_DISCARD,),
            refuse=_says("after a knock, the knocker discards", "GIN-5"),
        ),
        Phase.LAY_DOWN: PhaseRules(
            kinds=(_MELD, _DONE),
            refuse=_says("the knocker lays melds, then is 'done'", "GIN-5"),
        ),
        Phase.LAY_OFF: PhaseRules(
            kinds=(_LAY_OFF, _DONE),
            refuse=_says("lay off on the knocker's melds, then 'done'", "GIN-6"),
        ),
        Phase.MELD: PhaseRules(
            kinds=(_MELD, _DONE), refuse=_says("lay your melds, then 'done'", "GIN-6")
        ),
        Phase.WALL: PhaseRules(
            kinds=(_KNOCK, _PASS),
            refuse=_says("at the wall, 'knock' with the upcard or 'pass'", "GIN-8"),
        ),
    },
)
"""The one turn machine every game of Gin Rummy uses (GIN-3 … GIN-9): see the module's examples."""
