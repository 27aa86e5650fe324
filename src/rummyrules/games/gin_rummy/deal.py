"""Gin Rummy's deal: player 0's cards, then player 1's, then the upcard (GIN-1, GIN-10).

>>> from rummyrules import GinRummy
>>> game = GinRummy().new_game(seed=2)
>>> [len(hand) for hand in game.hands], len(game.discard_pile)
([10, 10], 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummyrules.core.cards import Card, Rank
from rummyrules.core.hands import sorted_hand
from rummyrules.game.dealing import first_order
from rummyrules.game.playable import PlayableRules
from rummyrules.games.gin_rummy.deadwood import card_points
from rummyrules.games.gin_rummy.state import GinRummyPhase, GinRummyState, options_of

__all__ = ["deal_hand", "new_game"]

State = GinRummyState
Phase = GinRummyPhase


def new_game(
    rules: PlayableRules[Any],
    *,
    seed: int = 0,
    deck: Sequence[Card] | None = None,
    dealer: int = 0,
) -> State:
    """Deal a hand from the seed or a whole stacked deck (top card first).

    Player 0's cards first, then player 1's, then the upcard (GIN-1), as
    OpenSpiel deals. With ``oklahoma`` the upcard sets the knock card
    (GIN-10).

    >>> from rummyrules import GinRummy
    >>> rules = GinRummy(hand_size=2, oklahoma=True)
    >>> game = new_game(rules, deck=rules.stacked_deck("7S 8S 9H 9D 4C"))
    >>> [" ".join(map(str, hand)) for hand in game.hands], game.knock_card
    (['7S 8S', '9H 9D'], 4)
    """
    order = first_order(rules, players=2, seed=seed, deck=deck, dealer=dealer)
    return deal_hand(rules, order, seed=seed, dealer=dealer, score_sheet=())


def deal_hand(
    rules: PlayableRules[Any],
    order: Sequence[Card],
    *,
    seed: int,
    dealer: int,
    score_sheet: tuple[tuple[int, ...], ...],
) -> State:
    """A hand dealt from a deck order, after the hands already on the score sheet."""
    rule_options = options_of(rules)
    size = rule_options.hand_size
    upcard = order[2 * size]
    knock_card = rule_options.knock_card
    if rule_options.oklahoma:
        knock_card = 0 if upcard.rank is Rank.ACE else card_points(upcard)
    return State(
        rules=rules,
        seed=seed,
        dealer=dealer,
        hands=(sorted_hand(order[:size]), sorted_hand(order[size : 2 * size])),
        stock=tuple(order[2 * size + 1 :]),
        discard_pile=(upcard,),
        phase=Phase.UPCARD,
        to_move=0,
        knock_card=knock_card,
        score_sheet=score_sheet,
    )
