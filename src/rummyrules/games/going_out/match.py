"""A match of Going Out Rummy: the first to win two games (GOR-12).

A :class:`Match` is a frozen value like a game. It settles the first dealer
with the draw (GOR-2), plays its games one after another, and knows who plays
first in each: the winner of the last game, or, after a game nobody won, the
player who played first in it. The options may change between games.

>>> from rummyrules import GoingOutRummy, Match
>>> match = Match.start(GoingOutRummy(players=3), seed=11)
>>> match.game.to_move == (match.draw.dealer + 1) % 3
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import attrs

from rummyrules.core.errors import IllegalMoveError, OptionError, StateError
from rummyrules.core.inputs import brief, expect
from rummyrules.core.shuffle import random_words
from rummyrules.formats.checks import check_state
from rummyrules.game.moves import Move
from rummyrules.game.rules import Rules
from rummyrules.games.going_out.rules import DealerDraw, GoingOutRummy
from rummyrules.games.going_out.state import GoingOutState

__all__ = ["WINS_NEEDED", "Match", "check_match", "game_seed"]

WINS_NEEDED = 2
"""Games a player must win to win the match (GOR-12)."""


def game_seed(seed: int, number: int) -> int:
    """The seed of a match's game ``number`` (from 1), drawn from the match's seed.

    >>> game_seed(5, 1) == game_seed(5, 1) != game_seed(5, 2)
    True
    """
    words: Iterator[int] = random_words(seed, "match", "game", number)
    return next(words)


@attrs.frozen(kw_only=True)
class Match:
    """A match of Going Out Rummy, as a frozen value (GOR-12).

    Build one with :meth:`start`; play the current game with :meth:`apply`;
    when it is over, start the next with :meth:`next_game`, with new options
    if the players agree.

    Attributes:
        seed: The match's seed: it settles the draw for first dealer and
            gives each game its own seed (:func:`~rummyrules.games.going_out.match.game_seed`).
        draw: The draw for first dealer (GOR-2).
        games: Every game of the match so far, the last one the current game.

    >>> from rummyrules import GoingOutRummy
    >>> match = Match.start(GoingOutRummy(), seed=3)
    >>> len(match.games), match.wins, match.winner
    (1, (0, 0), None)
    """

    seed: int
    draw: DealerDraw
    games: tuple[GoingOutState, ...]

    @classmethod
    def start(cls, rules: GoingOutRummy, *, seed: int = 0, shuffler: int = 0) -> Match:
        """Draw for first dealer and deal the first game.

        >>> from rummyrules import GoingOutRummy
        >>> match = Match.start(GoingOutRummy(players=4), seed=2, shuffler=1)
        >>> match.game.dealer == match.draw.dealer
        True
        """
        _check_rules(rules)
        draw = rules.draw_for_dealer(seed=seed, shuffler=shuffler)
        game = rules.new_game(seed=game_seed(seed, 1), dealer=draw.dealer)
        return cls(seed=seed, draw=draw, games=(game,))

    @property
    def game(self) -> GoingOutState:
        """The game being played, or the last one played.

        >>> from rummyrules import GoingOutRummy
        >>> Match.start(GoingOutRummy(), seed=3).game.round
        1
        """
        return self.games[-1]

    @property
    def rules(self) -> GoingOutRummy:
        """The options of the current game.

        >>> from rummyrules import GoingOutRummy
        >>> Match.start(GoingOutRummy(hand_size=9), seed=3).rules.hand_size
        9
        """
        return _check_rules(self.game.rules)

    @property
    def wins(self) -> tuple[int, ...]:
        """How many games each player has won.

        >>> from rummyrules import GoingOutRummy
        >>> match = Match.start(GoingOutRummy(), seed=3).apply("1: drop")
        >>> match.wins
        (1, 0)
        """
        counts = [0] * self.game.players
        for game in self.games:
            for player in game.winners:
                counts[player] += 1
        return tuple(counts)

    @property
    def winner(self) -> int | None:
        """The player who won the match by winning two games, if anyone has.

        >>> from rummyrules import GoingOutRummy
        >>> Match.start(GoingOutRummy(), seed=3).winner is None
        True
        """
        return next(
            (player for player, won in enumerate(self.wins) if won >= WINS_NEEDED),
            None,
        )

    @property
    def is_over(self) -> bool:
        """Whether someone has won the match.

        >>> from rummyrules import GoingOutRummy
        >>> Match.start(GoingOutRummy(), seed=3).is_over
        False
        """
        return self.winner is not None

    @property
    def first_player(self) -> int:
        """Who plays first in the next game (the last winner, else the same player again).

        >>> from rummyrules import GoingOutRummy
        >>> match = Match.start(GoingOutRummy(players=3), seed=3)
        >>> match.first_player == match.game.to_move
        True
        >>> match.apply("0: drop").apply("1: drop").first_player
        2
        """
        game = self.game
        if game.winners:
            return game.winners[0]
        return (game.dealer + 1) % game.players

    def apply(self, move: Move | str, *, player: int | None = None) -> Match:
        """The match after a move in the current game (see :meth:`GameState.apply`).

        With ``player``, the move is made by that player, exactly as in
        :meth:`GameState.apply`: a front end passes the seat that sent it.

        >>> from rummyrules import GoingOutRummy
        >>> match = Match.start(GoingOutRummy(), seed=3)
        >>> match.apply("draw").game.phase.value
        'play'
        >>> match.apply("drop", player=0) == match.apply("0: drop")
        True
        """
        game = self.game.apply(move, player=player)
        return attrs.evolve(self, games=(*self.games[:-1], game))

    def next_game(self, rules: GoingOutRummy | None = None) -> Match:
        """Deal the next game, with the same options or new ones (GOR-12).

        The winner of the last game plays first, that is, sits at the new
        dealer's left. The players at the table stay the same.

        >>> from rummyrules import GoingOutRummy
        >>> match = Match.start(GoingOutRummy(), seed=3).apply("0: drop")
        >>> following = match.next_game(GoingOutRummy(hand_size=5, wildcards=2))
        >>> following.game.to_move, len(following.game.hand(1)), len(following.games)
        (1, 5, 2)
        """
        if not self.game.is_over:
            raise IllegalMoveError(
                f"game {len(self.games)} is still being played; finish it first",
                rule="GOR-12",
            )
        if self.is_over:
            raise IllegalMoveError(
                f"the match is over: player {self.winner} has won two games",
                rule="GOR-12",
            )
        rules = self.rules if rules is None else _check_rules(rules)
        players = self.game.players
        if rules.players != players:
            message = (
                f"a match keeps its {players} players; the next game cannot have "
                f"{rules.players} (GOR-12)"
            )
            raise OptionError(message)
        number = len(self.games) + 1
        dealer = (self.first_player - 1) % players
        game = rules.new_game(seed=game_seed(self.seed, number), dealer=dealer)
        return attrs.evolve(self, games=(*self.games, game))


def _check_rules(rules: object) -> GoingOutRummy:
    expect(rules, Rules, name="rules", what="GoingOutRummy rules")
    if not isinstance(rules, GoingOutRummy):
        message = (
            f"a match is played under GoingOutRummy rules, not {brief(rules)} (GOR-12)"
        )
        raise OptionError(message)
    return rules


def check_match(match: Match) -> None:
    """Refuse a match whose games could not have followed one another (GOR-12).

    >>> from rummyrules import GoingOutRummy, Match
    >>> check_match(Match.start(GoingOutRummy(), seed=4))
    """
    if not match.games:
        raise StateError("a match has at least one game")
    first = match.games[0].rules
    if not isinstance(first, GoingOutRummy):
        raise StateError("a match is played under GoingOutRummy rules (GOR-12)")
    for game in match.games:
        check_state(game)
        if not isinstance(game.rules, GoingOutRummy) or game.players != first.players:
            raise StateError(
                "every game of a match is Going Out Rummy with the same players"
            )
    draw = first.draw_for_dealer(seed=match.seed, shuffler=match.draw.shuffler)
    if draw != match.draw:
        raise StateError(
            "the draw for first dealer is not the one the match's seed gives"
        )
    following = draw.dealer
    for number, game in enumerate(match.games, start=1):
        if game.seed != game_seed(match.seed, number) or game.dealer != following:
            message = (
                f"game {number} is not dealt as the match's seed and its games say"
            )
            raise StateError(message)
        if number < len(match.games) and not game.is_over:
            raise StateError(f"game {number} is not over, yet another game follows it")
        winners = game.winners
        first_player = winners[0] if winners else (game.dealer + 1) % game.players
        following = (first_player - 1) % game.players
    wins = Counter(p for game in match.games[:-1] for p in game.winners)
    if wins and max(wins.values()) >= 2:
        raise StateError("a game follows the one in which a player won the match")
