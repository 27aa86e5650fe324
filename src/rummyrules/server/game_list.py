"""The games a server offers, in words: ``GET /api/games``, what the lobby shows.

Each registered game with what it is (its rules class's ``description``),
its table sizes and its options, each with the rule it settles, its default
and its choices in words (:func:`rummyrules.game.registry.choice_words`), and
every kind of seat a table takes, a person, each level (easy, medium,
hard) or each of the library's bots, with a word on how it plays.

>>> [game["short_name"] for game in games_document()["games"]][:2]
['eop', '1400']
"""

from __future__ import annotations

import enum
from typing import Any, Final

import attrs

from rummyrules.core.errors import RummyRulesError
from rummyrules.game.registry import VARIANTS, choice_words, option_text
from rummyrules.game.state import PlayableRules
from rummyrules.server.documents import Json
from rummyrules.simulation import BOTS

__all__ = ["games_document"]


def _players_range(cls: type[PlayableRules[Any]]) -> tuple[int, int]:
    if "players" not in attrs.fields_dict(cls):  # a game for a fixed number (Gin Rummy)
        return cls().players, cls().players
    allowed = []
    for players in range(1, 33):
        try:
            cls(players=players)  # type: ignore[call-arg]  # every playable variant has players
        except RummyRulesError:
            continue  # not a table size this game allows
        allowed.append(players)
    return min(allowed), max(allowed)


def _option(cls: type[PlayableRules[Any]], field: attrs.Attribute[Any]) -> Json:
    """One option as the lobby shows it, from the rules class's own metadata."""
    default = getattr(cls(), field.name)
    kind, choices = "str", None
    if isinstance(default, bool):
        kind = "bool"
    elif isinstance(default, enum.Enum):
        kind, choices = "enum", list(type(default))
    elif isinstance(default, int) or "int" in str(field.type):
        kind = "int"
    return {
        "name": field.name,
        "default": default.value if isinstance(default, enum.Enum) else default,
        "type": kind,
        "choices": None if choices is None else [option_text(c) for c in choices],
        "words": None if choices is None else [choice_words(c) for c in choices],
        "nullable": "None" in str(field.type),
        "rule": field.metadata.get("rule"),
        "doc": field.metadata.get("doc", ""),
    }


_SEATS: Final = {
    "human": ("Person", "you, or someone you send the seat's link"),
    "easy": (
        "Easy",
        "the greedy bot with a blunder a turn in four: a beginner can beat it",
    ),
    "medium": ("Medium", "the greedy bot: melds and lays off all it can, quick"),
    "hard": (
        "Hard",
        "the search bot: tries its moves on deals guessed from the cards played, under a second a move",
    ),
    "random": ("Random bot", "plays any legal move at random: the easiest"),
    "greedy": ("Greedy bot", "melds and lays off all it can, quick and fair"),
    "search": (
        "Search bot",
        "tries its moves on many guessed deals: the strongest, a moment a move",
    ),
}
"""What a person reads of each kind of seat; a bot without words says its class's first line."""


def _seat_kind(kind: str) -> Json:
    if kind in _SEATS:
        name, about = _SEATS[kind]
    else:  # a bot added to the library's list: its own docstring's first line
        name, about = (
            f"{kind.capitalize()} bot",
            (BOTS[kind].__doc__ or "").split("\n")[0],
        )
    return {"kind": kind, "name": name, "about": about}


def _description(cls: type[PlayableRules[Any]]) -> str:
    """What the game says it is; a game that says nothing, its rules class's first line."""
    return cls.description or (cls.__doc__ or "").strip().split("\n")[0]


def games_document() -> Json:
    """Every registered game with its table sizes and options: ``GET /api/games``.

    Each game says what it is (its rules class's ``description``), each
    choice of an option its words, and ``seats`` every kind of seat the
    server takes, the person and each bot, with a word on it.

    >>> games = games_document()["games"]
    >>> eop = games[0]
    >>> eop["variant"], eop["short_name"], eop["players"]
    ('EndOfThePage', 'eop', {'min': 2, 'max': 8, 'default': 2})
    >>> stock_out = [o for o in eop["options"] if o["name"] == "stock_out"][0]
    >>> stock_out["choices"], stock_out["words"][0], stock_out["rule"]
    (['end_round', 'reshuffle', 'flip'], 'end the round', 'EOP-R4')
    >>> [seat["kind"] for seat in games_document()["seats"]]
    ['human', 'easy', 'medium', 'hard', 'greedy', 'random', 'search']
    """
    games = []
    for name, cls in VARIANTS.items():
        low, high = _players_range(cls)
        games.append(
            {
                "variant": name,
                "name": cls.name,
                "short_name": cls.short_name,
                "description": _description(cls),
                "players": {"min": low, "max": high, "default": cls().players},
                "options": [_option(cls, field) for field in attrs.fields(cls)],
            }
        )
    seats = [_seat_kind(kind) for kind in ("human", *BOTS)]
    return {"games": games, "seats": seats}
