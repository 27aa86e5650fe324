"""How each piece of a saved value is written as JSON and read back: the converter.

:func:`~rummyrules.dumps` and :func:`~rummyrules.loads` (:mod:`rummyrules.formats.json`)
say what a saved value is; this module says how each piece is written. A card
is its short text, a list of cards an array of them (``["7S", "8S"]``), a
meld its kind and its cards with the wilds declared (``["7S", "5H=8S",
"9S"]``), a move an object led by its notation
(:func:`~rummyrules.formats.json_pieces.move_object`), rules
the variant's name with every option, and a state or a view the fields of
its own game's class, each of them required. Reading is strict: a number is
a whole number and nothing else, a field of the wrong shape is refused before
any of it is read, and a list stops at its first fault.

>>> from rummyrules import Card, parse_cards
>>> CONVERTER.unstructure(parse_cards("7S 10H"), tuple[Card, ...])
['7S', '10H']
"""

from __future__ import annotations

import functools
import typing
from collections.abc import Callable
from typing import Any, Final, TypeVar

import attrs
import cattrs
from cattrs.errors import (
    AttributeValidationNote,
    IterableValidationError,
    IterableValidationNote,
)

from rummyrules.core.errors import LoadError, RummyRulesError
from rummyrules.core.inputs import brief
from rummyrules.formats.json_pieces import register_pieces, some_names
from rummyrules.formats.json_quick import register_quick
from rummyrules.formats.json_shapes import register_shapes
from rummyrules.game.events import Event
from rummyrules.game.registry import VARIANTS
from rummyrules.game.state import GameState, PlayableRules, View

__all__ = ["CONVERTER", "READING", "Reading", "structure"]

_T = TypeVar("_T")


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
    options: dict[str, Any] = value["options"]
    types = tuple(map(type, options.values()))
    if _AS_THEY_ARE.issuperset(types):
        # Saves repeat the same rules: each built (and checked) once. The
        # types are in the key, as True == 1 and a flag is no number here.
        return _plain_rules(cls, tuple(options.items()), types)
    return _built_rules(cls, options)


@functools.lru_cache(maxsize=64)
def _plain_rules(
    cls: type[PlayableRules[Any]], options: tuple[tuple[str, Any], ...], _: object
) -> PlayableRules[Any]:
    """Rules shared by the states read with them, as a game's states share theirs."""
    return _built_rules(cls, dict(options))


