"""One game of a simulation, and a chunk of them: what a worker is sent and sends back.

Game ``i`` of a simulation run with ``seed`` is dealt from
:func:`~rummyrules.simulation.game_seed` ``(seed, i)`` and its bots are made
fresh, each from :func:`~rummyrules.simulation.bot_seed` ``(seed, i, seat)``;
so a game's outcome depends on nothing but the rules, the bots, the seed and
its number, wherever and in whatever order it is played. In a duplicate
simulation game ``g`` is the rotation ``g % n`` of deal ``g // n`` (``n``
seats): dealt from ``game_seed(seed, g // n)``, the bots rotated by
:func:`~rummyrules.simulation.seating.seating`, each bot made with the seed
of the seat it sits in, ``bot_seed(seed, g // n, seat)``.

>>> from rummyrules import GoingOutRummy
>>> task = Chunk(
...     GoingOutRummy(max_turns=8), ("random", "random"), seed=1, start=0, stop=2
... )
>>> [outcome.index for outcome in play_chunk(task)]
[0, 1]
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from rummyrules.bots import ActionBot, Bot, play_game
from rummyrules.formats.records import GameRecord
from rummyrules.game.moves import Move
from rummyrules.game.results import RoundResult
from rummyrules.game.state import GameState, PlayableRules, View

from .seating import BotSpec, bot_factory, bot_seed, game_seed, seating

__all__ = ["CHUNK_GAMES", "Chunk", "GameOutcome", "chunks", "play_chunk", "play_one"]

CHUNK_GAMES: Final = 10
"""Games per chunk, whatever the number of workers: the unit of work sent out.

