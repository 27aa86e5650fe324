"""The table as ``rummyrules play`` shows it to the person playing, from their own view.

Everything printed here is read from the player's
:class:`~rummyrules.View`: the deal, the scores, the melds, the piles, the
other hands' sizes, the player's hand and moves, and what the turn asks of
them. What only one game tells its player comes from that game's strategy
(:meth:`~rummyrules.game.strategy.Strategy.notes` and
:meth:`~rummyrules.game.strategy.Strategy.face_up_note`): in Gin Rummy, the
deadwood and the knock card (GIN-2, GIN-5), and once the knocker has laid
down, both hands face up with their deadwood (GIN-6).

>>> import io
>>> from rummyrules import GinRummy
>>> from rummyrules.cli.printer import Printer
>>> out = io.StringIO()
>>> view = GinRummy().new_game(seed=4).view(0)
>>> show_hand(Printer(out=out, err=io.StringIO()), view)
>>> print(out.getvalue(), end="")
Your hand: 2C 4D 4C 8S 9C 10S 10H JS KH KC
Your deadwood: 77; a knock needs 10 or less (GIN-5)
Now: take the upcard, or pass (GIN-3)
Your moves: take, pass
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rummyrules.game.duties import Duty
from rummyrules.game.rummy500 import Rummy500View
from rummyrules.game.state import View
from rummyrules.game.strategy import strategy_of

from .commentary import deal_words, verb_for
from .printer import Printer
from .words import in_meld_words

__all__ = ["show_hand", "show_table"]

MOVES_LISTED: Final = 6
"""Up to this many legal moves are listed with the hand; more are counted."""


def show_table(
    printer: Printer, view: View, names: Sequence[str], *, human: int
) -> None:
    """Print the table the player sees: the deal, scores, melds, piles and other hands.

    >>> import io
    >>> from rummyrules import EndOfThePage
    >>> from rummyrules.cli.printer import Printer
    >>> out = io.StringIO()
    >>> view = EndOfThePage().new_game(seed=1).view(1)
    >>> show_table(
    ...     Printer(out=out, err=io.StringIO()), view, ["player 0", "you"], human=1
    ... )
    >>> print(out.getvalue(), end="")
    <BLANKLINE>
    Your turn: round 1, player 0 deals, wild 4 (player 0 holds 4C face up)
    Scores: player 0 0, you 0
    Melds on the table: none
    Discard pile (top first): JS
    Stock: 40 cards
    Cards in hand: player 0 4
    """
    printer.line()
    printer.line(_header(view, names), style="bold")
    if isinstance(view, Rummy500View):  # a game that keeps score
        scores = ", ".join(f"{names[p]} {s}" for p, s in enumerate(view.scores))
        printer.line(f"Scores: {scores}")
    if view.melds:
        printer.line("Melds on the table:")
        for number, meld in enumerate(view.melds, start=1):
            printer.line(
                f"  {number}. {in_meld_words(str(meld))}  ({names[meld.owner]})"
            )
    else:
        printer.line("Melds on the table: none")
    _piles(printer, view)
    left = strategy_of(view.rules).left(view)
    others = ", ".join(
        f"{names[p]} {size}"
        for p, size in enumerate(view.hand_sizes)
        if p != human and p not in left
    )
    printer.line(f"Cards in hand: {others}")
    if left:
        printer.line(f"Dropped out: {', '.join(names[p] for p in left)}")


def _piles(printer: Printer, view: View) -> None:
    pile = " ".join(map(str, view.discard_pile))
    if not pile:
        printer.line("Discard pile: empty")
    elif view.rules.hides_piles:
        printer.line(f"Discard pile: {pile} on top")
    else:
        printer.line(f"Discard pile (top first): {pile}")
    if view.stock_count is None:
        printer.line(f"Stock: {view.stock_size.value}")
    else:
        printer.line(f"Stock: {view.stock_count} cards")


def _header(view: View, names: Sequence[str]) -> str:
    dealer = names[view.dealer]
    deals = f"{dealer} {verb_for(dealer, 'deal')}"
    if isinstance(view, Rummy500View):  # a game of rounds
        deals = f"round {view.round}, {deals}"
    return f"Your turn: {deals}" + deal_words(view, names)


def show_hand(printer: Printer, view: View, owed: Sequence[Duty] = ()) -> None:
    """Print the player's hand, what the rules still ask of them and their moves.

    ``owed`` is what the rules still ask this turn
    (:meth:`~rummyrules.GameState.duties`), each said with its rule; the
    caller leaves out what it said once this turn already.

    >>> import io
    >>> from rummyrules import FourteenHundred
    >>> from rummyrules.cli.printer import Printer
    >>> game = (
    ...     FourteenHundred(players=2)
    ...     .position(
    ...         "wild 9 | to_move 1 draw | hands 2C 3C / 7H 8H KS 4D"
    ...         " | melds 0: 4S 5S 6S | pile KD 6H"
    ...     )
    ...     .apply("take 6H")
    ... )
    >>> out = io.StringIO()
    >>> show_hand(Printer(out=out, err=io.StringIO()), game.view(1), game.duties(1))
    >>> print(out.getvalue(), end="")
    Your hand: 4D 6H 7H 8H KS KD
    You took 6H from the discard pile, so you must use it in a meld or lay-off before you discard (F14-9).
    Your moves: meld 6H 7H 8H
    """
    printer.line(f"Your hand: {' '.join(map(str, view.hand))}", style="bold")
    for duty in owed:
        printer.line(
            f"{duty.text[:1].upper()}{duty.text[1:]} ({duty.rule}).", style="yellow"
        )
    for text in strategy_of(view.rules).notes(view):
        printer.line(text)
    moves = view.legal_moves
    if len(moves) <= MOVES_LISTED:
        printer.line("Your moves: " + ", ".join(map(str, moves)))
    else:
        printer.line(f"You have {len(moves)} moves: type 'moves' to list them.")
