"""Going Out Rummy's deal: one hand each, one card at a time, and no upcard (GOR-3).

A game is one hand: dealt from the seed or a stacked deck, with the rest as
the stock and an empty discard pile, so the first player draws from the
stock.

>>> from rummyrules import GoingOutRummy
>>> game = new_game(GoingOutRummy(players=3), seed=3)
>>> [len(hand) for hand in game.hands], game.discard_pile, game.to_move
([7, 7, 7], (), 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummyrules.core.cards import Card
from rummyrules.core.hands import sorted_hand
from rummyrules.game.dealing import first_order
from rummyrules.game.state import Phase, PlayableRules
from rummyrules.games.going_out.state import GoingOutState

__all__ = ["deal", "new_game"]

State = GoingOutState


def new_game(
    rules: PlayableRules[Any],
    *,
    seed: int = 0,
    deck: Sequence[Card] | None = None,
    dealer: int = 0,
) -> State:
    """Deal a game, from the seed or from a whole stacked deck (top card first).

    >>> from rummyrules import GoingOutRummy
    >>> new_game(GoingOutRummy(), seed=8) == GoingOutRummy().new_game(seed=8)
    True
    """
    order = first_order(
        rules, players=rules.players, seed=seed, deck=deck, dealer=dealer
    )
    return deal(rules, order, seed=seed, dealer=dealer)


def deal(rules: Any, order: Sequence[Card], *, seed: int, dealer: int) -> State:
    """Deal the hands from the deck order (GOR-3).

    One card at a time, clockwise from the dealer's left, ``hand_size`` each.
    The rest is the stock; there is no upcard, so the discard pile starts
    empty and the first player must draw from the stock.

    >>> from rummyrules import GoingOutRummy
    >>> rules = GoingOutRummy(players=3, hand_size=2)
    >>> game = deal(rules, rules.deck(), seed=0, dealer=0)
    >>> [" ".join(map(str, hand)) for hand in game.hands], game.discard_pile
    (['3S 6S', 'AS 4S', '2S 5S'], ())
    """
    players = rules.players
    dealt = players * rules.hand_size
    hands = [sorted_hand(order[seat:dealt:players]) for seat in range(players)]
    # The first card goes to the dealer's left: rotate so index = player.
    first = (dealer + 1) % players
    by_player = [hands[(player - first) % players] for player in range(players)]
    return State(
        rules=rules,
        seed=seed,
        dealer=dealer,
        hands=tuple(by_player),
        stock=tuple(order[dealt:]),
        discard_pile=(),
        phase=Phase.DRAW,
        to_move=first,
    )
