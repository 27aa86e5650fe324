"""What no play of Going Out Rummy reaches: the checks of a state, view or match read from outside.

:mod:`rummyrules.formats.checks` checks what every game shares (the cards,
the melds, the players) and then asks the rules, whose ``check_state`` and
``check_view`` come here: hands of one size between turns (GOR-3, GOR-4),
melds only from going out, laid by the winner alone (GOR-4, GOR-7), who
dropped out and their cards (GOR-10), and who won, or why nobody did
(GOR-7, GOR-R3, GOR-R4). :func:`check_match` checks that a match's games
follow one another from its draw for first dealer (GOR-2, GOR-12).

>>> from rummyrules import GoingOutRummy
>>> game = GoingOutRummy(players=3).new_game(seed=4)
>>> check_state(game)
>>> check_state(game.replace(winner=1))
Traceback (most recent call last):
...
rummyrules.StateError: winner: there is a winner only once the game is over
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rummyrules.core.errors import StateError
from rummyrules.formats.checks import check_state as check_game
from rummyrules.game.checks import check_player, check_turn_limit
from rummyrules.game.state import GameState, Phase, View
from rummyrules.game.table import TableMeld
from rummyrules.games.going_out.match import Match, game_seed, seeded_draw
from rummyrules.games.going_out.state import (
    GoingOutOptions,
    GoingOutState,
    GoingOutView,
)

__all__ = ["check_match", "check_state", "check_view"]


def check_state(state: GameState) -> None:
    """Refuse a game of Going Out Rummy, sound in shape, that no play reaches.

    A state of another game raises TypeError.

    >>> from rummyrules import GoingOutRummy
    >>> game = GoingOutRummy(players=3).new_game(seed=4).apply("2: drop")
    >>> check_state(game)
    >>> check_state(game.replace(dropped=(2, 2)))
    Traceback (most recent call last):
    ...
    rummyrules.StateError: dropped: a player is named twice
    """
    if not isinstance(state, GoingOutState):
        raise TypeError(
            f"expected a game of Going Out Rummy, not {type(state).__name__}"
        )
    sizes = tuple(len(hand) for hand in state.hands)
    _check_players(state.winner, state.dropped, len(sizes))
    _check_credited(state.melds)
    _check_drops(state.dropped, sizes, state.to_move, "hands")
    check_turn_limit(
        state, state.rules.max_turns, goes_on=False, ends="game", rule="GOR-R4"
    )
    _check_dropped_cards(
        len(state.dropped_cards), len(state.dropped), state.rules.hand_size
    )
    _check_table(state, sizes=sizes, winner=state.winner, turns=state.turns)


def check_view(view: View) -> None:
    """Refuse a view of Going Out Rummy, sound in shape, that no play shows.

    A view of another game raises TypeError.

    >>> import attrs
    >>> from rummyrules import GoingOutRummy
    >>> view = GoingOutRummy(players=3).new_game(seed=4).view(0)
    >>> check_view(view)
    >>> check_view(attrs.evolve(view, hand_sizes=(7, 8, 7)))
    Traceback (most recent call last):
    ...
    rummyrules.StateError: hand_sizes: player 1 holds 8 cards; in the draw phase they hold 7 (GOR-3, GOR-4)
    """
    if not isinstance(view, GoingOutView):
        raise TypeError(
            f"expected a view of Going Out Rummy, not {type(view).__name__}"
        )
    sizes, winners = view.hand_sizes, view.winners
    if len(winners) > 1:
        raise StateError(
            f"winners: Going Out Rummy has one winner at most, not {len(winners)} (GOR-7)"
        )
    winner = winners[0] if winners else None
    _check_players(winner, view.dropped, len(sizes))
    _check_credited(view.melds)
    _check_drops(view.dropped, sizes, view.to_move, "hand_sizes")
    _check_table(view, sizes=sizes, winner=winner, turns=None, name="hand_sizes")


def _check_players(winner: int | None, dropped: Sequence[int], players: int) -> None:
    check_player("winner", winner, players)
    for player in dropped:
        check_player("dropped", player, players)


def _check_credited(melds: Sequence[TableMeld]) -> None:
    """GOR-4: nobody lays off, so every card of a meld is its owner's."""
    for number, laid in enumerate(melds, start=1):
        if any(player != laid.owner for player in laid.played_by):
            raise StateError(
                f"meld {number}: nobody lays off in Going Out Rummy, so all its cards "
                f"are its owner's, player {laid.owner}'s (GOR-4)"
            )


