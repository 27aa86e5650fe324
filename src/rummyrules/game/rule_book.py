"""The rule book, shipped with the package: one entry per rule ID, in the project's words.

Each game's package owns its rules' text, a ``rule_book.md`` beside its
rules class (``EOP-*`` in End of the Page's, ``GIN-*`` in Gin Rummy's), and
the IDs every game shares (``MELD-*``, ``ALL-*``) are in this layer's own
``rule_book.md``. A file is a title line (``# ...``), then one section a
rule: ``## ID Title``, then its text. The games are found through the
registry, so a game registered later brings its rule book with it; the
server's ``/rules`` page, the docs' rule book page and ``rummyrules rules
EOP-8`` all read them here.

>>> rule = rule_text("eop-8")
>>> rule.id, rule.title
('EOP-8', 'Wild spacing')
>>> rule.text.split(".")[0]
'Within one meld, any two wild cards must have at least two natural cards between them'
>>> cited_rules("refused: a wild needs two naturals between (EOP-8, see MELD-5)")
('EOP-8', 'MELD-5')
"""

from __future__ import annotations

import functools
import re
from importlib import resources
from typing import Final

import attrs

from rummyrules.core.errors import RummyRulesError
from rummyrules.core.inputs import brief, expect
from rummyrules.game.registry import VARIANTS

__all__ = [
    "RULE_ID",
    "Rule",
    "RuleBookPart",
    "UnknownRuleError",
    "cited_rules",
    "rule_book",
    "rule_text",
]

RULE_ID: Final = re.compile(r"\b(?:EOP|F14|GOR|GIN|MELD|ALL)-R?\d+\b")
"""A rule ID as code, messages and docs cite it: ``EOP-8``, ``F14-R9``, ``MELD-3``."""

BOOK_FILE: Final = "rule_book.md"
"""The name of the rule book file in the game layer and in each game's package."""


class UnknownRuleError(RummyRulesError):
    """A rule ID the rule book has no entry for, or text that is not a rule ID.

    >>> rule_text("eop-99")
    Traceback (most recent call last):
    ...
    rummyrules.UnknownRuleError: the rule book has no rule 'eop-99': rule IDs look like EOP-8, F14-R9 or MELD-3
    """


@attrs.frozen
class Rule:
    """One rule of the rule book: its ID, a short title and its text.

    >>> print(rule_text("ALL-3"))
    ALL-3 A refusal says why: A rejected move changes nothing and says which rule it broke (by ID) in a sentence a player would understand.
    """

    id: str
    title: str
    text: str

    def __str__(self) -> str:
        return f"{self.id} {self.title}: {self.text}"


@attrs.frozen
class RuleBookPart:
    """One file of the rule book: a game's rules (or the shared ones), in the book's order.

    >>> [part.title.split(":")[0] for part in rule_book()][:3]
    ['Shared rules', 'End of the Page (EOP)', '1400 (F14)']
    """

    title: str
    rules: tuple[Rule, ...]


def _parse(text: str, where: str) -> RuleBookPart:
    """One rule book file: its ``# title``, then ``## ID Title`` and the text under it."""
    title = ""
    rules: list[Rule] = []
    heading: tuple[str, str] | None = None
    lines: list[str] = []

    def close() -> None:
        if heading is not None:
            rules.append(Rule(heading[0], heading[1], " ".join(lines).strip()))

    for line in text.splitlines():
        if line.startswith("## "):
            close()
            rule_id, _, rule_title = line[3:].strip().partition(" ")
            if not RULE_ID.fullmatch(rule_id):
                raise RummyRulesError(f"{where}: {rule_id!r} is not a rule ID")
            heading, lines = (rule_id, rule_title.strip()), []
        elif line.startswith("# "):
            title = line[2:].strip()
        elif line.strip():
            lines.append(line.strip())
    close()
    return RuleBookPart(title, tuple(rules))


@functools.cache
def _parts(variants: tuple[str, ...]) -> tuple[RuleBookPart, ...]:
    packages = [__package__ or "rummyrules.game"]
    for name in variants:
        package = VARIANTS[name].__module__.rpartition(".")[0]
        if package not in packages:
            packages.append(package)
    parts = []
    for package in packages:
        source = resources.files(package).joinpath(BOOK_FILE)
        if source.is_file():  # a game of one's own may bring no rule book
            parts.append(_parse(source.read_text(encoding="utf-8"), package))
    return tuple(parts)


def rule_book() -> tuple[RuleBookPart, ...]:
    """The whole rule book: the shared rules, then each registered game's, in order.

    >>> sum(len(part.rules) for part in rule_book()) > 80
    True
    """
    return _parts(tuple(VARIANTS))


def rule_text(rule_id: str) -> Rule:
    """The rule book's entry for a rule ID (case does not matter): ``EOP-8``, ``GIN-R1``.

    Raises :class:`UnknownRuleError` for an ID the book does not have, and
    TypeError for anything but text.

    >>> rule_text("F14-R9").title
    'The claim window'
    """
    expect(rule_id, str, name="rule_id", what="a rule ID")
    wanted = rule_id.strip().upper()
    for part in rule_book():
        for rule in part.rules:
            if rule.id == wanted:
                return rule
    message = (
        f"the rule book has no rule {brief(rule_id)}: rule IDs look like "
        "EOP-8, F14-R9 or MELD-3"
    )
    raise UnknownRuleError(message)


def cited_rules(text: str) -> tuple[str, ...]:
    """The rule IDs a text cites, each once, in the order they first appear.

    >>> cited_rules("F14-9 and F14-9 again, then GOR-R2")
    ('F14-9', 'GOR-R2')
    """
    return tuple(dict.fromkeys(RULE_ID.findall(text)))
