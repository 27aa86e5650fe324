"""How the small pieces of a saved value are written as JSON and read back.

Numbers, flags and enumerations, cards, ranks, hands, melds and moves: each
piece's hooks, which :func:`register_pieces` gives the converter
(:mod:`rummyrules.formats.json_converter`). A card is its short text, a list
of cards an array of them, a meld its kind and its cards with the wilds
declared, a move an object led by its notation (:func:`move_object`). Reading
is strict: a number is a whole number and nothing else, and a move's fields
must agree with its text.

>>> text_of(Card.parse("5H"), Card.parse("8S"))
'5H=8S'
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable
from typing import Any, Final, TypeVar, cast

import cattrs

from rummyrules.core.cards import STANDARD_CARDS, WILDCARD, Card, Rank
from rummyrules.core.errors import LoadError, RummyRulesError
from rummyrules.core.inputs import MAX_DIGITS, brief
from rummyrules.game.move_base import JsonField
from rummyrules.game.moves import Move
from rummyrules.game.notation import parse_move
from rummyrules.melds import Declaration, Meld, MeldKind, parse_declared
from rummyrules.melds.codes import MeldCode, code_meld, meaning_code, meld_code

__all__ = [
    "FAULTS",
    "move_object",
    "register_pieces",
    "some_names",
    "text_of",
    "written_meld_code",
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
_KIND_TEXT: Final = {kind: kind.value for kind in MeldKind}
"""Each kind of meld by its text, without the enumeration's ``value`` descriptor."""
_KINDS: Final = {text: kind for kind, text in _KIND_TEXT.items()}
_LONGEST: Final = len("10H=10S")
"""The longest text of one card of a meld that dumps writes."""
_MOST: Final = 64
"""The most cards of a meld whose reading is memoised (more than any game lays)."""
_KIND_CODE: Final = {kind.value: number for number, kind in enumerate(MeldKind)}
"""Each kind of meld's text, by its number in a meld's code."""


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
    try:
        member = _members(kind).get(value)
    except TypeError:  # a list or an object: no value at all
        member = None
    # A value's type too: True is no member of 1's, nor 1.0 of 1's.
    if member is not None and type(value) is type(member.value):
        return member
    values = ", ".join(str(member.value) for member in kind)
    raise LoadError(f"{brief(value)} is not one of {values}")


@functools.cache
def _members(kind: type[enum.Enum]) -> dict[object, enum.Enum]:
    """Each member of an enumeration by its value: one small table a class."""
    return {member.value: member for member in kind}


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
        return tuple(map(_CARD.__getitem__, value))
    except (KeyError, TypeError):  # text in another case, or no card: read one by one
        pass
    found = []
    for text in value:
        if not isinstance(text, str):
            raise LoadError(f"a card is written as text, not {brief(text)}")
        found.append(Card.parse(text))
    return tuple(found)


def _unstructure_meld(meld: Meld) -> dict[str, Any]:
    kind, cards = _written_meld(meld_code(meld))
    return {"kind": kind, "cards": list(cards)}


@functools.lru_cache(maxsize=4096)
def _written_meld(code: MeldCode) -> tuple[str, tuple[str, ...]]:
    """A meld's kind and card texts as dumps writes them, by its code.

    Memoised on the code, as saves repeat the same melds; it holds text and
    numbers only, which the garbage collector does not walk.
    """
    meld = code_meld(code)
    if meld.stands_for.count(None) == len(meld.stands_for):  # no wild declared
        cards = tuple(map(_TEXT.__getitem__, meld.cards))
    else:
        cards = tuple(map(text_of, meld.cards, meld.stands_for))
    return _KIND_TEXT[meld.kind], cards


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
    return _meld_of(kind, cards)


def _meld_of(kind: str, texts: list[str]) -> Meld:
    """The meld of this kind and these card texts (each a string).

    A meld written as dumps writes it is made from its code (:func:`_meld_code`),
    which it then carries; any other text is parsed as a player's is.
    """
    code = written_meld_code(kind, texts)
    if code is not None:
        return code_meld(code)
    if any(not text.strip() or len(text.split()) > 1 for text in texts):
        raise LoadError(f"each of a meld's cards is one card, not {brief(texts)}")
    cards, declared = parse_declared(" ".join(texts))
    found = _KINDS.get(kind)
    return Meld(MeldKind(kind) if found is None else found, cards, declared)


def written_meld_code(kind: str, texts: list[str]) -> MeldCode | None:
    """The code of a meld written as dumps writes it; None for any other text.

    >>> written_meld_code("run", ["7S", "8S", "9S"])
    (1, 28, 32, 36, -1, -1, -1)
    >>> print(written_meld_code("run", ["7s", "8s", "9s"]))
    None
    """
    # Only melds of a size dumps writes are memoised, so no memo keeps a long text.
    if len(texts) <= _MOST and len("".join(texts)) <= _LONGEST * len(texts):
        return _meld_code(kind, tuple(texts))
    return None


