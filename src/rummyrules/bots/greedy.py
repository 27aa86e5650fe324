"""The greedy bot: melds and lays off all it can, goes out when it can.

>>> from rummyrules import GoingOutRummy
>>> from rummyrules.bots import RandomBot, play_game
>>> rules = GoingOutRummy(max_turns=400)
>>> play_game(rules, [GreedyBot(), RandomBot(seed=1)], seed=4).winners
(0,)
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final

from rummyrules.core.cards import Card, Rank, Suit
from rummyrules.core.hands import sorted_hand
from rummyrules.game.moves import (
    Claim,
    Discard,
    Done,
    Draw,
    GoOut,
    LayOff,
    Move,
    NewMeld,
    Pass,
    Take,
)
from rummyrules.game.state import Phase, View
from rummyrules.games.end_of_the_page.rules import EndOfThePage
from rummyrules.games.fourteen_hundred.rules import FourteenHundred
from rummyrules.games.going_out.rules import GoingOut, GoingOutRummy
from rummyrules.melds import MeldRules, is_wild, readings
from rummyrules.melds import search as meld_search

__all__ = ["GreedyBot"]


class GreedyBot:
    """Plays the plain greedy game: melds and lays off all it can, goes out when it can.

    It only ever picks one of ``view.legal_moves``, so it keeps every duty the
    rules list there (a deep pickup melded at once, EOP-6; the last card
    played, EOP-12; the first upcard melded, F14-6; the card taken used,
    F14-9). Its choice is a pure function of the view: the same view always
    gets the same move.

    End of the Page and 1400, where every card played scores and every card
    in hand costs:

    - it takes a discard (the top card, or a deeper one with the cards above
      it) when the cards taken are worth more played than they cost held,
      and otherwise draws from the stock;
    - it lays the melds of the hand's best packing (the most points), then
      lays off its natural cards, then its wilds;
    - it discards a card that fits no meld on the table and has no partner in
      hand (a card of its rank, or of its suit close by), the costliest first,
      and keeps its wilds;
    - in 1400 it claims every discard it may (F14-12), takes the first upcard
      when it gains by it, and in the last plays (F14-13) draws only when the
      cards it has not seen make the draw pay on average.

    Going Out Rummy, where only going out counts:

    - it goes out as soon as it can (GOR-7);
    - it keeps the hand that is fewest cards short of going out, counting a
      pair or two close cards of a suit one card short of a meld, a lone card
      two, and each WILDCARD as one missing card found;
    - it takes the top discard only when that brings the hand closer, and
      never drops out.

    ``seed`` is taken for the same signature as :class:`RandomBot`; the
    choice needs no chance, so the seed changes nothing.

    >>> from rummyrules import GoingOutRummy
    >>> from rummyrules.bots import RandomBot, play_game
    >>> rules = GoingOutRummy(max_turns=200)
    >>> play_game(rules, [GreedyBot(), RandomBot(seed=1)], seed=4).winners
    (0,)
    """

    def __init__(self, *, seed: int = 0) -> None:
        del seed  # the greedy choice is deterministic

    def choose(self, view: View) -> Move | None:
        """The greedy move for this view; out of turn, a claim if there is one.

        Holding 9D and JD, it takes 10D from under 6C to meld them (EOP-6),
        and then lays that meld at once:

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().position(
        ...     "wild 3 | face_up 3S@0 | to_move 1 draw"
        ...     " | hands 3S 4C / 9D JD KC 5H | pile 6C 10D"
        ... )
        >>> bot = GreedyBot()
        >>> print(bot.choose(game.view(1)))
        take 10D
        >>> print(bot.choose(game.apply("take 10D").view(1)))
        meld 9D 10D JD

        In Going Out Rummy it goes out as soon as it can (GOR-7):

        >>> from rummyrules import GoingOutRummy
        >>> rules = GoingOutRummy(hand_size=3)
        >>> game = rules.new_game(deck=rules.stacked_deck("7S 8H 7H 9C 7D KD 9D"))
        >>> print(GreedyBot().choose(game.apply("draw").view(1)))
        out 7S 7H 7D discard 9D
        """
        moves = view.legal_moves
        if view.to_move != view.player:
            return next((move for move in moves if isinstance(move, Claim)), None)
        if not moves:
            return None
        if isinstance(view.rules, GoingOutRummy):
            return _going_out_move(view)
        return _Rummy500(view).move()


_NEVER: Final = 1 << 30
"""More missing cards than any hand can have."""

_Group = tuple[tuple[Card, ...], Counter[Card], int]
"""A meld's cards (sorted), their counts, and a weight (points or 0)."""


