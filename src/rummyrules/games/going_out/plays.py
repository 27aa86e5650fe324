"""What each move of Going Out Rummy does to the state, once the rules allow it.

A turn draws the top card of the stock or of the discard pile (GOR-4) and
ends with a discard, after which an empty stock is rebuilt from the pile
(GOR-9); or the player goes out, laying the whole hand down, and wins
(GOR-7). A player may drop out at any moment, and the last player left at
the table wins (GOR-10, GOR-R3). The game ends unfinished after
``max_turns`` turns (GOR-R4). The moves here have passed the rules of a turn
(:mod:`rummyrules.games.going_out.turn`).

>>> from rummyrules import GoingOutRummy, parse_move
>>> game = GoingOutRummy(hand_size=3).position(
...     "to_move 1 play | hands 7S 8S 2C / 7H 7D 7C 9D"
... )
>>> after = go_out(game, parse_move("out 7H 7D 7C discard 9D"))
>>> after.winners, after.is_over, str(after.discard_pile[0])
((1,), True, '9D')
"""

from __future__ import annotations

from typing import Any

from rummyrules import melds
from rummyrules.core.cards import Card
from rummyrules.core.hands import hand_after
from rummyrules.core.options import StockOut
from rummyrules.game.dealing import rebuilt_stock
from rummyrules.game.moves import Discard, Draw, Drop, GoOut, Take
from rummyrules.game.results import RoundResult
from rummyrules.game.state import Phase
from rummyrules.game.table import TableMeld
from rummyrules.games.going_out.state import GoingOutState, options

__all__ = ["discard", "draw", "drop", "go_out", "take"]

State = GoingOutState


def draw(state: State, move: Draw) -> State:
    """Draw the top card of the stock (GOR-4).

    >>> from rummyrules import Draw, GoingOutRummy
    >>> game = GoingOutRummy().new_game(seed=3)
    >>> after = draw(game, Draw())
    >>> after.phase, len(after.hand(1)) - len(game.hand(1))
    (<Phase.PLAY: 'play'>, 1)
    """
    del move
    return _drawn(
        state, state.stock[0], stock=state.stock[1:], discard_pile=state.discard_pile
    )


def take(state: State, move: Take) -> State:
    """Take the top card of the discard pile (GOR-4).

    >>> from rummyrules import GoingOutRummy, Take
    >>> game = GoingOutRummy(hand_size=2).position(
    ...     "to_move 1 draw | hands 7S 8S / 9H 9D | pile KC QH"
    ... )
    >>> after = take(game, Take())
    >>> " ".join(map(str, after.hand(1))), " ".join(map(str, after.discard_pile))
    ('9H 9D KC', 'QH')
    """
    del move
    pile = state.discard_pile
    return _drawn(state, pile[0], stock=state.stock, discard_pile=pile[1:])


def _drawn(
    state: State, card: Card, *, stock: tuple[Card, ...], discard_pile: tuple[Card, ...]
) -> State:
    player = state.to_move or 0
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], add=[card])
    return state.replace(
        phase=Phase.PLAY, hands=tuple(hands), stock=stock, discard_pile=discard_pile
    )


def discard(state: State, move: Discard) -> State:
    """Discard a card, which passes the turn left (GOR-4, GOR-9).

    >>> from rummyrules import GoingOutRummy, parse_move
    >>> game = GoingOutRummy(hand_size=2).position(
    ...     "to_move 1 play | hands 7S 8S / 9H 9D KC | pile QH"
    ... )
    >>> after = discard(game, parse_move("discard KC"))
    >>> after.to_move, after.phase, after.turns, str(after.discard_pile[0])
    (0, <Phase.DRAW: 'draw'>, 1, 'KC')
    """
    player = state.to_move or 0
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], take=[move.card])
    return _end_turn(
        state, player, hands=tuple(hands), discard_pile=(move.card, *state.discard_pile)
    )


def go_out(state: State, move: GoOut) -> State:
    """Lay the hand down and win (GOR-7); the card left over is discarded (GOR-R1).

    >>> from rummyrules import GoingOutRummy, parse_move
    >>> game = GoingOutRummy(hand_size=3).position(
    ...     "to_move 1 play | hands 7S 8S 2C / 7H 7D 7C 9D"
    ... )
    >>> [
    ...     str(meld)
    ...     for meld in go_out(game, parse_move("out 7H 7D 7C discard 9D")).melds
    ... ]
    ['7H 7D 7C']
    """
    player = state.to_move or 0
    meld_rules = state.rules.meld_rules
    laid = tuple(
        TableMeld.laid(
            melds.readings(meld.cards, meld_rules, declared=meld.declared)[0],
            owner=player,
        )
        for meld in move.melds
    )
    hands = list(state.hands)
    hands[player] = ()
    pile = state.discard_pile
    return _over(
        state.replace(
            hands=tuple(hands),
            melds=(*state.melds, *laid),
            discard_pile=pile if move.discard is None else (move.discard, *pile),
            winner=player,
            turns=state.turns + 1,
        ),
        rule="GOR-7",
    )


def drop(state: State, move: Drop) -> State:
    """The player's cards go face down out of play; the turn passes on (GOR-10).

    The last player left at the table wins, unless the rules say otherwise
    (GOR-R3).

    >>> from rummyrules import Drop, GoingOutRummy
    >>> game = GoingOutRummy().new_game(seed=1)
    >>> after = drop(game, Drop(player=0))
    >>> after.dropped, after.winners, after.is_over
    ((0,), (1,), True)
    """
    player = state.to_move if move.player is None else move.player
    player = player or 0
    hands = list(state.hands)
    gone = hands[player]
    hands[player] = ()
    state = state.replace(
        hands=tuple(hands),
        dropped=(*state.dropped, player),
        dropped_cards=(*state.dropped_cards, *gone),
    )
    staying = [p for p in range(state.players) if p not in state.dropped]
    if len(staying) == 1:  # GOR-R3
        winner = staying[0] if options(state).last_player_wins else None
        return _over(state.replace(winner=winner), rule="GOR-R3")
    if player != state.to_move:
        return state
    return _end_turn(state, player)


def _end_turn(state: State, player: int, **changes: Any) -> State:
    """Pass the turn left, rebuilding an empty stock (GOR-9); end at ``max_turns`` (GOR-R4)."""
    turns = state.turns + 1
    limit = options(state).max_turns
    if limit is not None and turns >= limit:
        return _over(state.replace(turns=turns, **changes), rule="GOR-R4")
    if not changes.get("stock", state.stock):  # rare: the stock ran out
        state = rebuilt_stock(state.replace(**changes), StockOut.RESHUFFLE)
        changes = {}
    players = state.players
    following = (player + 1) % players
    while following in state.dropped:
        following = (following + 1) % players
    # One replace for the whole turn's end: this runs once per turn.
    return state.replace(phase=Phase.DRAW, to_move=following, turns=turns, **changes)


def _over(state: State, *, rule: str) -> State:
    """End the game: the hands as they lie are shown, though no points are counted."""
    result = RoundResult(
        round=1,
        hands=state.hands,
        melded=(),
        in_hand=(),
        bonus=(),
        net=(),
        went_out=state.winner,
        rule=rule,
    )
    return state.replace(phase=Phase.OVER, to_move=None, round_results=(result,))
