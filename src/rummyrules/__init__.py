"""The complete rules of End of the Page, 1400 and Going Out Rummy.

>>> from rummyrules import EndOfThePage
>>> bool(EndOfThePage().check_meld("7S 5H 9S", wild="5"))
True
"""

from rummyrules.cards import WILDCARD, Card, Rank, Suit, make_deck, parse_cards
from rummyrules.errors import (
    CardParseError,
    DeckError,
    IllegalMoveError,
    LoadError,
    MoveParseError,
    OptionError,
    PositionError,
    RecordParseError,
    ReplayError,
    RummyRulesError,
    StateError,
    UnknownCardError,
)
from rummyrules.layouts import Layout
from rummyrules.meld_search import LayOffOption
from rummyrules.melds import Meld, MeldCheck, MeldKind, MeldRules
from rummyrules.options import StockOut
from rummyrules.records import GameRecord, parse_record, record_game, replay
from rummyrules.serialize import dumps, loads
from rummyrules.state import GameState, Phase
from rummyrules.variants import (
    DealerDraw,
    EndOfThePage,
    FourteenHundred,
    GoingOut,
    GoingOutRummy,
    Match,
)
from rummyrules.variants.common import PlayableRules, Rules
from rummyrules.views import StockSize, View

__all__ = [
    "WILDCARD",
    "Card",
    "CardParseError",
    "DealerDraw",
    "DeckError",
    "EndOfThePage",
    "FourteenHundred",
    "GameRecord",
    "GameState",
    "GoingOut",
    "GoingOutRummy",
    "IllegalMoveError",
    "LayOffOption",
    "Layout",
    "LoadError",
    "Match",
    "Meld",
    "MeldCheck",
    "MeldKind",
    "MeldRules",
    "MoveParseError",
    "OptionError",
    "Phase",
    "PlayableRules",
    "PositionError",
    "Rank",
    "RecordParseError",
    "ReplayError",
    "Rules",
    "RummyRulesError",
    "StateError",
    "StockOut",
    "StockSize",
    "Suit",
    "UnknownCardError",
    "View",
    "dumps",
    "loads",
    "make_deck",
    "parse_cards",
    "parse_record",
    "record_game",
    "replay",
]