def _without(hand: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...]:
    """The sorted hand with one copy of each card taken out (it stays sorted)."""
    left = list(hand)
    for card in cards:
        left.remove(card)
    return tuple(left)


def _fits(have: Counter[Card], need: Counter[Card]) -> bool:
    """Whether the hand's counts hold the meld's."""
    return all(have[card] >= count for card, count in need.items())


@functools.lru_cache(maxsize=4096)
def _meld_groups(
    hand: tuple[Card, ...], rules: MeldRules, wild: Rank | None
) -> tuple[tuple[Card, ...], ...]:
    """The distinct cards of the melds a sorted hand can make, wild meanings aside."""
    found = meld_search.find_melds(hand, rules, wild=wild)
    return tuple(dict.fromkeys(sorted_hand(meld.cards) for meld in found))


def _close(one: Card, other: Card, rules: MeldRules) -> bool:
    """Whether two natural cards could sit in one meld: one rank, or one suit nearby."""
    if one.rank is other.rank:
        return True
    if one.suit is not other.suit or one.rank is None or other.rank is None:
        return False
    return any(
        abs(p - q) <= 2
        for p in rules.places[one.rank]
        for q in rules.places[other.rank]
    )


class _Rummy500:
    """One decision in End of the Page or 1400: points played and points held."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.rules = view.rules
        self.meld_rules = view.rules.meld_rules
        self.wild = view.wild
        self.hand = view.hand
        self.table = tuple(table_meld.meld for table_meld in view.melds)
        melded = any(table_meld.owner == view.player for table_meld in view.melds)
        rules = view.rules
        needs_meld = not isinstance(rules, FourteenHundred) or rules.lay_off_needs_meld
        self.may_lay_off = melded or not needs_meld  # EOP-9, F14-R7
        self._values: dict[Card, int] = {}
        self._packers: dict[tuple[Card, ...], _Packer] = {}

    # --- Choosing --------------------------------------------------------

    def move(self) -> Move:
        """The move for the player to move: a claim first, then by phase."""
        view = self.view
        moves = view.legal_moves
        claim = next((move for move in moves if isinstance(move, Claim)), None)
        if claim is not None:
            return claim  # F14-12: a card laid for nothing
        if view.phase is Phase.OPENING:
            return self._opening(moves)
        if view.phase is Phase.DRAW:
            return self._draw(moves)
        return self._play(moves)

    def _opening(self, moves: Sequence[Move]) -> Move:
        """F14-6: take the first upcard when it gains (or must be taken), else pass."""
        take = next((move for move in moves if isinstance(move, Take)), None)
        passing = next((move for move in moves if isinstance(move, Pass)), None)
        if take is None or passing is None:
            return take or passing or moves[0]
        gain = self.worth(sorted_hand((*self.hand, *self._taken(take)))) - self.worth(
            self.hand
        )
        return take if gain > 0 else passing

    def _draw(self, moves: Sequence[Move]) -> Move:
        """Take the discards worth most over what they cost, if any gain; else draw."""
        base = self.worth(self.hand)
        best: Move | None = None
        best_gain = 0
        for move in moves:
            if isinstance(move, Take):
                hand = sorted_hand((*self.hand, *self._taken(move)))
                gain = self.worth(hand) - base
                if gain > best_gain:
                    best, best_gain = move, gain
        if best is not None:
            return best
        return next((move for move in moves if isinstance(move, Draw)), moves[0])

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
        if draw is not None and self._last_draw_pays():
            return draw
        discards = [move for move in moves if isinstance(move, Discard)]
        if discards:
            return min(discards, key=lambda move: self._keep(move.card))
        return next((move for move in moves if isinstance(move, Done)), moves[0])

    def _best_meld(self, new: Sequence[NewMeld]) -> NewMeld:
        """The meld that starts the best packing of the hand, best reading of its wilds."""
        groups: dict[tuple[Card, ...], list[NewMeld]] = {}
        for move in new:
            groups.setdefault(sorted_hand(move.cards), []).append(move)
        best: Sequence[NewMeld] = new[:1]
        best_points = -1
        for cards, moves in groups.items():
            rest = _without(self.hand, cards)
            points = self.points(cards) + self.packing(rest, root=self.hand)[0]
            if points > best_points:
                best, best_points = moves, points
        if len(best) == 1:
            return best[0]
        rest = _without(self.hand, best[0].cards)
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
            if meld_search.layoff_options(card, meld, self.meld_rules, self.wild)
        )

    def _keep(self, card: Card) -> tuple[bool, bool, int, int]:
        """How much to keep a card: the lowest is discarded first.

        Wilds are kept; then cards that fit a meld on the table (they can be
        laid off, and a discard that fits would be claimed or taken); then
        cards with partners in hand; among the rest, the costliest goes.
        """
        rules = self.meld_rules
        partners = -1  # the card itself is counted once below
        for other in self.hand:
            if not is_wild(other, self.wild) and _close(card, other, rules):
                partners += 1
        return (
            is_wild(card, self.wild),
            self.fits_table(card),
            min(partners, 2),
            -self.value(card),
        )

    def _last_draw_pays(self) -> bool:
        """F14-13: draw for the last plays only if the unseen cards pay on average."""
        unseen = Counter(self.rules.deck())
        seen = Counter(self.hand)
        for table_meld in self.view.melds:
            seen.update(table_meld.cards)
        seen.update(self.view.discard_pile)
        view = self.view
        if view.marker is not None:
            seen[view.marker] += 1
        if view.face_up is not None and view.face_up_holder != view.player:
            seen[view.face_up] += 1
        unseen -= seen
        if not unseen:
            return False
        base = self.worth(self.hand)
        total = sum(
            count * (self.worth(sorted_hand((*self.hand, card))) - base)
            for card, count in unseen.items()
        )
        return total > 0

    def _taken(self, move: Take) -> tuple[Card, ...]:
        """The cards a take brings into the hand (EOP-6 with EOP-R2, F14-8)."""
        pile = self.view.discard_pile
        if move.card is None:
            return pile[:1]
        depth = pile.index(move.card)
        rules = self.rules
        if isinstance(rules, EndOfThePage) and not rules.take_cards_above:
            return (move.card,)
        return pile[: depth + 1]

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

    def fits_table(self, card: Card) -> bool:
        """Whether the card could be laid off on a meld on the table (MELD-6)."""
        rules, wild = self.meld_rules, self.wild
        return any(
            meld_search.could_fit(meld, rules, wild)(card)
            and meld_search.layoff_options(card, meld, rules, wild)
            for meld in self.table
        )

    def worth(self, hand: tuple[Card, ...]) -> int:
        """What the sorted hand would score if played out now: played minus held.

        The hand's best packing is laid, then what fits the table is laid off
        (once the player may lay off, EOP-9); the rest stays in hand.
        """
        points, packed = self.packing(hand)
        rest = hand
        for cards in packed:
            rest = _without(rest, cards)
        if self.may_lay_off or packed:
            points += self._layoff_points(rest)
        return 2 * points - self.points(hand)

    def _layoff_points(self, cards: Sequence[Card]) -> int:
        """The points of the cards that can be laid off on the table, one by one."""
        rules, wild = self.meld_rules, self.wild
        table = list(self.table)
        left = sorted(cards, key=lambda card: (is_wild(card, wild), -self.value(card)))
        points = 0
        placed = True
        while placed and left and table:
            placed = False
            for card in left:
                for number, meld in enumerate(table):
                    if not meld_search.could_fit(meld, rules, wild)(card):
                        continue
                    options = meld_search.layoff_options(card, meld, rules, wild)
                    if options:
                        table[number] = options[0].meld
                        left.remove(card)
                        points += self.value(card)
                        placed = True
                        break
                if placed:
                    break
        return points

    def packing(
        self, hand: tuple[Card, ...], *, root: tuple[Card, ...] | None = None
    ) -> tuple[int, tuple[tuple[Card, ...], ...]]:
        """The most points the sorted hand can lay in new melds, and those melds.

        ``root`` is a hand that holds this one, whose melds are already known
        (the melds of a smaller hand are among them).
        """
        root = hand if root is None else root
        packer = self._packers.get(root)
        if packer is None:
            groups = _meld_groups(root, self.meld_rules, self.wild)
            packer = _Packer(root, [(cards, self.points(cards)) for cards in groups])
            self._packers[root] = packer
        return packer.best(hand)


_FIELD: Final = 4
"""Bits for one card's count in a packed hand: three for the count, one guard."""
_SEARCH_BUDGET: Final = 3000
"""Hands searched for one root's packings before settling for quick ones."""


