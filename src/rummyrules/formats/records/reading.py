r"""Reading a game record's text: the header tags, the numbered moves, the rounds, the winners.

>>> record = parse_record('[Variant "GoingOutRummy"]\n[Seed "8"]\n1. draw\n2. 1: drop')
>>> [str(move) for move in record.moves], record.winners
(['draw', '1: drop'], None)
"""

from __future__ import annotations

import re
from typing import Any, Final

import attrs

from rummyrules.core.cards import parse_cards
from rummyrules.core.errors import DeckError, RecordParseError, RummyRulesError
from rummyrules.core.inputs import brief, expect, whole_number
from rummyrules.formats.records.fairness import check_hex, check_salt, check_table
from rummyrules.formats.records.record import GameRecord
from rummyrules.game.moves import Move
from rummyrules.game.notation import parse_move
from rummyrules.game.registry import VARIANTS, parse_rules
from rummyrules.game.state import PlayableRules

__all__ = ["parse_record"]


_HEADER: Final = ("variant", "seed", "table", "commitment", "salt", "deck", "dealer")
"""The tags of the header, which comes before the first move."""
_BODY: Final = ("round", "page", "winners")
"""The tags among the moves."""
_TAG_NAMES: Final = (
    "Variant, Seed, Table, Commitment, Salt, Deck, Dealer, Round, Page and Winners"
)
_TAG: Final = re.compile(r"\[\s*([A-Za-z]+)(.*)\]", re.S)
_NUMBERED: Final = re.compile(r"([0-9]+)\s*\.(?![0-9])\s*(.*)", re.S)


def parse_record(text: str) -> GameRecord:
    r"""Read a record from its text; raises :class:`RecordParseError` for text that is none.

    Reading is case-free and forgiving of spaces, blank lines and comments
    (``;`` to the end of the line, or ``{…}``); move numbers may be left
    off. Anything but text raises TypeError. The header must deal a game: its rules, seed, deck and dealer are
    checked as :meth:`~rummyrules.PlayableRules.new_game` checks them.
    Whether the moves are legal and the scores right is for :func:`~rummyrules.replay`.

    >>> record = parse_record('''
    ...     [variant "endofthepage Rounds=1 max_turns=1"]  ; one turn, then scored
    ...     [SEED 1]
    ...     draw
    ...     2. Discard 3h  {the last move}
    ...     [Round 1 "-215 -25"]
    ...     [Winners "1"]
    ... ''')
    >>> record.dealer, [str(move) for move in record.moves], record.round_ends
    (0, ['draw', 'discard 3H'], (2,))
    >>> from rummyrules import replay
    >>> replay(record).winners
    (1,)
    >>> parse_record('[Variant "EndOfThePage"]\n[Seed "3"]\n1. draw\n3. discard 9S')
    Traceback (most recent call last):
    ...
    rummyrules.RecordParseError: line 4: this line is numbered 3, but it is move 2
    """
    expect(text, str, name="record", what="a record's text")
    lines = _content_lines(text.removeprefix("\ufeff"))  # a byte-order mark
    if not lines:
        message = 'the record is empty: it starts with [Variant "…"] and [Seed "…"]'
        raise RecordParseError(message)
    header: dict[str, tuple[int, str]] = {}
    start = 0
    for start, (number, content) in enumerate(lines):  # noqa: B007 - start is used after
        tag = _tag(number, content)
        if tag is None or tag[0] not in _HEADER:
            break
        _once(header, tag[0], number, tag[1])
    else:
        start = len(lines)
    record, players = _header_record(header)
    return _read_body(record, players, lines[start:])


def _content_lines(text: str) -> list[tuple[int, str]]:
    """The lines with something on them once comments are gone, with their numbers."""
    found: list[tuple[int, str]] = []
    opened: int | None = None  # the line of an open '{'
    for number, line in enumerate(text.splitlines(), start=1):
        kept: list[str] = []
        for char in line:
            if opened is not None:
                if char == "}":
                    opened = None
            elif char == "{":
                opened = number
            elif char == ";":
                break
            elif char == "}":
                raise RecordParseError("'}' closes no comment", line=number)
            else:
                kept.append(char)
        content = "".join(kept).strip()
        if content:
            found.append((number, content))
    if opened is not None:
        raise RecordParseError("this '{' comment is never closed with '}'", line=opened)
    return found


def _tag(number: int, content: str) -> tuple[str, str] | None:
    """A tag line's name (lower case) and the rest, or None for a line that is no tag."""
    if not content.startswith("["):
        return None
    found = _TAG.fullmatch(content)
    if found is None:
        message = f'a tag is written [Name "value"], not {brief(content)}'
        raise RecordParseError(message, line=number)
    name, rest = found.group(1).lower(), found.group(2).strip()
    if name not in _HEADER and name not in _BODY:
        message = f"there is no tag [{brief(found.group(1), quote=False)}]: the tags are {_TAG_NAMES}"
        raise RecordParseError(message, line=number)
    if name == "round":
        return name, rest.replace('"', " ")
    if len(rest) >= 2 and rest[0] == rest[-1] == '"':
        rest = rest[1:-1].strip()
    if '"' in rest:
        message = f'[{name.title()}] has a stray quote: write [{name.title()} "value"]'
        raise RecordParseError(message, line=number)
    return name, rest


def _once(seen: dict[str, tuple[int, str]], name: str, number: int, value: str) -> None:
    if name in seen:
        message = (
            f"[{name.title()}] is given twice (lines {seen[name][0]} and {number})"
        )
        raise RecordParseError(message, line=number)
    seen[name] = (number, value)


def _whole(name: str, number: int | None, text: str) -> int:
    whole = whole_number(text)
    if whole is None:
        message = f"[{name}] must be a whole number, not {brief(text)}"
        raise RecordParseError(message, line=number)
    return whole


