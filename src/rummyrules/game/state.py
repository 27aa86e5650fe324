"""The game state every game's own derives from: playing on from where a game stands.

A :class:`GameState` is a frozen value; its fields, and what they tell without
playing on, are those of :class:`~rummyrules.game.state_fields.StateFields`. :meth:`~GameState.apply` returns a
new state and never changes the old one; a refused move raises and changes
nothing (ALL-3). Each game's state (``EndOfThePageState``,
``FourteenHundredState``, ``GoingOutState``) adds only its own fields; what
moves are legal, and what a move does, is the business of the game's
integer core (:mod:`rummyrules.game.cores`), and why a move is refused that
of its turn machine (:mod:`rummyrules.game.machine`), which the state asks
through its rules object.

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=7)
>>> game.round, game.to_move, game.phase
(1, 1, <Phase.DRAW: 'draw'>)
>>> after = game.apply("draw")
>>> len(after.hand(1)) == len(game.hand(1)) + 1, game.phase
(True, <Phase.DRAW: 'draw'>)
"""

from __future__ import annotations

import abc
from collections.abc import Callable
from typing import Any, Self, TypeVar

import attrs

from rummyrules.core.inputs import expect_player
from rummyrules.game.actions import ActionsState
from rummyrules.game.duties import Duty
from rummyrules.game.events import Cause, Event, cause_of, describe, known_after
from rummyrules.game.moves import Move, Take
from rummyrules.game.playable_rules import PlayableRules
from rummyrules.game.to_move import Phase, seated_player, sent_move
from rummyrules.game.view import StockSize, View

__all__ = ["GameState", "Phase", "PlayableRules", "View", "played_on_machine"]


T = TypeVar("T")
S = TypeVar("S", bound="GameState")


