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

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Generic, TypeVar

import attrs

from rummyrules.core.inputs import brief
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
class Kind(Generic[S, M]):
    """One kind of move in a game: how its moves are listed, read, refused and played.

    Attributes:
        move: The move class (``Discard``).
        candidates: Every move of this kind the cards allow the player now, in
            the order they are listed (before the rules below forbid any).
        readings: The candidates a player's move stands for: usually one, several
            where a wild card is left undeclared; or, when it names none, it
            raises the error that says why (a card not held, no such meld).
        play: The state after one of the candidates (or a move ``readings`` gave).
        gates: Rules that forbid every move of the kind at once.
        filters: Rules that forbid some of its moves (see :data:`~rummyrules.game.machine.Filter`).
        out_of_turn: Whether any player may make it, even out of turn (1400's
            claims, Going Out Rummy's drops); its moves then carry their
            player.

    >>> [field.name for field in attrs.fields(Kind)][:4]
    ['move', 'candidates', 'readings', 'play']
    """

    move: type[M]
    candidates: Callable[[S, int], Iterable[M]]
    readings: Callable[[S, M, int], Sequence[M]]
    play: Callable[[S, M], S]
    gates: tuple[Gate[S], ...] = ()
    filters: tuple[Filter[S, M], ...] = ()
    out_of_turn: bool = False

    @classmethod
    def single(
        cls,
        move: type[M],
        play: Callable[[S, M], S],
        *,
        gates: tuple[Gate[S], ...] = (),
        filters: tuple[Filter[S, M], ...] = (),
    ) -> Kind[S, M]:
        """A kind with one move and nothing to read in it: ``draw``, ``pass``, ``done``.

        >>> from rummyrules.game.moves import Done
        >>> kind = Kind.single(Done, play=lambda state, move: state)
        >>> kind.legal_moves(None, 0)
        [Done(player=None)]
        """
        only = move()
        return cls(
            move=move,
            candidates=lambda *_: (only,),
            readings=lambda *_: [only],
            play=play,
            gates=gates,
            filters=filters,
        )

    def legal_moves(self, state: S, player: int) -> list[M]:
        """The moves of this kind the player may make now: candidates no rule refuses.

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=1).apply("draw")
        >>> kind = game.rules.machine.phases[game.phase].kinds[-1]
        >>> [str(move) for move in kind.legal_moves(game, game.to_move)][:2]
        ['discard 3H', 'discard 7D']
        """
        for gate in self.gates:
            if gate(state, player) is not None:
                return []
        # Each filter looks at the state once, and most apply to no state at
        # all, so most kinds test nothing.
        tests = [test for rule in self.filters if (test := rule(state)) is not None]
        return self.passing(state, player, tests)

    def passing(self, state: S, player: int, tests: Sequence[Test[M]]) -> list[M]:
        """The candidates that pass these tests (the filters that apply now).

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=1).apply("draw")
        >>> kind = game.rules.machine.phases[game.phase].kinds[-1]
        >>> everything = refuses_all(Refusal("not now", "EOP-5"))
        >>> (
        ...     len(kind.passing(game, game.to_move, [])),
        ...     kind.passing(game, 1, [everything]),
        ... )
        (4, [])
        """
        candidates = self.candidates(state, player)
        if not tests:
            return candidates if type(candidates) is list else list(candidates)
        if len(tests) == 1:
            test = tests[0]
            return [move for move in candidates if test(move) is None]
        return [move for move in candidates if not any(test(move) for test in tests)]

    def resolve(self, state: S, move: M, player: int) -> M:
        """The candidate the move stands for, once every rule allows it; or the refusal.

        >>> from rummyrules import EndOfThePage
        >>> from rummyrules.game.notation import parse_move
        >>> game = EndOfThePage().new_game(seed=1).apply("draw")
        >>> kind = game.rules.machine.phases[game.phase].kinds[-1]
        >>> kind.resolve(game, parse_move("discard 2S"), game.to_move)
        Traceback (most recent call last):
        ...
        rummyrules.IllegalMoveError: you do not hold 2S (ALL-1)
        """
        for gate in self.gates:
            refusal = gate(state, player)
            if refusal is not None:
                raise refusal.error()
        named = self.readings(state, move, player)
        tests = [test for rule in self.filters if (test := rule(state)) is not None]
        passing: list[M] = []
        first: Refusal | None = None
        for option in named:
            refusal = next((found for test in tests if (found := test(option))), None)
            if refusal is None:
                passing.append(option)
            elif first is None:
                first = refusal
        if len(passing) == 1:
            return passing[0]
        if passing:
            listed = " or ".join(f"'{option}'" for option in passing)
            reason = (
                f"the wild cards can be read more than one way; declare them: {listed}"
            )
            raise refuse(reason, "MELD-5")
        if first is None:  # pragma: no cover - readings raises when there is none
            raise refuse(f"{brief(str(move))} is not a move here", "ALL-2")
        raise first.error()


@attrs.frozen(kw_only=True)
class PhaseRules(Generic[S]):
    """The kinds of move one phase takes, in the order they are listed.

    Attributes:
        kinds: The kinds, in listing order.
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
        if len(self.kinds) == 1:
            return self.kinds[0].legal_moves(state, player)
        gated: dict[Gate[S], bool] = {}
        tests: dict[Filter[S, Any], Test[Any] | None] = {}
        moves: list[Move] = []
        for kind in self.kinds:
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
                moves += kind.passing(state, player, applying)
        return moves


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