@functools.lru_cache(maxsize=4096)
def _meld_code(kind: str, texts: tuple[str, ...]) -> MeldCode | None:
    """A meld as dumps writes it, as its :data:`~rummyrules.melds.codes.MeldCode`.

    None for text dumps does not write (another case, spaces, no card, a kind
    no meld has). Memoised on the text, as saves repeat the same melds again
    and again; it holds text and numbers only, which the garbage collector
    does not walk.
    """
    number = _KIND_CODE.get(kind)
    if number is None:
        return None
    try:
        cards, declared = parse_declared(" ".join(texts))
    except RummyRulesError:
        return None
    if len(cards) != len(texts) or list(map(text_of, cards, declared)) != list(texts):
        return None
    return (number, *map(int, cards), *map(meaning_code, declared))


def _hands(value: object, _: object) -> tuple[tuple[Card, ...], ...]:
    """Read the hands, a list of lists of card texts, in one step."""
    if type(value) is not list:
        raise LoadError(f"expected the hands as lists in a list, not {brief(value)}")
    return tuple([_cards(hand) for hand in value])


def move_object(move: Move) -> dict[str, Any]:
    """A move as JSON writes it: its text, kind and player, and what it plays.

    ``cards`` are the hand's cards it plays or names (:meth:`Move.played`),
    ``declared`` what each stands for (None: nothing declared), ``meld``
    the meld it lays a card on; going out also writes its melds and its
    discard. The text is what a reader goes by; the rest saves parsing it.

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
    move, written = _parsed(text) if len(text) <= _MOVE_TEXT else _parse(text)
    # As dumps writes it: one comparison of the whole, in C. A number and a
    # flag compare equal (1 == True), so each field's type is checked too.
    if value == written and all(
        type(value[name]) is type(meant) for name, meant in written.items()
    ):
        return move
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
    return move  # its text in other words than dumps writes (case, spaces)


def _parse(text: str) -> tuple[Move, dict[str, Any]]:
    """The move a text names, and the object dumps writes for it."""
    move = parse_move(text)
    return move, move_object(move)


# Saves repeat the same last moves: each short text read once (a frozen
# move, and its object, which is only compared, never handed out).
_parsed: Final = functools.lru_cache(maxsize=256)(_parse)
_MOVE_TEXT: Final = 160
"""The longest text of a move whose reading is memoised; a longer one is read afresh."""


def _rows(value: object, _: object) -> tuple[tuple[int, ...], ...]:
    """Read the score sheet, a list of rows of whole numbers, in one step."""
    if not isinstance(value, list):
        raise LoadError(
            f"expected the score sheet's rows in a list, not {brief(value)}"
        )
    return tuple([_whole_numbers(row, None) for row in value])


def _numbers(kind: type[int]) -> Callable[[object, object], tuple[int, ...]]:
    """Read a JSON list of whole numbers (or of booleans) as a tuple, strictly."""
    words = "true or false" if kind is bool else "whole numbers"
    only = frozenset({kind})

    def structure(value: object, _: object) -> tuple[int, ...]:
        # The types of all items at once, in C: a bool is no whole number
        # here, nor a whole number a bool.
        if not isinstance(value, list) or (
            value
            and (
                not only.issuperset(map(type, value))
                or not -_BOUND < min(value) <= max(value) < _BOUND
            )
        ):
            raise LoadError(f"expected {words} in a list, not {brief(value)}")
        return tuple(value)

    return structure


_whole_numbers: Final = _numbers(int)


def _is_move(kind: object) -> bool:
    return isinstance(kind, type) and issubclass(kind, Move)


def register_pieces(converter: cattrs.Converter) -> None:
    """Give the converter the hooks of every piece: numbers, cards, melds, moves.

    >>> converter = cattrs.Converter()
    >>> register_pieces(converter)
    >>> converter.unstructure(parse_move("1: draw"), Move)["kind"]
    'draw'
    """
    # By class: a phase is text too (a StrEnum), which cattrs would read as such.
    converter.register_structure_hook(enum.Enum, _choice)
    converter.register_structure_hook(enum.StrEnum, _choice)
    converter.register_structure_hook(int, _strict(int))
    converter.register_structure_hook(bool, _strict(bool))
    hands, rows = tuple[tuple[Card, ...], ...], tuple[tuple[int, ...], ...]
    converter.register_structure_hook_func(lambda kind: kind == hands, _hands)
    converter.register_structure_hook_func(lambda kind: kind == rows, _rows)
    ints, flags = tuple[int, ...], tuple[bool, ...]
    converter.register_structure_hook_func(lambda kind: kind == ints, _whole_numbers)
    converter.register_structure_hook_func(lambda kind: kind == flags, _numbers(bool))
    converter.register_unstructure_hook(Card, _TEXT.__getitem__)
    converter.register_structure_hook(Card, _text("card", Card.parse))
    converter.register_unstructure_hook(Rank, str)
    converter.register_structure_hook(Rank, _text("rank", Rank.parse))
    cards = tuple[Card, ...]
    converter.register_unstructure_hook_func(
        lambda kind: kind == cards, lambda found: list(map(_TEXT.__getitem__, found))
    )
    converter.register_structure_hook_func(lambda kind: kind == cards, _cards)
    converter.register_unstructure_hook(Meld, _unstructure_meld)
    converter.register_structure_hook(Meld, _meld)
    converter.register_unstructure_hook_func(_is_move, move_object)
    converter.register_structure_hook_func(_is_move, _move)