@attrs.frozen(kw_only=True)
class GameState(ActionsState):
    """A game in progress (or over), as a frozen value: what every game has.

    Build one with the rules' ``new_game``; then :meth:`legal_moves` and
    :meth:`apply`. Players are numbered 0, 1, … clockwise; the dealer's left
    is the next number. Each game's state adds its own fields.

    Attributes:
        rules: The game's rules object, with every option.
        seed: The seed that shuffles every deal and every new stock (ALL-4).
        dealer: The dealer of this deal.
        hands: Each player's hand, in the order the library shows cards.
        stock: The stock, top card first.
        discard_pile: The discard pile, top card first.
        melds: The melds on the table, numbered 1, 2, … in the order they
            were laid this round.
        phase: What kind of move comes next.
        to_move: The player to move; None when the game is over.
        turns: How many turns have ended this round (ALL-5).
        reshuffles: How many times the stock was rebuilt this round (EOP-R4).
        known: The cards each player is known to hold: taken from the
            discard pile, face up, and not played since; empty for every
            player when nobody holds such a card (``()``).
        round_results: How the last finished round was counted: its
            :class:`~rummyrules.RoundResult`, alone in the tuple, or ``()``
            before the first count. Only the last is kept, so that a state
            stays the same size however many rounds are played; the score
            sheet keeps every round's row, and the game's record every
            round's result (:func:`~rummyrules.replay_events` tells each
            ``round_ended``). History, like :attr:`events`: two states where
            the game stands the same are equal however they were reached, so
            neither is compared, and a position (which says where the game
            stands) leaves them out.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage(players=3).new_game(seed=5, dealer=1)
    >>> game.players, game.dealer, game.to_move, game.scores
    (3, 1, 2, (0, 0, 0))
    """

    # Legal moves, and what the rules work out from the hands, once per state
    # (caches, not part of the value).
    _legal: tuple[Move, ...] | None = attrs.field(
        default=None, init=False, eq=False, repr=False, hash=False
    )
    _memo: dict[Callable[[Any], Any], Any] | None = attrs.field(
        default=None, init=False, eq=False, repr=False, hash=False
    )
    # What the state kept of the move that made it, and the events worked
    # out from that when first asked for (events.py); set by apply and loads.
    _cause: Cause | None = attrs.field(
        default=None, init=False, eq=False, repr=False, hash=False
    )
    _events: tuple[Event, ...] | None = attrs.field(
        default=None, init=False, eq=False, repr=False, hash=False
    )

    @property
    def events(self) -> tuple[Event, ...]:
        """What the move that made this state did, as everyone at the table saw it.

        Each event names what happened (see :class:`~rummyrules.Event`); a
        card drawn from the stock is shown here, and hidden from other
        players in their views (:attr:`View.events <rummyrules.View.events>`).
        A new game, or a state read from a position, has none.

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=7)
        >>> game.events
        ()
        >>> [(event.kind, event.player) for event in game.apply("draw").events]
        [('draw', 1)]
        """
        events = self._events
        if events is None:
            cause = self._cause
            events = () if cause is None else describe(cause, self)
            object.__setattr__(self, "_events", events)
            object.__setattr__(self, "_cause", None)
        return events

    def with_events(self, events: tuple[Event, ...]) -> Self:
        """This state carrying ``events`` as those of the move that made it (for loads).

        >>> from rummyrules import EndOfThePage, Event
        >>> game = EndOfThePage().new_game(seed=7)
        >>> game.with_events((Event(kind="pass", player=1),)).events[0].kind
        'pass'
        """
        new = self.replace()
        object.__setattr__(new, "_events", events)
        return new

    def memo(self, work: Callable[[Self], T]) -> T:
        """What ``work(state)`` gives, worked out once for this state and kept.

        The rules of a turn ask the same things of one state many times (what
        the hand melds, what fits the table); each is worked out once.

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=1)
        >>> game.memo(lambda state: len(state.stock)) == len(game.stock)
        True
        """
        memo = self._memo
        if memo is None:
            memo = {}
            object.__setattr__(self, "_memo", memo)
        try:
            found: T = memo[work]
        except KeyError:
            found = memo[work] = work(self)
        return found

    def legal_moves(self, player: int | None = None) -> tuple[Move, ...]:
        """Every move the player to move may make, and nothing else (ALL-2).

        Each wild card in a listed meld or lay-off is declared. The moves come
        in a fixed order, so the same state lists them the same way. With
        ``player``, the moves that player may make now even out of turn (in
        1400, claims of the last discard, F14-12); a ``player`` that is no
        whole number (``"0"``, ``True``) raises TypeError.

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=1)
        >>> [str(move) for move in game.legal_moves()], game.legal_moves(player=0)
        (['draw', 'take'], ())
        """
        game = self.rules.core
        if player is not None:
            # Read off the core: on a state the fast path made, to_move and
            # the seats would work out every field.
            seat = self._seated(player)
            if seat != self.current_player():
                return self._listed_on_core(game, seat)
        legal = self._legal
        if legal is None:
            legal = self._listed_on_core(game, None)
            # Set once: a frozen value may still remember what it worked out.
            object.__setattr__(self, "_legal", legal)
        return legal

    def apply(self, move: Move | str, *, player: int | None = None) -> Self:
        """The state after the move; the move may be a value or its text.

        With ``player``, the move is made by that player (a front end passes
        the seat that sent it): a move that names no player is theirs, and a
        move in their turn or out of it is checked as such.

        Shorthand is accepted where it names exactly one listed move: a wild
        may be left undeclared when it has only one reading. In Going Out
        Rummy, going out is accepted with any valid layout of the hand, not
        only the one :meth:`legal_moves` lists for its discard. A move the rules
        forbid raises :class:`~rummyrules.IllegalMoveError`, naming the rule;
        text that is no move raises :class:`~rummyrules.MoveParseError`.
        Either way this state is unchanged. A move that is neither a
        :class:`~rummyrules.Move` nor text, or a player that is no whole
        number, raises TypeError.

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=1)
        >>> game.apply("discard 7H")
        Traceback (most recent call last):
        ...
        rummyrules.IllegalMoveError: draw first: a turn begins with 'draw' or 'take' (EOP-5)
        >>> game.apply("draw", player=0)
        Traceback (most recent call last):
        ...
        rummyrules.IllegalMoveError: it is player 1's turn, not player 0's (ALL-2)
        >>> game.apply("draw", player=1) == game.apply("draw")
        True
        """
        move = sent_move(move, player)
        game = self.rules.core
        found = self._find_action(game, move)  # refuses a move when over, too
        if found is not None:
            action, actor = found
            core = self._core_value(game)
            after_core = game.apply_action(core, action, actor)
            return self._of_core(after_core, (core, action, actor))
        # Accepted, but named by no action (GOR-7: going out laid out another
        # way than listed): the turn machine plays the move its rules named.
        return played_on_machine(self, self.rules.machine.resolve(self, move))

    def duties(self, player: int) -> tuple[Duty, ...]:
        """What the rules still ask of ``player`` this turn: each obligation in force, with its rule.

        A card taken that must be played (F14-9), a last card that must
        play (EOP-12), a knock's melds owed (GIN-5): each game says its own
        (see :mod:`rummyrules.game.duties`). Only the player to move has
        any; a player off the table raises as :meth:`view` does.

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().position(
        ...     "wild 3 | to_move 1 play | hands 3S 4C / 8D | melds 1: 9D 10D JD"
        ...     " | pile KC | had_turn 1"
        ... )
        >>> [duty.rule for duty in game.duties(1)], game.duties(0)
        (['EOP-12'], ())
        """
        expect_player(player)
        seat = seated_player(self, player)
        if self.is_over or seat != self.to_move:
            return ()
        return self.rules.duties(self, seat)

    def view(self, player: int) -> View:
        """What ``player`` may see: their own hand and what lies face up.

        Other hands show only their sizes; the stock only its size, and in
        Going Out Rummy only roughly, with the discard pile cut to its top
        card (GOR-11). The view lists the player's legal moves. A ``player``
        that is no whole number raises TypeError.

        >>> from rummyrules import GoingOutRummy
        >>> game = GoingOutRummy().new_game(seed=1)
        >>> view = game.view(0)
        >>> (
        ...     view.hand == game.hand(0),
        ...     view.stock_count,
        ...     [str(m) for m in view.legal_moves],
        ... )
        (True, None, ['0: drop'])
        """
        expect_player(player)
        seated_player(self, player)
        return self._view(player)

    @abc.abstractmethod
    def _view(self, player: int) -> View:
        """The game's own view for a player who is at the table."""

    def view_fields(self, player: int) -> dict[str, Any]:
        """The fields of the player's view that every game takes alike, by name.

        Nobody may count the stock or look back through the discard pile
        where the game hides them (GOR-11).

        >>> from rummyrules import GoingOutRummy
        >>> GoingOutRummy().new_game(seed=1).view_fields(0)["stock_count"] is None
        True
        """
        hidden = self.rules.hides_piles
        return {
            "rules": self.rules,
            "player": player,
            "hand": self.hands[player],
            "hand_sizes": tuple(len(hand) for hand in self.hands),
            "dealer": self.dealer,
            "melds": self.melds,
            "discard_pile": self.discard_pile[:1] if hidden else self.discard_pile,
            "stock_size": StockSize.of(len(self.stock)),
            "stock_count": None if hidden else len(self.stock),
            "phase": self.phase,
            "to_move": self.to_move,
            "winners": self.winners,
            "legal_moves": self.legal_moves(player=player),
            "known": self.known or ((),) * len(self.hands),
            "events": tuple(event.seen_by(player) for event in self.events),
            "round_results": self.round_results,
        }


def played_on_machine(state: S, move: Move) -> S:
    """The state after a move the turn machine resolved, played on the machine, its events and known cards kept.

    :meth:`~rummyrules.GameState.apply` comes here for a move no action names (Going
    Out Rummy's going out laid another way than listed, GOR-7).

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=1)
    >>> played_on_machine(game, game.legal_moves()[0]) == game.apply("draw")
    True
    """
    after: S = state.rules.machine.play(state, move)
    actor = (state.to_move if move.player is None else move.player) or 0
    # A few references to what was there before, not a copy: the events
    # are worked out only if someone asks (events.py).
    object.__setattr__(after, "_cause", cause_of(state, move, actor))
    # Only a take, or a card played by a player known to hold some,
    # changes what is known (a new deal starts with nothing known).
    known = state.known
    if type(move) is Take or (
        known and known[actor] and len(after.hands[actor]) < len(state.hands[actor])
    ):
        known = known_after(state, move, actor, after)
        if known is not after.known:
            object.__setattr__(after, "known", known)
    return after
