"""A Going Out Rummy position as a tuple: what each place holds, and the state's fields from it.

The core value keeps what changes every turn in its first places (hands,
stock, pile, phase, player, counters, known cards) and what changes at most a
few times a game (the rules, the seed, the melds laid when someone goes out,
the result, the drops) in one shared tuple at :data:`RARE`, so a draw or a
discard builds one short tuple. Cards are the library's own
:class:`~rummyrules.Card` objects, which are small ints (their codes): a
hand is a sorted tuple of them, exactly the state's field, so the public
fields are read off the value with no conversion.

The stock is the tuple it was dealt or rebuilt as, with the place of its top
card (:data:`AT`): a draw moves the place instead of copying the rest.

>>> from rummyrules import GoingOutRummy
>>> game = GoingOutRummy(players=3).new_game(seed=2)
>>> value = encode(game)
>>> fields(value)["hands"] == game.hands, value[AT]
(True, 0)
>>> all(getattr(game, name) == found for name, found in fields(value).items())
True
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Any, Final

from rummyrules.core.cards import Card

__all__ = [
    "AT",
    "DEALER",
    "DROPPED",
    "DROPPED_CARDS",
    "HANDS",
    "KNOWN",
    "MELDS",
    "PHASE",
    "PILE",
    "RARE",
    "RESHUFFLES",
    "RESULTS",
    "RULES",
    "SEED",
    "STOCK",
    "TO_MOVE",
    "TURNS",
    "WINNER",
    "Value",
    "encode",
    "fields",
    "with_card",
    "without_card",
]

Value = tuple[Any, ...]
"""A core value: the places below, each holding what its comment says."""

# The places of a core value: what a turn changes.
HANDS: Final = 0  # each player's hand, a sorted tuple of cards
STOCK: Final = 1  # the stock as dealt or last rebuilt, top card first
AT: Final = 2  # how many cards of STOCK have been drawn: the stock is STOCK[AT:]
PILE: Final = 3  # the discard pile, top card first
PHASE: Final = 4  # the Phase: draw, play or over (GOR-4)
TO_MOVE: Final = 5  # the player to move, None once the game is over
TURNS: Final = 6  # turns ended (GOR-R4)
RESHUFFLES: Final = 7  # stocks rebuilt from the pile (GOR-9)
KNOWN: Final = 8  # cards known taken from the pile: the state's ``known``
RARE: Final = 9  # the tuple of the places below

# The places of the RARE tuple: what changes a few times a game at most.
RULES: Final = 0  # the GoingOutRummy rules: its options
SEED: Final = 1  # the seed, which shuffles every new stock (GOR-9)
DEALER: Final = 2
MELDS: Final = 3  # the melds laid by going out (GOR-7), as TableMelds
RESULTS: Final = 4  # the state's round_results: the game's result once over
WINNER: Final = 5  # the winner, or None (GOR-7, GOR-R3)
DROPPED: Final = 6  # who dropped out, in order (GOR-10)
DROPPED_CARDS: Final = 7  # their cards, out of play (GOR-10)


def encode(state: Any) -> Value:
    """The core value of a Going Out Rummy state, read from its public fields.

    >>> from rummyrules import GoingOutRummy
    >>> game = GoingOutRummy().new_game(seed=5).apply("draw")
    >>> value = encode(game)
    >>> len(value[HANDS][1]), value[PHASE]
    (8, <Phase.PLAY: 'play'>)
    """
    rare = (
        state.rules,
        state.seed,
        state.dealer,
        state.melds,
        state.round_results,
        state.winner,
        state.dropped,
        state.dropped_cards,
    )
    return (
        state.hands,
        state.stock,
        0,
        state.discard_pile,
        state.phase,
        state.to_move,
        state.turns,
        state.reshuffles,
        state.known,
        rare,
    )


def fields(value: Value) -> dict[str, Any]:
    """Every field of the state at ``value`` but its rules, by name.

    >>> from rummyrules import GoingOutRummy
    >>> game = GoingOutRummy().new_game(seed=5)
    >>> sorted(fields(encode(game)))[:4]
    ['dealer', 'discard_pile', 'dropped', 'dropped_cards']
    """
    rare = value[RARE]
    at = value[AT]
    stock = value[STOCK]
    return {
        "seed": rare[SEED],
        "dealer": rare[DEALER],
        "hands": value[HANDS],
        "stock": stock[at:] if at else stock,
        "discard_pile": value[PILE],
        "melds": rare[MELDS],
        "phase": value[PHASE],
        "to_move": value[TO_MOVE],
        "turns": value[TURNS],
        "reshuffles": value[RESHUFFLES],
        "known": value[KNOWN],
        "round_results": rare[RESULTS],
        "winner": rare[WINNER],
        "dropped": rare[DROPPED],
        "dropped_cards": rare[DROPPED_CARDS],
    }


def with_card(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """The sorted hand with ``card`` put in its place (a card's code is its place).

    >>> from rummyrules import parse_cards
    >>> " ".join(map(str, with_card(parse_cards("AS 9H KC"), parse_cards("9S")[0])))
    'AS 9S 9H KC'
    """
    index = bisect_right(hand, card)  # in C: a hand is short, but this runs every draw
    return (*hand[:index], card, *hand[index:])


def without_card(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """The hand with one copy of ``card`` taken out; the player holds it.

    >>> from rummyrules import parse_cards
    >>> " ".join(
    ...     map(str, without_card(parse_cards("AS 9H 9H KC"), parse_cards("9H")[0]))
    ... )
    'AS 9H KC'
    """
    index = hand.index(card)
    return hand[:index] + hand[index + 1 :]
