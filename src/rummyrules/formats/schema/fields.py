"""The schema of one field, from its type: how the generator reads the attrs classes.

A saved value's fields are the fields of its attrs class (the converter,
:mod:`rummyrules.formats.json_converter`, writes each as its type says), so
each field's schema follows from its type: a card is its text, a tuple an
array, ``X | None`` either, an enum its values, an attrs class a closed
object of its fields. Only what a type cannot say is written here, once:
the text of cards, and what a whole number counts (a player's number, a
count, a number from 1, or any whole number), which its name says.

>>> from rummyrules.core.cards import Card
>>> Fields(move_kinds=["draw"], games={}).of(Card | None, "face_up", object)
{'anyOf': [{'$ref': '#/$defs/card'}, {'type': 'null'}]}
"""

from __future__ import annotations

import enum
import inspect
import re
import types
import typing
from typing import Any, Final

import attrs

from rummyrules.core.cards import Card, Rank
from rummyrules.game.events import Event
from rummyrules.game.moves import Move
from rummyrules.game.playable_rules import PlayableRules
from rummyrules.melds import Meld, MeldKind

__all__ = ["AFTERMATH", "BASICS", "Fields", "described", "ref", "snake"]

Json = dict[str, Any]

_RANK: Final = r"(?:[2-9]|10|[AJQK])"
_CARD: Final = rf"(?:\*|{_RANK}[SHDC])"
BASICS: Final[dict[str, Json]] = {
    "card": {
        "description": "A card's text: rank then suit (10 is 10), or * for Going Out Rummy's WILDCARD.",
        "type": "string",
        "pattern": f"^{_CARD}$",
    },
    "rank": {
        "description": "A rank's text.",
        "type": "string",
        "pattern": f"^{_RANK}$",
    },
    "declared_card": {
        "description": "A card of a meld: its text, a wild followed by = and what it stands for (a card in a run, a rank in a set).",
        "type": "string",
        "pattern": f"^{_CARD}(?:=(?:{_RANK}[SHDC]|{_RANK}))?$",
    },
    "declaration": {
        "description": "What a wild card is declared to stand for: a card (in a run) or a rank (in a set).",
        "type": "string",
        "pattern": f"^{_RANK}[SHDC]?$",
    },
    "cards": {
        "description": "A list of cards; the stock and the discard pile top card first.",
        "type": "array",
        "items": {"$ref": "#/$defs/card"},
    },
    "hands": {
        "description": "One list of cards a player.",
        "type": "array",
        "items": {"$ref": "#/$defs/cards"},
    },
    "player": {
        "description": "A player's number, from 0.",
        "type": "integer",
        "minimum": 0,
    },
    "count": {"type": "integer", "minimum": 0},
    "meld": {
        "description": "A meld: its kind and its cards, each wild with its declaration (MELD-5).",
        "type": "object",
        "properties": {
            "kind": {"enum": [kind.value for kind in MeldKind]},
            "cards": {
                "type": "array",
                "items": {"$ref": "#/$defs/declared_card"},
                "minItems": 1,
            },
        },
        "required": ["kind", "cards"],
        "additionalProperties": False,
    },
}
"""The pieces no class states: the text of cards and ranks (the card text
pattern), and the meld as the converter writes it."""

AFTERMATH: Final = ("reshuffled", "went_out", "round_ended", "dealt", "game_ended")
"""The kinds of event no move names: what a move set off (:mod:`rummyrules.game.events`)."""

_PLAYERS: Final = frozenset(
    {"player", "dealer", "to_move", "winner", "winners", "knocker", "out"}
    | {"discarder", "face_up_holder", "owner", "played_by", "went_out"}
    | {"shuffler", "dropped"}
)
"""Whole numbers (or lists of them) that are players' numbers, by their field's name."""
_FROM_ONE: Final = frozenset({"round", "meld"})
"""Whole numbers counted from 1: a round, a meld on the table."""
_SIGNED: Final = frozenset(
    {"seed", "scores", "score_sheet", "melded", "in_hand", "bonus", "net"}
)
"""Whole numbers of any sign: seeds and scores. Every other whole number is a count."""
_LIMITS: Final[dict[str, Json]] = {"round_results": {"maxItems": 1}}
"""What a field's type cannot say: a state keeps the last round's result only."""


def ref(name: str) -> Json:
    """A reference to the piece ``name`` of ``$defs``.

    >>> ref("card")
    {'$ref': '#/$defs/card'}
    """
    return {"$ref": f"#/$defs/{name}"}


def snake(name: str) -> str:
    """A class's name as a ``$defs`` name.

    >>> snake("EndOfThePageTurn"), snake("StockSize")
    ('end_of_the_page_turn', 'stock_size')
    """
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def described(schema: Json, text: str | None) -> Json:
    """The schema with a description first, if there is one.

    >>> described({"type": "integer"}, "How many.")
    {'description': 'How many.', 'type': 'integer'}
    """
    return schema if not text else {"description": text, **schema}


def _summary(cls: type) -> str | None:
    """The first paragraph of a class's docstring, as plain text."""
    doc = inspect.getdoc(cls)
    if not doc or doc == inspect.getdoc(cls.__mro__[1]):
        return None
    return _plain(doc.split("\n\n", 1)[0])


