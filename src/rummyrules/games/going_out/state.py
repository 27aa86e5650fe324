"""Going Out Rummy's options, its own moves, its state and view; the draw, and a turn's end.

The options are declared once, in :class:`GoingOutOptions`, which the rules
class :class:`~rummyrules.GoingOutRummy` inherits; the state and the view
name it as their ``rules``, so what reads an option reads it typed
(``state.rules.going_out``), with nothing restated. The game's own moves,
:class:`GoOut` and :class:`Drop` (GOR-7, GOR-10), are declared and
registered with the move notation here.

What a draw from the stock or the pile does (GOR-4); how a turn ends, an empty stock
rebuilt (GOR-9), and how the game ends: at the turn limit (GOR-R4), or as a discard,
going out or a drop (:mod:`~rummyrules.games.going_out.machine`) ends it.

>>> from rummyrules import GoingOutRummy
>>> game = GoingOutRummy(players=3).new_game(seed=4)
>>> type(game).__name__, game.dropped, game.winner, game.rules.max_turns
('GoingOutState', (), None, None)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, cast

import attrs

from rummyrules.core import options
from rummyrules.core.cards import Card
from rummyrules.core.hands import hand_after
from rummyrules.core.options import StockOut, about, at_least, between, choice, is_bool
from rummyrules.formats.game_rules import GameRules
from rummyrules.game.dealing import rebuilt_stock
from rummyrules.game.move_base import Exit, JsonField, Move, TextForm
from rummyrules.game.moves import Draw, NewMeld, Take
from rummyrules.game.notation import register_move
from rummyrules.game.results import RoundResult
from rummyrules.game.state import GameState, Phase, View
from rummyrules.melds import Declaration

__all__ = [
    "Drop",
    "GoOut",
    "GoingOut",
    "GoingOutOptions",
    "GoingOutState",
    "GoingOutView",
    "draw",
    "end_turn",
    "game_over",
    "take",
]


class GoingOut(options.Choice):
    """How a hand may go out (GOR-7, and the Major/Minor variation GOR-8).

    >>> GoingOut("minor")
    <GoingOut.MINOR: 'minor'>
    """

    STANDARD = "standard", "any melds, at most one card left over"
    """Any number of melds, at most one card left over (GOR-7)."""
    MAJOR = "major", "every card in one meld"
    """Every card in one single meld (GOR-8)."""
    MINOR = "minor", "all cards but one in one meld"
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


# --- The game's own moves (GOR-7, GOR-10) ----------------------------------------


@attrs.frozen(kw_only=True)
class GoOut(Move):
    """Lay the whole hand down as melds, discarding the card left over (GOR-7).

    >>> from rummyrules import parse_move
    >>> print(parse_move("out 7S 7H 7D / AH 2H *=3H discard KC"))
    out 7S 7H 7D / AH 2H *=3H discard KC
    """

    kind: ClassVar[str] = "go_out"
    verb: ClassVar[str] = "out"
    form: ClassVar[TextForm] = "melds"
    action: ClassVar[int | None] = 10
    going_out: ClassVar[Exit] = "always"
    json_fields: ClassVar[tuple[JsonField, ...]] = ("melds", "discard")

    melds: tuple[NewMeld, ...]
    discard: Card | None = None

    def _body(self) -> str:
        text = "out " + " / ".join(meld._cards_text() for meld in self.melds)
        return text if self.discard is None else f"{text} discard {self.discard}"

    def played(self) -> tuple[tuple[Card, Declaration | None], ...]:
        """Every card the melds lay, meld by meld; the discard is no part of them.

        >>> from rummyrules import parse_move
        >>> len(parse_move("out 7S 7H 7D / AH 2H *=3H discard KC").played())
        6
        """
        return tuple(pair for meld in self.melds for pair in meld.played())

    def groups(self) -> tuple[tuple[tuple[Card, Declaration | None], ...], ...]:
        """Each meld's cards.

        >>> from rummyrules import parse_move
        >>> len(parse_move("out 7S 7H 7D / AH 2H *=3H").groups())
        2
        """
        return tuple(meld.played() for meld in self.melds)

    def moved(self) -> tuple[Card, ...]:
        """The melds' cards, then the discard.

        >>> from rummyrules import parse_move
        >>> len(parse_move("out 7S 7H 7D discard KC").moved())
        4
        """
        cards = tuple(card for card, _ in self.played())
        return cards if self.discard is None else (*cards, self.discard)

    @property
    def discarded(self) -> Card | None:
        """The card left over and discarded, if any.

        >>> from rummyrules import parse_move
        >>> str(parse_move("out 7S 7H 7D discard KC").discarded)
        'KC'
        """
        return self.discard


@attrs.frozen(kw_only=True)
class Drop(Move):
    """Drop out of the game, at any time (GOR-10).

    >>> str(Drop(player=3))
    '3: drop'
    """

    kind: ClassVar[str] = "drop"
    action: ClassVar[int | None] = 5
    leaves_game: ClassVar[bool] = True

    def _body(self) -> str:
        return "drop"


register_move(GoOut)
register_move(Drop)


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


# --- The draw, and how a turn and the game end (GOR-4, GOR-9, GOR-R4) ------------


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


def end_turn(state: State, player: int, **changes: Any) -> State:
    """Pass the turn left, rebuilding an empty stock (GOR-9); end at ``max_turns`` (GOR-R4).

    >>> from rummyrules import GoingOutRummy
    >>> game = GoingOutRummy(players=3, max_turns=5).new_game(seed=4)
    >>> end_turn(game, 1).to_move, end_turn(game.replace(turns=4), 1).is_over
    (2, True)
    """
    turns = state.turns + 1
    limit = state.rules.max_turns
    if limit is not None and turns >= limit:
        return game_over(state.replace(turns=turns, **changes), rule="GOR-R4")
    if not changes.get("stock", state.stock):  # rare: the stock ran out
        state = rebuilt_stock(state.replace(**changes), StockOut.RESHUFFLE)
        changes = {}
    players = state.players
    following = (player + 1) % players
    while following in state.dropped:
        following = (following + 1) % players
    # One replace for the whole turn's end: this runs once per turn.
    return state.replace(phase=Phase.DRAW, to_move=following, turns=turns, **changes)


def game_over(state: State, *, rule: str) -> State:
    """End the game: the hands as they lie are shown, though no points are counted.

    >>> from rummyrules import GoingOutRummy
    >>> over = game_over(GoingOutRummy().new_game(seed=1), rule="GOR-R4")
    >>> over.is_over, over.round_results[0].rule
    (True, 'GOR-R4')
    """
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
