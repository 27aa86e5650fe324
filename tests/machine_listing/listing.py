"""The listing loop of the turn machine, and playing a move on the machine alone.

A phase's moves are each kind's candidates that no gate and no filter of
the kind refuses, kind after kind in the phase's order; out of turn, the
candidates of the kinds any player may make (1400's claims, Going Out
Rummy's drops). :func:`apply` is what ``GameState.apply`` did on the turn
machine: a listed move is played as it is, any other is named (or refused)
by the machine's ``resolve``, then ``machine.play`` plays it and the state
keeps the move's cause (its events) and the cards known after it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rummyrules import GameState
from rummyrules.game.kinds import Kind
from rummyrules.game.moves import Move
from rummyrules.game.refusals import Test
from rummyrules.game.state import played_on_machine
from rummyrules.game.to_move import mover, seated_player, sent_move

from .candidates import CANDIDATES

Candidates = Callable[[Any, int], Iterable[Move]]


def candidates_of(game: str, phase: object, kind: Kind[Any, Any]) -> Candidates:
    """The candidate function of a kind of move in a game's phase (None: any phase).

    A kind with no entry has one move and nothing to read in it (``draw``,
    ``pass``, ``done``, a take of the upcard only): its one move.
    """
    found = CANDIDATES.get((game, phase, kind.move)) or CANDIDATES.get(
        (game, None, kind.move)
    )
    if found is not None:
        return found
    only = kind.move()
    return lambda *_: (only,)


def kind_moves(
    state: Any, player: int, kind: Kind[Any, Any], candidates: Candidates
) -> list[Move]:
    """The kind's candidates that no gate and no filter refuses now."""
    for gate in kind.gates:
        if gate(state, player) is not None:
            return []
    tests: list[Test[Any]] = [
        test for rule in kind.filters if (test := rule(state)) is not None
    ]
    return [
        move
        for move in candidates(state, player)
        if not any(test(move) is not None for test in tests)
    ]


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every move the player to move may make, as the turn machine listed them, in its order."""
    player = state.to_move
    machine = state.rules.machine
    phase = machine.phases.get(state.phase)
    if player is None or phase is None:
        return ()
    moves: list[Move] = []
    for kind in phase.kinds:
        found = candidates_of(machine.game, state.phase, kind)
        moves += kind_moves(state, player, kind, found)
    return tuple(moves)


def moves_for(state: GameState, player: int) -> tuple[Move, ...]:
    """The moves a player other than the one to move may make now (out of turn)."""
    machine = state.rules.machine
    if state.to_move is None or player == state.to_move:
        return ()
    if machine.in_game is not None and machine.in_game(state, player) is not None:
        return ()
    moves: list[Move] = []
    for kind in machine.out_of_turn:
        found = candidates_of(machine.game, None, kind)
        moves += kind_moves(state, player, kind, found)
    return tuple(moves)


def listed_for(state: GameState, player: int) -> tuple[Move, ...]:
    """What the machine lists for ``player``: their turn's moves, or those out of turn."""
    if player == state.to_move:
        return legal_moves(state)
    return moves_for(state, player)


def has_move(state: GameState) -> bool:
    """Whether the player to move has a move at all."""
    return bool(legal_moves(state))


def apply(state: Any, sent: Move | str, *, player: int | None = None) -> Any:
    """The state after ``sent`` on the turn machine alone, as ``GameState.apply`` played it."""
    move = sent_move(sent, player)
    mover(state)  # a game over accepts no move (ALL-2)
    machine = state.rules.machine
    if move.player is not None and move.player != state.to_move:
        seated_player(state, move.player)
        if move not in moves_for(state, move.player):
            move = machine.resolve(state, move)
    elif move not in legal_moves(state):
        move = machine.resolve(state, move)
    return played_on_machine(state, move)
