"""All the command line's output: plain ``print`` or, where installed, ``rich``.

A :class:`Printer` writes lines, tables and a progress bar. :func:`make_printer`
returns the ``rich`` one when the optional extra ``rummyrules[cli]`` is
installed and a plain one otherwise; both print the same words, so the
command works the same without ``rich``. Colour appears only on a terminal
and never when ``NO_COLOR`` is set (``rich`` checks both).

>>> import io
>>> out = io.StringIO()
>>> printer = Printer(out=out, err=io.StringIO())
>>> printer.table(["seat", "wins"], [["0", "7"], ["1", "13"]], numeric={1})
>>> print(out.getvalue(), end="")
seat  wins
----  ----
0        7
1       13
"""

from __future__ import annotations

import contextlib
import importlib
import sys
from collections.abc import Callable, Collection, Iterator, Sequence
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["Printer", "RichPrinter", "make_printer", "rich_installed"]


class Printer:
    r"""Where the command writes: lines and tables to stdout, errors to stderr.

    This base class prints plain text; :class:`RichPrinter` adds tables
    with borders, colour and a progress bar.

    >>> import io
    >>> out = io.StringIO()
    >>> Printer(out=out, err=io.StringIO()).line("valid: run 7S 8S 9S", style="green")
    >>> out.getvalue()
    'valid: run 7S 8S 9S\n'
    """

    def __init__(self, *, out: TextIO, err: TextIO) -> None:
        self.out = out
        self.err = err

    def line(self, text: str = "", *, style: str | None = None) -> None:
        r"""Print one line to stdout; ``style`` (``"bold"``, ``"red"``…) is a hint.

        >>> import io
        >>> out = io.StringIO()
        >>> Printer(out=out, err=io.StringIO()).line("Round 1", style="bold")
        >>> out.getvalue()
        'Round 1\n'
        """
        del style  # plain text has no styles
        print(text, file=self.out)

    def error(self, text: str) -> None:
        r"""Print one line to stderr.

        >>> import io
        >>> err = io.StringIO()
        >>> Printer(out=io.StringIO(), err=err).error("rummyrules: no such file")
        >>> err.getvalue()
        'rummyrules: no such file\n'
        """
        print(text, file=self.err)

    def raw(self, text: str) -> None:
        r"""Write text to stdout exactly as it is (JSON, a game record).

        >>> import io
        >>> out = io.StringIO()
        >>> Printer(out=out, err=io.StringIO()).raw('{"games": 3}\n')
        >>> out.getvalue()
        '{"games": 3}\n'
        """
        self.out.write(text)

    def table(
        self,
        headers: Sequence[str],
        rows: Sequence[Sequence[str]],
        *,
        title: str | None = None,
        numeric: Collection[int] = (),
    ) -> None:
        """Print a table; the columns numbered in ``numeric`` are right-aligned.

        >>> import io
        >>> out = io.StringIO()
        >>> Printer(out=out, err=io.StringIO()).table(
        ...     ["round", "player 0"], [["1", "-30"]], title="The page", numeric={1}
        ... )
        >>> print(out.getvalue(), end="")
        The page
        round  player 0
        -----  --------
        1           -30
        """
        if title:
            self.line(title)
        widths = [
            max(len(cell) for cell in column)
            for column in zip(headers, *rows, strict=True)
        ]

        def cells(row: Sequence[str]) -> str:
            return "  ".join(
                cell.rjust(width) if index in numeric else cell.ljust(width)
                for index, (cell, width) in enumerate(zip(row, widths, strict=True))
            ).rstrip()

        self.line(cells(headers))
        self.line(cells(["-" * width for width in widths]))
        for row in rows:
            self.line(cells(row))

    @contextlib.contextmanager
    def progress(self, total: int, label: str) -> Iterator[Callable[[int, int], None]]:
        """A progress bar on stderr; the context gives a function to call with (done, total).

        That function is what :func:`~rummyrules.simulate` takes as
        ``progress``. Plain output shows no bar: it does nothing.

        >>> import io
        >>> with Printer(out=io.StringIO(), err=io.StringIO()).progress(
        ...     3, "games"
        ... ) as update:
        ...     for done in range(1, 4):
        ...         update(done, 3)
        """
        del total, label

        def update(done: int, total: int) -> None:
            del done, total

        yield update


