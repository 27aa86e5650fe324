"""What a view tells a bot of the other hands: the cards they took face up and still hold.

A card taken from the discard pile is known to lie in its taker's hand
until it is played (``view.known``). It shows what the taker collects: a
discard close to it is the likeliest to be taken, claimed or laid off by
them. The greedy bots of every game read it the same way, through
:func:`known_to_others`.

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=7).apply("take")
>>> [str(card) for card in known_to_others(game.view(0))]
['5C']
"""

from __future__ import annotations

from rummyrules.core.cards import Card
from rummyrules.game.state import View

__all__ = ["known_to_others"]


def known_to_others(view: View) -> tuple[Card, ...]:
    """The cards the other players are known to hold: taken from the pile and not yet played.

    >>> from rummyrules import GinRummy
    >>> from rummyrules.bots.reading import known_to_others
    >>> game = GinRummy().new_game(seed=3)
    >>> known_to_others(game.view(1)), len(known_to_others(game.apply("take").view(1)))
    ((), 1)
    """
    return tuple(
        card
        for seat, cards in enumerate(view.known)
        if seat != view.player
        for card in cards
    )