def _plain(text: str) -> str:
    """Docstring text as plain text: no literal quotes, a Sphinx role as its last name.

    >>> _plain("Its  ``seed`` (:func:`~rummyrules.match.game_seed`).")
    'Its seed (game_seed).'
    """
    text = re.sub(r":\w+:`~?(?:[\w.]*\.)?([^`.]+)`", r"\1", text)
    return " ".join(text.replace("``", "").split())


def _attribute_docs(cls: type) -> dict[str, str]:
    """What the ``Attributes:`` sections of the class's docstrings (and its bases') say of each field."""
    found: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        doc = inspect.cleandoc(klass.__dict__.get("__doc__") or "")
        _, heading, rest = doc.partition("Attributes:\n")
        name = None
        for line in rest.splitlines() if heading else ():
            entry = re.match(r"^ {4}(\w+): (.*)$", line)
            if entry:
                name = entry.group(1)
                found[name] = entry.group(2)
            elif name and line.startswith(" " * 8):
                found[name] += " " + line.strip()
            else:
                break
    return {name: _plain(text) for name, text in found.items()}


@attrs.define
class Fields:
    """Builds each field's schema, gathering the pieces it refers to in :attr:`defs`.

    Attributes:
        move_kinds: Every kind of move, which events are named by too.
        games: The state and view classes of each game, by the ``$defs``
            name of their schema (``state_GinRummy``).
        defs: The pieces made so far, by name.
    """

    move_kinds: list[str]
    games: dict[type, str]
    defs: dict[str, Json] = attrs.Factory(lambda: dict(BASICS))

    def of(self, kind: Any, name: str, owner: type) -> Json:
        """The schema of a field ``name`` of the class ``owner``, of type ``kind``."""
        if kind is type(None):
            return {"type": "null"}
        args = typing.get_args(kind)
        origin = typing.get_origin(kind)
        if origin in (types.UnionType, typing.Union):
            parts = [self.of(arg, name, owner) for arg in args]
            return parts[0] if len(parts) == 1 else {"anyOf": parts}
        if origin is tuple:
            return self._tuple(kind, args, name, owner)
        if kind is str and owner is Event and name == "kind":
            return {"enum": [*self.move_kinds, *AFTERMATH]}
        plain = {bool: "boolean", str: "string"}
        if kind in plain:
            return {"type": plain[kind]}
        return self._number(name) if kind is int else self._class(origin or kind, name)

    def _tuple(self, kind: Any, args: tuple[Any, ...], name: str, owner: type) -> Json:
        if kind == tuple[Card, ...]:
            return ref("cards")
        if kind == tuple[tuple[Card, ...], ...]:
            return ref("hands")
        if args[-1] is Ellipsis:
            items = self.of(args[0], name, owner)
            return {"type": "array", "items": items, **_LIMITS.get(name, {})}
        return {
            "type": "array",
            "prefixItems": [self.of(arg, name, owner) for arg in args],
            "items": False,
            "minItems": len(args),
        }

    def _number(self, name: str) -> Json:
        if name in _PLAYERS:
            return ref("player")
        if name in _FROM_ONE:
            return {"type": "integer", "minimum": 1}
        return {"type": "integer"} if name in _SIGNED else ref("count")

    def _class(self, kind: type, name: str) -> Json:
        shared = {Card: "card", Rank: "rank", Meld: "meld", **self.games}
        bases = {Move: "move", PlayableRules: "rules"}
        if kind in shared:
            return ref(shared[kind])
        for base, piece in bases.items():
            if issubclass(kind, base):
                return ref(piece)
        if kind in (enum.Enum, enum.StrEnum):  # a phase, narrowed by each game
            return {"type": "string"}
        if issubclass(kind, enum.Enum):
            return self._piece(snake(kind.__name__), kind, self.enum)
        if attrs.has(kind):
            return self._piece(snake(kind.__name__), kind, self.closed)
        message = f"the schema has no rule for the type {kind!r} of {name}"
        raise TypeError(message)

    def _piece(self, key: str, kind: type, make: Any) -> Json:
        if key not in self.defs:
            self.defs[key] = {}  # a class that refers to itself finds its name
            self.defs[key] = make(kind)
        return ref(key)

    def enum(self, kind: type[enum.Enum]) -> Json:
        """The schema of an enum: one of its values.

        >>> from rummyrules import StockSize
        >>> Fields(move_kinds=[], games={}).enum(StockSize)["enum"]
        ['empty', 'few', 'some', 'many']
        """
        return described({"enum": [member.value for member in kind]}, _summary(kind))

    def properties(
        self, cls: type, names: list[str] | None = None
    ) -> tuple[dict[str, Json], list[str]]:
        """The schema of each of the class's saved fields (or of those named), and their names."""
        docs = _attribute_docs(cls)
        fields = attrs.fields(attrs.resolve_types(cls))
        chosen = [
            field
            for field in fields
            if field.init and (names is None or field.name in names)
        ]
        properties = {
            field.name: described(
                self.of(field.type, field.name, cls), docs.get(field.name)
            )
            for field in chosen
        }
        return properties, [field.name for field in chosen]

    def closed(self, cls: type, names: list[str] | None = None) -> Json:
        """An attrs class as an object of its saved fields, each required, no other allowed."""
        properties, required = self.properties(cls, names)
        schema = {
            "type": "object",
            "properties": properties,
            "required": required,
            "additionalProperties": False,
        }
        return described(schema, _summary(cls))