class RichPrinter(Printer):
    r"""A printer through ``rich``: tables with borders, colour, a progress bar.

    ``force_terminal`` overrides rich's own test of whether the output is a
    terminal (tests use it to see the progress bar).

    >>> import io
    >>> out = io.StringIO()
    >>> RichPrinter(out=out, err=io.StringIO()).line("[not markup] 7S 8S 9S")
    >>> out.getvalue()
    '[not markup] 7S 8S 9S\n'
    """

    def __init__(
        self, *, out: TextIO, err: TextIO, force_terminal: bool | None = None
    ) -> None:
        super().__init__(out=out, err=err)
        from rich.console import Console  # noqa: PLC0415 - rich is optional

        def console(file: TextIO) -> Console:
            return Console(
                file=file,
                force_terminal=force_terminal,
                markup=False,
                emoji=False,
                highlight=False,
            )

        self.console = console(out)
        self.err_console = console(err)

    def line(self, text: str = "", *, style: str | None = None) -> None:
        """Print one line, in ``style`` on a terminal; never wrapped.

        >>> import io
        >>> out = io.StringIO()
        >>> RichPrinter(out=out, err=io.StringIO()).line("x" * 100, style="bold")
        >>> len(out.getvalue())
        101
        """
        from rich.text import Text  # noqa: PLC0415 - rich is optional

        self.console.print(Text(text, style=style or ""), soft_wrap=True)

    def error(self, text: str) -> None:
        r"""Print one line to stderr, in red on a terminal.

        >>> import io
        >>> err = io.StringIO()
        >>> RichPrinter(out=io.StringIO(), err=err).error("rummyrules: no such file")
        >>> err.getvalue()
        'rummyrules: no such file\n'
        """
        from rich.text import Text  # noqa: PLC0415 - rich is optional

        self.err_console.print(Text(text, style="red"), soft_wrap=True)

    def table(
        self,
        headers: Sequence[str],
        rows: Sequence[Sequence[str]],
        *,
        title: str | None = None,
        numeric: Collection[int] = (),
    ) -> None:
        """Print a table with borders and a bold header.

        >>> import io
        >>> out = io.StringIO()
        >>> RichPrinter(out=out, err=io.StringIO()).table(["seat"], [["0"]])
        >>> "seat" in out.getvalue() and "━" in out.getvalue()
        True
        """
        from rich.table import Table  # noqa: PLC0415 - rich is optional

        if title:
            self.line(title, style="bold")
        table = Table()
        for index, header in enumerate(headers):
            table.add_column(
                header,
                justify="right" if index in numeric else "left",
                no_wrap=index == 0,  # the first column names the row: keep it whole
            )
        for row in rows:
            table.add_row(*row)
        self.console.print(table)

    @contextlib.contextmanager
    def progress(self, total: int, label: str) -> Iterator[Callable[[int, int], None]]:
        """A progress bar on stderr while it is a terminal; it is cleared when done.

        >>> import io
        >>> printer = RichPrinter(out=io.StringIO(), err=io.StringIO())
        >>> with printer.progress(2, "games") as update:
        ...     update(1, 2)
        ...     update(2, 2)
        """
        from rich.progress import Progress  # noqa: PLC0415 - rich is optional

        with Progress(
            console=self.err_console,
            transient=True,
            redirect_stdout=False,
            redirect_stderr=False,
            disable=not self.err_console.is_terminal,
        ) as bar:
            task = bar.add_task(label, total=total)

            def update(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            yield update


def rich_installed() -> bool:
    """Whether ``rich`` can be imported (the optional extra ``rummyrules[cli]``).

    >>> isinstance(rich_installed(), bool)
    True
    """
    try:
        importlib.import_module("rich")
        importlib.import_module("rich.console")
    except ImportError:
        return False
    return True


def make_printer(*, out: TextIO | None = None, err: TextIO | None = None) -> Printer:
    """The rich printer when ``rich`` is installed, else the plain one.

    ``out`` and ``err`` default to the current ``sys.stdout`` and ``sys.stderr``.

    >>> printer = make_printer()
    >>> isinstance(printer, RichPrinter) == rich_installed()
    True
    """
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    if rich_installed():
        return RichPrinter(out=out, err=err)
    return Printer(out=out, err=err)
