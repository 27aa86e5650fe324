"""Sphinx configuration for the rummyrules documentation.

The build is offline: no intersphinx, no network. Both builds run with
warnings as errors (``-W --keep-going``)::

    python -m sphinx -W --keep-going -b html docs docs/_build/html
    python -m sphinx -W --keep-going -b doctest docs docs/_build/doctest
"""

import ast
import doctest
import importlib
import inspect
import pkgutil
from pathlib import Path

import attrs

import rummyrules
from rummyrules import EndOfThePage, FourteenHundred, GoingOutRummy, OptionError

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
autodoc_default_options = {"members": True, "show-inheritance": True}
always_document_param_types = False
typehints_use_signature = True
typehints_use_signature_return = True
typehints_document_rtype = False  # the signature shows it already
napoleon_google_docstring = True
napoleon_numpy_docstring = False

# The doctest builder runs the examples of the pages and of every docstring
# that autodoc pulls in. A docstring's examples are written for its module's
# namespace (as pytest's --doctest-modules runs them), so the shared setup
# imports every module's public names, and attrs, which options.py examples use.
# Exception messages are part of what the examples show (each names its rule),
# so they are checked too: Sphinx would ignore them by default.
doctest_default_flags = doctest.ELLIPSIS | doctest.DONT_ACCEPT_TRUE_FOR_1
doctest_global_setup = """
import attrs
import rummyrules
from rummyrules import *
from rummyrules.core.cards import *
from rummyrules.melds import *
from rummyrules.melds.reading import *
from rummyrules.melds.search import *
from rummyrules.melds.layouts import *
from rummyrules.core.options import *
from rummyrules.core.errors import *
from rummyrules.game.rules import *
from rummyrules.game.state import *
from rummyrules.game.moves import *
from rummyrules.game.table import *
from rummyrules.core.shuffle import *
from rummyrules.games.end_of_the_page.machine import *
from rummyrules.games.end_of_the_page.deal import *
from rummyrules.game.rummy500 import *
"""


def _show_computed_defaults(
    _app: object,
    _what: str,
    _name: str,
    _obj: object,
    _options: object,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str, str | None] | None:
    """Write an attrs factory default (``decks``) as what it is, not ``NOTHING``."""
    if signature is None or "= NOTHING" not in signature:
        return None  # let the other handlers answer
    return signature.replace("= NOTHING", "= <by players>"), return_annotation


# --- Names imported for type checkers only ---------------------------------
#
# A module may import a name under ``if TYPE_CHECKING:`` (to break an import
# cycle) and use it in annotations. sphinx-autodoc-typehints runs such blocks
# once per module, but for an attrs class it runs them in the namespace of the
# attrs-generated ``__init__``, not the module's, and then skips the module:
# ``PlayableRules.new_game -> GameState`` would not resolve. So the build
# imports those names into each module itself, before autodoc reads any.


def _type_checking_blocks(tree: ast.Module) -> list[ast.ImportFrom]:
    """The ``from … import …`` statements under a module's ``if TYPE_CHECKING:``."""
    found: list[ast.ImportFrom] = []
    for node in tree.body:
        test = node.test if isinstance(node, ast.If) else None
        named = isinstance(test, ast.Name) and test.id == "TYPE_CHECKING"
        if named or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"):
            found.extend(n for n in node.body if isinstance(n, ast.ImportFrom))
    return found


def _import_type_checking_names() -> None:
    """Give every rummyrules module the names it imports for type checkers."""
    prefix = rummyrules.__name__ + "."
    for info in pkgutil.walk_packages(rummyrules.__path__, prefix):
        module = importlib.import_module(info.name)
        tree = ast.parse(inspect.getsource(module))
        for statement in _type_checking_blocks(tree):
            source = importlib.import_module(statement.module or "")
            for alias in statement.names:
                name = alias.asname or alias.name
                if not hasattr(module, name):
                    setattr(module, name, getattr(source, alias.name))


_import_type_checking_names()


# --- The option tables ------------------------------------------------------
#
# Each rules class's options are attrs fields whose metadata names the rule
# and describes the option (rummyrules.core.options.about). The rulings page
# includes a table written from that metadata at every build, so the table
# cannot drift from the code.

OPTION_TABLES = {
    "end_of_the_page_options.rst": EndOfThePage,
    "fourteen_hundred_options.rst": FourteenHundred,
    "going_out_options.rst": GoingOutRummy,
}
"""Generated file name -> the rules class whose options it lists."""


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


def _write_option_tables(app: object) -> None:
    """Write docs/_generated/*.rst from the rules classes (rewritten only on change)."""
    folder = Path(app.srcdir) / "_generated"  # type: ignore[attr-defined]  # Sphinx passes its application
    folder.mkdir(exist_ok=True)
    for name, cls in OPTION_TABLES.items():
        path = folder / name
        text = options_table(cls)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")


def _public_target(target: str) -> str | None:
    """The public name a reference means: ``rummyrules.game.moves.Draw`` or ``Draw`` is ``rummyrules.Draw``.

    Public classes say they are ``rummyrules``'s own (their ``__module__``),
    wherever the layers define them, so references by an internal module's
    name, or by the bare name inside that module's docs, lead to the public
    description.
    """
    parts = target.lstrip("~.").split(".")
    for index, part in enumerate(parts):
        if part in rummyrules.__all__:
            return ".".join(["rummyrules", *parts[index:]])
    return None


def _resolve_public(app: object, env: object, node: object, contnode: object) -> object:
    """Resolve a reference that Sphinx missed to the public name it means."""
    if node.get("refdomain") != "py":  # type: ignore[attr-defined]  # a docutils node
        return None
    target = _public_target(node["reftarget"])  # type: ignore[index]  # a docutils node
    if target is None or target == node["reftarget"]:  # type: ignore[index]  # a docutils node
        return None
    domain = env.get_domain("py")  # type: ignore[attr-defined]  # Sphinx's environment
    return domain.resolve_xref(
        env,
        node["refdoc"],
        app.builder,
        node["reftype"],
        target,
        node,
        contnode,  # type: ignore[attr-defined,index]  # Sphinx's objects
    )


def setup(app: object) -> None:
    """Register the signature hook and the option tables."""
    # Sphinx takes the first answer: ours, before sphinx-autodoc-typehints (500).
    app.connect("autodoc-process-signature", _show_computed_defaults, priority=100)  # type: ignore[attr-defined]  # Sphinx passes its application
    app.connect("builder-inited", _write_option_tables)  # type: ignore[attr-defined]  # Sphinx passes its application
    app.connect("missing-reference", _resolve_public)  # type: ignore[attr-defined]  # Sphinx passes its application
