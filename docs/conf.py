"""Sphinx configuration for the rummyrules documentation."""

project = "rummyrules"
author = "The rummyrules developers"
copyright = "2026, The rummyrules developers"  # noqa: A001 - Sphinx reads this name
release = "0.1.0.dev0"

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.napoleon",
    "sphinx_autodoc_typehints",
]

html_theme = "furo"
html_title = "rummyrules"
nitpicky = True
nitpick_ignore_regex = [
    # The docs build offline (no intersphinx), so references to the standard
    # library and to attrs cannot resolve; everything of ours must.
    (r"py:.*", r"(builtins\.)?(str|int|bool|bytes|object|type|tuple|list|dict|set|frozenset|None|NoneType|Ellipsis)"),
    (r"py:.*", r"(typing|collections\.abc|enum|abc|attr|attrs)\..*"),
    (r"py:.*", r"(Iterable|Iterator|Sequence|Mapping|Callable|Any|ClassVar|Final|Self|Literal)"),
]
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": True}
always_document_param_types = False
typehints_use_signature = True
typehints_use_signature_return = True
napoleon_google_docstring = True
doctest_global_setup = "import rummyrules\nfrom rummyrules import *"
exclude_patterns = ["_build"]
