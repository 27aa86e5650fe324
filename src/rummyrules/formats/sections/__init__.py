"""The sections a position is made of, each a small reader and writer.

A game declares its position as a tuple of sections, in the order they are
written (``EndOfThePage.sections``); this package holds the kinds of section
every game may use. A section writes zero or more ``key value`` parts of the
line from a state, and reads them back into the fields of the game's state
class, through a :class:`~rummyrules.formats.reader.Reader` that knows the
rules, the deck and what was read before.

The package is three modules: ``base`` (what a section is), ``keyed``
(the sections of one value under one key, such as ``seed``, ``turns`` and
``dropped``) and ``play`` (who is to move, the turn, the hands, the melds,
the piles, the stock and the score sheet).

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=3, dealer=1)
>>> list(Count("turns").write(game.replace(turns=2)))
[('turns', '2')]
"""

from rummyrules.formats.sections.base import Section, cards_text
from rummyrules.formats.sections.keyed import (
    ROUND,
    SCORES,
    Cards,
    Count,
    Dealer,
    Flags,
    Player,
    Seed,
    Settled,
    Who,
    Wild,
)
from rummyrules.formats.sections.rounds import (
    FaceUp,
    Hands,
    Melds,
    Pile,
    Sheet,
    Stock,
    ToMove,
    TurnWords,
)

__all__ = [
    "ROUND",
    "SCORES",
    "Cards",
    "Count",
    "Dealer",
    "FaceUp",
    "Flags",
    "Hands",
    "Melds",
    "Pile",
    "Player",
    "Section",
    "Seed",
    "Settled",
    "Sheet",
    "Stock",
    "ToMove",
    "TurnWords",
    "Who",
    "Wild",
    "cards_text",
]