def _built_rules(
    cls: type[PlayableRules[Any]], options: dict[str, Any]
) -> PlayableRules[Any]:
    known_options = {field.name for field in attrs.fields(cls)}
    unknown = [option for option in options if option not in known_options]
    if unknown:
        raise LoadError(f"{cls.__name__} has no option {some_names(unknown)}")
    try:
        return _with_options(cls)(options, cls)
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
    rules. What a value works out for itself (its caches) is no field. A
    view's field that it works out from the others and saves
    (:data:`~rummyrules.game.view.WORKED_OUT`: Gin Rummy's deadwood) is
    required too, and the view's checks refuse one that does not agree.
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
    """The unstructure hook of an attrs class: its fields, not what it works out (caches).

    What a value works out for itself is no argument of its class (``init=False``),
    which cattrs leaves out by default.
    """
    attrs.resolve_types(cls)
    return cattrs.gen.make_dict_unstructure_fn(cls, converter)


def _is_state(kind: object) -> bool:
    """A game's own state class (the base is read through :func:`_by_game`)."""
    return (
        isinstance(kind, type) and issubclass(kind, GameState) and kind is not GameState
    )


def _state_with_events(
    cls: type[GameState], converter: cattrs.Converter
) -> Callable[[object, object], GameState]:
    """Read a state and the events of the move that made it, which are no argument of its class."""
    fields = _every_field(cls, converter)
    events = converter.get_structure_hook(tuple[Event, ...])

    def structure(value: object, _: object) -> GameState:
        if not isinstance(value, dict):
            raise LoadError(f"expected an object, not {brief(value)}")
        if "events" not in value:
            raise _in_field("events", KeyError("events"), cls)
        state: GameState = fields(
            {name: item for name, item in value.items() if name != "events"}, cls
        )
        try:
            told = events(value["events"], tuple[Event, ...])
        # What reading a field may raise (see json.py's loads), given its path.
        except (RummyRulesError, cattrs.BaseValidationError, TypeError) as error:
            raise _in_field("events", error, cls) from None
        # Built here and held by nobody else: it takes its events without
        # the copy with_events makes.
        object.__setattr__(state, "_events", told)
        return state

    return structure


def _state_and_events(
    cls: type[GameState], converter: cattrs.Converter
) -> Callable[[GameState], dict[str, Any]]:
    """Write a state's fields, and the events of the move that made it."""
    fields = _own_fields(cls, converter)
    events = converter.get_unstructure_hook(tuple[Event, ...])

    def unstructure(state: GameState) -> dict[str, Any]:
        found: dict[str, Any] = fields(state)
        found["events"] = events(state.events)
        return found

    return unstructure


def _by_game(
    name: str, base: type, converter: cattrs.Converter
) -> Callable[[object, object], Any]:
    """Read a state or a view as the class of the game its rules name.

    Rules that name no game are read on their own, so that what is wrong
    with them is said with their path, as for any field.
    """

    def structure(value: object, _: object) -> Any:
        if not isinstance(value, dict):
            raise LoadError(f"expected an object, not {brief(value)}")
        rules = value.get("rules")
        variant = rules.get("variant") if isinstance(rules, dict) else None
        game = VARIANTS.get(variant) if isinstance(variant, str) else None
        if game is None:
            try:
                game = type(_rules(value["rules"], base))
            # What reading rules raises (see _rules), and a KeyError for no rules.
            except (RummyRulesError, cattrs.BaseValidationError, KeyError) as error:
                raise _in_field("rules", error, base) from None
        return converter.structure(value, getattr(game, name))

    return structure


def _unstructure_rules(rules: PlayableRules[Any]) -> dict[str, Any]:
    return {"variant": type(rules).__name__, "options": dict(_written_options(rules))}


@functools.lru_cache(maxsize=64)
def _written_options(rules: PlayableRules[Any]) -> tuple[tuple[str, Any], ...]:
    """Each option's name and value as JSON writes it, worked out once for the same rules."""
    return tuple(
        # An enumeration (a stock-out rule) is written as its value.
        (name, value if type(value) in _AS_THEY_ARE else CONVERTER.unstructure(value))
        for name, value in (
            (f.name, getattr(rules, f.name)) for f in attrs.fields(type(rules))
        )
    )


_AS_THEY_ARE: Final = frozenset({int, bool, str, type(None)})
"""The types of option JSON writes as they are."""


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


@attrs.frozen
class Reading:
    """How one version of the format is read: quickly first, then in detail for the error.

    The quick reader stops at the first fault; on any failure the detailed
    one reads again, for an error that carries the path of each fault
    (``cattrs.transform_error`` writes it). :data:`READING` reads the version
    this library writes.

    >>> from rummyrules import EndOfThePage
    >>> READING.structure(
    ...     CONVERTER.unstructure(EndOfThePage()), PlayableRules
    ... ) == EndOfThePage()
    True
    """

    fast: cattrs.Converter
    detailed: cattrs.Converter

    @classmethod
    def of(cls) -> Reading:
        """The reading of this version: a quick converter and a detailed one.

        >>> Reading.of().detailed.detailed_validation
        True
        """
        return cls(fast=_make_converter(detailed=False), detailed=_make_converter())

    def structure(self, data: object, kind: type[_T]) -> _T:
        """The value of ``kind`` that JSON data holds, or the error that says where it is wrong.

        >>> from rummyrules import Card
        >>> READING.structure(["7S", "10H"], tuple[Card, ...])[1].rank
        <Rank.TEN: 10>
        """
        try:
            return self.fast.structure(data, kind)
        except Exception:  # noqa: BLE001 - the detailed pass below raises the real error
            return self.detailed.structure(data, kind)


def structure(data: object, kind: type[_T]) -> _T:
    """The value of ``kind`` that JSON data of this version holds (see :class:`Reading`).

    >>> from rummyrules import EndOfThePage
    >>> structure(
    ...     CONVERTER.unstructure(EndOfThePage()), PlayableRules
    ... ) == EndOfThePage()
    True
    """
    return READING.structure(data, kind)


def _make_converter(*, detailed: bool = True) -> cattrs.Converter:
    converter = cattrs.Converter(forbid_extra_keys=True, detailed_validation=detailed)
    # First, so that every hook registered below takes precedence over these.
    converter.register_structure_hook_factory(
        attrs.has, functools.partial(_every_field, converter=converter)
    )
    converter.register_structure_hook_factory(_is_tuple, _lists(converter))
    register_shapes(converter)
    converter.register_unstructure_hook_factory(
        attrs.has, functools.partial(_own_fields, converter=converter)
    )
    register_pieces(converter)
    if not detailed:
        register_quick(converter)
    converter.register_unstructure_hook_func(_is_rules, _unstructure_rules)
    converter.register_structure_hook_func(_is_rules, _rules)
    # A state carries the events of the move that made it, beside its fields.
    converter.register_structure_hook_factory(
        _is_state, functools.partial(_state_with_events, converter=converter)
    )
    converter.register_unstructure_hook_factory(
        _is_state, functools.partial(_state_and_events, converter=converter)
    )
    # A state or view is read as its own game's class; every game's class is
    # an attrs class, read by the factory above.
    converter.register_structure_hook_func(
        lambda kind: kind is GameState, _by_game("state_class", GameState, converter)
    )
    converter.register_structure_hook_func(
        lambda kind: kind is View, _by_game("view_class", View, converter)
    )
    return converter


_OPTIONS: Final = cattrs.Converter(detailed_validation=True)
"""Only for :func:`_with_options`, which passes every option on as it was read."""
READING: Final = Reading.of()
"""How this version is read."""
CONVERTER: Final = READING.detailed
"""How each piece is written and read, every fault reported with its path."""