class _Packer:
    """The best packings into melds of the hands within one root hand.

    A hand is packed into one integer, :data:`_FIELD` bits per distinct card
    of the root holding its count, so that "does the hand hold this meld"
    and "the hand without it" are a few integer operations (each field's top
    bit is a guard that catches a count going below zero).
    """

    def __init__(
        self, root: tuple[Card, ...], groups: Sequence[tuple[tuple[Card, ...], int]]
    ) -> None:
        self.cards = tuple(dict.fromkeys(root))  # sorted, as the root is
        self.place = {card: index for index, card in enumerate(self.cards)}
        guard = 1 << (_FIELD - 1)
        self.guards = sum(guard << (_FIELD * i) for i in range(len(self.cards)))
        # Each packing is met once: the hand's first card is either left out,
        # or laid in a meld that holds it, which then starts with that card.
        self.starting: dict[int, list[tuple[int, int, tuple[Card, ...]]]] = {}
        for cards, points in groups:
            self.starting.setdefault(self.place[cards[0]], []).append(
                (self.code(cards), points, cards)
            )
        self.memo: dict[int, tuple[int, tuple[tuple[Card, ...], ...]]] = {0: (0, ())}
        self.searched = 0

    def code(self, cards: Iterable[Card]) -> int:
        """The cards (all in the root) packed into one integer."""
        return sum(1 << (_FIELD * self.place[card]) for card in cards)

    def best(self, hand: Sequence[Card]) -> tuple[int, tuple[tuple[Card, ...], ...]]:
        """The most points the hand (within the root) can meld, and the melds."""
        return self._best(self.code(hand))

    def _best(self, hand: int) -> tuple[int, tuple[tuple[Card, ...], ...]]:
        known = self.memo.get(hand)
        if known is not None:
            return known
        self.searched += 1
        first = ((hand & -hand).bit_length() - 1) // _FIELD
        if self.searched > _SEARCH_BUDGET:
            return self._quick(hand)
        best = self._best(hand - (1 << (_FIELD * first)))
        guards = self.guards
        for meld, points, cards in self.starting.get(first, ()):
            if ((hand | guards) - meld) & guards == guards:
                more, packed = self._best(hand - meld)
                if points + more > best[0]:
                    best = points + more, (cards, *packed)
        self.memo[hand] = best
        return best

    def _quick(self, hand: int) -> tuple[int, tuple[tuple[Card, ...], ...]]:
        """A packing found without search: the costliest meld that fits, again and again."""
        groups = sorted(
            (group for groups in self.starting.values() for group in groups),
            key=lambda group: -group[1],
        )
        guards = self.guards
        total, packed = 0, []
        for meld, points, cards in groups:
            if ((hand | guards) - meld) & guards == guards:
                hand -= meld
                total += points
                packed.append(cards)
        return total, tuple(packed)


