"""A game record, the value: how the game was dealt, its moves, what it recorded; and its text.

A :class:`GameRecord` checks only that its parts fit together (a round end
for each row of scores, move numbers in order); that the moves are legal
and the scores right is for :func:`~rummyrules.replay`. ``str(record)`` is
:func:`record_text`.

>>> from rummyrules import EndOfThePage
>>> record = GameRecord(rules=EndOfThePage(), seed=3)
>>> print(record)
[Variant "EndOfThePage"]
[Seed "3"]
[Dealer "0"]
[Winners "*"]
<BLANKLINE>
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from rummyrules.core.cards import Card
from rummyrules.core.errors import RummyRulesError
from rummyrules.formats.records.fairness import check_hex, check_salt, check_table
from rummyrules.game.moves import Move
from rummyrules.game.registry import rules_text
from rummyrules.game.state import PlayableRules

__all__ = ["GameRecord", "record_text", "scores_text", "winners_text"]


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


def _table(table: str | None) -> str | None:
    return None if table is None else check_table(table)


def _commitment(commitment: str | None) -> str | None:
    return None if commitment is None else check_hex(commitment)


def _salt(salt: str | None) -> str | None:
    return None if salt is None else check_salt(salt)


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
        table: The id of the table the game was played at, or None.
        commitment: The commitment to the seed the table published before
            the deal (``seed_commitment(table, seed, salt)``, from
            ``rummyrules.formats.records``), 64 lowercase hex digits; or None.
            :func:`~rummyrules.replay` checks it.
        salt: The table's secret salt, committed with the seed and revealed
            with it (32 lowercase hex digits); None for a commitment made
            without one.

    >>> from rummyrules import GoingOutRummy, record_game
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
    table: str | None = attrs.field(default=None, converter=_table)
    commitment: str | None = attrs.field(default=None, converter=_commitment)
    salt: str | None = attrs.field(default=None, converter=_salt)

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


def record_text(record: GameRecord) -> str:
    """The record as text: the header tags, the numbered moves with the rounds' scores, the winners.

    ``str(record)`` is the same text; :func:`~rummyrules.parse_record` reads it back.

    >>> from rummyrules import FourteenHundred, record_game
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
    if record.table is not None:
        lines.append(f'[Table "{record.table}"]')
    if record.commitment is not None:
        lines.append(f'[Commitment "{record.commitment}"]')
    if record.salt is not None:
        lines.append(f'[Salt "{record.salt}"]')
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
            lines.append(f'[Round {index} "{scores_text(row)}"]')
        while pages and pages[0][0] == number:
            lines.append(f'[Page "{pages.pop(0)[1]}"]')
    lines.append(f'[Winners "{winners_text(record.winners)}"]')
    return "\n".join(lines) + "\n"


def scores_text(row: Sequence[int]) -> str:
    """A row of scores as a record writes it: the numbers, separated by spaces.

    >>> scores_text((-215, -25))
    '-215 -25'
    """
    return " ".join(map(str, row))


def winners_text(winners: tuple[int, ...] | None) -> str:
    """The winners as a record writes them: the players, ``none``, or ``*`` while the game goes on.

    >>> winners_text((1,)), winners_text(()), winners_text(None)
    ('1', 'none', '*')
    """
    if winners is None:
        return "*"
    return " ".join(map(str, winners)) if winners else "none"
