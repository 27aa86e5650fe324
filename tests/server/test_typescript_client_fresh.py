"""The TypeScript client's copy of the OpenAPI document is the server's own (issue 42).

``clients/typescript/openapi.json`` is what the client's types were made
from (``npm run generate``). CI's TypeScript step checks the types against
it with Node; this test catches a Python change that moves the API (a new
seat kind, a new field) in the README's quick run, before Node is reached,
and says what to run. The document is printed by ``python -m rummyrules
openapi`` in a process of its own, as the generator does, so that games the
tests register do not enter it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from extras import need_extra

need_extra(
    "server"
)  # the OpenAPI document is the server's: without it this skips, saying so

CLIENT = Path(__file__).resolve().parents[2] / "clients" / "typescript"


def test_the_typescript_clients_openapi_document_is_the_servers() -> None:
    printed = subprocess.run(
        [sys.executable, "-m", "rummyrules", "openapi"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    # Node writes a large whole number as 1e+21, which Python reads as a
    # float: both sides are read with every number a float.
    kept = json.loads(
        (CLIENT / "openapi.json").read_text(encoding="utf-8"), parse_int=float
    )
    assert kept == json.loads(printed, parse_int=float), (
        "clients/typescript is stale: run `RUMMYRULES_PYTHON=.venv/bin/python"
        " npm run generate` in clients/typescript and commit what it writes"
    )
