"""The rule book shipped with the package has an entry for every rule ID the code and the docs cite (issue 41, item 9)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummyrules import Rule, UnknownRuleError, rule_text
from rummyrules.game.rule_book import RULE_ID, rule_book

ROOT = Path(__file__).resolve().parent.parent


def cited() -> set[str]:
    """Every rule ID in the library's source and in the docs' pages."""
    paths = [*(ROOT / "src").rglob("*.py"), *(ROOT / "docs").glob("*.rst")]
    return {
        found for path in paths for found in RULE_ID.findall(path.read_text("utf-8"))
    }


def test_every_rule_id_cited_in_src_and_docs_has_its_text() -> None:
    ids = cited()
    assert {"EOP-8", "F14-9", "GOR-7", "GIN-5", "MELD-3", "ALL-1", "EOP-R4"} <= ids
    missing = sorted(rule for rule in ids if not _known(rule))
    assert missing == []
    for rule in ids:
        entry = rule_text(rule)
        assert entry.id == rule
        assert entry.title, rule
        assert len(entry.text) > 20, rule


def _known(rule: str) -> bool:
    try:
        rule_text(rule)
    except UnknownRuleError:
        return False
    return True


def test_each_rule_id_has_one_entry_and_each_game_its_part() -> None:
    ids = [rule.id for part in rule_book() for rule in part.rules]
    assert len(ids) == len(set(ids))
    prefixes = {rule.split("-")[0] for rule in ids}
    assert prefixes == {"EOP", "F14", "GOR", "GIN", "MELD", "ALL"}


def test_rule_text_refuses_what_is_not_in_the_book() -> None:
    assert rule_text(" gin-r1 ") == Rule(
        "GIN-R1", rule_text("GIN-R1").title, rule_text("GIN-R1").text
    )
    with pytest.raises(UnknownRuleError, match="no rule 'EOP-0'"):
        rule_text("EOP-0")
    with pytest.raises(TypeError):
        rule_text(8)  # type: ignore[arg-type]  # the wrong type on purpose
