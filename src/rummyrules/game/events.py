"""What a move did: the events each state carries, and what each player may know of them.

Front ends, logs and bots need to know what happened, not only where the
game stands. Each state made by :meth:`~rummyrules.GameState.apply` carries
the events of its move (:attr:`~rummyrules.GameState.events`): the move's own
event (a card drawn, a meld laid as meld 3, a card discarded), and what it
set off (the stock rebuilt, a player out, the round counted, the next deal,
the game's end). A view shows its player the events they may know
(:meth:`Event.seen_by`): a card drawn from the stock is "a card" to everyone
but the drawer.

An event made by a move is named by the move's :attr:`~rummyrules.Move.kind`
(``draw``, ``take``, ``meld``, ``lay_off``, ``discard``, ``pass``,
``claim``, ``go_out``, ``drop``, ``done``, and a game's own moves such as
Gin Rummy's ``knock``);
the others are ``reshuffled``, ``went_out``, ``round_ended``, ``dealt`` and
``game_ended``.

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=7).apply("draw")
>>> [event.kind for event in game.events], len(game.events[0].cards)
(['draw'], 1)
>>> other = game.view(0).events[0]
>>> other.cards, other.hidden
((), 1)

The events are worked out when they are first asked for, from what the state
kept of the move that made it, so a game played without looking at them
costs almost nothing more.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Protocol

import attrs

from rummyrules.core.cards import Card
from rummyrules.game.moves import (
    Draw,
    Move,
    NewMeld,
    Take,
)
from rummyrules.game.results import RoundResult

__all__ = [
    "Cause",
    "Event",
    "Told",
    "cause_of",
    "describe",
    "known_after",
    "rounds_counted",
]


class Told(Protocol):
    """What the events of a move read of the states before and after it."""

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each player's hand."""

    @property
    def melds(self) -> Sequence[object]:
        """The melds on the table."""

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """The discard pile, top card first."""

    @property
    def reshuffles(self) -> int:
        """How many times the stock was rebuilt this round."""

    @property
    def round_results(self) -> tuple[RoundResult, ...]:
        """The last counted round's result (none before the first count)."""

    @property
    def score_sheet(self) -> tuple[tuple[int, ...], ...]:
        """One row of scores per counted round; none in a game that keeps no score."""

    @property
    def known(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each player is known to hold (``()``: none)."""

    @property
    def dealer(self) -> int:
        """The dealer of this deal."""

    @property
    def round(self) -> int:
        """The round being played."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @property
    def winners(self) -> tuple[int, ...]:
        """Who won, once the game is over."""


@attrs.frozen(kw_only=True)
class Event:
    """One thing that happened, as a player saw it.

    Attributes:
        kind: What happened: a move's kind (``draw``, ``meld``, ``knock``),
            or ``reshuffled``, ``went_out``, ``round_ended``, ``dealt``,
            ``game_ended``.
        player: Who did it (who dealt, for ``dealt``); None for what no
            player did (``reshuffled``, ``round_ended``, ``game_ended``).
        cards: The cards it moved that this player may see: the card drawn
            (to the drawer only), taken, laid, laid off, discarded, claimed.
        hidden: How many more cards it moved that this player may not see.
        meld: The number of the meld laid or laid on, where there is one.
        move: The move itself, with what its wild cards stand for.
        result: The round's result, for ``round_ended``.
        winners: The winners, for ``game_ended``.
        round: The round dealt, for ``dealt``.
        private: Whether the cards are the player's own secret (a card drawn
            from the stock): others see only how many.

    >>> from rummyrules import Card, Discard
    >>> event = Event(
    ...     kind="discard",
    ...     player=1,
    ...     cards=(Card.parse("7H"),),
    ...     move=Discard(card=Card.parse("7H")),
    ... )
    >>> event.kind, [str(card) for card in event.cards], str(event.move)
    ('discard', ['7H'], 'discard 7H')
    """

    kind: str
    player: int | None = None
    cards: tuple[Card, ...] = ()
    hidden: int = 0
    meld: int | None = None
    move: Move | None = None
    result: RoundResult | None = None
    winners: tuple[int, ...] = ()
    round: int | None = None
    private: bool = False

    def seen_by(self, player: int) -> Event:
        """The event as ``player`` may know it: others' secret cards become a count.

        >>> from rummyrules import Card
        >>> drew = Event(kind="draw", player=0, cards=(Card.parse("7H"),), private=True)
        >>> drew.seen_by(0) == drew, drew.seen_by(1).cards, drew.seen_by(1).hidden
        (True, (), 1)
        """
        if not self.private or player == self.player or not self.cards:
            return self
        return attrs.evolve(self, cards=(), hidden=self.hidden + len(self.cards))


Cause = tuple[Move, int, tuple[Card, ...], int, int, int, tuple[Card, ...]]
"""What a state keeps of the move that made it, to work out its events later:
the move, its player, that player's hand before it, how many melds lay on the
table, how many times the stock had been rebuilt, how many rounds had been
counted (:func:`rounds_counted`), and the discard pile (its top card is what a
take took)."""


def rounds_counted(state: Told) -> int:
    """How many rounds of the game have been counted: the score sheet's rows.

    A state keeps only the last counted round's result (``round_results``),
    so the rounds are counted on the score sheet; a game that keeps no score
    (Going Out Rummy) has one round, counted once its result is there.

    >>> from rummyrules import EndOfThePage, GoingOutRummy
    >>> rounds_counted(EndOfThePage().new_game(seed=7))
    0
    >>> rounds_counted(GoingOutRummy().new_game(seed=7).apply("0: drop"))
    1
    """
    return len(state.score_sheet) or len(state.round_results)


def cause_of(before: Told, move: Move, player: int) -> Cause:
    """What ``describe`` needs of the state before a move: a few references, no copy.

    >>> from rummyrules import EndOfThePage, Draw
    >>> game = EndOfThePage().new_game(seed=7)
    >>> cause_of(game, Draw(), 1)[1:2]
    (1,)
    """
    return (
        move,
        player,
        before.hands[player],
        len(before.melds),
        before.reshuffles,
        rounds_counted(before),
        before.discard_pile,
    )


def describe(cause: Cause, after: Told) -> tuple[Event, ...]:
    """The events of the move ``cause`` keeps, which led to ``after``.

    >>> from rummyrules import EndOfThePage, Draw
    >>> game = EndOfThePage().new_game(seed=7)
    >>> after = game.apply("draw")
    >>> [event.kind for event in describe(cause_of(game, Draw(), 1), after)]
    ['draw']
    """
    move, player, hand, melds, reshuffles, counted, pile = cause
    # A move counts one round at most, whose result the state keeps.
    results = after.round_results[-1:] if rounds_counted(after) > counted else ()
    same_round = not results
    events: list[Event] = []
    # The events follow what happened: a draw from an empty stock rebuilds
    # it first (EOP-R4); a discard that leaves it empty rebuilds it after
    # (GOR-9).
    rebuilt = same_round and after.reshuffles > reshuffles
    if rebuilt and isinstance(move, Draw):
        events.append(Event(kind="reshuffled"))
    gained = _gained(hand, after.hands[player]) if same_round else ()
    events.append(_move_event(move, player, gained, melds, pile[:1]))
    if rebuilt and not isinstance(move, Draw):
        events.append(Event(kind="reshuffled"))
    if _went_out(move, hand, after, player, results):
        events.append(Event(kind="went_out", player=player))
    events += [Event(kind="round_ended", result=result) for result in results]
    if after.is_over:
        events.append(Event(kind="game_ended", winners=after.winners))
    elif results:
        events.append(Event(kind="dealt", player=after.dealer, round=after.round))
    return tuple(events)


def _gained(before: Sequence[Card], after: Sequence[Card]) -> tuple[Card, ...]:
    """The cards a hand gained, in the library's order (hands are kept sorted)."""
    if len(after) <= len(before):
        return ()
    if len(after) == len(before) + 1:
        # One card more, the usual draw or take: where the sorted hands part.
        for index, card in enumerate(before):
            if after[index] != card:
                return (after[index],)
        return (after[-1],)
    return tuple(sorted((Counter(after) - Counter(before)).elements()))


def _move_event(
    move: Move, player: int, gained: tuple[Card, ...], melds: int, top: tuple[Card, ...]
) -> Event:
    """The move's own event: what it moved, and where (a new meld is the next number)."""
    if isinstance(move, Draw):
        cards = gained  # only the hand shows what was drawn
    elif isinstance(move, Take):
        cards = gained or top
    else:
        cards = move.moved()
    return Event(
        kind=move.kind,
        player=player,
        cards=cards,
        meld=melds + 1 if isinstance(move, NewMeld) else move.target_meld,
        move=move,
        private=isinstance(move, Draw),
    )


def _went_out(
    move: Move,
    hand: Sequence[Card],
    after: Told,
    player: int,
    results: Sequence[RoundResult],
) -> bool:
    """Whether the move's player went out with it: laid down or threw their last card."""
    if move.going_out != "maybe":
        return move.going_out == "always"
    if results:
        return results[0].went_out == player
    return bool(hand) and not after.hands[player]


def known_after(
    before: Told, move: Move, player: int, after: Told
) -> tuple[tuple[Card, ...], ...]:
    """Who is known to hold which cards after the move: ``after.known``, kept up to date.

    A card taken face up from the discard pile is known to be in its
    taker's hand until it is played; a new deal knows nothing. ``()``
    stands for nobody known to hold anything. The tuple given back is
    ``after.known`` itself when nothing changed.

    >>> from rummyrules import EndOfThePage, Take
    >>> game = EndOfThePage().new_game(seed=7)
    >>> after = game.apply("take")
    >>> [str(card) for card in after.known[1]], after.known[0]
    (['5C'], ())
    """
    known = after.known
    if rounds_counted(after) > rounds_counted(before):
        return ()  # the hands were counted: a new deal, or the game's end
    held = known[player] if known else ()
    if isinstance(move, Take):
        gained = _gained(before.hands[player], after.hands[player])
        taken = gained or before.discard_pile[:1]
        new = tuple(sorted((*held, *taken)))
    elif held:
        # The cards that left the hand: each known one is known no more.
        kept = list(held)
        for card in _gained(after.hands[player], before.hands[player]):
            if card in kept:
                kept.remove(card)
        if len(kept) == len(held):
            return known
        new = tuple(kept)
    else:
        return known
    if new == held:
        return known
    found = list(known or ((),) * len(after.hands))
    found[player] = new
    return () if not any(found) else tuple(found)
