"""What a bot or a front end may ask a game about playing it, beyond its moves.

The layers above the games (:mod:`rummyrules.bots`, the command line of
:doc:`cli`) never test which game they play. Each game's rules class declares
``strategy``, an object of this module's classes that answers for the game,
and :func:`strategy_of` finds it. A strategy is one of two families:

- :class:`PointsStrategy`: every card played scores and every card held
  costs (End of the Page and 1400, through :class:`Rummy500Strategy`), so a
  bot weighs the points it can lay against the points it would hold;
- :class:`GoingOutStrategy`: only going out counts (Going Out Rummy), so a
  bot keeps the hand that is nearest to going out.

Every strategy also says what lies face up outside the melds and the discard
pile (:meth:`Strategy.shown`) and who has left the game (:meth:`Strategy.left`).
The answers are the game's knowledge; the choices stay with the bots.

A strategy also tells how to fill in what a view hides (for
:func:`~rummyrules.sample_state`): which cards the view shows in each hand
(:meth:`Strategy.held`), how many cards may lie face down out of play
(:meth:`Strategy.set_aside_sizes`), what it says of a hidden hand
(:meth:`Strategy.hand_rule`), and the game's own fields of a state
rebuilt from the view and a deal of the hidden cards
(:meth:`Strategy.state_fields`, given a :class:`Dealt`).

>>> from rummyrules import EndOfThePage, GoingOutRummy
>>> isinstance(strategy_of(EndOfThePage()), PointsStrategy)
True
>>> isinstance(strategy_of(GoingOutRummy()), GoingOutStrategy)
True
"""

from __future__ import annotations

import abc
import functools
from collections.abc import Iterable, Sequence
from typing import Any, Final, Protocol

from rummyrules.core.cards import Card, Rank
from rummyrules.core.hands import sorted_hand
from rummyrules.game.moves import Take
from rummyrules.game.rummy500 import Rummy500State, Rummy500View
from rummyrules.game.state import PlayableRules, View
from rummyrules.game.strategy_base import (
    Dealt,
    Seen,
    Shown,
    Strategy,
    strategy_of,
)
from rummyrules.melds import MeldRules
from rummyrules.melds import search as meld_search
from rummyrules.melds.codes import code_rank, code_rules, rank_code, rules_code

__all__ = [
    "Dealt",
    "GoingOutStrategy",
    "PointsStrategy",
    "Rummy500Strategy",
    "Seen",
    "Shape",
    "Shown",
    "Strategy",
    "meld_groups",
    "strategy_of",
    "without",
]

_CLOSE: Final = 3
"""Cards in another hand at which the round is taken to be closing (:meth:`PointsStrategy.closing`)."""


class PointsStrategy(Strategy, abc.ABC):
    """A game where every card played scores and every card held costs.

    >>> from rummyrules import FourteenHundred
    >>> isinstance(strategy_of(FourteenHundred()), PointsStrategy)
    True
    """

    @abc.abstractmethod
    def may_lay_off(self, view: View) -> bool:
        """Whether the player may lay cards off on the melds now (or later this turn).

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=3).apply("draw")
        >>> strategy = strategy_of(game.rules)
        >>> before = strategy.may_lay_off(game.view(1))
        >>> before, strategy.may_lay_off(game.apply("meld KH KD KC").view(1))
        (False, True)
        """

    def closing(self, view: View) -> bool:
        """Whether the round may end before the player's next turn, so that a card held soon costs.

        By default, once another player holds three cards or fewer: one good
        turn may then empty their hand. A bot keeps a costly lone card while
        the round is young (played, it would score) and lets it go once the
        round is closing.

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().position(
        ...     "wild 3 | face_up 3S@0 | to_move 1 draw"
        ...     " | hands 3S 9H KD / 9D JD KC 5H 7S | pile 6C"
        ... )
        >>> strategy = strategy_of(game.rules)
        >>> strategy.closing(game.view(1)), strategy.closing(game.view(0))
        (True, False)
        """
        return any(
            size <= _CLOSE
            for seat, size in enumerate(view.hand_sizes)
            if seat != view.player
        )

    def taken(self, view: View, move: Take) -> tuple[Card, ...]:
        """The cards a take brings into the hand: the card and every card above it.

        >>> from rummyrules import EndOfThePage
        >>> from rummyrules.game.notation import parse_move
        >>> game = EndOfThePage().position(
        ...     "wild 3 | to_move 1 draw | hands 3S 4C / 9D JD KC | pile 6C 10D"
        ... )
        >>> strategy = strategy_of(game.rules)
        >>> [str(card) for card in strategy.taken(game.view(1), parse_move("take 10D"))]
        ['6C', '10D']
        """
        pile = view.discard_pile
        if move.card is None:
            return pile[:1]
        return pile[: pile.index(move.card) + 1]


class Rummy500Strategy(PointsStrategy):
    """What End of the Page and 1400 answer alike, as games of the Rummy 500 family.

    The wild rank and the face-up card that set it are in every view; a
    player may lay off once they have a meld of their own (EOP-9).

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=1)
    >>> str(strategy_of(game.rules).wild(game.view(1)))
    '4'
    """

    def wild(self, game: Seen) -> Rank | None:
        """The round's wild rank (EOP-3, F14-4).

        >>> from rummyrules import FourteenHundred
        >>> game = FourteenHundred(players=2).new_game(seed=1)
        >>> str(strategy_of(game.rules).wild(game.view(0)))
        '6'
        """
        if isinstance(game, Rummy500View):
            return game.wild
        return super().wild(game)

    def may_lay_off(self, view: View) -> bool:
        """Whether the player has a meld of their own on the table this round (EOP-9).

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=1)
        >>> strategy_of(game.rules).may_lay_off(game.view(1))
        False
        """
        return any(table_meld.owner == view.player for table_meld in view.melds)

    def shown(self, game: Seen) -> tuple[Shown, ...]:
        """The wild-rank card its holder shows face up until it is played (EOP-3, F14-4).

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=1)
        >>> [str(shown.card) for shown in strategy_of(game.rules).shown(game.view(1))]
        ['4C']
        """
        if not isinstance(game, Rummy500State | Rummy500View):
            return ()
        if game.face_up is None or game.face_up_holder is None:
            return ()
        return (Shown(game.face_up, game.face_up_holder),)


