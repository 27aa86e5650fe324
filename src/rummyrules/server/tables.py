"""Tables: one game each, with its seats, its bots, its versions and its event log.

A :class:`Table` holds the only copy of its game. People play its human
seats with secret tokens; the library's bots play the others, on after
every move, until a person must act. Each change gives the table a new
version: an opaque random string, not a count, which would tell Going Out
Rummy players how many moves passed (GOR-11). Each seat has its own log of
the events it may know, tagged with the version that brought them, so that a
client that saw version V asks for everything since V.

Nothing here knows HTTP: the web app (:mod:`rummyrules.server.app`) reads
requests and turns :class:`~rummyrules.server.documents.ApiError` into
answers.

>>> store = TableStore(Limits())
>>> table = store.create("EndOfThePage", {"rounds": 1}, ["human", "greedy"], seed=3)
>>> [seat["kind"] for seat in table.seats()]
['human', 'greedy']
>>> token = table.seats()[0]["token"]
>>> table.seat_of(token), table.awaits(0)
(0, True)
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import json
import secrets
import time
from collections.abc import Sequence
from typing import Any, Final

import attrs

from rummyrules.bots import Bot, GreedyBot, RandomBot
from rummyrules.core.errors import IllegalMoveError, RummyRulesError
from rummyrules.formats.json import dumps
from rummyrules.formats.json_converter import CONVERTER
from rummyrules.formats.records import record_game
from rummyrules.game.grouping import group_moves
from rummyrules.game.moves import Drop, Move
from rummyrules.game.playing import sent_move
from rummyrules.game.state import GameState, PlayableRules
from rummyrules.server.documents import (
    ApiError,
    Json,
    group_document,
    rules_from_request,
)
from rummyrules.server.limits import Limits

__all__ = ["SEAT_KINDS", "Table", "TableStore"]

SEAT_KINDS: Final = ("human", "greedy", "random")
"""What may sit at a seat: a person, or one of the library's bots by name."""


def _version() -> str:
    return secrets.token_urlsafe(9)


def _words(move: Move) -> str:
    """A move's text without its ``N:`` prefix, as a person sends it."""
    return str(move).split(": ", 1)[-1]


def _as_recorded(game: GameState, move: Move) -> Move:
    """A move as a record writes it: without its seat where the listing has it so.

    A record replays each move as it was applied, so the seat may always
    stay; it goes only where the game lists the move without one (``draw``,
    not ``1: draw``). A claim keeps it, even by the player to move (F14-R9).

    >>> from rummyrules.game.notation import parse_move
    >>> game = rules_from_request("GinRummy", {}).new_game(seed=1)
    >>> seat = game.to_move
    >>> str(_as_recorded(game, parse_move(f"{seat}: pass")))
    'pass'
    """
    plain = attrs.evolve(move, player=None)
    mover = move.player == game.to_move
    return plain if mover and plain in game.legal_moves() else move


def _make_bot(kind: str, seed: int) -> Bot:
    return GreedyBot(seed=seed) if kind == "greedy" else RandomBot(seed=seed)


