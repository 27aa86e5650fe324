"""Gin Rummy's deal: player 0's cards, then player 1's, then the upcard (GIN-1, GIN-10).

>>> from rummyrules import GinRummy
>>> game = GinRummy().new_game(seed=2)
>>> [len(hand) for hand in game.hands], len(game.discard_pile)
([10, 10], 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from rummyrules.core.cards import Card, Rank
from rummyrules.core.errors import OptionError
from rummyrules.core.hands import sorted_hand
from rummyrules.game.dealing import first_order
from rummyrules.game.playable import PlayableRules
from rummyrules.games.gin_rummy.deadwood import card_points
from rummyrules.games.gin_rummy.state import GinRummyPhase, GinRummyState, options_of

__all__ = ["DEALER_ZERO", "deal_hand", "new_game", "oklahoma_knock_card"]

DEALER_ZERO: Final = (
    "dealer must be 0 in Gin Rummy: player 0 always moves first (GIN-3)"
)
"""Why a game of Gin Rummy has no other dealer: the deal fixes who moves first."""

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
    >>> new_game(rules, dealer=1)
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: dealer must be 0 in Gin Rummy: player 0 always moves first (GIN-3)
    """
    order = first_order(rules, players=2, seed=seed, deck=deck, dealer=dealer)
    if dealer != 0:
        raise OptionError(DEALER_ZERO)
    return deal_hand(rules, order, seed=seed, score_sheet=())


def deal_hand(
    rules: PlayableRules[Any],
    order: Sequence[Card],
    *,
    seed: int,
    score_sheet: tuple[tuple[int, ...], ...],
    turns: int = 0,
) -> State:
    """A hand dealt from a deck order, after the hands already on the score sheet.

    ``turns`` are those of the hands before: the turn limit bounds the game
    (ALL-5).
    """
    rule_options = options_of(rules)
    size = rule_options.hand_size
    upcard = order[2 * size]
    knock_card = rule_options.knock_card
    if rule_options.oklahoma:
        knock_card = oklahoma_knock_card(upcard)
    return State(
        rules=rules,
        seed=seed,
        dealer=0,  # nobody else deals: player 0 moves first (GIN-3)
        hands=(sorted_hand(order[:size]), sorted_hand(order[size : 2 * size])),
        stock=tuple(order[2 * size + 1 :]),
        discard_pile=(upcard,),
        phase=Phase.UPCARD,
        to_move=0,
        knock_card=knock_card,
        score_sheet=score_sheet,
        turns=turns,
    )


def oklahoma_knock_card(upcard: Card) -> int:
    """The knock card the first upcard sets under ``oklahoma``: its value, an Ace gin only (GIN-10).

    >>> [oklahoma_knock_card(Card.parse(text)) for text in ["7H", "KS", "AD"]]
    [7, 10, 0]
    """
    return 0 if upcard.rank is Rank.ACE else card_points(upcard)
