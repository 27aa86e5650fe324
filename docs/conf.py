"""Sphinx configuration for the rummyrules documentation.

The build is offline: no intersphinx, no network. Both builds run with
warnings as errors (``-W --keep-going``)::

    python -m sphinx -W --keep-going -b html docs docs/_build/html
    python -m sphinx -W --keep-going -b doctest docs docs/_build/doctest
"""

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
exclude_patterns = ["_build"]

# Every cross-reference must resolve ...
nitpicky = True
nitpick_ignore_regex = [
    # ... except those to the standard library and to attrs: the docs build
    # offline (no intersphinx), so these cannot resolve; everything of ours must.
    (
        r"py:.*",
        r"(builtins\.)?(str|int|bool|bytes|object|type|tuple|list|dict|set|frozenset|None|NoneType|Ellipsis)",
    ),
    (r"py:.*", r"(typing|collections\.abc|enum|abc|attr|attrs)\..*"),
    (
        r"py:.*",
        r"(Iterable|Iterator|Sequence|Mapping|Callable|Any|ClassVar|Final|Self|Literal)",
    ),
]

# The API page documents each public object once, under the name it is
# imported by (``rummyrules.Card``); autodoc records the defining module's
# name (``rummyrules.cards.Card``) as its canonical alias, so both resolve.
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
doctest_global_setup = """
import attrs
import rummyrules
from rummyrules import *
from rummyrules.cards import *
from rummyrules.melds import *
from rummyrules.meld_search import *
from rummyrules.layouts import *
from rummyrules.options import *
from rummyrules.errors import *
from rummyrules.variants.common import *
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


def setup(app: object) -> None:
    """Register the signature hook."""
    # Sphinx takes the first answer: ours, before sphinx-autodoc-typehints (500).
    app.connect("autodoc-process-signature", _show_computed_defaults, priority=100)  # type: ignore[attr-defined]  # Sphinx passes its application
