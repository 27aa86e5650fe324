"""What each move of 1400 does to the state, once the rules allow it.

The first upcard is taken to be melded at once or passed; when everyone
passes, each player scores their hand against them (F14-6, F14-7). A turn
draws from the stock or takes from the pile with every card above the one
chosen (F14-8), melds and lays off, and discards; a discard that fits a meld
may be claimed by another player until the next player draws (F14-12,
F14-R9). A player who plays their last card without a discard hands the next
player a last draw and plays (F14-13). Each round is scored, and the next
one dealt until a player reaches the target (F14-14, F14-15). The moves here
have passed the rules of a turn
(:mod:`rummyrules.games.fourteen_hundred.turn`).

>>> from rummyrules import FourteenHundred, parse_move
>>> game = FourteenHundred(players=2).position(
...     "wild 9 | to_move 0 draw | hands 8S 8D 2C / 3C 4C 5D | pile 8H 7H 10S QS"
... )
>>> after = meld(take(game, Take()), parse_move("meld 8S 8H 8D"))
>>> str(after.melds[0]), after.phase
('8S 8H 8D', <FourteenHundredPhase.PLAY: 'play'>)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from rummyrules.core.cards import Card
from rummyrules.core.hands import hand_after
from rummyrules.game import rummy500, rummy500_melding
from rummyrules.game.dealing import rebuilt_stock
from rummyrules.game.moves import (
    Claim,
    Discard,
    Done,
    Draw,
    LayOff,
    NewMeld,
    Pass,
    Take,
)
from rummyrules.game.results import RoundResult
from rummyrules.games.fourteen_hundred.deal import deal
from rummyrules.games.fourteen_hundred.state import (
    FourteenHundredPhase,
    FourteenHundredState,
    FourteenHundredTurn,
    options,
)

__all__ = [
    "claim",
    "discard",
    "done",
    "draw",
    "lay_off",
    "meld",
    "pass_upcard",
    "take",
]

State = FourteenHundredState
Phase = FourteenHundredPhase


def pass_upcard(state: State, move: Pass) -> State:
    """Pass the first upcard to the next player; when all have passed, score (F14-7).

    >>> from rummyrules import FourteenHundred, Pass
    >>> game = FourteenHundred(players=2).position(
    ...     "wild 9 | to_move 0 opening | hands 2C 5D JH / 3C 4C 5C | pile 8S"
    ... )
    >>> after = pass_upcard(game, Pass())
    >>> after.passes, after.to_move
    (1, 1)
    """
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

    >>> from rummyrules import Draw, FourteenHundred
    >>> game = FourteenHundred(players=2).position(
    ...     "wild 9 | to_move 0 draw | hands 8S 8D 2C / 3C 4C 5D | pile 8H 7H 10S QS"
    ... )
    >>> after = draw(game, Draw())
    >>> after.phase, len(after.hand(0)) - len(game.hand(0))
    (<FourteenHundredPhase.PLAY: 'play'>, 1)
    """
    del move
    state = _closed(state)
    if not state.stock:
        state = rebuilt_stock(state, options(state).stock_out)
        if not state.stock:
            return _end_round(state)  # F14-R10: nothing left to draw
    player = state.to_move or 0
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], add=state.stock[:1])
    phase = Phase.LAST if state.phase == Phase.LAST else Phase.PLAY
    return state.replace(
        hands=tuple(hands),
        stock=state.stock[1:],
        phase=phase,
        turn=FourteenHundredTurn(drew=True),
    )


def take(state: State, move: Take) -> State:
    """Take a discard with every card above it; it is to be played this turn (F14-8, F14-9).

    The first upcard, taken in the opening, goes into a new meld at once
    (F14-6).

    >>> from rummyrules import FourteenHundred, parse_move
    >>> game = FourteenHundred(players=2).position(
    ...     "wild 9 | to_move 0 draw | hands 8S 8D 2C / 3C 4C 5D | pile 8H 7H 10S QS"
    ... )
    >>> after = take(game, parse_move("take 7H"))
    >>> " ".join(map(str, after.hand(0))), str(after.turn.must_use)
    ('2C 7H 8S 8H 8D', '7H')
    """
    state = _closed(state)
    player = state.to_move or 0
    pile = state.discard_pile
    depth = 0 if move.card is None else pile.index(move.card)
    chosen = pile[depth]
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], add=pile[: depth + 1])
    opening = state.phase == Phase.OPENING
    turn = FourteenHundredTurn(
        taken=chosen, must_meld=chosen if opening else None, must_use=chosen
    )
    return state.replace(
        hands=tuple(hands), discard_pile=pile[depth + 1 :], phase=Phase.PLAY, turn=turn
    )


def _closed(state: State) -> State:
    """Any move but a claim closes the window for claiming the last discard (F14-R9)."""
    if state.claim is None:
        return state
    return state.replace(claim=None, discarder=None)


