"""How each piece of a saved value is written as JSON and read back: the converter.

:func:`~rummyrules.dumps` and :func:`~rummyrules.loads` (:mod:`rummyrules.formats.json`)
say what a saved value is; this module says how each piece is written. A card
is its short text, a list of cards an array of them (``["7S", "8S"]``), a
meld its kind and its cards with the wilds declared (``["7S", "5H=8S",
"9S"]``), a move an object led by its notation (:func:`move_object`), rules
the variant's name with every option, and a state or a view the fields of
its own game's class, each of them required. Reading is strict: a number is
a whole number and nothing else, a field of the wrong shape is refused before
any of it is read, and a list stops at its first fault.

>>> from rummyrules import parse_cards
>>> CONVERTER.unstructure(parse_cards("7S 10H"), tuple[Card, ...])
['7S', '10H']
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

from rummyrules.core.cards import STANDARD_CARDS, WILDCARD, Card, Rank
from rummyrules.core.errors import LoadError, RummyRulesError
from rummyrules.core.inputs import MAX_DIGITS, brief
from rummyrules.game.events import Event
from rummyrules.game.move_base import JsonField
from rummyrules.game.moves import Move
from rummyrules.game.notation import parse_move
from rummyrules.game.registry import VARIANTS
from rummyrules.game.state import GameState, PlayableRules, View
from rummyrules.melds import Declaration, Meld, MeldKind, parse_declared

__all__ = [
    "CONVERTER",
    "FAULTS",
    "READING",
    "Reading",
    "move_object",
    "some_names",
    "structure",
    "text_of",
]

_T = TypeVar("_T")

FAULTS: Final = 3
"""The most faults a message names: the first few say what is wrong."""
_BOUND: Final = 10**MAX_DIGITS
"""Every whole number read is strictly between minus this and this."""
_TEXT: Final = {card: str(card) for card in (*STANDARD_CARDS, WILDCARD)}
"""Each card's text, looked up rather than written afresh (dumps writes many)."""
_CARD: Final = {text: card for card, text in _TEXT.items()}
"""Each card by its text as written, looked up rather than parsed (loads reads many)."""


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


def text_of(card: Card, meaning: Declaration | None) -> str:
    """A card's text, with what it is declared to stand for after ``=``.

    >>> text_of(Card.parse("5H"), Card.parse("8S")), text_of(Card.parse("7S"), None)
    ('5H=8S', '7S')
    """
    text = _TEXT[card]
    return text if meaning is None else f"{text}={meaning}"


def _cards(value: object, _: object = None) -> tuple[Card, ...]:
    """Read a list of cards, an array of card texts, in one step when written as dumps writes it."""
    if type(value) is not list:
        raise LoadError(f"expected a list of cards, not {brief(value)}")
    try:
        return tuple([_CARD[text] for text in value])
    except (KeyError, TypeError):  # text in another case, or no card: read one by one
        pass
    found = []
    for text in value:
        if not isinstance(text, str):
            raise LoadError(f"a card is written as text, not {brief(text)}")
        found.append(Card.parse(text))
    return tuple(found)


@functools.lru_cache(maxsize=4096)
def _unstructure_meld(meld: Meld) -> dict[str, Any]:
    # Memoised on the meld: saved states repeat the same melds again and again.
    # The dict is only ever read (by json.dumps); nothing changes it.
    cards = list(map(text_of, meld.cards, meld.stands_for))
    return {"kind": meld.kind.value, "cards": cards}


def _meld(value: object, _: object) -> Meld:
    if not isinstance(value, dict) or set(value) != {"kind", "cards"}:
        raise LoadError(
            f"a meld is written as its kind and its cards, not {brief(value)}"
        )
    kind, cards = value["kind"], value["cards"]
    if (
        not isinstance(kind, str)
        or type(cards) is not list
        or not all(isinstance(card, str) for card in cards)
    ):
        raise LoadError(
            f"a meld's kind is text and its cards a list of card texts, not {brief(value)}"
        )
    return _meld_of(kind, tuple(cards))


