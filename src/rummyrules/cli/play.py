r"""``rummyrules play``: a person plays against bots in the terminal.

The table is shown from the person's own :class:`~rummyrules.View` (their
hand, what lies face up, card counts), never from the whole game. They type
moves in the move notation (``draw``, ``meld 7S 8S 9S``, ``discard KC``), or
the number of a listed move; a refused move is explained with the rule it
breaks and the turn goes on. ``moves`` lists the legal moves, ``rule EOP-8``
(or ``? EOP-8``) prints a rule the screen cites, ``help`` explains the
commands, ``quit`` (or the end of input) leaves the game.

>>> import io, sys
>>> from rummyrules.cli import main
>>> sys.stdin = io.StringIO("discard KS\nquit\n")
>>> args = ["play", "gor", "--seed", "1", "--bots", "random", "--seat", "1"]
>>> main(args)  # doctest: +ELLIPSIS
Going Out Rummy, 2 players; you are player 2 (seat 1 in the notation), against random. Seed 1.
...
Your hand: AC 2H 4C 9H JS QS KS
Your moves: draw, drop
your move> discard KS
Not allowed: draw first: a turn begins with 'draw' or 'take' (GOR-4)
your move> quit
You leave the game.
0
>>> sys.stdin = sys.__stdin__
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import attrs

from rummyrules.bots import Bot
from rummyrules.core.cards import in_deck_words
from rummyrules.core.errors import MoveParseError, RummyRulesError
from rummyrules.formats.records import record_game
from rummyrules.game.duties import Duty
from rummyrules.game.moves import LayOff, Move
from rummyrules.game.notation import parse_move
from rummyrules.game.state import GameState

from .commentary import Narrator
from .commentary import mover as made_by
from .printer import Printer
from .reference import look_up_rule
from .seats import make_bots, seat_names
from .table import show_hand, show_table
from .variants import rules_from
from .words import seat_name, seat_names_for

__all__ = ["HELP", "Session", "play", "read_line"]

HELP = """\
Type a move in the move notation, or the number of a listed move:
  draw                 take the top card of the stock
  take, take 7H        take the top discard, or the topmost 7H of the pile
  meld 7S 8S 9S        lay a new meld; declare a wild as 5H=8S (run) or 3S=4 (set)
  lay 3C on 1          lay a card off onto meld 1
  discard KC           discard, which ends the turn
  pass, done, knock, out ..., drop   where the game has them
