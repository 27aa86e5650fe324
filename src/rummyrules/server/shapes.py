"""The JSON shapes of the API's documents, as JSON Schema: each request body and each answer.

One declaration per document the server reads or writes
(:mod:`rummyrules.server.documents`, the lobby's answers, the selection),
used by the OpenAPI document (:mod:`rummyrules.server.openapi`) and by the
tests that check every answer against it. Every object is closed (each
field required, no other field allowed), so a field added to an answer and
not here fails those tests. The game's own values (a view, its events, a
card) are the library's saved format: :func:`saved_schemas` brings the
published JSON Schema (:func:`rummyrules.formats.schema.json_schema`) in
as it is, its ``$defs`` renamed ``saved_NAME``, rather than declaring it again.

>>> SCHEMAS["Refusal"]["required"]
['error', 'rule']
>>> saved_schemas()["saved_card"]["pattern"].startswith("^")
True
"""

from __future__ import annotations

from typing import Any, Final

from rummyrules.formats.schema import json_schema
from rummyrules.game.registry import VARIANTS
from rummyrules.server.seats import SEAT_KINDS

__all__ = ["SCHEMAS", "saved_schemas", "shape"]

Json = dict[str, Any]

_PREFIX: Final = "#/components/schemas/"


def shape(name: str) -> Json:
    """A reference to a named shape of the OpenAPI document.

    >>> shape("Status")
    {'$ref': '#/components/schemas/Status'}
    """
    return {"$ref": _PREFIX + name}


def _closed(description: str, optional: tuple[str, ...] = (), **fields: Json) -> Json:
    """An object of exactly these fields, every one required but the ``optional``."""
    return {
        "description": description,
        "type": "object",
        "properties": fields,
        "required": [name for name in fields if name not in optional],
        "additionalProperties": False,
    }


def _text(description: str, **more: Any) -> Json:
    return {"description": description, "type": "string", **more}


def _or_null(description: str, schema: Json) -> Json:
    return {"description": description, "anyOf": [schema, {"type": "null"}]}


def _list(description: str, items: Json, **more: Any) -> Json:
    return {"description": description, "type": "array", "items": items, **more}


def _whole(description: str, **more: Any) -> Json:
    return {"description": description, "type": "integer", **more}


def _phases() -> list[Json]:
    """Each game's phases, as the library's schema names them (``phase``, ``NAME_phase``)."""
    names = json_schema()["$defs"]
    return [shape(f"saved_{name}") for name in names if name.split("_")[-1] == "phase"]


_SEAT = _whole("A seat's number, from 0.", minimum=0)
_PLAYERS = _list("Players' numbers, from 0.", {"type": "integer", "minimum": 0})
_VERSION = _text("The table's version: a random string, not a count.")
_COMMITMENT = _text(
    "The SHA-256 commitment to the seed, hex.", pattern="^[0-9a-f]{64}$"
)
_SALT = _text(
    "The secret salt committed with the seed, hex, once the game is over"
    " (absent for a table made before salts).",
    pattern="^[0-9a-f]{32}$",
)
_KIND = {"description": "A seat's kind: a person or a bot.", "enum": list(SEAT_KINDS)}
_CARDS = _list("Cards' texts.", shape("saved_card"))
_RULE = _or_null("The rule ID, when a rule refuses.", {"type": "string"})
_MELD = _or_null(
    "The meld it lays a card on, from 1.", {"type": "integer", "minimum": 1}
)
_WORD = {"type": ["boolean", "integer", "string", "null"]}

