"""Hooks of shapes: a value or None, and a tuple of any length written as a list.

cattrs looks up the hook of an optional value's kind each time it reads
one, and writes a tuple item by item through a generator; these hooks find
the kind's hook once, when the converter first meets the shape
(:func:`register_shapes`), which :mod:`rummyrules.formats.json_converter`
gives both its converters.

>>> converter = cattrs.Converter()
>>> register_shapes(converter)
>>> (
...     converter.structure(None, int | None),
...     converter.unstructure((1, 2), tuple[int, ...]),
... )
(None, [1, 2])
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from typing import Any

import cattrs

__all__ = ["register_shapes"]


def register_shapes(converter: cattrs.Converter) -> None:
    """Give the converter the hooks of optional values and of tuples written as lists.

    >>> converter = cattrs.Converter()
    >>> register_shapes(converter)
    >>> converter.unstructure(None, int | None) is None
    True
    """
    converter.register_unstructure_hook_factory(_is_list_of, _write_lists(converter))
    converter.register_structure_hook_factory(
        lambda kind: _optional(kind) is not None, _read_optionals(converter)
    )
    converter.register_unstructure_hook_factory(
        lambda kind: _optional(kind) is not None, _write_optionals(converter)
    )


def _is_list_of(kind: object) -> bool:
    """A tuple of any length of one kind (``tuple[Card, ...]``), written as a JSON list."""
    args = typing.get_args(kind)
    return typing.get_origin(kind) is tuple and len(args) == 2 and args[1] is Ellipsis


def _write_lists(converter: cattrs.Converter) -> Callable[[Any], Callable[[Any], Any]]:
    """Write a tuple of any length as a list, each item by its kind's hook, found once."""

    def factory(kind: Any) -> Callable[[Any], Any]:
        hook = converter.get_unstructure_hook(typing.get_args(kind)[0])
        if hook is cattrs.fns.identity:  # numbers, flags, text
            return list
        return lambda value: list(map(hook, value))

    return factory


def _optional(kind: object) -> Any:
    """What ``kind`` is a choice of with None (``int | None``: int); None if it is no such choice."""
    args = typing.get_args(kind)
    if (
        typing.get_origin(kind) not in (typing.Union, types.UnionType)
        or len(args) != 2
        or type(None) not in args
    ):
        return None
    return args[0] if args[1] is type(None) else args[1]


def _read_optionals(
    converter: cattrs.Converter,
) -> Callable[[Any], Callable[[object, object], Any]]:
    """Read a value or None, the value's hook found once (cattrs looks it up each time)."""

    def factory(kind: Any) -> Callable[[object, object], Any]:
        inner = _optional(kind)
        hook = converter.get_structure_hook(inner)

        def structure(value: object, _: object) -> Any:
            return None if value is None else hook(value, inner)

        return structure

    return factory


def _write_optionals(
    converter: cattrs.Converter,
) -> Callable[[Any], Callable[[Any], Any]]:
    """Write a value or None, the value's hook found once."""

    def factory(kind: Any) -> Callable[[Any], Any]:
        hook = converter.get_unstructure_hook(_optional(kind))
        if hook is cattrs.fns.identity:
            return hook
        return lambda value: None if value is None else hook(value)

    return factory
