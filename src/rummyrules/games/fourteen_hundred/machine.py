"""1400, played: the deal, the rules of a turn, what each move does, and the machine.

A face-up card sets each hand, the next card the wild rank (F14-3 … F14-5).
The round opens on the first upcard (``opening``, F14-6/7): in turn, each
player takes it and melds it at once, or passes. Then each turn is a draw
(``draw``: the stock, or any discard with every card above it, F14-8) and
plays (``play``: melds and lay-offs, then a discard, F14-9/10); a discard
that fits a meld may be claimed out of turn (F14-12). A player who plays
their last card without a discard hands the next player a last draw and
plays (``last``, F14-13). The rules about the cards a player must or may use
are :mod:`~rummyrules.games.fourteen_hundred.using`'s.

>>> from rummyrules import FourteenHundred
>>> game = FourteenHundred(players=2).position(
...     "wild 9 | to_move 0 opening | hands 2C 5D JH / 3C 4C 5C | pile 8S"
... )
>>> game.apply("take")
Traceback (most recent call last):
...
rummyrules.IllegalMoveError: you can make no meld with 8S, so you must pass (F14-6)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from rummyrules.core.cards import Card
from rummyrules.core.hands import hand_after, sorted_hand
from rummyrules.game import rummy500
from rummyrules.game.dealing import can_draw, rebuilt_stock
from rummyrules.game.machine import (
    Refusal,
    Test,
    refuse,
    refuses_all,
)
from rummyrules.game.moves import (
    Discard,
    Done,
    Draw,
    LayOff,
    NewMeld,
    Pass,
    Take,
)
from rummyrules.game.results import RoundResult
from rummyrules.game.rummy500_melding import (
    fits_melds,
    play_meld,
)
from rummyrules.game.rummy500_melding import lay_off as lay_off_card
from rummyrules.games.fourteen_hundred.state import (
    Claim,
    FourteenHundredOptions,
    FourteenHundredPhase,
    FourteenHundredState,
    FourteenHundredTurn,
    hand_size,
)

__all__ = [
    "card_pending",
    "claim",
    "deal",
    "discard",
    "done",
    "draw",
    "last_draw",
    "lay_off",
    "meld",
    "pass_upcard",
    "take",
    "take_readings",
    "upcard_meld",
    "upcard_pending",
    "upcard_readings",
]

State = FourteenHundredState
Phase = FourteenHundredPhase
Turn = FourteenHundredTurn


def deal(
    rules: FourteenHundredOptions,
    order: Sequence[Card],
    *,
    seed: int,
    dealer: int,
    sheet: tuple[tuple[int, ...], ...],
) -> State:
    """Deal one round from the deck order (F14-3, F14-4, F14-5).

    From the dealer's left each player's first card, face up, sets how many
    cards they get, itself included. Then one card, face up, sets the wild
    rank: it is dealt to the player on the dealer's left (F14-R3), or stays
    on the table as a marker. Then one card starts the discard pile.

    >>> from rummyrules import FourteenHundred
    >>> rules = FourteenHundred(players=2)
    >>> game = deal(rules, rules.deck(), seed=0, dealer=0, sheet=())
    >>> [len(hand) for hand in game.hands], str(game.wild), str(game.discard_pile[0])
    ([3, 16], '6', '7H')
    """
    players = rules.players
    hands: list[list[Card]] = [[] for _ in range(players)]
    top = 0
    for seat in range(1, players + 1):
        count = hand_size(order[top], ace=rules.ace_hand_size)
        hands[(dealer + seat) % players] = list(order[top : top + count])
        top += count
    wild_card, upcard = order[top], order[top + 1]
    left = (dealer + 1) % players
    if rules.wild_card_dealt:
        hands[left].append(wild_card)
    return State(
        rules=rules,
        seed=seed,
        dealer=dealer,
        wild=wild_card.rank,
        face_up=wild_card if rules.wild_card_dealt else None,
        marker=None if rules.wild_card_dealt else wild_card,
        hands=tuple(sorted_hand(hand) for hand in hands),
        stock=tuple(order[top + 2 :]),
        discard_pile=(upcard,),
        score_sheet=sheet,
        phase=Phase.OPENING,
        to_move=left,
    )


# --- The opening (F14-6, F14-7, F14-R5) ------------------------------------------


def upcard_readings(state: State, move: Take, player: int) -> list[Take]:
    """F14-6: the take a move names in the opening, only the upcard."""
    del player
    upcard = state.discard_pile[0]
    if move.card not in {None, upcard}:
        raise refuse(f"only the upcard {upcard} may be taken now", "F14-6")
    return [Take()]


# --- The draw (F14-8, F14-9) ------------------------------------------------------


def take_readings(state: State, move: Take, player: int) -> list[Take]:
    """F14-8: the top discard, or a card below it by name."""
    del player
    pile = state.discard_pile
    if move.card is not None and move.card not in pile:
        raise refuse(f"there is no {move.card} in the discard pile", "F14-8")
    if not pile:
        raise refuse("the discard pile is empty", "F14-8")
    if move.card is None or move.card == pile[0]:
        return [Take()]
    return [move]


def last_draw(state: State) -> Test[Draw] | None:
    """F14-13 with F14-R10: one last draw, when there is a card to draw."""
    if state.turn.drew:
        refusal = Refusal("the last draw is one card from the stock", "F14-13")
    elif not can_draw(state, state.rules.stock_out):
        refusal = Refusal(
            "the stock is empty and cannot be rebuilt: nothing is left to draw, "
            "so make your last plays and end them with 'done'",
            "F14-R10",
        )
    else:
        return None
    return refuses_all(refusal)


# --- Plays (F14-6, F14-9, F14-10, F14-R7) -----------------------------------------


def upcard_pending(state: State, player: int) -> Refusal | None:
    """F14-6: the first upcard taken goes into a new meld before anything else."""
    del player
    card = state.turn.must_meld
    if card is None:
        return None
    return Refusal(
        f"you took the upcard {card}, so you must lay it in a new meld at once", "F14-6"
    )


def card_pending(state: State, player: int) -> Refusal | None:
    """F14-9: the card chosen from the pile is played before the turn ends."""
    del player
    card = state.turn.must_use
    if card is None:
        return None
    return Refusal(
        f"you took {card} from the discard pile, so you must use it in a meld or "
        "lay-off before you discard",
        "F14-9",
    )


def upcard_meld(state: State) -> Test[NewMeld] | None:
    """F14-6: while the first upcard waits, only a new meld holding it may be laid."""
    card = state.turn.must_meld
    refusal = upcard_pending(state, state.to_move or 0)
    if card is None or refusal is None:
        return None
    return lambda move: None if card in move.cards else refusal


# --- What each move does (F14-6 … F14-15) ----------------------------------------


def pass_upcard(state: State, move: Pass) -> State:
    """Pass the first upcard to the next player; when all have passed, score (F14-7)."""
    del move
    passes = state.passes + 1
    if passes >= state.players:
        return _all_passed(state)  # F14-7
    return state.replace(
        passes=passes, to_move=((state.to_move or 0) + 1) % state.players
    )


def _all_passed(state: State) -> State:
    """F14-7: nobody used the upcard; each player adds their hand's value."""
    # The hands are counted as usual, but what they hold is added, not taken.
    result = rummy500.counted(state, rule="F14-7")
    return _score(state, attrs.evolve(result, net=result.in_hand))


