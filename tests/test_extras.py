"""What needs a peer engine skips without it, and fails without it where it is required (issue 27)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PEER_TESTS = [
    "src/rummyrules/peers",
    "tests/games/gin_rummy/test_gin_vs_openspiel.py",
    "tests/games/gin_rummy/test_gin_deadwood.py",
    "tests/openspiel/test_openspiel_gin.py",
    "tests/openspiel/test_match.py",
]
"""What needs OpenSpiel: rummyrules.peers, collected for its doctests, and the tests."""

# A new Python in which OpenSpiel and RLCard cannot be imported, as with [dev] alone.
WITHOUT_PEERS = (
    "import sys; sys.modules['pyspiel'] = None; sys.modules['rlcard'] = None; "
    "import pytest; sys.exit(pytest.main(sys.argv[1:]))"
)


def collect(*, required: bool) -> subprocess.CompletedProcess[str]:
    """Collect the peers' tests in a Python without the peers."""
    env = {
        k: v for k, v in os.environ.items() if not k.startswith("RUMMYRULES_REQUIRE")
    }
    if required:
        env["RUMMYRULES_REQUIRE_PEERS"] = "1"
    return subprocess.run(  # noqa: S603 - our own Python, our own tests
        [
            sys.executable,
            "-c",
            WITHOUT_PEERS,
            "--co",
            "-q",
            "-p",
            "no:cacheprovider",
            *PEER_TESTS,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )


def test_i27_1_the_peers_tests_skip_without_the_peers_saying_which_extra() -> None:
    completed = collect(required=False)
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "it comes with the [peers] extra" in completed.stdout


def test_i27_1_without_the_peers_their_tests_fail_where_they_are_required() -> None:
    completed = collect(required=True)
    assert completed.returncode != 0
    assert "pyspiel" in completed.stdout + completed.stderr


def run_python(code: str) -> str:
    """What ``code`` prints in a new Python process, run from the repository."""
    completed = subprocess.run(  # noqa: S603 - our own Python, our own code
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env=dict(os.environ),
    )
    return completed.stdout.strip()


def test_the_library_but_rummyrules_peers_imports_no_peer_engine() -> None:
    code = (
        "import sys, rummyrules, rummyrules.bots, rummyrules.simulation, rummyrules.cli; "
        "print(sorted(n for n in ('pyspiel', 'rlcard', 'rummyrules.peers') if n in sys.modules))"
    )
    assert run_python(code) == "[]"


def test_without_openspiel_importing_rummyrules_peers_says_how_to_install_it() -> None:
    code = (
        "import sys; sys.modules['pyspiel'] = None\n"
        "try:\n    import rummyrules.peers\n"
        "except ImportError as error:\n    print(error)"
    )
    assert "pip install 'rummyrules[peers]'" in run_python(code)
