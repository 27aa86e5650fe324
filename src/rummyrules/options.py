"""Declaring a rules option: its default, its rule ID and its check.

Every option of a rules class is an ``attrs`` field made by :func:`option`,
which records the rule or ruling it belongs to in the field's metadata. The
docs' rulings table and the command line read that metadata, so neither can
drift from the code.

>>> import attrs
>>> from rummyrules import EndOfThePage
>>> attrs.fields(EndOfThePage).stock_out.metadata["rule"]
'EOP-R4'
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any

import attrs

from rummyrules.errors import OptionError

__all__ = [
    "StockOut",
    "at_least",
    "between",
    "is_bool",
    "one_of",
    "option",
    "to_enum",
]


class StockOut(enum.StrEnum):
    """What happens when a player wants to draw from an empty stock (EOP-R4).

    >>> StockOut("reshuffle") is StockOut.RESHUFFLE
    True
    """

    END_ROUND = "end_round"
    """The round ends and is scored as it stands (the default)."""
    RESHUFFLE = "reshuffle"
    """The discard pile but its top card is shuffled into a new stock."""
    FLIP = "flip"
    """The discard pile but its top card is turned over into a new stock."""


def option(
    default: Any,
    *,
    rule: str,
    doc: str,
    validator: Callable[[Any, attrs.Attribute[Any], Any], None] | None = None,
    converter: Callable[[Any], Any] | None = None,
) -> Any:
    """One rules option: its default, the rule ID it implements, one line of doc.

    >>> import attrs
    >>> @attrs.frozen(kw_only=True)
    ... class Toy:
    ...     name = "Toy"
    ...     size: int = option(3, rule="TOY-1", doc="How big.", validator=between(1, 5))
    >>> Toy(size=9)
    Traceback (most recent call last):
    ...
    rummyrules.errors.OptionError: size must be from 1 to 5 in Toy, not 9 (TOY-1)
    """
    return attrs.field(
        default=default,
        validator=validator,
        converter=converter,
        metadata={"rule": rule, "doc": doc},
    )


def _fail(
    instance: object, attribute: attrs.Attribute[Any], allowed: str, value: object
) -> None:
    game = getattr(type(instance), "name", type(instance).__name__)
    rule = attribute.metadata.get("rule", "")
    suffix = f" ({rule})" if rule else ""
    message = f"{attribute.name} must be {allowed} in {game}, not {value!r}{suffix}"
    raise OptionError(message)


def between(low: int, high: int) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    """A validator for a whole number from ``low`` to ``high``.

    >>> check = between(2, 6)
    """

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if type(value) is not int or not low <= value <= high:
            _fail(instance, attribute, f"from {low} to {high}", value)

    return check


def at_least(low: int) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    """A validator for a whole number of at least ``low``, or None for no limit.

    >>> check = at_least(1)
    """

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is None:
            return
        if type(value) is not int or value < low:
            _fail(
                instance, attribute, f"a whole number of at least {low}, or None", value
            )

    return check


def is_bool(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """A validator for True or False.

    >>> is_bool(None, attrs.Attribute.from_counting_attr("x", attrs.field()), True)
    """
    if type(value) is not bool:
        _fail(instance, attribute, "True or False", value)


def to_enum(kind: type[enum.Enum]) -> Callable[[Any], Any]:
    """A converter that reads an option's text into its enum, keeping bad values.

    Bad values are left for the validator, whose message lists the choices.

    >>> to_enum(StockOut)("flip")
    <StockOut.FLIP: 'flip'>
    """

    def convert(value: Any) -> Any:
        try:
            return kind(value)
        except ValueError:
            return value

    return convert


def one_of(kind: type[enum.Enum]) -> Callable[[Any, attrs.Attribute[Any], Any], None]:
    """A validator for a member of an enum, naming its values in the message.

    >>> check = one_of(StockOut)
    """

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, kind):
            allowed = ", ".join(repr(member.value) for member in kind)
            _fail(instance, attribute, f"one of {allowed}", value)

    return check
