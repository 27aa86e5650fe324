"""The turn machine every game is: phases, kinds of move, and each rule written once.

A game is a phase machine. In each phase a few *kinds* of move may be made:
draw, take, meld, lay off, discard. A :class:`Kind` says which moves of its
kind the cards allow now (its *candidates*) and which rules forbid some of them.
A rule is one function that answers "may this be done here, and if not, which
rule forbids it, in what sentence": it returns ``None`` or a :class:`Refusal`.
A *gate* forbids every move of the kind at once (you have not melded yet, so
you may not lay off, EOP-9); a *filter* forbids one move (your last card can
be laid off, so you may not discard it, EOP-12).

Listing the legal moves and refusing a move ask the very same functions, so
what is listed is what is accepted: a move is accepted only as one of the
kind's candidates that no gate and no filter refuses, and that is the list.

The skeleton here is what every game does the same way: a game that is over,
a player who is not at the table or whose turn it is not (ALL-2, as
:mod:`rummyrules.game.to_move` says), a move the game does not have, a kind
of move the phase does not take, and a move whose wild cards can be read more
than one way (MELD-5). :class:`Machine` shows it at work.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Generic, TypeVar

import attrs

from rummyrules.game.kinds import Kind
from rummyrules.game.moves import Move
from rummyrules.game.refusals import (
    Filter,
    Gate,
    Refusal,
    Test,
    card_refusal,
    refuse,
    refuses_all,
)
from rummyrules.game.to_move import Playing, mover, seated_player

__all__ = [
    "Filter",
    "Gate",
    "Kind",
    "Machine",
    "PhaseRules",
    "Refusal",
    "Test",
    "card_refusal",
    "refuse",
    "refuses_all",
]


S = TypeVar("S", bound=Playing)
M = TypeVar("M", bound=Move)


@attrs.frozen(kw_only=True)
class PhaseRules(Generic[S]):
    """The kinds of move one phase takes, in the order they are listed.

    Attributes:
        kinds: The kinds, in listing order.
        refuse: Why a move of a kind this phase does not take is refused
            (``you have drawn already this turn``, EOP-5).
        shares: Whether some rule limits more than one of the kinds (worked
            out from them): it is then asked once a listing.

    >>> PhaseRules(kinds=(), refuse=lambda state, move: Refusal("no", "ALL-2")).by_move
    {}
    """

    kinds: tuple[Kind[S, Any], ...]
    refuse: Callable[[S, Move], Refusal]
    by_move: Mapping[type[Move], Kind[S, Any]] = attrs.field(init=False)

    probe_order: tuple[Kind[S, Any], ...] = attrs.field(init=False, repr=False)
    shares: bool = attrs.field(init=False, repr=False)

    @by_move.default
    def _by_move(self) -> dict[type[Move], Kind[S, Any]]:
        return {kind.move: kind for kind in self.kinds}

    @probe_order.default
    def _probe_order(self) -> tuple[Kind[S, Any], ...]:
        last_first = self.kinds[::-1]
        free = [kind for kind in last_first if not kind.gates and not kind.filters]
        return (*free, *(kind for kind in last_first if kind not in free))

    @shares.default
    def _shares(self) -> bool:
        rules = [rule for kind in self.kinds for rule in (*kind.gates, *kind.filters)]
        return len(set(rules)) < len(rules)

    def legal_moves(self, state: S, player: int) -> list[Move]:
        """Every move of the phase, in one pass over its kinds (ALL-2).

        A rule several kinds share (End of the Page's pending pickup, EOP-6,
        gates lay-offs and discards alike) is asked once; the kinds'
        candidates come from the analyses each state makes once of the hand
        and the table (:mod:`rummyrules.game.rummy500_hand`, Gin Rummy's
        knock analysis), so no kind works out again what another did.

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=1).apply("draw")
        >>> phase = game.rules.machine.phases[game.phase]
        >>> [str(move) for move in phase.legal_moves(game, 1)][-2:]
        ['discard JC', 'discard QD']
        """
        moves: list[Move] = []
        if self.shares:
            for listed in self._kinds_listed(state, player, self.kinds):
                moves += listed
        else:  # no rule to ask once for several kinds: each lists itself
            for kind in self.kinds:
                moves += kind.legal_moves(state, player)
        return moves

    def has_move(self, state: S, player: int) -> bool:
        """Whether the player has any move in this phase: :meth:`legal_moves`, stopped at the first.

        Any order of the kinds gives the same answer; the cheapest come
        first: the kinds no rule limits (a draw, a pass), then the others
        from the last, which in every game ends the turn (a discard,
        ``done``) and lists the hand as it is.

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=1).apply("draw")
        >>> game.rules.machine.phases[game.phase].has_move(game, 1)
        True
        """
        return any(self._kinds_listed(state, player, self.probe_order))

    def _kinds_listed(
        self, state: S, player: int, kinds: Iterable[Kind[S, Any]]
    ) -> Iterator[list[Any]]:
        """Each kind's legal moves in turn, each gate and filter the kinds share asked once."""
        gated: dict[Gate[S], bool] = {}
        tests: dict[Filter[S, Any], Test[Any] | None] = {}
        for kind in kinds:
            for gate in kind.gates:
                shut = gated.get(gate)
                if shut is None:
                    shut = gated[gate] = gate(state, player) is not None
                if shut:
                    break
            else:
                applying = []
                for rule in kind.filters:
                    if rule in tests:
                        test = tests[rule]
                    else:
                        test = tests[rule] = rule(state)
                    if test is not None:
                        applying.append(test)
                yield kind.passing(state, player, applying)


