"""The fast path: a state played by action numbers, as OpenSpiel plays its games.

:meth:`~ActionsState.legal_actions` lists the player's moves as ints,
:meth:`~ActionsState.apply_action` plays one and gives the next state,
:meth:`~ActionsState.action_to_move` and :meth:`~ActionsState.move_to_action`
translate between the two faces. Every game has an integer core
(:mod:`rummyrules.game.cores`): a state made by :meth:`~ActionsState.apply_action`
holds only its core value; its fields (hands, melds, pile, events, known
cards) are worked out from it the first time any is read, and kept. It is
the same frozen value either way: equal, hashed, saved and shown alike.

An action names one move in the state that listed it; the same number may
name another move in another state. It is not the fixed action of the
reinforcement-learning environments (:mod:`rummyrules.rl`).

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=1)
>>> actions = game.legal_actions()
>>> [str(game.action_to_move(action)) for action in actions]
['draw', 'take']
>>> after = game.apply_action(actions[0])
>>> after == game.apply("draw")
True
"""

from __future__ import annotations

import abc
from collections.abc import Hashable
from itertools import repeat
from operator import is_
from typing import Any, Self, cast

import attrs

from rummyrules.core.errors import IllegalMoveError
from rummyrules.core.inputs import expect_player, wrong_type
from rummyrules.game.cores import Core
from rummyrules.game.events import Cause, cause_of
from rummyrules.game.moves import Move
from rummyrules.game.state_fields import StateFields
from rummyrules.game.to_move import mover, seated_player, sent_move

__all__ = ["ActionsState"]

# What a state keeps besides its value: a state the fast path made starts
# with none of them, and each reads as not yet worked out.
_KEPT = frozenset(
    {
        "_core",
        "_made_by",
        "_actions",
        "_action_of",
        "_legal",
        "_memo",
        "_cause",
        "_events",
    }
)