def draw(state: State, move: Draw) -> State:
    """Draw the top card of the stock (F14-8), rebuilt if it is empty (F14-R10).

    With nothing left to draw, the round ends. A draw closes the claim of
    the last discard (F14-R9).
    """
    del move
    state = _closed(state)
    if not state.stock:
        state = rebuilt_stock(state, state.rules.stock_out)
        if not state.stock:
            return _end_round(state)  # F14-R10: nothing left to draw
    player = state.to_move or 0
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], add=state.stock[:1])
    phase = Phase.LAST if state.phase == Phase.LAST else Phase.PLAY
    return state.replace(
        hands=tuple(hands), stock=state.stock[1:], phase=phase, turn=Turn(drew=True)
    )


def take(state: State, move: Take) -> State:
    """Take a discard with every card above it, to play this turn (F14-8, F14-9).

    The first upcard, taken in the opening, goes into a new meld at once
    (F14-6).
    """
    state = _closed(state)
    player = state.to_move or 0
    pile = state.discard_pile
    depth = 0 if move.card is None else pile.index(move.card)
    chosen = pile[depth]
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], add=pile[: depth + 1])
    opening = state.phase == Phase.OPENING
    turn = Turn(taken=chosen, must_meld=chosen if opening else None, must_use=chosen)
    return state.replace(
        hands=tuple(hands), discard_pile=pile[depth + 1 :], phase=Phase.PLAY, turn=turn
    )