@attrs.frozen(kw_only=True)
class Machine(Generic[S]):
    """A game's turn machine: its phases, and the kinds any player may make.

    It lists moves (:meth:`legal_moves`, :meth:`moves_for`), names the move
    a player's move stands for or refuses it (:meth:`resolve`), and plays it
    (:meth:`play`). :class:`~rummyrules.GameState` asks it through
    ``state.rules.machine``.

    Attributes:
        game: The game's name, for messages.
        phases: The rules of each phase but the game's end.
        out_of_turn: The kinds any player may make out of turn, in listing order.
        in_game: A rule that forbids a player any move at all (Going Out
            Rummy's players who dropped out, GOR-10).
        refuse_unknown: The game's own words for a move it does not have, where it
            has them; otherwise the move is refused as no move of the game
            (ALL-2).

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=1)
    >>> [str(move) for move in game.legal_moves()]
    ['draw', 'take']
    >>> game.apply("discard 7H")
    Traceback (most recent call last):
    ...
    rummyrules.IllegalMoveError: draw first: a turn begins with 'draw' or 'take' (EOP-5)
    """

    game: str
    phases: Mapping[Any, PhaseRules[S]]
    out_of_turn: tuple[Kind[S, Any], ...] = ()
    in_game: Gate[S] | None = None
    refuse_unknown: Callable[[Move], Refusal | None] | None = None
    moves: frozenset[type[Move]] = attrs.field(init=False)

    @moves.default
    def _moves(self) -> frozenset[type[Move]]:
        found = {kind.move for phase in self.phases.values() for kind in phase.kinds}
        return frozenset(found | {kind.move for kind in self.out_of_turn})

    def legal_moves(self, state: S) -> tuple[Move, ...]:
        """Every move the player to move may make now (ALL-2).

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=1)
        >>> game.rules.machine.legal_moves(game) == game.legal_moves()
        True
        """
        player = state.to_move
        phase = self.phases.get(state.phase)
        if player is None or phase is None:
            return ()
        return tuple(phase.legal_moves(state, player))

    def has_move(self, state: S) -> bool:
        """Whether the player to move has a move (ALL-2): a state read from a save must.

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=1)
        >>> game.rules.machine.has_move(game)
        True
        """
        player = state.to_move
        phase = self.phases.get(state.phase)
        return (
            player is not None and phase is not None and phase.has_move(state, player)
        )

    def moves_for(self, state: S, player: int) -> tuple[Move, ...]:
        """The moves a player other than the one to move may make now.

        >>> from rummyrules import GoingOutRummy
        >>> game = GoingOutRummy().new_game(seed=1)
        >>> [str(move) for move in game.rules.machine.moves_for(game, 0)]
        ['0: drop']
        """
        if state.to_move is None or player == state.to_move:
            return ()
        if self.in_game is not None and self.in_game(state, player) is not None:
            return ()
        moves: list[Move] = []
        for kind in self.out_of_turn:
            moves += kind.legal_moves(state, player)
        return tuple(moves)

    def resolve(self, state: S, move: Move) -> Move:
        """The listed move that ``move`` names, or the IllegalMoveError saying why none.

        A move named for the player to move may leave out its wild cards'
        meanings where they have one reading; in Going Out Rummy, going out
        may lay the hand out any valid way.

        >>> from rummyrules import EndOfThePage
        >>> from rummyrules.game.notation import parse_move
        >>> game = EndOfThePage().new_game(seed=1)
        >>> str(game.rules.machine.resolve(game, parse_move("1: draw")))
        'draw'
        """
        player = mover(state)
        actor = player if move.player is None else seated_player(state, move.player)
        if self.in_game is not None:
            absent = self.in_game(state, actor)
            if absent is not None:
                raise absent.error()
        if type(move) not in self.moves:
            own = None if self.refuse_unknown is None else self.refuse_unknown(move)
            if own is not None:
                raise own.error()
            verb = str(attrs.evolve(move, player=None)).split()[0]
            raise refuse(f"'{verb}' is not a move in {self.game}", "ALL-2")
        out_of_turn = next(
            (kind for kind in self.out_of_turn if kind.move is type(move)), None
        )
        if actor != player:
            if out_of_turn is None:
                reason = f"it is player {player}'s turn, not player {actor}'s"
                raise refuse(reason, "ALL-2")
            resolved: Move = out_of_turn.resolve(state, move, actor)
            return resolved
        phase = self.phases[state.phase]
        kind = phase.by_move.get(type(move), out_of_turn)
        if kind is None:
            raise phase.refuse(state, move).error()
        if not kind.out_of_turn and move.player is not None:
            move = attrs.evolve(move, player=None)
        named: Move = kind.resolve(state, move, actor)
        return named

    def play(self, state: S, move: Move) -> S:
        """The state after a listed move (or one :meth:`resolve` gave).

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=1)
        >>> game.rules.machine.play(game, game.legal_moves()[0]).phase.value
        'play'
        """
        if move.player is not None and move.player != state.to_move:
            kind = next(kind for kind in self.out_of_turn if kind.move is type(move))
        else:
            kind = self.phases[state.phase].by_move[type(move)]
        return kind.play(state, move)
