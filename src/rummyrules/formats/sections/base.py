"""What every section of a position is: the keys it owns, how it writes and reads.

A section writes zero or more ``key value`` parts of a position from a
state, and reads them back into the fields of the game's state class
through a :class:`~rummyrules.formats.reader.Reader`; the kinds of section
the games share are in :mod:`rummyrules.formats.sections`.

>>> from rummyrules import parse_cards
>>> cards_text(parse_cards("7S 8S")), dash(None)
('7S 8S', '-')
"""

from __future__ import annotations

import abc
from collections.abc import Iterable, Iterator

from rummyrules.core.cards import Card
from rummyrules.formats.reader import Reader
from rummyrules.game.state import GameState

__all__ = ["Section", "cards_text", "dash"]


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as a position writes them: by their text, ``-`` for none.

    >>> from rummyrules import parse_cards
    >>> cards_text(parse_cards("7S 8S")), cards_text(())
    ('7S 8S', '-')
    """
    return " ".join(map(str, cards)) or "-"


def dash(value: object) -> str:
    """A value as a position writes it: its text, ``-`` for None.

    >>> dash(2), dash(None)
    ('2', '-')
    """
    return "-" if value is None else str(value)


class Section(abc.ABC):
    """One kind of section of a position: the keys it owns, how it writes and reads.

    >>> from rummyrules import GoingOutRummy
    >>> [section.keys for section in GoingOutRummy.sections[:3]]
    [('seed',), ('dealer',), ('over', 'to_move')]
    """

    keys: tuple[str, ...]

    @abc.abstractmethod
    def write(self, state: GameState) -> Iterator[tuple[str, str]]:
        """The ``key value`` parts of the line for this state (none at their default)."""

    @abc.abstractmethod
    def read(self, reader: Reader) -> None:
        """Read this section's parts (or their default) into ``reader.fields``."""

    def check(self, reader: Reader, state: GameState) -> None:
        """Refuse a part the rest of the position settles otherwise (most have none)."""
        del reader, state
