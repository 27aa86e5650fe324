"""Game records: a whole game as a short text, like PGN for chess.

A record names the rules (as :func:`~rummyrules.game.registry.rules_text`
writes them), the seed, the stacked deck if there was one and the first
dealer; then every move in move notation, one a line and numbered, with each
round's scores just after the move that ended the round, any change of the
page (EOP-17) where it was made, and the winners last::

    [Variant "EndOfThePage rounds=2 max_turns=1"]
    [Seed "1"]
    [Dealer "0"]
    1. draw
    2. discard 3H
    [Round 1 "-215 -25"]
    3. draw
    4. discard AS
    [Round 2 "-280 -265"]
    [Winners "1"]

(Here each round ends after one turn, ``max_turns=1``, ALL-5, so the
example is short.) :func:`~rummyrules.record_game` plays the moves to build a :class:`GameRecord`, so what it
records is true; ``str(record)`` writes the text and :func:`~rummyrules.parse_record`
reads it back. :func:`~rummyrules.replay` plays a record again and checks every recorded
score and the winners, naming the first move that is refused or the first
round whose scores differ.

>>> from rummyrules import EndOfThePage
>>> rules = EndOfThePage(rounds=2, max_turns=1)
>>> moves = ["draw", "discard 3H", "draw", "discard AS"]
>>> record = record_game(rules, seed=1, moves=moves)
>>> record.score_sheet, record.round_ends, record.winners
(((-215, -25), (-280, -265)), (2, 4), (1,))
>>> parse_record(str(record)) == record
True
>>> replay(record).scores
(-495, -290)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any, Final, TypeVar

import attrs

from rummyrules.core.cards import Card, parse_cards
from rummyrules.core.errors import DeckError, RecordParseError, RummyRulesError
from rummyrules.core.inputs import brief, expect, whole_number, wrong_type
from rummyrules.game.moves import Move, parse_move
from rummyrules.game.registry import VARIANTS, parse_rules, rules_text
from rummyrules.game.state import GameState, PlayableRules

__all__ = [
    "GameRecord",
    "ReplayError",
    "parse_record",
    "record_game",
    "record_text",
    "replay",
]

_T = TypeVar("_T")


class ReplayError(RummyRulesError):
    """A record whose moves, scores or winners are not what its game gives.

    The message names the move (numbered from 1) and says why: the refused
    move's reason and rule, or the round whose scores differ, recorded
    against computed. The fields hold the same facts for a program:

    Attributes:
        reason: The message.
        move_number: The move at fault, or after which the difference shows
            (0: before the first move); None when the game cannot be dealt.
        move: That move, when there is one.
        rule: The ID of the rule a refused move breaks, if it names one.
        round: The round whose scores differ, for a score that differs.
        state: The game as replayed up to the fault: just before a refused
            move, just after the move where scores or winners differ.

    >>> import attrs
    >>> from rummyrules import EndOfThePage, record_game, replay
    >>> from rummyrules import parse_move
    >>> record = record_game(EndOfThePage(), seed=1, moves=["draw"])
    >>> wrong = attrs.evolve(record, moves=[*record.moves, parse_move("draw")])
    >>> try:
    ...     replay(wrong)
    ... except ReplayError as error:
    ...     print(error)
    ...     print(error.move_number, error.rule, len(error.state.hand(1)))
    move 2, 'draw', is refused: you have drawn already this turn (EOP-5)
    2 EOP-5 4
    """

    def __init__(  # noqa: PLR0913 - each field is one fact a program may need
        self,
        reason: str,
        *,
        move_number: int | None = None,
        move: Move | None = None,
        rule: str | None = None,
        round: int | None = None,
        state: GameState | None = None,
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        self.move_number = move_number
        self.move = move
        self.rule = rule
        self.round = round
        self.state = state


def _cards(deck: Iterable[Card] | None) -> tuple[Card, ...] | None:
    return None if deck is None else tuple(deck)


def _moves(moves: Iterable[Move]) -> tuple[Move, ...]:
    return tuple(moves)


def _rows(rows: Iterable[Iterable[int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(row) for row in rows)


def _numbers(numbers: Iterable[int]) -> tuple[int, ...]:
    return tuple(numbers)


def _pairs(pairs: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    return tuple((after, rows) for after, rows in pairs)


def _winners(winners: Iterable[int] | None) -> tuple[int, ...] | None:
    return None if winners is None else tuple(winners)


@attrs.frozen(kw_only=True)
class GameRecord:
    """A whole game: how it was dealt, every move, and what the game recorded.

    Build one with :func:`~rummyrules.record_game` (which plays the moves, so the result
    is true) or :func:`~rummyrules.parse_record`; ``str(record)`` is its text.

    Attributes:
        rules: The rules, with every option, as the game began.
        seed: The seed of every shuffle (ALL-4).
        deck: The stacked deck of the first deal, top card first; None when
            the seed shuffled it.
        dealer: The first round's dealer.
        moves: Every move, in order, each as it was applied (a move made out
            of turn carries its ``N:`` prefix).
        score_sheet: The score sheet as recorded: one row of scores per
            finished round.
        round_ends: For each row of ``score_sheet``, the number of the move
            that ended that round.
        pages: Each change of the page (EOP-17), in order, as the number of
            moves played before it and the page's new number of rows.
        winners: Who won, once the game is over (``()``: nobody won); None
            while it goes on.

    >>> from rummyrules import GoingOutRummy
    >>> record = record_game(
    ...     GoingOutRummy(players=3), seed=8, moves=["draw", "1: drop"]
    ... )
    >>> [str(move) for move in record.moves], record.winners
    (['draw', '1: drop'], None)
    """

    rules: PlayableRules[Any]
    seed: int = 0
    deck: tuple[Card, ...] | None = attrs.field(default=None, converter=_cards)
    dealer: int = 0
    moves: tuple[Move, ...] = attrs.field(default=(), converter=_moves)
    score_sheet: tuple[tuple[int, ...], ...] = attrs.field(default=(), converter=_rows)
    round_ends: tuple[int, ...] = attrs.field(default=(), converter=_numbers)
    pages: tuple[tuple[int, int], ...] = attrs.field(default=(), converter=_pairs)
    winners: tuple[int, ...] | None = attrs.field(default=None, converter=_winners)

    def __attrs_post_init__(self) -> None:
        if len(self.round_ends) != len(self.score_sheet):
            message = (
                f"a record needs one round end for each row of its score sheet, "
                f"not {len(self.round_ends)} for {len(self.score_sheet)}"
            )
            raise RummyRulesError(message)
        last = len(self.moves)
        for what, places in (
            ("round ends", self.round_ends),
            ("page changes", tuple(after for after, _ in self.pages)),
        ):
            if list(places) != sorted(places) or not all(
                0 <= n <= last for n in places
            ):
                message = (
                    f"{what} must be move numbers from 0 to {last}, in order, "
                    f"not {', '.join(map(str, places))}"
                )
                raise RummyRulesError(message)

    def __str__(self) -> str:
        return record_text(self)


# --- Playing a record --------------------------------------------------------


def record_game(  # noqa: PLR0913 - a game is dealt from all of these
    rules: PlayableRules[Any],
    *,
    seed: int = 0,
    deck: Sequence[Card] | None = None,
    dealer: int = 0,
    moves: Iterable[Move | str] = (),
    pages: Iterable[tuple[int, int]] = (),
) -> GameRecord:
    """Play the moves on a new game and record them with the game's scores and winners.

    The game is ``rules.new_game(seed=seed, deck=deck, dealer=dealer)``; a
    move may be a value or its text. ``pages`` changes the page of an End of
    the Page game (EOP-17): each is the number of moves played before the
    change and the page's new number of rows. A move that is refused raises
    :class:`ReplayError`, naming it; rules, a seed, a deck or a dealer that
    deal no game raise as ``new_game`` does; an argument of the wrong type
    (a move that is neither a Move nor text, a page that is no pair of
    whole numbers) raises TypeError.

    >>> from rummyrules import EndOfThePage
    >>> rules = EndOfThePage(rounds=2, max_turns=1)
    >>> moves = ["draw", "discard 3H", "draw", "discard AS"]
    >>> record = record_game(rules, seed=1, moves=moves, pages=[(2, 3)])
    >>> record.round_ends, record.pages, record.winners
    ((2, 4), ((2, 3),), None)
    >>> record_game(rules, seed=1, moves=["draw", "discard 9S"])
    Traceback (most recent call last):
    ...
    rummyrules.ReplayError: move 2, 'discard 9S', is refused: you do not hold 9S (ALL-1)
    """
    expect(rules, PlayableRules, name="rules", what="the rules of a game")
    game = rules.new_game(seed=seed, deck=deck, dealer=dealer)
    played: list[Move] = []
    for number, given in enumerate(_sequence(moves, "moves"), start=1):
        if isinstance(given, str):
            try:
                played.append(parse_move(given))
            except RummyRulesError as error:
                message = f"move {number}, {brief(given.strip())}, is no move: {error}"
                raise ReplayError(message, move_number=number) from error
        else:
            expect(given, Move, name=f"move {number}", what="a Move or its text")
            played.append(given)
    record = GameRecord(
        rules=rules,
        seed=seed,
        deck=deck,
        dealer=dealer,
        moves=played,
        pages=sorted(map(_page, _sequence(pages, "pages")), key=lambda page: page[0]),
    )
    game, ends = _play(record, game)
    return attrs.evolve(
        record,
        score_sheet=game.score_sheet,
        round_ends=ends,
        winners=game.winners if game.is_over else None,
    )


def _sequence(value: Iterable[_T], name: str) -> Iterable[_T]:
    """A sequence given as an argument; text, which is one too, is refused."""
    if isinstance(value, str | bytes | bytearray) or not isinstance(value, Iterable):
        raise wrong_type(value, name=name, what="a sequence")
    return value


def _page(page: tuple[int, int]) -> tuple[int, int]:
    """A change of the page: moves played before it, and the page's rows."""
    if not (
        isinstance(page, tuple | list)
        and len(page) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) for n in page)
    ):
        raise wrong_type(
            page, name="each page", what="a pair of whole numbers (moves, rows)"
        )
    return page[0], page[1]


