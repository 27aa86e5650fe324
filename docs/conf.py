"""Sphinx configuration for the rummyrules documentation.

The build is offline: no intersphinx, no network. Both builds run with
warnings as errors (``-W --keep-going``)::

    python -m sphinx -W --keep-going -b html docs docs/_build/html
    python -m sphinx -W --keep-going -b doctest docs docs/_build/doctest
"""

import doctest
import importlib
import importlib.util
import os
import typing
from pathlib import Path

import attrs
import sphinx_autodoc_typehints as typehints

import rummyrules
import rummyrules.bots
import rummyrules.rl
from rummyrules import OptionError
from rummyrules.game.registry import VARIANTS
from rummyrules.game.rule_book import RULE_ID, rule_book

project = "rummyrules"
author = "The rummyrules developers"
copyright = "2026, The rummyrules developers"  # Sphinx reads this name
release = "0.1.0.dev0"
language = "en"

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.napoleon",
    "sphinx_autodoc_typehints",
]

html_theme = "furo"
html_title = "rummyrules"
# _generated holds the tables written at build time (see _write_option_tables);
# the pages include them, so they are not pages of their own.
exclude_patterns = ["_build", "_generated"]

# Every cross-reference must resolve ...
nitpicky = True
nitpick_ignore_regex = [
    # ... except those to the standard library and to attrs: the docs build
    # offline (no intersphinx), so these cannot resolve; everything of ours must.
    (
        r"py:.*",
        r"(builtins\.)?(str|int|bool|bytes|object|type|tuple|list|dict|set|frozenset|None|NoneType|Ellipsis)",
    ),
    (r"py:.*", r"(typing|collections|collections\.abc|enum|abc|random|attr|attrs)\..*"),
    (
        r"py:.*",
        r"(Iterable|Iterator|Sequence|Mapping|Callable|Any|ClassVar|Final|Self|Literal)",
    ),
]

# The API page documents each public object once, under the name it is
# imported by (``rummyrules.Card``); autodoc records the defining module's
# name (``rummyrules.core.cards.Card``) as its canonical alias, so both resolve.
autodoc_member_order = "bysource"
autodoc_default_options = {"show-inheritance": True}
always_document_param_types = False
typehints_use_signature = True
typehints_use_signature_return = True
typehints_document_rtype = False  # the signature shows it already
napoleon_google_docstring = True
napoleon_numpy_docstring = False

# The doctest builder runs the examples of the pages and of every docstring
# the API page and the contributor page pull in. A docstring's examples are
# written for its module's namespace (as pytest's --doctest-modules runs
# them); the public docstrings need no more than the public names, and those
# of the authoring surface (on the contributor page) no more than its names,
# attrs, and ``strategy_of`` (how the strategies' examples find a game's
# strategy, as the bots do). Exception messages are part of what the examples
# show (each names its rule), so they are checked too: Sphinx would ignore
# them by default.
doctest_default_flags = doctest.ELLIPSIS | doctest.DONT_ACCEPT_TRUE_FOR_1
# OpenSpiel comes with the [peers] extra: the examples that play it are
# skipped without it (":skipif: not PEERS"), but not where the peers are
# required (CI), where they fail instead.
_PEERS = (
    importlib.util.find_spec("pyspiel") is not None
    or os.environ.get("RUMMYRULES_REQUIRE_PEERS") == "1"
)
doctest_global_setup = f"""
from rummyrules import *
from rummyrules.bots import *
from rummyrules.simulation import *
from rummyrules.authoring import *
import attrs
from rummyrules.game.strategy import strategy_of
PEERS = {_PEERS}
"""


def _show_computed_defaults(  # noqa: PLR0913, PLR0917 - the arguments Sphinx passes
    app: object,
    what: str,
    name: str,
    obj: object,
    options: object,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str, str | None] | None:
    """Write an attrs factory default (``decks``) as ``...``, not ``NOTHING``.

    The default is computed from the other fields (``decks`` from
    ``players``), as the docstring says; ``...`` is how stubs write a default
    they do not spell out, and it keeps the signature Python, which Sphinx
    must parse to link its types. The signature is the one
    sphinx-autodoc-typehints writes, which this hook answers in place of.
    """
    if signature is None or "= NOTHING" not in signature:
        return None  # let sphinx-autodoc-typehints answer
    formatted = typehints.process_signature(
        app, what, name, obj, options, signature, return_annotation
    )
    if formatted is not None:
        signature, return_annotation = formatted
    return signature.replace("= NOTHING", "= ..."), return_annotation


