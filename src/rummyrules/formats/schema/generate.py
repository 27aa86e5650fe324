"""The JSON Schema of the saved format, generated from the classes and the converter.

Run ``rummyrules schema --write`` after adding a game, a
move or a field, to regenerate the committed ``rummyrules.schema.json``
(``--check`` says whether it is up to date; with neither, it is printed).
What each document holds is read from the code: the kinds of value saved
(:func:`~rummyrules.formats.json.saved_kinds`), the registered games
(:data:`~rummyrules.game.registry.VARIANTS`) with each one's options (its
rules class's fields, their validators' bounds and their docs), its state
and view (their attrs fields), the kinds of move its turn machine lists
(each move class's :attr:`~rummyrules.Move.json_fields`), and the events.

>>> schema = generated_schema()
>>> schema["$defs"]["rules_GinRummy"]["properties"]["options"]["properties"][
...     "hand_size"
... ]
{'description': 'Cards dealt to each player (GIN-1).', 'type': 'integer', 'minimum': 1, 'maximum': 10}
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, Final

import attrs

from rummyrules.core.options import Bounds
from rummyrules.formats.json import FORMAT, VERSION, saved_kinds
from rummyrules.formats.schema.fields import Fields, described, ref
from rummyrules.game.events import Event
from rummyrules.game.move_base import JsonField
from rummyrules.game.moves import Move
from rummyrules.game.registry import VARIANTS
from rummyrules.game.state import GameState, PlayableRules, View

__all__ = ["generated_schema", "schema_text"]

Json = dict[str, Any]
Games = Iterable[type[PlayableRules[Any]]]

_EXTRA_FIELDS: Final[dict[JsonField, Json]] = {
    "melds": {
        "description": "The melds it lays, cards with declarations (going out).",
        "type": "array",
        "items": {
            "type": "array",
            "items": ref("declared_card"),
            "minItems": 1,
        },
        "minItems": 1,
    },
    "discard": {
        "description": "The card discarded last, or null (going out).",
        "anyOf": [ref("card"), {"type": "null"}],
    },
}
"""The schema of each field a kind of move may add (:attr:`Move.json_fields`),
as the converter writes it."""


def schema_text(schema: Json) -> str:
    r"""The schema as the committed file holds it: two spaces, a last newline.

    Keys stay in the order the generator makes them, which is the code's
    (each class's fields in their order), so a regenerated file differs
    only where the classes do.

    >>> schema_text({"b": 1, "a": [True]})
    '{\n  "b": 1,\n  "a": [\n    true\n  ]\n}\n'
    """
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def generated_schema(games: Games | None = None) -> Json:
    """The JSON Schema (draft 2020-12) of every value saved of the given games (all registered).

    >>> from rummyrules import EndOfThePage
    >>> schema = generated_schema([EndOfThePage])
    >>> schema["properties"]["variant"]["enum"]
    ['EndOfThePage', None]
    """
    chosen = list(VARIANTS.values() if games is None else games)
    names = [cls.__name__ for cls in chosen]
    fields = Fields(move_kinds=_move_kinds(chosen), games={})
    for cls in chosen:
        fields.games[cls.state_class] = f"state_{cls.__name__}"
        fields.games[cls.view_class] = f"view_{cls.__name__}"
    defs = fields.defs
    defs["move"] = _move(chosen)
    defs["event"] = fields.closed(Event)
    defs["state_fields"] = _shared(fields, GameState, "state")
    defs["view_fields"] = _shared(fields, View, "view")
    for cls in chosen:
        name = cls.__name__
        defs[f"rules_{name}"] = _rules(fields, cls)
        defs[f"state_{name}"] = _game(fields, cls, cls.state_class, "state")
        defs[f"view_{name}"] = _game(fields, cls, cls.view_class, "view")
    defs["rules"] = {"oneOf": [ref(f"rules_{name}") for name in names]}
    kinds = saved_kinds()
    cases = [_case("move", None, "move")]
    for name in names:
        cases += [_case(kind, name, f"{kind}_{name}") for kind in _PER_GAME]
    for kind, cls in kinds.items():
        if kind not in (*_PER_GAME, "move"):
            defs[kind] = fields.closed(cls)
            games_of = [
                name for name in names if _mentions(defs[kind], f"state_{name}")
            ]
            cases += [_case(kind, name, kind) for name in games_of]
            variant = {"enum": games_of} if games_of else {"type": "string"}
            cases.append(_when(kind, {"properties": {"variant": variant}}))
    cases.append(
        {
            **_when("move", {"properties": {"variant": {"type": "null"}}}),
            "else": {"properties": {"variant": {"type": "string"}}},
        }
    )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"urn:rummyrules:format:{VERSION}",
        "title": f"rummyrules saved values, format version {VERSION}",
        "description": _ABOUT,
        "$comment": _HOW,
        "type": "object",
        "properties": {
            "format": {"const": FORMAT},
            "version": {"const": VERSION},
            "kind": {
                "enum": list(kinds),
                "description": "The kind of value data holds.",
            },
            "variant": {
                "description": "The rules class's name; null for a move.",
                "enum": [*names, None],
            },
            "data": {"description": "The value itself."},
        },
        "required": ["format", "version", "kind", "variant", "data"],
        "additionalProperties": False,
        "allOf": cases,
        "$defs": defs,
    }


_PER_GAME: Final = ("rules", "state", "view")
_ABOUT: Final = (
    "What rummyrules.dumps writes: rules, a move, a state or a view of each game, "
    "and what a game adds (a Going Out Rummy match). Each document names its "
    "format, version, kind and variant; data is the value (docs/saving.rst "
    "explains every field)."
)
_HOW: Final = (
    "Generated from the classes by rummyrules schema --write: "
    "do not edit it by hand. Each if/then in allOf picks the $defs entry for one "
    "kind and variant; objects are closed (additionalProperties false, or "
    "unevaluatedProperties false where a state or view takes the fields every "
    "game has from state_fields or view_fields)."
)


def _move_kinds(games: list[type[PlayableRules[Any]]]) -> list[str]:
    return list(dict.fromkeys(move.kind for move in _moves(games)))


def _moves(games: list[type[PlayableRules[Any]]]) -> list[type[Move]]:
    """Each kind of move the games' turn machines list, in their order."""
    found: dict[type[Move], None] = {}
    for cls in games:
        machine = cls().machine
        for phase in machine.phases.values():
            found.update(dict.fromkeys(kind.move for kind in phase.kinds))
        found.update(dict.fromkeys(kind.move for kind in machine.out_of_turn))
    return list(found)


def _move(games: list[type[PlayableRules[Any]]]) -> Json:
    """A move as the converter writes it (``move_object``), its kind among the games' moves."""
    moves = _moves(games)
    extra: dict[JsonField, list[str]] = {}
    for move in moves:
        for name in move.json_fields:
            extra.setdefault(name, []).append(move.kind)
    optional = [ref("player"), {"type": "null"}]
    schema: Json = {
        "description": "A move: its text (what a reader goes by) and what the text says, for clients.",
        "type": "object",
        "properties": {
            "text": {
                "description": "The move in move notation: what a client sends back.",
                "type": "string",
                "minLength": 1,
            },
            "kind": {
                "description": "The kind of move, one word.",
                "enum": list(dict.fromkeys(move.kind for move in moves)),
            },
            "player": described(
                {"anyOf": optional},
                "The player making it out of turn; null: the player to move.",
            ),
            "cards": described(
                ref("cards"),
                "The hand's cards the move plays or names, without declarations.",
            ),
            "declared": {
                "description": "For each of cards, what a wild stands for, else null.",
                "type": "array",
                "items": {"anyOf": [ref("declaration"), {"type": "null"}]},
            },
            "meld": {
                "description": "The meld on the table (from 1) a lay-off or claim goes on, else null.",
                "anyOf": [{"type": "integer", "minimum": 1}, {"type": "null"}],
            },
            **{name: _EXTRA_FIELDS[name] for name in extra},
        },
        "required": ["text", "kind", "player", "cards", "declared", "meld"],
        "additionalProperties": False,
    }
    # A field of some kinds only: required of them, refused of the others.
    schema["allOf"] = [
        {
            "if": {"properties": {"kind": {"enum": kinds}}},
            "then": {"required": [name]},
            "else": {"not": {"required": [name]}},
        }
        for name, kinds in extra.items()
    ]
    return schema


def _shared(fields: Fields, base: type, kind: str) -> Json:
    """What every game's state (or view) has: the base class's fields, closed by each game's."""
    properties, required = fields.properties(base)
    if kind == "state":  # the converter writes a state's events beside its fields
        properties["events"] = described(
            {"type": "array", "items": ref("event")},
            "What the move that made this state did.",
        )
        required.append("events")
    return {
        "description": f"What every game's {kind} has; each game's {kind} adds its own fields.",
        "type": "object",
        "properties": properties,
        "required": required,
    }


def _game(
    fields: Fields, rules: type[PlayableRules[Any]], cls: type, kind: str
) -> Json:
    """A game's state or view: the shared fields, then its own and those it narrows (its rules, its phase)."""
    base = GameState if kind == "state" else View
    shared = {
        field.name: field.type for field in attrs.fields(attrs.resolve_types(base))
    }
    own = [
        field.name
        for field in attrs.fields(attrs.resolve_types(cls))
        if field.name not in shared or field.type != shared[field.name]
    ]
    properties, required = fields.properties(cls, own)
    properties["rules"] = ref(f"rules_{rules.__name__}")
    return described(
        {
            "type": "object",
            "allOf": [ref(f"{kind}_fields")],
            "properties": properties,
            "required": required,
            "unevaluatedProperties": False,
        },
        f"A {kind} of a game of {rules.name}.",
    )


def _rules(fields: Fields, cls: type[PlayableRules[Any]]) -> Json:
    """The rules of a game: its name and every option, each as its field and validator allow."""
    properties, required = fields.properties(cls)
    for field in attrs.fields(cls):
        bounds = field.validator
        schema = properties[field.name]
        if isinstance(bounds, Bounds):
            number = {"type": "integer", "minimum": bounds.low, "maximum": bounds.high}
            schema = (
                {"anyOf": [number, {"type": "null"}]} if bounds.optional else number
            )
        properties[field.name] = described(schema, _about(field))
    return {
        "description": f"{cls.__name__}'s rules: every option (each game's page lists them and their ranges).",
        "type": "object",
        "properties": {
            "variant": {"const": cls.__name__},
            "options": {
                "type": "object",
                "properties": properties,
                "required": required,
                "additionalProperties": False,
            },
        },
        "required": ["variant", "options"],
        "additionalProperties": False,
    }


def _about(field: attrs.Attribute[Any]) -> str | None:
    doc, rule = field.metadata.get("doc"), field.metadata.get("rule")
    if doc is None:
        return None
    return f"{doc[:-1] if doc.endswith('.') else doc} ({rule})." if rule else doc


def _case(kind: str, variant: str | None, piece: str) -> Json:
    """If the header says this kind (and variant), data is this piece."""
    when: Json = {"properties": {"kind": {"const": kind}}, "required": ["kind"]}
    if variant is not None:
        when["properties"]["variant"] = {"const": variant}
        when["required"].append("variant")
    return {"if": when, "then": {"properties": {"data": ref(piece)}}}


def _when(kind: str, then: Json) -> Json:
    return {
        "if": {"properties": {"kind": {"const": kind}}, "required": ["kind"]},
        "then": then,
    }


def _mentions(piece: Json, name: str) -> bool:
    """Whether a piece refers to the piece ``name`` (a match to its game's states)."""
    return json.dumps(ref(name))[1:-1] in json.dumps(piece)
