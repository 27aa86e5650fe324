"""The game state every variant shares: hands, piles, table, scores, turn.

A :class:`GameState` is a frozen value. :meth:`~rummyrules.GameState.apply` returns a new
state and never changes the old one; a rejected move raises and changes
nothing (ALL-3). What moves are legal, and what a move does, is the business
of the variant's turn machine, which the state asks through its rules object.

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=7)
>>> game.round, game.to_move, game.phase
(1, 1, <Phase.DRAW: 'draw'>)
>>> after = game.apply("draw")
>>> len(after.hand(1)) == len(game.hand(1)) + 1, game.phase
(True, <Phase.DRAW: 'draw'>)
"""

from __future__ import annotations

import enum
import reprlib
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import attrs

from rummyrules.core.cards import Card, Rank
from rummyrules.core.errors import IllegalMoveError
from rummyrules.core.inputs import expect, expect_player, wrong_type
from rummyrules.game.moves import Move, parse_move
from rummyrules.game.table import TableMeld
from rummyrules.game.views import View, view_of

if TYPE_CHECKING:
    from rummyrules.game.rules import PlayableRules

__all__ = [
    "GameState",
    "Machine",
    "Phase",
    "Turn",
    "check_player",
    "game_over",
    "mover",
]


class Phase(enum.Enum):
    """Where the game stands: what kind of move comes next.

    >>> Phase.PLAY.value
    'play'
    """

    OPENING = "opening"
    """1400's first upcard, which each player in turn melds at once or passes (F14-6)."""
    DRAW = "draw"
    """The player to move must draw (EOP-5, F14-8)."""
    PLAY = "play"
    """The player has drawn and may now meld, lay off and discard (EOP-7 … EOP-12)."""
    LAST = "last"
    """In 1400, the next player's last draw and plays after a player went out
    without a discard, ended by ``done`` (F14-13)."""
    OVER = "over"
    """The game is over; there are no more moves."""


@attrs.frozen(kw_only=True)
class Turn:
    """What has happened so far in the turn being played.

    Attributes:
        taken: The card taken from the top of the discard pile this turn, if
            any (EOP-R3), or taken from deeper in it (EOP-6).
        must_meld: The card taken from deep in the discard pile, which must
            go into a new meld at once (EOP-6); None when there is none to make.
        support: The natural cards the player held before that deep pickup:
            two of them must join the taken card in the meld (EOP-6).
        held_copy: Whether the player already held a card equal to ``taken``
            before taking it (so discarding that card is not discarding the
            taken one, EOP-R3).
        must_use: 1400: the card chosen from the discard pile, which must be
            played (melded or laid off) before the turn ends (F14-9).
        drew: 1400's last plays: whether the player has drawn (F14-13).

    >>> Turn().must_meld is None
    True
    """

    taken: Card | None = None
    must_meld: Card | None = None
    support: tuple[Card, ...] = ()
    held_copy: bool = False
    must_use: Card | None = None
    drew: bool = False


@runtime_checkable
class Machine(Protocol):
    """A variant's turn machine: which moves are legal, and what each does.

    Each variant provides one; :class:`GameState` asks it through
    ``state.rules.machine``.

    >>> from rummyrules import EndOfThePage
    >>> isinstance(EndOfThePage().machine, Machine)
    True
    """

    def legal_moves(self, state: GameState) -> tuple[Move, ...]:
        """Every move the player to move may make, in a fixed order.

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=1)
        >>> game.rules.machine.legal_moves(game) == game.legal_moves()
        True
        """

    def moves_for(self, state: GameState, player: int) -> tuple[Move, ...]:
        """The moves a player other than the one to move may make now.

        Only 1400's claims (F14-12) are such moves; other games have none.

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=1)
        >>> game.rules.machine.moves_for(game, 0)
        ()
        """

    def normalize(self, state: GameState, move: Move) -> Move:
        """The move to play for ``move``, or an IllegalMoveError saying why none.

        The move to play is the listed move that ``move`` names; in Going Out
        Rummy, it may also be the player's own layout for going out.

        >>> from rummyrules import EndOfThePage
        >>> from rummyrules.game.moves import parse_move
        >>> game = EndOfThePage().new_game(seed=1)
        >>> str(game.rules.machine.normalize(game, parse_move("1: draw")))
        'draw'
        """

    def play(self, state: GameState, move: Move) -> GameState:
        """The state after a legal, listed move (:meth:`~rummyrules.GameState.apply` checks first).

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=1)
        >>> game.rules.machine.play(game, game.legal_moves()[0]) == game.apply("draw")
        True
        """

    def with_page(self, state: GameState, rounds: int) -> GameState:
        """The game with a page of ``rounds`` rows, where the variant has a page.

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=1)
        >>> game.rules.machine.with_page(game, 4) == game.with_page(4)
        True
        """


