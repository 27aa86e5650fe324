"""The rule book as a web page, ``GET /rules``: one anchor per rule ID, so ``/rules#EOP-8`` opens it.

The page is made from :func:`rummyrules.game.rule_book.rule_book`, the
text the package ships, so the page, the docs and the terminal say the same.
It loads nothing but its style sheet (the server's content security policy
allows no inline style), and a rule cited inside another rule's text is a
link to that rule.

>>> page = rule_book_page()
>>> '<section id="EOP-8"' in page, '<a href="#MELD-2">MELD-2</a>' in page
(True, True)
"""

from __future__ import annotations

import functools
import html

from rummyrules.game.rule_book import RULE_ID, rule_book

__all__ = ["rule_book_page"]


def _linked(text: str) -> str:
    """Text as HTML, each rule ID in it a link to that rule's anchor."""
    parts = []
    last = 0
    for found in RULE_ID.finditer(text):
        parts.append(html.escape(text[last : found.start()]))
        rule = found.group()
        parts.append(f'<a href="#{rule}">{rule}</a>')
        last = found.end()
    parts.append(html.escape(text[last:]))
    return "".join(parts)


@functools.cache
def rule_book_page() -> str:
    """The whole rule book as one HTML page, each rule a section whose id is its ID.

    >>> "<title>Rule book · rummyrules</title>" in rule_book_page()
    True
    """
    body = []
    contents = []
    for number, part in enumerate(rule_book()):
        anchor = f"part-{number}"
        contents.append(f'<li><a href="#{anchor}">{html.escape(part.title)}</a></li>')
        body.append(f'<h2 id="{anchor}">{html.escape(part.title)}</h2>')
        body.extend(
            f'<section id="{rule.id}" class="rule" aria-labelledby="{rule.id}-title">'
            f'<h3 id="{rule.id}-title"><a class="id" href="#{rule.id}">{rule.id}</a> '
            f"{html.escape(rule.title)}</h3>"
            f"<p>{_linked(rule.text)}</p></section>"
            for rule in part.rules
        )
    return "\n".join(
        [
            "<!doctype html>",
            '<html lang="en">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            "<title>Rule book · rummyrules</title>",
            '<link rel="stylesheet" href="/static/rule_book.css">',
            "</head>",
            "<body>",
            '<header><p><a href="/">rummyrules</a></p><h1>Rule book</h1>',
            "<p>Every rule the games follow, by its ID: the table and the "
            "terminal cite these IDs, and each opens its rule here.</p>",
            f'<nav aria-label="Games"><ul>{"".join(contents)}</ul></nav></header>',
            "<main>",
            *body,
            "</main>",
            "</body>",
            "</html>",
            "",
        ]
    )
