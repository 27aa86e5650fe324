"""Hypothesis strategies for hostile input: valid texts and saved JSON, spoilt.

Random characters are refused at the first token, so they never reach a
reader's depths. These strategies start from what the library itself writes
for games of every variant part-way through (moves, card lists, positions,
game records, ``dumps`` of rules, states, views, moves and matches) and spoil
it a few times over: a token deleted, doubled, swapped with another, repeated
many times, the text cut short, or a token replaced by another word of the
same grammar, a huge, signed or odd number, or a few random characters. JSON
is spoilt in its structure as well: a field given a value of another JSON
type, a key deleted or added, an item copied, a value nested thousands deep.

They live apart from ``strategies.py``, which is long already; they use its
random play.
"""

from __future__ import annotations

import functools
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from hypothesis import strategies as st

from rummyrules import (
    EndOfThePage,
    FourteenHundred,
    GameState,
    GinRummy,
    GoingOutRummy,
    Match,
    PlayableRules,
    dumps,
    record_game,
)
from rummyrules.game.moves import Move
from strategies import random_move

RULES: tuple[PlayableRules[Any], ...] = (
    EndOfThePage(),
    EndOfThePage(players=4, rounds=2),
    FourteenHundred(),
    GoingOutRummy(wildcards=2),
    GinRummy(),
)
"""Rules of every game of the library, played to make the texts spoilt here."""

_STEPS = (0, 3, 9, 25)
"""The states of a played game kept, by the moves played to reach them."""


@dataclass(frozen=True)
class Corpus:
    """What the library writes for a few games part-way through, by reader."""

    states: tuple[GameState, ...]
    moves: tuple[str, ...]
    cards: tuple[str, ...]
    positions: tuple[str, ...]
    records: tuple[str, ...]
    saved: tuple[str, ...]


def _play(rules: PlayableRules[Any], seed: int) -> tuple[list[GameState], list[Move]]:
    game = rules.new_game(seed=seed)
    rng = random.Random(seed)
    states, moves = [game], []
    for _ in range(max(_STEPS)):
        if game.is_over:
            break
        move = random_move(game, rng)
        game = game.apply(move)
        states.append(game)
        moves.append(move)
    return [states[step] for step in _STEPS if step < len(states)], moves


@functools.cache
def corpus() -> Corpus:
    """The texts and states, made once (a second or so) on first use."""
    states: list[GameState] = []
    records: list[str] = []
    for rules in RULES:
        for seed in (1, 2):
            kept, moves = _play(rules, seed)
            states += kept
            records.append(str(record_game(rules, seed=seed, moves=moves)))
    moves_text = sorted(
        {str(move) for game in states for move in game.legal_moves()}
        | {f"{game.players - 1}: claim 7H on 1" for game in states}
    )
    hands = [" ".join(map(str, game.hand(0))) for game in states]
    saved = [dumps(value) for value in (*RULES, *states)]
    saved += [dumps(game.view(0)) for game in states]
    saved += [dumps(game.legal_moves()[0]) for game in states if game.legal_moves()]
    saved.append(dumps(Match.start(GoingOutRummy(), seed=3).apply("1: drop")))
    return Corpus(
        states=tuple(states),
        moves=tuple(moves_text),
        cards=tuple(hands),
        positions=tuple(game.position() for game in states),
        records=tuple(records),
        saved=tuple(saved),
    )


# --- Text, spoilt token by token ----------------------------------------------------

_TOKEN = re.compile(r"\s+|[|/=:,.@\[\]\"{}+-]|[^\s|/=:,.@\[\]\"{}+-]+")
"""Runs of spaces, single signs of the notations, and the words between them."""

NUMBERS = (
    "0", "-1", "-0", "+1", "00", "1.5", "1e9", "٣", "²", "2147483648",
    "99999999999999999999", "9" * 101, "1" * 5000, "-" + "9" * 60,
)  # fmt: skip
"""Numbers a reader may meet: signed, huge, not quite numbers, other scripts' digits."""


def _words(texts: tuple[str, ...]) -> list[str]:
    return sorted({token for text in texts for token in _TOKEN.findall(text)})


@st.composite
def _replacement(draw: st.DrawFn, words: list[str]) -> str:
    kind = draw(st.integers(0, 5))
    if kind <= 2:
        return draw(st.sampled_from(words))
    if kind <= 4:
        return draw(st.sampled_from(NUMBERS))
    return draw(st.text(max_size=4))


@st.composite
def _spoilt_tokens(draw: st.DrawFn, text: str, words: list[str]) -> str:
    tokens = _TOKEN.findall(text) or [""]
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, max(len(tokens) - 1, 0)))
        edit = draw(st.sampled_from(_EDITS))
        tokens = edit(draw, tokens, at, words)
    return "".join(tokens)


Edit = Callable[[st.DrawFn, list[str], int, list[str]], list[str]]


def _delete(
    _draw: st.DrawFn, tokens: list[str], at: int, _words: list[str]
) -> list[str]:
    return tokens[:at] + tokens[at + 1 :]


def _double(
    _draw: st.DrawFn, tokens: list[str], at: int, _words: list[str]
) -> list[str]:
    return tokens[: at + 1] + tokens[at:]


def _swap(draw: st.DrawFn, tokens: list[str], at: int, _words: list[str]) -> list[str]:
    other = draw(st.integers(0, max(len(tokens) - 1, 0)))
    swapped = list(tokens)
    if tokens:
        swapped[at], swapped[other] = tokens[other], tokens[at]
    return swapped


