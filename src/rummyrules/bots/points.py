"""The greedy choice in a game of points: the most points played, the fewest held.

In End of the Page and 1400 every card played scores and every card left in
hand costs (EOP-15, F14-2). :class:`PointsDecision` weighs a hand by what it
would score if played out now, asking the game's
:class:`~rummyrules.game.strategy.PointsStrategy` what only the game knows:
the wild rank, whether the player may lay off yet, the cards a take brings
and the cards still unseen.

>>> from rummyrules import EndOfThePage
>>> from rummyrules.game.strategy import PointsStrategy, strategy_of
>>> game = EndOfThePage().position(
...     "wild 3 | face_up 3S@0 | to_move 1 draw | hands 3S 4C / 9D JD KC 5H | pile 6C 10D"
... )
>>> strategy = strategy_of(game.rules)
>>> assert isinstance(strategy, PointsStrategy)
>>> print(PointsDecision(game.view(1), strategy).move())
take 10D
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any

from rummyrules.core.cards import Card, Rank
from rummyrules.core.hands import sorted_hand
from rummyrules.game.moves import (
    Discard,
    Done,
    Draw,
    LayOff,
    Move,
    NewMeld,
    Pass,
    Take,
)
from rummyrules.game.state import PlayableRules, View
from rummyrules.game.strategy import (
    PointsStrategy,
    meld_groups,
    without,
)
from rummyrules.melds import is_wild, readings
from rummyrules.melds import search as meld_search
from rummyrules.melds.support import close

from .packing import Packer, Packing, kept_packer
from .reading import known_to_others

__all__ = ["PointsDecision"]


class PointsDecision:
    """One greedy decision in a game of points: the most points played, the fewest held.

    Made for one view and asked :meth:`move`. A claim first (a card laid
    for nothing, F14-12); then, picking up, the discards worth more played
    than they cost held, or else the stock; then every meld of the hand's
    best packing, every lay-off, and the discard of the card least worth
    keeping (:meth:`discard_key`).

    >>> from rummyrules import FourteenHundred
    >>> from rummyrules.bots.points import PointsDecision
    >>> from rummyrules.game.strategy import PointsStrategy, strategy_of
    >>> game = FourteenHundred(players=2, wild_card_dealt=False).position(
    ...     "wild 9 | marker 9S | to_move 1 opening | hands 2C 3C / 4D 5S 7D KH"
    ...     " | pile 7H"
    ... )
    >>> strategy = strategy_of(game.rules)
    >>> assert isinstance(strategy, PointsStrategy)
    >>> print(PointsDecision(game.view(1), strategy).move())
    pass

    Each choice of the discard is a method to override. A bot that always
    lets the costliest lone card go first, say:

    >>> class Costliest(PointsDecision):
    ...     def lone_order(self, card):
    ...         return -self.value(card)
    >>> game = FourteenHundred(players=2, wild_card_dealt=False).position(
    ...     "wild 9 | marker 9S | to_move 1 play | hands 2C 3C 4H 10H / 4D JS AH 6C"
    ...     " | pile 7H"
    ... )
    >>> view = game.view(1)
    >>> print(PointsDecision(view, strategy).move(), Costliest(view, strategy).move())
    discard 4D discard AH
    """

    def __init__(self, view: View, strategy: PointsStrategy) -> None:
        self.view = view
        self.strategy = strategy
        self.rules = view.rules
        self.meld_rules = view.rules.meld_rules
        self.wild = strategy.wild(view)
        self.hand = view.hand
        self.melds = tuple(table_meld.meld for table_meld in view.melds)
        self.may_lay_off = strategy.may_lay_off(view)  # EOP-9, F14-R7
        self._values = _card_values(self.rules, self.wild)
        self._packers: dict[tuple[Card, ...], Packer] = {}
        self._ties: dict[Card, int] = {}

    # --- Choosing --------------------------------------------------------

    def move(self) -> Move:
        """The move for the player to move: a claim first, then by the turn's step."""
        moves = self.view.legal_moves
        claim = next((move for move in moves if _claims(move)), None)
        if claim is not None:
            return claim  # F14-12: a card laid for nothing
        first = self.strategy.first_choice(self.view)
        if first is not None:
            return first  # the game's own move, made whenever it may be
        if self.strategy.picking_up(self.view):
            return self._pick_up(moves)
        return self._play(moves)

    def _pick_up(self, moves: Sequence[Move]) -> Move:
        """Take the discards worth most over what they cost, if any gain.

        Otherwise draw from the stock; or, offered the first upcard, pass
        (F14-6); or make the one move there is.
        """
        base = self.worth(self.hand)
        best: Move | None = None
        best_gain = 0
        for move in moves:
            if isinstance(move, Take):
                hand = sorted_hand((*self.hand, *self.strategy.taken(self.view, move)))
                gain = self.worth(hand) - base
                if gain > best_gain:
                    best, best_gain = move, gain
        if best is not None:
            return best
        fallback = (
            next((move for move in moves if isinstance(move, kind)), None)
            for kind in (Draw, Pass)
        )
        return next((move for move in fallback if move is not None), moves[0])

    def _play(self, moves: Sequence[Move]) -> Move:
        """Meld, lay off, then (1400's last plays) perhaps draw, then discard or end."""
        new = [move for move in moves if isinstance(move, NewMeld)]
        if new:
            return self._best_meld(new)
        lays = [move for move in moves if isinstance(move, LayOff)]
        if lays:
            # Natural cards first (a wild can fit elsewhere), the costliest first.
            return max(
                lays,
                key=lambda lay: (
                    not is_wild(lay.card, self.wild),
                    self.value(lay.card),
                ),
            )
        draw = next((move for move in moves if isinstance(move, Draw)), None)
        if draw is not None and self._draw_pays():
            return draw
        discards = [move for move in moves if isinstance(move, Discard)]
        if discards:
            return min(discards, key=lambda move: self.discard_key(move.card))
        return next((move for move in moves if isinstance(move, Done)), moves[0])

    def _best_meld(self, new: Sequence[NewMeld]) -> NewMeld:
        """The meld that starts the best packing of the hand, best reading of its wilds."""
        groups: dict[tuple[Card, ...], list[NewMeld]] = {}
        for move in new:
            groups.setdefault(sorted_hand(move.cards), []).append(move)
        best: Sequence[NewMeld] = new[:1]
        best_points = -1
        for cards, moves in groups.items():
            rest = without(self.hand, cards)
            points = self.points(cards) + self.packing(rest, root=self.hand)[0]
            if points > best_points:
                best, best_points = moves, points
        if len(best) == 1:
            return best[0]
        rest = without(self.hand, best[0].cards)
        return max(best, key=lambda move: self._room(move, rest))

    def _room(self, move: NewMeld, rest: Sequence[Card]) -> int:
        """How many of the cards left could be laid off on this reading of a meld."""
        found = readings(
            move.cards, self.meld_rules, wild=self.wild, declared=move.declared
        )
        if not found:  # pragma: no cover - a listed meld has its reading
            return 0
        meld = found[0]
        return sum(
            1
            for card in dict.fromkeys(rest)
            if meld_search.card_lay_offs(card, meld, self.meld_rules, self.wild)
        )

    def discard_key(self, card: Card) -> tuple[bool, bool, bool, int, int]:
        """How much to keep a card: the card of the lowest key is discarded.

        Each part is one named choice, in order: :meth:`keeps_wild`,
        :meth:`fits_melds`, :meth:`in_best_melds`, :meth:`ties` and
        :meth:`lone_order`; where :meth:`value_first` says so, the card's
        value comes before its ties. A bot author overrides one of them to
        change that choice alone.
        """
        wild, fits, melded = (
            self.keeps_wild(card),
            self.fits_melds(card),
            self.in_best_melds(card),
        )
        if self.value_first():
            return (wild, fits, melded, -self.value(card), self.ties(card))
        return (wild, fits, melded, self.ties(card), self.lone_order(card))

    def value_first(self) -> bool:
        """Whether the costliest card goes first whatever its ties: where a hand is counted by its deadwood (Gin Rummy, GIN-7).

        A knock may come on any turn and counts every card outside a meld,
        partners or not, and it comes too soon for most pairs to become melds.
        """
        return self.strategy.counts_deadwood

    # Worked out on the first discard weighed, then shared by the others.
    @functools.cached_property
    def _melded(self) -> frozenset[Card]:
        return frozenset(card for meld in self.packing(self.hand)[1] for card in meld)

    @functools.cached_property
    def _theirs(self) -> tuple[Card, ...]:
        return known_to_others(self.view)

    @functools.cached_property
    def _closing(self) -> bool:
        return self.strategy.closing(self.view)

    def keeps_wild(self, card: Card) -> bool:
        """Whether the card is a wild, kept first: it fits almost any meld (MELD-4)."""
        return is_wild(card, self.wild)

    def in_best_melds(self, card: Card) -> bool:
        """Whether the card lies in a meld of the hand's best packing: discarding it breaks a meld."""
        return card in self._melded

    def ties(self, card: Card) -> int:
        """How strongly the card holds to the game, up to 3: its partners in hand (at most 2) and one more if it feeds another player.

        A partner is a natural card of its rank, or of its suit close by
        (:func:`~rummyrules.melds.support.close`). A card close to one that
        another player took face up (``known_to_others``)
        is the card they collect: discarded, it would be taken or laid off.
        """
        known = self._ties.get(card)
        if known is not None:
            return known
        meld_rules, wild = self.meld_rules, self.wild
        partners = -1  # the card itself is counted once below
        for other in self.hand:
            if not is_wild(other, wild) and close(card, other, meld_rules):
                partners += 1
        feeds = any(close(card, other, meld_rules) for other in self._theirs)
        ties = self._ties[card] = min(partners, 2) + feeds
        return ties

    def lone_order(self, card: Card) -> int:
        """Which card to let go first: the cheapest lone card while the round is young, else the costliest.

        A card played scores its value (EOP-16, F14-14), so a costly card
        with no partner is worth keeping while a meld may still come; once
        the round may end before the next turn
        (:meth:`~rummyrules.game.strategy.PointsStrategy.closing`), every
        card held costs, the costliest most. A card with partners is let go
        costliest first.
        """
        value = self.value(card)
        lone = self.ties(card) == 0
        return value if lone and not self._closing else -value

    def _draw_pays(self) -> bool:
        """A draw offered in play (F14-13): only if the unseen cards pay on average."""
        unseen = self.strategy.unseen(self.view)
        if not unseen:
            return False
        base = self.worth(self.hand)
        total = sum(
            count * (self.worth(sorted_hand((*self.hand, card))) - base)
            for card, count in unseen.items()
        )
        return total > 0

    # --- Reckoning -------------------------------------------------------

    def value(self, card: Card) -> int:
        """What the card scores this round, played or held (EOP-15, F14-2)."""
        value = self._values.get(card)
        if value is None:
            value = self._values[card] = self.rules.card_value(card, wild=self.wild)
        return value

    def points(self, cards: Iterable[Card]) -> int:
        """What the cards score together."""
        return sum(self.value(card) for card in cards)

    def fits_melds(self, card: Card) -> bool:
        """Whether the card could be laid off on a meld on the table (MELD-6)."""
        meld_rules, wild = self.meld_rules, self.wild
        return any(
            meld_search.could_fit(meld, meld_rules, wild)(card)
            and meld_search.card_lay_offs(card, meld, meld_rules, wild)
            for meld in self.melds
        )

    def worth(self, hand: tuple[Card, ...]) -> int:
        """What the sorted hand would score if played out now: played minus held.

        The hand's best packing is laid, then what fits the melds is laid off
        (once the player may lay off, EOP-9); the rest stays in hand.
        """
        points, packed = self.packing(hand)
        rest = hand
        for cards in packed:
            rest = without(rest, cards)
        if self.may_lay_off or packed:
            points += self._lay_off_points(rest)
        return 2 * points - self.points(hand)

    def _lay_off_points(self, cards: Sequence[Card]) -> int:
        """The points of the cards that can be laid off on the table, one by one."""
        meld_rules, wild = self.meld_rules, self.wild
        melds = list(self.melds)
        left = sorted(cards, key=lambda card: (is_wild(card, wild), -self.value(card)))
        points = 0
        placed = True
        while placed and left and melds:
            placed = False
            for card in left:
                for number, meld in enumerate(melds):
                    if not meld_search.could_fit(meld, meld_rules, wild)(card):
                        continue
                    options = meld_search.card_lay_offs(card, meld, meld_rules, wild)
                    if options:
                        melds[number] = options[0].meld
                        left.remove(card)
                        points += self.value(card)
                        placed = True
                        break
                if placed:
                    break
        return points

    def packing(
        self, hand: tuple[Card, ...], *, root: tuple[Card, ...] | None = None
    ) -> Packing:
        """The most points the sorted hand can lay in new melds, and those melds.

        ``root`` is a hand that holds this one, whose melds are already known
        (the melds of a smaller hand are among them).
        """
        root = hand if root is None else root
        packer = self._packers.get(root)
        if packer is None:
            # Shared with the next decisions only by those valuing cards alike.
            alike = type(self).points is PointsDecision.points and (
                type(self).value is PointsDecision.value
            )
            packer = self._packers[root] = kept_packer(
                (self.rules, self.wild, root) if alike else None,
                root,
                lambda: [
                    (cards, self.points(cards))
                    for cards in meld_groups(root, self.meld_rules, self.wild)
                ],
            )
        return packer.best(hand)


@functools.lru_cache(maxsize=64)
def _card_values(rules: PlayableRules[Any], wild: Rank | None) -> dict[Card, int]:
    """The cards' values under these rules and this wild rank, filled as asked.

    A card's value is a pure function of the rules and the wild rank, and a
    playout asks it of every card of every decision: the table is shared by
    every decision of one round's rules.
    """
    del rules, wild  # the key of the table, filled by the decisions
    return {}


def _claims(move: Move) -> bool:
    """Whether the move lays off a card that is not from the hand: 1400's claim (F14-12)."""
    return isinstance(move, LayOff) and not move.from_hand
