"""What one player may see at the table: a view of the game state.

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
from typing import TYPE_CHECKING, Final

import attrs

from rummyrules.core.cards import Card, Rank
from rummyrules.game.moves import Move
from rummyrules.game.table import TableMeld

if TYPE_CHECKING:
    from rummyrules.game.rules import PlayableRules
    from rummyrules.game.state import GameState, Phase, Turn

__all__ = ["FEW", "SOME", "StockSize", "View", "view_of"]

FEW: Final = 10
"""A stock of fewer cards than this is ``few``."""
SOME: Final = 30
"""A stock of fewer cards than this (and at least :data:`FEW`) is ``some``."""


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
    """What one player may see of a game, as a frozen value.

    Attributes:
        rules: The game's rules, with every option (they are agreed at the table).
        player: Whose view this is.
        hand: The player's own hand.
        hand_sizes: How many cards each player holds.
        round: The round being played.
        dealer: The dealer of this round.
        wild: This round's wild rank (None in Going Out Rummy).
        face_up: The wild-rank card lying face up in its holder's hand (EOP-3, F14-4).
        face_up_holder: Who holds ``face_up``; None once it is played.
        marker: 1400: the wild-rank card set aside on the table (F14-R3).
        melds: The melds on the table, with who played each card.
        discard_pile: The discard pile as far as it may be seen, top card
            first: all of it, or in Going Out Rummy its top card only (GOR-11).
        stock_size: The stock's rough size.
        stock_count: The exact number of cards in the stock; None in Going
            Out Rummy, where nobody may count it (GOR-11).
        scores: Each player's running total.
        score_sheet: One row of scores per finished round.
        phase: What kind of move comes next.
        to_move: The player to move; None when the game is over.
        turn: What has happened in this player's own turn; empty when it is
            another player's turn.
        claim: 1400: the last discard while it may still be claimed (F14-12).
        discarder: Who discarded ``claim``.
        out: Who went out this round, if anyone.
        dropped: Going Out Rummy: who has dropped out (GOR-10).
        winners: Who won, once the game is over.
        legal_moves: The moves this player may make now: all of them on their
            turn, otherwise any they may make out of turn.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=2)
    >>> view = game.view(0)
    >>> view.discard_pile == game.discard_pile, view.stock_count == len(game.stock)
    (True, True)
    """

    rules: PlayableRules
    player: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    round: int
    dealer: int
    wild: Rank | None
    face_up: Card | None
    face_up_holder: int | None
    marker: Card | None
    melds: tuple[TableMeld, ...]
    discard_pile: tuple[Card, ...]
    stock_size: StockSize
    stock_count: int | None
    scores: tuple[int, ...]
    score_sheet: tuple[tuple[int, ...], ...]
    phase: Phase
    to_move: int | None
    turn: Turn
    claim: Card | None
    discarder: int | None
    out: int | None
    dropped: tuple[int, ...]
    winners: tuple[int, ...]
    legal_moves: tuple[Move, ...]


def view_of(state: GameState, player: int) -> View:
    """The view of ``state`` that ``player`` may see (see :meth:`~rummyrules.GameState.view`).

    >>> from rummyrules import GoingOutRummy
    >>> rules = GoingOutRummy(hand_size=2)
    >>> game = rules.new_game(deck=rules.stacked_deck("2S 3S 4S 5S KH 9H QD"))
    >>> game = game.apply("draw").apply("discard KH").apply("draw")
    >>> game = game.apply("discard 9H")
    >>> [str(card) for card in game.discard_pile]
    ['9H', 'KH']
    >>> [str(card) for card in view_of(game, 0).discard_pile]
    ['9H']
    """
    from rummyrules.game.state import Turn  # noqa: PLC0415 - state imports this module

    hidden = state.rules.hides_piles
    mine = state.to_move == player
    return View(
        rules=state.rules,
        player=player,
        hand=state.hands[player],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        round=state.round,
        dealer=state.dealer,
        wild=state.wild,
        face_up=state.face_up,
        face_up_holder=state.face_up_holder,
        marker=state.marker,
        melds=state.table,
        discard_pile=state.discard_pile[:1] if hidden else state.discard_pile,
        stock_size=StockSize.of(len(state.stock)),
        stock_count=None if hidden else len(state.stock),
        scores=state.scores,
        score_sheet=state.score_sheet,
        phase=state.phase,
        to_move=state.to_move,
        turn=state.turn if mine else Turn(),
        claim=state.claim,
        discarder=state.discarder,
        out=state.out,
        dropped=state.dropped,
        winners=state.winners,
        legal_moves=state.legal_moves(player=player),
    )
