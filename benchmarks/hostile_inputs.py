"""Hostile input: the time per KB and the longest message of every reader, 1 KB to 1 MB.

Each of ``loads``, ``rules.position``, ``parse_record``, ``parse_cards`` and
``GameState.apply`` (with text) is fed the shapes of input that once stalled
a parser or built a huge message: long runs of valid card text, NUL bytes,
random bytes or characters, deep nesting (JSON), a list field set to a long
string, lists of many values that are no objects, many ``|`` sections, many
``/`` groups, numbers with a million digits, runs of spaces inside a move,
very long tokens. Every shape is fed at 1, 4, 16, 64, 256 and 1024 KB.

For each reader and shape the table gives the worst time per KB over the
sizes (the fastest of ``--repeat`` runs of each), how the time grows from
64 KB to 1 MB (the exponent of a power law: 1 is linear, 2 quadratic; left
out where 1 MB takes under 10 ms, as a quadratic reader takes seconds
there), the longest message, and what was raised. The
aims (issue 12): time grows linearly, at most 1 ms per KB, no message longer
than 2,000 characters, and nothing raised but the library's own errors. The
last line says whether they are met. Run from the repository root::

    .venv/bin/python benchmarks/hostile_inputs.py           # about 5 s
    .venv/bin/python benchmarks/hostile_inputs.py --quick   # up to 64 KB
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rummyrules import (
    EndOfThePage,
    GameState,
    RummyRulesError,
    dumps,
    loads,
    parse_cards,
    parse_record,
)
from rummyrules.formats.json import Saved

KB = 1024
SIZES_KB = (1, 4, 16, 64, 256, 1024)
QUICK_SIZES_KB = (1, 4, 16, 64)
AIM_MS_PER_KB = 1.0
AIM_MESSAGE = 2000
AIM_GROWTH = 1.5
"""The most growth exponent taken as linear: noise moves it a little, a quadratic reader shows 2."""
NOISE_MS = 10.0
"""Below this at the largest size, growth is noise: a quadratic reader takes seconds at 1 MB."""

RULES = EndOfThePage()
GAME: GameState = RULES.new_game(seed=5).apply("draw")
POSITION = (
    "EndOfThePage | dealer 1 | wild 3 | face_up 3S | to_move 1 draw"
    " | hands 4C 9S KC / 3S 9D JD | pile 6C 10D"
)
RECORD = '[Variant "EndOfThePage"]\n[Seed "1"]\n'

Make = Callable[[int], str | bytes]
"""An input of about ``size`` bytes."""
Reader = Callable[[Any], object]
"""An entry point that reads text (``loads`` bytes too)."""


def times(text: str, size: int) -> str:
    """``text`` repeated to about ``size`` characters."""
    return text * max(1, size // len(text))


def random_text(size: int) -> str:
    rng = random.Random(size)
    return "".join(chr(rng.randrange(0x20, 0xD800)) for _ in range(size // 3))


def random_bytes(size: int) -> bytes:
    return random.Random(size).randbytes(size)


def saved(value: Saved, path: tuple[str, ...], hostile: object) -> str:
    """The value's saved text, with the node at ``path`` replaced by ``hostile``."""
    document = json.loads(dumps(value))
    node = document
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = hostile
    return json.dumps(document)


