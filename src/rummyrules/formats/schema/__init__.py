"""The JSON Schema of the saved format: what :func:`~rummyrules.dumps` writes, published.

One file, ``rummyrules.schema.json`` (JSON Schema draft 2020-12), shipped
with the package: the header of every document, then for each kind and
variant (rules, a move, a state and a view of each game, a Going Out Rummy
match) what its ``data`` is, every piece under ``$defs``. A client in any
language may validate what it receives, or generate its types, from it;
docs/saving.rst explains each field in words.

The file is generated from the classes and the converter
(:mod:`rummyrules.formats.schema.generate`): after adding a game, a kind of
move or a field, ``rummyrules schema --write`` writes it
again, and a test fails while it is out of date.

>>> schema = json_schema()
>>> schema["$schema"], schema["$defs"]["move"]["properties"]["kind"]["enum"][:3]
('https://json-schema.org/draft/2020-12/schema', ['draw', 'take', 'meld'])
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

__all__ = ["SCHEMA_FILE", "json_schema"]

SCHEMA_FILE = "rummyrules.schema.json"
"""The schema's file name, in this package."""


def json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of every kind of value :func:`~rummyrules.dumps` writes.

    A new dict each call, read from the package's data once: change it freely.

    >>> schema = json_schema()
    >>> schema["title"]
    'rummyrules saved values, format version 3'
    >>> schema["properties"]["kind"]["enum"]
    ['rules', 'state', 'move', 'view', 'match']
    """
    schema: dict[str, Any] = json.loads(_text())
    return schema


@functools.cache
def _text() -> str:
    return (resources.files(__package__) / SCHEMA_FILE).read_text(encoding="utf-8")