@functools.lru_cache(maxsize=4096)
def _meld_of(kind: str, texts: tuple[str, ...]) -> Meld:
    # Memoised on the text: saved states repeat the same melds again and again.
    if any(not text.strip() or len(text.split()) > 1 for text in texts):
        raise LoadError(f"each of a meld's cards is one card, not {brief(list(texts))}")
    cards, declared = parse_declared(" ".join(texts))
    return Meld(kind=MeldKind(kind), cards=cards, stands_for=declared)


def _hands(value: object, _: object) -> tuple[tuple[Card, ...], ...]:
    """Read the hands, a list of lists of card texts, in one step."""
    if type(value) is not list:
        raise LoadError(f"expected the hands as lists in a list, not {brief(value)}")
    return tuple([_cards(hand) for hand in value])


@functools.lru_cache(maxsize=8192)
def move_object(move: Move) -> dict[str, Any]:
    """A move as JSON writes it: its text, kind and player, and what it plays.

    ``cards`` are the hand's cards it plays or names (:meth:`Move.played`),
    ``declared`` what each stands for (None: nothing declared), ``meld``
    the meld it lays a card on; going out also writes its melds and its
    discard. The text is what a reader goes by; the rest saves parsing it.
    Memoised, so the same dict comes back for an equal move: read it, never
    change it.

    >>> move_object(parse_move("1: lay 5H=7C on 2"))
    {'text': '1: lay 5H=7C on 2', 'kind': 'lay_off', 'player': 1, 'cards': ['5H'], 'declared': ['7C'], 'meld': 2}
    """
    played = move.played()
    found: dict[str, Any] = {
        "text": str(move),
        "kind": move.kind,
        "player": move.player,
        "cards": [_TEXT[card] for card, _ in played],
        "declared": [
            None if meaning is None else str(meaning) for _, meaning in played
        ],
        "meld": move.target_meld,
    }
    for name in move.json_fields:  # going out's melds and discard
        found[name] = _EXTRA_FIELDS[name](move)
    return found


_EXTRA_FIELDS: Final[dict[JsonField, Callable[[Move], Any]]] = {
    "melds": lambda move: [
        [text_of(card, meaning) for card, meaning in group] for group in move.groups()
    ],
    "discard": lambda move: None if move.discarded is None else _TEXT[move.discarded],
}
"""How each field a kind of move may add (:attr:`Move.json_fields`) is written."""


_parsed = functools.lru_cache(maxsize=8192)(parse_move)
"""parse_move, memoised: views list the same moves again and again."""


def _move(value: object, _: object) -> Move:
    """Read a move object: its text says the move, and every other field must agree."""
    if not isinstance(value, dict):
        raise LoadError(
            f"a move is written as an object with its text, not {brief(value)}"
        )
    if "text" not in value:
        raise LoadError("a move is written with its text, and this one has none")
    text = value["text"]
    if not isinstance(text, str):
        raise LoadError(f"a move's text is text, not {brief(text)}")
    move = _parsed(text)
    written = move_object(move)
    if value.keys() != written.keys():
        if extra := [name for name in value if name not in written]:
            raise LoadError(
                f"extra fields found ({some_names(extra)}) in the move {brief(text)}"
            )
        lacking = [name for name in written if name not in value]
        raise LoadError(f"the move {brief(text)} lacks its {some_names(lacking)}")
    for name, meant in written.items():
        if name != "text" and (
            value[name] != meant or type(value[name]) is not type(meant)
        ):
            raise LoadError(
                f"the move {brief(text)} has {brief(meant)} for its {name}, "
                f"not {brief(value[name])}"
            )
    return move


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
        return state.with_events(told)

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
        lambda kind: kind == cards, lambda found: [_TEXT[card] for card in found]
    )
    converter.register_structure_hook_func(lambda kind: kind == cards, _cards)
    converter.register_unstructure_hook(Meld, _unstructure_meld)
    converter.register_structure_hook(Meld, _meld)
    converter.register_unstructure_hook_func(_is_move, move_object)
    converter.register_structure_hook_func(_is_move, _move)
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
