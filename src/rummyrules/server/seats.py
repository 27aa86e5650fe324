"""Who sits at a table: the kinds of seat, the bots and how each is seeded, and the checks of a request's seats.

A seat is ``human`` or one of the library's bots by name: a level
(``easy``, ``medium``, ``hard``; :data:`~rummyrules.bots.LEVELS`) or a bot
(``greedy``, ``random``, ``search``). A bot is made afresh for each decision,
seeded from the table's seed, its seat and the version's number, so that any
worker, before or after a restart, plays the same bot the same way; the
search bot thinks ``Limits.search_seconds`` a move, and the hard level at
most that.

>>> SEAT_KINDS
('human', 'easy', 'medium', 'hard', 'greedy', 'random', 'search')
"""

from __future__ import annotations

import hashlib
from typing import Final

import attrs

from rummyrules.bots import Bot, SearchBot, hard_bot
from rummyrules.formats.records.fairness import new_seed
from rummyrules.game.moves import Move
from rummyrules.game.state import GameState
from rummyrules.server.documents import ApiError
from rummyrules.server.limits import Limits
from rummyrules.server.storage import TableRow
from rummyrules.simulation import BOTS

__all__ = [
    "SEAT_KINDS",
    "THINKING",
    "as_recorded",
    "bot_seed",
    "make_bot",
    "next_bot_move",
    "seat_kinds",
    "table_seed",
]

SEAT_KINDS: Final = ("human", *BOTS)
"""What may sit at a seat: a person, or one of the library's bots by name."""

THINKING: Final = frozenset(
    kind for kind, bot in BOTS.items() if bot is SearchBot or bot is hard_bot
)
"""The bots that search, given ``Limits.search_seconds`` a move (the hard level at most that)."""


def as_recorded(game: GameState, move: Move) -> Move:
    """A move as a record writes it: without its seat where the listing has it so.

    A record replays each move as it was applied, so the seat may always
    stay; it goes only where the game lists the move without one (``draw``,
    not ``1: draw``). A claim keeps it, even by the player to move (F14-R9).

    >>> from rummyrules import parse_rules
    >>> from rummyrules.game.notation import parse_move
    >>> game = parse_rules("GinRummy").new_game(seed=1)
    >>> seat = game.to_move
    >>> str(as_recorded(game, parse_move(f"{seat}: pass")))
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

    The search bot thinks ``Limits.search_seconds`` a move; the hard level
    keeps its own budget (:func:`~rummyrules.bots.hard_bot`), its CPU cap
    lowered to ``Limits.search_seconds`` where that is less.

    >>> (
    ...     type(make_bot("search", 1, Limits())).__name__,
    ...     make_bot("search", 1, Limits(search_seconds=0.25)).seconds,
    ... )
    ('SearchBot', 0.25)
    >>> make_bot("hard", 1, Limits(search_seconds=0.25)).seconds
    0.25
    """
    factory = BOTS[kind]
    if factory is SearchBot:
        return SearchBot(seed=seed, playouts=None, seconds=limits.search_seconds)
    if factory is hard_bot:
        return hard_bot(seed=seed, seconds=limits.search_seconds)
    return factory(seed=seed)


def next_bot_move(row: TableRow, game: GameState, limits: Limits) -> Move | None:
    """The next bot move at a table, or None when a person must act or the game is over.

    Claims out of turn (1400) are asked first, from the mover's left, as
    :func:`~rummyrules.bots.play_game` asks; a drop is never waited for.
    """
    if game.is_over:
        return None
    mover = game.to_move or 0
    for offset in range(1, game.players):
        player = (mover + offset) % game.players
        if all(m.leaves_game for m in game.legal_moves(player=player)):
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


def seat_kinds(seats: object, players: int) -> list[str]:
    """The seats a table request names, checked (400 for bad ones).

    >>> seat_kinds(["human", "search"], 2)
    ['human', 'search']
    """
    if not isinstance(seats, list) or len(seats) != players:
        message = f'name the {players} seats, as ["human", "greedy"]'
        raise ApiError(400, message)
    for seat, kind in enumerate(seats):
        if kind not in SEAT_KINDS:
            shown = repr(kind)[:40]
            message = f"seat {seat} is {shown}: a seat is {', '.join(SEAT_KINDS)}"
            raise ApiError(400, message)
    if "human" not in seats:
        raise ApiError(
            400, "seat at least one human: a table of bots has no one to answer"
        )
    return [str(kind) for kind in seats]


def table_seed(seed: object) -> tuple[int, bool]:
    """The seed a table request names (a new one for null), and whether its creator chose it.

    >>> table_seed(7)
    (7, True)
    >>> table_seed(None)[1]
    False
    """
    if seed is None:
        return new_seed(), False
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**128:
        raise ApiError(400, "the seed is a whole number from 0 below 2**128, or null")
    return seed, True
