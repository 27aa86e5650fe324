"""The bot protocol, the random bot, and a whole game played by bots.

A bot is anything with a :meth:`~rummyrules.bots.Bot.choose` method that takes a player's
:class:`~rummyrules.View` (never the whole state, so a bot cannot cheat) and
returns one of the view's legal moves, or None to let a chance to move out of
turn go by. :func:`~rummyrules.bots.play_game` seats one bot per player and plays a whole game.

>>> from rummyrules import EndOfThePage
>>> game = play_game(
...     EndOfThePage(rounds=2), [RandomBot(seed=1), RandomBot(seed=2)], seed=7
... )
>>> game.is_over, len(game.score_sheet)
(True, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from rummyrules.core.errors import OptionError
from rummyrules.core.shuffle import below, random_words
from rummyrules.game.moves import Drop, Move
from rummyrules.game.state import GameState, PlayableRules, View

__all__ = ["Bot", "RandomBot", "play_game"]


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
        moves = [move for move in view.legal_moves if not isinstance(move, Drop)]
        if view.to_move != view.player and (not moves or below(self._words, 2)):
            return None
        return moves[below(self._words, len(moves))] if moves else None


def play_game(
    rules: PlayableRules[Any],
    bots: Sequence[Bot],
    *,
    seed: int = 0,
    max_moves: int = 1_000_000,
) -> GameState:
    """Play a whole game, one bot per player, and return the final state.

    Before each move of the player to move, every other player who may move
    out of turn (a 1400 claim) is asked, in seat order from the player to
    move's left; the first move chosen is played. Bots are not asked whether
    to drop out of a Going Out game out of turn, which every player may at
    any moment: they may drop on their own turn. ``max_moves`` bounds a game among bots that
    never end it (an :class:`~rummyrules.OptionError` says so when it is
    reached).

    >>> from rummyrules import GoingOutRummy
    >>> game = play_game(
    ...     GoingOutRummy(max_turns=30), [RandomBot(), RandomBot()], seed=3
    ... )
    >>> game.is_over, game.turns
    (True, 30)
    """
    players = rules.players
    if len(bots) != players:
        message = f"a game of {players} players needs {players} bots, not {len(bots)}"
        raise OptionError(message)
    game: GameState = rules.new_game(seed=seed)
    for _ in range(max_moves):
        mover = game.to_move
        if mover is None:
            return game
        move = _out_of_turn(game, bots, mover)
        if move is None:
            move = bots[mover].choose(game.view(mover))
            if move is None:
                message = f"the bot of player {mover} chose no move on its own turn"
                raise OptionError(message)
        game = game.apply(move)
    message = f"the game did not end within {max_moves} moves"
    raise OptionError(message)


def _out_of_turn(game: GameState, bots: Sequence[Bot], mover: int) -> Move | None:
    for step in range(1, game.players):
        player = (mover + step) % game.players
        if any(not isinstance(move, Drop) for move in game.legal_moves(player=player)):
            move = bots[player].choose(game.view(player))
            if move is not None:
                return move
    return None