def meld(state: State, move: NewMeld) -> State:
    """Lay a new meld (F14-10); it meets the duty to use the card taken (F14-6, F14-9).

    >>> from rummyrules import FourteenHundred, parse_move
    >>> game = FourteenHundred(players=2).position(
    ...     "wild 9 | to_move 0 play | hands 8S 8H 8D 2C / 3C 4C 5D | pile 7H"
    ... )
    >>> str(meld(game, parse_move("meld 8S 8H 8D")).melds[0])
    '8S 8H 8D'
    """
    after = rummy500_melding.play_meld(state, move, state.to_move or 0)
    return _after_play(after, move.cards)


def lay_off(state: State, move: LayOff) -> State:
    """Lay a card off on a meld on the table, credited to the player (F14-10).

    >>> from rummyrules import FourteenHundred, parse_move
    >>> game = FourteenHundred(players=2).position(
    ...     "wild 9 | to_move 0 play | hands 8C 2C / 3C 4C 5D | melds 0: 8S 8H 8D"
    ...     " | pile 7H"
    ... )
    >>> str(lay_off(game, parse_move("lay 8C on 1")).melds[0])
    '8S 8H 8D 8C'
    """
    after = rummy500_melding.lay_off(state, move, state.to_move or 0)
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
        turn=FourteenHundredTurn(),
        turns=state.turns + 1,
    )


def discard(state: State, move: Discard) -> State:
    """Discard a card, which ends the turn; out with a discard ends the round (F14-13).

    A discard that fits a meld on the table may be claimed by another player
    until the next player draws (F14-12).

    >>> from rummyrules import FourteenHundred, parse_move
    >>> game = FourteenHundred(players=3).position(
    ...     "wild 9 | to_move 2 play | hands 2C 3C 4D / KS KD 8C / JD QD 7H"
    ...     " | melds 2: 4H 5H 6H | pile 10S"
    ... )
    >>> after = discard(game, parse_move("discard 7H"))
    >>> str(after.claim), after.discarder, after.to_move
    ('7H', 2, 0)
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
    fits = rummy500_melding.fits_table(state, card)
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
    limit = options(state).max_turns
    if limit is not None and turns >= limit:
        return _end_round(state.replace(turns=turns, **changes))  # ALL-5
    return state.replace(
        phase=Phase.DRAW,
        to_move=((state.to_move or 0) + 1) % state.players,
        turn=FourteenHundredTurn(),
        turns=turns,
        **changes,
    )


def claim(state: State, move: Claim) -> State:
    """F14-12, F14-R9: the claimant lays the discard off; the turn order stays.

    >>> from rummyrules import FourteenHundred, parse_move
    >>> game = FourteenHundred(players=3).position(
    ...     "wild 9 | to_move 1 draw | claim 7H@0"
    ...     " | hands 2C 3C 4D / KS KD 8C / JD QD | melds 2: 4H 5H 6H | pile 7H 10S"
    ... )
    >>> after = claim(game, parse_move("2: claim 7H on 1"))
    >>> str(after.melds[0]), after.melds[0].played_by, after.to_move
    ('4H 5H 6H 7H', (2, 2, 2, 2), 1)
    """
    claimant = state.to_move if move.player is None else move.player
    hands = list(state.hands)
    hands[claimant or 0] = hand_after(hands[claimant or 0], add=[move.card])
    taken = state.replace(
        hands=tuple(hands),
        discard_pile=state.discard_pile[1:],
        claim=None,
        discarder=None,
    )
    lay = LayOff(card=move.card, declared=move.declared, meld=move.meld)
    return rummy500_melding.lay_off(taken, lay, claimant or 0)


def done(state: State, move: Done) -> State:
    """End the last plays (F14-13), and with them the round.

    >>> from rummyrules import Done, FourteenHundred
    >>> game = FourteenHundred(players=2).position(
    ...     "wild 9 | to_move 1 last | turn drew | out 0 | hands - / 3C 4C 5D"
    ...     " | melds 0: 8S 8H 8D | pile 7H"
    ... )
    >>> done(game, Done()).score_sheet
    ((15, -15),)
    """
    del move
    return _end_round(state)


def _end_round(state: State) -> State:
    """Score the round: played minus hand (F14-14)."""
    return _score(state, rummy500.counted(state, rule="F14-14"))


def _score(state: State, result: RoundResult) -> State:
    """Count the round; end the game at the target (F14-15) or deal again."""
    state = rummy500.add_result(state, result)
    if max(state.scores) >= options(state).target:
        return state.replace(
            phase=Phase.OVER,
            to_move=None,
            turn=FourteenHundredTurn(),
            claim=None,
            discarder=None,
        )
    return rummy500.next_round(state, deal)  # F14-R4
