"""Saved values: rules, game states, moves, views and matches as JSON.

:func:`~rummyrules.dumps` writes a value as a JSON object that names the format, its
version, the kind of value and the variant. Inside, cards are their short
text, a list of cards is an array of them (``["7S", "8S", "9S"]``), a meld is
its kind and its cards with the wilds declared (``["7S", "5H=8S", "9S"]``), a
move is an object led by its notation (``{"text": "draw", "kind": "draw",
...}``) and rules are the variant's name with every option.

:func:`~rummyrules.loads` reads such text back and checks all of it: the format and its
version, every field and its type, every card against the deck, that no card
is lost or copied (ALL-1), that every meld on the table is one the rules
allow as declared, that players, phase and hands fit together. Anything else
raises :class:`~rummyrules.LoadError`, a ``ValueError`` whose message says
what is wrong; nothing half-built ever comes back. It reads the one version
it writes (``READS``); how each piece is written and read is
``rummyrules.formats.json_converter``'s business. What the format's JSON
looks like is published as a JSON Schema (:func:`~rummyrules.json_schema`).

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=5).apply("draw")
>>> loads(dumps(game)) == game
True
>>> loads('{"format": "rummyrules", "version": 99, "kind": "move", "data": "draw"}')
Traceback (most recent call last):
...
rummyrules.LoadError: this is version 99 of the rummyrules format; this library reads version 3 only
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Final, cast

import cattrs
import cattrs.v

from rummyrules.core.errors import LoadError, RummyRulesError
from rummyrules.core.inputs import brief, expect, wrong_type
from rummyrules.formats.checks import check_state, check_view
from rummyrules.formats.json_converter import CONVERTER, READING
from rummyrules.formats.json_pieces import FAULTS, some_names
from rummyrules.game.moves import Move
from rummyrules.game.state import GameState, PlayableRules, View

# Saved, a name for Any, is for annotations only: it has no example to give.
__all__ = [
    "FORMAT",
    "READS",
    "VERSION",
    "document",
    "dumps",
    "loads",
    "register_kind",
    "saved_kinds",
]

FORMAT: Final = "rummyrules"
"""The ``format`` every saved value carries."""

VERSION: Final = 3
"""The format version this library writes.

>>> VERSION in READS
True
"""
READS: Final = frozenset({VERSION})
"""The format versions this library reads: before 1.0, only the one it writes.

From 1.0 on, every later version of the library reads every format an earlier
release wrote, and a change to what a saved value holds gets a new format
version (docs/saving.rst, "The version"). Any other version is refused by its
number, never read by guessing.

