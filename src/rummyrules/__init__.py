"""The complete rules of End of the Page, 1400, Going Out Rummy and Gin Rummy.

The first three are the games the library was written for; Gin Rummy is the
fourth, there so that the library can be checked and timed against the
game-AI toolkits that ship it (OpenSpiel, RLCard).

>>> from rummyrules import EndOfThePage
>>> bool(EndOfThePage().check_meld("7S 5H 9S", wild="5"))
True

``__version__`` is the installed package's version, read from its metadata
(``pyproject.toml``'s ``version``):

>>> import importlib.metadata
>>> import rummyrules
>>> rummyrules.__version__ == importlib.metadata.version("rummyrules")
True
"""

import importlib.metadata as _metadata

from rummyrules.core.cards import WILDCARD, Card, Rank, Suit, make_deck, parse_cards
from rummyrules.core.errors import (
    CardParseError,
    DeckError,
    IllegalMoveError,
    LoadError,
    MoveParseError,
    OptionError,
    PositionError,
    RecordParseError,
    RummyRulesError,
    StateError,
    UnknownCardError,
)
from rummyrules.core.options import StockOut
from rummyrules.formats.json import dumps, loads
from rummyrules.formats.positions import read_position, write_position
from rummyrules.formats.records import (
    GameRecord,
    ReplayError,
    parse_record,
    record_game,
    replay,
    replay_events,
)
from rummyrules.formats.sampling import sample_state
from rummyrules.formats.schema import json_schema
from rummyrules.game.duties import Duty
from rummyrules.game.events import Event
from rummyrules.game.grouping import MoveGroup, group_moves
from rummyrules.game.moves import (
    Discard,
    Done,
    Draw,
    LayOff,
    Move,
    NewMeld,
    Pass,
    Take,
)
from rummyrules.game.notation import parse_move
from rummyrules.game.registry import parse_rules, rules_text
from rummyrules.game.results import RoundResult
from rummyrules.game.rules import Rules
from rummyrules.game.selection import (
    RefusedMove,
    Selection,
    SelectionError,
    explain_selection,
)
from rummyrules.game.state import GameState, Phase, PlayableRules, View
from rummyrules.game.table import TableMeld
from rummyrules.game.view import StockSize
from rummyrules.games import (
    DealerDraw,
    EndOfThePage,
    FourteenHundred,
    GinRummy,
    GoingOut,
    GoingOutRummy,
    Match,
)
from rummyrules.games.end_of_the_page.state import (
    EndOfThePageState,
    EndOfThePageTurn,
    EndOfThePageView,
)
from rummyrules.games.fourteen_hundred.state import (
    Claim,
    FourteenHundredPhase,
    FourteenHundredState,
    FourteenHundredTurn,
    FourteenHundredView,
)
from rummyrules.games.gin_rummy.state import (
    GinRummyPhase,
    GinRummyState,
    GinRummyView,
    Knock,
)
from rummyrules.games.going_out.state import (
    Drop,
    GoingOutState,
    GoingOutView,
    GoOut,
)
from rummyrules.melds import Meld, MeldCheck, MeldKind, MeldRules
from rummyrules.melds.layouts import Layout
from rummyrules.melds.search import LayOffOption
from rummyrules.simulation import simulate

try:
    __version__: str = _metadata.version("rummyrules")
except _metadata.PackageNotFoundError:  # pragma: no cover - run from a checkout
    __version__ = "unknown"  # not installed (src/ on the path): no metadata to read

__all__ = [
    "WILDCARD",
    "Card",
    "CardParseError",
    "Claim",
    "DealerDraw",
    "DeckError",
    "Discard",
    "Done",
    "Draw",
    "Drop",
    "Duty",
    "EndOfThePage",
    "EndOfThePageState",
    "EndOfThePageTurn",
    "EndOfThePageView",
    "Event",
    "FourteenHundred",
    "FourteenHundredPhase",
    "FourteenHundredState",
    "FourteenHundredTurn",
    "FourteenHundredView",
    "GameRecord",
    "GameState",
    "GinRummy",
    "GinRummyPhase",
    "GinRummyState",
    "GinRummyView",
    "GoOut",
    "GoingOut",
    "GoingOutRummy",
    "GoingOutState",
    "GoingOutView",
    "IllegalMoveError",
    "Knock",
    "LayOff",
    "LayOffOption",
    "Layout",
    "LoadError",
    "Match",
    "Meld",
    "MeldCheck",
    "MeldKind",
    "MeldRules",
    "Move",
    "MoveGroup",
    "MoveParseError",
    "NewMeld",
    "OptionError",
    "Pass",
    "Phase",
    "PlayableRules",
    "PositionError",
    "Rank",
    "RecordParseError",
    "RefusedMove",
    "ReplayError",
    "RoundResult",
    "Rules",
    "RummyRulesError",
    "Selection",
    "SelectionError",
    "StateError",
    "StockOut",
    "StockSize",
    "Suit",
    "TableMeld",
    "Take",
    "UnknownCardError",
    "View",
    "__version__",
    "dumps",
    "explain_selection",
    "group_moves",
    "json_schema",
    "loads",
    "make_deck",
    "parse_cards",
    "parse_move",
    "parse_record",
    "parse_rules",
    "read_position",
    "record_game",
    "replay",
    "replay_events",
    "rules_text",
    "sample_state",
    "simulate",
    "write_position",
]

# The library's errors are shown as what users import them by: a traceback
# says ``rummyrules.IllegalMoveError``, whichever internal module defines it.
for _name in __all__:
    _value = globals()[_name]
    if isinstance(_value, type) and issubclass(_value, Exception):
        _value.__module__ = __name__