def replay(record: GameRecord) -> GameState:
    """Play the record's moves again and check its scores and winners; the game at the end.

    Raises :class:`ReplayError` at the first fault: a move the game refuses
    (with its reason and rule), a round whose recorded scores differ from
    the game's or that ended elsewhere than the record says, a page change
    the game refuses, or winners that differ. Anything but a
    :class:`GameRecord` raises TypeError.

    >>> from rummyrules import EndOfThePage
    >>> rules = EndOfThePage(rounds=2, max_turns=1)
    >>> moves = ["draw", "discard 3H", "draw", "discard AS"]
    >>> record = record_game(rules, seed=1, moves=moves)
    >>> replay(record) == rules.new_game(seed=1).apply("draw").apply(
    ...     "discard 3H"
    ... ).apply("draw").apply("discard AS")
    True
    >>> replay(attrs.evolve(record, score_sheet=[(-215, -25), (-280, 265)]))
    Traceback (most recent call last):
    ...
    rummyrules.ReplayError: round 2 scores differ after move 4, 'discard AS': the record has -280 265, the game gives -280 -265
    """
    expect(
        record, GameRecord, name="record", what="a GameRecord (parse_record reads one)"
    )
    try:
        game = record.rules.new_game(
            seed=record.seed, deck=record.deck, dealer=record.dealer
        )
    except RummyRulesError as error:
        raise ReplayError(f"the record deals no game: {error}") from error
    game, _ = _play(record, game, check=True)
    _check_winners(record, game)
    return game


