"""Saved values: rules, game states, moves, views and matches as JSON.

:func:`~rummyrules.dumps` writes a value as a JSON object that names the format, its
version, the kind of value and the variant. Inside, cards are their short
text, a list of cards is one string (``"7S 8S 9S"``), a meld is its kind and
its cards with the wilds declared (``"7S 5H=8S 9S"``), a move is its
notation and rules are the variant's name with every option.

:func:`~rummyrules.loads` reads such text back and checks all of it: the format and its
version, every field and its type, every card against the deck, that no card
is lost or copied (ALL-1), that every meld on the table is one the rules
allow as declared, that players, phase and hands fit together. Anything else
raises :class:`~rummyrules.LoadError`, a ``ValueError`` whose message says
what is wrong; nothing half-built ever comes back.

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=5).apply("draw")
>>> loads(dumps(game)) == game
True
>>> loads('{"format": "rummyrules", "version": 99, "kind": "move", "data": "draw"}')
Traceback (most recent call last):
...
rummyrules.LoadError: this is version 99 of the rummyrules format; this library reads version 1
"""

from __future__ import annotations

import functools
import json
import typing
from collections.abc import Callable
from typing import Any, Final, TypeVar, cast

import attrs
import cattrs
import cattrs.v
from cattrs.errors import (
    AttributeValidationNote,
    IterableValidationError,
    IterableValidationNote,
)

from rummyrules.core.cards import STANDARD_CARDS, WILDCARD, Card, Rank, parse_cards
from rummyrules.core.errors import LoadError, RummyRulesError
from rummyrules.core.inputs import MAX_DIGITS, brief, expect, wrong_type
from rummyrules.formats.checks import check_state, check_view
from rummyrules.game.moves import Move, parse_move
from rummyrules.game.registry import VARIANTS
from rummyrules.game.state import GameState, PlayableRules, View
from rummyrules.melds import Meld, MeldKind, parse_declared

__all__ = ["FORMAT", "VERSION", "Saved", "dumps", "loads"]

FORMAT: Final = "rummyrules"
"""The ``format`` every saved value carries."""

VERSION: Final = 2
"""The format version this library writes and reads.

Any change to what a saved value holds or means gets a new version number. A
library reads only the versions it knows and refuses the others by name,
never by guessing; an older version may be read by a later library when it
can still be read exactly.
"""

Saved = Any
"""The kinds of value :func:`~rummyrules.dumps` writes and :func:`~rummyrules.loads`
reads: rules, states, moves and views of every game, and what a game adds
(Going Out Rummy's matches)."""

_T = TypeVar("_T")

_KINDS: Final[dict[str, type[Any]]] = {
    "rules": PlayableRules,
    "state": GameState,
    "move": Move,
    "view": View,
}
_CHECKS: Final[dict[str, Callable[[Any], None]]] = {
    "rules": lambda _: None,  # built through the class, which checks every option
    "state": check_state,
    "move": lambda _: None,  # read through parse_move
    "view": check_view,
}


def register_kind(name: str, cls: type[Any], check: Callable[[Any], None]) -> None:
    """Make a game's own kind of value savable: its name in the header, its class, its check.

    Going Out Rummy registers its matches this way (``"match"``).

    >>> "match" in _KINDS
    True
    """
    _KINDS[name] = cls
    _CHECKS[name] = check


_HEADER: Final = {"format", "version", "kind", "variant", "data"}
_BOUND: Final = 10**MAX_DIGITS
"""Every whole number read is strictly between minus this and this."""
_TEXT: Final = {card: str(card) for card in (*STANDARD_CARDS, WILDCARD)}
"""Each card's text, looked up rather than written afresh (dumps writes many)."""