def _repeat(
    draw: st.DrawFn, tokens: list[str], at: int, _words: list[str]
) -> list[str]:
    """A stretch of tokens many times over: long card lists, many sections."""
    end = draw(st.integers(at, min(at + 6, len(tokens))))
    return tokens[:at] + tokens[at:end] * draw(st.integers(2, 300)) + tokens[end:]


def _cut(_draw: st.DrawFn, tokens: list[str], at: int, _words: list[str]) -> list[str]:
    return tokens[:at]


def _replace(
    draw: st.DrawFn, tokens: list[str], at: int, words: list[str]
) -> list[str]:
    return [*tokens[:at], draw(_replacement(words)), *tokens[at + 1 :]]


def _insert(draw: st.DrawFn, tokens: list[str], at: int, words: list[str]) -> list[str]:
    return [*tokens[:at], draw(_replacement(words)), *tokens[at:]]


_EDITS: tuple[Edit, ...] = (
    _delete, _double, _swap, _repeat, _cut, _replace, _replace, _insert, _insert,
)  # fmt: skip


Kind = Literal["moves", "cards", "positions", "records", "saved"]
"""The corpus's texts of one reader."""


def spoilt(kind: Kind) -> st.SearchStrategy[str]:
    """One of the corpus's valid texts of a kind, spoilt one to four times."""
    return st.deferred(
        lambda: st.sampled_from(getattr(corpus(), kind)).flatmap(
            lambda text: _spoilt_tokens(text, _vocabulary(kind))
        )
    )


@functools.cache
def _vocabulary(kind: Kind) -> list[str]:
    """The words and signs of a kind of text: what a token is replaced by."""
    return _words(getattr(corpus(), kind))


def hostile_text(kind: Kind) -> st.SearchStrategy[str]:
    """Text for a reader: mostly its own valid texts spoilt, else any text at all."""
    return st.one_of(spoilt(kind), spoilt(kind), spoilt(kind), st.text())


def states() -> st.SearchStrategy[GameState]:
    """A state of the corpus: a game of any variant, from its deal to 25 moves in."""
    return st.deferred(lambda: st.sampled_from(corpus().states))


# --- JSON, spoilt in its structure --------------------------------------------------

_DEEP = "\x00deep\x00"
"""A value that stands for JSON nested thousands deep, put in once the rest is written."""
_DEEP_WRITTEN = json.dumps(_DEEP)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True)
    | st.text(max_size=8)
    | st.sampled_from(["7S", "*", "draw", "state", "GinRummy", "rummyrules"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
"""Any JSON value, small, with now and then a word the format uses."""

_ODD_VALUES: st.SearchStrategy[object] = st.sampled_from(
    [None, True, 0, -1, 1.5, 2**63, 10**30, -(10**30), "", "7S", [], {}, [[]], _DEEP]
)
"""Values a field seldom meets: huge numbers, empty containers, deep nesting."""


def _nodes(
    value: object, path: tuple[str | int, ...] = ()
) -> list[tuple[str | int, ...]]:
    """The path of every value within a JSON document, the document's own first."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _nodes(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _nodes(item, (*path, index))
    return found


def _at(document: Any, path: tuple[str | int, ...]) -> Any:
    for step in path:
        document = document[step]
    return document


@st.composite
def _spoilt_node(draw: st.DrawFn, document: Any) -> Any:
    paths = _nodes(document)[1:]
    if not paths:
        return draw(_ODD_VALUES)
    path = draw(st.sampled_from(paths))
    parent, key = _at(document, path[:-1]), path[-1]
    edit = draw(st.integers(0, 5))
    if edit == 0 and isinstance(parent, dict):
        del parent[key]
    elif edit == 0:
        parent.pop(key)
    elif edit == 1 and isinstance(parent, list):
        parent.insert(int(key), parent[int(key)])
    elif edit == 1:
        parent[draw(st.text(max_size=8))] = draw(json_values)
    elif edit == 2:
        parent[key] = draw(json_values)
    elif edit == 3:  # the same value, wrapped in another type
        parent[key] = draw(
            st.sampled_from([[parent[key]], {"": parent[key]}, str(parent[key])])
        )
    else:
        parent[key] = draw(_ODD_VALUES)
    return document


@st.composite
def spoilt_json(draw: st.DrawFn) -> str:
    """The ``dumps`` of a value of the corpus, spoilt in its structure one to three times."""
    document = json.loads(draw(st.deferred(lambda: st.sampled_from(corpus().saved))))
    for _ in range(draw(st.integers(1, 3))):
        document = draw(_spoilt_node(document))
    text = json.dumps(document, ensure_ascii=False)
    depth = draw(st.sampled_from([2, 50, 5000]))
    return text.replace(_DEEP_WRITTEN, "[" * depth + "]" * depth)


def hostile_json() -> st.SearchStrategy[str]:
    """Text for ``loads``: saved values spoilt in their structure or their text, or any JSON."""
    header = st.fixed_dictionaries(
        {
            "format": st.just("rummyrules"),
            "version": st.sampled_from([1, 2, 3]),
            "kind": st.sampled_from(["rules", "state", "move", "view", "match"]),
            "variant": st.sampled_from(
                [None, "EndOfThePage", "GinRummy", "GoingOutRummy"]
            ),
            "data": json_values,
        }
    )
    return st.one_of(
        spoilt_json(),
        spoilt_json(),
        spoilt("saved"),
        json_values.map(json.dumps),
        header.map(json.dumps),
    )
