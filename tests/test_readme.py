"""The README's example runs, and prints what its comments say."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def test_readme_has_one_example() -> None:
    assert len(python_blocks()) == 1


def test_readme_example_prints_what_its_comments_say() -> None:
    (block,) = python_blocks()
    expected = [
        line.split("#", 1)[1].strip()
        for line in block.splitlines()
        if line.strip().startswith("print(") and "#" in line
    ]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block, str(README), "exec"), {})  # noqa: S102 - the README's own example
    printed = out.getvalue().splitlines()
    assert len(printed) == len(expected)
    for line, comment in zip(printed, expected, strict=True):
        # A comment is the output, where "..." may stand for any text.
        pattern = ".*".join(re.escape(part.strip()) for part in comment.split("..."))
        assert re.fullmatch(pattern, line), (line, comment)