def dumps(value: Saved, *, indent: int | None = None) -> str:
    """The value as JSON text, with the format, its version, its kind and its variant.

    >>> from rummyrules import GoingOutRummy
    >>> print(dumps(GoingOutRummy(wildcards=2)))  # doctest: +NORMALIZE_WHITESPACE
    {"format": "rummyrules", "version": 1, "kind": "rules", "variant": "GoingOutRummy",
     "data": {"variant": "GoingOutRummy", "options": {"players": 2, "hand_size": 7,
     "wildcards": 2, "going_out": "standard", "last_player_wins": true, "max_turns": null}}}
    """
    kind = next((name for name, cls in _KINDS.items() if isinstance(value, cls)), None)
    if kind is None:
        raise wrong_type(
            value, name="value", what="rules, a state, a move, a view or a match"
        )
    expect(indent, (int, type(None)), name="indent", what="a whole number or None")
    document = {
        "format": FORMAT,
        "version": VERSION,
        "kind": kind,
        "variant": _variant_of(value),
        "data": _CONVERTER.unstructure(value),
    }
    return json.dumps(document, indent=indent, ensure_ascii=False)


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
    ...     '{"format": "rummyrules", "version": 1, "kind": "move", "variant": null,'
    ...     ' "data": "discard 1H"}'
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
    try:
        value = _structure(document["data"], _KINDS[kind])
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


