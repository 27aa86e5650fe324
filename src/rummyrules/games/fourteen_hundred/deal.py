"""1400's deal: a face-up card sets each hand, the next card the wild rank.

A game deals a round at a time from the seed or a stacked deck (F14-3 …
F14-5); each next round passes the deal one seat left (F14-R4), until a
player reaches the target (F14-15). The round opens on the first upcard.

>>> from rummyrules import FourteenHundred
>>> game = new_game(FourteenHundred(players=2), seed=3)
>>> game.round, game.phase, game.to_move
(1, <FourteenHundredPhase.OPENING: 'opening'>, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummyrules.core.cards import Card, Rank
from rummyrules.core.errors import OptionError
from rummyrules.core.hands import sorted_hand
from rummyrules.game import rummy500
from rummyrules.game.state import PlayableRules
from rummyrules.games.fourteen_hundred.state import (
    FourteenHundredPhase,
    FourteenHundredState,
)

__all__ = ["deal", "hand_size", "new_game"]

State = FourteenHundredState
Phase = FourteenHundredPhase


def hand_size(card: Card, *, ace: int = 15) -> int:
    """How many cards a face-up card deals (F14-3): 2 to 9 face value, 10 to K 10.

    An Ace deals ``ace`` cards: 15 by default, or 16 (F14-R2).

    >>> (
    ...     hand_size(Card.parse("7H")),
    ...     hand_size(Card.parse("QS")),
    ...     hand_size(Card.parse("AS")),
    ... )
    (7, 10, 15)
    """
    if card.rank is None:  # pragma: no cover - 1400 has no WILDCARDs
        raise OptionError("a WILDCARD deals no hand in 1400")
    if card.rank is Rank.ACE:
        return ace
    return min(int(card.rank), 10)


def new_game(
    rules: PlayableRules[Any],
    *,
    seed: int = 0,
    deck: Sequence[Card] | None = None,
    dealer: int = 0,
) -> State:
    """Deal the first round, from the seed or from a whole stacked deck (top first).

    >>> from rummyrules import FourteenHundred
    >>> new_game(FourteenHundred(), seed=8) == FourteenHundred().new_game(seed=8)
    True
    """
    return rummy500.start(rules, deal, seed=seed, deck=deck, dealer=dealer)


def deal(
    rules: Any,
    order: Sequence[Card],
    *,
    seed: int,
    dealer: int,
    sheet: tuple[tuple[int, ...], ...],
) -> State:
    """Deal one round from the deck order (F14-3, F14-4, F14-5).

    From the dealer's left each player's first card, face up, sets how many
    cards they get, itself included. Then one card, face up, sets the wild
    rank: it is dealt to the player on the dealer's left (F14-R3), or stays
    on the table as a marker. Then one card starts the discard pile.

    >>> from rummyrules import FourteenHundred
    >>> rules = FourteenHundred(players=2)
    >>> game = deal(rules, rules.deck(), seed=0, dealer=0, sheet=())
    >>> [len(hand) for hand in game.hands], str(game.wild), str(game.discard_pile[0])
    ([3, 16], '6', '7H')
    """
    players = rules.players
    hands: list[list[Card]] = [[] for _ in range(players)]
    top = 0
    for seat in range(1, players + 1):
        player = (dealer + seat) % players
        count = hand_size(order[top], ace=rules.ace_hand_size)
        hands[player] = list(order[top : top + count])
        top += count
    wild_card, upcard = order[top], order[top + 1]
    left = (dealer + 1) % players
    if rules.wild_card_dealt:
        hands[left].append(wild_card)
    return State(
        rules=rules,
        seed=seed,
        dealer=dealer,
        wild=wild_card.rank,
        face_up=wild_card if rules.wild_card_dealt else None,
        marker=None if rules.wild_card_dealt else wild_card,
        hands=tuple(sorted_hand(hand) for hand in hands),
        stock=tuple(order[top + 2 :]),
        discard_pile=(upcard,),
        score_sheet=sheet,
        phase=Phase.OPENING,
        to_move=left,
    )
