"""The public surface: every name users may rely on is documented, on the API page too.

What users may rely on is what ``rummyrules``, ``rummyrules.bots``,
``rummyrules.simulation`` and ``rummyrules.rl`` export (their ``__all__``);
every other module is internal (see the contributor page), and only needs to
say what it is for.
"""

import importlib
import inspect
import pkgutil
import re
from pathlib import Path

import attrs
import pytest

from extras import left_out, need_extra

# Every module is imported, the server's and the environments' too.
need_extra("server")
need_extra("rl")

import rummyrules  # after the extras are known to be there
import rummyrules.bots
import rummyrules.rl
import rummyrules.simulation
from rummyrules.game.rummy500 import Rummy500State, Rummy500View

PUBLIC_PACKAGES = (rummyrules, rummyrules.bots, rummyrules.simulation, rummyrules.rl)
API_PAGE = Path(__file__).resolve().parent.parent / "docs" / "api.rst"
DIRECTIVE = re.compile(r"^\.\. (?:auto\w+|py:\w+):: +(\S+)", re.MULTILINE)


def public_objects() -> list[tuple[str, object]]:
    """Each public name, and each public method of a public class."""
    found: list[tuple[str, object]] = []
    for package in PUBLIC_PACKAGES:
        found.append((package.__name__, package))
        for name in package.__all__:
            obj = getattr(package, name)
            if not (inspect.isclass(obj) or inspect.isfunction(obj)):
                continue
            found.append((f"{package.__name__}.{name}", obj))
            if inspect.isclass(obj):
                for klass in obj.__mro__:
                    if not klass.__module__.startswith("rummyrules"):
                        continue
                    for member, value in vars(klass).items():
                        target = value.fget if isinstance(value, property) else value
                        if not member.startswith("_") and inspect.isfunction(target):
                            found.append(
                                (f"{package.__name__}.{name}.{member}", target)
                            )
    return found


def modules() -> list[str]:
    """Every module of the library, but the peers' without OpenSpiel (the [peers] extra)."""
    names = [
        "rummyrules",
        *(m.name for m in pkgutil.walk_packages(rummyrules.__path__, "rummyrules.")),
    ]
    return [name for name in names if not left_out(name)]


@pytest.mark.parametrize(
    ("name", "obj"), public_objects(), ids=lambda x: x if isinstance(x, str) else ""
)
def test_every_public_name_has_a_docstring_with_an_example(
    name: str, obj: object
) -> None:
    doc = inspect.getdoc(obj) or ""
    assert doc, f"{name} has no docstring"
    assert ">>>" in doc, f"{name} has no example"


@pytest.mark.parametrize("name", modules())
def test_every_module_says_what_it_is_for(name: str) -> None:
    assert (importlib.import_module(name).__doc__ or "").strip(), (
        f"{name} has no docstring"
    )


def test_the_package_exports_what_the_design_names() -> None:
    for name in (
        "Card",
        "Rank",
        "Suit",
        "parse_cards",
        "EndOfThePage",
        "FourteenHundred",
        "GoingOutRummy",
        "GameState",
        "IllegalMoveError",
        "dumps",
        "loads",
    ):
        assert name in rummyrules.__all__
    for method in ("legal_moves", "apply", "view", "hand", "position"):
        assert callable(getattr(rummyrules.GameState, method))


def api_page_entries() -> set[str]:
    """The full name of every object docs/api.rst describes (bare names are the package's)."""
    names = DIRECTIVE.findall(API_PAGE.read_text(encoding="utf-8"))
    return {
        name if name.startswith("rummyrules") else f"rummyrules.{name}"
        for name in names
    }


def public_names() -> set[str]:
    """Every name users may rely on, with its package's name."""
    return {
        f"{package.__name__}.{name}"
        for package in PUBLIC_PACKAGES
        for name in package.__all__
    }


def test_the_api_page_describes_every_public_name() -> None:
    missing = public_names() - api_page_entries()
    assert sorted(missing) == [], "docs/api.rst has no entry for these"


def test_the_api_page_describes_nothing_internal() -> None:
    allowed = public_names() | {package.__name__ for package in PUBLIC_PACKAGES}
    internal = api_page_entries() - allowed
    assert sorted(internal) == [], "docs/api.rst describes names that are internal"


def test_the_api_page_lists_every_field_the_rummy_500_games_share() -> None:
    """Their states and views inherit fields from an internal class: the API page lists them."""
    page = API_PAGE.read_text(encoding="utf-8")
    start = page.index(".. _rummy-500-fields:")
    section = page[start : page.index("\nEnd of the Page\n", start)]
    listed = {
        name
        for line in section.splitlines()
        if line.startswith("``")
        for name in re.findall(r"``(\w+)``", line)
    }
    shared = {
        field.name
        for cls, base in (
            (Rummy500State, rummyrules.GameState),
            (Rummy500View, rummyrules.View),
        )
        for field in attrs.fields(cls)
        if field.name not in attrs.fields_dict(base)
    }
    assert sorted(shared - listed) == []
