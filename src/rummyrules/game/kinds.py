"""A kind of move in a game's turn machine: how its moves are read, refused and played.

In each phase of a turn a few kinds of move may be made: draw, take, meld,
lay off, discard. A :class:`Kind` says how a player's move of its kind is
read, which rules forbid it (gates and filters,
:mod:`rummyrules.game.refusals`) and what it does;
:mod:`rummyrules.game.machine` puts the kinds of each phase together. Which
moves are legal the game's integer core lists (:mod:`rummyrules.game.cores`).

>>> from rummyrules.game.moves import Done
>>> kind = Kind.single(Done, play=lambda state, move: state)
>>> kind.readings(None, Done(), 0)
[Done(player=None)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

import attrs

from rummyrules.core.inputs import brief
from rummyrules.game.moves import Move
from rummyrules.game.refusals import Filter, Gate, Refusal, refuse
from rummyrules.game.to_move import Playing

__all__ = ["Kind"]

S = TypeVar("S", bound=Playing)
M = TypeVar("M", bound=Move)


@attrs.frozen(kw_only=True)
class Kind(Generic[S, M]):
    """One kind of move in a game: how its moves are read, refused and played.

    Attributes:
        move: The move class (``Discard``).
        readings: The moves a player's move stands for, as the core lists
            them: usually one, several where a wild card is left undeclared;
            or, when it names none, it raises the error that says why (a
            card not held, no such meld).
        play: The state after a move ``readings`` gave.
        gates: Rules that forbid every move of the kind at once.
        filters: Rules that forbid some of its moves (see :data:`~rummyrules.game.machine.Filter`).
        out_of_turn: Whether any player may make it, even out of turn (1400's
            claims, Going Out Rummy's drops); its moves then carry their
            player.

    >>> [field.name for field in attrs.fields(Kind)][:3]
    ['move', 'readings', 'play']
    """

    move: type[M]
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
        >>> kind.readings(None, Done(player=1), 1)
        [Done(player=None)]
        """
        only = move()
        return cls(
            move=move,
            readings=lambda *_: [only],
            play=play,
            gates=gates,
            filters=filters,
        )

    def resolve(self, state: S, move: M, player: int) -> M:
        """The move ``move`` stands for, once every rule allows it; or the refusal.

        The rules run here only, on the move a player made: a move the core
        does not list is explained by them.

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
