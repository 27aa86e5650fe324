"""The turn machine every game is: phases, kinds of move, and each rule written once.

A game is a phase machine. In each phase a few *kinds* of move may be made:
draw, take, meld, lay off, discard. A :class:`Kind` says how a move of its
kind is read, which rules forbid it and what it does. A rule is one function
that answers "may this be done here, and if not, which rule forbids it, in
what sentence": it returns ``None`` or a :class:`Refusal`. A *gate* forbids
every move of the kind at once (you have not melded yet, so you may not lay
off, EOP-9); a *filter* forbids one move (your last card can be laid off, so
you may not discard it, EOP-12).

The game's integer core lists the legal moves (:mod:`rummyrules.game.cores`);
the machine explains a refusal: a move the core does not list is read and
put to the rules here, which name the rule that forbids it. The conformance
suite keeps the two in step: at every state of random play in every game, a
move is listed exactly when no rule here refuses it.

The skeleton here is what every game does the same way: a game that is over,
a player who is not at the table or whose turn it is not (ALL-2, as
:mod:`rummyrules.game.to_move` says), a move the game does not have, a kind
of move the phase does not take, and a move whose wild cards can be read more
than one way (MELD-5). :class:`Machine` shows it at work.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
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
    """The kinds of move one phase takes.

    Attributes:
        kinds: The kinds, in the order the core lists their moves.
        refuse: Why a move of a kind this phase does not take is refused
            (``you have drawn already this turn``, EOP-5).

    >>> PhaseRules(kinds=(), refuse=lambda state, move: Refusal("no", "ALL-2")).by_move
    {}
    """

    kinds: tuple[Kind[S, Any], ...]
    refuse: Callable[[S, Move], Refusal]
    by_move: Mapping[type[Move], Kind[S, Any]] = attrs.field(init=False)

    @by_move.default
    def _by_move(self) -> dict[type[Move], Kind[S, Any]]:
        return {kind.move: kind for kind in self.kinds}


@attrs.frozen(kw_only=True)
class Machine(Generic[S]):
    """A game's turn machine: its phases, and the kinds any player may make.

    It names the move a player's move stands for or refuses it, naming the
    rule (:meth:`resolve`), and plays it (:meth:`play`).
    :class:`~rummyrules.GameState` asks it through ``state.rules.machine``
    for a move its core does not list.

    Attributes:
        game: The game's name, for messages.
        phases: The rules of each phase but the game's end.
        out_of_turn: The kinds any player may make out of turn.
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

    def resolve(self, state: S, move: Move) -> Move:
        """The move the core would list that ``move`` names, or the IllegalMoveError saying why none.

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
        """The state after a move :meth:`resolve` gave (or one the core lists).

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
