"""``python -m rummyrules.formats.schema``: the JSON Schema, generated from the classes.

With no option it prints the schema; ``--write`` writes it to the package's
``rummyrules.schema.json`` (after adding a game, a kind of move or a field);
``--check`` exits with 1, saying what to run, when that file is not what the
classes make.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import rummyrules  # noqa: F401 - registers the library's games, as any use of it does
from rummyrules.formats.schema import SCHEMA_FILE
from rummyrules.formats.schema.generate import generated_schema, schema_text

COMMAND = "python -m rummyrules.formats.schema --write"
"""The command that regenerates the committed schema."""


def main(argv: list[str] | None = None) -> int:
    """Print, write or check the generated schema; the exit status."""
    parser = argparse.ArgumentParser(prog="python -m rummyrules.formats.schema")
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--write", action="store_true", help=f"write {SCHEMA_FILE}")
    what.add_argument(
        "--check", action="store_true", help=f"exit with 1 if {SCHEMA_FILE} differs"
    )
    options = parser.parse_args(argv)
    text = schema_text(generated_schema())
    path = Path(__file__).with_name(SCHEMA_FILE)
    if options.write:
        path.write_text(text, encoding="utf-8")
    elif options.check:
        if path.read_text(encoding="utf-8") != text:
            sys.stderr.write(f"{path} is out of date: run {COMMAND}\n")
            return 1
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
