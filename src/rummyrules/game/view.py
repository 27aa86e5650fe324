"""What one player may see at the table: the view every game's own derives from.

A :class:`View` holds the player's own hand and everything lying face up, and
nothing else: no other hand, no stock order, no seed. In Going Out Rummy it
also hides what nobody may count or look back at (GOR-11): the stock shows
only a rough size, and the discard pile only its top card.

>>> from rummyrules import GoingOutRummy
>>> game = GoingOutRummy(players=3).new_game(seed=4)
>>> view = game.view(1)
>>> view.hand == game.hand(1), view.hand_sizes, view.stock_size, view.stock_count
(True, (7, 7, 7), <StockSize.MANY: 'many'>, None)
"""

from __future__ import annotations

import enum
from typing import Any, Final

import attrs

from rummyrules.core.cards import Card
from rummyrules.game.events import Event
from rummyrules.game.moves import Move
from rummyrules.game.playable_rules import PlayableRules
from rummyrules.game.results import RoundResult
from rummyrules.game.table import TableMeld

__all__ = ["FEW", "SOME", "WORKED_OUT", "StockSize", "View"]


FEW: Final = 10
"""A stock of fewer cards than this is ``few``."""
SOME: Final = 30
"""A stock of fewer cards than this (and at least :data:`FEW`) is ``some``."""
WORKED_OUT: Final = "worked_out"
"""The metadata key of a view's field that the view works out from its other fields.

Such a field has a default that works it out (Gin Rummy's ``deadwood``). It is
saved with the view, so that a reader of the JSON need not know the rules to
show it; like every field it must be there when a view is read, and it is
checked to agree. An observation (:mod:`rummyrules.rl`) leaves it out, since
it adds nothing to what the other fields show.

>>> import attrs
>>> from rummyrules import GinRummyView
>>> attrs.fields(GinRummyView).deadwood.metadata[WORKED_OUT]
True
"""


class StockSize(enum.Enum):
    """The stock's size as a player may judge it by eye (GOR-11).

    >>> StockSize.of(0), StockSize.of(9), StockSize.of(10), StockSize.of(30)
    (<StockSize.EMPTY: 'empty'>, <StockSize.FEW: 'few'>, <StockSize.SOME: 'some'>, <StockSize.MANY: 'many'>)
    """

    EMPTY = "empty"
    """No cards at all."""
    FEW = "few"
    """1 to 9 cards."""
    SOME = "some"
    """10 to 29 cards."""
    MANY = "many"
    """30 cards or more."""

    @classmethod
    def of(cls, count: int) -> StockSize:
        """The band a stock of ``count`` cards falls in.

        >>> StockSize.of(45).value
        'many'
        """
        if count == 0:
            return cls.EMPTY
        if count < FEW:
            return cls.FEW
        return cls.SOME if count < SOME else cls.MANY


@attrs.frozen(kw_only=True)
class View:
    """What one player may see of a game, as a frozen value: what every game shows.

    Each game's view adds what is its own (the wild rank, the score sheet,
    the player's own turn, who dropped out).

    Attributes:
        rules: The game's rules, with every option (they are agreed at the table).
        player: Whose view this is.
        hand: The player's own hand.
        hand_sizes: How many cards each player holds.
        dealer: The dealer of this deal.
        melds: The melds on the table, with who played each card.
        discard_pile: The discard pile as far as it may be seen, top card
            first: all of it, or in Going Out Rummy its top card only (GOR-11).
        stock_size: The stock's rough size.
        stock_count: The exact number of cards in the stock; None in Going
            Out Rummy, where nobody may count it (GOR-11).
        phase: What kind of move comes next.
        to_move: The player to move; None when the game is over.
        winners: Who won, once the game is over.
        legal_moves: The moves this player may make now: all of them on their
            turn, otherwise any they may make out of turn.
        known: The cards each player is known to hold, taken face up from
            the discard pile and not played since (one entry a player).
        events: What the last move did, as this player may know it: a card
            another player drew from the stock is only counted
            (:meth:`~rummyrules.Event.seen_by`).
        round_results: How the last finished round was counted, every hand
            at the count shown, as at the table: its result alone, or ``()``
            before the first count.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=2)
    >>> view = game.view(0)
    >>> view.discard_pile == game.discard_pile, view.stock_count == len(game.stock)
    (True, True)
    """

    rules: PlayableRules[Any]
    player: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    dealer: int
    melds: tuple[TableMeld, ...]
    discard_pile: tuple[Card, ...]
    stock_size: StockSize
    stock_count: int | None
    phase: enum.StrEnum
    to_move: int | None
    winners: tuple[int, ...]
    legal_moves: tuple[Move, ...]
    known: tuple[tuple[Card, ...], ...]
    events: tuple[Event, ...]
    round_results: tuple[RoundResult, ...]