class Table:
    """One game, its seats and its bots; every change under one asyncio lock.

    The game is a frozen :class:`~rummyrules.GameState`, replaced by the
    next one on each move, so every answer shows a whole state. Bots in
    the seats not ``human`` play from their own views, on after every move.
    ``condition`` wakes long polls and WebSockets when the version changes.

    >>> rules = rules_from_request("GoingOutRummy", {"max_turns": 6})
    >>> table = Table("t1", rules, ["human", "random"], seed=4)
    >>> table.game.to_move in (0, 1), len(table.version) > 8
    (True, True)
    """

    def __init__(
        self,
        table_id: str,
        rules: PlayableRules[Any],
        kinds: Sequence[str],
        *,
        seed: int,
        limits: Limits | None = None,
    ) -> None:
        self.id = table_id
        self.rules, self.seed = rules, seed
        self.kinds = tuple(kinds)
        self.limits = limits or Limits()
        self.game: GameState = rules.new_game(seed=seed)
        self.moves: list[Move] = []  # as a record replays them
        self.tokens = {
            secrets.token_urlsafe(16): seat
            for seat, kind in enumerate(kinds)
            if kind == "human"
        }
        self.bots = {
            seat: _make_bot(kind, seed * 16 + seat)
            for seat, kind in enumerate(kinds)
            if kind != "human"
        }
        self.declined: set[int] = set()  # who let this state's claim go (F14-12)
        self.lock = asyncio.Lock()  # one change at a time, across awaits
        self._signal = asyncio.Event()  # set, and replaced, on each change
        self.version = ""
        self._versions: dict[str, int] = {}
        # Per seat: (version number, event) in order; and the version's view.
        self._events: list[list[tuple[int, Json]]] = [[] for _ in kinds]
        self._documents: dict[int, tuple[Json, list[Json]]] = {}
        self._record: str | None = None
        self.used = time.monotonic()
        self._changed(self.game)
        self.play_bots()

    # --- What anyone may ask ---------------------------------------------

    def seats(self) -> list[Json]:
        """Each seat's kind, with the token of each human seat (for its creator).

        >>> table = Table(
        ...     "t", rules_from_request("GinRummy", {}), ["greedy", "random"], seed=1
        ... )
        >>> table.seats()
        [{'seat': 0, 'kind': 'greedy'}, {'seat': 1, 'kind': 'random'}]
        """
        tokens = {seat: token for token, seat in self.tokens.items()}
        return [
            {"seat": seat, "kind": kind}
            | ({"token": tokens[seat]} if seat in tokens else {})
            for seat, kind in enumerate(self.kinds)
        ]

    def status(self) -> Json:
        """What anyone may know without a token: ``GET /api/tables/{id}``.

        >>> table = Table(
        ...     "t", rules_from_request("GinRummy", {}), ["human", "greedy"], seed=1
        ... )
        >>> sorted(table.status())
        ['name', 'over', 'phase', 'players', 'seats', 'to_move', 'variant', 'version', 'winners']
        """
        game = self.game
        return {
            "variant": type(game.rules).__name__,
            "name": game.rules.name,
            "players": game.players,
            "seats": list(self.kinds),
            "to_move": game.to_move,
            "phase": str(game.phase.value),
            "over": game.is_over,
            "winners": list(game.winners),
            "version": self.version,
        }

    def seat_of(self, token: str | None) -> int:
        """The seat a token holds (401 without one, 403 for an unknown one).

        >>> Table(
        ...     "t", rules_from_request("GinRummy", {}), ["human", "greedy"], seed=1
        ... ).seat_of("x")
        Traceback (most recent call last):
        ...
        rummyrules.server.documents.ApiError: that token holds no seat at this table
        """
        if not token:
            raise ApiError(401, "send your seat's token: Authorization: Bearer TOKEN")
        seat = self.tokens.get(token)
        if seat is None:
            raise ApiError(403, "that token holds no seat at this table")
        return seat

    def awaits(self, seat: int) -> bool:
        """Whether the game waits for this seat: its turn, or a claim it may still make.

        A drop (GOR-10) is open to everyone at every moment, so it makes no
        one awaited; a claim the seat has declined no longer does.

        >>> table = Table(
        ...     "t", rules_from_request("GinRummy", {}), ["human", "human"], seed=1
        ... )
        >>> [table.awaits(seat) for seat in (0, 1)] == [
        ...     table.game.to_move == s for s in (0, 1)
        ... ]
        True
        """
        game = self.game
        if game.is_over:
            return False
        if seat == game.to_move:
            return True
        return seat not in self.declined and any(
            not isinstance(move, Drop) for move in game.legal_moves(player=seat)
        )

    async def wait_for_change(
        self, version: str | None, seat: int | None, timeout: float | None
    ) -> None:
        """Wait until the table leaves ``version``, or ``timeout`` seconds pass.

        With ``seat``, return at once when the game waits for that seat, so a
        long poll never stalls a player who has a move to make.

        >>> table = Table(
        ...     "t", rules_from_request("GinRummy", {}), ["human", "human"], seed=1
        ... )
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> with ThreadPoolExecutor(1) as pool:  # an event loop of its own
        ...     waited = pool.submit(
        ...         asyncio.run, table.wait_for_change("old", None, 5.0)
        ...     )
        ...     waited.result(timeout=1)  # at once: the table has moved on from "old"
        """
        if version != self.version or (seat is not None and self.awaits(seat)):
            return
        signal = self._signal
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(signal.wait(), timeout)

    def answer(self, seat: int, since: str | None = None) -> Json:
        """The seat's answer: version, view document and the events since ``since``.

        Without ``since`` (or with a version this table never had) the
        events are all the seat may know since the deal.

        >>> table = Table(
        ...     "t", rules_from_request("GinRummy", {}), ["human", "greedy"], seed=1
        ... )
        >>> body = table.answer(0)
        >>> body["seat"], body["view"]["kind"], body["version"] == table.version
        (0, 'view', True)
        """
        self.used = time.monotonic()
        start = self._versions.get(since, -1) if since is not None else -1
        log = self._events[seat]
        first = bisect.bisect_right(log, start, key=lambda entry: entry[0])
        view, groups = self._seen(seat)
        return {
            "version": self.version,
            "seat": seat,
            "view": view,
            "events": [event for _, event in log[first:]],
            "groups": groups,
        }

    def record(self) -> Json:
        """The game record and the winners, once the game is over (409 before).

        >>> table = Table(
        ...     "t", rules_from_request("GinRummy", {}), ["greedy", "greedy"], seed=2
        ... )
        >>> body = table.record()
        >>> (
        ...     body["record"].startswith('[Variant "GinRummy"]'),
        ...     body["winners"] == list(table.game.winners),
        ... )
        (True, True)
        """
        if not self.game.is_over:
            raise ApiError(409, "the game is not over yet: its record comes at the end")
        if self._record is None:
            record = record_game(self.rules, seed=self.seed, moves=self.moves)
            self._record = str(record)
        return {"record": self._record, "winners": list(self.game.winners)}

    # --- What a seat does -------------------------------------------------

    def move(self, seat: int, text: str) -> bool:
        """Play ``text`` for ``seat``, then let the bots play on; whether bots are left to play.

        409 when the rules refuse the move (naming the rule), 422 when the
        text is no move, 403 for a move in another seat's name.

        >>> table = Table(
        ...     "t", rules_from_request("EndOfThePage", {}), ["human", "human"], seed=1
        ... )
        >>> table.move(0, "draw")
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
        self.moves.append(_as_recorded(game, move))
        self._changed(after)
        return self.play_bots()

    def decline(self, seat: int) -> bool:
        """Let the claim offered to ``seat`` go (F14-12); whether bots are left to play.

        >>> table = Table(
        ...     "t", rules_from_request("GinRummy", {}), ["human", "greedy"], seed=1
        ... )
        >>> table.decline(0)
        False
        """
        self.declined.add(seat)
        return self.play_bots()

    def play_bots(self) -> bool:
        """Let the bots move until a person must (or may claim); whether more are left.

        At most ``limits.bot_moves`` moves are played in one call, so no
        request waits long for a table of bots; the caller plays the rest
        later. Claims out of turn (1400) are asked first, from the mover's
        left, as :func:`~rummyrules.bots.play_game` asks; a drop is never
        waited for.

        >>> table = Table(
        ...     "t", rules_from_request("GinRummy", {}), ["greedy", "greedy"], seed=2
        ... )
        >>> table.game.is_over, table.play_bots()
        (True, False)
        """
        for _ in range(self.limits.bot_moves):
            move = self._bot_move()
            if move is None:
                return False
            self.moves.append(move)
            self._changed(self.game.apply(move))
        return not self.game.is_over and self._bot_move() is not None

    def _bot_move(self) -> Move | None:
        """The next bot move, or None when a person must act or the game is over."""
        game = self.game
        if game.is_over:
            return None
        mover = game.to_move or 0
        for offset in range(1, game.players):
            player = (mover + offset) % game.players
            if all(isinstance(m, Drop) for m in game.legal_moves(player=player)):
                continue
            if player not in self.bots:
                if player in self.declined:
                    continue
                return None  # a person may claim: wait for the claim or decline
            move = self.bots[player].choose(game.view(player))
            if move is not None:
                return move
        if mover not in self.bots:
            return None  # a person's turn
        move = self.bots[mover].choose(game.view(mover))
        if move is None:
            message = f"the bot of player {mover} chose no move on its own turn"
            raise RuntimeError(message)
        return move

    def _changed(self, after: GameState) -> None:
        """Take the new state: a new version, each seat's events logged."""
        self.game = after
        self.declined.clear()
        self.version = _version()
        number = len(self._versions)
        self._versions[self.version] = number
        self._documents.clear()
        for seat in self.tokens.values():  # only people read their events
            # Each as the seat's view tells it (View.events), without
            # working the whole view out for every state the bots pass by.
            self._events[seat].extend(
                (number, CONVERTER.unstructure(event.seen_by(seat)))
                for event in after.events
            )
        self.used = time.monotonic()
        self._signal.set()  # wakes every waiter of the version before
        self._signal = asyncio.Event()

    def _seen(self, seat: int) -> tuple[Json, list[Json]]:
        """The seat's view document and its move groups, once per version."""
        seen = self._documents.get(seat)
        if seen is None:
            view = self.game.view(seat)
            groups = [group_document(group) for group in group_moves(view.legal_moves)]
            seen = json.loads(dumps(view)), groups
            self._documents[seat] = seen
        return seen