Any size gives the same results (each game stands alone, and chunks are put
back in order); this one is large enough that sending a chunk costs little
beside playing it, and small enough to keep every worker busy to the end."""


@attrs.frozen
class GameOutcome:
    """What one game of a simulation came to.

    Attributes:
        index: The game's number in the simulation, from 0.
        seed: The seed its deal was shuffled from.
        winners: Who won (several on a tie; none when nobody won).
        scores: The final totals; None in a game that keeps no score.
        moves: How many moves were played.
        turns: How many turns were taken, over all rounds: runs of moves by
            the player to move, whoever moved out of turn between them.
        rounds: How many rounds were scored (0 in a game that keeps no score).
        record: The game's record, when the simulation keeps records.
        rotation: How many seats the bots were moved on (duplicate games;
            0 otherwise): bot ``b`` sat in seat ``(b + rotation) % n``.

    >>> from rummyrules import GoingOutRummy
    >>> task = Chunk(
    ...     GoingOutRummy(max_turns=8), ("random", "random"), seed=1, start=0, stop=1
    ... )
    >>> outcome = play_one(task, 0)
    >>> outcome.turns, outcome.scores, outcome.record is None
    (8, None, True)
    """

    index: int
    seed: int
    winners: tuple[int, ...]
    scores: tuple[int, ...] | None
    moves: int
    turns: int
    rounds: int
    record: GameRecord | None = None
    rotation: int = 0


@attrs.frozen
class Chunk:
    """Games ``start`` to ``stop - 1`` of a simulation: all a worker needs to play them.

    Attributes:
        rules: The rules of every game.
        bots: One bot spec per seat; names and import paths are resolved
            where the games are played.
        seed: The simulation's seed.
        start: The first game's number.
        stop: One past the last game's number.
        records: Whether to keep each game's record.
        max_moves: Where a game among bots that never end it is given up.
        duplicate: Whether game ``g`` is rotation ``g % n`` of deal
            ``g // n`` (``n`` seats) rather than a deal of its own.

    >>> from rummyrules import EndOfThePage
    >>> Chunk(EndOfThePage(), ("greedy", "greedy"), seed=0, start=10, stop=20).stop
    20
    """

    rules: PlayableRules[Any]
    bots: tuple[BotSpec, ...]
    seed: int
    start: int
    stop: int
    records: bool = False
    max_moves: int = 1_000_000
    duplicate: bool = False


def chunks(  # noqa: PLR0913 - a chunk's every field, by keyword
    rules: PlayableRules[Any],
    bots: tuple[BotSpec, ...],
    *,
    seed: int,
    games: int,
    records: bool,
    max_moves: int,
    duplicate: bool = False,
) -> list[Chunk]:
    """The games cut into chunks of :data:`CHUNK_GAMES`, in order; the last may be short.

    >>> from rummyrules import EndOfThePage
    >>> parts = chunks(
    ...     EndOfThePage(),
    ...     ("greedy",) * 2,
    ...     seed=0,
    ...     games=25,
    ...     records=False,
    ...     max_moves=99,
    ... )
    >>> [(part.start, part.stop) for part in parts]
    [(0, 10), (10, 20), (20, 25)]
    """
    return [
        Chunk(
            rules,
            bots,
            seed=seed,
            start=start,
            stop=min(start + CHUNK_GAMES, games),
            records=records,
            max_moves=max_moves,
            duplicate=duplicate,
        )
        for start in range(0, games, CHUNK_GAMES)
    ]


class _Turns:
    """The turns taken so far: a new one starts when the player to move changes, or the round."""

    def __init__(self) -> None:
        self.count = 0
        self._last: tuple[tuple[RoundResult, ...], int] | None = None

    def seen(self, seen: View | GameState, player: int) -> None:
        if seen.to_move != player:
            return
        # The last round's result, which each count replaces, tells the round
        # (cheap to compare: the states and views of one round share the same tuple).
        key = (seen.round_results, player)
        if key != self._last:
            self.count += 1
            self._last = key


class _Seat:
    """A bot at the table whose own turns are counted as it is asked to move."""

    def __init__(self, bot: Bot, turns: _Turns) -> None:
        self._bot = bot
        self._turns = turns

    def choose(self, view: View) -> Move | None:
        self._turns.seen(view, view.player)
        return self._bot.choose(view)


class _ActionSeat(_Seat):
    """A seat whose bot chooses by action too: play_game then plays it on the fast path."""

    def __init__(self, bot: ActionBot, turns: _Turns) -> None:
        super().__init__(bot, turns)
        self._by_action = bot

    def choose_action(self, state: GameState, player: int) -> int | None:
        self._turns.seen(state, player)
        return self._by_action.choose_action(state, player)


def _seat(bot: Bot, turns: _Turns) -> _Seat:
    """The bot at the table, choosing by action where it can."""
    if isinstance(bot, ActionBot):
        return _ActionSeat(bot, turns)
    return _Seat(bot, turns)


def play_one(task: Chunk, index: int) -> GameOutcome:
    """Play game ``index`` of the task's simulation with fresh bots.

    An error in the game carries a note naming the game and its seed.

    >>> from rummyrules import EndOfThePage
    >>> task = Chunk(
    ...     EndOfThePage(rounds=1), ("greedy", "random"), seed=3, start=0, stop=1
    ... )
    >>> play_one(task, 0) == play_one(task, 0)
    True

    In a duplicate simulation games 0 and 1 are deal 0 with the bots in
    their seats, then moved on one seat:

    >>> deal = attrs.evolve(task, stop=2, duplicate=True)
    >>> [(outcome.seed, outcome.rotation) for outcome in play_chunk(deal)]
    [(8618182958283141, 0), (8618182958283141, 1)]
    """
    rules = task.rules
    number, rotation = divmod(index, len(task.bots)) if task.duplicate else (index, 0)
    deal = game_seed(task.seed, number)
    turns = _Turns()
    # A seat's bot is seeded by the seat, not by the bot: in a duplicate deal
    # two copies of one bot then play the same game in every rotation.
    seats = [
        _seat(bot_factory(spec)(seed=bot_seed(task.seed, number, seat)), turns)
        for seat, spec in enumerate(seating(task.bots, rotation))
    ]
    try:
        played = play_game(rules, seats, seed=deal, max_moves=task.max_moves)
    except Exception as error:
        place = f", rotation {rotation} of deal {number}" if task.duplicate else ""
        error.add_note(f"in game {index} of the simulation{place} (deal seed {deal})")
        raise
    state = played.state
    return GameOutcome(
        index=index,
        seed=deal,
        winners=state.winners,
        scores=state.scores if rules.keeps_score else None,
        moves=len(played.record.moves),
        turns=turns.count,
        rounds=len(state.score_sheet),
        record=played.record if task.records else None,
        rotation=rotation,
    )


def play_chunk(task: Chunk) -> tuple[GameOutcome, ...]:
    """Play the chunk's games in order; what a worker process or cluster worker runs.

    >>> from rummyrules import GoingOutRummy
    >>> task = Chunk(
    ...     GoingOutRummy(max_turns=4), ("random",) * 2, seed=0, start=3, stop=5
    ... )
    >>> [outcome.index for outcome in play_chunk(task)]
    [3, 4]
    """
    return tuple(play_one(task, index) for index in range(task.start, task.stop))
