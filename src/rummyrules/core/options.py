"""Rules options: their rule IDs, their checks and their messages.

Every option of a rules class is a plain ``attrs`` field whose metadata, made
by :func:`about`, records the rule or ruling it belongs to and one line of
description. The docs' rulings table and the command line read that metadata,
so neither can drift from the code.

>>> import attrs
>>> from rummyrules import EndOfThePage
>>> attrs.fields(EndOfThePage).stock_out.metadata["rule"]
'EOP-R4'
"""

from __future__ import annotations

import enum
from typing import Any, Final, TypeVar

import attrs

from rummyrules.core.errors import OptionError
from rummyrules.core.inputs import brief

__all__ = [
    "MOST",
    "Bounds",
    "Choice",
    "StockOut",
    "about",
    "at_least",
    "between",
    "choice",
    "is_bool",
]

MOST: Final = 1_000_000
"""The most an open-ended count option (``max_turns``, Gin Rummy's ``target``) may be.

Saved rules, position text and the rules classes all read options through
the class, so this one bound holds for every reader; it also bounds the
turns a state may count (:mod:`rummyrules.formats.checks`).
"""

E = TypeVar("E", bound=enum.Enum)


class Choice(enum.StrEnum):
    """A choice of an option: its text in a rules line, and its words for a person.

    Each member is declared with both, ``FLIP = "flip", "turn ... over"``:
    the lobby and the command line's rules table show the words.

    >>> StockOut("flip").words, str(StockOut.FLIP)
    ('turn the discards over into a new stock', 'flip')
    """

    words: str
    """The choice as a person reads it."""

    def __new__(cls, value: str, words: str = "") -> Choice:
        """Make a member from its text and its words (enum calls it once a member)."""
        member = str.__new__(cls, value)
        member._value_ = value
        member.words = words or value.replace("_", " ")
        return member


class StockOut(Choice):
    """What happens when a player wants to draw from an empty stock (EOP-R4).

    >>> StockOut("reshuffle") is StockOut.RESHUFFLE
    True
    """

    END_ROUND = "end_round", "end the round"
    """The round ends and is scored as it stands (the default)."""
    RESHUFFLE = "reshuffle", "shuffle the discards into a new stock"
    """The discard pile but its top card is shuffled into a new stock."""
    FLIP = "flip", "turn the discards over into a new stock"
    """The discard pile but its top card is turned over into a new stock."""


def about(rule: str, doc: str) -> dict[str, str]:
    """The metadata of one option: the rule ID it implements and one line of doc.

    >>> about("EOP-17", "Rounds on the page.")
    {'rule': 'EOP-17', 'doc': 'Rounds on the page.'}
    """
    return {"rule": rule, "doc": doc}


def _refuse(
    game: str, name: str, rule: str, allowed: str, value: object
) -> OptionError:
    suffix = f" ({rule})" if rule else ""
    return OptionError(
        f"{name} must be {allowed} in {game}, not {brief(value)}{suffix}"
    )


def _fail(
    instance: object, attribute: attrs.Attribute[Any], allowed: str, value: object
) -> None:
    game = getattr(type(instance), "name", type(instance).__name__)
    raise _refuse(
        game, attribute.name, attribute.metadata.get("rule", ""), allowed, value
    )


@attrs.frozen
class Bounds:
    """A validator for a whole number from ``low`` to ``high``, and for None too if ``optional``.

    :func:`between` and :func:`at_least` make one; its bounds are fields, so
    that what reads the options (the JSON Schema's generator) can say them.

    >>> Bounds(1, 3).low, at_least(1).optional
    (1, True)
    """

    low: int
    high: int
    optional: bool = False

    def __call__(
        self, instance: object, attribute: attrs.Attribute[Any], value: object
    ) -> None:
        """Refuse a value outside the bounds, naming the option, its game and its rule."""
        if value is None and self.optional:
            return
        if type(value) is not int or not self.low <= value <= self.high:
            allowed = (
                f"a whole number of at least {self.low} and at most {self.high}, or None"
                if self.optional
                else f"from {self.low} to {self.high}"
            )
            _fail(instance, attribute, allowed, value)


def between(low: int, high: int) -> Bounds:
    """A validator for a whole number from ``low`` to ``high``.

    >>> from rummyrules import GoingOutRummy
    >>> GoingOutRummy(hand_size=11)
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: hand_size must be from 2 to 10 in Going Out Rummy, not 11 (GOR-1)
    """
    return Bounds(low, high)


def at_least(low: int, most: int = MOST) -> Bounds:
    """A validator for a whole number from ``low`` to ``most``, or None for no limit.

    >>> from rummyrules import EndOfThePage
    >>> EndOfThePage(max_turns=0)
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: max_turns must be a whole number of at least 1 and at most 1000000, or None in End of the Page, not 0 (ALL-5)
    """
    return Bounds(low, most, optional=True)


def is_bool(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """A validator for True or False (not 1, not "yes").

    >>> from rummyrules import EndOfThePage
    >>> EndOfThePage(take_cards_above="yes")
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: take_cards_above must be True or False in End of the Page, not 'yes' (EOP-R2)
    """
    if type(value) is not bool:
        _fail(instance, attribute, "True or False", value)


def choice(kind: type[E], value: E | str, *, game: str, name: str, rule: str) -> E:
    """Read an option that takes one of an enum's values, by member or by text.

    Rules classes call it from a small converter per option, so that typed
    code may pass either ``StockOut.FLIP`` or ``"flip"``.

    >>> choice(
    ...     StockOut, "flip", game="End of the Page", name="stock_out", rule="EOP-R4"
    ... )
    <StockOut.FLIP: 'flip'>
    >>> choice(
    ...     StockOut, "burn", game="End of the Page", name="stock_out", rule="EOP-R4"
    ... )
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: stock_out must be one of 'end_round', 'reshuffle', 'flip' in End of the Page, not 'burn' (EOP-R4)
    """
    if isinstance(value, kind):
        return value
    for member in kind:
        if isinstance(value, str) and member.value == value:
            return member
    allowed = "one of " + ", ".join(repr(member.value) for member in kind)
    raise _refuse(game, name, rule, allowed, value)
