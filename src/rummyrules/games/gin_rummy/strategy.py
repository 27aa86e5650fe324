"""What Gin Rummy answers a bot or a front end (see :mod:`rummyrules.game.strategy`).

A game of points: every card left out of a meld costs its points (GIN-7).
The opponent may lay off only after a knock (GIN-6); before the lay-down the
knocker's hand is known to keep the knock good (:class:`KnockerHand`, GIN-5).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any, Final, overload

import attrs

from rummyrules.core.cards import BY_CODE, Card
from rummyrules.game.moves import Move
from rummyrules.game.state import View
from rummyrules.game.strategy import Dealt, PointsStrategy, Seen, Shown
from rummyrules.games.gin_rummy.deadwood import (
    card_points,
    knock_discards,
    min_deadwood,
)
from rummyrules.games.gin_rummy.state import GinRummyPhase as Phase
from rummyrules.games.gin_rummy.state import GinRummyState, GinRummyView, Knock

__all__ = ["STEPS", "STRATEGY", "GinRummyStrategy", "KnockerHand"]

STEPS: Final = {
    Phase.UPCARD: "take the upcard, or pass (GIN-3)",
    Phase.DRAW: "draw from the stock, or take the upcard (GIN-4)",
    Phase.KNOCK: "discard a card that keeps your knock good (GIN-5)",
    Phase.LAY_DOWN: "lay your melds one at a time, then 'done' (GIN-5)",
    Phase.LAY_OFF: "lay cards off on the knocker's melds, then 'done' (GIN-6)",
    Phase.MELD: "lay your own melds, then 'done' to count the hand (GIN-6)",
}
"""What Gin Rummy asks of the player to move, by phase (the play phase is worked out)."""


class GinRummyStrategy(PointsStrategy):
    """Gin Rummy's answers: lay-offs only in the opponent's turn after a knock.

    >>> isinstance(STRATEGY, PointsStrategy)
    True
    """

    counts_deadwood = True

    def notes(self, view: View) -> tuple[str, ...]:
        """The player's deadwood as the view counts it (GIN-2, GIN-5), the knock card until a knock, what the phase asks.

        >>> from rummyrules import GinRummy
        >>> game = GinRummy().new_game(seed=4)
        >>> STRATEGY.notes(game.view(1))  # not this player's turn
        ('Your deadwood: 45; a knock needs 10 or less (GIN-5)',)
        >>> for line in STRATEGY.notes(
        ...     game.apply("pass").apply("pass").apply("draw").view(0)
        ... ):
        ...     print(line)
        Your deadwood: 69; a knock needs 10 or less (GIN-5)
        Now: discard a card (GIN-4); too much deadwood to knock (GIN-5)
        """
        if not isinstance(view, GinRummyView):
            return ()
        line = f"Your deadwood: {view.deadwood}"
        if view.knocker is None:  # the knock card matters until somebody knocks
            limit = "0 (gin)" if view.knock_card == 0 else f"{view.knock_card} or less"
            line += f"; a knock needs {limit} (GIN-5)"
        if view.to_move != view.player:
            return (line,)
        return (line, f"Now: {_step(view)}")

    def face_up_note(self, game: Seen, holder: int) -> str:
        """A hand face up once the knocker has laid down: its deadwood as counted (GIN-7).

        >>> from rummyrules import GinRummy
        >>> game = GinRummy(hand_size=4).position(
        ...     "to_move 1 layoff | knocker 0 | hands 2C / 10S 5D 6S 9H"
        ...     " | melds 0: 7S 8S 9S | pile 4H"
        ... )
        >>> STRATEGY.face_up_note(game, 1), STRATEGY.face_up_note(game.view(1), 0)
        ('deadwood 30', 'deadwood 2')
        >>> STRATEGY.face_up_note(GinRummy().new_game(seed=1), 0)
        ''
        """
        hands = _face_up(game)
        return f"deadwood {min_deadwood(hands[holder])}" if hands else ""

    def may_lay_off(self, view: View) -> bool:
        """Whether the player may lay off now: the opponent, once the knock is down (GIN-6).

        >>> from rummyrules import GinRummy
        >>> STRATEGY.may_lay_off(GinRummy().new_game(seed=2).view(1))
        False
        """
        return view.phase == "layoff"

    def closing(self, view: View) -> bool:
        """Always: the other player may knock on any turn, and every loose card then counts (GIN-5, GIN-7).

        >>> from rummyrules import GinRummy
        >>> STRATEGY.closing(GinRummy().new_game(seed=2).view(0))
        True
        """
        del view
        return True

    def first_choice(self, view: View) -> Move | None:
        """Knock whenever a knock is listed (GIN-5): the greedy bot knocks when it can.

        >>> from rummyrules import GinRummy
        >>> game = GinRummy(hand_size=3).position(
        ...     "to_move 0 play | hands 7S 8S 9S KD / 2C 5D 9H | pile 4H"
        ... )
        >>> print(STRATEGY.first_choice(game.view(0)))
        knock
        """
        return next((move for move in view.legal_moves if type(move) is Knock), None)

    def shown(self, game: Seen) -> tuple[Shown, ...]:
        """Both hands, face up, once the knocker has laid down (GIN-6).

        >>> from rummyrules import GinRummy
        >>> STRATEGY.shown(GinRummy().new_game(seed=2))
        ()
        """
        hands = enumerate(_face_up(game))
        return tuple(Shown(card, holder) for holder, hand in hands for card in hand)

    def held(self, view: View, player: int) -> Counter[Card]:
        """The cards the view shows in a hand: all of it once both lie face up (GIN-6).

        >>> from rummyrules import GinRummy
        >>> STRATEGY.held(GinRummy().new_game(seed=3).view(0), 1)
        Counter()
        """
        hands = _face_up(view)
        return Counter(hands[player]) if hands else super().held(view, player)

    def hand_rule(self, view: View, player: int) -> KnockerHand | None:
        """The knocker's hand keeps the knock good until it is shown (GIN-5); None for other hands.

        >>> from rummyrules import GinRummy
        >>> game = GinRummy(hand_size=3).position(
        ...     "to_move 0 laydown | knocker 0 | hands 7S 8S 9S / 2C 5D 9H | pile KD"
        ... )
        >>> STRATEGY.hand_rule(game.view(1), 0)
        KnockerHand(phase=<GinRummyPhase.LAY_DOWN: 'laydown'>, knock_card=10)
        >>> print(STRATEGY.hand_rule(game.view(1), 1))
        None
        """
        if not isinstance(view, GinRummyView) or player != view.knocker:
            return None
        shown = view.phase not in (Phase.KNOCK, Phase.LAY_DOWN)
        return None if shown else KnockerHand(view.phase, view.knock_card)

    def state_fields(self, view: View, dealt: Dealt) -> dict[str, Any]:
        """The view's own fields, and the counters of GIN-9 no view shows.

        The upcard taken this turn is the one the last move took, when its
        events say so; the upcards drawn this hand, and whether the last
        turn threw its upcard straight back, are taken as none (they end a
        hand only at the 50th upcard, or at a second such turn, GIN-9).

        >>> from rummyrules import GinRummy
        >>> from rummyrules.game.strategy import Dealt
        >>> game = GinRummy().new_game(seed=3).apply("take")
        >>> dealt = Dealt.of(game)
        >>> fields = STRATEGY.state_fields(game.view(1), dealt)
        >>> fields["taken"] == game.taken, fields["upcards"], fields["bounced"]
        (True, 0, 0)
        """
        fields = super().state_fields(view, dealt)
        takes = [
            event.cards[0]
            for event in view.events
            if event.kind == "take" and event.player == view.to_move and event.cards
        ]
        taken = takes[-1] if takes and view.phase == "play" else None
        fields.update(taken=taken, upcards=0, bounced=0)
        return fields


def _face_up(game: Seen) -> tuple[tuple[Card, ...], ...]:
    """The hands lying face up: both once the knocker has laid down (GIN-6), else none."""
    if isinstance(game, GinRummyView):
        return game.shown_hands
    return game.hands if isinstance(game, GinRummyState) and game.hands_shown else ()


def _step(view: GinRummyView) -> str:
    if view.phase != Phase.PLAY:
        return STEPS[view.phase]
    if view.deadwood <= view.knock_card:
        return "discard a card, or knock ('knock', GIN-5)"
    return "discard a card (GIN-4); too much deadwood to knock (GIN-5)"


STRATEGY: Final = GinRummyStrategy()
"""The strategy ``GinRummy.strategy`` declares."""


_MIN_MELD: Final = 3  # the fewest cards in a set or a run (GIN-2)


@attrs.frozen
class KnockerHand:
    """The knocker's hand keeps the knock good, in the phase before it is shown (GIN-5).

    The opponent sees no card of it but knows that some discard leaves
    deadwood at most the knock card (``knock``), or that it does already
    (``laydown``): the rule :func:`~rummyrules.sample_state` draws hands by
    (see :mod:`rummyrules.game.hand_rules`).

    Few hands of a big pool knock, so :meth:`every` builds them rather than
    try each hand of the pool: a hand whose deadwood is at most the knock
    card is some disjoint melds of the pool (sets and runs, GIN-2) and,
    outside them, cards worth at most the knock card; in the ``knock``
    phase, but for their highest, the discard. Every hand that fits is one
    of these unions; the same hand built twice is kept once.

    Attributes:
        phase: ``knock`` (the hand has a discard to make) or ``laydown``.
        knock_card: The most deadwood the knock may leave.

    >>> from rummyrules import parse_cards
    >>> rule = KnockerHand(Phase.KNOCK, knock_card=10)
    >>> rule.fits(parse_cards("AS 2S 3S KD")), rule.fits(parse_cards("AS 5S 9S KD"))
    (True, False)
    """

    phase: Phase
    knock_card: int

    def fits(self, hand: tuple[Card, ...]) -> bool:
        """Whether the hand keeps the knock good in this phase (GIN-5); see the class's example."""
        if self.phase is Phase.KNOCK:
            return bool(knock_discards(hand, self.knock_card))
        return min_deadwood(hand) <= self.knock_card

    def every(
        self, cards: tuple[Card, ...], held: tuple[Card, ...], size: int
    ) -> Sequence[tuple[Card, ...]]:
        """Every sorted hand of ``size`` of the ``cards`` that holds ``held`` and fits.

        ``cards`` are sorted, each at most once (one deck, GIN-1), and hold
        ``held``; the hands come sorted, in a fixed order.

        >>> from rummyrules import parse_cards
        >>> rule = KnockerHand(Phase.KNOCK, knock_card=0)
        >>> hands = rule.every(parse_cards("2S 3S 4S 5S KD"), parse_cards("KD"), 4)
        >>> [" ".join(map(str, hand)) for hand in hands]
        ['2S 3S 4S KD', '3S 4S 5S KD']
        """
        index = {card: place for place, card in enumerate(cards)}
        held_mask = sum(1 << index[card] for card in held)
        spare = self.phase is Phase.KNOCK
        codes = tuple(map(int, cards))  # the memo keys on integers only
        sure, unsure = _every(codes, held_mask, size, self.knock_card, spare=spare)
        # A hand all in melds has no loose card to discard: it is tried.
        tried = (mask for mask in unsure if self.fits(_Hands(cards, (mask,))[0]))
        return _Hands(cards, tuple(sorted((*sure, *tried))))


