"""A kind of move in a game's turn machine: how its moves are listed, read, refused and played.

In each phase of a turn a few kinds of move may be made: draw, take, meld,
lay off, discard. A :class:`Kind` says which moves of its kind the cards
allow now (its *candidates*), which rules forbid some of them (gates and
filters, :mod:`rummyrules.game.refusals`), how a player's move is read and
what it does; :mod:`rummyrules.game.machine` puts the kinds of each phase
together.

>>> from rummyrules.game.moves import Done
>>> [
...     str(move)
...     for move in Kind.single(Done, play=lambda state, move: state).legal_moves(
...         None, 0
...     )
... ]
['done']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Generic, TypeVar

import attrs

from rummyrules.core.inputs import brief
from rummyrules.game.moves import Move
from rummyrules.game.refusals import Filter, Gate, Refusal, Test, refuse
from rummyrules.game.to_move import Playing

__all__ = ["Kind"]

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
        >>> from rummyrules.game.refusals import Refusal, refuses_all
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