# --- The option tables ------------------------------------------------------
#
# Each rules class's options are attrs fields whose metadata names the rule
# and describes the option (rummyrules.core.options.about). Every game the
# registry knows gets a table, written from that metadata at every build, so
# no table can drift from the code and a new game gets its own with nothing
# named here. A page shows a game's table by including the file its package
# names: ``.. include:: _generated/going_out_options.rst``.


def options_file(cls: type) -> str:
    """The generated file of a rules class's option table, named for its game's package.

    >>> from rummyrules import GoingOutRummy
    >>> options_file(GoingOutRummy)
    'going_out_options.rst'
    """
    package = cls.__module__.rpartition(".")[0].rpartition(".")[2]
    return f"{package}_options.rst"


def _by_players(cls: type, field: attrs.Attribute) -> str:
    """Describe a default computed from ``players``: "by players: 1 for 2–3, …"."""
    values: dict[object, list[int]] = {}
    for players in range(1, 33):
        try:
            rules = cls(players=players)
        except OptionError:
            continue  # not a table size this game allows
        values.setdefault(getattr(rules, field.name), []).append(players)
    parts = [
        f"{value} for {low}" if low == high else f"{value} for {low}–{high}"
        for value, counts in values.items()
        for low, high in [(min(counts), max(counts))]
    ]
    return "by players: " + ", ".join(parts)


def _default_text(cls: type, field: attrs.Attribute) -> str:
    """An option's default as the table shows it."""
    default = field.default
    if isinstance(default, attrs.Factory):
        names = {f.name for f in attrs.fields(cls)}
        return _by_players(cls, field) if "players" in names else "computed"
    if isinstance(default, str):  # a StrEnum member, or text
        return f'``"{default}"``'
    return f"``{default!r}``"


def options_table(cls: type) -> str:
    """A list-table of every option of a rules class, from its attrs metadata."""
    lines = [
        ".. list-table::",
        "   :header-rows: 1",
        "   :widths: 20 12 20 48",
        "",
        "   * - option",
        "     - rule",
        "     - default",
        "     - what it sets",
    ]
    for field in attrs.fields(cls):
        lines += [
            f"   * - ``{field.name}``",
            f"     - {field.metadata['rule']}",
            f"     - {_default_text(cls, field)}",
            f"     - {field.metadata['doc']}",
        ]
    return "\n".join(lines) + "\n"


def rl_tables(cls: type) -> str:
    """The action and observation tables of a game's default rules (rummyrules.rl)."""
    rules = cls()
    actions = rummyrules.rl.Actions(rules)
    observations = rummyrules.rl.Observations(rules)
    header = [
        "   :header-rows: 1",
        "   :widths: 14 22 64",
        "",
    ]
    lines = [
        f".. list-table:: Actions ({actions.size})",
        *header,
        "   * - index",
        "     - action",
        "     - what it does",
    ]
    for block in actions.ranges():
        span = (
            str(block.first)
            if block.first == block.last
            else f"{block.first}–{block.last}"
        )
        lines += [
            f"   * - {span}",
            f"     - ``{block.name}``",
            f"     - {block.meaning}",
        ]
    lines += [
        "",
        f".. list-table:: Observation ({observations.size} numbers)",
        *header,
        "   * - index",
        "     - section",
        "     - what it holds",
    ]
    for section in observations.sections():
        last = section.start + section.size - 1
        span = str(section.start) if section.size == 1 else f"{section.start}–{last}"
        lines += [
            f"   * - {span}",
            f"     - ``{section.name}``",
            f"     - {section.meaning}",
        ]
    return "\n".join(lines) + "\n"


def _write_option_tables(app: object) -> None:
    """Write docs/_generated/*.rst from the rules classes (rewritten only on change)."""
    folder = Path(app.srcdir) / "_generated"  # type: ignore[attr-defined]  # Sphinx passes its application
    folder.mkdir(exist_ok=True)
    for cls in VARIANTS.values():
        tables = {
            options_file(cls): options_table(cls),
            options_file(cls).replace("_options", "_rl"): rl_tables(cls),
        }
        for name, text in tables.items():
            path = folder / name
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                path.write_text(text, encoding="utf-8")


def _escaped(text: str) -> str:
    """Rule book text as reStructuredText, each rule ID in it a link to its anchor."""
    for char in "\\*`|_":
        text = text.replace(char, "\\" + char)
    return RULE_ID.sub(lambda found: f"`{found.group()} <#{found.group()}>`__", text)


