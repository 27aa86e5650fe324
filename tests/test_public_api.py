"""The public surface: every name users may rely on is documented with an example that runs.

What users may rely on is what ``rummyrules`` and ``rummyrules.bots`` export
(their ``__all__``); every other module is internal (see the contributor
page), and only needs to say what it is for.
"""

import importlib
import inspect
import pkgutil

import pytest

import rummyrules
import rummyrules.bots

PUBLIC_PACKAGES = (rummyrules, rummyrules.bots)


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
    """Every module of the library."""
    return [
        "rummyrules",
        *(m.name for m in pkgutil.walk_packages(rummyrules.__path__, "rummyrules.")),
    ]


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
