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
version that brought them. A bot is made afresh for each decision, seeded
from the table's seed, its seat and the version's number, so that any
worker, before or after a restart, plays the same bot the same way.

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
>>> [seat["kind"] for seat in table.seats()]
['human', 'greedy']
>>> table.seat_of(tokens[0]), table.bots(Limits()).table.awaits(0)
(0, True)
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import time
from collections.abc import Sequence
from typing import Any, Final

import attrs

from rummyrules.bots import Bot, SearchBot
from rummyrules.core.errors import IllegalMoveError, RummyRulesError
from rummyrules.formats.json import dumps, loads
from rummyrules.formats.json_converter import CONVERTER
from rummyrules.formats.records.fairness import seed_commitment
from rummyrules.game.grouping import group_moves
from rummyrules.game.moves import Drop, Move
from rummyrules.game.playing import sent_move
from rummyrules.game.registry import rules_text
from rummyrules.game.state import GameState, PlayableRules
from rummyrules.server.documents import ApiError, Json, group_document
from rummyrules.server.limits import Limits
from rummyrules.server.storage import Change, TableRow, hash_token
from rummyrules.simulation import BOTS

__all__ = ["SEAT_KINDS", "THINKING", "Step", "Table", "new_table"]

SEAT_KINDS: Final = ("human", *BOTS)
"""What may sit at a seat: a person, or one of the library's bots by name."""

THINKING: Final = frozenset(kind for kind, bot in BOTS.items() if bot is SearchBot)
"""The bots that search, given ``Limits.search_seconds`` a move."""


def _version() -> str:
    return secrets.token_urlsafe(9)


def _as_recorded(game: GameState, move: Move) -> Move:
    """A move as a record writes it: without its seat where the listing has it so.

    A record replays each move as it was applied, so the seat may always
    stay; it goes only where the game lists the move without one (``draw``,
    not ``1: draw``). A claim keeps it, even by the player to move (F14-R9).

    >>> from rummyrules import parse_rules
    >>> from rummyrules.game.notation import parse_move
    >>> game = parse_rules("GinRummy").new_game(seed=1)
    >>> seat = game.to_move
    >>> str(_as_recorded(game, parse_move(f"{seat}: pass")))
    'pass'
    """
    plain = attrs.evolve(move, player=None)
    mover = move.player == game.to_move
    return plain if mover and plain in game.legal_moves() else move


