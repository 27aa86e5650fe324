"""A table at one version: its row, its game, and what its seats may do next.

A :class:`Table` is a value: the database's row
(:class:`~rummyrules.server.storage.TableRow`) and the game it holds, read
once. A move, a decline or the bots' turns give a :class:`Step`: the next
table and the changes (:class:`~rummyrules.server.storage.Change`) to
append, which the lobby saves before it answers. Nothing here touches the
database, the network or a clock it is not given.

Each change gives the table a new version: an opaque random string, not a
count, which would tell Going Out Rummy players how many moves passed
(GOR-11). Each human seat is told the events it may know, tagged with the
version that brought them. Who sits, and how bots play, is :mod:`rummyrules.server.seats`.

>>> from rummyrules import parse_rules
>>> table, tokens = new_table(
...     "t1",
...     parse_rules("EndOfThePage rounds=1"),
...     ["human", "greedy"],
...     seed=3,
...     chosen=True,
...     creator="127.0.0.1",
...     now=0.0,
... )
>>> table.row.seats, table.row.tokens[1]
(('human', 'greedy'), None)
>>> table.seat_of(tokens[0]), table.bots(Limits()).table.awaits(0)
(0, True)
"""

from __future__ import annotations

import hmac
import secrets
import time
from collections.abc import Sequence
from typing import Any

import attrs

from rummyrules.core.cards import in_deck_words
from rummyrules.core.errors import IllegalMoveError, RummyRulesError
from rummyrules.formats.json import dumps, loads
from rummyrules.formats.json_converter import CONVERTER
from rummyrules.formats.records.fairness import new_salt, seed_commitment
from rummyrules.game.moves import Move
from rummyrules.game.registry import rules_text
from rummyrules.game.state import GameState, PlayableRules
from rummyrules.game.to_move import sent_move
from rummyrules.server.documents import ApiError
from rummyrules.server.limits import Limits
from rummyrules.server.seats import THINKING, as_recorded, next_bot_move
from rummyrules.server.storage import Change, TableRow, hash_token

__all__ = ["Step", "Table", "new_table"]


def _version() -> str:
    return secrets.token_urlsafe(9)


def new_table(  # noqa: PLR0913 - a table is made of all of these
    table_id: str,
    rules: PlayableRules[Any],
    kinds: Sequence[str],
    *,
    seed: int,
    chosen: bool,
    creator: str,
    now: float,
) -> tuple[Table, dict[int, str]]:
    """A table at its deal, and the token of each human seat (given once, kept hashed).

    >>> from rummyrules import parse_rules
    >>> table, tokens = new_table(
    ...     "t",
    ...     parse_rules("GinRummy"),
    ...     ["human", "random"],
    ...     seed=5,
    ...     chosen=False,
    ...     creator="::1",
    ...     now=1.0,
    ... )
    >>> sorted(tokens), table.row.number, table.row.tokens[1]
    ([0], 0, None)
    """
    game = rules.new_game(seed=seed)
    tokens = {
        seat: secrets.token_urlsafe(16)
        for seat, kind in enumerate(kinds)
        if kind == "human"
    }
    version = _version()
    salt = new_salt()
    row = TableRow(
        id=table_id,
        rules=rules_text(rules),
        seats=tuple(kinds),
        tokens=tuple(
            hash_token(tokens[seat]) if seat in tokens else None
            for seat in range(len(kinds))
        ),
        seed=seed,
        chosen=chosen,
        commitment=seed_commitment(table_id, seed, salt),
        salt=salt,
        creator=creator,
        created=now,
        changed=now,
        number=0,
        version=version,
        revision=0,
        state=dumps(game),
        over=game.is_over,
    )
    table = Table(row, game)
    return table, tokens


@attrs.frozen
class Step:
    """What a move, a decline or the bots' turns did: the next table and its changes.

    Attributes:
        table: The table after it, whose row the lobby saves.
        changes: The versions it made, in order (none for a decline alone).
        more: Whether bots have moves left that the step's budget did not play.
    """

    table: Table
    changes: tuple[Change, ...]
    more: bool


