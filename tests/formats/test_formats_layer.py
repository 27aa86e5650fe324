"""The formats layer reads and writes every game by asking it, never by knowing it.

Positions, records, JSON and the checks of what they read sit above the
game layer and below the games: a game's sections and checks come from its
own package, through its rules class. So no module of ``rummyrules.formats``
imports a game's package, the Rummy 500 family's module, or a layer above,
and every import is at the top of its module, where it shows.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import rummyrules.formats

FORMATS = Path(rummyrules.formats.__file__).parent
ABOVE = (
    "rummyrules.games",
    "rummyrules.game.rummy500",
    "rummyrules.bots",
    "rummyrules.cli",
)
"""What the formats may not import: the games, a family of games, the layers on top."""


def _imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    return [
        node for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)
    ]


def _names(node: ast.Import | ast.ImportFrom) -> set[str]:
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names}
    module = node.module or ""
    return {module, *(f"{module}.{alias.name}" for alias in node.names)}


MODULES = sorted(FORMATS.rglob("*.py"))


@pytest.mark.parametrize(
    "path", MODULES, ids=lambda path: str(path.relative_to(FORMATS))
)
def test_the_formats_import_no_game(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = {
        name
        for node in _imports(tree)
        for name in _names(node)
        if name.startswith(ABOVE)
    }
    assert not found, f"{path.name} imports {sorted(found)}"


@pytest.mark.parametrize(
    "path", MODULES, ids=lambda path: str(path.relative_to(FORMATS))
)
def test_the_formats_import_at_the_top_of_each_module(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = {id(node) for node in tree.body}
    hidden = [node.lineno for node in _imports(tree) if id(node) not in top]
    assert not hidden, f"{path.name} imports inside a block at lines {hidden}"


def test_the_check_sees_an_import_of_a_game() -> None:
    """The two tests above can fail: a game imported in a function is found twice."""
    tree = ast.parse(
        "def f():\n    from rummyrules.games.going_out.rules import GoingOutRummy\n"
    )
    (node,) = _imports(tree)
    assert "rummyrules.games.going_out.rules" in _names(node)
    assert id(node) not in {id(top) for top in tree.body}
