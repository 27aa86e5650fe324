"""Going Out Rummy's moves as actions: what each int names, and which are listed.

An action is a card code shifted left four bits with the kind of move in the
low four bits, the kinds numbered as the moves' own ``action`` numbers
(:data:`DRAW` 0, :data:`TAKE` 1, :data:`DISCARD` 4, :data:`DROP` 5,
:data:`OUT` 10). A discard names its card; going out names the card it
leaves over, or no card (code 0: no card has it). A draw, a take and a drop
name no card.

The listing is the turn machine's, in its order (ALL-2): in the draw,
``draw`` while the stock holds a card (GOR-9), ``take`` once the pile holds
one (GOR-3, GOR-4), then ``drop`` (GOR-10); after the draw, one way out for
each card that can be left over (GOR-7, GOR-8, in the order the library's
layout search finds them), a discard of each distinct card in the hand's
order, then ``drop``. Out of turn a player still at the table may only drop.

>>> from rummyrules import GoingOutRummy
>>> from rummyrules.games.going_out.core.value import encode
>>> game = GoingOutRummy().new_game(seed=3)
>>> listed = legal_actions(encode(game), 1)
>>> listed, [str(action_to_move(encode(game), a, 1)) for a in listed]
((0, 5), ['draw', 'drop'])
"""

from __future__ import annotations

from typing import Final

from rummyrules.core.cards import BY_CODE
from rummyrules.game.moves import Draw, Move, discard_of, take_of
from rummyrules.game.to_move import Phase
from rummyrules.games.going_out.core.reach import lone_cards, may_cover
from rummyrules.games.going_out.core.value import (
    AT,
    DROPPED,
    HANDS,
    PHASE,
    PILE,
    RARE,
    RULES,
    STOCK,
    TO_MOVE,
    Value,
)
from rummyrules.games.going_out.machine import out_moves
from rummyrules.games.going_out.state import Drop, GoingOut, GoOut

__all__ = [
    "DISCARD",
    "DRAW",
    "DROP",
    "OUT",
    "TAKE",
    "action_to_move",
    "legal_actions",
    "moves",
    "out_action",
    "ways_out",
]

DRAW: Final = 0
TAKE: Final = 1
DISCARD: Final = 4
DROP: Final = 5
OUT: Final = 10
KIND_BITS: Final = 4
KIND_MASK: Final = 15

# The draw's listings, made once: which of draw and take there is (GOR-9, GOR-3).
_DRAW_ACTIONS: Final = ((DROP,), (TAKE, DROP), (DRAW, DROP), (DRAW, TAKE, DROP))
_OUT_OF_TURN: Final = (DROP,)

# The moves that name no card, made once.
_PLAIN: Final[dict[int, Move]] = {DRAW: Draw(), TAKE: take_of(None)}
_OWN_DROP: Final = Drop()
# "N: drop" for each seat (GOR-10), made once: at most ten players (GOR-1).
_DROPS: Final = tuple(Drop(player=player) for player in range(10))


def ways_out(value: Value, player: int) -> tuple[GoOut, ...]:
    """The going-out moves the turn machine lists for the hand, one per card left over (GOR-7, GOR-8).

    >>> from rummyrules import GoingOutRummy
    >>> from rummyrules.games.going_out.core.value import encode
    >>> game = GoingOutRummy(hand_size=3).position(
    ...     "to_move 1 play | hands 7S 8S 2C / 7H 7D 7C 9D"
    ... )
    >>> [str(move) for move in ways_out(encode(game), 1)]
    ['out 7H 7D 7C discard 9D']
    """
    hand = value[HANDS][player]
    rules = value[RARE][RULES]
    how = rules.going_out
    most = 0 if how is GoingOut.MAJOR else 1
    if lone_cards(hand, most) > most or not may_cover(hand, most):
        return ()  # most hands: no way out, and no search (core/reach.py)
    return out_moves(hand, rules.meld_rules, how)