def _going_out_move(view: View) -> Move:
    """Going Out Rummy: go out when possible, else keep the hand nearest to it."""
    moves = view.legal_moves
    out = next((move for move in moves if isinstance(move, GoOut)), None)
    if out is not None:
        return out  # GOR-7
    rules = view.rules
    if not isinstance(rules, GoingOutRummy):  # pragma: no cover - only GOR comes here
        raise TypeError(rules)
    hand = view.hand
    if view.phase is Phase.DRAW:
        take = next((move for move in moves if isinstance(move, Take)), None)
        draw = next((move for move in moves if isinstance(move, Draw)), None)
        if take is not None and (draw is None or _take_pays(view, rules)):
            return take
        return draw or moves[0]
    discards = [move for move in moves if isinstance(move, Discard)]
    if not discards:  # pragma: no cover - after a draw there is always a discard
        return moves[0]
    shape = _Shape(hand, rules)
    return min(
        discards,
        key=lambda move: (
            shape.short(_without(hand, [move.card])),
            move.card.rank is None,
            shape.ties(move.card, hand),
        ),
    )


def _take_pays(view: View, rules: GoingOutRummy) -> bool:
    """Whether the top discard lets the hand go out, or brings it closer (GOR-4)."""
    top = view.discard_pile[0]
    hand = sorted_hand((*view.hand, top))
    if rules.find_going_out(hand) is not None:
        return True
    shape = _Shape(hand, rules)
    after = min(
        shape.short(_without(hand, [card])) for card in dict.fromkeys(view.hand)
    )
    return after < shape.short(view.hand)