@attrs.frozen(kw_only=True)
class ActionsState(StateFields):
    """A state's fast path (see the module's docstring); :class:`~rummyrules.GameState` is one.

    >>> from rummyrules import GinRummy
    >>> game = GinRummy().new_game(seed=3)
    >>> game.apply_action(game.legal_actions()[0]).to_move in (0, 1)
    True
    """

    # The state's core value, once worked out or when the fast path made it.
    _core: Hashable | None = attrs.field(
        default=None, init=False, eq=False, repr=False, hash=False
    )
    # The core before, the action and its player, for a state the fast path
    # made: its events are worked out from them only if someone asks.
    _made_by: tuple[Hashable, int, int] | None = attrs.field(
        default=None, init=False, eq=False, repr=False, hash=False
    )
    _actions: tuple[int, ...] | None = attrs.field(
        default=None, init=False, eq=False, repr=False, hash=False
    )
    _action_of: dict[Move, int] | None = attrs.field(
        default=None, init=False, eq=False, repr=False, hash=False
    )

    @abc.abstractmethod
    def legal_moves(self, player: int | None = None) -> tuple[Move, ...]:
        """Every move the player may make (see :class:`~rummyrules.GameState`).

        >>> from rummyrules import EndOfThePage
        >>> len(EndOfThePage().new_game(seed=1).legal_moves())
        2
        """

    @abc.abstractmethod
    def apply(self, move: Move | str, *, player: int | None = None) -> Self:
        """The state after the move (see :class:`~rummyrules.GameState`).

        >>> from rummyrules import EndOfThePage
        >>> EndOfThePage().new_game(seed=1).apply("draw").to_move
        1
        """

    def __getattr__(self, name: str) -> Any:
        # Called only for a slot never set: a state the fast path made, whose
        # fields come from its core value the first time one is read.
        if name in _KEPT:
            value = self._cause_of_action() if name == "_cause" else None
            object.__setattr__(self, name, value)
            return value
        core = self._core
        if core is None or name.startswith("__"):
            raise AttributeError(name)
        game: Core = self.rules.core
        for field, value in game.fields(core).items():
            object.__setattr__(self, field, value)
        return object.__getattribute__(self, name)

    def _cause_of_action(self) -> Cause | None:
        made_by = self._made_by
        if made_by is None:
            return None
        before, action, player = made_by
        game: Core = self.rules.core
        move = game.action_to_move(before, action, player)
        if move is None:  # a listed action always names its move
            raise AssertionError(f"action {action} names no move")
        return cause_of(self._of_core(before, None), move, player)

    def _of_core(
        self, core: Hashable, made_by: tuple[Hashable, int, int] | None
    ) -> Self:
        new = object.__new__(type(self))
        object.__setattr__(new, "rules", self.rules)
        object.__setattr__(new, "_core", core)
        object.__setattr__(new, "_made_by", made_by)
        # The two every listing reads first: set here, they skip a missed
        # slot and __getattr__ (about 0.2 µs each, a decision).
        object.__setattr__(new, "_actions", None)
        object.__setattr__(new, "_legal", None)
        return new

    def _core_value(self, game: Core) -> Hashable:
        core = self._core
        if core is None:
            core = game.encode(self)
            object.__setattr__(self, "_core", core)
        return core

    @property
    def is_over(self) -> bool:
        """Whether the game has ended; on a core, asked of the core value, the fields unread.

        >>> from rummyrules import GinRummy
        >>> GinRummy().new_game(seed=1).is_over
        False
        """
        core = self._core
        if core is None:
            return self.to_move is None
        game: Core = self.rules.core
        return game.to_move(core) is None

    def _listed_on_core(self, game: Core, player: int | None) -> tuple[Move, ...]:
        """The moves of ``player`` (None: the player to move), each named by its action on the core."""
        core = self._core_value(game)
        actor = game.to_move(core) if player is None else player
        if actor is None:
            return ()
        # The core's own action_to_move: each listed action is known listed.
        # None is looked for by truth, in C (a Move is always true):
        # ``None in moves`` would call every move's __eq__ (attrs, in Python).
        named = game.action_to_move
        moves = [named(core, action, actor) for action in self.legal_actions(player)]
        if not all(moves):  # a listed action always names its move
            raise AssertionError("a listed action names no move")
        return cast("tuple[Move, ...]", tuple(moves))  # checked: no None among them

    def legal_actions(self, player: int | None = None) -> tuple[int, ...]:
        """The moves :meth:`~rummyrules.GameState.legal_moves` lists, each as an action number, in a fixed order.

        With ``player``, the actions that player may take now, even out of
        turn (1400's claims, F14-12); a game over lists none.

        >>> from rummyrules import FourteenHundred
        >>> game = FourteenHundred().new_game(seed=2)
        >>> len(game.legal_actions()) == len(game.legal_moves())
        True
        """
        if player is None:
            # Asked again and again of one state (a playout's loop, the
            # choice, apply_action's check): kept once listed.
            listed = self._actions
            if listed is not None:
                return listed
        game: Core = self.rules.core
        core = self._core_value(game)
        to_move = game.to_move(core)
        if player is None or player == to_move:
            actions = self._actions
            if actions is None:
                actions = () if to_move is None else game.legal_actions(core, to_move)
                object.__setattr__(self, "_actions", actions)
            return actions
        return game.legal_actions(core, self._seated(player))

    def staying_actions(self, player: int | None = None) -> tuple[int, ...]:
        """:meth:`~rummyrules.GameState.legal_actions` but those that take the player out of the game (GOR-10's drop).

        What a bot that never drops out chooses among, in the same order.

        >>> from rummyrules import GoingOutRummy
        >>> game = GoingOutRummy().new_game(seed=1)
        >>> [str(game.action_to_move(a)) for a in game.staying_actions()]
        ['draw']
        """
        actions = self.legal_actions(player)
        game: Core = self.rules.core
        core = self._core_value(game)
        actor = game.to_move(core) if player is None else player
        if actor is None:
            return ()
        return tuple(a for a in actions if not game.leaves_game(core, a, actor))

    def _seated(self, player: int) -> int:
        expect_player(player)
        if not 0 <= player < self.rules.players:
            seated_player(self, player)
        return player

    def apply_action(self, action: int, *, player: int | None = None) -> Self:
        """The state after the move ``action`` names; this state is unchanged.

        An action that is not listed raises
        :class:`~rummyrules.IllegalMoveError` naming the rule, as the move
        would; a non-int raises TypeError.

        >>> from rummyrules import GoingOutRummy
        >>> game = GoingOutRummy().new_game(seed=4)
        >>> game.apply_action(10**6)
        Traceback (most recent call last):
        ...
        rummyrules.IllegalMoveError: 1000000 is no legal action here (ALL-2)
        """
        if type(action) is not int:
            raise wrong_type(action, name="action", what="an int")
        game: Core = self.rules.core
        core = self._core
        if core is None:
            core = self._core_value(game)
        actor = game.to_move(core) if player is None else self._seated(player)
        if actor is None:
            actor = mover(self)  # the game is over: raises (ALL-2)
        listed = self._actions if player is None else None
        if listed is None:
            listed = self.legal_actions(player)
        if action not in listed:
            raise self._refusal(action, player)
        after = game.apply_action(core, action, actor)
        return self._of_core(after, (core, action, actor))

    def _refusal(self, action: int, player: int | None) -> IllegalMoveError:
        """Why ``action`` is refused: its move's rule, where it names a move."""
        game: Core = self.rules.core
        if abs(action) < 2**63:
            core = self._core_value(game)
            to_move = game.to_move(core)
            actor = to_move if player is None else player
            move = None if actor is None else game.action_to_move(core, action, actor)
            if move is not None:
                self.apply(move, player=player)  # raises the rule that refuses it
        shown = str(action) if abs(action) < 10**9 else "that number"
        return IllegalMoveError(f"{shown} is no legal action here", rule="ALL-2")

    def action_to_move(self, action: int, *, player: int | None = None) -> Move:
        """The move a listed action names, as :meth:`~rummyrules.GameState.legal_moves` lists it.

        An action not listed raises :class:`~rummyrules.IllegalMoveError`.

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=1)
        >>> str(game.action_to_move(game.legal_actions()[-1]))
        'take'
        """
        if type(action) is not int:
            raise wrong_type(action, name="action", what="an int")
        game: Core = self.rules.core
        if action not in self.legal_actions(player):
            raise self._refusal(action, player)
        core = self._core_value(game)
        actor = game.to_move(core) if player is None else player
        move = None if actor is None else game.action_to_move(core, action, actor)
        if move is None:  # a listed action always names its move
            raise AssertionError(f"action {action} names no move")
        return move

    def move_to_action(self, move: Move | str, *, player: int | None = None) -> int:
        """The action that names ``move`` here; its text is read as :meth:`~rummyrules.GameState.apply` reads it.

        A move the rules refuse raises :class:`~rummyrules.IllegalMoveError`
        naming the rule, as :meth:`~rummyrules.GameState.apply` would.

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=1)
        >>> str(game.action_to_move(game.move_to_action("take")))
        'take'
        """
        move = sent_move(move, player)
        found = self._find_action(self.rules.core, move)
        if found is None:
            message = (
                f"no action names {move}: the actions list one layout of each way out"
            )
            raise ValueError(message)
        return found[0]

    def _find_action(self, game: Core, move: Move) -> tuple[int, int] | None:
        """The action naming ``move`` and its player; None for a move the rules accept that no action names.

        A move refused raises its rule. Going Out Rummy lists one layout for
        each way out, and accepts any (GOR-7): another layout has no action.
        """
        core = self._core_value(game)
        to_move = game.to_move(core)
        if to_move is None:
            to_move = mover(self)  # the game is over: raises (ALL-2)
        own = move.player is None or move.player == to_move
        actor = to_move if own else self._seated(move.player or 0)
        legal = self._legal
        if own and legal is not None:
            # A move taken from the listing is found by identity, in C,
            # without comparing it to every move before it.
            flags = list(map(is_, legal, repeat(move)))
            if True in flags:
                return self.legal_actions()[flags.index(True)], actor
        table = self._action_of if own else None
        if table is None:
            actions = self.legal_actions(None if own else actor)
            table = {}
            for action in actions:
                named = game.action_to_move(core, action, actor)
                if named is not None:  # a listed action always names its move
                    table[named] = action
            if own:
                object.__setattr__(self, "_action_of", table)
        found = table.get(move)
        if found is None and own and move.player is not None:
            found = table.get(attrs.evolve(move, player=None))
        if found is None:
            found = table.get(self.rules.machine.resolve(self, move))
        return None if found is None else (found, actor)
