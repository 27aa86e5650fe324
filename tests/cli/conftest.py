"""The fixtures and helpers of the ``rummyrules`` command's in-process tests (the test_cli_*.py files split from one).

Each of those files marks its tests with ``no_forced_terminal``, which was
autouse in the one file: it is not here, where it would reach the other
files of the folder too.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable

import pytest

from extras import need
from rummyrules.cli import main


@pytest.fixture
def no_forced_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever the environment, captured output is not a terminal."""
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "NO_COLOR"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(params=["rich", "plain"])
def output(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run the test twice: with rich, and as if rich were not installed."""
    if request.param == "plain":
        monkeypatch.setitem(sys.modules, "rich", None)
    else:
        need("rich")
    return str(request.param)


@pytest.fixture
def plain(monkeypatch: pytest.MonkeyPatch) -> None:
    """Plain output, as without the extra rummyrules[cli]."""
    monkeypatch.setitem(sys.modules, "rich", None)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def feed(monkeypatch: pytest.MonkeyPatch) -> Callable[[str], None]:
    """Give the command lines to read on standard input."""

    def give(text: str) -> None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(text))

    return give
