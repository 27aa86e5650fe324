"""Input from outside: quoted briefly, numbers read within bounds, types checked.

Whatever a caller hands the library may be hostile: a megabyte of NUL bytes
where a card belongs, a number with a million digits, ``None`` where a move
belongs. These small helpers keep such input cheap and its refusal short:

- :func:`brief` quotes a piece of input in a message: at most a short prefix,
  with its size, so that no message grows with the input.
- :func:`whole_number` reads a whole number from text, refusing more digits
  than any count, score or seed of a game needs (Python's own ``int`` gives
  up with a ``ValueError`` of its own past 4,300 digits);
  :func:`too_many_digits` says the same of a number already read.
- :func:`close_up` takes out the spaces around signs such as ``=`` in linear
  time (a regular expression for "any spaces, the sign, any spaces" takes
  quadratic time on a long run of spaces).
- :func:`expect` refuses a value of the wrong type with a ``TypeError`` whose
  sentence names the argument and what it should be; :func:`expect_player`
  is the same for a player's number, which every game state method takes.

>>> print(brief("7S " * 10_000))
'7S 7S 7S 7S 7S 7S 7S 7S 7S 7S 7S 7S 7S 7S 7S 7S 7S 7S 7S 7S 7S 7S 7S 7S 7S 7S 7S 7S 7S 7S 7S 7S 7S 7…' (30,000 characters)
>>> whole_number("1" * 1_000_000) is None
True
>>> expect("0", int, name="player", what="a player number (int)")
Traceback (most recent call last):
...
TypeError: player must be a player number (int), not str '0'
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterable
from typing import Final, TypeVar, cast

from rummyrules.core.errors import OptionError

__all__ = [
    "MAX_DIGITS",
    "brief",
    "close_up",
    "expect",
    "expect_player",
    "positive_number",
    "too_many_digits",
    "whole_number",
    "wrong_type",
]

_T = TypeVar("_T")

_LIMIT: Final = 100
"""The characters of a text that a message quotes."""
_INNER_LIMIT: Final = 10
"""The characters of a text inside a quoted list or object."""
_ITEMS: Final = 3
"""The items of a list or object that a message quotes."""

MAX_DIGITS: Final = 100
"""The most digits :func:`whole_number` reads: far more than any count, score or seed needs."""

_WHOLE: Final = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}")
_BOUND: Final = 10**MAX_DIGITS


def brief(value: object, *, quote: bool = True) -> str:
    r"""A short quotation of a piece of input, for a message, whatever its size.

    Text longer than 100 characters is cut, with an ellipsis and its
    length (and cut shorter when it is written with escapes); a list or an
    object shows its first three items, each cut at 10 characters, and how
    many there are; a whole number of more than :data:`MAX_DIGITS` digits
    shows about how many it has. With ``quote=False``, text that prints
    cleanly is given without quotes (for a word inside a sentence); other
    text is quoted all the same.

    >>> brief("7S"), brief("7S", quote=False)
    ("'7S'", '7S')
    >>> print(brief("\x00" * 1_000_000))
    '\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00…' (1,000,000 characters)
    >>> brief(list(range(100_000)))
    '[0, 1, 2, …] (100,000 items)'
    >>> brief({"kind": "run", "cards": "7S 8S 9S"})
    "{'kind': 'run', 'cards': '7S 8S 9S'}"
    >>> brief(10**5000)
    'a number of about 5,001 digits'
    """
    return _brief(value, _LIMIT, quote=quote, depth=0)


def _brief(value: object, limit: int, *, quote: bool, depth: int) -> str:
    if isinstance(value, str):
        return _text(value, limit, quote=quote)
    if isinstance(value, bytes | bytearray):
        shown = repr(bytes(value[:limit]))
        return shown if len(value) <= limit else f"{shown}… ({len(value):,} bytes)"
    if isinstance(value, int) and not isinstance(value, bool):
        # Writing out a huge number takes time and, past 4,300 digits, fails.
        if too_many_digits(value):
            digits = math.floor(value.bit_length() * math.log10(2)) + 1
            return f"a number of about {digits:,} digits"
        return repr(value)
    if isinstance(value, list | tuple | dict):
        return _container(value, depth)
    shown = repr(value)
    return shown if len(shown) <= 2 * limit else shown[: 2 * limit] + "…"


def _text(text: str, limit: int, *, quote: bool) -> str:
    cut = text if len(text) <= limit else text[:limit] + "…"
    if not quote and cut.isprintable():
        shown = cut
    else:
        # Escapes such as \x00 write one character as four or more: show fewer.
        shown = repr(cut)
        if len(shown) > 3 * limit:
            shown = repr(text[: limit // 4] + "…")
    return shown if len(text) <= limit else f"{shown} ({len(text):,} characters)"


def _container(
    value: list[object] | tuple[object, ...] | dict[object, object], depth: int
) -> str:
    if depth >= 2:
        return "[…]" if not isinstance(value, dict) else "{…}"
    if isinstance(value, dict):
        pairs = [
            f"{_brief(key, _INNER_LIMIT, quote=True, depth=depth + 1)}: "
            f"{_brief(item, _INNER_LIMIT, quote=True, depth=depth + 1)}"
            for key, item in _first(value.items())
        ]
        opening, closing, unit = "{", "}", "keys"
    else:
        pairs = [
            _brief(item, _INNER_LIMIT, quote=True, depth=depth + 1)
            for item in _first(value)
        ]
        opening, closing = ("[", "]") if isinstance(value, list) else ("(", ")")
        unit = "items"
    if len(value) <= _ITEMS:
        return opening + ", ".join(pairs) + closing
    return f"{opening}{', '.join(pairs)}, …{closing} ({len(value):,} {unit})"


def _first(items: Iterable[_T]) -> list[_T]:
    return list(itertools.islice(items, _ITEMS))


def whole_number(text: str) -> int | None:
    """The whole number the text writes, or None for text that is none.

    A whole number is an optional sign and at most :data:`MAX_DIGITS`
    digits 0-9, nothing else (no spaces): longer ones are refused before
    Python's ``int`` spends time on them or gives up with an error of its own.

    >>> whole_number("-25"), whole_number("+3"), whole_number("3.0"), whole_number(" 3")
    (-25, 3, None, None)
    >>> whole_number("9" * 101) is None
    True
    """
    return int(text) if _WHOLE.fullmatch(text) else None


def too_many_digits(number: int) -> bool:
    """Whether a whole number has more than :data:`MAX_DIGITS` digits.

    >>> too_many_digits(10**99), too_many_digits(-(10**100))
    (False, True)
    """
    return not -_BOUND < number < _BOUND


def close_up(text: str, signs: str) -> str:
    """The text with the spaces on either side of each of the ``signs`` taken out.

    Card text forgives spaces around ``=`` and ``@``: ``5H = 8S`` is ``5H=8S``.

    >>> close_up("7S 5H = 8S  9S @ 1", "=@")
    '7S 5H=8S  9S@1'
    """
    parts = re.split(f"([{re.escape(signs)}])", text)
    # Text and signs alternate: strip each piece of text where it meets a sign.
    for index in range(0, len(parts), 2):
        piece = parts[index]
        if index > 0:
            piece = piece.lstrip()
        if index < len(parts) - 1:
            piece = piece.rstrip()
        parts[index] = piece
    return "".join(parts)


def expect(
    value: object, kinds: type | tuple[type, ...], *, name: str, what: str
) -> None:
    """Refuse a value that is not of one of ``kinds`` with a TypeError that names it.

    The message names the argument, what it should be, and what it is. A
    ``bool`` or a :class:`~rummyrules.Card` is not taken for an ``int``
    (each is one, to Python), unless its own class is among ``kinds``.

    >>> expect(3, int, name="seed", what="a whole number (int)")
    >>> expect(
    ...     None, (int, type(None)), name="player", what="a player number (int) or None"
    ... )
    >>> expect(True, int, name="seed", what="a whole number (int)")
    Traceback (most recent call last):
    ...
    TypeError: seed must be a whole number (int), not bool True
    >>> expect(None, str, name="move", what="a Move or its text")
    Traceback (most recent call last):
    ...
    TypeError: move must be a Move or its text, not NoneType
    """
    if isinstance(value, kinds) and (
        type(value) is int or not isinstance(value, int) or _names_own(kinds, value)
    ):
        return
    raise wrong_type(value, name=name, what=what)


def expect_player(
    value: object, *, name: str = "player", optional: bool = False
) -> None:
    """Refuse a player's number (or None, if ``optional``) of the wrong type.

    Only the type is checked here: whether there is such a player is for
    the game to say.

    >>> expect_player(2), expect_player(None, optional=True)
    (None, None)
    >>> expect_player(True)
    Traceback (most recent call last):
    ...
    TypeError: player must be a player number (int), not bool True
    """
    if optional:
        expect(
            value, (int, type(None)), name=name, what="a player number (int) or None"
        )
    else:
        expect(value, int, name=name, what="a player number (int)")


def _names_own(kinds: type | tuple[type, ...], value: int) -> bool:
    # Python makes a bool an int, and the library makes a Card one (its code):
    # neither is taken for a number unless its own class is asked for.
    named = kinds if isinstance(kinds, tuple) else (kinds,)
    return any(kind is not int and isinstance(value, kind) for kind in named)


def wrong_type(value: object, *, name: str, what: str) -> TypeError:
    """The TypeError for a value of the wrong type: what it should be, and what it is.

    For checks that :func:`expect` cannot make with ``isinstance`` alone.

    >>> print(wrong_type(b"7S", name="cards", what="card text or a sequence of cards"))
    cards must be card text or a sequence of cards, not bytes b'7S'
    >>> print(wrong_type(None, name="move", what="a Move or its text"))
    move must be a Move or its text, not NoneType
    """
    kind = type(value).__name__
    found = kind if value is None else f"{kind} {brief(value)}"
    return TypeError(f"{name} must be {what}, not {found}")


def positive_number(value: object, *, name: str) -> float:
    """A number checked to be finite and above 0, as a float: TypeError for no number, OptionError for any other.

    >>> positive_number(2, name="taken")
    2.0
    >>> positive_number(0, name="let_go")
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: let_go must be a finite number above 0, not 0.0
    >>> positive_number(10**400, name="let_go")
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: let_go is too large
    """
    expect(value, (int, float), name=name, what="a number")
    try:
        number = float(cast(float, value))
    except OverflowError:
        raise OptionError(f"{name} is too large") from None
    if not (math.isfinite(number) and number > 0):
        raise OptionError(f"{name} must be a finite number above 0, not {number}")
    return number
