"""What Going Out Rummy answers a bot or a front end (see :mod:`rummyrules.game.strategy`).

Only going out counts (GOR-7), so the game's knowledge a bot needs is
whether a hand goes out, and how far a hand is from it: its *shape*. A hand
is read as melds, pairs or neighbours one card short of a meld, and lone
cards two short; one card may be left over. Each WILDCARD fills one gap.
Under Going Out Major or Minor (GOR-8) the hand is read as one meld instead.

>>> from rummyrules import GoingOutRummy, parse_cards
>>> rules = GoingOutRummy()
>>> GoingOutRummy.strategy is STRATEGY
True
>>> STRATEGY.shape(rules, parse_cards("7S 7H 8C 9C KD")).short(
...     parse_cards("7S 7H 8C 9C")
... )
2
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from rummyrules.core.cards import Card, Suit
from rummyrules.game.state import Phase, PlayableRules, View
from rummyrules.game.strategy import (
    Dealt,
    GoingOutStrategy,
    Seen,
    Shape,
    meld_groups,
    without,
)
from rummyrules.games.going_out.state import (
    GoingOut,
    GoingOutOptions,
    GoingOutState,
    GoingOutView,
)
from rummyrules.melds import MeldRules, layouts
from rummyrules.melds.support import close

__all__ = ["STRATEGY", "GoingOutRummyStrategy"]

_NEVER: Final = 1 << 30
"""More missing cards than any hand can have."""

_Group = tuple[tuple[Card, ...], Counter[Card]]
"""A meld's cards (sorted) and their counts."""


class GoingOutRummyStrategy(GoingOutStrategy):
    """Going Out Rummy's answers: going out, a hand's shape, who dropped out.

    >>> from rummyrules import GoingOutRummy
    >>> game = GoingOutRummy(players=3).new_game(seed=4).apply("2: drop")
    >>> STRATEGY.left(game), STRATEGY.left(game.view(0))
    ((2,), (2,))
    """

    def goes_out(self, rules: PlayableRules[Any], hand: tuple[Card, ...]) -> bool:
        """Whether the hand goes out as it is, under the rules' way of going out (GOR-7/8).

        >>> from rummyrules import GoingOutRummy, parse_cards
        >>> STRATEGY.goes_out(GoingOutRummy(), parse_cards("7S 7H 7D 8C 9C 10C KD"))
        True
        >>> STRATEGY.goes_out(
        ...     GoingOutRummy(going_out="major"), parse_cards("7S 7H 7D KD")
        ... )
        False
        """
        going_out = _options(rules).going_out
        layout = layouts.find_going_out(
            hand,
            rules.meld_rules,
            single_meld=going_out is not GoingOut.STANDARD,
            leftover=going_out is not GoingOut.MAJOR,
        )
        return layout is not None

    def shape(self, rules: PlayableRules[Any], root: tuple[Card, ...]) -> Shape:
        """How far hands within the sorted ``root`` are from going out, and how cards tie.

        >>> from rummyrules import GoingOutRummy, parse_cards
        >>> hand = parse_cards("7S 7H 8C 9C KD")
        >>> shape = STRATEGY.shape(GoingOutRummy(going_out="minor"), hand)
        >>> shape.short(hand), shape.ties(hand[0], hand) > shape.ties(hand[-1], hand)
        (2, True)
        """
        return _Shape(root, rules.meld_rules, _options(rules).going_out)

    def left(self, game: Seen) -> tuple[int, ...]:
        """The players who dropped out, in the order they dropped (GOR-10).

        >>> from rummyrules import GoingOutRummy
        >>> STRATEGY.left(GoingOutRummy().new_game(seed=1).view(0))
        ()
        """
        if isinstance(game, GoingOutState | GoingOutView):
            return game.dropped
        return ()

    def set_aside_sizes(self, view: View) -> range:
        """How many cards the players who dropped out left face down: a hand each, or one more (GOR-10).

        >>> from rummyrules import GoingOutRummy
        >>> game = GoingOutRummy(players=3).new_game(seed=4).apply("2: drop")
        >>> STRATEGY.set_aside_sizes(game.view(0))
        range(7, 9)
        """
        dropped = len(self.left(view))
        size = _options(view.rules).hand_size
        return range(dropped * size, dropped * (size + 1) + 1)

    def state_fields(self, view: View, dealt: Dealt) -> dict[str, Any]:
        """The view's own fields, the winner, the dropped cards dealt, and a turn limit reached.

        A game over with no winner, nobody gone out and more than one player
        left ended on the turn limit (GOR-R4); the view hides how many turns
        were played (GOR-11), and the state takes it as the limit.

        >>> from rummyrules import GoingOutRummy
        >>> from rummyrules.game.strategy import Dealt
        >>> game = GoingOutRummy(players=3).new_game(seed=4).apply("2: drop")
        >>> dealt = Dealt.of(game)
        >>> fields = STRATEGY.state_fields(game.view(0), dealt)
        >>> fields["dropped"], fields["winner"], len(fields["dropped_cards"])
        ((2,), None, 7)
        """
        fields = super().state_fields(view, dealt)
        fields["winner"] = view.winners[0] if view.winners else None
        fields["dropped_cards"] = dealt.set_aside
        limit = _options(view.rules).max_turns
        if view.phase == Phase.OVER and not view.winners and limit is not None:
            fields["turns"] = limit
        return fields