def _play(
    record: GameRecord, game: GameState, *, check: bool = False
) -> tuple[GameState, tuple[int, ...]]:
    """The game after the record's moves and page changes, and where each round ended.

    With ``check``, the rounds the game scores are checked against the
    record's rows after every move.
    """
    ends: list[int] = []
    pages = list(record.pages)
    for number in range(len(record.moves) + 1):
        if number:
            before = game
            game = _apply(game, number, record.moves[number - 1])
            if len(game.score_sheet) > len(before.score_sheet):
                ends.append(number)
        if check:
            _check_rows(record, game, number, ends)
        while pages and pages[0][0] == number:
            game = _change_page(game, number, pages.pop(0)[1])
    return game, tuple(ends)


def _apply(game: GameState, number: int, move: Move) -> GameState:
    try:
        return game.apply(move)
    except RummyRulesError as error:
        message = f"move {number}, {brief(str(move))}, is refused: {error}"
        raise ReplayError(
            message,
            move_number=number,
            move=move,
            rule=getattr(error, "rule", None),
            state=game,
        ) from error


def _change_page(game: GameState, number: int, rows: int) -> GameState:
    try:
        return game.with_page(rows)
    except RummyRulesError as error:
        message = (
            f"the page change to {rows} rows after move {number} is refused: {error}"
        )
        raise ReplayError(
            message, move_number=number, rule=getattr(error, "rule", None), state=game
        ) from error


def _scores(row: Sequence[int]) -> str:
    return " ".join(map(str, row))


