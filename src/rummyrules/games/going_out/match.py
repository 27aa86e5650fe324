"""A match of Going Out Rummy: the draw for first dealer (GOR-2), then the first to win two games (GOR-12).

A :class:`Match` is a frozen value like a game. It settles the first dealer
with the draw (:class:`DealerDraw`, GOR-2), plays its games one after another, and knows who plays
first in each: the winner of the last game, or, after a game nobody won, the
player who played first in it. The options may change between games.

>>> from rummyrules import GoingOutRummy, Match
>>> match = Match.start(GoingOutRummy(players=3), seed=11)
>>> match.game.to_move == (match.draw.dealer + 1) % 3
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final

import attrs

from rummyrules.core.cards import Card, Suit
from rummyrules.core.errors import DeckError, IllegalMoveError, OptionError
from rummyrules.core.inputs import brief, expect
from rummyrules.core.shuffle import random_words, shuffled
from rummyrules.game.dealing import check_seat, check_seed
from rummyrules.game.moves import Move
from rummyrules.game.rules import Rules
from rummyrules.games.going_out.state import GoingOutOptions, GoingOutState

__all__ = [
    "WINS_NEEDED",
    "DealerDraw",
    "Match",
    "draw_for_dealer",
    "game_seed",
    "seeded_draw",
    "strength",
]

# --- The draw for first dealer (GOR-2) ------------------------------------------

_SUITS: Final = {Suit.HEARTS: 0, Suit.DIAMONDS: 1, Suit.CLUBS: 2, Suit.SPADES: 3}


def strength(card: Card) -> tuple[int, int]:
    """How high a card stands in the draw: by rank, King high and Ace low, then suit.

    >>> king, queen, lower = map(Card.parse, ["KH", "QS", "QC"])
    >>> strength(king) > strength(queen) > strength(lower)
    True
    >>> strength(Card.parse("AS")) < strength(Card.parse("2H"))
    True
    """
    if card.rank is None or card.suit is None:
        raise DeckError("a WILDCARD has no place in the draw for first dealer (GOR-2)")
    return int(card.rank), _SUITS[card.suit]


@attrs.frozen(kw_only=True)
class DealerDraw:
    """The draw for first dealer: every card dealt face up, and who deals (GOR-2).

    Attributes:
        shuffler: The player who shuffled and dealt the draw.
        dealt: Each card shown, in the order it was dealt, with the player
            it was dealt to.
        dealer: The player whose card was highest: the first dealer.

    >>> from rummyrules import GoingOutRummy
    >>> print(GoingOutRummy(wildcards=1).draw_for_dealer(deck="* 5H 5D"))
    player 1: * 5H; player 0: 5D; player 0 deals
    """

    shuffler: int
    dealt: tuple[tuple[int, Card], ...]
    dealer: int

    def shown(self, player: int) -> tuple[Card, ...]:
        """The cards dealt face up to one player, in order (WILDCARDs included).

        >>> from rummyrules import GoingOutRummy
        >>> draw = GoingOutRummy().draw_for_dealer(deck="9S 9S 4H 4C")
        >>> [str(card) for card in draw.shown(1)], draw.dealer
        (['9S', '4H'], 0)
        """
        return tuple(card for who, card in self.dealt if who == player)

    def __str__(self) -> str:
        parts: list[str] = []
        for player, card in self.dealt:
            if parts and parts[-1].startswith(f"player {player}:"):
                parts[-1] += f" {card}"
            else:
                parts.append(f"player {player}: {card}")
        return "; ".join([*parts, f"player {self.dealer} deals"])


def draw_for_dealer(
    order: Sequence[Card], *, players: int, shuffler: int = 0
) -> DealerDraw:
    """Deal the draw for first dealer from a deck order, top card first (GOR-2).

    A pure function: the same order always gives the same draw. Raises
    :class:`~rummyrules.DeckError` in the one case the rule cannot settle: the
    deck runs out while players still tie.

    >>> from rummyrules import parse_cards
    >>> draw_for_dealer(parse_cards("QD QC 3S"), players=3).dealer
    2
    >>> draw_for_dealer(parse_cards("JS JS"), players=2)
    Traceback (most recent call last):
    ...
    rummyrules.DeckError: the deck ran out before the draw for first dealer was settled: players 1 and 0 still tie (GOR-2)
    >>> draw_for_dealer(parse_cards("JS QS"), players=3)
    Traceback (most recent call last):
    ...
    rummyrules.DeckError: the deck ran out before the draw for first dealer was settled: player 0 has no regular card yet (GOR-2)
    """
    cards = iter(order)
    dealt: list[tuple[int, Card]] = []
    tied = [(shuffler + seat) % players for seat in range(1, players + 1)]
    tie_break = False
    while True:
        shown = {
            player: _regular_card(cards, player, dealt, tied, tie_break=tie_break)
            for player in tied
        }
        tie_break = True
        best = max(strength(card) for card in shown.values())
        tied = [player for player in tied if strength(shown[player]) == best]
        if len(tied) == 1:
            return DealerDraw(shuffler=shuffler, dealt=tuple(dealt), dealer=tied[0])


def _regular_card(
    cards: Iterator[Card],
    player: int,
    dealt: list[tuple[int, Card]],
    tied: list[int],
    *,
    tie_break: bool,
) -> Card:
    """Deal to one player until a regular card shows (a WILDCARD does not count)."""
    for card in cards:
        dealt.append((player, card))
        if not card.is_wildcard:
            return card
    if tie_break:
        why = f"players {_names(tied)} still tie"
    else:
        why = f"player {player} has no regular card yet"
    message = (
        f"the deck ran out before the draw for first dealer was settled: {why} (GOR-2)"
    )
    raise DeckError(message)


def _names(players: list[int]) -> str:
    words = [str(player) for player in players]
    return ", ".join(words[:-1]) + " and " + words[-1]


def seeded_draw(
    rules: GoingOutOptions, *, seed: int = 0, shuffler: int = 0
) -> DealerDraw:
    """The draw for first dealer from the game's deck shuffled by ``seed`` (GOR-2).

    >>> from rummyrules import GoingOutRummy
    >>> rules = GoingOutRummy(players=4)
    >>> seeded_draw(rules, seed=7) == rules.draw_for_dealer(seed=7)
    True
    """
    players = rules.players
    check_seat(shuffler, name="shuffler", players=players)
    check_seed(seed)
    order = shuffled(rules.deck(), seed, "first dealer")
    return draw_for_dealer(order, players=players, shuffler=shuffler)


# --- The match (GOR-12) -----------------------------------------------------------

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
    def start(
        cls, rules: GoingOutOptions, *, seed: int = 0, shuffler: int = 0
    ) -> Match:
        """Draw for first dealer and deal the first game.

        >>> from rummyrules import GoingOutRummy
        >>> match = Match.start(GoingOutRummy(players=4), seed=2, shuffler=1)
        >>> match.game.dealer == match.draw.dealer
        True
        """
        _check_rules(rules)
        draw = seeded_draw(rules, seed=seed, shuffler=shuffler)
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
    def rules(self) -> GoingOutOptions:
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

    def next_game(self, rules: GoingOutOptions | None = None) -> Match:
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


def _check_rules(rules: object) -> GoingOutOptions:
    expect(rules, Rules, name="rules", what="GoingOutRummy rules")
    if not isinstance(rules, GoingOutOptions):
        message = (
            f"a match is played under GoingOutRummy rules, not {brief(rules)} (GOR-12)"
        )
        raise OptionError(message)
    return rules
