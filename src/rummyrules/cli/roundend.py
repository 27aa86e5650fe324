"""A counted round as a table: each player's hand, points melded and in hand, net, total.

At a real table the hands are laid face up when a round is counted; the
command line shows the same from the round's
:class:`~rummyrules.RoundResult` (the ``round_ended`` event's result, also
``state.round_results``), before the next deal. Gin Rummy's hands are
counted by their deadwood (GIN-2, GIN-7), so its column says so; Going Out
Rummy counts no points, and shows the hands left (GOR-7).

>>> import io
>>> from rummyrules import Card, RoundResult
>>> from rummyrules.cli.printer import Printer
>>> out = io.StringIO()
>>> result = RoundResult(
...     round=1,
...     hands=((), (Card.parse("7H"), Card.parse("KD"))),
...     melded=(30, 20),
...     in_hand=(0, 15),
...     bonus=(0, 0),
...     net=(30, 5),
...     went_out=0,
...     rule="EOP-16",
... )
>>> show_round(
...     Printer(out=out, err=io.StringIO()), result, ["you", "player 1"], totals=(30, 5)
... )
>>> print(out.getvalue(), end="")
Round 1 ends: you went out (EOP-16)
player    hand counted  melded  in hand  net  total
--------  ------------  ------  -------  ---  -----
you       none              30        0  +30     30
player 1  7H KD             20       15   +5      5
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rummyrules.game.results import RoundResult

from .printer import Printer

__all__ = ["round_rows", "show_round"]


def show_round(  # noqa: PLR0913 - the round, who, and how to title it, by keyword
    printer: Printer,
    result: RoundResult,
    names: Sequence[str],
    *,
    totals: Sequence[int],
    why: str = "",
    deadwood: bool = False,
    left: Collection[int] = (),
) -> None:
    """Print a counted round: a title saying how it ended, then one row a player.

    ``why`` says why a round nobody went out of ended ("the stock is
    empty"), or why a player who did not go out won ("every other player
    dropped out", GOR-R3); ``deadwood`` names the hand column for Gin Rummy, whose hands
    are counted by deadwood (GIN-7); ``totals`` are the running totals after
    the round; ``left`` the players who dropped out (GOR-10), whose cards
    left play face down.

    >>> import io
    >>> from rummyrules import Card, RoundResult
    >>> from rummyrules.cli.printer import Printer
    >>> out = io.StringIO()
    >>> result = RoundResult(
    ...     round=1,
    ...     hands=((), (Card.parse("8S"),)),
    ...     melded=(),
    ...     in_hand=(),
    ...     bonus=(),
    ...     net=(),
    ...     went_out=0,
    ...     rule="GOR-7",
    ... )
    >>> show_round(Printer(out=out, err=io.StringIO()), result, ["a", "b"], totals=())
    >>> print(out.getvalue(), end="")
    The game ends: a went out (GOR-7)
    player  hand left
    ------  ---------
    a       none
    b       8S
    """
    how = why
    if result.went_out is not None:
        name = names[result.went_out]
        if deadwood:
            how = f"{name} knocked"
        elif result.hands[result.went_out]:  # won holding cards: the others left
            how = f"{name} wins, {why}" if why else f"{name} wins"
        else:
            how = f"{name} went out"
    headers, rows = round_rows(result, names, totals=totals, deadwood=deadwood)
    for player in left:
        rows[player][1] = "dropped out"
    title = f"Round {result.round} ends" if result.net else "The game ends"
    if how:
        title += f": {how}"
    printer.table(
        headers,
        rows,
        title=f"{title} ({result.rule})",
        numeric=range(2, len(headers)),
    )


def round_rows(
    result: RoundResult,
    names: Sequence[str],
    *,
    totals: Sequence[int],
    deadwood: bool = False,
) -> tuple[list[str], list[list[str]]]:
    """The round's table as headers and rows: a row a player, a column a part of the count.

    The bonus column is there only when somebody scored one (Gin Rummy's
    gin, undercut and game bonuses).

    >>> from rummyrules import Card, RoundResult
    >>> result = RoundResult(
    ...     round=1,
    ...     hands=((Card.parse("9C"),), ()),
    ...     melded=(0, 30),
    ...     in_hand=(9, 0),
    ...     bonus=(0, 25),
    ...     net=(0, 34),
    ...     went_out=1,
    ...     rule="GIN-7",
    ... )
    >>> headers, rows = round_rows(result, ["a", "b"], totals=(0, 34), deadwood=True)
    >>> headers
    ['player', 'hand counted', 'melded', 'deadwood', 'bonus', 'net', 'total']
    >>> rows[1]
    ['b', 'none', '30', '0', '25', '+34', '34']
    """
    if not result.net:  # a game that counts no points (Going Out Rummy)
        rows = [
            [name, " ".join(map(str, hand)) or "none"]
            for name, hand in zip(names, result.hands, strict=True)
        ]
        return ["player", "hand left"], rows
    bonus = any(result.bonus)
    headers = [
        "player",
        "hand counted",
        "melded",
        "deadwood" if deadwood else "in hand",
    ]
    headers += ["bonus"] * bonus + ["net", "total"]
    rows = []
    for player, name in enumerate(names):
        row = [name, " ".join(map(str, result.hands[player])) or "none"]
        row += [str(result.melded[player]), str(result.in_hand[player])]
        row += [str(result.bonus[player])] * bonus
        row += [f"{result.net[player]:+d}", str(totals[player])]
        rows.append(row)
    return headers, rows
