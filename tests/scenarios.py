"""What the scenario tests share: moves in notation, refusals, listed moves, cards.

Positions come from stacked decks (``rules.stacked_deck("7S 7H …")``); these
helpers play moves on them by their text and check what every rule test checks.
"""

from __future__ import annotations

from collections import Counter
from typing import TypeVar

import pytest

from rummyrules import Card, GameState, IllegalMoveError

S = TypeVar("S", bound=GameState)


def play(game: S, *moves: str) -> S:
    """The game after these moves, each in move notation."""
    for move in moves:
        game = game.apply(move)
    return game


def refused(game: GameState, move: str) -> IllegalMoveError:
    """The error a move raises; the state must be unchanged (ALL-3)."""
    before = game
    with pytest.raises(IllegalMoveError) as caught:
        game.apply(move)
    assert game == before
    return caught.value


def listed(game: GameState, player: int | None = None) -> list[str]:
    """The legal moves, as text."""
    return [str(move) for move in game.legal_moves(player)]


def texts(cards: tuple[Card, ...]) -> list[str]:
    """Cards as text."""
    return [str(card) for card in cards]


def every_card(game: GameState) -> Counter[Card]:
    """Every card of the game wherever it lies: always the whole deck (ALL-1).

    Hands, stock, discard pile, the melds on the table, 1400's marker and the
    cards of players who dropped out of a Going Out game.
    """
    found = Counter(game.stock) + Counter(game.discard_pile)
    found.update(game.set_aside())
    for hand in game.hands:
        found.update(hand)
    for meld in game.melds:
        found.update(meld.cards)
    return found