Commands: moves (list the legal moves), show (the table again),
  rule GOR-4 (or ? GOR-4: read a rule the table cites), help, quit."""
"""The text ``help`` prints."""


class _Quit(Exception):  # noqa: N818 - a signal to leave the game, not an error
    """The person left the game (``quit``, or the end of input)."""


def read_line(prompt: str) -> str | None:
    r"""Read one line after the prompt; None at the end of input.

    When input is not a terminal (a file, a pipe, a test), the line is
    echoed, so the transcript shows what was played.

    >>> import io, sys
    >>> sys.stdin = io.StringIO("draw\n")
    >>> read_line("your move> ")
    your move> draw
    'draw'
    >>> read_line(">") is None  # the end of input
    >
    True
    >>> sys.stdin = sys.__stdin__
    """
    try:
        line = input(prompt)
    except EOFError:
        sys.stdout.write("\n")
        return None
    if not sys.stdin.isatty():
        sys.stdout.write(line + "\n")
    return line


class Session:
    """One person's game against bots: the state, the seats and the dialogue.

    >>> import io
    >>> from rummyrules import EndOfThePage
    >>> from rummyrules.cli.printer import Printer
    >>> session = Session(
    ...     EndOfThePage().new_game(seed=1),
    ...     human=0,
    ...     bots=[],
    ...     printer=Printer(out=io.StringIO(), err=io.StringIO()),
    ...     read=lambda prompt: None,
    ... )
    >>> session.names
    ['you', 'player 2']
    """

    def __init__(
        self,
        game: GameState,
        *,
        human: int,
        bots: Sequence[Bot],
        printer: Printer,
        read: Callable[[str], str | None],
    ) -> None:
        self.game = game
        self.human = human
        self.bots = bots
        self.printer = printer
        self.read = read
        self.names = seat_names_for(game.players, human=human)
        self.narrator = Narrator(printer, self.names)
        self.moves: list[Move] = []
        self._shown: tuple[int, int, int | None] | None = None
        self._last_mover: int | None = None
        self._declined: tuple[int, int, int] | None = None
        self._duties_said: tuple[int, int, tuple[Duty, ...]] | None = None

    def run(self) -> bool:
        """Play until the game is over (True) or the person leaves (False).

        >>> import io
        >>> from rummyrules import EndOfThePage
        >>> from rummyrules.cli.printer import Printer
        >>> session = Session(
        ...     EndOfThePage().new_game(seed=1),
        ...     human=1,
        ...     bots=[],
        ...     printer=Printer(out=io.StringIO(), err=io.StringIO()),
        ...     read=lambda prompt: "quit",
        ... )
        >>> session.run()
        False
        """
        self.narrator.start(self.game)
        try:
            while not self.game.is_over:
                move, after = self._next_move()
                self.narrator.move(self.game, move, after)
                self.moves.append(move)
                self._last_mover = made_by(self.game, move)
                self.game = after
        except _Quit:
            self.narrator.flush()
            return False
        self.narrator.finish(self.game)
        return True

    def _next_move(self) -> tuple[Move, GameState]:
        game = self.game
        mover = game.to_move if game.to_move is not None else 0
        # Before each move, the others may move out of turn (a 1400 claim),
        # asked in seat order from the mover's left, as play_game asks bots.
        for step in range(1, game.players):
            player = (mover + step) % game.players
            if all(m.leaves_game for m in game.legal_moves(player=player)):
                continue
            if player == self.human:
                chosen = self._offer_claim()
            else:
                move = self.bots[player].choose(game.view(player))
                chosen = None if move is None else (move, game.apply(move))
            if chosen is not None:
                return chosen
        if mover == self.human:
            return self._ask_turn()
        move = self.bots[mover].choose(game.view(mover))
        if move is None:
            message = f"the bot of {seat_name(mover)} chose no move on its own turn"
            raise RummyRulesError(message)
        return move, game.apply(move)

    def _offer_claim(self) -> tuple[Move, GameState] | None:
        game = self.game
        offer = (game.round, game.turns, len(game.discard_pile))
        if offer == self._declined:
            return None
        self.narrator.flush()
        claims = [m for m in game.legal_moves(player=self.human) if not m.leaves_game]
        # A claim is offered right after the discard it claims (F14-12).
        who = "a player" if self._last_mover is None else self.names[self._last_mover]
        card = next((str(m.card) for m in claims if isinstance(m, LayOff)), "a card")
        self.printer.line(
            f"{who} discarded {card}; you may claim it out of turn:", style="bold"
        )
        self._list(claims)
        chosen = self._ask(claims, "claim (Enter to let it go)> ", out_of_turn=True)
        if chosen is None:
            self._declined = offer
        return chosen

    def _ask_turn(self) -> tuple[Move, GameState]:
        self.narrator.flush()
        shown = (self.game.round, self.game.turns, self.game.to_move)
        self.show(full=shown != self._shown)
        self._shown = shown
        while True:
            chosen = self._ask(
                self.game.legal_moves(), "your move> ", out_of_turn=False
            )
            if chosen is not None:
                return chosen

    def _ask(
        self, legal: Sequence[Move], prompt: str, *, out_of_turn: bool
    ) -> tuple[Move, GameState] | None:
        """Read commands until a move is played; None for Enter out of turn."""
        while True:
            line = self.read(prompt)
            if line is None:
                raise _Quit
            text = line.strip()
            command = text.lower()
            if command in {"quit", "exit", "q"}:
                raise _Quit
            if not text:
                if out_of_turn:
                    return None
                continue
            word, _, asked = text.partition(" ")
            if word.lower() in {"rule", "?"} and asked.strip():
                look_up_rule(asked.strip(), self.printer)
            elif command in {"help", "?", "h"}:
                self.printer.line(HELP)
            elif command in {"moves", "m"}:
                self._list(legal)
            elif command in {"show", "look"}:
                self.show(full=True)
            else:
                chosen = self._try(text, legal, out_of_turn=out_of_turn)
                if chosen is not None:
                    return chosen

    def _try(
        self, text: str, legal: Sequence[Move], *, out_of_turn: bool
    ) -> tuple[Move, GameState] | None:
        """Play the typed move, or explain why it cannot be played (with its rule)."""
        try:
            if text.isdigit():
                number = int(text)
                if not 1 <= number <= len(legal):
                    self.printer.line(
                        f"There is no move {number}: the moves are numbered 1 to {len(legal)}",
                        style="red",
                    )
                    return None
                move = legal[number - 1]
            else:
                move = parse_move(text)
            if move.player is not None and move.player != self.human:
                self.printer.line(
                    f"You are {seat_name(self.human)}: in the notation,"
                    f" your moves begin '{self.human}:'.",
                    style="red",
                )
                return None
            if out_of_turn and move.player is None:
                move = attrs.evolve(move, player=self.human)
            after = self.game.apply(move)
        except MoveParseError as error:
            # Card text is explained for this game's deck (no 2s in End of the Page).
            said = in_deck_words(str(error), self.game.rules.deck())
            self.printer.line(f"{said}; type 'moves' to list your moves", style="red")
            return None
        except RummyRulesError as error:
            # IllegalMoveError's message ends with its rule ID: "(EOP-5)".
            self.printer.line(f"Not allowed: {error}", style="red")
            return None
        if move.leaves_game and not self._sure_to_drop():
            return None
        return move, after

    def _sure_to_drop(self) -> bool:
        """Ask before dropping out, which cannot be undone (GOR-10); a move number is easily mistyped."""
        answer = self.read(
            "Drop out of the game for good? Your cards leave play (GOR-10). yes/no> "
        )
        if answer is None:
            raise _Quit
        if answer.strip().lower() in {"yes", "y"}:
            return True
        self.printer.line("You stay in the game.")
        return False

    def _list(self, legal: Sequence[Move]) -> None:
        for number, move in enumerate(legal, start=1):
            text = str(move).split(":", 1)[-1].strip()  # "0:" goes without saying
            self.printer.line(f"  {number:>2}. {text}")

    def show(self, *, full: bool = True) -> None:
        """Show the table as the person may see it; ``full=False`` shows only the hand.

        What the turn asks (a card that must be played) is said once a turn,
        and again whenever the whole table is shown.

        >>> import io
        >>> from rummyrules import EndOfThePage
        >>> from rummyrules.cli.printer import Printer
        >>> out = io.StringIO()
        >>> session = Session(
        ...     EndOfThePage().new_game(seed=1),
        ...     human=1,
        ...     bots=[],
        ...     printer=Printer(out=out, err=io.StringIO()),
        ...     read=lambda prompt: None,
        ... )
        >>> session.show()
        >>> print(out.getvalue(), end="")
        <BLANKLINE>
        Your turn: round 1, player 1 deals, wild 4 (player 1 holds 4C face up)
        Scores: player 1 0, you 0
        Melds on the table: none
        Discard pile (top first): JS
        Stock: 40 cards
        Cards in hand: player 1 4
        Your hand: 3H 7D JC
        Your moves: draw, take
        """
        view = self.game.view(self.human)
        if full:
            show_table(self.printer, view, self.names, human=self.human)
        owed = self.game.duties(self.human)
        turn = (self.game.round, self.game.turns, owed)
        show_hand(self.printer, view, owed if full or turn != self._duties_said else ())
        self._duties_said = turn


def play(
    args: argparse.Namespace,
    printer: Printer,
    read: Callable[[str], str | None] = read_line,
) -> int:
    """Play a game against bots, reading moves with ``read``; 0 when it ends or is left.

    >>> import io
    >>> from rummyrules import GoingOutRummy
    >>> from rummyrules.cli.printer import Printer
    >>> args = argparse.Namespace(
    ...     variant=GoingOutRummy, seed=2, seat=0, bots=("random",), record=None
    ... )
    >>> play(args, Printer(out=io.StringIO(), err=io.StringIO()), lambda prompt: "quit")
    0
    """
    rules = rules_from(args.variant, args)
    players = rules.players
    if not 0 <= args.seat < players:
        message = f"--seat must be a player from 0 to {players - 1}, not {args.seat}"
        raise RummyRulesError(message)
    bots = make_bots(args.bots, players, seed=args.seed)
    seats = seat_names(args.bots, players)
    others = sorted({seats[p] for p in range(players) if p != args.seat})
    printer.line(
        f"{rules.name}, {players} players; you are {seat_name(args.seat)}"
        f" (seat {args.seat} in the notation), against "
        f"{', '.join(others)}. Seed {args.seed}.",
        style="bold",
    )
    printer.line(
        f"Type a move, a move's number, 'moves', 'rule {rules.deck_rule}' (a rule's "
        "text), 'help' or 'quit'.",
        style="dim",
    )
    session = Session(
        rules.new_game(seed=args.seed),
        human=args.seat,
        bots=bots,
        printer=printer,
        read=read,
    )
    if not session.run():
        printer.line("You leave the game.")
    if args.record is not None:
        record = record_game(rules, seed=args.seed, moves=session.moves)
        Path(args.record).write_text(str(record), encoding="utf-8")
        printer.line(f"The game record is in {args.record}", style="dim")
    return 0
