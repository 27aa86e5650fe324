"""``rummyrules serve`` refuses what it cannot serve, saying why, with exit 2, before it listens."""

from __future__ import annotations

import sys

import pytest

from rummyrules.cli import main


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (["--database", "mysql://127.0.0.1/games"], "sqlite:///PATH or postgresql"),
        (["--database", "sqlite:///x.sqlite3", "--workers", "2"], "through PostgreSQL"),
        (["--workers", "0"], "workers must be 1 or more"),
        (["--database", "sqlite:///x.sqlite3?journal=off"], "synchronous"),
        (["--database", "postgresql://127.0.0.1:1/none"], "cannot open the database"),
        (["--keep-finished", "0"], "keep_finished must be more than 0"),
    ],
)
def test_serve_refuses_a_database_or_options_it_cannot_serve(
    arguments: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", *arguments]) == 2
    assert said in capsys.readouterr().err


def test_serve_without_the_server_extra_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # As if uvicorn were not installed: the server's modules import afresh.
    for name in [name for name in sys.modules if name.startswith("rummyrules.server")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "uvicorn", None)
    assert main(["serve"]) == 2
    assert "pip install 'rummyrules[server]'" in capsys.readouterr().err
