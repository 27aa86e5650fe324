"""What every game's turns share: playing only held cards, and the discard.

A card the player does not hold cannot be played, in any game (ALL-1): no
move may make a card out of nothing. Every game that discards offers each
distinct card of the hand.

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=1).apply("draw")
>>> game.apply("discard 2S")
Traceback (most recent call last):
...
rummyrules.IllegalMoveError: you do not hold 2S (ALL-1)
"""

from __future__ import annotations

from collections.abc import Sequence

from rummyrules.core.cards import Card
from rummyrules.core.errors import IllegalMoveError
from rummyrules.core.hands import lacking
from rummyrules.game.moves import Discard, discard_of
from rummyrules.game.state import GameState

__all__ = ["check_held", "discard_options", "name_discard"]


def check_held(hand: Sequence[Card], cards: Sequence[Card]) -> None:
    """Refuse a move that plays cards the hand does not hold (ALL-1).

    No move may make a card out of nothing, in any game.

    >>> from rummyrules import parse_cards
    >>> check_held(parse_cards("7S 7H"), parse_cards("7S 7S"))
    Traceback (most recent call last):
    ...
    rummyrules.IllegalMoveError: you do not hold 2 of 7S (ALL-1)
    """
    missing = lacking(hand, cards)
    if missing is not None:
        raise IllegalMoveError(f"you do not hold {missing}", rule="ALL-1")


def discard_options(state: GameState, player: int) -> list[Discard]:
    """A discard of each distinct card in the player's hand, in the hand's order.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=1).apply("draw")
    >>> [str(move) for move in discard_options(game, 1)][:2]
    ['discard 3H', 'discard 7D']
    """
    return [discard_of(card) for card in dict.fromkeys(state.hands[player])]


def name_discard(state: GameState, move: Discard, player: int) -> list[Discard]:
    """The discard, once the player holds the card (ALL-1).

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=1).apply("draw")
    >>> name_discard(game, Discard(card=Card.parse("2S")), 1)
    Traceback (most recent call last):
    ...
    rummyrules.IllegalMoveError: you do not hold 2S (ALL-1)
    """
    check_held(state.hands[player], [move.card])
    return [move]
