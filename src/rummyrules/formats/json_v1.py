"""Version 1 of the saved format, read by converting it to version 2.

Version 1 wrote the state of every game with the 28 fields of one wide state
class. Version 2 writes each game's state with its own fields only: the melds
on the table are ``melds`` (were ``table``), a Going Out game's dropped cards
``dropped_cards`` (were ``out_of_play``), and what a state works out for
itself (``round``, ``scores``, ``melded``, ``face_up_holder``, Going Out's
``out``) is no field. A version 1 state, alone or in a match, converts
exactly or not at all: each field its game's class lacks must hold its
empty value (null, 0, false, nothing, false for every player) or agree with
what the converted state works out. Rules and moves are written alike in
both versions. A view is not converted: it is made afresh from its game.

>>> v1 = {"rules": {"variant": "GoingOutRummy"}, "table": [], "passes": 0}
>>> upgrade("state", {**v1, **dict.fromkeys(V1_FIELDS - set(v1))})[0]["melds"]
[]
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Final

import attrs

from rummyrules.core.errors import LoadError, StateError
from rummyrules.core.inputs import brief
from rummyrules.game.registry import VARIANTS

__all__ = ["V1_FIELDS", "upgrade"]

# fmt: off
V1_FIELDS: Final = frozenset({
    "rules", "seed", "round", "dealer", "wild", "face_up", "face_up_holder", "marker",
    "hands", "stock", "discard_pile", "table", "scores", "score_sheet", "phase",
    "to_move", "turn", "melded", "had_turn", "out", "turns", "reshuffles", "passes",
    "claim", "discarder", "winner", "dropped", "out_of_play",
})  # the field list as the version 1 class declared it, in its order
# fmt: on
"""The 28 fields of a version 1 state, whatever its game."""
V1_TURN: Final = frozenset(
    {"taken", "must_meld", "support", "held_copy", "must_use", "drew"}
)
"""The fields of a version 1 turn."""
RENAMED: Final = {"table": "melds", "out_of_play": "dropped_cards"}
"""Version 1's names of fields that version 2 keeps under another name."""

Derived = dict[str, Any]
"""The fields a version 2 state works out, with the values version 1 wrote for them."""


def upgrade(kind: str, data: Any) -> tuple[Any, Callable[[Any], None]]:
    """Version 1 data as version 2 data, and a check of the value then read from it.

    The check refuses a value whose worked-out fields disagree with what
    version 1 wrote; run it once the value has passed the usual checks.
    Data of another shape is passed on as it is, for version 2's reading
    to refuse with its path.

    >>> data, check = upgrade("move", "draw")
    >>> data
    'draw'
    """
    if kind == "view":
        raise LoadError(
            "a view saved in version 1 of the rummyrules format is not read: load "
            "its game and take the view again"
        )
    try:
        if kind == "state":
            state, derived = _state(data, "data")
            return state, lambda value: _agree(value, derived)
        games = data.get("games") if isinstance(data, dict) else None
        if kind == "match" and isinstance(games, list):
            pairs = [_state(game, f"data.games[{i}]") for i, game in enumerate(games)]
            match = {**data, "games": [game for game, _ in pairs]}
            return match, lambda value: _agree_games(value, [d for _, d in pairs])
    except StateError as error:
        raise LoadError(f"the {kind} is not valid: {error}") from None
    return data, _nothing


def _nothing(value: object) -> None:
    """Rules and moves are read as they were written: nothing more to check."""
    del value


def _state(data: Any, path: str) -> tuple[Any, Derived]:
    """A version 1 state as version 2 data, and what version 2 works out, as written."""
    rules = data.get("rules") if isinstance(data, dict) else None
    variant = rules.get("variant") if isinstance(rules, dict) else None
    if not isinstance(variant, str) or variant not in VARIANTS:
        return data, {}  # version 2's reading says what is wrong
    cls = VARIANTS[variant].state_class
    own = attrs.fields_dict(attrs.resolve_types(cls))
    converted: dict[str, Any] = {}
    derived: Derived = {}
    hands = data.get("hands")
    players = len(hands) if isinstance(hands, list) else 0
    missing = sorted(V1_FIELDS - own.keys() - set(data))
    if missing:
        raise StateError(f"required field missing @ {path}.{missing[0]}")
    for old, written in data.items():
        name = RENAMED.get(old, old)
        value = written
        if name == "turn" and isinstance(written, dict):
            value = _turn(written, own.get("turn"), path)
        if old not in V1_FIELDS or name in own:
            converted[name] = value  # version 2 reads it, or refuses it by name
        elif isinstance(getattr(cls, name, None), property):
            derived[name] = value
        elif not _empty(value, players):
            raise StateError(
                f"{old}: there is no such thing in {VARIANTS[variant].name}, yet "
                f"it holds {_shown(value)} @ {path}.{old}"
            )
    return converted, derived


def _turn(turn: dict[str, Any], field: attrs.Attribute[Any] | None, path: str) -> Any:
    """The turn as the game's own turn class has it; what the class lacks is empty."""
    kind = None if field is None else field.type
    kept = (
        set(attrs.fields_dict(kind)) if kind is not None and attrs.has(kind) else set()
    )
    for name, value in turn.items():
        if name in V1_TURN - kept and not _empty(value, 0):
            raise StateError(
                f"turn: there is no {name} in this game's turn, yet it holds "
                f"{_shown(value)} @ {path}.turn.{name}"
            )
    return {name: value for name, value in turn.items() if name not in V1_TURN - kept}


def _empty(value: object, players: int) -> bool:
    """Null, 0, false, nothing, or false for each of the ``players``."""
    if isinstance(value, list):
        return not value or (len(value) == players and all(v is False for v in value))
    if isinstance(value, dict):
        return not value
    return value is None or value is False or (type(value) in (int, str) and not value)


def _shown(value: object) -> str:
    """A value read from JSON, as JSON writes it, briefly."""
    return brief(json.dumps(value), quote=False)


def _agree(state: object, derived: Derived) -> None:
    """What version 1 wrote of each field version 2 works out is what it works out."""
    for name, written in derived.items():
        worked_out = getattr(state, name)
        if json.dumps(written) != json.dumps(worked_out):
            raise StateError(
                f"{name}: {_shown(written)} does not agree with the rest of the "
                f"state, which makes it {_shown(worked_out)}"
            )


def _agree_games(match: Any, derived: list[Derived]) -> None:
    for number, game in enumerate(match.games, start=1):
        written = derived[number - 1]
        try:
            _agree(game, written)
        except StateError as error:
            raise StateError(f"game {number}: {error}") from None