>>> sorted(READS)
[3]
"""

Saved = Any
"""The kinds of value :func:`~rummyrules.dumps` writes and :func:`~rummyrules.loads`
reads: rules, states, moves and views of every game, and what a game adds
(Going Out Rummy's matches)."""

_KINDS: Final[dict[str, type[Any]]] = {
    "rules": PlayableRules,
    "state": GameState,
    "move": Move,
    "view": View,
}
_CHECKS: Final[dict[str, Callable[[Any], None]]] = {
    "rules": lambda _: None,  # built through the class, which checks every option
    "state": check_state,
    "move": lambda _: None,  # its text parsed, every other field checked against it
    "view": check_view,
}


def register_kind(name: str, cls: type[Any], check: Callable[[Any], None]) -> None:
    """Make a game's own kind of value savable: its name in the header, its class, its check.

    Going Out Rummy registers its matches this way (``"match"``).

    >>> import json
    >>> from rummyrules import GoingOutRummy, Match
    >>> json.loads(dumps(Match.start(GoingOutRummy(), seed=3)))["kind"]
    'match'
    """
    _KINDS[name] = cls
    _CHECKS[name] = check


def saved_kinds() -> dict[str, type[Any]]:
    """Each kind of value saved, by the word its header names it with, and its class.

    The library's four, then what the games register (the JSON Schema is
    generated from them). A new dict each call.

    >>> list(saved_kinds())
    ['rules', 'state', 'move', 'view', 'match']
    """
    return dict(_KINDS)


_HEADER: Final = {"format", "version", "kind", "variant", "data"}


def dumps(value: Saved, *, indent: int | None = None) -> str:
    """The value as JSON text, with the format, its version, its kind and its variant.

    >>> from rummyrules import GoingOutRummy
    >>> print(dumps(GoingOutRummy(wildcards=2)))  # doctest: +NORMALIZE_WHITESPACE
    {"format": "rummyrules", "version": 3, "kind": "rules", "variant": "GoingOutRummy",
     "data": {"variant": "GoingOutRummy", "options": {"players": 2, "hand_size": 7,
     "wildcards": 2, "going_out": "standard", "last_player_wins": true, "max_turns": null}}}
    """
    built = document(value)
    expect(indent, (int, type(None)), name="indent", what="a whole number or None")
    # Built afresh, so it holds no cycle: spare the encoder looking for one.
    return json.dumps(built, indent=indent, ensure_ascii=False, check_circular=False)


def document(value: Saved) -> dict[str, Any]:
    """The JSON object :func:`dumps` writes as text, built afresh: for a caller that encodes it its own way.

    Its values are what :mod:`json` writes (tuples for arrays, and the odd
    integer key, which JSON writes as text), so
    ``json.dumps(document(value))`` is ``dumps(value)``.

    >>> import json
    >>> from rummyrules import GinRummy
    >>> view = GinRummy().new_game(seed=1).view(0)
    >>> json.dumps(document(view), ensure_ascii=False) == dumps(view)
    True
    """
    kind = next((name for name, cls in _KINDS.items() if isinstance(value, cls)), None)
    if kind is None:
        raise wrong_type(
            value, name="value", what="rules, a state, a move, a view or a match"
        )
    return {
        "format": FORMAT,
        "version": VERSION,
        "kind": kind,
        "variant": _variant_of(value),
        "data": CONVERTER.unstructure(value),
    }


def loads(text: str | bytes) -> Saved:
    """Read a value written by :func:`~rummyrules.dumps`, checking all of it.

    Raises :class:`~rummyrules.LoadError` for text that is no such value:
    not JSON, another format or version, a missing, extra or mistyped field,
    a card that does not exist, cards lost or copied, a meld or a phase the
    rules could not have made; TypeError for anything but ``str`` or
    ``bytes``. A field of the wrong shape (text where a list belongs) is
    refused before it is read, and the message names at most the first
    three faults, quoting each briefly.

    >>> from rummyrules import GoingOutRummy
    >>> loads(dumps(GoingOutRummy(wildcards=2))) == GoingOutRummy(wildcards=2)
    True
    >>> loads(
    ...     '{"format": "rummyrules", "version": 3, "kind": "move", "variant": null,'
    ...     ' "data": {"text": "discard 1H"}}'
    ... )
    Traceback (most recent call last):
    ...
    rummyrules.LoadError: the move is not valid: 'discard 1H' is not a move: '1H' is not a card: ranks are A 2-10 J Q K (T for 10), suits S H D C, * is a WILDCARD
    """
    expect(text, (str, bytes), name="text", what="JSON text (str or bytes)")
    try:
        document = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise LoadError(f"this is not JSON text: {error}") from None
    except ValueError:  # Python's int refuses a number of thousands of digits
        raise LoadError(
            "this JSON text holds a number far too long to be rummyrules data"
        ) from None
    except RecursionError:
        raise LoadError(
            "this JSON text is nested too deeply to be rummyrules data"
        ) from None
    if not isinstance(document, dict):
        raise LoadError("rummyrules data is a JSON object, not a list or a value")
    kind = _check_header(document)
    data: Any = document["data"]
    _check_label(kind, document["variant"], data)
    try:
        value = READING.structure(data, _KINDS[kind])
        _CHECKS[kind](value)
    except RummyRulesError as error:
        raise LoadError(f"the {kind} is not valid: {error}") from None
    # cattrs reports a value of the wrong shape (a list where an object should
    # be) with whichever of these its code meets first.
    except (
        cattrs.BaseValidationError,
        AttributeError,
        KeyError,
        TypeError,
        ValueError,
    ) as error:
        raise LoadError(f"the {kind} is not valid: {_explain(error)}") from None
    variant = _variant_of(value)
    if document["variant"] != variant:
        message = (
            f"the {kind} is labelled {brief(document['variant'])} but is of "
            f"{variant or 'no variant'}"
        )
        raise LoadError(message)
    return cast("Saved", value)


def _check_label(kind: str, label: object, data: object) -> None:
    """The header's variant is the one the state's or view's rules name."""
    rules = data.get("rules") if isinstance(data, dict) else None
    variant = rules.get("variant") if isinstance(rules, dict) else None
    if isinstance(variant, str) and variant != label:
        raise LoadError(
            f"the {kind} is labelled {brief(label)} but its rules are {brief(variant)}"
        )


def _check_header(document: dict[str, Any]) -> str:
    if document.get("format") != FORMAT:
        raise LoadError(
            f"this is not rummyrules data (its format is {brief(document.get('format'))})"
        )
    version = document.get("version")
    if type(version) is not int or version not in READS:
        # Below the oldest version read: a format of before 1.0, converted by
        # no release (from 1.0 on, every format a release wrote stays read).
        old = type(version) is int and 0 < version < min(READS)
        message = (
            f"this is version {brief(version)} of the rummyrules format"
            f"{', from before 1.0' if old else ''}; this library reads "
            f"{_listed(sorted(READS))}"
        )
        raise LoadError(message)
    kind = document.get("kind")
    if not isinstance(kind, str) or kind not in _KINDS:
        known = ", ".join(_KINDS)
        raise LoadError(
            f"there is no kind {brief(kind)} of rummyrules data: the kinds are {known}"
        )
    if kind != "move" and not isinstance(document.get("data", {}), dict):
        raise LoadError(
            f"the {kind}'s data is a JSON object, not {brief(document['data'])}"
        )
    missing = _HEADER - set(document)
    if missing:
        raise LoadError(f"the {kind} lacks its {', '.join(sorted(missing))}")
    extra = [name for name in document if name not in _HEADER]
    if extra:
        raise LoadError(f"unknown fields beside the {kind}: {some_names(extra)}")
    return kind


def _listed(numbers: list[int]) -> str:
    """The versions read, in words.

    >>> _listed([3]), _listed([3, 4, 5])
    ('version 3 only', 'versions 3, 4 and 5')
    """
    *others, last = map(str, numbers)
    return (
        f"versions {', '.join(others)} and {last}" if others else f"version {last} only"
    )


def _explain(error: BaseException) -> str:
    if isinstance(error, cattrs.BaseValidationError):
        found = cattrs.transform_error(error, path="data", format_exception=_describe)
        more = len(found) - FAULTS
        return "; ".join(found[:FAULTS]) + (f"; and {more} more" if more > 0 else "")
    if isinstance(error, KeyError):
        return f"it lacks {error}"
    return brief(str(error), quote=False)


def _describe(error: BaseException, kind: type | None) -> str:
    """One failure, in the library's own words where it has them."""
    if isinstance(error, RummyRulesError):
        return str(error)
    if isinstance(error, AttributeError) and error.name == "keys":
        # cattrs reads an object's keys first; this value is no object.
        return f"expected an object, not {brief(error.obj)}"
    if isinstance(error, cattrs.ForbiddenExtraKeysError):
        # cattrs would name every one of them.
        return f"extra fields found ({some_names(sorted(error.extra_fields))})"
    return cattrs.v.format_exception(error, kind)


def _variant_of(value: object) -> str | None:
    if isinstance(value, PlayableRules):
        return type(value).__name__
    rules = getattr(value, "rules", None)
    return type(rules).__name__ if isinstance(rules, PlayableRules) else None
