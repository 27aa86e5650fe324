"""Going Out Rummy's options, state and view, and what each move does to the state.

The options are declared once, in :class:`GoingOutOptions`, which the rules
class :class:`~rummyrules.GoingOutRummy` inherits; the state and the view
name it as their ``rules``, so what reads an option reads it typed
(``state.rules.going_out``), with nothing restated.

The moves, once the rules of a turn (:mod:`~rummyrules.games.going_out.machine`)
allow them: a draw from the stock or the pile (GOR-4); a discard, after which
an empty stock is rebuilt (GOR-9); going out, which wins (GOR-7); a drop, after
which the last player left wins (GOR-10, GOR-R3); the turn limit (GOR-R4).

>>> from rummyrules import GoingOutRummy
>>> game = GoingOutRummy(players=3).new_game(seed=4)
>>> type(game).__name__, game.dropped, game.winner, game.rules.max_turns
('GoingOutState', (), None, None)
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any, cast

import attrs

from rummyrules import melds
from rummyrules.core.cards import Card
from rummyrules.core.hands import hand_after
from rummyrules.core.options import StockOut, about, at_least, between, choice, is_bool
from rummyrules.formats.game_rules import GameRules
from rummyrules.game.dealing import rebuilt_stock
from rummyrules.game.moves import Discard, Draw, Drop, GoOut, Take
from rummyrules.game.results import RoundResult
from rummyrules.game.state import GameState, Phase, View
from rummyrules.game.table import TableMeld

__all__ = [
    "GoingOut",
    "GoingOutOptions",
    "GoingOutState",
    "GoingOutView",
    "discard",
    "draw",
    "drop",
    "go_out",
    "take",
]


class GoingOut(enum.StrEnum):
    """How a hand may go out (GOR-7, and the Major/Minor variation GOR-8).

    >>> GoingOut("minor")
    <GoingOut.MINOR: 'minor'>
    """

    STANDARD = "standard"
    """Any number of melds, at most one card left over (GOR-7)."""
    MAJOR = "major"
    """Every card in one single meld (GOR-8)."""
    MINOR = "minor"
    """Every card but at most one in one single meld (GOR-8)."""


def _going_out(value: GoingOut | str) -> GoingOut:
    return choice(
        GoingOut, value, game="Going Out Rummy", name="going_out", rule="GOR-8"
    )


@attrs.frozen(kw_only=True, cache_hash=True)
class GoingOutOptions(GameRules["GoingOutState"]):
    """The options of Going Out Rummy, declared once; :class:`~rummyrules.GoingOutRummy` is the rules class.

    >>> from rummyrules import GoingOutRummy
    >>> [field.name for field in attrs.fields(GoingOutRummy)][:3]
    ['players', 'hand_size', 'wildcards']
    """

    players: int = attrs.field(
        default=2,
        validator=between(2, 10),
        metadata=about("GOR-1", "Players at the table."),
    )
    hand_size: int = attrs.field(
        default=7,
        validator=between(2, 10),
        metadata=about("GOR-1", "Cards dealt to each player."),
    )
    wildcards: int = attrs.field(
        default=0,
        validator=between(0, 9),
        metadata=about("GOR-1", "WILDCARDs added to the packs."),
    )
    going_out: GoingOut = attrs.field(
        default=GoingOut.STANDARD,
        converter=_going_out,
        metadata=about("GOR-8", "How a hand may go out: standard, major or minor."),
    )
    last_player_wins: bool = attrs.field(
        default=True,
        validator=is_bool,
        metadata=about(
            "GOR-R3", "The last player left after the others drop out wins."
        ),
    )
    max_turns: int | None = attrs.field(
        default=None,
        validator=at_least(1),
        metadata=about("GOR-R4", "Turns after which the game ends with no winner."),
    )


@attrs.frozen(kw_only=True)
class GoingOutState(GameState):
    """A game of Going Out Rummy, as a frozen value: one hand is the whole game.

    Attributes:
        phase: Draw, then go out or discard (GOR-4); over once someone wins.
        winner: Who won (went out, or was the last player left), once the
            game is over (GOR-7, GOR-R3); None while it goes on or when the
            game ended with no winner.
        dropped: The players who dropped out, in the order they dropped (GOR-10).
        dropped_cards: The cards of the players who dropped out, face down
            and out of play for the rest of the game (GOR-10).

    >>> from rummyrules import GoingOutRummy
    >>> game = GoingOutRummy().new_game(seed=3).apply("1: drop")
    >>> game.winner, game.winners, len(game.dropped_cards)
    (0, (0,), 7)
    """

    if TYPE_CHECKING:
        # This game's states hold this game's rules: the type checker reads
        # their options typed. Declared for it alone, the field stays where
        # GameState puts it, first, in reprs and saved JSON.
        rules: GoingOutOptions
    phase: Phase
    winner: int | None = None
    dropped: tuple[int, ...] = ()
    dropped_cards: tuple[Card, ...] = ()

    @property
    def out(self) -> int | None:
        """Who went out, laying the whole hand down (GOR-7), if anyone.

        >>> from rummyrules import GoingOutRummy
        >>> print(GoingOutRummy().new_game(seed=3).out)
        None
        """
        winner = self.winner
        if winner is None or self.hands[winner] or winner in self.dropped:
            return None
        return winner if any(meld.owner == winner for meld in self.melds) else None

    @property
    def winners(self) -> tuple[int, ...]:
        """The winner, once the game is over; nobody when it ended with none.

        >>> from rummyrules import GoingOutRummy
        >>> GoingOutRummy().new_game(seed=1).winners
        ()
        """
        if not self.is_over or self.winner is None:
            return ()
        return (self.winner,)

    def set_aside(self) -> tuple[Card, ...]:
        """The cards of the players who dropped out, out of play (GOR-10).

        >>> from rummyrules import GoingOutRummy
        >>> len(GoingOutRummy(players=3).new_game(seed=3).apply("2: drop").set_aside())
        7
        """
        return self.dropped_cards

    def view(self, player: int) -> GoingOutView:
        """What ``player`` may see, as this game's own view (see :meth:`GameState.view`).

        >>> from rummyrules import GoingOutRummy
        >>> game = GoingOutRummy().new_game(seed=1)
        >>> game.view(0).dropped
        ()
        """
        return cast("GoingOutView", super().view(player))

    def _view(self, player: int) -> GoingOutView:
        return GoingOutView(**self.view_fields(player), dropped=self.dropped)

    def _lines(self) -> list[str]:
        if not self.dropped:
            return []
        gone = ", ".join(map(str, self.dropped))
        cards = len(self.dropped_cards)
        return [f"  dropped out: player {gone}; {cards} cards out of play"]


@attrs.frozen(kw_only=True)
class GoingOutView(View):
    """What one player may see of a game of Going Out Rummy (GOR-11).

    The stock only as a rough size, the discard pile only its top card.

    Attributes:
        dropped: Who has dropped out (GOR-10).

    >>> from rummyrules import GoingOutRummy
    >>> view = GoingOutRummy(players=3).new_game(seed=4).view(1)
    >>> view.stock_count, view.dropped
    (None, ())
    """

    if TYPE_CHECKING:  # the game's own rules, as in its state
        rules: GoingOutOptions
    phase: Phase
    dropped: tuple[int, ...]


State = GoingOutState


# --- What each move does (GOR-4, GOR-7, GOR-9, GOR-10) --------------------------


def draw(state: State, move: Draw) -> State:
    """Draw the top card of the stock (GOR-4).

    >>> from rummyrules import Draw, GoingOutRummy
    >>> game = GoingOutRummy().new_game(seed=3)
    >>> after = draw(game, Draw())
    >>> after.phase, len(after.hand(1)) - len(game.hand(1))
    (<Phase.PLAY: 'play'>, 1)
    """
    del move
    return _drawn(
        state, state.stock[0], stock=state.stock[1:], discard_pile=state.discard_pile
    )


def take(state: State, move: Take) -> State:
    """Take the top card of the discard pile (GOR-4).

    >>> from rummyrules import GoingOutRummy, Take
    >>> game = GoingOutRummy(hand_size=2).position(
    ...     "to_move 1 draw | hands 7S 8S / 9H 9D | pile KC QH"
    ... )
    >>> after = take(game, Take())
    >>> " ".join(map(str, after.hand(1))), " ".join(map(str, after.discard_pile))
    ('9H 9D KC', 'QH')
    """
    del move
    pile = state.discard_pile
    return _drawn(state, pile[0], stock=state.stock, discard_pile=pile[1:])


def _drawn(
    state: State, card: Card, *, stock: tuple[Card, ...], discard_pile: tuple[Card, ...]
) -> State:
    player = state.to_move or 0
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], add=[card])
    return state.replace(
        phase=Phase.PLAY, hands=tuple(hands), stock=stock, discard_pile=discard_pile
    )


def discard(state: State, move: Discard) -> State:
    """Discard a card, which passes the turn left (GOR-4, GOR-9).

    >>> from rummyrules import GoingOutRummy, parse_move
    >>> game = GoingOutRummy(hand_size=2).position(
    ...     "to_move 1 play | hands 7S 8S / 9H 9D KC | pile QH"
    ... )
    >>> after = discard(game, parse_move("discard KC"))
    >>> after.to_move, after.phase, after.turns, str(after.discard_pile[0])
    (0, <Phase.DRAW: 'draw'>, 1, 'KC')
    """
    player = state.to_move or 0
    hands = list(state.hands)
    hands[player] = hand_after(hands[player], take=[move.card])
    return _end_turn(
        state, player, hands=tuple(hands), discard_pile=(move.card, *state.discard_pile)
    )


def go_out(state: State, move: GoOut) -> State:
    """Lay the hand down and win (GOR-7); the card left over is discarded (GOR-R1).

    >>> from rummyrules import GoingOutRummy, parse_move
    >>> game = GoingOutRummy(hand_size=3).position(
    ...     "to_move 1 play | hands 7S 8S 2C / 7H 7D 7C 9D"
    ... )
    >>> after = go_out(game, parse_move("out 7H 7D 7C discard 9D"))
    >>> [str(meld) for meld in after.melds], after.winners, after.is_over
    (['7H 7D 7C'], (1,), True)
    >>> str(after.discard_pile[0])
    '9D'
    """
    player = state.to_move or 0
    meld_rules = state.rules.meld_rules
    laid = tuple(
        TableMeld.laid(
            melds.readings(meld.cards, meld_rules, declared=meld.declared)[0],
            owner=player,
        )
        for meld in move.melds
    )
    hands = list(state.hands)
    hands[player] = ()
    pile = state.discard_pile
    return _over(
        state.replace(
            hands=tuple(hands),
            melds=(*state.melds, *laid),
            discard_pile=pile if move.discard is None else (move.discard, *pile),
            winner=player,
            turns=state.turns + 1,
        ),
        rule="GOR-7",
    )


def drop(state: State, move: Drop) -> State:
    """The player's cards go face down out of play; the turn passes on (GOR-10).

    The last player left at the table wins, unless the rules say otherwise
    (GOR-R3).

    >>> from rummyrules import Drop, GoingOutRummy
    >>> game = GoingOutRummy().new_game(seed=1)
    >>> after = drop(game, Drop(player=0))
    >>> after.dropped, after.winners, after.is_over
    ((0,), (1,), True)
    """
    player = state.to_move if move.player is None else move.player
    player = player or 0
    hands = list(state.hands)
    gone = hands[player]
    hands[player] = ()
    state = state.replace(
        hands=tuple(hands),
        dropped=(*state.dropped, player),
        dropped_cards=(*state.dropped_cards, *gone),
    )
    staying = [p for p in range(state.players) if p not in state.dropped]
    if len(staying) == 1:  # GOR-R3
        winner = staying[0] if state.rules.last_player_wins else None
        return _over(state.replace(winner=winner), rule="GOR-R3")
    if player != state.to_move:
        return state
    return _end_turn(state, player)


def _end_turn(state: State, player: int, **changes: Any) -> State:
    """Pass the turn left, rebuilding an empty stock (GOR-9); end at ``max_turns`` (GOR-R4)."""
    turns = state.turns + 1
    limit = state.rules.max_turns
    if limit is not None and turns >= limit:
        return _over(state.replace(turns=turns, **changes), rule="GOR-R4")
    if not changes.get("stock", state.stock):  # rare: the stock ran out
        state = rebuilt_stock(state.replace(**changes), StockOut.RESHUFFLE)
        changes = {}
    players = state.players
    following = (player + 1) % players
    while following in state.dropped:
        following = (following + 1) % players
    # One replace for the whole turn's end: this runs once per turn.
    return state.replace(phase=Phase.DRAW, to_move=following, turns=turns, **changes)


def _over(state: State, *, rule: str) -> State:
    """End the game: the hands as they lie are shown, though no points are counted."""
    result = RoundResult(
        round=1,
        hands=state.hands,
        melded=(),
        in_hand=(),
        bonus=(),
        net=(),
        went_out=state.winner,
        rule=rule,
    )
    return state.replace(phase=Phase.OVER, to_move=None, round_results=(result,))