def nested(size: int) -> list[object]:
    """Lists nested 50 deep, as many as make about ``size`` characters of JSON."""
    deep: list[object] = []
    for _ in range(50):
        deep = [deep]
    return [deep] * (size // 102)


VIEW = RULES.new_game(seed=5).view(0)

SHAPES: dict[str, tuple[Reader, dict[str, Make]]] = {
    "loads": (
        loads,
        {
            "card text in a list field": lambda n: saved(VIEW, ("data", "melds"), times("7S ", n)),
            "NUL bytes in a card field": lambda n: saved(GAME, ("data", "stock"), "\x00" * n),
            "random bytes": random_bytes,
            "random characters": random_text,
            "deep nesting": lambda n: "[" * n,
            "nested lists in a field": lambda n: saved(GAME, ("data", "table"), nested(n)),
            "many non-objects": lambda n: saved(GAME, ("data", "table"), [1] * (n // 3)),
            "many moves of text": lambda n: saved(VIEW, ("data", "legal_moves"), ["draw"] * (n // 8)),
            "many / groups in a move": lambda n: saved(GAME.legal_moves()[0], ("data",), "out " + times("7S 8S 9S / ", n)),
            "many extra fields": lambda n: saved(GAME, ("data", "rules", "options"), {f"o{i}": i for i in range(n // 12)}),
            "a million digits": lambda n: saved(GAME, ("data", "seed"), 0).replace('"seed": 0', '"seed": ' + "1" * n),
            "a long token": lambda n: saved(GAME, ("kind",), "x" * n),
        },
    ),
    "position": (
        RULES.position,
        {
            "card text": lambda n: POSITION + " | stock " + times("7S ", n),
            "NUL bytes": lambda n: "\x00" * n,
            "random characters": random_text,
            "many | sections": lambda n: POSITION + times(" |", n) + " x",
            "many / groups": lambda n: POSITION + " | melds " + times("0: 4H 4D 4S / ", n),
            "a million digits": lambda n: POSITION + " | seed " + "1" * n,
            "spaces inside a meld": lambda n: POSITION + " | melds 0: 4H" + " " * n + "x",
            "a long token": lambda n: POSITION + " | pile " + "x" * n,
        },
    ),
    "parse_record": (
        parse_record,
        {
            "card text": lambda n: RECORD + '[Deck "' + times("7S ", n) + '"]',
            "NUL bytes": lambda n: "\x00" * n,
            "random characters": random_text,
            "many tags": lambda n: RECORD + "draw\n" + times('[Round 1 "1 1"]\n', n),
            "many / groups": lambda n: RECORD + "out " + times("7S 8S 9S / ", n),
            "a million digits": lambda n: RECORD.replace('"1"', '"' + "1" * n + '"'),
            "spaces inside a move": lambda n: RECORD + "lay 3C" + " " * n + "x on 1",
            "a long token": lambda n: RECORD + "x" * n,
        },
    ),
    "parse_cards": (
        parse_cards,
        {
            "card text": lambda n: times("7S ", n),
            "NUL bytes": lambda n: "\x00" * n,
            "random characters": random_text,
            "many | sections": lambda n: "|" * n,
            "many / groups": lambda n: times("7S / ", n),
            "a million digits": lambda n: "1" * n,
            "a long token": lambda n: "x" * n,
        },
    ),
    "apply": (
        GAME.apply,
        {
            "card text": lambda n: "meld " + times("7S ", n),
            "NUL bytes": lambda n: "\x00" * n,
            "random characters": random_text,
            "many | sections": lambda n: "|" * n,
            "many / groups": lambda n: "out " + times("7S 8S 9S / ", n) + "7S",
            "a million digits": lambda n: "1" * n + ": draw",
            "spaces inside a move": lambda n: "lay 3C" + " " * n + "x on 1",
            "spaces before discard": lambda n: "out 7S" + " " * n + "discardx",
            "a long token": lambda n: "take " + "x" * n,
        },
    ),
}  # fmt: skip


@dataclass
class Row:
    """One line of the table: a reader fed one shape, at every size."""

    reader: str
    shape: str
    ms_per_kb: float
    growth: float | None
    message: int
    raised: str

    @property
    def misses(self) -> list[str]:
        """The aims this row misses."""
        found = []
        if self.ms_per_kb > AIM_MS_PER_KB:
            found.append("time")
        if self.growth is not None and self.growth > AIM_GROWTH:
            found.append("growth")
        if self.message > AIM_MESSAGE:
            found.append("message")
        if "!" in self.raised:
            found.append("error")
        return found


def call(read: Reader, given: str | bytes) -> tuple[float, str, int]:
    """Seconds taken, what was raised (``!`` before anything but our own error), message length."""
    start = time.perf_counter()
    try:
        read(given)
    except RummyRulesError as error:
        took = time.perf_counter() - start
        return took, type(error).__name__, len(str(error))
    except Exception as error:  # noqa: BLE001 - anything else is what this looks for
        took = time.perf_counter() - start
        return took, f"!{type(error).__name__}", len(str(error))
    return time.perf_counter() - start, "(read)", 0


def measure(  # noqa: PLR0913 - one row of the table, and how to measure it
    reader: str,
    shape: str,
    read: Reader,
    make: Make,
    sizes: Sequence[int],
    *,
    repeat: int,
    keep_gc: bool,
) -> Row:
    per_kb: list[float] = []
    best: dict[int, float] = {}
    longest, raised = 0, set[str]()
    for size in sizes:
        given = make(size * KB)
        if not keep_gc:
            gc.disable()
        try:
            runs = [call(read, given) for _ in range(repeat)]
        finally:
            gc.enable()
        best[size] = min(took for took, _, _ in runs)
        per_kb.append(best[size] * 1000 / (len(given) / KB))
        longest = max(longest, *(length for _, _, length in runs))
        raised.update(kind for _, kind, _ in runs)
    low, high = (64, 1024) if 1024 in best else (4, 64)
    growth = None
    if best.get(high, 0) * 1000 > NOISE_MS and best.get(low, 0) > 0:
        growth = math.log(best[high] / best[low]) / math.log(high / low)
    return Row(reader, shape, max(per_kb), growth, longest, ", ".join(sorted(raised)))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Hostile input: time per KB and message length of every reader."
    )
    parser.add_argument("--quick", action="store_true", help="sizes up to 64 KB only")
    parser.add_argument(
        "--repeat", type=int, default=3, help="runs of each input (the fastest counts)"
    )
    parser.add_argument("--gc", action="store_true", help="leave garbage collection on")
    args = parser.parse_args(argv)
    sizes = QUICK_SIZES_KB if args.quick else SIZES_KB
    print(
        f"rummyrules hostile input; CPython {platform.python_version()}, {platform.system()} "
        f"{platform.machine()}; sizes {', '.join(map(str, sizes))} KB; garbage collector "
        f"{'on' if args.gc else 'paused'}"
    )
    low, high = (64, 1024) if 1024 in sizes else (4, 64)
    print(
        f"{'reader':<13}{'shape':<27}{'ms/KB':>10}{f'growth {low}-{high}K':>17}{'message':>11}  raised"
    )
    rows: list[Row] = []
    for reader, (read, shapes) in SHAPES.items():
        for shape, make in shapes.items():
            row = measure(
                reader, shape, read, make, sizes, repeat=args.repeat, keep_gc=args.gc
            )
            rows.append(row)
            growth = "" if row.growth is None else f"{row.growth:.2f}"
            flags = f"  MISS {', '.join(row.misses)}" if row.misses else ""
            print(
                f"{reader:<13}{shape:<27}{row.ms_per_kb:>10.3f}{growth:>17}{row.message:>11,}  {row.raised}{flags}"
            )
    missed = [row for row in rows if row.misses]
    worst = max(rows, key=lambda row: row.ms_per_kb)
    longest = max(rows, key=lambda row: row.message)
    print(
        f"worst {worst.ms_per_kb:.3f} ms/KB ({worst.reader}, {worst.shape}); longest message "
        f"{longest.message:,} characters ({longest.reader}, {longest.shape})"
    )
    if missed:
        names = "; ".join(
            f"{row.reader}, {row.shape}: {', '.join(row.misses)}" for row in missed
        )
        print(f"aims MISSED ({len(missed)} of {len(rows)}): {names}")
    else:
        print(
            f"aims met: every reader linear (growth at most {AIM_GROWTH}), at most "
            f"{AIM_MS_PER_KB:g} ms per KB, messages under {AIM_MESSAGE:,} characters, "
            "only the library's own errors"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
