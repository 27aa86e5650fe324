"""Every public name is documented with an example that runs (the docs build runs them)."""

import importlib
import inspect
import pkgutil

import pytest

import rummyrules


def public_objects() -> list[tuple[str, object]]:
    found: list[tuple[str, object]] = []
    names = [m.name for m in pkgutil.walk_packages(rummyrules.__path__, "rummyrules.")]
    for module_name in ["rummyrules", *names]:
        module = importlib.import_module(module_name)
        found.append((module_name, module))
        for name in getattr(module, "__all__", []):
            obj = getattr(module, name)
            if inspect.isclass(obj) or inspect.isfunction(obj):
                found.append((f"{module_name}.{name}", obj))
                if inspect.isclass(obj):
                    for member, value in vars(obj).items():
                        target = value.fget if isinstance(value, property) else value
                        if not member.startswith("_") and inspect.isfunction(target):
                            found.append((f"{module_name}.{name}.{member}", target))
    return found


@pytest.mark.parametrize(
    ("name", "obj"), public_objects(), ids=lambda x: x if isinstance(x, str) else ""
)
def test_every_public_name_has_a_docstring_with_an_example(
    name: str, obj: object
) -> None:
    doc = inspect.getdoc(obj) or ""
    assert doc, f"{name} has no docstring"
    assert ">>>" in doc, f"{name} has no example"


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
