"""What no play of Toy Rummy reaches: the checks of a state or a view read from outside.

A game played through ``apply`` is always consistent; one read from a
position or from saved JSON may not be. The shared checks
(:mod:`rummyrules.formats.checks`) refuse what is wrong in any game: cards
lost or copied, a meld the rules do not allow, a player off the table, a game
with no move. Then they ask the rules (``check_state``, ``check_view``), which
come here for what only this game can tell: how many cards each hand holds,
who laid the melds, who won.

>>> from toy_game import ToyRummy
>>> game = ToyRummy().new_game(seed=4)
>>> check_state(game)
>>> check_state(game.replace(winner=1))
Traceback (most recent call last):
...
rummyrules.StateError: winner: there is a winner only once the game is over (TOY-6)
"""

from __future__ import annotations

from collections.abc import Sequence

from rummyrules import GameState, Phase, StateError, TableMeld, View
from rummyrules.authoring import check_turn_limit

from .machine import HAND_SIZE
from .state import ToyState, ToyView

__all__ = ["check_state", "check_view"]


def check_state(state: GameState) -> None:
    """Refuse a game of Toy Rummy, sound in shape, that no play reaches.

    >>> from toy_game import ToyRummy
    >>> game = ToyRummy().new_game(seed=4)
    >>> check_state(game.replace(stock=(), discard_pile=game.discard_pile + game.stock))
    Traceback (most recent call last):
    ...
    rummyrules.StateError: stock: a turn never begins with the stock empty; the turn before turned the pile over (TOY-7)
    """
    if not isinstance(state, ToyState):  # the shared checks make sure it is
        raise TypeError(f"expected a game of Toy Rummy, not {type(state).__name__}")
    sizes = [len(hand) for hand in state.hands]
    _check_table(state, sizes, state.melds, state.winners)
    if state.winner is not None and not state.is_over:
        raise StateError("winner: there is a winner only once the game is over (TOY-6)")
    # ALL-5: the shared check of a turn limit, which every game reads alike.
    check_turn_limit(state, state.rules.max_turns, goes_on=False, ends="game")
    if state.phase == Phase.DRAW and not state.stock:
        raise StateError(
            "stock: a turn never begins with the stock empty; the turn before "
            "turned the pile over (TOY-7)"
        )
    limit = state.rules.max_turns
    if (
        state.is_over
        and state.winner is None
        and (limit is None or state.turns < limit)
    ):
        raise StateError(
            "over: a game ends without a winner only at the turn limit (ALL-5)"
        )


def check_view(view: View) -> None:
    """Refuse a view of Toy Rummy, sound in shape, that no play shows.

    >>> import attrs
    >>> from toy_game import ToyRummy
    >>> view = ToyRummy().new_game(seed=4).view(0)
    >>> check_view(view)
    >>> check_view(attrs.evolve(view, hand_sizes=(5, 4)))
    Traceback (most recent call last):
    ...
    rummyrules.StateError: hand_sizes: player 1 holds 4 cards; with 0 cards in their melds they hold 5 (TOY-1, TOY-5)
    """
    if not isinstance(view, ToyView):  # the shared checks make sure it is
        raise TypeError(f"expected a view of Toy Rummy, not {type(view).__name__}")
    _check_table(view, view.hand_sizes, view.melds, view.winners)


def _check_table(
    table: GameState | View,
    sizes: Sequence[int],
    laid: Sequence[TableMeld],
    winners: Sequence[int],
) -> None:
    """What a state and a view both show: the melds, each hand's size, who won.

    Every turn draws one card and discards one, so a hand holds the five
    cards dealt less those its player melded; one more while its player is
    in the middle of a turn; none once they have won.
    """
    for number, meld in enumerate(laid, start=1):
        if set(meld.played_by) != {meld.owner}:
            raise StateError(f"meld {number}: nothing is laid off in Toy Rummy (TOY-4)")
    empty = [player for player, size in enumerate(sizes) if size == 0]
    if list(winners) != empty[:1] or len(empty) > 1:
        raise StateError(
            f"winners: the player who empties their hand wins and the game ends, so the "
            f"winners are {empty[:1]}, not {list(winners)[:3]} (TOY-6)"
        )
    for player, size in enumerate(sizes):
        melded = sum(len(meld.cards) for meld in laid if meld.owner == player)
        playing = table.phase == Phase.PLAY and table.to_move == player
        expected = HAND_SIZE + playing - melded
        if size and size != expected:
            raise StateError(
                f"hand_sizes: player {player} holds {size} cards; with {melded} cards "
                f"in their melds they hold {expected} (TOY-1, TOY-5)"
            )
