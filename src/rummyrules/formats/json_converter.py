"""How each piece of a saved value is written as JSON and read back: the converter.

:func:`~rummyrules.dumps` and :func:`~rummyrules.loads` (:mod:`rummyrules.formats.json`)
say what a saved value is; this module says how each piece is written. Cards
are their short text, a list of cards one string (``"7S 8S 9S"``), a meld
its kind and its cards with the wilds declared (``"7S 5H=8S 9S"``), a move
its notation, rules the variant's name with every option, and a state or a
view the fields of its own game's class, each of them required. Reading is
strict: a number is a whole number and nothing else, a field of the wrong
shape is refused before any of it is read, and a list stops at its first
fault.

>>> from rummyrules import parse_cards
>>> CONVERTER.unstructure(parse_cards("7S 10H"), tuple[Card, ...])
'7S 10H'
"""

from __future__ import annotations

import enum
import functools
import typing
from collections.abc import Callable
from typing import Any, Final, TypeVar, cast

import attrs
import cattrs
from cattrs.errors import (
    AttributeValidationNote,
    IterableValidationError,
    IterableValidationNote,
)

from rummyrules.core.cards import STANDARD_CARDS, WILDCARD, Card, Rank, parse_cards
from rummyrules.core.errors import LoadError, RummyRulesError
from rummyrules.core.inputs import MAX_DIGITS, brief
from rummyrules.game.moves import Move, parse_move
from rummyrules.game.registry import VARIANTS
from rummyrules.game.state import GameState, PlayableRules, View
from rummyrules.melds import Meld, MeldKind, parse_declared

__all__ = ["CONVERTER", "FAULTS", "some_names", "structure"]

_T = TypeVar("_T")

FAULTS: Final = 3
"""The most faults a message names: the first few say what is wrong."""
_BOUND: Final = 10**MAX_DIGITS
"""Every whole number read is strictly between minus this and this."""
_TEXT: Final = {card: str(card) for card in (*STANDARD_CARDS, WILDCARD)}
"""Each card's text, looked up rather than written afresh (dumps writes many)."""


def some_names(names: list[str]) -> str:
    """Names given in the input, the first few, each briefly.

    >>> some_names(["colour", "size", "weight", "x" * 500])
    'colour, size, weight and 1 more'
    """
    shown = ", ".join(brief(name, quote=False) for name in names[:FAULTS])
    more = len(names) - FAULTS
    return shown + (f" and {more:,} more" if more > 0 else "")


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


def _choice(value: object, kind: type[enum.Enum]) -> enum.Enum:
    """Read one of an enumeration's values (a phase, a stock size), naming them all if not."""
    for member in kind:
        if value == member.value and type(value) is type(member.value):
            return member
    values = ", ".join(str(member.value) for member in kind)
    raise LoadError(f"{brief(value)} is not one of {values}")


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
        raise LoadError(f"{name} has no option {some_names(unknown)}")
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
    """The unstructure hook of an attrs class: its fields, not what it works out (caches).

    What a value works out for itself is no argument of its class (``init=False``),
    which cattrs leaves out by default.
    """
    attrs.resolve_types(cls)
    return cattrs.gen.make_dict_unstructure_fn(cls, converter)


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
    options = {
        field.name: CONVERTER.unstructure(getattr(rules, field.name))
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


def structure(data: object, kind: type[_T]) -> _T:
    """The value of ``kind`` that JSON data holds, or the error that says where it is wrong.

    Read quickly first; on any failure, again in detail, for an error that
    carries the path of each fault (``cattrs.transform_error`` writes it).

    >>> from rummyrules import EndOfThePage
    >>> structure(
    ...     CONVERTER.unstructure(EndOfThePage()), PlayableRules
    ... ) == EndOfThePage()
    True
    """
    try:
        return _FAST.structure(data, kind)
    except Exception:  # noqa: BLE001 - the detailed pass below raises the real error
        return CONVERTER.structure(data, kind)


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
    # By class: a phase is text too (a StrEnum), which cattrs would read as such.
    converter.register_structure_hook(enum.Enum, _choice)
    converter.register_structure_hook(enum.StrEnum, _choice)
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
        lambda kind: kind is GameState, _by_game("state_class", GameState, converter)
    )
    converter.register_structure_hook_func(
        lambda kind: kind is View, _by_game("view_class", View, converter)
    )
    return converter


_OPTIONS: Final = cattrs.Converter(detailed_validation=True)
"""Only for :func:`_with_options`, which passes every option on as it was read."""
CONVERTER: Final = _make_converter()
"""How each piece is written and read, every fault reported with its path."""
_FAST: Final = _make_converter(detailed=False)
