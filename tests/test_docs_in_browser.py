"""The docs as a reader sees them: every built page, opened in headless Chromium.

The Sphinx build with warnings as errors cannot see what the theme adds in
the page: furo paints a red "ERROR: Adding a table of contents …" box over
any ``.. contents::`` directive, in CSS. This test builds the html docs (or
takes a build from ``RUMMYRULES_DOCS_HTML``), serves them on a loopback-only
port, opens each page in Playwright's Chromium driving Debian's
``chromium-headless-shell``, and fails on such a box, on text saying ERROR,
on a console error and on a page or resource that fails to load.

Without Playwright or the browser the test skips, saying which is missing;
with ``RUMMYRULES_REQUIRE_BROWSER=1`` (CI sets it) it fails instead.
"""

from __future__ import annotations

import functools
import http.server
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, ConsoleMessage, Request, Response

ROOT = Path(__file__).resolve().parent.parent

# What the page shows a reader that it should not: furo's box for a table of
# contents (an element of class "contents" without furo's escape-hatch
# class), docutils' system messages, and any text, pseudo-elements included,
# that says ERROR or asks to drop a table of contents.
PROBLEMS_IN_PAGE = """() => {
  const found = [];
  const boxes = document.querySelectorAll(
    ".contents:not(.this-will-duplicate-information-and-it-is-still-useful-here),"
    + " .system-message, .problematic"
  );
  for (const box of boxes) {
    found.push(`${box.tagName.toLowerCase()}.${box.className}: `
      + box.textContent.replace(/\\s+/g, " ").trim().slice(0, 80));
  }
  const bad = /\\bERROR\\b|Adding a table of contents/;
  const text = document.body.innerText;
  const match = text.match(bad);
  if (match) {
    const at = Math.max(0, match.index - 40);
    found.push(`text: ...${text.slice(at, match.index + 80)}...`);
  }
  for (const element of document.querySelectorAll("*")) {
    for (const pseudo of ["::before", "::after"]) {
      const content = getComputedStyle(element, pseudo).content;
      if (content && content !== "none" && bad.test(content)) {
        found.push(`${element.tagName.toLowerCase()}${pseudo}: ${content.slice(0, 80)}`);
      }
    }
  }
  return found;
}"""


@pytest.fixture
def html_dir(tmp_path: Path) -> Path:
    """The built html docs: RUMMYRULES_DOCS_HTML if given, else a fresh build."""
    given = os.environ.get("RUMMYRULES_DOCS_HTML")
    if given:
        built = Path(given)
        if not (built / "index.html").is_file():
            pytest.fail(
                f"RUMMYRULES_DOCS_HTML={given} holds no built docs (index.html)"
            )
        return built
    out = tmp_path / "html"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), *sys.path])}
    build = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html"]
    done = subprocess.run(  # noqa: S603 - our own interpreter running Sphinx
        [*build, str(ROOT / "docs"), str(out), "-d", str(tmp_path / "doctrees")],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return out


@pytest.fixture
def served(html_dir: Path) -> Iterator[str]:
    """The docs served on a loopback-only port for the length of the test."""

    class Quiet(http.server.SimpleHTTPRequestHandler):
        # The test reports what went wrong; a line per request is only noise.
        def log_message(self, format: str, *args: object) -> None:
            del format, args

    handler = functools.partial(Quiet, directory=str(html_dir))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def pages(html_dir: Path) -> list[str]:
    """Every built page, as a path relative to the build (the theme's files aside)."""
    return sorted(
        path.relative_to(html_dir).as_posix()
        for path in html_dir.rglob("*.html")
        if not path.relative_to(html_dir).parts[0].startswith("_")
    )


class Watch:
    """What goes wrong while the pages load, each line naming the page."""

    def __init__(self) -> None:
        self.page = ""
        self.problems: list[str] = []

    def report(self, problem: str) -> None:
        self.problems.append(f"{self.page}: {problem}")

    def console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.report(f"console error: {message.text}")

    def response(self, response: Response) -> None:
        if response.status >= 400:
            self.report(f"{response.status} for {response.url}")

    def failed(self, request: Request) -> None:
        self.report(f"failed to load {request.url}: {request.failure}")


@pytest.mark.slow  # it builds the docs first
@pytest.mark.browser
def test_every_docs_page_reads_without_an_error_box_or_a_console_error(
    browser: Browser, html_dir: Path, served: str
) -> None:
    visited = pages(html_dir)
    assert "index.html" in visited
    watch = Watch()
    page = browser.new_page(viewport={"width": 1280, "height": 2000})
    try:
        page.on("console", watch.console)
        page.on("pageerror", lambda error: watch.report(f"script error: {error}"))
        page.on("requestfailed", watch.failed)
        page.on("response", watch.response)
        for name in visited:
            watch.page = name
            loaded = page.goto(f"{served}/{name}", wait_until="load")
            if loaded is None or not loaded.ok:
                watch.report(f"the page did not load ({loaded and loaded.status})")
                continue
            for found in page.evaluate(PROBLEMS_IN_PAGE):
                watch.report(found)
    finally:
        page.close()
    assert len(visited) > 10
    assert watch.problems == [], "\n".join(watch.problems)