@attrs.frozen
class Table:
    """One table at one version: its row and its game.

    >>> from rummyrules import parse_rules
    >>> table, _ = new_table(
    ...     "t",
    ...     parse_rules("GoingOutRummy max_turns=6"),
    ...     ["human", "random"],
    ...     seed=4,
    ...     chosen=False,
    ...     creator="::1",
    ...     now=0.0,
    ... )
    >>> table.game.to_move in (0, 1), len(table.version) > 8
    (True, True)
    """

    row: TableRow
    game: GameState

    @classmethod
    def read(cls, row: TableRow) -> Table:
        """The table a row holds, its game read from the row's JSON."""
        game = loads(row.state)
        if not isinstance(game, GameState):  # pragma: no cover - the server writes it
            message = f"table {row.id!r} holds no game"
            raise TypeError(message)
        return cls(row, game)

    @property
    def id(self) -> str:
        """The table's id."""
        return self.row.id

    @property
    def version(self) -> str:
        """The table's version, a random string."""
        return self.row.version

    @property
    def thinks(self) -> bool:
        """Whether a bot here searches: its turns take seconds, not microseconds."""
        return any(kind in THINKING for kind in self.row.seats)

    # --- What anyone may ask ------------------------------------------------

    def seat_of(self, token: str | None) -> int:
        """The seat a token holds (401 without one, 403 for an unknown one).

        >>> from rummyrules import parse_rules
        >>> table, _ = new_table(
        ...     "t",
        ...     parse_rules("GinRummy"),
        ...     ["human", "greedy"],
        ...     seed=1,
        ...     chosen=False,
        ...     creator="::1",
        ...     now=0.0,
        ... )
        >>> table.seat_of("x")
        Traceback (most recent call last):
        ...
        rummyrules.server.documents.ApiError: that token holds no seat at this table
        """
        if not token:
            raise ApiError(401, "send your seat's token: Authorization: Bearer TOKEN")
        hashed = hash_token(token[:200])
        for seat, kept in enumerate(self.row.tokens):
            if kept is not None and hmac.compare_digest(kept, hashed):
                return seat
        raise ApiError(403, "that token holds no seat at this table")

    def awaits(self, seat: int) -> bool:
        """Whether the game waits for this seat: its turn, or a claim it may still make.

        A drop (GOR-10) is open to everyone at every moment, so it makes no
        one awaited; a claim the seat has declined no longer does.

        >>> from rummyrules import parse_rules
        >>> table, _ = new_table(
        ...     "t",
        ...     parse_rules("GinRummy"),
        ...     ["human", "human"],
        ...     seed=1,
        ...     chosen=False,
        ...     creator="::1",
        ...     now=0.0,
        ... )
        >>> [table.awaits(s) for s in (0, 1)] == [
        ...     table.game.to_move == s for s in (0, 1)
        ... ]
        True
        """
        game = self.game
        if game.is_over:
            return False
        if seat == game.to_move:
            return True
        return seat not in self.row.declined and any(
            not move.leaves_game for move in game.legal_moves(player=seat)
        )

    # --- What a seat does ------------------------------------------------------

    def move(self, seat: int, text: str, limits: Limits) -> Step:
        """Play ``text`` for ``seat``, then the bots, within the limits' budget.

        409 when the rules refuse the move (naming the rule), 422 when the
        text is no move, 403 for a move in another seat's name.

        >>> from rummyrules import parse_rules
        >>> table, _ = new_table(
        ...     "t",
        ...     parse_rules("EndOfThePage"),
        ...     ["human", "human"],
        ...     seed=1,
        ...     chosen=False,
        ...     creator="::1",
        ...     now=0.0,
        ... )
        >>> table.move(0, "draw", Limits())
        Traceback (most recent call last):
        ...
        rummyrules.server.documents.ApiError: it is player 1's turn, not player 0's
        """
        game = self.game
        try:
            move = sent_move(text, seat)
            after = game.apply(move)
        except IllegalMoveError as error:
            status = 403 if error.rule == "ALL-3" else 409
            raise ApiError(status, error.reason, error.rule) from error
        except RummyRulesError as error:  # MoveParseError: no move at all
            # Card text is explained for this game's deck (no 2s in End of the Page).
            raise ApiError(422, in_deck_words(str(error), game.rules.deck())) from error
        first = self._next(after, as_recorded(game, move))
        return first.table._bots(limits, first.changes)

    def decline(self, seat: int, limits: Limits, version: str | None = None) -> Step:
        """Let the claim offered to ``seat`` go (F14-12), then the bots.

        409 when the seat has no claim open to let go (its own turn, or
        nothing to claim), or when ``version``, the version the person saw,
        is no longer the table's: the claim they let go may not be the one
        open now.

        >>> from rummyrules import parse_rules
        >>> table, _ = new_table(
        ...     "t", parse_rules("GinRummy"), ["human", "greedy"],
        ...     seed=1, chosen=False, creator="::1", now=0.0,
        ... )  # fmt: skip
        >>> table.decline(0, Limits())
        Traceback (most recent call last):
        ...
        rummyrules.server.documents.ApiError: you have no claim to let go now
        """
        if version is not None and version != self.version:
            message = "the table has moved on since you looked: look again first"
            raise ApiError(409, message)
        if seat == self.game.to_move or not self.awaits(seat):
            raise ApiError(409, "you have no claim to let go now")
        declined = self.row.declined | {seat}
        row = attrs.evolve(self.row, declined=declined, revision=self.row.revision + 1)
        return Table(row, self.game)._bots(limits, ())

    def bots(self, limits: Limits) -> Step:
        """The bots' moves until a person must act, or the budget is spent.

        >>> from rummyrules import parse_rules
        >>> table, _ = new_table(
        ...     "t",
        ...     parse_rules("GinRummy"),
        ...     ["human", "greedy"],
        ...     seed=2,
        ...     chosen=False,
        ...     creator="::1",
        ...     now=0.0,
        ... )
        >>> step = table.bots(Limits())
        >>> step.more, step.table.game.to_move == 0 or step.table.game.is_over
        (False, True)
        """
        return self._bots(limits, ())

    def _bots(self, limits: Limits, changes: tuple[Change, ...]) -> Step:
        """Bots play on, at most ``bot_moves`` moves and ``bot_time`` seconds."""
        table = self
        deadline = time.monotonic() + limits.bot_time
        for _ in range(limits.bot_moves):
            move = next_bot_move(table.row, table.game, limits)
            if move is None:
                return Step(
                    table._finish(more=False, moved=bool(changes)), changes, more=False
                )
            step = table._next(table.game.apply(move), move)
            table, changes = step.table, changes + step.changes
            if time.monotonic() > deadline:
                break
        more = next_bot_move(table.row, table.game, limits) is not None
        return Step(table._finish(more=more, moved=bool(changes)), changes, more=more)

    def _finish(self, *, more: bool, moved: bool) -> Table:
        """The table with its game written into its row once, at the end of a step."""
        state = dumps(self.game) if moved else self.row.state
        return Table(attrs.evolve(self.row, bots=more, state=state), self.game)

    def _next(self, after: GameState, move: Move) -> Step:
        """The table after ``move``: a new version, each person's events, no claim declined."""
        number = self.row.number + 1
        version = _version()
        events = {
            seat: [CONVERTER.unstructure(event.seen_by(seat)) for event in after.events]
            for seat, kind in enumerate(self.row.seats)
            if kind == "human"
        }
        row = attrs.evolve(
            self.row,
            number=number,
            version=version,
            revision=self.row.revision + 1,
            declined=frozenset(),
            over=after.is_over,
        )
        change = Change(number=number, version=version, move=str(move), events=events)
        return Step(Table(row, after), (change,), more=False)

    def first_change(self) -> Change:
        """The change of the deal: version 0 and the events each person was told of it."""
        events = {
            seat: [
                CONVERTER.unstructure(event.seen_by(seat)) for event in self.game.events
            ]
            for seat, kind in enumerate(self.row.seats)
            if kind == "human"
        }
        return Change(number=0, version=self.version, move=None, events=events)
