"""How a round ended and was counted: a :class:`RoundResult` per finished round.

At a real table the hands are laid face up when a round is counted, so a
round's result is shown to everyone: each hand at the count, the points each
player laid on the table, the points left in each hand, any bonus, and the
net score the sheet gets. Each game makes its results where it scores
(EOP-16, F14-14, F14-7, GIN-7; Going Out Rummy counts no points, GOR-9, and
its result shows the hands and who won).

>>> from rummyrules import EndOfThePage
>>> from rummyrules.bots import RandomBot, play_game
>>> played = play_game(EndOfThePage(rounds=1), [RandomBot(), RandomBot()], seed=3)
>>> result = played.state.round_results[-1]
>>> result.round, result.rule, result.net == played.state.score_sheet[-1]
(1, 'EOP-16', True)
"""

from __future__ import annotations

import attrs

from rummyrules.core.cards import Card

__all__ = ["RoundResult"]


@attrs.frozen(kw_only=True)
class RoundResult:
    """One finished round as it was counted, the same for every player to see.

    Attributes:
        round: The round's number, from 1.
        hands: Each player's hand at the count (the player who went out
            holds nothing).
        melded: The points of the cards each player played on the table
            this round, their lay-offs on others' melds included; empty in
            a game that counts no points.
        in_hand: What each player's hand costs: the cards' points, or in
            Gin Rummy the deadwood of its best arrangement (GIN-2).
        bonus: Each player's bonus points (Gin Rummy's gin, undercut and
            game bonuses); zeros where the game has none.
        net: What the round adds to each player's total (the score sheet's
            row); empty in a game that keeps no score.
        went_out: Who went out (or knocked, or won); None when the round
            ended otherwise (the stock ran out, the turn limit, a draw).
        rule: The rule by which the round was counted.

    >>> result = RoundResult(
    ...     round=1,
    ...     hands=((), (Card.parse("7H"),)),
    ...     melded=(30, 0),
    ...     in_hand=(0, 5),
    ...     bonus=(0, 0),
    ...     net=(30, -5),
    ...     went_out=0,
    ...     rule="EOP-16",
    ... )
    >>> result.net, [str(card) for card in result.hands[1]]
    ((30, -5), ['7H'])
    """

    round: int
    hands: tuple[tuple[Card, ...], ...]
    melded: tuple[int, ...]
    in_hand: tuple[int, ...]
    bonus: tuple[int, ...]
    net: tuple[int, ...]
    went_out: int | None
    rule: str
