"""Going Out Rummy's draw for the first dealer (GOR-2).

Before the first game, the shuffler deals cards face up, one to each player in
turn from the shuffler's left, until every player shows a regular card: a
WILDCARD does not count, and the player dealt one is simply dealt another.
The highest card deals first. Kings are high and Aces low here; between equal
ranks the suit decides, spades over clubs over diamonds over hearts. Players
whose cards are identical (possible with three packs) are dealt another card
each, and so on until one of them is highest. The shown cards then go back
into the pack, so the draw does not change the deal that follows.

>>> from rummyrules import GoingOutRummy
>>> draw = GoingOutRummy(players=3).draw_for_dealer(deck="7H KS 2C")
>>> draw.dealer, [str(card) for card in draw.shown(2)]
(2, ['KS'])
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final

import attrs

from rummyrules.core.cards import Card, Suit
from rummyrules.core.errors import DeckError

__all__ = ["DealerDraw", "draw_for_dealer", "strength"]

_SUITS: Final = {Suit.HEARTS: 0, Suit.DIAMONDS: 1, Suit.CLUBS: 2, Suit.SPADES: 3}


def strength(card: Card) -> tuple[int, int]:
    """How high a card stands in the draw: by rank, King high and Ace low, then suit.

    >>> strength(Card.parse("KH")) > strength(Card.parse("QS")) > strength(
    ...     Card.parse("QC")
    ... )
    True
    >>> strength(Card.parse("AS")) < strength(Card.parse("2H"))
    True
    """
    if card.rank is None or card.suit is None:
        raise DeckError("a WILDCARD has no place in the draw for first dealer (GOR-2)")
    return int(card.rank), _SUITS[card.suit]


@attrs.frozen(kw_only=True)
class DealerDraw:
    """The draw for first dealer: every card dealt face up, and who deals (GOR-2).

    Attributes:
        shuffler: The player who shuffled and dealt the draw.
        dealt: Each card shown, in the order it was dealt, with the player
            it was dealt to.
        dealer: The player whose card was highest: the first dealer.

    >>> from rummyrules import GoingOutRummy
    >>> print(GoingOutRummy(wildcards=1).draw_for_dealer(deck="* 5H 5D"))
    player 1: * 5H; player 0: 5D; player 0 deals
    """

    shuffler: int
    dealt: tuple[tuple[int, Card], ...]
    dealer: int

    def shown(self, player: int) -> tuple[Card, ...]:
        """The cards dealt face up to one player, in order (WILDCARDs included).

        >>> from rummyrules import GoingOutRummy
        >>> draw = GoingOutRummy().draw_for_dealer(deck="9S 9S 4H 4C")
        >>> [str(card) for card in draw.shown(1)], draw.dealer
        (['9S', '4H'], 0)
        """
        return tuple(card for who, card in self.dealt if who == player)

    def __str__(self) -> str:
        parts: list[str] = []
        for player, card in self.dealt:
            if parts and parts[-1].startswith(f"player {player}:"):
                parts[-1] += f" {card}"
            else:
                parts.append(f"player {player}: {card}")
        return "; ".join([*parts, f"player {self.dealer} deals"])


def draw_for_dealer(
    order: Sequence[Card], *, players: int, shuffler: int = 0
) -> DealerDraw:
    """Deal the draw for first dealer from a deck order, top card first (GOR-2).

    A pure function: the same order always gives the same draw. Raises
    :class:`~rummyrules.DeckError` in the one case the rule cannot settle: the
    deck runs out while players still tie.

    >>> from rummyrules import parse_cards
    >>> draw_for_dealer(parse_cards("QD QC 3S"), players=3).dealer
    2
    >>> draw_for_dealer(parse_cards("JS JS"), players=2)
    Traceback (most recent call last):
    ...
    rummyrules.DeckError: the deck ran out before the draw for first dealer was settled: players 1 and 0 still tie (GOR-2)
    >>> draw_for_dealer(parse_cards("JS QS"), players=3)
    Traceback (most recent call last):
    ...
    rummyrules.DeckError: the deck ran out before the draw for first dealer was settled: player 0 has no regular card yet (GOR-2)
    """
    cards = iter(order)
    dealt: list[tuple[int, Card]] = []
    tied = [(shuffler + seat) % players for seat in range(1, players + 1)]
    tie_break = False
    while True:
        shown = {
            player: _regular_card(cards, player, dealt, tied, tie_break=tie_break)
            for player in tied
        }
        tie_break = True
        best = max(strength(card) for card in shown.values())
        tied = [player for player in tied if strength(shown[player]) == best]
        if len(tied) == 1:
            return DealerDraw(shuffler=shuffler, dealt=tuple(dealt), dealer=tied[0])


def _regular_card(
    cards: Iterator[Card],
    player: int,
    dealt: list[tuple[int, Card]],
    tied: list[int],
    *,
    tie_break: bool,
) -> Card:
    """Deal to one player until a regular card shows (a WILDCARD does not count)."""
    for card in cards:
        dealt.append((player, card))
        if not card.is_wildcard:
            return card
    if tie_break:
        why = f"players {_names(tied)} still tie"
    else:
        why = f"player {player} has no regular card yet"
    message = (
        f"the deck ran out before the draw for first dealer was settled: {why} (GOR-2)"
    )
    raise DeckError(message)


def _names(players: list[int]) -> str:
    words = [str(player) for player in players]
    return ", ".join(words[:-1]) + " and " + words[-1]