@attrs.frozen(kw_only=True)
class GameState:
    """A game in progress (or over), as a frozen value.

    Build one with the rules' ``new_game``; then :meth:`legal_moves` and
    :meth:`apply`. Players are numbered 0, 1, … clockwise; the dealer's left
    is the next number.

    Attributes:
        rules: The variant's rules object, with every option.
        seed: The seed that shuffles every round's deal (ALL-4).
        round: The round being played, from 1.
        dealer: The dealer of this round.
        wild: This round's wild rank (None where the variant has none).
        face_up: The card that set the wild rank, while it is still in the
            hand of ``face_up_holder``, face up for everyone (EOP-3, F14-4).
        face_up_holder: Who holds ``face_up``; None once it is played, as
            ``face_up`` then is.
        marker: 1400 with ``wild_card_dealt=False``: the wild-rank card lying
            on the table, out of play (F14-R3).
        hands: Each player's hand, in the order the library shows cards.
        stock: The stock, top card first.
        discard_pile: The discard pile, top card first.
        table: The melds on the table, in the order they were laid.
        scores: Each player's running total.
        score_sheet: One row of scores per finished round (the page).
        phase: What kind of move comes next.
        to_move: The player to move; None when the game is over.
        turn: What has happened so far in this turn.
        melded: Who has laid a meld of their own this round (EOP-9).
        had_turn: Who has had a turn this round (EOP-14).
        out: Who went out this round, if anyone.
        turns: How many turns have ended this round (ALL-5, GOR-R4).
        reshuffles: How many times the stock was rebuilt this round (EOP-R4).
        passes: 1400's opening: how many players have passed the upcard (F14-7).
        claim: 1400: the last discard while it may still be claimed (F14-12).
        discarder: Who discarded ``claim``.
        winner: Going Out Rummy: who won the game (went out, or was the last
            player left), once it is over (GOR-7, GOR-R3).
        dropped: Going Out Rummy: the players who dropped out, in the order
            they dropped (GOR-10).
        out_of_play: Going Out Rummy: the cards of the players who dropped,
            face down and out of play for the rest of the game (GOR-10).

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage(players=3).new_game(seed=5, dealer=1)
    >>> game.players, game.dealer, game.to_move, game.scores
    (3, 1, 2, (0, 0, 0))
    """

    rules: PlayableRules
    seed: int
    round: int
    dealer: int
    wild: Rank | None
    face_up: Card | None = None
    face_up_holder: int | None = None
    marker: Card | None = None
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    table: tuple[TableMeld, ...] = ()
    scores: tuple[int, ...]
    score_sheet: tuple[tuple[int, ...], ...] = ()
    phase: Phase
    to_move: int | None
    turn: Turn = Turn()
    melded: tuple[bool, ...]
    had_turn: tuple[bool, ...]
    out: int | None = None
    turns: int = 0
    reshuffles: int = 0
    passes: int = 0
    claim: Card | None = None
    discarder: int | None = None
    winner: int | None = None
    dropped: tuple[int, ...] = ()
    out_of_play: tuple[Card, ...] = ()
    # Legal moves, worked out once per state (a cache, not part of the value).
    _legal: tuple[Move, ...] | None = attrs.field(
        default=None, init=False, eq=False, repr=False, hash=False
    )

    @property
    def players(self) -> int:
        """How many players are at the table.

        >>> from rummyrules import EndOfThePage
        >>> EndOfThePage(players=3).new_game(seed=1).players
        3
        """
        return len(self.hands)

    @property
    def melds(self) -> tuple[TableMeld, ...]:
        """The melds on the table, numbered 1, 2, … in the order they were laid.

        >>> from rummyrules import EndOfThePage
        >>> EndOfThePage().new_game(seed=1).melds
        ()
        """
        return self.table

    @property
    def is_over(self) -> bool:
        """Whether the game has ended.

        >>> from rummyrules import EndOfThePage
        >>> EndOfThePage().new_game(seed=1).is_over
        False
        """
        return self.phase is Phase.OVER

    @property
    def winners(self) -> tuple[int, ...]:
        """Who won, once the game is over; empty while it goes on.

        In End of the Page and 1400, the players with the highest total (ties
        share). In Going Out Rummy, the player who went out or was left alone
        at the table; nobody when the game ended without a winner (GOR-R3,
        GOR-R4).

        >>> from rummyrules import EndOfThePage
        >>> EndOfThePage().new_game(seed=1).winners
        ()
        """
        if not self.is_over:
            return ()
        if not self.rules.keeps_score:
            return () if self.winner is None else (self.winner,)
        best = max(self.scores)
        return tuple(p for p, score in enumerate(self.scores) if score == best)

    def hand(self, player: int) -> tuple[Card, ...]:
        """One player's hand, in the order the library shows cards.

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=1)
        >>> len(game.hand(0)) > 0
        True
        """
        if type(player) is not int:  # checked only off the common path
            expect_player(player)
        return self.hands[player]

    def legal_moves(self, player: int | None = None) -> tuple[Move, ...]:
        """Every move the player to move may make, and nothing else (ALL-2).

        Each wild card in a listed meld or lay-off is declared. The moves come
        in a fixed order, so the same state lists them the same way. With
        ``player``, the moves that player may make now even out of turn (in
        1400, claims of the last discard, F14-12); a ``player`` that is no
        whole number (``"0"``, ``True``) raises TypeError.

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=1)
        >>> [str(move) for move in game.legal_moves()], game.legal_moves(player=0)
        (['draw', 'take'], ())
        """
        if player is not None:
            expect_player(player)
        if player is not None and player != self.to_move:
            check_player(self, player)
            return self.rules.machine.moves_for(self, player)
        legal = self._legal
        if legal is None:
            legal = self.rules.machine.legal_moves(self)
            # Set once: a frozen value may still remember what it worked out.
            object.__setattr__(self, "_legal", legal)
        return legal

    def apply(self, move: Move | str, *, player: int | None = None) -> GameState:
        """The state after the move; the move may be a value or its text.

        With ``player``, the move is made by that player (a front end passes
        the seat that sent it): a move that names no player is theirs, and a
        move in their turn or out of it is checked as such.

        Shorthand is accepted where it names exactly one listed move: a wild
        may be left undeclared when it has only one reading. In Going Out
        Rummy, going out is accepted with any valid layout of the hand, not
        only the one :meth:`legal_moves` lists for its discard. A move the rules
        forbid raises :class:`~rummyrules.IllegalMoveError`, naming the rule;
        text that is no move raises :class:`~rummyrules.MoveParseError`.
        Either way this state is unchanged. A move that is neither a
        :class:`~rummyrules.Move` nor text, or a player that is no whole
        number, raises TypeError.

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=1)
        >>> game.apply("discard 7H")
        Traceback (most recent call last):
        ...
        rummyrules.IllegalMoveError: draw first: a turn begins with 'draw' or 'take' (EOP-5)
        >>> game.apply("draw", player=0)
        Traceback (most recent call last):
        ...
        rummyrules.IllegalMoveError: it is player 1's turn, not player 0's (ALL-2)
        >>> game.apply("draw", player=1) == game.apply("draw")
        True
        """
        if isinstance(move, str):
            move = parse_move(move)
        elif not isinstance(move, Move):
            raise wrong_type(move, name="move", what="a Move or its text")
        if player is not None:
            expect_player(player)
            if move.player is None:
                move = attrs.evolve(move, player=player)
            elif move.player != player:
                message = (
                    f"player {player} cannot make a move in player {move.player}'s name"
                )
                raise IllegalMoveError(message, rule="ALL-3")
        mover(self)  # a game over accepts no move (ALL-2)
        if move.player is not None:
            check_player(self, move.player)
        machine = self.rules.machine
        out_of_turn = move.player is not None and move.player != self.to_move
        if out_of_turn and move in machine.moves_for(self, move.player or 0):
            return machine.play(self, move)
        if move not in self.legal_moves():  # a listed move is found at once
            # The machine names the move to play, or explains the refusal.
            move = machine.normalize(self, move)
        return machine.play(self, move)

    def view(self, player: int) -> View:
        """What ``player`` may see: their own hand and what lies face up.

        Other hands show only their sizes; the stock only its size, and in
        Going Out Rummy only roughly, with the discard pile cut to its top
        card (GOR-11). The view lists the player's legal moves. A ``player``
        that is no whole number raises TypeError.

        >>> from rummyrules import GoingOutRummy
        >>> game = GoingOutRummy().new_game(seed=1)
        >>> view = game.view(0)
        >>> (
        ...     view.hand == game.hand(0),
        ...     view.stock_count,
        ...     [str(m) for m in view.legal_moves],
        ... )
        (True, None, ['0: drop'])
        """
        expect_player(player)
        check_player(self, player)
        return view_of(self, player)

    def position(self) -> str:
        """The state as one line of text, which ``rules.position`` reads back.

        >>> from rummyrules import GoingOutRummy
        >>> rules = GoingOutRummy(hand_size=2)
        >>> game = rules.position("to_move 1 draw | hands 7S 8S / 9H 9D | pile KC")
        >>> rules.position(game.position()) == game
        True
        """
        from rummyrules.formats.positions import write_position  # noqa: PLC0415 - it imports this module

        return write_position(self)

    def with_page(self, rounds: int) -> GameState:
        """The game with the page taped longer or ripped shorter (EOP-17).

        Returns a new state whose rules have ``rounds`` rows; never fewer than
        the rounds already begun.

        >>> from rummyrules import EndOfThePage
        >>> EndOfThePage().new_game(seed=1).with_page(12).rules.rounds
        12
        """
        expect(rounds, int, name="rounds", what="a whole number of rounds (int)")
        return self.rules.machine.with_page(self, rounds)

    def __str__(self) -> str:
        lines = [
            f"{self.rules.name}, round {self.round}, dealer {self.dealer}, "
            f"wild {self.wild}, {self.phase.value}, player {self.to_move} to move",
        ]
        for player, hand in enumerate(self.hands):
            lines.append(f"  hand {player}: {' '.join(map(str, hand))}")
        for number, meld in enumerate(self.table, start=1):
            lines.append(f"  meld {number} (player {meld.owner}): {meld}")
        top = " ".join(map(str, self.discard_pile))
        lines.append(f"  discard pile (top first): {top}")
        if self.marker is not None:
            lines.append(f"  on the table, showing the wild rank: {self.marker}")
        if self.claim is not None:
            lines.append(f"  {self.claim} may be claimed until the next draw")
        if self.dropped:
            gone = ", ".join(map(str, self.dropped))
            lines.append(
                f"  dropped out: player {gone}; {len(self.out_of_play)} cards out of play"
            )
        lines.append(f"  stock: {len(self.stock)} cards; scores {list(self.scores)}")
        return "\n".join(lines)


