"""Deck orders and the stock: what every variant's deal does the same way.

Every game's deck order comes from a seed, through the library's one shuffle,
or is given whole as a stacked deck (top card first), checked card by card.

>>> from rummyrules import EndOfThePage
>>> order = first_order(EndOfThePage(), players=2, seed=5, deck=None, dealer=0)
>>> sorted(map(str, order)) == sorted(map(str, EndOfThePage().deck()))
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TypeVar, cast

import attrs

from rummyrules.core.cards import Card
from rummyrules.core.errors import DeckError, OptionError
from rummyrules.core.hands import some_cards
from rummyrules.core.inputs import (
    MAX_DIGITS,
    brief,
    expect,
    expect_player,
    too_many_digits,
    wrong_type,
)
from rummyrules.core.options import StockOut
from rummyrules.core.shuffle import shuffled
from rummyrules.game.rules import Rules
from rummyrules.game.state import GameState

S = TypeVar("S", bound=GameState)

__all__ = [
    "can_draw",
    "check_seat",
    "check_seed",
    "checked_deck",
    "first_order",
    "rebuilt_stock",
]


def first_order(
    rules: Rules, *, players: int, seed: int, deck: Sequence[Card] | None, dealer: int
) -> tuple[Card, ...]:
    """The first round's deck order: a stacked deck checked whole, or the seed's shuffle.

    Also checks the seed and the first dealer, so that a new game either
    starts right or says what is wrong.

    >>> from rummyrules import EndOfThePage
    >>> first_order(EndOfThePage(), players=2, seed=0, deck=None, dealer=2)
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: dealer must be a player, from 0 to 1, not 2
    """
    check_seat(dealer, name="dealer", players=players)
    check_seed(seed)
    if deck is None:
        return shuffled(rules.deck(), seed, "round", 1)
    return checked_deck(rules, deck)


def check_seat(seat: object, *, name: str, players: int) -> None:
    """Refuse a seat (a dealer, a shuffler) that is no player at the table.

    A value that is no whole number raises TypeError; a number that is no
    player's raises :class:`~rummyrules.OptionError`.

    >>> check_seat(3, name="shuffler", players=3)
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: shuffler must be a player, from 0 to 2, not 3
    """
    expect_player(seat, name=name)
    if not 0 <= cast("int", seat) < players:
        message = f"{name} must be a player, from 0 to {players - 1}, not {brief(seat)}"
        raise OptionError(message)


def check_seed(seed: object) -> None:
    """Refuse a seed that is no whole number (TypeError), or one of more than 100 digits.

    Every number the library reads back from text has at most
    :data:`~rummyrules.core.inputs.MAX_DIGITS` digits, so a seed has too: a game
    saved, written as a position or recorded reads back.

    >>> check_seed(10**100)
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: seed must be a whole number of at most 100 digits, not a number of about 101 digits
    """
    expect(seed, int, name="seed", what="a whole number (int)")
    if too_many_digits(cast("int", seed)):
        message = (
            f"seed must be a whole number of at most {MAX_DIGITS} digits, not "
            f"{brief(seed)}"
        )
        raise OptionError(message)


def checked_deck(rules: Rules, deck: Sequence[Card]) -> tuple[Card, ...]:
    """A stacked deck, checked to be exactly the game's cards (top card first).

    Anything but a sequence of :class:`~rummyrules.Card` values raises
    TypeError (:meth:`~rummyrules.Rules.stacked_deck` reads card text).

    >>> from rummyrules import GoingOutRummy, parse_cards
    >>> checked_deck(GoingOutRummy(), parse_cards("AS 2S"))
    Traceback (most recent call last):
    ...
    rummyrules.DeckError: the deck must be the game's 156 cards, top card first; this one has 2: it lacks AS AS 2S 2S 3S 3S 3S 4S 4S 4S and 144 more
    """
    if isinstance(deck, str | bytes | bytearray) or not isinstance(deck, Iterable):
        raise wrong_type(deck, name="deck", what=_DECK)
    order = tuple(deck)
    for card in order:
        if type(card) is not Card:
            raise wrong_type(card, name="each card of the deck", what="a Card")
    want, have = Counter(rules.deck()), Counter(order)
    if want != have:
        parts = []
        if lacks := list((want - have).elements()):
            parts.append("it lacks " + some_cards(lacks))
        if extra := list((have - want).elements()):
            parts.append("it has too many " + some_cards(extra))
        message = (
            f"the deck must be the game's {len(rules.deck())} cards, top card first; "
            f"this one has {len(order)}: {'; '.join(parts)}"
        )
        raise DeckError(message)
    return order


_DECK = "a sequence of Cards, top card first (rules.stacked_deck reads card text)"


def rebuilt_stock(state: S, how: StockOut) -> S:
    """An empty stock ends the round, or is rebuilt from the discard pile (EOP-R4, F14-R10).

    The state is returned as it is when the round should end instead: under
    ``end_round``, or when the pile has nothing below its top card.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=1)
    >>> game = attrs.evolve(game, stock=(), discard_pile=game.discard_pile + game.stock)
    >>> len(rebuilt_stock(game, StockOut.FLIP).stock) == len(game.discard_pile) - 1
    True
    """
    if not _rebuilds(state, how):
        return state
    pile = state.discard_pile
    rest = pile[1:]
    if how is StockOut.RESHUFFLE:
        stock = shuffled(
            rest, state.seed, "round", state.round, "reshuffle", state.reshuffles + 1
        )
    else:
        stock = tuple(reversed(rest))  # the pile turned over: its bottom card on top
    return attrs.evolve(
        state, stock=stock, discard_pile=pile[:1], reshuffles=state.reshuffles + 1
    )


def can_draw(state: GameState, how: StockOut) -> bool:
    """Whether a draw would find a card, in the stock or in one rebuilt from the pile.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=1)
    >>> game = attrs.evolve(game, stock=(), discard_pile=game.discard_pile + game.stock)
    >>> can_draw(game, StockOut.END_ROUND), can_draw(game, StockOut.FLIP)
    (False, True)
    """
    return bool(state.stock) or _rebuilds(state, how)


def _rebuilds(state: GameState, how: StockOut) -> bool:
    """Whether an empty stock is rebuilt from the pile's cards below its top (EOP-R4)."""
    return how is not StockOut.END_ROUND and len(state.discard_pile) >= 2
