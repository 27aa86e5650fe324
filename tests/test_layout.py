"""The shape the contributor page promises: small modules, a game in a few.

A module of the library holds one idea and stays readable in one sitting
(400 lines at most), and a game's package is its rules, its machine, its state
and view, its checks, its strategy and at most one analysis of its own: six
modules besides ``__init__.py``, which only re-exports (see
``docs/contributing.rst``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import rummyrules

SRC = Path(rummyrules.__file__).parent
MOST_LINES = 400
MOST_GAME_MODULES = 6
GAMES = sorted(path.parent for path in (SRC / "games").glob("*/__init__.py"))


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


@pytest.mark.parametrize(
    "module", sorted(SRC.rglob("*.py")), ids=lambda p: str(p.relative_to(SRC))
)
def test_no_module_is_over_400_lines(module: Path) -> None:
    assert _lines(module) <= MOST_LINES, (
        f"{module.relative_to(SRC)}: split it along its ideas"
    )


def test_there_are_four_game_packages() -> None:
    assert [game.name for game in GAMES] == [
        "end_of_the_page",
        "fourteen_hundred",
        "gin_rummy",
        "going_out",
    ]


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name)
def test_a_game_is_at_most_six_modules(game: Path) -> None:
    modules = sorted(
        path.name for path in game.glob("*.py") if path.name != "__init__.py"
    )
    assert len(modules) <= MOST_GAME_MODULES, modules
    folders = [sub.name for sub in game.iterdir() if sub.is_dir()]
    # One sub-package is allowed: the game's integer core (issue 40).
    assert set(folders) <= {"__pycache__", "core"}, "a game is one flat package"


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name)
def test_a_games_init_only_re_exports(game: Path) -> None:
    # The package's own code lives in its modules; __init__.py names them.
    text = (game / "__init__.py").read_text(encoding="utf-8")
    assert "def " not in text
    assert "class " not in text