_ANSWERS: Final[dict[str, Json]] = {
    "Refusal": _closed(
        "A request the server refuses, with its status.",
        error=_text("Why, in a sentence."),
        rule=_RULE,
    ),
    "Games": _closed(
        "Every registered game: GET /api/games.",
        games=_list("The games, in the registry's order.", shape("Game")),
    ),
    "Game": _closed(
        "A game, its table sizes and its options, read from its rules class.",
        variant={"description": "The rules class's name.", "enum": list(VARIANTS)},
        name=_text("The game's name."),
        short_name=_text("Its short name, as the command line takes it."),
        players=_closed(
            "How many may play.",
            min=_whole("The fewest."),
            max=_whole("The most."),
            default=_whole("The rules' default."),
        ),
        options=_list("Its options, as POST /api/tables takes them.", shape("Option")),
    ),
    "Option": _closed(
        "One option of a game, from its rules class.",
        name=_text("The option's name."),
        default={"description": "Its default.", **_WORD},
        type={"description": "What it takes.", "enum": ["bool", "int", "str", "enum"]},
        choices=_or_null("An enum's choices.", {"type": "array", "items": _text("")}),
        nullable={"description": "Whether it takes null.", "type": "boolean"},
        rule=_or_null("The rule it comes from.", {"type": "string"}),
        doc=_text("What it does."),
    ),
    "Seat": _closed(
        "A seat: its kind, and its token for the table's creator.",
        ("token",),
        seat=_SEAT,
        kind=_KIND,
        token=_text("The seat's token, given once, to the table's creator."),
    ),
    "Seed": _closed(
        "Who chose the seed, the commitment to it, and the seed once the game is over.",
        ("seed", "salt"),
        chosen_by={"description": "Who chose the seed.", "enum": ["server", "creator"]},
        commitment=_COMMITMENT,
        seed=_text("The seed, in decimal, once the game is over.", pattern="^[0-9]+$"),
        salt=_SALT,
    ),
    "NewTable": _closed(
        "A table made: its id, its seats with their tokens, and its seed's commitment.",
        table=_text("The table's id."),
        seats=_list("Every seat, each human one with its token.", shape("Seat")),
        seed=shape("Seed"),
    ),
    "Status": _closed(
        "What anyone may know of a table, without a token.",
        variant={"description": "The rules class's name.", "enum": list(VARIANTS)},
        name=_text("The game's name."),
        players=_whole("How many play.", minimum=1),
        seats=_list("Each seat's kind.", _KIND),
        to_move=_or_null("Who moves next; null when over.", _SEAT),
        phase={"description": "What kind of move comes next.", "anyOf": _phases()},
        over={"description": "Whether the game is over.", "type": "boolean"},
        winners=_PLAYERS,
        version=_VERSION,
        seed=shape("Seed"),
    ),
    "Answer": _closed(
        "A seat's answer: its view, the events since the version it saw, its move groups.",
        version=_VERSION,
        seat=_SEAT,
        view={
            "description": "The seat's view: json.loads(rummyrules.dumps(view)).",
            "allOf": [shape("saved"), {"properties": {"kind": {"const": "view"}}}],
        },
        events=_list(
            "The events since the version given, oldest first.", shape("saved_event")
        ),
        earlier={
            "description": "Whether older events were left out.",
            "type": "boolean",
        },
        groups=_list("The legal moves, grouped as a table shows them.", shape("Group")),
        duties=_list(
            "The obligations in force for the seat this turn, each with its rule.",
            shape("Duty"),
        ),
    ),
    "Duty": _closed(
        "What the rules still ask of the seat this turn (GameState.duties).",
        rule=_text("The rule's ID."),
        text=_text("What it asks, in a sentence without the rule ID."),
    ),
    "Group": _closed(
        "Legal moves of one kind, by one player, playing the same cards onto the same meld.",
        kind=_text("The moves' kind."),
        player=_or_null("The player a move out of turn names.", _SEAT),
        cards=_CARDS,
        meld=_MELD,
        discard=_or_null("The card discarded last (going out).", shape("saved_card")),
        choices=_list("The moves' texts, to send as they are.", _text(""), minItems=1),
    ),
    "Selection": _closed(
        "What the selected cards would make: the moves, the refusals, the meld check.",
        version=_VERSION,
        seat=_SEAT,
        cards=_CARDS,
        moves=_list(
            "The listed legal moves that play exactly these cards.", shape("Playable")
        ),
        refusals=_list(
            "The candidates of these cards the rules refuse.", shape("Refused")
        ),
        check=_closed(
            "Whether the cards make a meld under this game's rules.",
            ok={"type": "boolean"},
            reason=_or_null("Why not.", {"type": "string"}),
            rule=_RULE,
            melds=_list("Each reading of the meld.", _text("")),
        ),
    ),
    "Playable": _closed(
        "A legal move of the selected cards.",
        text=_text("What to send to /moves."),
        kind=_text("The move's first word."),
        meld=_MELD,
    ),
    "Refused": _closed(
        "A candidate move of the selected cards that the rules refuse.",
        move=_text("The move's text."),
        kind=_text("The move's first word."),
        meld=_MELD,
        error=_text("What /moves would answer."),
        rule=_RULE,
    ),
    "Record": _closed(
        "A finished game's record, its winners and its seed.",
        ("salt",),
        record=_text("The game record, with its [Table] and [Commitment] tags."),
        winners=_PLAYERS,
        table=_text("The table's id."),
        seed=_text("The seed, in decimal.", pattern="^[0-9]+$"),
        commitment=_COMMITMENT,
        salt=_SALT,
    ),
}

