"""The ``rummyrules`` command's output: rich or plain, colour or none, tables aligned."""

from __future__ import annotations

import io

import pytest

from extras import need
from rummyrules.cli.printer import Printer, RichPrinter, make_printer

from .conftest import run

pytestmark = pytest.mark.usefixtures("no_forced_terminal")

# --- output ---------------------------------------------------------------------


def test_the_printer_is_rich_when_rich_is_installed() -> None:
    need("rich")
    assert isinstance(make_printer(), RichPrinter)


@pytest.mark.usefixtures("plain")
def test_without_rich_the_printer_is_plain() -> None:
    printer = make_printer()
    assert type(printer) is Printer


def test_no_colour_when_output_is_not_a_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "check", "eop", "7S 8S 9S")
    assert code == 0
    assert "\x1b[" not in out


def test_colour_on_a_terminal_unless_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    need("rich")
    out = io.StringIO()
    RichPrinter(out=out, err=io.StringIO(), force_terminal=True).line(
        "valid", style="green"
    )
    assert "\x1b[32m" in out.getvalue()
    monkeypatch.setenv("NO_COLOR", "1")
    out = io.StringIO()
    RichPrinter(out=out, err=io.StringIO(), force_terminal=True).line(
        "valid", style="green"
    )
    assert "\x1b[32m" not in out.getvalue()


def test_rich_output_reads_card_text_and_brackets_literally() -> None:
    need("rich")
    out = io.StringIO()
    printer = RichPrinter(out=out, err=io.StringIO())
    printer.line("[Variant] :smile: 7S 5H=8S " + "x" * 120)
    assert out.getvalue() == "[Variant] :smile: 7S 5H=8S " + "x" * 120 + "\n"


def test_plain_tables_align_numbers_right() -> None:
    out = io.StringIO()
    Printer(out=out, err=io.StringIO()).table(
        ["round", "player 0"], [["1", "-30"], ["total", "1400"]], numeric={1}
    )
    assert out.getvalue().splitlines() == [
        "round  player 0",
        "-----  --------",
        "1           -30",
        "total      1400",
    ]
