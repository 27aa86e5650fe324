"""One seat's choice at one state, walked one action at a time (:class:`Decision`).

>>> from rummyrules.rl import Actions, Decision
>>> from rummyrules import GinRummy
>>> Decision(Actions(GinRummy()), GinRummy().new_game(seed=1).legal_moves()).allowed()
[1, 2]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rummyrules.game.moves import Move
from rummyrules.rl.actions import Actions, Word

__all__ = ["Decision"]


class Decision:
    """One seat's choice at one state, walked one action at a time.

    It holds the legal moves' action sequences and the actions taken so far
    (the move being built). :meth:`mask` says which actions lead to a legal
    move; :meth:`take` takes one and returns the move once its last action
    is taken. With ``can_decline`` (a chance to move out of turn) the first
    action may also be ``decline``, which :meth:`take` returns as None.

    >>> from rummyrules.rl import Actions, Decision, Word
    >>> from rummyrules import GinRummy
    >>> game = GinRummy().new_game(seed=1)
    >>> actions = Actions(GinRummy())
    >>> decision = Decision(actions, game.legal_moves())
    >>> [actions.name(a) for a in decision.allowed()]
    ['take', 'pass']
    >>> print(decision.take(int(Word.PASS)))
    pass
    """

    def __init__(
        self, actions: Actions, moves: Sequence[Move], *, can_decline: bool = False
    ) -> None:
        self.actions: Final = actions
        self.can_decline: Final = can_decline
        self.taken: list[int] = []
        """The actions taken so far towards a move (empty when nothing is begun)."""
        self.declined = False
        """Whether the seat declined its chance to move out of turn."""
        seen: set[tuple[int, ...]] = set()
        candidates: list[tuple[tuple[int, ...], Move]] = []
        for move in moves:
            sequence = actions.tokens(move)
            if sequence not in seen:  # the same cards, meanings and target
                seen.add(sequence)
                candidates.append((sequence, move))
        self._candidates = candidates
        self._allowed: list[int] | None = None

    def allowed(self) -> list[int]:
        """The actions that lead to at least one legal move, in index order.

        >>> from rummyrules.rl import Actions, Decision
        >>> from rummyrules import GinRummy
        >>> Decision(Actions(GinRummy()), [], can_decline=True).allowed()
        [6]
        """
        allowed = self._allowed
        if allowed is None:
            depth = len(self.taken)
            found = {sequence[depth] for sequence, _ in self._candidates}
            if self.can_decline and not self.taken:
                found.add(int(Word.DECLINE))
            allowed = self._allowed = sorted(found)
        return list(allowed)

    def mask(self) -> list[bool]:
        """One flag per action: whether it is allowed now.

        >>> from rummyrules.rl import Actions, Decision
        >>> from rummyrules import GinRummy
        >>> mask = Decision(Actions(GinRummy()), [], can_decline=True).mask()
        >>> len(mask), [i for i, ok in enumerate(mask) if ok]
        (254, [6])
        """
        flags = [False] * self.actions.size
        for action in self.allowed():
            flags[action] = True
        return flags

    def take(self, action: int) -> Move | None:
        """Take one action: the move once it is whole, else None with the move still being built.

        ``decline`` returns None too; :attr:`declined` tells it apart.
        An action the mask does not allow raises ValueError, and nothing
        changes.

        >>> from rummyrules.rl import Actions, Decision
        >>> from rummyrules import GinRummy
        >>> decision = Decision(
        ...     Actions(GinRummy()), GinRummy().new_game(seed=1).legal_moves()
        ... )
        >>> decision.take(0)
        Traceback (most recent call last):
        ...
        ValueError: action 0 (draw) is not allowed now: the allowed actions are 1, 2
        """
        if self.can_decline and not self.taken and action == Word.DECLINE:
            self.declined = True
            return None
        depth = len(self.taken)
        left = [pair for pair in self._candidates if pair[0][depth] == action]
        if not left:
            allowed = ", ".join(map(str, self.allowed()))
            name = self.actions.name(action) if 0 <= action < self.actions.size else "?"
            message = f"action {action} ({name}) is not allowed now: the allowed actions are {allowed}"
            raise ValueError(message)
        self.taken.append(action)
        self._candidates = left
        self._allowed = None
        for sequence, move in left:
            if len(sequence) == depth + 1:
                return move
        return None
