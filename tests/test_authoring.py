"""The authoring surface: ``rummyrules.authoring`` holds what a game's author needs.

Toy Rummy (``tests/toy_game``) is the game a contributor copies, so it
imports only the public names and ``rummyrules.authoring``: a game that
needed anything more would say the surface lacks it. The surface itself only
re-exports, documented as the public names are.
"""

import ast
import doctest
import inspect
from pathlib import Path

import pytest

import rummyrules
from rummyrules import authoring

TOY = Path(__file__).resolve().parent / "toy_game"
PAGE = Path(__file__).resolve().parent.parent / "docs" / "contributing.rst"

ALLOWED = {"rummyrules": rummyrules, "rummyrules.authoring": authoring}
"""The modules of the package a game's own code may import, by name."""

EXAMPLES_ALSO = ("rummyrules.bots", "rummyrules.rl")
"""The public packages a docstring's example may import besides (a bot playing the game)."""


def imports(tree: ast.AST) -> list[tuple[str, str | None]]:
    """Each module of the package a tree imports, and the name taken from it (or None)."""
    found: list[tuple[str, str | None]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, None) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found += [(node.module, alias.name) for alias in node.names]
    return [(module, name) for module, name in found if module.startswith("rummyrules")]


def refused(
    found: list[tuple[str, str | None]], extra: tuple[str, ...] = ()
) -> list[str]:
    """The imports that reach past the public names and the authoring surface."""
    bad: list[str] = []
    for module, name in found:
        if module in extra:
            continue
        if module not in ALLOWED:
            bad.append(module)
        elif name is not None and name not in ALLOWED[module].__all__:
            # ``from rummyrules import melds`` takes an internal package.
            bad.append(f"{module}.{name}")
    return bad


def examples(tree: ast.Module) -> ast.Module:
    """The code of every docstring example of a module, parsed."""
    parser = doctest.DocTestParser()
    body: list[ast.stmt] = []
    for node in ast.walk(tree):
        if isinstance(
            node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef
        ):
            for example in parser.get_examples(ast.get_docstring(node) or ""):
                body += ast.parse(example.source).body
    return ast.Module(body=body, type_ignores=[])


@pytest.mark.parametrize("path", sorted(TOY.glob("*.py")), ids=lambda path: path.name)
def test_toy_rummy_imports_only_the_public_names_and_the_authoring_surface(
    path: Path,
) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert refused(imports(tree)) == []
    assert refused(imports(examples(tree)), EXAMPLES_ALSO) == []


def test_a_reach_past_the_surface_is_refused() -> None:
    """The test above can fail: what it refuses, written as Toy Rummy once wrote it."""
    source = '''
"""
>>> from rummyrules.game.registry import parse_rules
"""
import rummyrules.game.machine
from rummyrules import Card, melds
from rummyrules.authoring import Machine, options
from rummyrules.core.hands import hand_after
'''
    tree = ast.parse(source)
    assert refused(imports(tree)) == [
        "rummyrules.game.machine",
        "rummyrules.melds",
        "rummyrules.authoring.options",
        "rummyrules.core.hands",
    ]
    assert refused(imports(examples(tree)), EXAMPLES_ALSO) == [
        "rummyrules.game.registry"
    ]


def test_the_surface_only_re_exports_names_the_public_api_lacks() -> None:
    assert authoring.__all__ == sorted(authoring.__all__)
    assert set(authoring.__all__).isdisjoint(rummyrules.__all__)
    for name in authoring.__all__:
        module = getattr(getattr(authoring, name), "__module__", "")
        assert module != authoring.__name__, f"{name} is defined here, not re-exported"


def test_the_surface_holds_nothing_toy_rummy_does_not_use() -> None:
    """A name joins the surface when a game needs it: each is used by Toy Rummy."""
    used = {
        name
        for path in TOY.glob("*.py")
        for module, name in imports(ast.parse(path.read_text(encoding="utf-8")))
        if module == authoring.__name__
    }
    assert sorted(set(authoring.__all__) - used) == []


@pytest.mark.parametrize("name", authoring.__all__)
def test_every_name_of_the_surface_is_documented_with_an_example(name: str) -> None:
    """The contributor page documents the module's members; a type alias has its own entry."""
    obj = getattr(authoring, name)
    if inspect.isclass(obj) or inspect.isfunction(obj):
        assert ">>>" in (inspect.getdoc(obj) or ""), f"{name} has no example"
    else:
        entry = f".. py:data:: {authoring.__name__}.{name}\n"
        assert entry in PAGE.read_text(encoding="utf-8"), f"no entry for {name}"


def test_the_contributor_page_documents_the_surface() -> None:
    page = PAGE.read_text(encoding="utf-8")
    assert f".. automodule:: {authoring.__name__}\n   :members:\n" in page