def game_over(state: GameState) -> GameState:
    """The state once the game has ended: nobody moves any more.

    >>> from rummyrules import EndOfThePage
    >>> game_over(EndOfThePage().new_game(seed=4)).winners
    (0, 1)
    """
    return attrs.evolve(
        state, phase=Phase.OVER, to_move=None, turn=Turn(), claim=None, discarder=None
    )


def mover(state: GameState) -> int:
    """The player to move; while the game is over, why there is no move (ALL-2).

    Every game and every path says "the game is over" this one way: a game
    over lists no moves, so it accepts none.

    >>> from rummyrules import EndOfThePage
    >>> mover(EndOfThePage().new_game(seed=1))
    1
    >>> mover(game_over(EndOfThePage().new_game(seed=1)))
    Traceback (most recent call last):
    ...
    rummyrules.IllegalMoveError: the game is over (ALL-2)
    """
    if state.to_move is None:
        raise IllegalMoveError("the game is over", rule="ALL-2")
    return state.to_move


def check_player(state: GameState, player: object) -> int:
    """The player, once someone sits at that number; else why not (ALL-2).

    Every game and every entry point (``apply``, ``legal_moves``, ``view``,
    the turn machines) refuses a player number off the table this one way:
    no move is ever listed for that player.

    >>> from rummyrules import GoingOutRummy
    >>> check_player(GoingOutRummy().new_game(seed=1), 7)
    Traceback (most recent call last):
    ...
    rummyrules.IllegalMoveError: there is no player 7: the players are 0 to 1 (ALL-2)
    """
    if type(player) is int and 0 <= player < state.players:
        return player
    if type(player) is not int:
        shown = reprlib.repr(player)
    elif abs(player) < 10**9:
        shown = str(player)
    else:  # a huge number has no cheap text, and the message stays short
        shown = "by that number"
    message = f"there is no player {shown}: the players are 0 to {state.players - 1}"
    raise IllegalMoveError(message, rule="ALL-2")