class TableStore:
    """The tables the server holds, by id, at most ``limits.max_tables``.

    When room is needed, tables nobody has asked about for
    ``limits.table_idle`` seconds are let go, and finished ones after
    ``limits.finished_idle`` seconds.

    >>> store = TableStore(Limits(max_tables=1))
    >>> first = store.create("GinRummy", {}, ["human", "greedy"], seed=1)
    >>> store.get(first.id) is first
    True
    >>> store.create("GinRummy", {}, ["human", "greedy"], seed=1)
    Traceback (most recent call last):
    ...
    rummyrules.server.documents.ApiError: the server holds as many tables as it may (1): try again later
    """

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.tables: dict[str, Table] = {}

    def get(self, table_id: str) -> Table:
        """The table with this id (404 for none).

        >>> TableStore(Limits()).get("nope")
        Traceback (most recent call last):
        ...
        rummyrules.server.documents.ApiError: there is no table 'nope'
        """
        table = self.tables.get(table_id)
        if table is None:
            raise ApiError(404, f"there is no table {table_id[:40]!r}")
        return table

    def create(
        self, variant: object, options: object, seats: object, *, seed: object = None
    ) -> Table:
        """A new table for a request's variant, options, seats and seed (400 for bad ones).

        >>> TableStore(Limits()).create("GinRummy", {}, ["human", "clever"])
        Traceback (most recent call last):
        ...
        rummyrules.server.documents.ApiError: seat 1 is 'clever': a seat is human, greedy or random
        """
        rules = rules_from_request(variant, options)
        kinds = self._kinds(seats, rules.players)
        if seed is None:
            seed = secrets.randbelow(2**31)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise ApiError(
                400, "the seed is a whole number from 0 below 2**63, or null"
            )
        self._make_room()
        table_id = secrets.token_urlsafe(9)
        try:
            table = Table(table_id, rules, kinds, seed=seed, limits=self.limits)
        except RummyRulesError as error:
            raise ApiError(400, str(error)) from error
        self.tables[table_id] = table
        return table

    @staticmethod
    def _kinds(seats: object, players: int) -> list[str]:
        if not isinstance(seats, list) or len(seats) != players:
            message = f'name the {players} seats, as ["human", "greedy"]'
            raise ApiError(400, message)
        for seat, kind in enumerate(seats):
            if kind not in SEAT_KINDS:
                shown = kind if isinstance(kind, str) else json.dumps(kind)[:40]
                message = f"seat {seat} is {shown!r}: a seat is human, greedy or random"
                raise ApiError(400, message)
        if "human" not in seats:
            raise ApiError(
                400, "seat at least one human: a table of bots has no one to answer"
            )
        return [str(kind) for kind in seats]

    def _make_room(self) -> None:
        if len(self.tables) < self.limits.max_tables:
            return
        now = time.monotonic()
        for table_id, table in list(self.tables.items()):
            idle = now - table.used
            finished = table.game.is_over and idle > self.limits.finished_idle
            if finished or idle > self.limits.table_idle:
                del self.tables[table_id]
        if len(self.tables) >= self.limits.max_tables:
            message = (
                f"the server holds as many tables as it may ({self.limits.max_tables}): "
                "try again later"
            )
            raise ApiError(503, message)