class Shape(Protocol):
    """How far hands within one root hand are from going out, for a bot to compare.

    >>> from rummyrules import GoingOutRummy, parse_cards
    >>> rules = GoingOutRummy()
    >>> strategy = strategy_of(rules)
    >>> assert isinstance(strategy, GoingOutStrategy)
    >>> shape: Shape = strategy.shape(rules, parse_cards("7S 7H 7D 8C 9C KD 2H"))
    >>> shape.short(parse_cards("7S 7H 7D 8C 9C KD"))
    2
    """

    def short(self, hand: Sequence[Card]) -> int:
        """How many cards the hand (within the root) is short of going out.

        >>> from rummyrules import GoingOutRummy, parse_cards
        >>> rules = GoingOutRummy()
        >>> strategy = strategy_of(rules)
        >>> assert isinstance(strategy, GoingOutStrategy)
        >>> hand = parse_cards("7S 7H 7D 8C 9C 10C KD")
        >>> shape = strategy.shape(rules, hand)
        >>> shape.short(hand[:-1]), shape.short(hand[1:])
        (0, 2)
        """

    def ties(self, card: Card, hand: Sequence[Card]) -> int:
        """How strongly a card of the hand holds to the rest of it: more is closer.

        >>> from rummyrules import GoingOutRummy, parse_cards
        >>> rules = GoingOutRummy()
        >>> strategy = strategy_of(rules)
        >>> assert isinstance(strategy, GoingOutStrategy)
        >>> hand = parse_cards("7S 7H 8C KD")
        >>> shape = strategy.shape(rules, hand)
        >>> [shape.ties(card, hand) for card in hand]
        [3, 3, 0, 0]
        """


class GoingOutStrategy(Strategy, abc.ABC):
    """A game where only going out counts: the nearer a hand is to it, the better.

    >>> from rummyrules import GoingOutRummy, parse_cards
    >>> rules = GoingOutRummy(hand_size=3)
    >>> strategy = strategy_of(rules)
    >>> assert isinstance(strategy, GoingOutStrategy)
    >>> strategy.goes_out(rules, parse_cards("7S 7H 7D 9D"))
    True
    """

    @abc.abstractmethod
    def goes_out(self, rules: PlayableRules[Any], hand: tuple[Card, ...]) -> bool:
        """Whether the sorted hand can go out as it is, under these rules.

        >>> from rummyrules import GoingOutRummy, parse_cards
        >>> rules = GoingOutRummy(going_out="major")
        >>> strategy = strategy_of(rules)
        >>> assert isinstance(strategy, GoingOutStrategy)
        >>> strategy.goes_out(rules, parse_cards("7S 7H 7D 8C 9C 10C"))
        False
        """

    @abc.abstractmethod
    def shape(self, rules: PlayableRules[Any], root: tuple[Card, ...]) -> Shape:
        """The reading of how far hands within the sorted ``root`` are from going out.

        >>> from rummyrules import GoingOutRummy, parse_cards
        >>> rules = GoingOutRummy()
        >>> strategy = strategy_of(rules)
        >>> assert isinstance(strategy, GoingOutStrategy)
        >>> strategy.shape(rules, parse_cards("7S 7H 7D")).short(parse_cards("7S 7H"))
        1
        """


# --- Readings of a hand that bots and strategies share ----------------------------


def without(hand: tuple[Card, ...], cards: Iterable[Card]) -> tuple[Card, ...]:
    """The sorted hand with one copy of each card taken out (it stays sorted).

    >>> from rummyrules import parse_cards
    >>> [str(card) for card in without(parse_cards("7S 7S 9S"), parse_cards("7S"))]
    ['7S', '9S']
    """
    left = list(hand)
    for card in cards:
        left.remove(card)
    return tuple(left)


def meld_groups(
    hand: tuple[Card, ...], meld_rules: MeldRules, wild: Rank | None
) -> tuple[tuple[Card, ...], ...]:
    """The distinct cards of the melds a sorted hand can make, wild meanings aside.

    Memoised on the hand's card codes: a bot asks about the same hands again
    and again, and codes are what the garbage collector need not walk.

    >>> from rummyrules import EndOfThePage, parse_cards
    >>> groups = meld_groups(
    ...     parse_cards("7S 8S 9S 9H 9D"), EndOfThePage().meld_rules, None
    ... )
    >>> [" ".join(map(str, cards)) for cards in groups]
    ['9S 9H 9D', '7S 8S 9S']
    """
    found = _meld_group_codes(
        tuple(map(int, hand)), rules_code(meld_rules), rank_code(wild)
    )
    return tuple(tuple(map(meld_search.code_card, cards)) for cards in found)


@functools.lru_cache(maxsize=4096)
def _meld_group_codes(
    hand: tuple[int, ...], rules: int, wild: int
) -> tuple[tuple[int, ...], ...]:
    cards = tuple(map(meld_search.code_card, hand))
    found = meld_search.find_melds(cards, code_rules(rules), wild=code_rank(wild))
    groups = dict.fromkeys(sorted_hand(meld.cards) for meld in found)
    return tuple(tuple(map(int, group)) for group in groups)