def bot_seed(seed: int, seat: int, number: int) -> int:
    """The seed of the bot deciding at version ``number``: 64 bits that do not give away ``seed``.

    >>> bot_seed(1, 0, 0) == bot_seed(1, 0, 0) != bot_seed(1, 0, 1)
    True
    """
    digest = hashlib.sha256(f"rummyrules-bot:{seed}:{seat}:{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def make_bot(kind: str, seed: int, limits: Limits) -> Bot:
    """The bot a seat's kind names; a search gets the server's time budget a move.

    >>> (
    ...     type(make_bot("search", 1, Limits())).__name__,
    ...     make_bot("search", 1, Limits(search_seconds=0.25)).seconds,
    ... )
    ('SearchBot', 0.25)
    """
    if BOTS[kind] is SearchBot:
        return SearchBot(seed=seed, playouts=None, seconds=limits.search_seconds)
    return BOTS[kind](seed=seed)


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
        commitment=seed_commitment(table_id, seed),
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

    def seats(self, tokens: dict[int, str] | None = None) -> list[Json]:
        """Each seat's kind, with the tokens given (to the table's creator, once).

        >>> from rummyrules import parse_rules
        >>> table, tokens = new_table(
        ...     "t",
        ...     parse_rules("GinRummy"),
        ...     ["greedy", "random"],
        ...     seed=1,
        ...     chosen=False,
        ...     creator="::1",
        ...     now=0.0,
        ... )
        >>> table.seats(tokens)
        [{'seat': 0, 'kind': 'greedy'}, {'seat': 1, 'kind': 'random'}]
        """
        tokens = tokens or {}
        return [
            {"seat": seat, "kind": kind}
            | ({"token": tokens[seat]} if seat in tokens else {})
            for seat, kind in enumerate(self.row.seats)
        ]

    def status(self) -> Json:
        """What anyone may know without a token: ``GET /api/tables/{id}``.

        ``seed`` says who chose it and gives the commitment to it from the
        start; the seed itself only once the game is over.

        >>> from rummyrules import parse_rules
        >>> table, _ = new_table(
        ...     "t",
        ...     parse_rules("GinRummy"),
        ...     ["human", "greedy"],
        ...     seed=1,
        ...     chosen=True,
        ...     creator="::1",
        ...     now=0.0,
        ... )
        >>> status = table.status()
        >>> sorted(status)
        ['name', 'over', 'phase', 'players', 'seats', 'seed', 'to_move', 'variant', 'version', 'winners']
        >>> status["seed"]["chosen_by"], len(status["seed"]["commitment"])
        ('creator', 64)
        """
        game = self.game
        seed: Json = {
            "chosen_by": "creator" if self.row.chosen else "server",
            "commitment": self.row.commitment,
        }
        if game.is_over:
            seed["seed"] = str(self.row.seed)  # JSON numbers lose 128-bit seeds
        return {
            "variant": type(game.rules).__name__,
            "name": game.rules.name,
            "players": game.players,
            "seats": list(self.row.seats),
            "to_move": game.to_move,
            "phase": str(game.phase.value),
            "over": game.is_over,
            "winners": list(game.winners),
            "version": self.version,
            "seed": seed,
        }

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
            not isinstance(move, Drop) for move in game.legal_moves(player=seat)
        )

    def document(self, seat: int) -> tuple[Json, list[Json]]:
        """The seat's view as JSON (``json.loads(dumps(view))``) and its move groups."""
        view = self.game.view(seat)
        groups = [group_document(group) for group in group_moves(view.legal_moves)]
        return json.loads(dumps(view)), groups

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
            raise ApiError(422, str(error)) from error
        first = self._next(after, _as_recorded(game, move))
        return first.table._bots(limits, first.changes)

    def decline(self, seat: int, limits: Limits) -> Step:
        """Let the claim offered to ``seat`` go (F14-12), then the bots.

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
        >>> step = table.decline(0, Limits())
        >>> step.changes, step.more, sorted(step.table.row.declined)
        ((), False, [0])
        """
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
            move = table._bot_move(limits)
            if move is None:
                return Step(
                    table._finish(more=False, moved=bool(changes)), changes, more=False
                )
            step = table._next(table.game.apply(move), move)
            table, changes = step.table, changes + step.changes
            if time.monotonic() > deadline:
                break
        more = table._bot_move(limits) is not None
        return Step(table._finish(more=more, moved=bool(changes)), changes, more=more)

    def _finish(self, *, more: bool, moved: bool) -> Table:
        """The table with its game written into its row once, at the end of a step."""
        state = dumps(self.game) if moved else self.row.state
        return Table(attrs.evolve(self.row, bots=more, state=state), self.game)

    def _bot_move(self, limits: Limits) -> Move | None:
        """The next bot move, or None when a person must act or the game is over.

        Claims out of turn (1400) are asked first, from the mover's left, as
        :func:`~rummyrules.bots.play_game` asks; a drop is never waited for.
        """
        game, row = self.game, self.row
        if game.is_over:
            return None
        mover = game.to_move or 0
        for offset in range(1, game.players):
            player = (mover + offset) % game.players
            if all(isinstance(m, Drop) for m in game.legal_moves(player=player)):
                continue
            if row.seats[player] == "human":
                if player in row.declined:
                    continue
                return None  # a person may claim: wait for the claim or decline
            bot = make_bot(
                row.seats[player], bot_seed(row.seed, player, row.number), limits
            )
            move = bot.choose(game.view(player))
            if move is not None:
                return move
        if row.seats[mover] == "human":
            return None  # a person's turn
        bot = make_bot(row.seats[mover], bot_seed(row.seed, mover, row.number), limits)
        move = bot.choose(game.view(mover))
        if move is None:
            message = f"the bot of player {mover} chose no move on its own turn"
            raise RuntimeError(message)
        return move

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
