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

from .fast_path import ActionBot, kept_actions

__all__ = ["ActionBot", "Bot", "PlayedGame", "RandomBot", "askers", "play_game"]


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

    def choose_action(self, state: GameState, player: int) -> int | None:
        """The fast path's :meth:`choose`: the action of the move it would choose from ``state.view(player)``.

        It draws the same words and picks the same place among the same
        moves, listed as actions (``rummyrules.bots.fast_path.kept_actions``),
        so that a game played either way is the same game.

        >>> from rummyrules import GoingOutRummy
        >>> game = GoingOutRummy().new_game(seed=1).apply("draw")
        >>> by_move = RandomBot(seed=5).choose(game.view(1))
        >>> by_action = RandomBot(seed=5).choose_action(game, 1)
        >>> str(by_move), game.action_to_move(by_action) == by_move
        ('discard KS', True)
        """
        actions = kept_actions(state, player)
        if player != state.to_move and (not actions or below(self._words, 2)):
            return None
        return actions[below(self._words, len(actions))] if actions else None


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
    # A bot that chooses by action plays on the fast path: no view is built.
    seats: list[_Seat] = [
        (bot, bot if isinstance(bot, ActionBot) else None) for bot in bots
    ]
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
        choice = _out_of_turn(game, seats, mover) or _ask(game, seats[mover], mover)
        if choice is None:
            message = f"the bot of player {mover} chose no move on its own turn"
            raise OptionError(message)
        move, action, seat = choice
        rows = len(game.score_sheet)
        game = (
            game.apply(move)
            if action is None
            else game.apply_action(action, player=seat)
        )
        moves.append(move)
        if len(game.score_sheet) > rows:
            ends.append(len(moves))
    message = f"the game did not end within {max_moves} moves"
    raise OptionError(message)


_Choice = tuple[Move, int | None, int | None]
"""A bot's choice: its move; its action, where it chose one; the seat that moves out of turn, else None."""


_Seat = tuple[Bot, ActionBot | None]
"""A seat's bot, and the same bot where it chooses by action too."""


def _ask(game: GameState, seat: _Seat, player: int) -> _Choice | None:
    """What the bot in ``player``'s seat chooses: by action where it can, else from its view."""
    bot, by_action = seat
    out_of_turn = None if player == game.to_move else player
    if by_action is not None:
        action = by_action.choose_action(game, player)
        if action is None:
            return None
        return game.action_to_move(action, player=out_of_turn), action, out_of_turn
    move = bot.choose(game.view(player))
    return None if move is None else (move, None, out_of_turn)


def _out_of_turn(game: GameState, seats: Sequence[_Seat], mover: int) -> _Choice | None:
    for player in askers(game, mover):
        choice = _ask(game, seats[player], player)
        if choice is not None:
            return choice
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
        if kept_actions(game, player):
            yield player