class _Hands(Sequence[tuple[Card, ...]]):
    """Hands as masks, a bit a card of ``cards``, read as cards only when asked.

    A pool may hold a million hands that knock, of which a sample reads one.
    """

    def __init__(self, cards: tuple[Card, ...], masks: tuple[int, ...]) -> None:
        self._cards = cards
        self._masks = masks

    def __len__(self) -> int:
        return len(self._masks)

    @overload
    def __getitem__(self, index: int) -> tuple[Card, ...]: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[Card, ...]]: ...

    def __getitem__(
        self, index: int | slice
    ) -> tuple[Card, ...] | Sequence[tuple[Card, ...]]:
        if isinstance(index, slice):
            return _Hands(self._cards, self._masks[index])
        mask = self._masks[index]
        return tuple(
            card for place, card in enumerate(self._cards) if mask >> place & 1
        )


@functools.lru_cache(maxsize=32)  # a search samples one view many times over
def _every(
    codes: tuple[int, ...], held: int, size: int, knock: int, *, spare: bool
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The hands (a bit a card of the cards of these ``codes``) of melds and loose cards: those sure to fit, and those all in melds, which a spare discard may not leave good."""
    cards = tuple(map(BY_CODE.__getitem__, codes))
    # Loose cards are picked highest value first, so the first is the spare.
    by_value = sorted(
        ((1 << place, card_points(card)) for place, card in enumerate(cards)),
        key=lambda bit_value: -bit_value[1],
    )
    loose = _Loose(tuple(by_value), knock, spare)
    found: set[int] = set()
    melds_only: set[int] = set()
    for melded in _unions(_melds(cards), size):
        need = size - melded.bit_count()
        if not need:
            if not held & ~melded:
                melds_only.add(melded)
            continue
        more = loose.outside(melded, held & ~melded, need)
        found.update(melded | cards_out for cards_out in more)
    if not spare:
        found |= melds_only
        melds_only.clear()
    return tuple(found), tuple(melds_only - found)


def _melds(cards: tuple[Card, ...]) -> list[int]:
    """Every set and run among the cards (GIN-2, Ace low only), a bit a card."""
    by_rank: dict[object, int] = {}
    by_suit: dict[object, dict[int, int]] = {}
    for place, card in enumerate(cards):
        if card.rank is None:  # pragma: no cover - one standard deck (GIN-1)
            continue
        bit = 1 << place
        by_rank[card.rank] = by_rank.get(card.rank, 0) | bit
        by_suit.setdefault(card.suit, {})[int(card.rank)] = bit
    melds: list[int] = []
    for column in by_rank.values():
        if column.bit_count() >= _MIN_MELD:
            melds.append(column)
            if column.bit_count() > _MIN_MELD:
                places = range(column.bit_length())
                melds.extend(column ^ 1 << at for at in places if column >> at & 1)
    for row in by_suit.values():
        for low in row:
            run, high = row[low], low + 1
            while high in row:
                run |= row[high]
                if high - low + 1 >= _MIN_MELD:
                    melds.append(run)
                high += 1
    return melds


def _unions(melds: list[int], size: int) -> set[int]:
    """Every union of disjoint melds of at most ``size`` cards, none included."""
    unions: set[int] = set()

    def grow(start: int, used: int) -> None:
        unions.add(used)
        room = size - used.bit_count()
        for place in range(start, len(melds)):
            meld = melds[place]
            if not meld & used and meld.bit_count() <= room:
                grow(place + 1, used | meld)

    grow(0, 0)
    return unions


@attrs.frozen
class _Loose:
    """The cards (a bit each, with its value) that may lie in no meld, highest value first."""

    cards: tuple[tuple[int, int], ...]
    knock: int
    spare: bool

    def outside(self, melded: int, required: int, need: int) -> Iterator[int]:
        """The sets of ``need`` cards outside ``melded``, holding ``required``, worth at most the knock card.

        With ``spare``, the highest of them is not counted (the discard).
        """
        cards, knock, spare = self.cards, self.knock, self.spare

        def pick(start: int, chosen: int, count: int, points: int) -> Iterator[int]:
            if count == need:
                if not required & ~chosen:
                    yield chosen
                return
            for step in range(start, len(cards)):
                bit, value = cards[step]
                if bit & melded:
                    continue
                free = spare and count == 0  # the highest card of the loose ones
                worth = points if free else points + value
                if worth <= knock:
                    yield from pick(step + 1, chosen | bit, count + 1, worth)
                if bit & required:
                    break  # leaving it out leaves it out of every later pick

        return pick(0, 0, 0, 0)
