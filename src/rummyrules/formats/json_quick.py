"""The quick reader's hooks of the pieces a save repeats most: the melds on the table.

:class:`~rummyrules.formats.json_converter.Reading` reads a saved value
twice only when it is wrong: first quickly, then in detail for the error.
The quick converter's hooks here read a meld on the table as
:func:`~rummyrules.dumps` writes it, in fewer steps than the detailed
hooks, and raise on anything else, which the detailed reading then accepts
or refuses with its path. So they may refuse more than the detailed hooks,
never less, and what they accept they read to the same value.

>>> from rummyrules.formats.json_converter import READING
>>> laid = {
...     "meld": {"kind": "run", "cards": ["7S", "8S", "5D=9S"]},
...     "owner": 0,
...     "played_by": [0, 0, 0],
... }
>>> READING.fast.structure(laid, TableMeld) == READING.detailed.structure(
...     laid, TableMeld
... )
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import cattrs

from rummyrules.core.errors import LoadError
from rummyrules.core.inputs import MAX_DIGITS
from rummyrules.formats.json_pieces import written_meld_code
from rummyrules.game.table import TableMeld
from rummyrules.melds import Meld
from rummyrules.melds.codes import code_meld

__all__ = ["register_quick"]

_TABLE_MELD: Final = frozenset({"meld", "owner", "played_by"})
_MELD: Final = frozenset({"kind", "cards"})
_BOUND: Final = 10**MAX_DIGITS
"""Every whole number read is strictly between minus this and this."""


class _NotAsWrittenError(LoadError):
    """Not as dumps writes it: for the detailed reading to judge, and word."""


def _meld(value: object, _: object = None) -> Meld:
    """A meld as dumps writes it: its kind and card texts, read through their code."""
    if type(value) is not dict or value.keys() != _MELD:
        raise _NotAsWrittenError("a meld")
    kind, texts = value["kind"], value["cards"]
    # A card that is no text makes written_meld_code raise TypeError.
    code = None
    if type(kind) is str and type(texts) is list:
        code = written_meld_code(kind, texts)
    if code is None:
        raise _NotAsWrittenError("a meld")
    return code_meld(code)


def _table_melds(
    numbers: Callable[[object, object], tuple[int, ...]],
) -> Callable[[object, object], TableMeld]:
    """Read a meld on the table as dumps writes it: the meld, its owner, who played each card."""

    def structure(value: object, _: object) -> TableMeld:
        if type(value) is not dict or value.keys() != _TABLE_MELD:
            raise _NotAsWrittenError("a meld on the table")
        owner = value["owner"]
        if type(owner) is not int or not -_BOUND < owner < _BOUND:
            raise _NotAsWrittenError("a meld's owner")
        return TableMeld(
            meld=_meld(value["meld"]),
            owner=owner,
            played_by=numbers(value["played_by"], tuple[int, ...]),
        )

    return structure


def register_quick(converter: cattrs.Converter) -> None:
    """Give the quick converter the hooks of the melds on the table (after the pieces' hooks).

    >>> from rummyrules.formats.json_pieces import register_pieces
    >>> converter = cattrs.Converter()
    >>> register_pieces(converter)
    >>> register_quick(converter)
    >>> converter.structure({"kind": "set", "cards": ["7S", "7H", "7D"]}, Meld).kind
    <MeldKind.SET: 'set'>
    """
    numbers = converter.get_structure_hook(tuple[int, ...])
    converter.register_structure_hook(Meld, _meld)
    converter.register_structure_hook(TableMeld, _table_melds(numbers))
