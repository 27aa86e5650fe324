"""The rules of claiming a discard in 1400, out of turn (F14-12, F14-R9).

A discard that fits a meld on the table may be claimed by any other player
who is down, until the next player draws; the claimant lays it off at once,
and the turn order stays. Like the rules of a turn
(:mod:`rummyrules.games.fourteen_hundred.turn`), each rule here both lists
the claims a player may make and says why a claim is refused.

>>> from rummyrules import FourteenHundred
>>> game = FourteenHundred(players=3).position(
...     "wild 9 | to_move 1 draw | claim 7H@0"
...     " | hands 2C 3C 4D / KS KD 8C / JD QD | melds 2: 4H 5H 6H | pile 7H 10S"
... )
>>> [str(move) for move in game.legal_moves(player=2)]
['2: claim 7H on 1']
"""

from __future__ import annotations

from rummyrules.core.cards import Card
from rummyrules.game.machine import Refusal, refuse
from rummyrules.game.moves import Claim
from rummyrules.game.rummy500_melding import fit_on_meld, fits_table
from rummyrules.games.fourteen_hundred.state import FourteenHundredState
from rummyrules.melds import search as meld_search

__all__ = ["claim_options", "name_claim"]

State = FourteenHundredState


def _may_claim(state: State, player: int, card: Card) -> Refusal | None:
    """F14-12, F14-R9: the last discard, claimed by a player who is down and did not discard it."""
    if state.claim is None or card != state.claim:
        return Refusal(
            f"{card} is not the last discard, or its claim has passed", "F14-R9"
        )
    if player == state.discarder:
        return Refusal("you cannot claim your own discard", "F14-12")
    if not state.melded[player]:
        return Refusal("only a player who is down may claim a discard", "F14-12")
    return None


def claim_options(state: State, player: int) -> list[Claim]:
    """Each claim of the last discard the player may make now: a lay-off of it (F14-12).

    >>> from rummyrules import FourteenHundred
    >>> game = FourteenHundred(players=3).position(
    ...     "wild 9 | to_move 1 draw | claim 7H@0"
    ...     " | hands 2C 3C 4D / KS KD 8C / JD QD | melds 2: 4H 5H 6H | pile 7H 10S"
    ... )
    >>> [str(move) for move in claim_options(game, 2)], claim_options(game, 1)
    (['2: claim 7H on 1'], [])
    """
    return list(state.memo(_every_claim)[player])


def _every_claim(state: State) -> tuple[tuple[Claim, ...], ...]:
    """Each player's claims of the last discard, from one look at the table.

    Every player is offered the same discard on the same melds: where it
    fits is worked out once, and each player who may claim (F14-12) gets it.
    """
    card = state.claim
    if card is None or not fits_table(state, card):
        return ((),) * state.players
    meld_rules, wild = state.rules.meld_rules, state.wild
    fits = [
        (number, option.stands_for)
        for number, meld in enumerate(state.melds, start=1)
        for option in meld_search.lay_off_options(card, meld.meld, meld_rules, wild)
    ]
    return tuple(
        ()
        if _may_claim(state, player, card) is not None
        else tuple(
            Claim(player=player, card=card, declared=declared, meld=number)
            for number, declared in fits
        )
        for player in range(state.players)
    )


def name_claim(state: State, move: Claim, player: int) -> list[Claim]:
    """The claim a move names: a lay-off of the last discard (F14-R9).

    >>> from rummyrules import FourteenHundred, parse_move
    >>> game = FourteenHundred(players=3).position(
    ...     "wild 9 | to_move 1 draw | claim 7H@0"
    ...     " | hands 2C 3C 4D / KS KD 8C / JD QD | melds 2: 4H 5H 6H | pile 7H 10S"
    ... )
    >>> name_claim(game, parse_move("0: claim 7H on 1"), 0)
    Traceback (most recent call last):
    ...
    rummyrules.IllegalMoveError: you cannot claim your own discard (F14-12)
    """
    if move.player is None:
        raise refuse("a claim names its player, as in '2: claim 7H on 3'", "F14-12")
    refusal = _may_claim(state, player, move.card)
    if refusal is not None:
        raise refusal.error()
    return fit_on_meld(state, move)