def _options(rules: PlayableRules[Any]) -> GoingOutOptions:
    """The rules' options: only this game's rules declare this strategy."""
    if not isinstance(rules, GoingOutOptions):
        raise TypeError(f"expected Going Out Rummy rules, not {type(rules).__name__}")
    return rules


STRATEGY: Final = GoingOutRummyStrategy()
"""The one strategy object of Going Out Rummy, which its rules class declares."""


_MOST_GAPS: Final = 200_000
"""Hands a memo of gaps keeps before it starts afresh, so that it stays small."""

_GAPS: dict[MeldRules, dict[tuple[Card, ...], tuple[int, int]]] = {}
"""The gaps of each sorted hand of naturals read so far, by meld rules."""


def _gaps_memo(meld_rules: MeldRules) -> dict[tuple[Card, ...], tuple[int, int]]:
    """The memo of gaps of these meld rules, emptied once it holds ``_MOST_GAPS`` hands."""
    memo = _GAPS.get(meld_rules)
    if memo is None or len(memo) > _MOST_GAPS:
        memo = _GAPS[meld_rules] = {}
    return memo


class _Shape:
    """How far Going Out Rummy hands within one hand are from going out.

    A hand is read as melds, pairs-or-neighbours one card short of a meld,
    and lone cards two short; one card may be left over, though then the
    card drawn must still fit somewhere. Each WILDCARD fills one gap. Under
    Going Out Major or Minor (GOR-8) the hand is read as one meld instead:
    the group or the stretch of a suit that holds most of its cards.
    """

    def __init__(
        self, root: tuple[Card, ...], meld_rules: MeldRules, going_out: GoingOut
    ) -> None:
        self.rules = meld_rules
        single = going_out is not GoingOut.STANDARD
        # Major lays every card after the draw in the meld; Minor all but one.
        self.single_size = (
            None if not single else len(root) - (going_out is GoingOut.MINOR)
        )
        naturals = tuple(card for card in root if card.rank is not None)
        self.index: dict[Card, list[_Group]] = {}
        for cards in () if single else meld_groups(naturals, meld_rules, None):
            self.index.setdefault(cards[0], []).append((cards, Counter(cards)))
        # A reading of a hand within the root uses only the melds within that
        # hand, which are the same whatever the root: one memo serves every
        # shape of the same meld rules, and a bot meets the same hands again.
        self.memo = _gaps_memo(meld_rules)

    def short(self, hand: Sequence[Card]) -> int:
        """How many cards the hand (within the root) is short of going out."""
        naturals = tuple(card for card in hand if card.rank is not None)
        wilds = len(hand) - len(naturals)
        if self.single_size is not None:
            return max(0, self.single_size - self._most_in_one(naturals) - wilds)
        whole, with_leftover = self._gaps(naturals)
        return min(max(0, whole - wilds), max(0, with_leftover - wilds) + 1)

    def _most_in_one(self, naturals: Sequence[Card]) -> int:
        """The most of these natural cards one meld of the wanted size could hold."""
        size = self.single_size or 0
        ranks = Counter(card.rank for card in naturals)
        most = max(ranks.values(), default=0)
        places = self.rules.places
        by_suit: dict[Suit | None, set[int]] = {}
        for card in naturals:
            if card.rank is not None:
                by_suit.setdefault(card.suit, set()).update(places[card.rank])
        if size <= self.rules.longest_run:
            for held in by_suit.values():
                for start in range(len(self.rules.run_ranks) - size + 1):
                    window = range(start, start + size)
                    most = max(most, sum(1 for place in window if place in held))
        return min(most, size)

    def ties(self, card: Card, hand: Sequence[Card]) -> int:
        """How strongly a card holds to the rest of the hand, by its partners' outs."""
        if card.rank is None:
            return _NEVER
        others = list(hand)
        others.remove(card)
        return sum(self._tie(card, other) for other in others)

    def _tie(self, card: Card, other: Card) -> int:
        """How many kinds of card could complete a meld of these two, roughly."""
        if other.rank is None or card.rank is None:
            return 0
        if other.rank is card.rank:
            return 3  # a third card of the rank, of any suit, makes a group
        if not close(card, other, self.rules):
            return 0
        places = self.rules.places
        beside = any(
            abs(p - q) == 1 for p in places[card.rank] for q in places[other.rank]
        )
        return 2 if beside else 1  # either end, or only the card between

    def _gaps(self, hand: tuple[Card, ...]) -> tuple[int, int]:
        """The fewest gaps in a reading of the sorted naturals: with no leftover, with one."""
        if not hand:
            return 0, _NEVER
        known = self.memo.get(hand)
        if known is not None:
            return known
        first, rest = hand[0], hand[1:]
        whole, spare = self._gaps(rest)
        best = (2 + whole, min(2 + spare, whole))  # a lone card, or the leftover
        for other in dict.fromkeys(rest):
            if close(first, other, self.rules):
                whole, spare = self._gaps(without(rest, [other]))
                best = (min(best[0], 1 + whole), min(best[1], 1 + spare))
        have = Counter(hand)
        for cards, need in self.index.get(first, []):
            if all(have[card] >= count for card, count in need.items()):
                whole, spare = self._gaps(without(hand, cards))
                best = (min(best[0], whole), min(best[1], spare))
        self.memo[hand] = best
        return best
