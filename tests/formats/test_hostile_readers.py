"""Every reader of text or JSON refuses what it cannot read in few words, and fast.

Issue 27, item 12: whatever text or JSON reaches a reader (a move, a card
list, a position, a game record, rules, saved data), only a ``ValueError``
or a ``TypeError`` may come out of it, with a message of at most
:data:`LONGEST_MESSAGE` characters; and the time it takes grows no faster
than the input. The texts are mostly the library's own, spoilt
(``tests/hostile_strategies.py``), so that they reach deep into each reader.
The large, fixed cases are in ``test_hostile_input.py``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hostile_strategies import hostile_json, hostile_text, states
from rummyrules import (
    EndOfThePage,
    GameState,
    GinRummy,
    LoadError,
    dumps,
    loads,
    parse_cards,
    parse_move,
    parse_record,
    read_position,
    replay,
)
from rummyrules.game.registry import parse_rules

LONGEST_MESSAGE = 500


def refused_cleanly(read: Callable[[Any], object], value: object) -> None:
    """Read the value; if it is refused, by a ValueError or TypeError in few words.

    Any other exception escapes, and fails the test that calls this.
    """
    try:
        read(value)
    except (ValueError, TypeError) as error:
        message = str(error)
        assert len(message) <= LONGEST_MESSAGE, message[: LONGEST_MESSAGE + 100]


@given(hostile_text("moves"))
def test_i27_12_parse_move_refuses_any_text_cleanly(text: str) -> None:
    refused_cleanly(parse_move, text)


@given(states(), hostile_text("moves"))
def test_i27_12_apply_refuses_any_text_cleanly(game: GameState, text: str) -> None:
    refused_cleanly(game.apply, text)


@given(states(), hostile_text("moves"), st.integers(-2, 5))
def test_i27_12_apply_for_a_player_refuses_any_text_cleanly(
    game: GameState, text: str, player: int
) -> None:
    refused_cleanly(lambda move: game.apply(move, player=player), text)


@given(hostile_text("cards"))
def test_i27_12_parse_cards_refuses_any_text_cleanly(text: str) -> None:
    refused_cleanly(parse_cards, text)


@given(hostile_text("positions"))
def test_i27_12_read_position_refuses_any_text_cleanly(text: str) -> None:
    refused_cleanly(read_position, text)


@given(states(), hostile_text("positions"))
def test_i27_12_a_game_refuses_any_position_cleanly(game: GameState, text: str) -> None:
    refused_cleanly(game.rules.position, text)


@given(hostile_text("records"))
def test_i27_12_records_refuse_any_text_cleanly(text: str) -> None:
    """A record that reads is replayed too: its moves, rounds and winners checked."""
    refused_cleanly(lambda record: replay(parse_record(record)), text)


@given(hostile_text("positions").map(lambda text: text.partition(" | ")[0]))
def test_i27_12_parse_rules_refuses_any_text_cleanly(text: str) -> None:
    refused_cleanly(parse_rules, text)


@given(hostile_json())
def test_i27_12_loads_refuses_any_json_cleanly(text: str) -> None:
    refused_cleanly(loads, text)


@given(hostile_json().map(str.encode) | st.binary())
def test_i27_12_loads_refuses_any_bytes_cleanly(data: bytes) -> None:
    refused_cleanly(loads, data)


# --- Time grows with the input, no faster ---------------------------------------

SMALL, LARGE = 10_000, 100_000
"""The input sizes compared: ten times larger costs at most :data:`MOST_RATIO` times as much."""
MOST_RATIO = 30
FLOOR = 0.05
"""CPU seconds that any read of the large input may take, whatever the small one took."""
REPEATS = 3

GAME = EndOfThePage().new_game(seed=5).apply("draw")
GIN = GinRummy().new_game(seed=1)
POSITION = GAME.position()
RECORD = '[Variant "EndOfThePage"]\n[Seed "1"]\n'
SAVED = json.loads(dumps(GAME))


def _saved(field: str, value: object) -> str:
    document = json.loads(json.dumps(SAVED))
    document["data"][field] = value
    return json.dumps(document)


def _repeat(unit: str, size: int) -> str:
    return unit * (size // len(unit))


Shape = Callable[[int], str]

SHAPES: dict[str, tuple[Callable[[Any], object], Shape]] = {
    "cards": (parse_cards, lambda n: _repeat("7S ", n)),
    "cards-declared": (parse_cards, lambda n: _repeat("7S=8S ", n)),
    "move-meld": (GAME.apply, lambda n: "meld " + _repeat("7S ", n)),
    "move-out": (GAME.apply, lambda n: "out " + _repeat("7S 8S 9S / ", n) + "7S"),
    "move-lay-spaces": (GAME.apply, lambda n: "lay 3C" + " " * n + "on 1"),
    "move-equals": (GAME.apply, lambda n: "meld " + _repeat("= ", n)),
    "gin-colons": (GIN.apply, lambda n: _repeat("1:", n) + " knock"),
    "position-pile": (read_position, lambda n: POSITION + " | pile " + _repeat("7S ", n)),
    "position-sections": (read_position, lambda n: POSITION + _repeat(" | pile 7S", n)),
    "position-melds": (read_position, lambda n: POSITION + " | melds " + _repeat("0: 4H 4D 4S / ", n)),
    "record-moves": (parse_record, lambda n: RECORD + _repeat("draw\n", n)),
    "record-comments": (parse_record, lambda n: RECORD + _repeat("{ draw } ", n)),
    "rules-options": (parse_rules, lambda n: "EndOfThePage" + _repeat(" players=2", n)),
    "json-deep-lists": (loads, lambda n: "[" * (n // 2) + "]" * (n // 2)),
    "json-deep-objects": (loads, lambda n: _repeat('{"a": ', n) + "1" + "}" * (n // 6)),
    "json-deep-data": (loads, lambda n: _saved("stock", "\x00").replace('"\\u0000"', "[" * (n // 2) + "]" * (n // 2))),
    "json-stock": (loads, lambda n: _saved("stock", ["7S"] * (n // 5))),
    "json-hands": (loads, lambda n: _saved("hands", [["7S"] * (n // 5)])),
}  # fmt: skip


def _cost(read: Callable[[Any], object], text: str, calls: int) -> float:
    """The least CPU time of a few runs of ``calls`` reads of the text."""
    best = float("inf")
    for _ in range(REPEATS):
        start = time.process_time()
        for _ in range(calls):
            refused_cleanly(read, text)
        best = min(best, time.process_time() - start)
    return best


@pytest.mark.parametrize(("read", "shape"), SHAPES.values(), ids=SHAPES.keys())
def test_i27_12_time_grows_with_the_input_no_faster(
    read: Callable[[Any], object], shape: Shape
) -> None:
    """Ten reads of the small input against one of the input ten times larger.

    Linear reading costs about the same for both; quadratic, ten times more.
    The least of a few runs shrugs off a busy machine.
    """
    ratio = LARGE // SMALL
    small, large = shape(SMALL), shape(LARGE)
    assert len(large) >= ratio * len(small) * 0.9
    # Warm caches (imports, compiled regular expressions) before timing.
    refused_cleanly(read, small)
    small_cost = _cost(read, small, ratio)
    large_cost = _cost(read, large, 1)
    # Below FLOOR the clock of a shared machine is noise: a reader that grows
    # as the square of its input spends seconds on the large one, not this.
    assert large_cost <= max(MOST_RATIO / ratio * small_cost, FLOOR), (
        f"{large_cost:.4f} s for {len(large):,} characters, "
        f"{small_cost / ratio:.4f} s for {len(small):,}"
    )


def test_i27_12_json_nested_past_python_s_limit_is_a_load_error() -> None:
    """Python's json raises RecursionError on deep nesting: loads says so in a LoadError."""
    with pytest.raises(LoadError, match="nested too deeply"):
        loads("[" * 100_000 + "]" * 100_000)
