"""The greedy choice in a game of going out: go out, or keep the hand nearest to it.

In Going Out Rummy only going out counts (GOR-7). :func:`going_out_move`
goes out as soon as it can, and otherwise keeps the hand that is fewest
cards short of going out, asking the game's
:class:`~rummyrules.game.strategy.GoingOutStrategy` how far a hand is (its
shape) and whether a hand goes out.

>>> from rummyrules import GoingOutRummy
>>> from rummyrules.game.strategy import GoingOutStrategy, strategy_of
>>> rules = GoingOutRummy(hand_size=3)
>>> game = rules.new_game(deck=rules.stacked_deck("7S 8H 7H 9C 7D KD 9D"))
>>> strategy = strategy_of(rules)
>>> assert isinstance(strategy, GoingOutStrategy)
>>> print(going_out_move(game.apply("draw").view(1), strategy))
out 7S 7H 7D discard 9D
"""

from __future__ import annotations

from rummyrules.core.hands import sorted_hand
from rummyrules.game.moves import Discard, Draw, Move, Take
from rummyrules.game.state import View
from rummyrules.game.strategy import GoingOutStrategy, without

__all__ = ["going_out_move"]


def going_out_move(view: View, strategy: GoingOutStrategy) -> Move:
    """The greedy move of a game of going out, for the player to move; never a drop.

    It goes out when it can (GOR-7); picking up, it takes the top discard
    only when that brings the hand closer; it discards the card whose loss
    leaves the hand nearest to going out, a lone card before a WILDCARD.

    >>> from rummyrules import GoingOutRummy
    >>> from rummyrules.game.strategy import GoingOutStrategy, strategy_of
    >>> game = GoingOutRummy().position(
    ...     "to_move 0 draw | hands 7S 7H 8C 9C KD 2H QS / AS 2S 4H 6D 8S 10H QC"
    ...     " | pile 4D"
    ... )
    >>> strategy = strategy_of(game.rules)
    >>> assert isinstance(strategy, GoingOutStrategy)
    >>> print(going_out_move(game.view(0), strategy))
    draw
    """
    moves = view.legal_moves
    out = next((move for move in moves if move.going_out == "always"), None)
    if out is not None:
        return out  # GOR-7
    hand = view.hand
    if strategy.picking_up(view):
        take = next((move for move in moves if isinstance(move, Take)), None)
        draw = next((move for move in moves if isinstance(move, Draw)), None)
        if take is not None and (draw is None or _take_pays(view, strategy)):
            return take
        return draw or moves[0]
    discards = [move for move in moves if isinstance(move, Discard)]
    if not discards:  # pragma: no cover - after a draw there is always a discard
        return moves[0]
    shape = strategy.shape(view.rules, hand)
    return min(
        discards,
        key=lambda move: (
            shape.short(without(hand, [move.card])),
            move.card.rank is None,
            shape.ties(move.card, hand),
        ),
    )


def _take_pays(view: View, strategy: GoingOutStrategy) -> bool:
    """Whether the top discard lets the hand go out, or brings it closer (GOR-4)."""
    top = view.discard_pile[0]
    hand = sorted_hand((*view.hand, top))
    if strategy.goes_out(view.rules, hand):
        return True
    shape = strategy.shape(view.rules, hand)
    after = min(shape.short(without(hand, [card])) for card in dict.fromkeys(view.hand))
    return after < shape.short(view.hand)