_REQUESTS: Final[dict[str, Json]] = {
    "NewTableRequest": {
        "description": "A table to make (fields not named here are ignored).",
        "type": "object",
        "properties": {
            "variant": {
                "description": "The rules class's name.",
                "enum": list(VARIANTS),
            },
            "options": {
                "description": "Option names to values, as GET /api/games lists them.",
                "type": "object",
                "additionalProperties": _WORD,
            },
            "seats": _list("One kind per seat, at least one human.", _KIND, minItems=1),
            "seed": _or_null(
                "The seed, or null for the server to draw one.",
                {"type": "integer", "minimum": 0, "maximum": 2**128 - 1},
            ),
        },
        "required": ["variant", "seats"],
    },
    "MoveRequest": {
        "description": "A move, in the notation.",
        "type": "object",
        "properties": {"move": _text("The move's text, as 'discard KC'.")},
        "required": ["move"],
    },
    "SelectionRequest": {
        "description": "Cards picked from the seat's hand.",
        "type": "object",
        "properties": {
            "cards": _list("Their texts, as the hand shows them.", _text(""))
        },
        "required": ["cards"],
    },
    "DeclineRequest": {
        "description": "The version the seat saw: refused (409) if the table moved on.",
        "type": "object",
        "properties": {"version": _VERSION},
    },
}

SCHEMAS: Final[dict[str, Json]] = _ANSWERS | _REQUESTS
"""Every document of the API by name: the answers (closed) and the request bodies."""


def saved_schemas() -> dict[str, Json]:
    """The library's published JSON Schema as shapes: ``saved`` and each ``saved_NAME``.

    Its ``$defs`` become shapes of their own and its references point at
    them, so the OpenAPI document holds it whole, with nothing to fetch.

    >>> schemas = saved_schemas()
    >>> schemas["saved_event"]["properties"]["move"]["anyOf"][0]
    {'$ref': '#/components/schemas/saved_move'}
    >>> schemas["saved"]["required"]
    ['format', 'version', 'kind', 'variant', 'data']
    """
    schema = _renamed(json_schema())
    defs = schema.pop("$defs")
    for key in ("$schema", "$id"):
        schema.pop(key)
    return {"saved": schema} | {f"saved_{name}": value for name, value in defs.items()}


def _renamed(value: Any) -> Any:
    """The value with each ``#/$defs/NAME`` reference made ``saved_NAME``'s."""
    if isinstance(value, dict):
        ref = value.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            return {**value, "$ref": _PREFIX + "saved_" + ref.removeprefix("#/$defs/")}
        return {key: _renamed(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_renamed(item) for item in value]
    return value