def _header_record(header: dict[str, tuple[int, str]]) -> tuple[GameRecord, int]:
    """The record the header names, with no moves yet, and its players; it must deal a game."""
    for name in ("variant", "seed"):
        if name not in header:
            message = (
                f"the record has no [{name.title()}] tag before its first move: it "
                'starts with [Variant "EndOfThePage players=3"] and [Seed "42"]'
            )
            raise RecordParseError(message)
    line, value = header["variant"]
    rules = _rules(line, value)
    seed = _whole("Seed", *header["seed"])
    dealer = _whole("Dealer", *header["dealer"]) if "dealer" in header else 0
    deck = None
    if "deck" in header:
        try:
            deck = parse_cards(header["deck"][1])
        except RummyRulesError as error:
            raise RecordParseError(f"[Deck] {error}", line=header["deck"][0]) from error
    try:
        game = rules.new_game(seed=seed, deck=deck, dealer=dealer)
    except RummyRulesError as error:
        name = "deck" if isinstance(error, DeckError) else "dealer"
        at = header[name][0] if name in header else None
        raise RecordParseError(f"[{name.title()}] {error}", line=at) from error
    table, commitment, salt = _fairness(header)
    record = GameRecord(
        rules=rules,
        seed=seed,
        deck=deck,
        dealer=dealer,
        table=table,
        commitment=commitment,
        salt=salt,
    )
    return record, game.players


def _fairness(
    header: dict[str, tuple[int, str]],
) -> tuple[str | None, str | None, str | None]:
    """The [Table], [Commitment] and [Salt] tags' values, or None for a tag left out."""
    found: list[str | None] = []
    checks = (("table", check_table), ("commitment", check_hex), ("salt", check_salt))
    for name, check in checks:
        if name not in header:
            found.append(None)
            continue
        line, value = header[name]
        try:
            found.append(check(value))
        except RummyRulesError as error:
            raise RecordParseError(f"[{name.title()}] {error}", line=line) from error
    return found[0], found[1], found[2]


def _rules(line: int, text: str) -> PlayableRules[Any]:
    """The rules a [Variant] tag names, reading the variant's name and options case-free."""
    name, *options = text.split() or [""]
    known = {variant.lower(): variant for variant in VARIANTS}
    name = known.get(name.lower(), name)
    keyed = [
        key.lower() + equals + value
        for key, equals, value in (option.partition("=") for option in options)
    ]
    try:
        return parse_rules(" ".join([name, *keyed]))
    except RummyRulesError as error:
        raise RecordParseError(f"[Variant] {error}", line=line) from error


def _read_body(
    record: GameRecord, players: int, lines: list[tuple[int, str]]
) -> GameRecord:
    """The record with the moves, rounds, pages and winners of the lines after the header."""
    moves: list[Move] = []
    rows: list[tuple[int, ...]] = []
    ends: list[int] = []
    pages: list[tuple[int, int]] = []
    winners: dict[str, tuple[int, str]] = {}
    for number, content in lines:
        tag = _tag(number, content)
        if tag is None:
            moves.append(_move(number, content, len(moves) + 1))
        elif tag[0] in _HEADER:
            message = f"[{tag[0].title()}] belongs in the header, before the first move"
            raise RecordParseError(message, line=number)
        elif tag[0] == "round":
            rows.append(_round(players, number, tag[1], len(rows) + 1))
            ends.append(len(moves))
        elif tag[0] == "page":
            pages.append((len(moves), _whole("Page", number, tag[1])))
        else:
            _once(winners, "winners", number, tag[1])
    result = None
    if "winners" in winners:
        result = _read_winners(players, *winners["winners"])
    return attrs.evolve(
        record,
        moves=moves,
        score_sheet=rows,
        round_ends=ends,
        pages=pages,
        winners=result,
    )


def _move(number: int, content: str, expected: int) -> Move:
    numbered = _NUMBERED.fullmatch(content)
    if numbered is not None:
        if whole_number(numbered.group(1)) != expected:
            message = (
                f"this line is numbered {brief(numbered.group(1), quote=False)}, "
                f"but it is move {expected}"
            )
            raise RecordParseError(message, line=number)
        content = numbered.group(2)
        if not content:
            raise RecordParseError(f"move {expected} is missing", line=number)
    try:
        return parse_move(content)
    except RummyRulesError as error:
        raise RecordParseError(str(error), line=number) from error


def _round(players: int, number: int, text: str, expected: int) -> tuple[int, ...]:
    """A [Round N "scores"] tag's scores; rounds come in order, one score a player."""
    first, *scores = text.split() or [""]
    if _whole("Round", number, first) != expected:
        message = f'[Round {brief(first, quote=False)}] comes where round {expected} is due: write [Round {expected} "scores"]'
        raise RecordParseError(message, line=number)
    if len(scores) != players:
        message = (
            f"[Round {expected}] has {len(scores)} scores, but the game has "
            f"{players} players"
        )
        raise RecordParseError(message, line=number)
    return tuple(_whole(f"Round {expected}", number, score) for score in scores)


def _read_winners(players: int, number: int, text: str) -> tuple[int, ...] | None:
    """A [Winners] tag: player numbers, ``none`` (nobody won) or ``*`` (not over)."""
    if text == "*":
        return None
    if text.lower() == "none":
        return ()
    winners = {_whole("Winners", number, word) for word in text.split()}
    if not winners or not all(0 <= player < players for player in winners):
        message = (
            f"[Winners] names players 0 to {players - 1}, or none (nobody won), "
            f"or * (the game goes on), not {brief(text)}"
        )
        raise RecordParseError(message, line=number)
    return tuple(sorted(winners))