def _closed(state: State) -> State:
    """Any move but a claim closes the window for claiming the last discard (F14-R9)."""
    if state.claim is None:
        return state
    return state.replace(claim=None, discarder=None)


def meld(state: State, move: NewMeld) -> State:
    """Lay a new meld (F14-10); it meets the duty to use the card taken (F14-6, F14-9)."""
    after = play_meld(state, move, state.to_move or 0)
    return _after_play(after, move.cards)


def lay_off(state: State, move: LayOff) -> State:
    """Lay a card off on a meld on the table, credited to the player (F14-10)."""
    after = lay_off_card(state, move, state.to_move or 0)
    return _after_play(after, (move.card,))


def _after_play(state: State, played: Sequence[Card]) -> State:
    turn = state.turn
    if turn.must_use is not None and turn.must_use in played:
        state = state.replace(turn=attrs.evolve(turn, must_use=None, must_meld=None))
    player = state.to_move or 0
    if state.hands[player]:
        return state
    if state.phase == Phase.LAST:
        return _end_round(state)
    # F14-13: out without a discard; the next player has a last draw and plays.
    # No max_turns check here (a ruling): those plays are owed even past the
    # limit, and they are one turn that always ends the round (ALL-5).
    return state.replace(
        out=player,
        phase=Phase.LAST,
        to_move=(player + 1) % state.players,
        turn=Turn(),
        turns=state.turns + 1,
    )


def discard(state: State, move: Discard) -> State:
    """Discard a card, which ends the turn; out with a discard ends the round (F14-13).

    A discard that fits a meld on the table may be claimed by another player
    until the next player draws (F14-12).
    """
    player = state.to_move or 0
    card = move.card
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], take=[card])
    pile = (card, *state.discard_pile)
    face_up = rummy500.face_up_after(state, hands)
    if not hands[player]:  # F14-13: out with a discard ends the round at once
        return _end_round(
            state.replace(
                hands=tuple(hands), discard_pile=pile, out=player, face_up=face_up
            )
        )
    fits = fits_melds(state, card)
    return _next_turn(
        state,
        hands=tuple(hands),
        discard_pile=pile,
        claim=card if fits else None,
        discarder=player if fits else None,
        face_up=face_up,
    )


def _next_turn(state: State, **changes: Any) -> State:
    turns = state.turns + 1
    limit = state.rules.max_turns
    if limit is not None and turns >= limit:
        return _end_round(state.replace(turns=turns, **changes))  # ALL-5
    return state.replace(
        phase=Phase.DRAW,
        to_move=((state.to_move or 0) + 1) % state.players,
        turn=Turn(),
        turns=turns,
        **changes,
    )


def claim(state: State, move: Claim) -> State:
    """F14-12, F14-R9: the claimant lays the discard off; the turn order stays."""
    claimant = (state.to_move if move.player is None else move.player) or 0
    hands = list(state.hands)
    hands[claimant] = hand_after(hands[claimant], add=[move.card])
    taken = state.replace(
        hands=tuple(hands),
        discard_pile=state.discard_pile[1:],
        claim=None,
        discarder=None,
    )
    lay = LayOff(card=move.card, declared=move.declared, meld=move.meld)
    return lay_off_card(taken, lay, claimant)


def done(state: State, move: Done) -> State:
    """End the last plays (F14-13), and with them the round."""
    del move
    return _end_round(state)


def _end_round(state: State) -> State:
    """Score the round: played minus hand (F14-14)."""
    return _score(state, rummy500.counted(state, rule="F14-14"))


def _score(state: State, result: RoundResult) -> State:
    """Count the round; end the game at the target (F14-15) or deal again."""
    state = rummy500.add_result(state, result)
    if max(state.scores) >= state.rules.target:
        return state.replace(
            phase=Phase.OVER, to_move=None, turn=Turn(), claim=None, discarder=None
        )
    return rummy500.next_round(state, deal)  # F14-R4