def _check_drops(
    dropped: Sequence[int], sizes: Sequence[int], to_move: int | None, name: str
) -> None:
    """GOR-10: each player drops once, their cards all going out of play, and plays no more."""
    if to_move in dropped:
        raise StateError(f"to_move: player {to_move} has dropped out (GOR-10)")
    if len(set(dropped)) != len(dropped):
        raise StateError("dropped: a player is named twice")
    for player in dropped:
        if sizes[player]:
            raise StateError(
                f"{name}: player {player} dropped out, so holds no cards (GOR-10)"
            )


def _check_dropped_cards(count: int, dropped: int, size: int) -> None:
    """GOR-10: each player who dropped left a whole hand, one card more in their own turn."""
    if count and not dropped:
        raise StateError(
            "dropped_cards: cards go out of play only when a player drops out (GOR-10)"
        )
    if not dropped * size <= count <= dropped * (size + 1):
        raise StateError(
            f"dropped_cards: {count} cards, but each player who drops out leaves "
            f"{size} or {size + 1} (GOR-10)"
        )


def _check_table(
    seen: GoingOutState | GoingOutView,
    *,
    sizes: Sequence[int],
    winner: int | None,
    turns: int | None,
    name: str = "hands",
) -> None:
    """GOR-3, GOR-4, GOR-R3: between turns hands of one size and no melds; the winner once over.

    A state and a view show the hands' sizes (``sizes``, under the field
    ``name``) and the winner each its own way; ``turns`` is None where it
    is not known (a view hides it, GOR-11).
    """
    dropped, phase = seen.dropped, seen.phase
    if phase == Phase.OVER:
        _check_winner(seen, sizes, winner, turns)
        return
    if len(sizes) - len(dropped) < 2:
        raise StateError("dropped: with one player left the game is over (GOR-R3)")
    if winner is not None:
        raise StateError("winner: there is a winner only once the game is over")
    if seen.melds:
        raise StateError(
            "melds: nothing is melded before a player goes out, which ends the game "
            "(GOR-4, GOR-7)"
        )
    hand_size = seen.rules.hand_size
    for player, held in enumerate(sizes):
        size = hand_size + (player == seen.to_move and phase == Phase.PLAY)
        if player not in dropped and held != size:
            raise StateError(
                f"{name}: player {player} holds {held} cards; in the {phase} phase "
                f"they hold {size} (GOR-3, GOR-4)"
            )


def _check_winner(
    seen: GoingOutState | GoingOutView,
    sizes: Sequence[int],
    winner: int | None,
    turns: int | None,
) -> None:
    """GOR-7, GOR-R3, GOR-R4: who won, and why a game over has no winner."""
    dropped, melds = seen.dropped, seen.melds
    if winner in dropped:
        raise StateError(f"winner: player {winner} dropped out (GOR-10)")
    if melds:
        # Who went out laid their whole hand down as their own melds.
        went = [m.owner for m in melds if not sizes[m.owner] and m.owner not in dropped]
        if winner not in went:
            if went:
                raise StateError(
                    f"winner: player {went[0]} went out, so won the game (GOR-7)"
                )
            raise StateError(
                "melds: melds are laid only to go out, and nobody went out (GOR-7)"
            )
        if any(meld.owner != winner for meld in melds):
            raise StateError(
                f"melds: player {winner} went out, laying down their whole hand as "
                "their own melds, and nobody else lays any (GOR-7)"
            )
        return
    rules = seen.rules
    alone = len(sizes) - len(dropped) == 1
    if winner is not None:
        if not alone or not rules.last_player_wins:
            raise StateError(
                f"winner: player {winner} neither went out nor was the last player "
                "left (GOR-7, GOR-R3)"
            )
        return
    limit = rules.max_turns
    if (
        (alone and not rules.last_player_wins)
        or turns is None
        or (limit is not None and turns >= limit)
    ):
        return
    raise StateError(
        "winner: the game is over with no winner, yet nobody went out, no turn "
        "limit was reached and more than the last player are left (GOR-7, "
        "GOR-R3, GOR-R4)"
    )


def check_match(match: Match) -> None:
    """Refuse a match whose games could not have followed one another (GOR-12).

    >>> from rummyrules import GoingOutRummy, Match
    >>> check_match(Match.start(GoingOutRummy(), seed=4))
    """
    if not match.games:
        raise StateError("a match has at least one game")
    first = match.games[0].rules
    if not isinstance(first, GoingOutOptions):
        raise StateError("a match is played under GoingOutRummy rules (GOR-12)")
    for game in match.games:
        check_game(game)  # the whole check: shared, then this game's
        if not isinstance(game.rules, GoingOutOptions) or game.players != first.players:
            raise StateError(
                "every game of a match is Going Out Rummy with the same players"
            )
    draw = seeded_draw(first, seed=match.seed, shuffler=match.draw.shuffler)
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
