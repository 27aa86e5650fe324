"""Determinization: a whole state dealt at random to fit what one player sees.

A bot that searches needs whole states, and may see only its view.
:func:`sample_state` deals every card the player cannot see (the other
hands but for what the view shows of them, the stock, and what else the game
hides) uniformly at random among the deals that fit the view, and gives back
a state of the game's own class whose view for that player is the view it
was given.

Shared code here asks the game, through its strategy
(:mod:`rummyrules.game.strategy`), what the view shows in each hand
(``held``), how many cards may lie face down out of play
(``set_aside_sizes``), and how the game's own fields follow from the view
(``state_fields``). It lives in the formats layer, beside the checks of a
state built from outside (:mod:`rummyrules.formats.checks`), which it runs
on each deal: below the games, which it never names, and the bots, which
use it.

What "uniform over the deals that fit" means: a deal puts each unseen card,
copies told apart, in one place: a hand (in no order), the stock or the pile
below its top (in order), or the cards out of play (in order). Where the view
gives sizes exactly, every such deal of the right sizes is equally likely, as
a fair shuffle of the unseen cards would make it. Where it does not (Going Out
Rummy shows the stock only as a band, hides the pile below its top card and
the dropped cards, GOR-11, GOR-10), each split of the unseen cards into
stock, pile and dropped cards that the view allows has as many deals as any
other (the same cards, in order), so the split is uniform among those the
view allows too: nothing in a view says that one stock size within the band
is likelier than another. A deal the game's checks refuse, or whose view
differs from the one given (legal moves that are not those shown), is dealt
again; what is left is uniform over the deals that fit. A hand the view
rules on (the strategy's ``hand_rule``: Gin Rummy's knocker keeps the knock
good, GIN-5; at 1400's deal each hand holds a card that dealt its size,
F14-3) is dealt first, uniformly among the hands that fit
(:mod:`rummyrules.formats.hand_draws`), so that a view few deals fit is not
refused for want of tries.

A bot that believes more of a hand than the view says may lean the deal
with ``weights`` (:mod:`rummyrules.formats.leaning`): the deal then still
fits the view, but is uniform no longer.

What a view does not say and no card decides (how many turns have ended this
round, how often the stock was rebuilt) the game fills in as its
``state_fields`` says, most often as at the start of a round.

>>> from rummyrules import GinRummy
>>> game = GinRummy().new_game(seed=3)
>>> sample = sample_state(game.view(0), seed=1)
>>> sample.view(0) == game.view(0), sample.hand(0) == game.hand(0)
(True, True)
>>> sample.hand(1) == game.hand(1)
False
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Final

import attrs

from rummyrules.core.cards import Card
from rummyrules.core.errors import StateError
from rummyrules.core.hands import sorted_hand
from rummyrules.core.inputs import expect
from rummyrules.core.shuffle import below, random_words
from rummyrules.formats.checks import check_state
from rummyrules.formats.hand_draws import one_of_hands, ruled_hand
from rummyrules.formats.leaning import checked_weights, leaned_draw
from rummyrules.game.hand_rules import HandRule, HoldsOneOf
from rummyrules.game.state import GameState, View
from rummyrules.game.strategy import Dealt, Strategy, strategy_of
from rummyrules.game.view import FEW, SOME, StockSize

__all__ = ["TRIES", "sample_state"]

TRIES: Final = 2000
"""How many deals :func:`sample_state` tries before it says none fits."""


def sample_state(
    view: View,
    *,
    seed: int,
    weights: Mapping[int, Mapping[Card, float]] | None = None,
) -> GameState:
    """A whole state dealt at random among those that fit ``view``, from ``seed``.

    Every card the player cannot see is dealt anew, uniformly among the
    deals that fit the view (see the module's text for what that means
    where the view shows only a band); the cards it shows (the player's own
    hand, the melds, the pile, the cards known to be in a hand, what lies
    face up) stay where they are. The state is of the game's own class, has
    a fresh seed drawn from ``seed``, passes the state checks, and shows the
    player the very view given: ``sample_state(view, seed=s).view(view.player)
    == view``, its events and round results included. The same view and seed
    give the same state.

    ``weights`` leans the deal on what a bot believes of the other hands:
    for a seat, a weight for each unseen card (1 for a card not named).
    That hand's hidden cards are then drawn one by one, each draw picking a
    card in proportion to its weight among the cards still unseen: a card of
    weight 4 is picked four times as often as one of weight 1 at each draw
    (see :mod:`rummyrules.formats.leaning`). The rest are dealt as before;
    the deal is no longer uniform, but it still fits the view. The player's
    own seat and a hand the view rules on are dealt as without weights.

    A view that is not a :class:`~rummyrules.View`, a seed that is no
    whole number, or weights that are no mapping of seats to mappings of
    cards to numbers raise TypeError; a weight that is not a finite number
    above 0, or a seat the game lacks, raises :class:`~rummyrules.OptionError`;
    a view no deal fits raises :class:`~rummyrules.StateError`.

    >>> from rummyrules import GoingOutRummy
    >>> game = GoingOutRummy(players=3).new_game(seed=4)
    >>> view = game.view(1)
    >>> sample = sample_state(view, seed=9)
    >>> sample.view(1) == view, type(sample).__name__
    (True, 'GoingOutState')
    >>> sample == sample_state(view, seed=9), sample == sample_state(view, seed=10)
    (True, False)

    Weights make a card likelier in a hand, here the king of spades in
    player 0's:

    >>> from rummyrules import Card
    >>> king = Card.parse("KS")
    >>> leaned = {0: {king: 1000.0}}
    >>> king in sample_state(view, seed=9, weights=leaned).hand(0)
    True
    """
    if not isinstance(view, View):
        raise TypeError(f"expected a View, not {type(view).__name__}")
    expect(seed, int, name="seed", what="a whole number (int)")
    leaned = checked_weights(weights, len(view.hand_sizes))
    strategy = strategy_of(view.rules)
    places = _Places.of(view, strategy)
    words = random_words(seed, "sample state")
    for _ in range(TRIES):
        dealt = places.deal(words, leaned)
        if dealt is None:
            continue
        state = _rebuilt(view, strategy, dealt)
        if _fits(state, view):
            return state
    raise StateError(
        f"no deal of the hidden cards fits this view of player {view.player}: "
        f"{TRIES} deals tried"
    )


@attrs.frozen
class _Places:
    """Where the cards a player cannot see may go, and how many in each place."""

    view: View
    held: Sequence[Counter[Card]]
    unseen: Sequence[Card]
    splits: Sequence[tuple[int, int, int]]
    ruled: tuple[int, HandRule] | None = None
    ones: Sequence[tuple[int, HoldsOneOf]] = ()

    @classmethod
    def of(cls, view: View, strategy: Strategy) -> _Places:
        """The places of a view's hidden cards, and every split the view allows."""
        me = view.player
        players = range(len(view.hand_sizes))
        held = [
            Counter(view.hand) if player == me else strategy.held(view, player)
            for player in players
        ]
        seen = Counter(view.discard_pile)
        for table_meld in view.melds:
            seen.update(table_meld.cards)
        seen.update(s.card for s in strategy.shown(view) if s.holder is None)
        for cards in held:
            seen.update(cards)
        deck = Counter(view.rules.deck())
        if seen - deck:
            raise StateError(f"the view shows cards the deck lacks: {seen - deck}")
        for player in players:
            if held[player].total() > view.hand_sizes[player]:
                raise StateError(
                    f"hand_sizes: player {player} holds {view.hand_sizes[player]} "
                    f"cards, fewer than the view shows in the hand"
                )
        unseen = sorted_hand((deck - seen).elements())
        rest = len(unseen) - sum(
            view.hand_sizes[player] - held[player].total() for player in players
        )
        stock = _stock_sizes(view)
        below_top = (
            range(rest + 1)
            if view.rules.hides_piles and view.discard_pile
            else range(1)
        )
        aside = strategy.set_aside_sizes(view)
        splits = [
            (count, rest - count - out, out)
            for count in stock
            for out in aside
            if rest - count - out in below_top
        ]
        if not splits:
            raise StateError(
                f"the {rest} hidden cards outside the hands fit no stock, pile and "
                "cards out of play this view allows"
            )
        rules = [
            (player, rule)
            for player in players
            if player != me and (rule := strategy.hand_rule(view, player)) is not None
        ]
        # Hands that must hold one of some cards are dealt exactly however
        # many (one_of_hands), one other ruled hand too (ruled_hand); with
        # several others the rules are left to the checks of each whole
        # deal, which stays exact.
        ones = [
            (player, rule) for player, rule in rules if isinstance(rule, HoldsOneOf)
        ]
        if len(ones) == len(rules):
            return cls(view, held, unseen, splits, ones=ones)
        ruled = rules[0] if len(rules) == 1 else None
        return cls(view, held, unseen, splits, ruled)

    def deal(
        self, words: Iterator[int], weights: Mapping[int, Mapping[Card, float]]
    ) -> Dealt | None:
        """One deal: a split the view allows, then a fair shuffle of the unseen cards; None to deal again."""
        stock, buried, aside = self.splits[below(words, len(self.splits))]
        cards = list(self.unseen)
        view = self.view
        # The hands the view rules on are dealt first, from every unseen card.
        dealt: dict[int, tuple[Card, ...]] = {view.player: view.hand}
        if self.ones:
            counts = [
                (player, rule, view.hand_sizes[player] - self.held[player].total())
                for player, rule in self.ones
            ]
            drawn = one_of_hands(counts, cards, words)
            if drawn is None:
                return None
            hidden, cards = drawn
            for player, more in hidden.items():
                dealt[player] = sorted_hand([*self.held[player].elements(), *more])
        if self.ruled is not None:
            player, rule = self.ruled
            count = view.hand_sizes[player] - self.held[player].total()
            dealt[player], cards = ruled_hand(
                rule, self.held[player], count, cards, words
            )
        for last in range(len(cards) - 1, 0, -1):
            other = below(words, last + 1)
            cards[last], cards[other] = cards[other], cards[last]
        hands = []
        for player, cards_held in enumerate(self.held):
            if player in dealt:
                hands.append(dealt[player])
                continue
            count = view.hand_sizes[player] - cards_held.total()
            leaning = weights.get(player)
            if leaning:
                picked, cards = leaned_draw(cards, count, leaning, words)
            else:
                picked, cards = cards[:count], cards[count:]
            hands.append(sorted_hand([*cards_held.elements(), *picked]))
        return Dealt(
            hands=tuple(hands),
            stock=tuple(cards[:stock]),
            discard_pile=(*view.discard_pile, *cards[stock : stock + buried]),
            set_aside=tuple(cards[stock + buried : stock + buried + aside]),
            seed=next(words) >> 24,
        )


