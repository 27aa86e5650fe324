"""Legal moves grouped for a player to choose from: the cards first, then what the wilds mean.

A position with wild cards may list hundreds of moves that play the same
cards, differing only in what a wild stands for, and so where it goes
(``meld 3S=8H 9H 10H`` and ``meld 9H 10H 3S=JH``). A table shows the player the
cards they may play; only when the chosen cards can be played in more than
one way does it ask which. :func:`group_moves` makes those groups: one per
kind of move, player, set of cards played, target meld and discard, with
every way to play them, in the order the moves were listed.

>>> from rummyrules import FourteenHundred
>>> game = FourteenHundred(players=2).position(
...     "wild 3 | to_move 0 play | hands 3S 9H 10H JH 4C / 2C 5C 6D | pile KD"
... )
>>> groups = group_moves(game.legal_moves())
>>> meld = next(group for group in groups if len(group.choices) > 1)
>>> meld.kind, [str(card) for card in meld.cards], [str(move) for move in meld.choices]
('meld', ['3S', '9H', '10H'], ['meld 3S=8H 9H 10H', 'meld 9H 10H 3S=JH'])
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from rummyrules.core.cards import Card
from rummyrules.game.moves import Move

__all__ = ["MoveGroup", "group_moves"]


@attrs.frozen(kw_only=True)
class MoveGroup:
    """Listed moves of one kind, by one player, that play the same cards onto the same meld.

    Attributes:
        kind: The moves' kind (:attr:`Move.kind <rummyrules.Move.kind>`).
        player: The player making them out of turn; None for the player to move.
        cards: The hand's cards they play or name, in the library's order,
            without what the wilds stand for (:meth:`Move.played`).
        meld: The meld on the table they lay a card on, numbered from 1; None
            for moves that lay none.
        discard: The card they discard (:attr:`Move.discarded`): a discard's,
            or going out's last card; None for others.
        choices: The listed moves that play exactly these cards this way,
            in the listing's order; they differ only in what the wilds stand
            for, or (going out) in how the cards are split into melds.

    >>> from rummyrules import parse_move
    >>> (group,) = group_moves(
    ...     [parse_move("lay 5H=7C on 2"), parse_move("lay 5H=10C on 2")]
    ... )
    >>> group.kind, [str(card) for card in group.cards], group.meld, len(group.choices)
    ('lay_off', ['5H'], 2, 2)
    """

    kind: str
    player: int | None
    cards: tuple[Card, ...]
    meld: int | None
    discard: Card | None
    choices: tuple[Move, ...]


def group_moves(moves: Iterable[Move]) -> tuple[MoveGroup, ...]:
    """The moves in groups, one per kind, player, cards played, target meld and discard.

    Every move is in exactly one group; the groups come in the order of
    each one's first move in the listing, and each group's moves in the
    listing's order. Moves that play no card (``draw``, ``pass``,
    ``knock``) make a group of one each.

    >>> from rummyrules import parse_move
    >>> moves = [parse_move(text) for text in ["draw", "discard 7S", "discard 7H"]]
    >>> [(group.kind, len(group.choices)) for group in group_moves(moves)]
    [('draw', 1), ('discard', 1), ('discard', 1)]
    """
    groups: dict[_Key, list[Move]] = {}
    for move in moves:
        cards = tuple(sorted(card for card, _ in move.played()))
        key = (move.kind, move.player, cards, move.target_meld, move.discarded)
        groups.setdefault(key, []).append(move)
    return tuple(
        MoveGroup(
            kind=kind,
            player=player,
            cards=cards,
            meld=meld,
            discard=discard,
            choices=tuple(found),
        )
        for (kind, player, cards, meld, discard), found in groups.items()
    )


_Key = tuple[str, int | None, tuple[Card, ...], int | None, Card | None]
"""What the moves of a group share: kind, player, cards, meld and discard."""
