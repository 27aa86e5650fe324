"""A running commentary of a game: rounds, turns, going out, scores, the page.

A :class:`Narrator` is told each move with the states before and after it,
and prints one line per turn (``player 2: draw, meld 7S 8S 9S, discard KC``,
a declared wild shown where it stands: ``meld 4H [5H ← 5C★] 6H``),
a line when a player goes out or drops, each round's scores, and at the end
the score sheet and the winners.

>>> import io
>>> from rummyrules import Card, EndOfThePage
>>> from rummyrules.cli.printer import Printer
>>> from rummyrules.game.moves import Discard, Draw, Take
>>> out = io.StringIO()
>>> narrator = Narrator(Printer(out=out, err=io.StringIO()), ["player 1", "player 2"])
>>> game = EndOfThePage(rounds=1).new_game(seed=1)
>>> narrator.start(game)
>>> for move in [Draw(), Discard(card=Card.parse("3H")), Take()]:
...     after = game.apply(move)
...     narrator.move(game, move, after)
...     game = after
>>> narrator.flush()
>>> print(out.getvalue(), end="")
Round 1, player 1 deals, wild 4 (player 1 holds 4C face up)
player 2: draw, discard 3H
player 1: take 3H
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rummyrules.game.moves import (
    Discard,
    Done,
    Draw,
    Move,
    Pass,
    Take,
)
from rummyrules.game.results import RoundResult
from rummyrules.game.state import GameState, View
from rummyrules.game.strategy import strategy_of

from .printer import Printer
from .roundend import show_round
from .words import in_meld_words

__all__ = ["Narrator", "deal_words", "mover", "verb_for", "winners_text"]

_QUIET = (Draw, Take, Discard, Pass, Done)
"""Moves of a turn in which nothing reaches the table (left out by ``brief``)."""


def mover(before: GameState, move: Move) -> int:
    """Who makes the move: its ``N:`` prefix, or the player to move.

    >>> from rummyrules import EndOfThePage
    >>> from rummyrules.game.notation import parse_move
    >>> game = EndOfThePage().new_game(seed=1)
    >>> mover(game, parse_move("draw")), mover(game, parse_move("0: draw"))
    (1, 0)
    """
    if move.player is not None:
        return move.player
    return before.to_move if before.to_move is not None else 0


_WHY: Final = {
    "F14-7": "nobody took the upcard",
    "GIN-8": "a pass at the wall",
    "GIN-9": "the upcard went round and round",
    "ALL-5": "the turn limit is reached",
    "GOR-R4": "the turn limit is reached",
    "GOR-R3": "every other player dropped out",
}
"""Why a round nobody went out of ended, or why a player won without going out,
by the rule that counted it."""


class Narrator:
    """Prints the commentary of a game, one move at a time.

    ``names`` says how to call each player (``"player 1"``, or ``"you"``);
    with ``brief``, turns that only draw and discard are left out.

    >>> import io
    >>> from rummyrules.cli.printer import Printer
    >>> Narrator(
    ...     Printer(out=io.StringIO(), err=io.StringIO()), ["you", "player 1"]
    ... ).names
    ['you', 'player 1']
    """

    def __init__(
        self, printer: Printer, names: Sequence[str], *, brief: bool = False
    ) -> None:
        self.printer = printer
        self.names = list(names)
        self.brief = brief
        self._player: int | None = None
        self._moves: list[Move] = []

    def start(self, game: GameState) -> None:
        r"""Announce the round the game is in: its number, dealer and wild rank.

        >>> import io
        >>> from rummyrules import FourteenHundred
        >>> from rummyrules.cli.printer import Printer
        >>> out = io.StringIO()
        >>> printer = Printer(out=out, err=io.StringIO())
        >>> Narrator(printer, ["a", "b"]).start(
        ...     FourteenHundred(players=2).new_game(seed=1)
        ... )
        >>> out.getvalue()
        'Round 1, a deals, wild 6 (b holds 6H face up)\n'
        """
        dealer = self.names[game.dealer]
        text = f"Round {game.round}, {dealer} {verb_for(dealer, 'deal')}"
        text += deal_words(game, self.names)
        self.printer.line(text, style="bold")

    def move(self, before: GameState, move: Move, after: GameState) -> None:
        r"""Note one move; print a line when a turn, a round or the game ends.

        >>> import io
        >>> from rummyrules import GoingOutRummy
        >>> from rummyrules.cli.printer import Printer
        >>> from rummyrules.game.notation import parse_move
        >>> out = io.StringIO()
        >>> narrator = Narrator(Printer(out=out, err=io.StringIO()), ["a", "b", "c"])
        >>> game = GoingOutRummy(players=3).new_game(seed=1)
        >>> narrator.move(game, parse_move("2: drop"), game.apply("2: drop"))
        >>> out.getvalue()
        'c drops out\n'
        """
        player = mover(before, move)
        out_of_turn = move.player is not None and move.player != before.to_move
        if player != self._player or out_of_turn:
            self.flush()
        if move.leaves_game:
            name = self.names[player]
            self.printer.line(f"{name} {verb_for(name, 'drop')} out", style="yellow")
        else:
            self._player = player
            self._moves.append(_named_take(before, move))
        if out_of_turn:
            self.flush()
        # What the move set off, as the events tell it (events.py).
        for event in after.events:
            if event.kind in {"went_out", "round_ended", "dealt", "game_ended"}:
                self.flush()
            if event.kind == "went_out" and event.player is not None:
                self._went_out(event.player, move, after)
            elif event.kind == "round_ended" and event.result is not None:
                self._round_scores(event.result, move, after)
            elif event.kind == "dealt":
                self.printer.line()
                self.start(after)

    def _went_out(self, player: int, move: Move, after: GameState) -> None:
        """Say that a player's hand is empty, unless the round's table says it next.

        A hand played out does not always end the round: a player who
        discards their last card before everyone has had a turn goes out and
        the others still play (EOP-14); one who melds or lays off their last
        card floats in End of the Page (EOP-13) or leaves the next player a
        last turn in 1400 (F14-13).
        """
        if any(event.kind == "round_ended" for event in after.events):
            return  # the round's table names who went out
        name = self.names[player]
        if isinstance(move, Discard):
            self.printer.line(f"{name} {verb_for(name, 'go')} out", style="green")
        else:
            has = "have" if name == "you" else "has"
            self.printer.line(f"{name} {has} no cards left", style="green")

    def flush(self) -> None:
        """Print the turn noted so far, if any.

        >>> import io
        >>> from rummyrules.cli.printer import Printer
        >>> Narrator(Printer(out=io.StringIO(), err=io.StringIO()), ["a"]).flush()
        """
        if self._player is None or not self._moves:
            return
        quiet = all(isinstance(move, _QUIET) for move in self._moves)
        if not (self.brief and quiet):
            body = ", ".join(_move_text(move) for move in self._moves)
            style = None if quiet else "cyan"
            self.printer.line(f"{self.names[self._player]}: {body}", style=style)
        self._player = None
        self._moves = []

    def _round_scores(self, result: RoundResult, move: Move, after: GameState) -> None:
        stock_out = "the stock is empty" if isinstance(move, Draw) else ""
        why = _WHY.get(result.rule, "" if result.went_out is not None else stock_out)
        show_round(
            self.printer,
            result,
            self.names,
            totals=after.scores,
            why=why,
            deadwood=strategy_of(after.rules).counts_deadwood,
            left=strategy_of(after.rules).left(after),
        )

    def finish(self, game: GameState) -> None:
        """Print the score sheet (where the game keeps score) and the winners.

        >>> import io
        >>> from rummyrules import EndOfThePage
        >>> from rummyrules.cli.printer import Printer
        >>> from rummyrules.cli.seats import play_recorded
        >>> game, _ = play_recorded(EndOfThePage(rounds=1), ["random"], seed=2)
        >>> out = io.StringIO()
        >>> Narrator(Printer(out=out, err=io.StringIO()), ["a", "b"]).finish(game)
        >>> print(out.getvalue(), end="")
        <BLANKLINE>
        The score sheet
        round    a   b
        -----  ---  --
        1      425  75
        total  425  75
        Winner: a
        """
        self.flush()
        self.printer.line()
        if game.rules.keeps_score and game.score_sheet:
            rows = [
                [str(number), *(str(score) for score in row)]
                for number, row in enumerate(game.score_sheet, start=1)
            ]
            rows.append(["total", *(str(score) for score in game.scores)])
            self.printer.table(
                ["round", *self.names],
                rows,
                title="The score sheet",
                numeric=range(1, len(self.names) + 1),
            )
        self.printer.line(winners_text(game, self.names), style="bold green")


def deal_words(
    deal: GameState | View, names: Sequence[str], *, shown: bool = True
) -> str:
    """What the deal shows everyone: the wild rank, the face-up cards, the marker.

    A game and a player's view show the same, so both are read the same way:
    the game's strategy says what lies face up
    (:meth:`~rummyrules.game.strategy.Strategy.shown`); a player's cards face
    up are named together. With ``shown`` false, only the wild rank.

    >>> from rummyrules import FourteenHundred
    >>> game = FourteenHundred(players=2).new_game(seed=1)
    >>> deal_words(game, ["a", "b"]) == deal_words(game.view(0), ["a", "b"])
    True
    >>> deal_words(game, ["a", "b"])
    ', wild 6 (b holds 6H face up)'
    >>> deal_words(game, ["a", "b"], shown=False)
    ', wild 6'
    """
    strategy = strategy_of(deal.rules)
    wild = strategy.wild(deal)
    text = "" if wild is None else f", wild {wild}"
    if not shown:
        return text
    held: dict[int, list[str]] = {}
    for card in strategy.shown(deal):
        if card.holder is None:
            text += f" ({card.card} on the table)"
        else:
            held.setdefault(card.holder, []).append(str(card.card))
    for holder, cards in held.items():
        name = names[holder]
        note = strategy.face_up_note(deal, holder)
        text += f" ({name} {verb_for(name, 'hold')} {' '.join(cards)} face up"
        text += f", {note})" if note else ")"
    return text


def verb_for(name: str, verb: str) -> str:
    """A verb agreeing with a player's name: "you hold", "player 1 holds".

    >>> verb_for("you", "go"), verb_for("player 1", "go"), verb_for("player 1", "hold")
    ('go', 'goes', 'holds')
    """
    if name == "you":
        return verb
    return verb + ("es" if verb.endswith("o") else "s")


def winners_text(game: GameState, names: Sequence[str]) -> str:
    """Who won, as a sentence.

    >>> from rummyrules import EndOfThePage
    >>> from rummyrules import Phase
    >>> over = EndOfThePage().new_game(seed=4).replace(phase=Phase.OVER, to_move=None)
    >>> winners_text(over, ["a", "b"])
    'Winners: a and b'
    """
    winners = [names[player] for player in game.winners]
    if not winners:
        return "The game ended with no winner"
    if len(winners) == 1:
        return f"Winner: {winners[0]}"
    return f"Winners: {', '.join(winners[:-1])} and {winners[-1]}"


def _named_take(before: GameState, move: Move) -> Move:
    """``take`` as ``take 7H``: the top discard is face up, so the commentary names it."""
    if isinstance(move, Take) and move.card is None and before.discard_pile:
        return Take(player=move.player, card=before.discard_pile[0])
    return move


def _move_text(move: Move) -> str:
    text = str(move)
    if move.player is not None:
        text = text.split(":", 1)[1].strip()
    return in_meld_words(text)
