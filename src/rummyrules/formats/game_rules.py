"""What every game's rules class does the same way through the formats layer.

A game's rules class derives from :class:`GameRules`, which reads and
writes the game's positions with the shared formats; the game only declares
its own sections. It lives in this layer, below the games, so that
:mod:`rummyrules.authoring` can offer it to every game, the library's own too.

>>> from rummyrules import GoingOutRummy
>>> rules = GoingOutRummy(hand_size=2)
>>> game = rules.position("to_move 1 draw | hands 7S 8S / 9H 9D | pile KC")
>>> rules.position(game.position()) == game
True
"""

from __future__ import annotations

from typing import ClassVar, TypeVar, cast

import attrs

from rummyrules.formats.positions import read_position, write_position
from rummyrules.formats.sections import Section
from rummyrules.game.state import GameState, PlayableRules

S = TypeVar("S", bound=GameState)

__all__ = ["GameRules"]


@attrs.frozen(kw_only=True, cache_hash=True)
class GameRules(PlayableRules[S]):
    """A playable game's rules, with positions read and written by the formats layer.

    >>> from rummyrules import EndOfThePage
    >>> isinstance(EndOfThePage(), GameRules)
    True
    """

    sections: ClassVar[tuple[Section, ...]]
    """The sections of the game's positions, in the order they are written."""

    def position(self, text: str) -> S:
        """The game state a position's text describes, fully checked (see :doc:`positions`).

        The text may leave out the rules line; if it has one, it must name
        these rules. Raises :class:`~rummyrules.PositionError` saying what
        is wrong.

        >>> from rummyrules import GoingOutRummy
        >>> rules = GoingOutRummy(hand_size=2)
        >>> game = rules.position("to_move 1 draw | hands 7S 8S / 9H 9D | pile KC")
        >>> [str(move) for move in game.legal_moves()]
        ['draw', 'take', 'drop']
        """
        return cast("S", read_position(text, rules=self, sections=self.sections))

    def write_position(self, state: S) -> str:
        """The state as the one line :meth:`position` reads back.

        >>> from rummyrules import GoingOutRummy
        >>> rules = GoingOutRummy(hand_size=2)
        >>> game = rules.position("to_move 1 draw | hands 7S 8S / 9H 9D | pile KC")
        >>> rules.write_position(game) == game.position()
        True
        """
        return write_position(state, self.sections)
