"""The rulings page lists every ruling the code cites, so the two cannot drift apart."""

from __future__ import annotations

import re
from pathlib import Path

import attrs

from rummyrules.game.registry import VARIANTS

ROOT = Path(__file__).resolve().parent.parent
RULING = re.compile(r"\b(?:EOP|F14|GOR|GIN)-R\d+\b")


def rulings_page() -> str:
    return (ROOT / "docs" / "rulings.rst").read_text(encoding="utf-8")


def test_every_ruling_the_source_cites_is_on_the_rulings_page() -> None:
    """Each ruling ID in the library's source has a row on docs/rulings.rst."""
    cited = {
        found
        for path in (ROOT / "src").rglob("*.py")
        for found in RULING.findall(path.read_text(encoding="utf-8"))
    }
    assert cited, "the source cites no ruling at all"
    assert sorted(cited - set(RULING.findall(rulings_page()))) == []


def test_every_option_that_settles_a_ruling_is_on_the_rulings_page() -> None:
    """Each option whose metadata names a ruling appears, by name, on the rulings page."""
    page = rulings_page()
    for cls in VARIANTS.values():
        for field in attrs.fields(cls):
            rule = field.metadata["rule"]
            if RULING.fullmatch(rule):
                assert rule in page, (cls.__name__, field.name, rule)
                assert field.name in page, (cls.__name__, field.name, rule)
