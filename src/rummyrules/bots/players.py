"""The bot protocol, the random bot, and a whole game played by bots.

A bot is anything with a :meth:`~rummyrules.bots.Bot.choose` method that takes a player's
:class:`~rummyrules.View` (never the whole state, so a bot cannot cheat) and
returns one of the view's legal moves, or None to let a chance to move out of
turn go by. :func:`~rummyrules.bots.play_game` seats one bot per player and plays a whole game.

>>> from rummyrules import EndOfThePage
>>> played = play_game(
...     EndOfThePage(rounds=2), [RandomBot(seed=1), RandomBot(seed=2)], seed=7
... )
>>> played.state.is_over, len(played.state.score_sheet), len(played.record.moves) > 0
(True, 2, True)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Protocol, runtime_checkable

import attrs

from rummyrules.core.errors import OptionError
from rummyrules.core.shuffle import below, random_words
from rummyrules.formats.records import GameRecord
from rummyrules.game.moves import Move
from rummyrules.game.state import GameState, PlayableRules, View

__all__ = ["Bot", "PlayedGame", "RandomBot", "askers", "play_game"]


@runtime_checkable
class Bot(Protocol):
    """A player that chooses its moves from its own view of the game.

    >>> isinstance(RandomBot(seed=0), Bot)
    True
    """

    def choose(self, view: View) -> Move | None:
        """One of ``view.legal_moves``; None lets a move out of turn go by.

        On the bot's own turn it must return a move. Out of turn (a 1400
        claim, a Going Out drop) it is asked only when it has such moves,
        and may return None.

        >>> from rummyrules import EndOfThePage
        >>> view = EndOfThePage().new_game(seed=1).view(1)
        >>> RandomBot(seed=3).choose(view) in view.legal_moves
        True
        """


class RandomBot:
    """Chooses uniformly among the legal moves, from its own seeded generator.

    It never drops out of a Going Out game (that would end most games at
    once), and out of turn it takes a chance to claim half the time.

    >>> from rummyrules import GoingOutRummy
    >>> view = GoingOutRummy().new_game(seed=1).view(1)
    >>> [str(RandomBot(seed=5).choose(view))]
    ['draw']
    """

    def __init__(self, *, seed: int = 0) -> None:
        # A bot is a player, not a game value: its stream of random words
        # (the library's own generator, the same on every Python) moves on
        # with each choice, from the seed it was given.
        self._words = random_words(seed, "random bot")

    def choose(self, view: View) -> Move | None:
        """A random legal move, never ``drop``; out of turn, a claim or None.

        >>> from rummyrules import EndOfThePage
        >>> RandomBot(seed=1).choose(EndOfThePage().new_game(seed=1).view(0)) is None
        True
        """
        moves = [move for move in view.legal_moves if not move.leaves_game]
        if view.to_move != view.player and (not moves or below(self._words, 2)):
            return None
        return moves[below(self._words, len(moves))] if moves else None


@attrs.frozen
class PlayedGame:
    """A game the bots played: where it ended, and its record to save or replay.

    Attributes:
        state: The final state (its ``round_results`` say how the last round
            was counted; :func:`~rummyrules.replay_events` tells each round's
            from the record).
        record: The record of the game: the deal and every move, as
            :func:`~rummyrules.replay` reads it back.

    >>> from rummyrules import GoingOutRummy, replay
    >>> played = play_game(GoingOutRummy(max_turns=6), [RandomBot(), RandomBot()])
    >>> replay(played.record) == played.state
    True
    """

    state: GameState
    record: GameRecord


def play_game(
    rules: PlayableRules[Any],
    bots: Sequence[Bot],
    *,
    seed: int = 0,
    max_moves: int = 1_000_000,
) -> PlayedGame:
    """Play a whole game, one bot per player: the final state and the game's record.

    Before each move of the player to move, every other player who may move
    out of turn (a 1400 claim) is asked, in seat order from the player to
    move's left; the first move chosen is played. Bots are not asked whether
    to drop out of a Going Out game out of turn, which every player may at
    any moment: they may drop on their own turn. ``max_moves`` bounds a game among bots that
    never end it (an :class:`~rummyrules.OptionError` says so when it is
    reached).

    >>> from rummyrules import GoingOutRummy
    >>> played = play_game(
    ...     GoingOutRummy(max_turns=30), [RandomBot(), RandomBot()], seed=3
    ... )
    >>> played.state.is_over, played.state.turns, len(played.record.moves) > 30
    (True, 30, True)
    """
    players = rules.players
    if len(bots) != players:
        message = f"a game of {players} players needs {players} bots, not {len(bots)}"
        raise OptionError(message)
    game: GameState = rules.new_game(seed=seed)
    moves: list[Move] = []
    ends: list[int] = []
    for _ in range(max_moves):
        mover = game.to_move
        if mover is None:
            record = GameRecord(
                rules=rules,
                seed=seed,
                moves=tuple(moves),
                score_sheet=game.score_sheet,
                round_ends=tuple(ends),
                winners=game.winners,
            )
            return PlayedGame(game, record)
        move = _out_of_turn(game, bots, mover)
        if move is None:
            move = bots[mover].choose(game.view(mover))
            if move is None:
                message = f"the bot of player {mover} chose no move on its own turn"
                raise OptionError(message)
        rows = len(game.score_sheet)
        game = game.apply(move)
        moves.append(move)
        if len(game.score_sheet) > rows:
            ends.append(len(moves))
    message = f"the game did not end within {max_moves} moves"
    raise OptionError(message)


def _out_of_turn(game: GameState, bots: Sequence[Bot], mover: int) -> Move | None:
    for player in askers(game, mover):
        move = bots[player].choose(game.view(player))
        if move is not None:
            return move
    return None


def askers(game: GameState, mover: int) -> Iterator[int]:
    """The players :func:`play_game` asks for a move out of turn before ``mover`` moves, in order.

    Each other player who has a move out of turn but a drop (a 1400 claim),
    in seat order from the mover's left; the first move chosen is played.

    >>> from rummyrules import read_position
    >>> game = read_position(
    ...     "FourteenHundred players=3 | wild 9 | to_move 1 draw | claim 7H@0"
    ...     " | hands 2C 3C 4D / KS KD 8C / JD QD | melds 2: 4H 5H 6H | pile 7H 10S"
    ... )
    >>> list(askers(game, 1))
    [2]
    """
    for step in range(1, game.players):
        player = (mover + step) % game.players
        if any(not move.leaves_game for move in game.legal_moves(player=player)):
            yield player
