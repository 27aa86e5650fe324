"""Build the pages' dist/: Pyodide's files, the library's wheel and its dependencies' wheels, the TypeScript client.

Run from anywhere with a Python that has pip: ``python build.py`` (``npm run build``
runs it with ``python3``). ``npm ci`` must have run first (Pyodide comes from
node_modules), and the TypeScript client must be built (``npm ci && npm run
build`` in clients/typescript): the server-backed page (served.html) calls
the server through it. dist/ is not committed: it is built output.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
DIST = HERE / "dist"
# The TypeScript client as tsc builds it: ES modules a page imports as they are.
CLIENT = ROOT / "clients" / "typescript" / "build" / "src"
# What the page loads of Pyodide: its loader, the interpreter and the standard
# library. The lock file lists packages the page does not load, but
# loadPyodide reads it.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# The library needs attrs and cattrs; cattrs needs typing_extensions.
DEPENDENCIES = ("attrs", "cattrs", "typing_extensions")


def main() -> None:
    """Build dist/ afresh; fail loudly when Pyodide or a wheel is missing."""
    pyodide = HERE / "node_modules" / "pyodide"
    if not pyodide.is_dir():
        sys.exit("node_modules/pyodide is missing: run npm ci first")
    if not (CLIENT / "index.js").is_file():
        sys.exit(
            "the TypeScript client is not built: run npm ci && npm run build"
            " in clients/typescript first"
        )
    shutil.rmtree(DIST, ignore_errors=True)
    (DIST / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, DIST / "pyodide" / name)
    # Its modules only: the declarations (.d.ts) are for tsc, not the page.
    shutil.copytree(
        CLIENT, DIST / "client", ignore=shutil.ignore_patterns("*.d.ts", "*.map")
    )
    wheels = DIST / "wheels"
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    subprocess.run(  # noqa: S603 - our own command, no shell
        [*pip, "wheel", "--no-deps", "-w", str(wheels), str(ROOT)], check=True
    )
    # Pure-Python wheels only: Pyodide cannot load a wheel built for this machine.
    subprocess.run(  # noqa: S603 - our own command, no shell
        [
            *pip,
            "download",
            "--only-binary=:all:",
            "--no-deps",
            "-d",
            str(wheels),
            *DEPENDENCIES,
        ],
        check=True,
    )
    names = sorted(path.name for path in wheels.glob("*.whl"))
    if len(names) != 1 + len(DEPENDENCIES) or not all(
        n.endswith("-none-any.whl") for n in names
    ):
        sys.exit(
            f"expected the library and its dependencies as pure-Python wheels, found {names}"
        )
    (DIST / "wheels.json").write_text(json.dumps(names) + "\n")
    print(  # noqa: T201 - a build says what it built
        f"dist/: {len(PYODIDE_FILES)} Pyodide files, the TypeScript client"
        f" and {', '.join(names)}"
    )


if __name__ == "__main__":
    main()
