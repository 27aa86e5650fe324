"""The meld layer: what a meld is, its check, searching a hand, going out.

It knows nothing of turns, players or scores: every function takes the
variant's :class:`MeldRules`. The game layer above asks it about hands.

>>> from rummyrules import EndOfThePage
>>> from rummyrules.melds import check, parse_declared
>>> cards, declared = parse_declared("7S 5H=8S 9S")
>>> bool(
...     check(
...         cards,
...         EndOfThePage().meld_rules,
...         wild=EndOfThePage().wild_rank("5"),
...         declared=declared,
...     )
... )
True
"""

from rummyrules.melds.declaring import canonical_declaration, parse_declared
from rummyrules.melds.explain import check
from rummyrules.melds.layouts import Layout, find_going_out, going_out_layouts
from rummyrules.melds.meld import (
    Declaration,
    Meld,
    MeldCheck,
    MeldKind,
    MeldRules,
    declaration_key,
    declarations_key,
    is_wild,
)
from rummyrules.melds.reading import readings
from rummyrules.melds.search import (
    LayOffOption,
    card_lay_offs,
    could_fit,
    find_lay_offs,
    find_melds,
    new_meaning,
)

__all__ = [
    "Declaration",
    "LayOffOption",
    "Layout",
    "Meld",
    "MeldCheck",
    "MeldKind",
    "MeldRules",
    "canonical_declaration",
    "card_lay_offs",
    "check",
    "could_fit",
    "declaration_key",
    "declarations_key",
    "find_going_out",
    "find_lay_offs",
    "find_melds",
    "going_out_layouts",
    "is_wild",
    "new_meaning",
    "parse_declared",
    "readings",
]
