"""End of the Page's deal: a flipped card sets each hand, the dealer's the wild rank.

A game deals a round at a time from the seed or a stacked deck (EOP-2 …
EOP-4); each next round passes the deal one seat left (EOP-R1), until the
page is full (EOP-17), and the page itself may be taped longer or ripped
shorter between rounds.

>>> from rummyrules import EndOfThePage
>>> game = new_game(EndOfThePage(), seed=3)
>>> game.round, game.phase, game.to_move
(1, <Phase.DRAW: 'draw'>, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import attrs

from rummyrules.core.cards import Card, Rank
from rummyrules.core.errors import OptionError
from rummyrules.core.hands import sorted_hand
from rummyrules.core.inputs import brief
from rummyrules.game import rummy500
from rummyrules.game.state import Phase, PlayableRules
from rummyrules.games.end_of_the_page.state import EndOfThePageState

__all__ = ["deal", "hand_size", "new_game", "with_page"]

State = EndOfThePageState

_SIZES: Final = {Rank.JACK: 11, Rank.QUEEN: 12, Rank.KING: 13, Rank.ACE: 14}


def hand_size(card: Card) -> int:
    """How many cards a flipped card deals (EOP-2): 3 to 10 face value, J 11 … A 14.

    >>> hand_size(Card.parse("7H")), hand_size(Card.parse("AS"))
    (7, 14)
    """
    if card.rank is None:  # pragma: no cover - End of the Page has no WILDCARDs
        raise OptionError("a WILDCARD deals no hand in End of the Page")
    return _SIZES.get(card.rank, int(card.rank))


def new_game(
    rules: PlayableRules[Any],
    *,
    seed: int = 0,
    deck: Sequence[Card] | None = None,
    dealer: int = 0,
) -> State:
    """Deal the first round, from the seed or from a whole stacked deck (top first).

    >>> from rummyrules import EndOfThePage
    >>> new_game(EndOfThePage(), seed=8) == EndOfThePage().new_game(seed=8)
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
    """Deal one round from the deck order (EOP-2, EOP-3, EOP-4).

    From the dealer's left, each player's top card is flipped and sets how
    many cards they get, itself included; the dealer is dealt last, and the
    dealer's first card that is not an Ace sets the wild rank. Then one card
    starts the discard pile.

    >>> from rummyrules import EndOfThePage
    >>> rules = EndOfThePage()
    >>> game = deal(rules, rules.deck(), seed=0, dealer=0, sheet=())
    >>> [len(hand) for hand in game.hands], str(game.wild), str(game.discard_pile[0])
    ([4, 14], '4', '8H')
    """
    players = rules.players
    hands: list[tuple[Card, ...]] = [()] * players
    top = 0
    wild_card: Card | None = None
    for seat in range(1, players + 1):
        player = (dealer + seat) % players
        count = hand_size(order[top])
        dealt = tuple(order[top : top + count])
        if player == dealer:
            wild_card = next(card for card in dealt if card.rank is not Rank.ACE)
        hands[player] = sorted_hand(dealt)
        top += count
    if wild_card is None:  # pragma: no cover - the dealer is always dealt
        raise AssertionError(order)
    return State(
        rules=rules,
        seed=seed,
        dealer=dealer,
        wild=wild_card.rank,
        face_up=wild_card,
        hands=tuple(hands),
        stock=tuple(order[top + 1 :]),
        discard_pile=(order[top],),
        score_sheet=sheet,
        phase=Phase.DRAW,
        to_move=(dealer + 1) % players,
        had_turn=(False,) * players,
    )


def with_page(state: State, rounds: int) -> State:
    """The game with a page of ``rounds`` rows, taped longer or ripped shorter (EOP-17).

    The page never gets shorter than the rounds already begun. A game that
    was over goes on when the page grows.

    >>> from rummyrules import EndOfThePage
    >>> with_page(EndOfThePage().new_game(seed=1), 0)
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: the page must keep at least the 1 rounds already begun, not 0 (EOP-17)
    """
    begun = len(state.score_sheet) + (0 if state.is_over else 1)
    if type(rounds) is not int or rounds < max(1, begun):
        message = (
            f"the page must keep at least the {begun} rounds already begun, "
            f"not {brief(rounds)} (EOP-17)"
        )
        raise OptionError(message)
    page: dict[str, Any] = {"rounds": rounds}
    state = state.replace(rules=attrs.evolve(state.rules, **page))
    if state.is_over and rounds > len(state.score_sheet):
        return rummy500.next_round(state, deal)
    return state