def rule_book_rst() -> str:
    """The rule book the package ships, as the docs' rule book page includes it.

    Each rule is anchored by its ID exactly (``rule_book.html#EOP-8``), as
    on the server's ``/rules`` page, so a link to a rule reads the same in both.

    >>> '<span id="EOP-8"></span>' in rule_book_rst()
    True
    """
    lines: list[str] = []
    for part in rule_book():
        lines += [part.title, "-" * len(part.title), ""]
        for rule in part.rules:
            lines += [
                ".. raw:: html",
                "",
                f'   <span id="{rule.id}"></span>',
                "",
                f"**{rule.id} {_escaped(rule.title)}.** {_escaped(rule.text)}",
                "",
            ]
    return "\n".join(lines)


def _write_rule_book(app: object) -> None:
    """Write docs/_generated/rule_book.rst from the package's rule book (only on change)."""
    path = Path(app.srcdir) / "_generated" / "rule_book.rst"  # type: ignore[attr-defined]  # Sphinx passes its application
    path.parent.mkdir(exist_ok=True)
    text = rule_book_rst()
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


# --- Signatures and references on the API page ------------------------------
#
# An attrs class's generated ``__init__`` looks names up in its own class's
# module only, so the string annotations of the fields it inherits from a
# base class in another module (GameState's ``melds: tuple[TableMeld, ...]``,
# seen from EndOfThePageState's module) cannot be read there, and the
# signature would be left unresolved. ``typing.get_type_hints`` reads a
# class's annotations through its bases, each in its own module: the build
# gives each public attrs class's ``__init__`` those.

PUBLIC_PACKAGES = (rummyrules, rummyrules.bots, rummyrules.rl)
"""The packages whose ``__all__`` is what users may rely on: the API page."""


def _resolve_init_annotations(_app: object) -> None:
    """Give every public attrs class's ``__init__`` its fields' resolved types."""
    for package in PUBLIC_PACKAGES:
        for name in package.__all__:
            cls = getattr(package, name)
            if not (isinstance(cls, type) and attrs.has(cls)):
                continue
            hints = typing.get_type_hints(cls)
            init = cls.__init__
            init.__annotations__ = {
                **init.__annotations__,
                **{f.alias: hints[f.name] for f in attrs.fields(cls) if f.init},
            }


# The API page documents the public names only, yet their signatures and
# docstrings may name an internal object: a type variable (``S``), a base
# class (``Rummy500State``), a meld on the table (``TableMeld``), the module
# that does the work. Such a reference has no target, so it is shown as the
# name it is, unlinked, provided that object exists; a reference to anything
# else (a name since renamed or removed) still fails the build. The
# contributor page, which documents the authoring surface the same way, has
# the same leave; the other pages get none: they name public objects only.


def _library_object(target: str) -> bool:
    """Whether a dotted name is an object of the library: a module, or a name in one.

    >>> _library_object("rummyrules.game.table.TableMeld")
    True
    >>> _library_object("rummyrules.game.views.View")
    False
    """
    parts = target.split(".")
    if parts[0] != rummyrules.__name__:
        return False
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:]:
            if not hasattr(found, part):
                return False
            found = getattr(found, part)
        return True
    return False


LEAVE = frozenset({"api", "contributing"})
"""The pages that document public objects whose signatures name internal ones:
the API page, and the contributor page's authoring surface."""

THIRD_PARTY = frozenset({"numpy", "gymnasium", "pettingzoo"})
"""Packages of the ``[rl]`` extra, named by signatures: shown unlinked (the build is offline)."""


def _name_internal(
    _app: object, _env: object, node: object, contnode: object
) -> object:
    """Show a reference from a page of :data:`LEAVE` to an internal object as its name, unlinked."""
    if node.get("refdomain") != "py" or node.get("refdoc") not in LEAVE:  # type: ignore[attr-defined]  # a docutils node
        return None
    target = node["reftarget"]  # type: ignore[index]  # a docutils node
    if target.partition(".")[0] in THIRD_PARTY:
        return contnode  # rummyrules.rl's signatures name numpy's arrays, say
    if not _library_object(target):
        return None
    return contnode


def setup(app: object) -> None:
    """Register the hooks: signatures, option tables, and the API page's types and references."""
    # Sphinx takes the first answer: ours, before sphinx-autodoc-typehints (500).
    app.connect("autodoc-process-signature", _show_computed_defaults, priority=100)  # type: ignore[attr-defined]  # Sphinx passes its application
    app.connect("builder-inited", _write_option_tables)  # type: ignore[attr-defined]  # Sphinx passes its application
    app.connect("builder-inited", _write_rule_book)  # type: ignore[attr-defined]  # Sphinx passes its application
    app.connect("builder-inited", _resolve_init_annotations)  # type: ignore[attr-defined]  # Sphinx passes its application
    app.connect("missing-reference", _name_internal)  # type: ignore[attr-defined]  # Sphinx passes its application