def out_action(move: GoOut) -> int:
    """The action of a way out: the card it leaves over, or none.

    >>> from rummyrules import parse_move
    >>> out_action(parse_move("out 7H 7D 7C discard 9D")) >> KIND_BITS
    38
    """
    card = move.discard
    return (0 if card is None else int(card)) << KIND_BITS | OUT


def legal_actions(value: Value, player: int) -> tuple[int, ...]:
    """Every action of ``player`` at ``value``, in the turn machine's order (ALL-2).

    >>> from rummyrules import GoingOutRummy
    >>> from rummyrules.games.going_out.core.value import encode
    >>> game = GoingOutRummy().new_game(seed=3)
    >>> legal_actions(encode(game), 0)
    (5,)
    """
    to_move = value[TO_MOVE]
    if to_move is None:
        return ()
    if player != to_move:
        # GOR-10: anyone still at the table may drop out, even out of turn.
        return () if player in value[RARE][DROPPED] else _OUT_OF_TURN
    if value[PHASE] is Phase.DRAW:
        stock = len(value[STOCK]) > value[AT]
        return _DRAW_ACTIONS[2 * stock + (len(value[PILE]) > 0)]
    actions = [out_action(move) for move in ways_out(value, player)]
    last = -1
    for card in value[HANDS][player]:
        if card != last:  # the hand is sorted: each distinct card once
            actions.append(card << KIND_BITS | DISCARD)
            last = card
    actions.append(DROP)
    return tuple(actions)


def action_to_move(value: Value, action: int, player: int) -> Move | None:
    """The move ``action`` names for ``player`` at ``value``; None when it names none.

    A discard names its card whether or not it is held (the rules then say
    why it is refused); a way out names the listed layout that leaves that
    card over, and none where the hand has no such layout.

    >>> from rummyrules import GoingOutRummy
    >>> from rummyrules.games.going_out.core.value import encode
    >>> value = encode(GoingOutRummy().new_game(seed=3))
    >>> print(action_to_move(value, DROP, 0), action_to_move(value, 3, 1))
    0: drop None
    """
    kind = action & KIND_MASK
    code = action >> KIND_BITS
    if kind == DISCARD:
        card = BY_CODE.get(code)
        return None if card is None else discard_of(card)
    if kind == OUT:
        return _way_out(value, action, player)
    if code:
        return None  # a draw, a take and a drop name no card
    if kind == DROP:
        return _OWN_DROP if player == value[TO_MOVE] else _DROPS[player]
    return _PLAIN.get(kind)


def moves(value: Value, actions: tuple[int, ...], player: int) -> tuple[Move, ...]:
    """The moves ``actions``, listed for ``player`` at ``value``, name: the public listing.

    >>> from rummyrules import GoingOutRummy
    >>> from rummyrules.games.going_out.core.value import encode
    >>> value = encode(GoingOutRummy().new_game(seed=3))
    >>> [str(move) for move in moves(value, legal_actions(value, 1), 1)]
    ['draw', 'drop']
    """
    found: list[Move] = []
    ways: tuple[GoOut, ...] | None = None
    for action in actions:
        kind = action & KIND_MASK
        if kind == DISCARD:
            found.append(discard_of(BY_CODE[action >> KIND_BITS]))
        elif kind == OUT:
            if ways is None:  # made once, and only for a hand that goes out
                ways = ways_out(value, player)
            found.extend(move for move in ways if out_action(move) == action)
        else:
            move = action_to_move(value, action, player)
            if move is not None:  # a listed action always names its move
                found.append(move)
    return tuple(found)


def _way_out(value: Value, action: int, player: int) -> GoOut | None:
    """The listed way out that leaves the action's card over, if the player has one."""
    if value[TO_MOVE] != player:
        return None
    for move in ways_out(value, player):
        if out_action(move) == action:
            return move
    return None