def _stock_sizes(view: View) -> range:
    """The stock's sizes the view allows: its count, or every size in its band (GOR-11)."""
    if view.stock_count is not None:
        return range(view.stock_count, view.stock_count + 1)
    bands = {
        StockSize.EMPTY: range(1),
        StockSize.FEW: range(1, FEW),
        StockSize.SOME: range(FEW, SOME),
        StockSize.MANY: range(SOME, len(view.rules.deck()) + 1),
    }
    return bands[view.stock_size]


def _rebuilt(view: View, strategy: Strategy, dealt: Dealt) -> GameState:
    """The state of the game's own class that the view and the deal make."""
    fields: dict[str, Any] = {
        "rules": view.rules,
        "seed": dealt.seed,
        "dealer": view.dealer,
        "hands": dealt.hands,
        "stock": dealt.stock,
        "discard_pile": dealt.discard_pile,
        "melds": view.melds,
        "phase": view.phase,
        "to_move": view.to_move,
        "known": view.known if any(view.known) else (),
        "round_results": view.round_results,
    }
    fields.update(strategy.state_fields(view, dealt))
    state: GameState = view.rules.state_class(**fields)
    return state.with_events(view.events)


def _fits(state: GameState, view: View) -> bool:
    """Whether the checks accept the state and it shows the player the view."""
    try:
        check_state(state)
    except StateError:
        return False
    return state.view(view.player) == view