def _check_header(document: dict[str, Any]) -> str:
    if document.get("format") != FORMAT:
        raise LoadError(
            f"this is not rummyrules data (its format is {brief(document.get('format'))})"
        )
    version = document.get("version")
    if version == 1 and type(version) is int:
        raise LoadError(
            "this is version 1 of the rummyrules format, written before each game "
            f"had a state of its own; this library reads version {VERSION}: load it "
            "with rummyrules 0.1 and replay the game, or save it again as a record"
        )
    if type(version) is not int or version != VERSION:
        message = (
            f"this is version {brief(version)} of the rummyrules format; this library "
            f"reads version {VERSION}"
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
        raise LoadError(f"unknown fields beside the {kind}: {_names(extra)}")
    return kind


_FAULTS: Final = 3
"""The most faults a message names: the first few say what is wrong."""


def _explain(error: BaseException) -> str:
    if isinstance(error, cattrs.BaseValidationError):
        found = cattrs.transform_error(error, path="data", format_exception=_describe)
        more = len(found) - _FAULTS
        return "; ".join(found[:_FAULTS]) + (f"; and {more} more" if more > 0 else "")
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
        return f"extra fields found ({_names(sorted(error.extra_fields))})"
    return cattrs.v.format_exception(error, kind)


def _names(names: list[str]) -> str:
    """Names given in the input, the first few, each briefly."""
    shown = ", ".join(brief(name, quote=False) for name in names[:_FAULTS])
    more = len(names) - _FAULTS
    return shown + (f" and {more:,} more" if more > 0 else "")


def _variant_of(value: object) -> str | None:
    if isinstance(value, PlayableRules):
        return type(value).__name__
    rules = getattr(value, "rules", None)
    return type(rules).__name__ if isinstance(rules, PlayableRules) else None


# --- The converter: how each piece is written and read ------------------------


def _strict(kind: type[_T]) -> Callable[[object, object], _T]:
    """Read a JSON number or boolean as itself only: no text, no rounding, no huge number."""
    bound = _BOUND if kind is int else 2

    def structure(value: Any, _: object) -> _T:
        # A number of thousands of digits would make every message that
        # names it as long; none of ours has more than MAX_DIGITS.
        if type(value) is kind and -bound < cast("int", value) < bound:
            return value
        message = f"expected {'true or false' if kind is bool else 'a whole number'}, not {brief(value)}"
        raise LoadError(message)

    return structure


def _text(kind: str, parse: Callable[[str], _T]) -> Callable[[object, object], _T]:
    """Read a value from its text, refusing anything that is not text."""

    def structure(value: object, _: object) -> _T:
        if not isinstance(value, str):
            raise LoadError(f"a {kind} is written as text, not {brief(value)}")
        return parse(value)

    return structure


def _meld(value: object, _: object) -> Meld:
    if not isinstance(value, dict) or set(value) != {"kind", "cards"}:
        raise LoadError(
            f"a meld is written as its kind and its cards, not {brief(value)}"
        )
    kind, cards = value["kind"], value["cards"]
    if not isinstance(kind, str) or not isinstance(cards, str):
        raise LoadError(f"a meld's kind and cards are text, not {brief(value)}")
    return _meld_of(kind, cards)


@functools.lru_cache(maxsize=4096)
def _meld_of(kind: str, text: str) -> Meld:
    # Memoised on the text: saved states repeat the same melds again and again.
    cards, declared = parse_declared(text)
    return Meld(kind=MeldKind(kind), cards=cards, stands_for=declared)


def _hands(value: object, _: object) -> tuple[tuple[Card, ...], ...]:
    """Read the hands, one string of card text each, in one step."""
    if not isinstance(value, list) or not all(isinstance(hand, str) for hand in value):
        raise LoadError(f"expected the hands as text in a list, not {brief(value)}")
    return tuple(parse_cards(hand) for hand in value)


def _rows(value: object, _: object) -> tuple[tuple[int, ...], ...]:
    """Read the score sheet, a list of rows of whole numbers, in one step."""
    read = _numbers(int)
    if not isinstance(value, list):
        raise LoadError(
            f"expected the score sheet's rows in a list, not {brief(value)}"
        )
    return tuple(read(row, None) for row in value)


def _numbers(kind: type[int]) -> Callable[[object, object], tuple[int, ...]]:
    """Read a JSON list of whole numbers (or of booleans) as a tuple, strictly."""
    words = "true or false" if kind is bool else "whole numbers"

    def structure(value: object, _: object) -> tuple[int, ...]:
        if (
            not isinstance(value, list)
            or any(type(item) is not kind for item in value)
            or (value and not -_BOUND < min(value) <= max(value) < _BOUND)
        ):
            raise LoadError(f"expected {words} in a list, not {brief(value)}")
        return tuple(value)

    return structure


def _rules(value: object, _: object) -> PlayableRules[Any]:
    if (
        not isinstance(value, dict)
        or set(value) != {"variant", "options"}
        or not isinstance(value["options"], dict)
    ):
        raise LoadError("rules are written as the variant's name and its options")
    name = value["variant"]
    if name not in VARIANTS:
        known = ", ".join(VARIANTS)
        raise LoadError(f"there is no variant {brief(name)}: the variants are {known}")
    cls = VARIANTS[name]
    known_options = {field.name for field in attrs.fields(cls)}
    unknown = [option for option in value["options"] if option not in known_options]
    if unknown:
        raise LoadError(f"{name} has no option {_names(unknown)}")
    try:
        return _with_options(cls)(value["options"], cls)
    except cattrs.ClassValidationError as error:
        raise _in_field("options", error, cls) from None


@functools.cache
def _with_options(
    cls: type[PlayableRules[Any]],
) -> Callable[[Any, Any], PlayableRules[Any]]:
    """Build the rules from every one of their options, missing ones refused by name.

    Each option goes to the class as it was read, for the class's own checks
    to judge it, with their own sentences.
    """
    as_read = cattrs.gen.override(struct_hook=lambda value, _: value)
    overrides: dict[str, Any] = {field.name: as_read for field in attrs.fields(cls)}
    return cattrs.gen.make_dict_structure_fn_from_attrs(
        _required(cls), cls, _OPTIONS, **overrides
    )


def _in_field(name: str, error: Exception, kind: type) -> cattrs.ClassValidationError:
    """The error, as cattrs reports one met in the field ``name`` (so its path says so)."""
    note = AttributeValidationNote(f"Structuring {kind.__name__} @ {name}", name, dict)
    error.__notes__ = [*getattr(error, "__notes__", []), note]
    return cattrs.ClassValidationError(
        f"While structuring {kind.__name__}", [error], kind
    )


def _required(cls: type[Any]) -> list[attrs.Attribute[Any]]:
    """The class's fields, each without its default: a saved value holds every field.

    cattrs would fill a missing field with its default, which changes the
    value: a missing ``turns`` would reset the count, a missing option the
    rules. What a value works out for itself (its caches) is no field.
    """
    return [
        field.evolve(default=attrs.NOTHING)
        for field in attrs.fields(attrs.resolve_types(cls))
        if field.init
    ]


def _every_field(
    cls: type[Any], converter: cattrs.Converter
) -> Callable[[Any, Any], Any]:
    """The structure hook of an attrs class, every field required (see :func:`_required`)."""
    return cattrs.gen.make_dict_structure_fn_from_attrs(
        _required(cls), cls, converter, _cattrs_forbid_extra_keys=True
    )


def _own_fields(cls: type[Any], converter: cattrs.Converter) -> Callable[[Any], Any]:
    """The unstructure hook of an attrs class: its fields, not what it works out (caches)."""
    attrs.resolve_types(cls)
    omit = cattrs.gen.override(omit=True)
    private = {field.name: omit for field in attrs.fields(cls) if not field.init}
    return cattrs.gen.make_dict_unstructure_fn(cls, converter, **private)


def _by_game(name: str, converter: cattrs.Converter) -> Callable[[object, object], Any]:
    """Read a state or a view as the class of the game its rules name."""

    def structure(value: object, _: object) -> Any:
        rules = value.get("rules") if isinstance(value, dict) else None
        variant = rules.get("variant") if isinstance(rules, dict) else None
        if not isinstance(variant, str) or variant not in VARIANTS:
            known = ", ".join(VARIANTS)
            raise LoadError(
                f"its rules name no game: the games are {known}, not {brief(variant)}"
            )
        return converter.structure(value, getattr(VARIANTS[variant], name))

    return structure


def _unstructure_rules(rules: PlayableRules[Any]) -> dict[str, Any]:
    options = {
        field.name: _CONVERTER.unstructure(getattr(rules, field.name))
        for field in attrs.fields(type(rules))
    }
    return {"variant": type(rules).__name__, "options": options}


def _is_move(kind: object) -> bool:
    return isinstance(kind, type) and issubclass(kind, Move)


def _is_rules(kind: object) -> bool:
    kind = typing.get_origin(kind) or kind  # PlayableRules[Any] is PlayableRules
    return isinstance(kind, type) and issubclass(kind, PlayableRules)


def _is_tuple(kind: object) -> bool:
    return typing.get_origin(kind) is tuple and bool(typing.get_args(kind))


def _lists(
    converter: cattrs.Converter,
) -> Callable[[Any], Callable[[object, object], tuple[Any, ...]]]:
    """Read tuples from JSON lists: the shape first, then the items, up to the first fault.

    A value of the wrong shape (text, an object, a list of the wrong length)
    is refused before any item is read: read item by item, a long string
    costs a fault per character. Where cattrs would go on after a fault to
    collect them all, this stops at the first.
    """

    def factory(kind: Any) -> Callable[[object, object], tuple[Any, ...]]:
        args = typing.get_args(kind)
        length = None if args[-1] is Ellipsis else len(args)
        kinds = args[:1] if length is None else args
        hooks = [converter.get_structure_hook(item_kind) for item_kind in kinds]

        def structure(value: object, _: object) -> tuple[Any, ...]:
            if not isinstance(value, list) or length not in (None, len(value)):
                size = "a list" if length is None else f"a list of {length} items"
                raise LoadError(f"expected {size}, not {brief(value)}")
            if length is None and not converter.detailed_validation:
                hook, item_kind = hooks[0], kinds[0]
                return tuple([hook(item, item_kind) for item in value])
            found = []
            for index, item in enumerate(value):
                at = 0 if length is None else index
                try:
                    found.append(hooks[at](item, kinds[at]))
                except Exception as error:
                    if not converter.detailed_validation:
                        raise
                    raise _at_index(error, kind, index, kinds[at]) from None
            return tuple(found)

        return structure

    return factory


def _at_index(
    error: Exception, kind: Any, index: int, item_kind: object
) -> IterableValidationError:
    """The fault in one item of a list, as cattrs reports it, with the item's place."""
    note = IterableValidationNote(
        f"Structuring {kind} @ index {index}", index, item_kind
    )
    error.__notes__ = [*getattr(error, "__notes__", []), note]
    return IterableValidationError(f"While structuring {kind!r}", [error], kind)


def _structure(data: object, kind: type[_T]) -> _T:
    """Structure quickly; on any failure, again in detail, for a message with its path."""
    try:
        return _FAST.structure(data, kind)
    except Exception:  # noqa: BLE001 - the detailed pass below raises the real error
        return _CONVERTER.structure(data, kind)


def _make_converter(*, detailed: bool = True) -> cattrs.Converter:
    converter = cattrs.Converter(forbid_extra_keys=True, detailed_validation=detailed)
    # First, so that every hook registered below takes precedence over these.
    converter.register_structure_hook_factory(
        attrs.has, functools.partial(_every_field, converter=converter)
    )
    converter.register_structure_hook_factory(_is_tuple, _lists(converter))
    converter.register_unstructure_hook_factory(
        attrs.has, functools.partial(_own_fields, converter=converter)
    )
    converter.register_structure_hook(int, _strict(int))
    converter.register_structure_hook(bool, _strict(bool))
    hands, rows = tuple[tuple[Card, ...], ...], tuple[tuple[int, ...], ...]
    converter.register_structure_hook_func(lambda kind: kind == hands, _hands)
    converter.register_structure_hook_func(lambda kind: kind == rows, _rows)
    ints, flags = tuple[int, ...], tuple[bool, ...]
    converter.register_structure_hook_func(lambda kind: kind == ints, _numbers(int))
    converter.register_structure_hook_func(lambda kind: kind == flags, _numbers(bool))
    converter.register_unstructure_hook(Card, _TEXT.__getitem__)
    converter.register_structure_hook(Card, _text("card", Card.parse))
    converter.register_unstructure_hook(Rank, str)
    converter.register_structure_hook(Rank, _text("rank", Rank.parse))
    cards = tuple[Card, ...]
    converter.register_unstructure_hook_func(
        lambda kind: kind == cards,
        lambda found: " ".join(map(_TEXT.__getitem__, found)),
    )
    converter.register_structure_hook_func(
        lambda kind: kind == cards, _text("list of cards", parse_cards)
    )
    converter.register_unstructure_hook(
        Meld, lambda meld: {"kind": meld.kind.value, "cards": str(meld)}
    )
    converter.register_structure_hook(Meld, _meld)
    converter.register_unstructure_hook_func(_is_move, str)
    converter.register_structure_hook_func(_is_move, _text("move", parse_move))
    converter.register_unstructure_hook_func(_is_rules, _unstructure_rules)
    converter.register_structure_hook_func(_is_rules, _rules)
    # A state or view is read as its own game's class; every game's class is
    # an attrs class, read by the factory above.
    converter.register_structure_hook_func(
        lambda kind: kind is GameState, _by_game("state_class", converter)
    )
    converter.register_structure_hook_func(
        lambda kind: kind is View, _by_game("view_class", converter)
    )
    return converter


_OPTIONS: Final = cattrs.Converter(detailed_validation=True)
"""Only for :func:`_with_options`, which passes every option on as it was read."""
_CONVERTER: Final = _make_converter()
_FAST: Final = _make_converter(detailed=False)
