"""Copies of a frozen state with some fields changed, written out once per class.

A turn machine copies a state several times a move
(:meth:`~rummyrules.GameState.replace`). ``attrs.evolve`` would check and
rebuild every field through ``__init__``; the copy made here sets each field
straight, as attrs itself generates ``__init__``, and leaves the caches that
are not part of the value (the fields ``__init__`` does not take) empty.

>>> from rummyrules import GoingOutRummy
>>> game = GoingOutRummy().new_game(seed=1)
>>> copier(type(game))(game, {"turns": 4}).turns
4
"""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any

import attrs

__all__ = ["Copy", "copier"]

Copy = Callable[[Any, dict[str, Any]], Any]
"""A class's copy: the value, and the fields to change by name, give the new value."""


def copier(cls: type[attrs.AttrsInstance]) -> Copy:
    """A straight-line copy of one attrs class's fields, changes taken where given.

    Generated once per class, as attrs generates its ``__init__``: a loop over
    the fields would cost as much as the rest of a turn. A change that names
    no field of the class raises TypeError.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=1)
    >>> copy = copier(type(game))
    >>> copy(game, {}) == game, copy(game, {"turns": 2}).turns
    (True, 2)
    >>> copy(game, {"score": 3})
    Traceback (most recent call last):
    ...
    TypeError: EndOfThePageState has no field score
    """
    fields = attrs.fields(cls)
    names = [field.name for field in fields if field.init]
    # Each field is set through its own slot (its descriptor's __set__), which
    # skips the frozen class's __setattr__ and the look-up of the name: half
    # the time of object.__setattr__ a field.
    setters = {field.name: _slot_setter(cls, field.name) for field in fields}
    lines = ["def copy(self, changes):", "    new = new_(cls)"]
    lines += [f"    set_{name}(new, self.{name})" for name in names]
    lines += [f"    set_{f.name}(new, None)" for f in fields if not f.init]
    lines += [
        "    if changes:",
        "        for name, value in changes.items():",
        "            if name not in known:",
        "                raise TypeError(f'{cls.__name__} has no field {name}')",
        "            setters[name](new, value)",
        "    return new",
    ]
    scope: dict[str, Any] = {
        "new_": object.__new__,
        "cls": cls,
        "known": frozenset(names),
        "setters": setters,
    }
    scope.update({f"set_{name}": setter for name, setter in setters.items()})
    exec("\n".join(lines), scope)  # noqa: S102 - our own text, from the class's fields
    copy: Copy = scope["copy"]
    return copy


def _slot_setter(cls: type, name: str) -> Callable[[object, object], None]:
    """The function that sets one field of a slotted class, or a plain setattr."""
    slot = getattr(cls, name, None)
    setter = getattr(slot, "__set__", None)
    if setter is None or not isinstance(slot, types.MemberDescriptorType):
        return lambda instance, value: object.__setattr__(instance, name, value)
    setting: Callable[[object, object], None] = setter
    return setting