def _check_rows(
    record: GameRecord, game: GameState, number: int, ends: list[int]
) -> None:
    """After move ``number``, check the round it ended, and that no recorded round is missing."""
    done = len(ends)
    after = (
        "the deal"
        if number == 0
        else f"move {number}, {brief(str(record.moves[number - 1]))}"
    )
    if done and ends[-1] == number:  # this move ended round `done`
        row, index = game.score_sheet[-1], done - 1
        ended = f"round {done} ended after {after} with scores {_scores(row)}, "
        if index >= len(record.score_sheet):
            message = ended + "but the record has no scores for it"
        elif record.round_ends[index] != number:
            message = (
                f"{ended}but the record has its scores "
                f"({_scores(record.score_sheet[index])}) after move "
                f"{record.round_ends[index]}"
            )
        elif record.score_sheet[index] != row:
            message = (
                f"round {done} scores differ after {after}: the record has "
                f"{_scores(record.score_sheet[index])}, the game gives {_scores(row)}"
            )
        else:
            message = ""
        if message:
            raise ReplayError(message, move_number=number, round=done, state=game)
    if done < len(record.score_sheet) and record.round_ends[done] <= number:
        message = (
            f"the record has scores for round {done + 1} "
            f"({_scores(record.score_sheet[done])}) after {after}, "
            f"but round {done + 1} did not end there"
        )
        raise ReplayError(message, move_number=number, round=done + 1, state=game)


def _winners_text(winners: tuple[int, ...] | None) -> str:
    if winners is None:
        return "*"
    return " ".join(map(str, winners)) if winners else "none"


def _check_winners(record: GameRecord, game: GameState) -> None:
    last = len(record.moves)
    computed = game.winners if game.is_over else None
    recorded = None if record.winners is None else tuple(sorted(record.winners))
    if recorded == computed:
        return
    if computed is None:
        message = (
            f"the record gives the winners as {_winners_text(recorded)}, "
            f"but the game is not over after move {last}"
        )
    elif recorded is None:
        won = f"won by {_winners_text(computed)}" if computed else "with no winner"
        message = (
            f"the game is over after move {last}, {won}, "
            "but the record gives no winners (*)"
        )
    else:
        message = (
            f"the record gives the winners as {_winners_text(recorded)}, "
            f"the game gives {_winners_text(computed)}"
        )
    raise ReplayError(message, move_number=last, state=game)


# --- The text ----------------------------------------------------------------


def record_text(record: GameRecord) -> str:
    """The record as text: the header tags, the numbered moves with the rounds' scores, the winners.

    ``str(record)`` is the same text; :func:`~rummyrules.parse_record` reads it back.

    >>> from rummyrules import FourteenHundred
    >>> rules = FourteenHundred(players=2, pass_freely=True)
    >>> deck = rules.stacked_deck("AS 2S 3S 4S")
    >>> record = record_game(rules, seed=5, deck=deck, dealer=1, moves=["pass", "pass"])
    >>> print(record_text(record))
    [Variant "FourteenHundred players=2 pass_freely=true"]
    [Seed "5"]
    [Deck "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"]
    [Dealer "1"]
    1. pass
    2. pass
    [Round 1 "310 15"]
    [Winners "*"]
    <BLANKLINE>

    Both players passed the first upcard, so the round ended at once
    (F14-7); the game goes on.
    """
    lines = [f'[Variant "{rules_text(record.rules)}"]', f'[Seed "{record.seed}"]']
    if record.deck is not None:
        lines.append(f'[Deck "{" ".join(map(str, record.deck))}"]')
    lines.append(f'[Dealer "{record.dealer}"]')
    rows = list(enumerate(zip(record.round_ends, record.score_sheet, strict=True), 1))
    pages = list(record.pages)
    for number in range(len(record.moves) + 1):
        if number:
            lines.append(f"{number}. {record.moves[number - 1]}")
        while rows and rows[0][1][0] == number:
            index, (_, row) = rows.pop(0)
            lines.append(f'[Round {index} "{_scores(row)}"]')
        while pages and pages[0][0] == number:
            lines.append(f'[Page "{pages.pop(0)[1]}"]')
    lines.append(f'[Winners "{_winners_text(record.winners)}"]')
    return "\n".join(lines) + "\n"


_HEADER: Final = ("variant", "seed", "deck", "dealer")
"""The tags of the header, which comes before the first move."""
_BODY: Final = ("round", "page", "winners")
"""The tags among the moves."""
_TAG_NAMES: Final = "Variant, Seed, Deck, Dealer, Round, Page and Winners"
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
    return GameRecord(rules=rules, seed=seed, deck=deck, dealer=dealer), game.players


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
