"""The variants by name, and a rules object as one line of text.

Saved games, positions and game records name their rules the same way: the
rules class's name, then each option that differs from its default, as
``name=value``. Reading the line back builds the rules object, so every
option is checked exactly as when it is built in code.

>>> from rummyrules import EndOfThePage
>>> rules_text(EndOfThePage(players=3, stock_out="flip"))
'EndOfThePage players=3 stock_out=flip'
>>> parse_rules("EndOfThePage players=3 stock_out=flip") == EndOfThePage(
...     players=3, stock_out="flip"
... )
True
"""

from __future__ import annotations

import enum
from typing import Any, Final

import attrs

from rummyrules.core.errors import OptionError
from rummyrules.core.inputs import brief, expect, whole_number
from rummyrules.game.state import PlayableRules

__all__ = [
    "VARIANTS",
    "choice_words",
    "option_text",
    "parse_rules",
    "register",
    "rules_text",
]

VARIANTS: Final[dict[str, type[PlayableRules[Any]]]] = {}
"""Every playable game's rules class, by its class name, in the order registered."""


def register(cls: type[PlayableRules[Any]]) -> type[PlayableRules[Any]]:
    """Make a game known by its rules class: to rules lines, saved games, positions.

    ``rummyrules.games`` registers the library's own games, one line each,
    first; a game of your own registers itself the same way from its own
    package, after them.

    >>> from rummyrules.game.registry import VARIANTS
    >>> list(VARIANTS)[:3]
    ['EndOfThePage', 'FourteenHundred', 'GoingOutRummy']
    """
    VARIANTS[cls.__name__] = cls
    return cls


def option_text(value: object) -> str:
    """One option's value as text: whole numbers, ``true``/``false``, ``none``, choices.

    >>> from rummyrules import StockOut
    >>> option_text(3), option_text(True), option_text(None), option_text(StockOut.FLIP)
    ('3', 'true', 'none', 'flip')
    """
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, enum.Enum):
        return str(value.value)
    return str(value)


def choice_words(value: object) -> str:
    """An option's value as a person reads it: a choice's own words, else its text.

    A choice declares its words (a ``words`` property of its enum, owned by
    the game or layer that owns the choice), so the lobby and the command
    line's rules table say the same.

    >>> from rummyrules import StockOut
    >>> choice_words(StockOut.END_ROUND), choice_words(3)
    ('end the round', '3')
    """
    words = getattr(value, "words", None)
    return words if isinstance(words, str) else option_text(value)


def rules_text(rules: PlayableRules[Any]) -> str:
    """The rules as one line: the class name, then each option not at its default.

    >>> from rummyrules import GoingOutRummy
    >>> (
    ...     rules_text(GoingOutRummy()),
    ...     rules_text(GoingOutRummy(wildcards=4, going_out="minor")),
    ... )
    ('GoingOutRummy', 'GoingOutRummy wildcards=4 going_out=minor')
    """
    cls = type(rules)
    written: dict[str, object] = {}
    for field in attrs.fields(cls):
        value = getattr(rules, field.name)
        # A default may follow earlier options (1400's decks follow players),
        # so each option is compared with the rules the line so far builds.
        if value != getattr(cls(**written), field.name):
            written[field.name] = value
    options = [f"{name}={option_text(value)}" for name, value in written.items()]
    return " ".join([cls.__name__, *options])


def parse_rules(text: str) -> PlayableRules[Any]:
    """Build the rules a line of :func:`rules_text` names; every option is checked.

    Names are read without regard to case (``endofthepage Players=3``).

    Raises :class:`~rummyrules.OptionError` for an unknown variant or option,
    or a value the option does not take; TypeError for anything but text.

    >>> parse_rules("FourteenHundred players=2").players
    2
    >>> parse_rules("GoingOutRummy hand_size=12")
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: hand_size must be from 2 to 10 in Going Out Rummy, not 12 (GOR-1)
    >>> parse_rules("Canasta")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: there is no variant 'Canasta': the variants are EndOfThePage, FourteenHundred, GoingOutRummy...
    """
    expect(text, str, name="rules", what="the rules' text")
    words = text.split()
    if not words:
        message = (
            f"{brief(text)} names no rules: write the variant's name, then its "
            "options, as in 'EndOfThePage players=3'"
        )
        raise OptionError(message)
    name, *options = words
    by_name = {known.lower(): cls for known, cls in VARIANTS.items()}
    if name.lower() not in by_name:
        known = ", ".join(VARIANTS)
        raise OptionError(
            f"there is no variant {brief(name)}: the variants are {known}"
        )
    cls = by_name[name.lower()]
    name = cls.__name__
    fields = {field.name: field for field in attrs.fields(cls)}
    given: dict[str, object] = {}
    for option in options:
        key, equals, value = option.partition("=")
        key = key.lower()
        if not equals or key not in fields:
            names = ", ".join(fields)
            message = (
                f"{brief(option)} is not an option of {name}: write name=value, "
                f"with a name among {names}"
            )
            raise OptionError(message)
        if key in given:
            raise OptionError(f"option {key} is given twice")
        given[key] = _value(value)
    return cls(**given)


def _value(text: str) -> object:
    """An option's text as the value the rules class checks (its converters read choices)."""
    words: dict[str, object] = {"none": None, "true": True, "false": False}
    if text.lower() in words:
        return words[text.lower()]
    number = whole_number(text)
    return text if number is None else number