class _Shape:
    """How far Going Out Rummy hands within one hand are from going out.

    A hand is read as melds, pairs-or-neighbours one card short of a meld,
    and lone cards two short; one card may be left over, though then the
    card drawn must still fit somewhere. Each WILDCARD fills one gap. Under
    Going Out Major or Minor (GOR-8) the hand is read as one meld instead:
    the group or the stretch of a suit that holds most of its cards.
    """

    def __init__(self, root: tuple[Card, ...], rules: GoingOutRummy) -> None:
        self.rules = rules.meld_rules
        single = rules.going_out is not GoingOut.STANDARD
        # Major lays every card after the draw in the meld; Minor all but one.
        self.single_size = (
            None if not single else len(root) - (rules.going_out is GoingOut.MINOR)
        )
        naturals = tuple(card for card in root if card.rank is not None)
        self.index: dict[Card, list[_Group]] = {}
        for cards in () if single else _meld_groups(naturals, self.rules, None):
            group = (cards, Counter(cards), 0)
            self.index.setdefault(cards[0], []).append(group)
        self.memo: dict[tuple[Card, ...], tuple[int, int]] = {}

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
        if not _close(card, other, self.rules):
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
            if _close(first, other, self.rules):
                whole, spare = self._gaps(_without(rest, [other]))
                best = (min(best[0], 1 + whole), min(best[1], 1 + spare))
        have = Counter(hand)
        for cards, need, _ in self.index.get(first, []):
            if _fits(have, need):
                whole, spare = self._gaps(_without(hand, cards))
                best = (min(best[0], whole), min(best[1], spare))
        self.memo[hand] = best
        return best
