"""Playing a record's moves: recording a game as it is played, and replaying a record.

:func:`record_game` plays the moves to build a record, so what it records is
true; :func:`replay` plays a record again and checks every recorded score
and the winners, raising :class:`ReplayError` at the first difference.

>>> from rummyrules import EndOfThePage
>>> record = record_game(
...     EndOfThePage(rounds=1, max_turns=1), seed=1, moves=["draw", "discard 3H"]
... )
>>> record.score_sheet, replay(record).winners
(((-215, -25),), (1,))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

import attrs

from rummyrules.core.cards import Card
from rummyrules.core.errors import RummyRulesError
from rummyrules.core.inputs import brief, expect, expect_player, wrong_type
from rummyrules.formats.records.fairness import commitment_fault
from rummyrules.formats.records.record import GameRecord, scores_text, winners_text
from rummyrules.game.events import Event
from rummyrules.game.moves import Move
from rummyrules.game.notation import parse_move
from rummyrules.game.state import GameState, PlayableRules
from rummyrules.game.to_move import seated_player

__all__ = ["ReplayError", "record_game", "replay", "replay_events"]

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


def record_game(  # noqa: PLR0913 - a game is dealt from all of these
    rules: PlayableRules[Any],
    *,
    seed: int = 0,
    deck: Sequence[Card] | None = None,
    dealer: int = 0,
    moves: Iterable[Move | str] = (),
    pages: Iterable[tuple[int, int]] = (),
    table: str | None = None,
    commitment: str | None = None,
    salt: str | None = None,
) -> GameRecord:
    """Play the moves on a new game and record them with the game's scores and winners.

    The game is ``rules.new_game(seed=seed, deck=deck, dealer=dealer)``; a
    move may be a value or its text. ``pages`` changes the page of an End of
    the Page game (EOP-17): each is the number of moves played before the
    change and the page's new number of rows. ``table``, ``commitment``
    and ``salt`` are the table's id, the commitment to the seed it
    published and the salt committed with the seed
    (``seed_commitment`` of ``rummyrules.formats.records``), checked as
    :func:`replay` checks them. A move that is refused raises
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
        table=table,
        commitment=commitment,
        salt=salt,
    )
    _check_fair(record)
    game, ends = _play(record, game)
    return attrs.evolve(
        record,
        score_sheet=game.score_sheet,
        round_ends=ends,
        winners=game.winners if game.is_over else None,
    )


def replay_events(
    record: GameRecord, *, player: int | None = None
) -> tuple[tuple[int, Event], ...]:
    """Every event of the record's game, each with the number of the move that made it.

    The record is replayed and checked as :func:`replay` does. With
    ``player``, the events are told as that player knew them at the table
    (:meth:`~rummyrules.Event.seen_by`): a card another player drew is only
    counted. A finished round's ``round_ended`` event holds its
    :class:`~rummyrules.RoundResult`, every hand as it was counted: the
    results of the whole game, of which a state keeps only the last.

    >>> from rummyrules import EndOfThePage
    >>> record = record_game(
    ...     EndOfThePage(rounds=1, max_turns=1), seed=1, moves=["draw", "discard 3H"]
    ... )
    >>> [(number, event.kind) for number, event in replay_events(record)]
    [(1, 'draw'), (2, 'discard'), (2, 'round_ended'), (2, 'game_ended')]
    >>> replay_events(record, player=0)[0][1].hidden
    1
    """
    game = _first_deal(record)
    if player is not None:
        expect_player(player)
        seated_player(game, player)
    told: list[tuple[int, Event]] = []
    game, _ = _play(record, game, check=True, told=told)
    _check_winners(record, game)
    if player is None:
        return tuple(told)
    return tuple((number, event.seen_by(player)) for number, event in told)


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

    Raises :class:`ReplayError` at the first fault: a commitment that does
    not match the seed and table (or comes without a table, or with a stacked
    deck, which the seed did not shuffle), a move the game refuses
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
    game, _ = _play(record, _first_deal(record), check=True)
    _check_winners(record, game)
    return game


def _first_deal(record: GameRecord) -> GameState:
    """The game the record begins with, or the ReplayError saying why it deals none."""
    expect(
        record, GameRecord, name="record", what="a GameRecord (parse_record reads one)"
    )
    _check_fair(record)
    try:
        game: GameState = record.rules.new_game(
            seed=record.seed, deck=record.deck, dealer=record.dealer
        )
    except RummyRulesError as error:
        raise ReplayError(f"the record deals no game: {error}") from error
    return game


def _check_fair(record: GameRecord) -> None:
    """Refuse a record whose commitment is not the one to its seed at its table."""
    fault = commitment_fault(
        table=record.table,
        seed=record.seed,
        commitment=record.commitment,
        stacked=record.deck is not None,
        salt=record.salt,
    )
    if fault is not None:
        raise ReplayError(fault)


def _play(
    record: GameRecord,
    game: GameState,
    *,
    check: bool = False,
    told: list[tuple[int, Event]] | None = None,
) -> tuple[GameState, tuple[int, ...]]:
    """The game after the record's moves and page changes, and where each round ended.

    With ``check``, the rounds the game scores are checked against the
    record's rows after every move; with ``told``, each move's events are
    added to it with the move's number.
    """
    ends: list[int] = []
    pages = list(record.pages)
    for number in range(len(record.moves) + 1):
        if number:
            before = game
            game = _apply(game, number, record.moves[number - 1])
            if told is not None:
                told += [(number, event) for event in game.events]
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
        ended = f"round {done} ended after {after} with scores {scores_text(row)}, "
        if index >= len(record.score_sheet):
            message = ended + "but the record has no scores for it"
        elif record.round_ends[index] != number:
            message = (
                f"{ended}but the record has its scores "
                f"({scores_text(record.score_sheet[index])}) after move "
                f"{record.round_ends[index]}"
            )
        elif record.score_sheet[index] != row:
            message = (
                f"round {done} scores differ after {after}: the record has "
                f"{scores_text(record.score_sheet[index])}, the game gives {scores_text(row)}"
            )
        else:
            message = ""
        if message:
            raise ReplayError(message, move_number=number, round=done, state=game)
    if done < len(record.score_sheet) and record.round_ends[done] <= number:
        message = (
            f"the record has scores for round {done + 1} "
            f"({scores_text(record.score_sheet[done])}) after {after}, "
            f"but round {done + 1} did not end there"
        )
        raise ReplayError(message, move_number=number, round=done + 1, state=game)


def _check_winners(record: GameRecord, game: GameState) -> None:
    last = len(record.moves)
    computed = game.winners if game.is_over else None
    recorded = None if record.winners is None else tuple(sorted(record.winners))
    if recorded == computed:
        return
    if computed is None:
        message = (
            f"the record gives the winners as {winners_text(recorded)}, "
            f"but the game is not over after move {last}"
        )
    elif recorded is None:
        won = f"won by {winners_text(computed)}" if computed else "with no winner"
        message = (
            f"the game is over after move {last}, {won}, "
            "but the record gives no winners (*)"
        )
    else:
        message = (
            f"the record gives the winners as {winners_text(recorded)}, "
            f"the game gives {winners_text(computed)}"
        )
    raise ReplayError(message, move_number=last, state=game)
