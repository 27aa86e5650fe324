"""What a view tells a bot of the other hands: the cards they took face up, and the cards let go.

A card taken from the discard pile is known to lie in its taker's hand
until it is played (``view.known``). It shows what the taker collects: a
discard close to it is the likeliest to be taken, claimed or laid off by
them. The greedy bots of every game read it the same way, through
:func:`known_to_others`. The cards in the discard pile tell the opposite:
nobody kept them, so few collect what lies close to them.
:func:`hand_weights` reads both into weights for a deal
(:func:`~rummyrules.sample_state`), and :class:`WeighedDeal` is the search
bot's deal that uses them.

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=7).apply("take")
>>> [str(card) for card in known_to_others(game.view(0))]
['5C']
"""

from __future__ import annotations

from typing import Final

from rummyrules.core.cards import Card
from rummyrules.core.inputs import positive_number
from rummyrules.formats.sampling import sample_state
from rummyrules.game.state import GameState, View
from rummyrules.game.strategy import strategy_of
from rummyrules.melds.meld import is_wild
from rummyrules.melds.support import close

__all__ = ["LET_GO", "TAKEN", "WeighedDeal", "hand_weights", "known_to_others"]


def known_to_others(view: View) -> tuple[Card, ...]:
    """The cards the other players are known to hold: taken from the pile and not yet played.

    >>> from rummyrules import GinRummy
    >>> from rummyrules.bots.reading import known_to_others
    >>> game = GinRummy().new_game(seed=3)
    >>> known_to_others(game.view(1)), len(known_to_others(game.apply("take").view(1)))
    ((), 1)
    """
    return tuple(
        card
        for seat, cards in enumerate(view.known)
        if seat != view.player
        for card in cards
    )


LET_GO: Final = 0.2
"""A card's weight in another hand is multiplied by this for each card close to it in the discard pile."""

TAKEN: Final = 4.0
"""A card's weight in a hand is multiplied by this for each card close to it that its holder took face up."""


_LEAST: Final = 1e-12
"""The least weight a card gets, however many cards close to it lie in the pile."""

_MOST: Final = 1e12
"""The most weight a card gets, however many cards close to it its holder took."""


def hand_weights(
    view: View, *, let_go: float = LET_GO, taken: float = TAKEN
) -> dict[int, dict[Card, float]]:
    """What the table tells of each other hand: a weight for each card, the odds of drawing it into that hand.

    Every card in the discard pile was let go by a player, and most were
    passed over by the next, so few players collect what lies close to
    them (one rank, or one suit nearby:
    :func:`~rummyrules.melds.support.close`): each such card in the pile
    multiplies a card's weight by ``let_go``. A card another player took
    face up shows what that player collects: each multiplies the weight of
    a card close to it by ``taken`` in that hand. Wild cards fit anything
    and keep weight 1. The answer is the ``weights`` of
    :func:`~rummyrules.sample_state`: a seat for each other player, a weight
    for each card whose weight is not 1. ``let_go`` and ``taken`` are
    finite numbers above 0; the defaults are ``LET_GO`` and ``TAKEN``.

    >>> from rummyrules import Card, GinRummy
    >>> game = GinRummy().new_game(seed=3).apply("take")
    >>> view = game.view(1)
    >>> [str(card) for card in view.known[0]], [str(card) for card in view.discard_pile]
    (['QH'], [])
    >>> weights = hand_weights(view)[0]
    >>> (
    ...     weights[Card.parse("KH")],
    ...     weights[Card.parse("QS")],
    ...     Card.parse("2C") in weights,
    ... )
    (4.0, 4.0, False)
    """
    if not isinstance(view, View):
        raise TypeError(f"expected a View, not {type(view).__name__}")
    positive_number(let_go, name="let_go")
    positive_number(taken, name="taken")
    strategy = strategy_of(view.rules)
    wild = strategy.wild(view)
    meld_rules = view.rules.meld_rules
    deck = {card for card in view.rules.deck() if not is_wild(card, wild)}
    pile = [card for card in set(view.discard_pile) if not is_wild(card, wild)]
    shared = {
        card: let_go ** sum(close(card, other, meld_rules) for other in pile)
        for card in deck
    }
    weights: dict[int, dict[Card, float]] = {}
    for seat in range(len(view.hand_sizes)):
        if seat == view.player:
            continue
        held = view.known[seat] if seat < len(view.known) else ()
        took = [card for card in set(held) if not is_wild(card, wild)]
        leaning = {
            card: base * taken ** sum(close(card, other, meld_rules) for other in took)
            for card, base in shared.items()
        }
        # Many close cards could take a weight past what a float holds, and
        # sample_state refuses 0 and infinity: the bounds keep the order.
        weights[seat] = {
            card: min(max(weight, _LEAST), _MOST)
            for card, weight in leaning.items()
            if weight != 1
        }
    return weights


class WeighedDeal:
    """A search's deal that leans on the table: :func:`~rummyrules.sample_state` with :func:`hand_weights`.

    It is the ``deal`` of a :class:`~rummyrules.bots.SearchBot`: called with
    a view and a seed, it deals a whole state that fits the view, each
    other hand drawn by the weights the view's pile and face-up takes give.
    The weights are worked out once for each view, not for each deal.

    >>> from rummyrules import GinRummy
    >>> game = GinRummy().new_game(seed=3).apply("take")
    >>> deal = WeighedDeal()
    >>> deal(game.view(1), 4).view(1) == game.view(1)
    True
    """

    def __init__(self, *, let_go: float = LET_GO, taken: float = TAKEN) -> None:
        positive_number(let_go, name="let_go")
        positive_number(taken, name="taken")
        self._let_go = let_go
        self._taken = taken
        self._view: View | None = None
        self._weights: dict[int, dict[Card, float]] = {}

    @property
    def let_go(self) -> float:
        """What each card close to one in the pile multiplies its weight by (``LET_GO`` by default).

        >>> WeighedDeal().let_go, WeighedDeal(let_go=0.5).let_go
        (0.2, 0.5)
        """
        return self._let_go

    @property
    def taken(self) -> float:
        """What each card close to one its holder took face up multiplies its weight by (``TAKEN`` by default).

        >>> WeighedDeal().taken, WeighedDeal(taken=2).taken
        (4.0, 2)
        """
        return self._taken

    def __call__(self, view: View, seed: int) -> GameState:
        """A whole state dealt from ``seed`` that fits ``view``, the other hands weighed."""
        if view is not self._view:
            self._weights = hand_weights(view, let_go=self._let_go, taken=self._taken)
            self._view = view
        return sample_state(view, seed=seed, weights=self._weights)
