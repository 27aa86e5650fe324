"""The greedy choice in a game of going out: go out, or keep the hand nearest to it.

In Going Out Rummy only going out counts (GOR-7). :class:`GoingOutDecision`
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
>>> print(GoingOutDecision(game.apply("draw").view(1), strategy).move())
out 7S 7H 7D discard 9D
"""

from __future__ import annotations

import functools
from typing import Any

from rummyrules.core.cards import Card
from rummyrules.core.hands import sorted_hand
from rummyrules.game.moves import Discard, Draw, Move, Take
from rummyrules.game.state import PlayableRules, View
from rummyrules.game.strategy import GoingOutStrategy, Shape, without

from .reading import known_to_others

__all__ = ["GoingOutDecision"]


class GoingOutDecision:
    """One greedy decision in a game of going out; never a drop.

    Made for one view and asked :meth:`move`. It goes out when it can
    (GOR-7); picking up, it takes the top discard only when that brings the
    hand closer; it discards the card of the lowest :meth:`discard_key`.

    >>> from rummyrules import GoingOutRummy
    >>> from rummyrules.bots.going_out import GoingOutDecision
    >>> from rummyrules.game.strategy import GoingOutStrategy, strategy_of
    >>> game = GoingOutRummy().position(
    ...     "to_move 0 draw | hands 7S 7H 8C 9C KD 2H QS / AS 2S 4H 6D 8S 10H QC"
    ...     " | pile 4D"
    ... )
    >>> strategy = strategy_of(game.rules)
    >>> assert isinstance(strategy, GoingOutStrategy)
    >>> print(GoingOutDecision(game.view(0), strategy).move())
    draw
    """

    def __init__(self, view: View, strategy: GoingOutStrategy) -> None:
        self.view = view
        self.strategy = strategy
        self.hand = view.hand

    @functools.cached_property
    def shape(self) -> Shape:
        """The hand's shape (:class:`~rummyrules.game.strategy.Shape`), asked only for a discard."""
        return _shape(self.strategy, self.view.rules, self.hand)

    @functools.cached_property
    def theirs(self) -> tuple[Card, ...]:
        """The cards the other players are known to hold (``known_to_others``)."""
        return known_to_others(self.view)

    def move(self) -> Move:
        """The move for the player to move: out, else by the turn's step."""
        view, strategy = self.view, self.strategy
        moves = view.legal_moves
        out = next((move for move in moves if move.going_out == "always"), None)
        if out is not None:
            return out  # GOR-7
        if strategy.picking_up(view):
            take = next((move for move in moves if isinstance(move, Take)), None)
            draw = next((move for move in moves if isinstance(move, Draw)), None)
            if take is not None and (draw is None or _take_pays(view, strategy)):
                return take
            return draw or moves[0]
        discards = [move for move in moves if isinstance(move, Discard)]
        if not discards:  # pragma: no cover - after a draw there is always a discard
            return moves[0]
        return min(discards, key=lambda move: self.discard_key(move.card))

    def discard_key(self, card: Card) -> tuple[int, bool, int, int]:
        """How much to keep a card of the hand: the card of the lowest key is discarded.

        Each part is one named choice, in order: :meth:`short_after`,
        :meth:`is_wildcard`, :meth:`feeds` and :meth:`ties`.

        >>> from rummyrules import GoingOutRummy, parse_cards
        >>> from rummyrules.bots.going_out import GoingOutDecision
        >>> from rummyrules.game.strategy import strategy_of
        >>> game = GoingOutRummy().position(
        ...     "to_move 0 play | hands 7S 7H 7D 8C 9C KD 2H QS / AS 2S 4H 6D 8S 10H QC"
        ...     " | pile 4D"
        ... )
        >>> decision = GoingOutDecision(game.view(0), strategy_of(game.rules))
        >>> [decision.discard_key(card) for card in parse_cards("7S KD")]
        [(7, False, 0, 6), (4, False, 0, 0)]
        """
        return (
            self.short_after(card),
            self.is_wildcard(card),
            self.feeds(card),
            self.ties(card),
        )

    def short_after(self, card: Card) -> int:
        """How many cards short of going out the hand is without the card: the nearest first."""
        return self.shape.short(without(self.hand, [card]))

    def is_wildcard(self, card: Card) -> bool:
        """Whether the card is a WILDCARD, let go last: it fits any meld (GOR-6)."""
        return card.rank is None

    def feeds(self, card: Card) -> int:
        """How strongly the card would tie to the cards the other players are known to hold.

        A card taken from the discard pile shows what its taker collects
        (GOR-4), and the next player takes a discard that brings their hand
        nearer going out: in a race to go out, the card they need is the
        costliest one to let go.
        """
        if not self.theirs or card.rank is None:
            return 0
        return self.shape.ties(card, (card, *self.theirs))

    def ties(self, card: Card) -> int:
        """How strongly the card holds to the rest of the hand: the loosest goes first."""
        return self.shape.ties(card, self.hand)


def _take_pays(view: View, strategy: GoingOutStrategy) -> bool:
    """Whether the top discard lets the hand go out, or brings it closer (GOR-4)."""
    top = view.discard_pile[0]
    hand = sorted_hand((*view.hand, top))
    if _goes_out(strategy, view.rules, hand):
        return True
    shape = _shape(strategy, view.rules, hand)
    after = min(shape.short(without(hand, [card])) for card in dict.fromkeys(view.hand))
    return after < shape.short(view.hand)


# A shape and going out are pure functions of the rules and the hand, and a
# search's playouts meet the same hands again and again: a shape kept keeps
# its reckoning of the hands within it too.
@functools.lru_cache(maxsize=4096)
def _shape(
    strategy: GoingOutStrategy, rules: PlayableRules[Any], hand: tuple[Card, ...]
) -> Shape:
    """The strategy's shape of the sorted hand, kept for the next decision that holds it."""
    return strategy.shape(rules, hand)


@functools.lru_cache(maxsize=4096)
def _goes_out(
    strategy: GoingOutStrategy, rules: PlayableRules[Any], hand: tuple[Card, ...]
) -> bool:
    """Whether the sorted hand goes out, kept for the next decision that asks."""
    return strategy.goes_out(rules, hand)
