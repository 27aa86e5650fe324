"""What every game's strategy answers, and how a rules class declares its own.

A game's rules class declares ``strategy``, an instance of a subclass of
:class:`Strategy` (the families are in :mod:`rummyrules.game.strategy`);
:func:`strategy_of` finds it. A strategy answers about the whole state or one
player's view (:data:`Seen`): what lies face up (:class:`Shown`), and, to
rebuild a state from a view, its fields given a deal of the hidden cards
(:class:`Dealt`).

>>> from rummyrules import GoingOutRummy
>>> type(strategy_of(GoingOutRummy())).__name__
'GoingOutRummyStrategy'
"""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

import attrs

from rummyrules.core.cards import Card, Rank
from rummyrules.game.hand_rules import HandRule
from rummyrules.game.moves import Move
from rummyrules.game.state import GameState, Phase, PlayableRules, View

__all__ = ["Dealt", "Seen", "Shown", "Strategy", "strategy_of"]


Seen = GameState | View
"""The whole state, or one player's view of it, as the table shows it."""


@attrs.frozen
class Shown:
    """A card lying face up outside the melds and the discard pile.

    Attributes:
        card: The card.
        holder: The player who holds it in hand, face up; None when it lies
            on the table by itself.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=1)
    >>> strategy_of(game.rules).shown(game)
    (Shown(card=Card(rank=Rank.FOUR, suit=Suit.CLUBS), holder=0),)
    """

    card: Card
    holder: int | None


@attrs.frozen(kw_only=True)
class Dealt:
    """The hidden cards of a view, dealt: what a state rebuilt from it holds where the view cannot see.

    Attributes:
        hands: Every player's whole hand: the view's own hand, and each other
            hand's shown cards with hidden cards dealt to make up its size.
        stock: The stock, top card first.
        discard_pile: The whole discard pile, top card first: the part the
            view shows, then any hidden below it (GOR-11).
        set_aside: The cards dealt face down out of play (Going Out Rummy's
            dropped cards, GOR-10); empty in most games.
        seed: A fresh seed for the state, for the shuffles still to come.

    >>> from rummyrules import parse_cards
    >>> dealt = Dealt(
    ...     hands=(parse_cards("7S"), parse_cards("8S")),
    ...     stock=parse_cards("9S"),
    ...     discard_pile=(),
    ...     set_aside=(),
    ...     seed=5,
    ... )
    >>> [str(card) for card in dealt.stock]
    ['9S']
    """

    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    set_aside: tuple[Card, ...]
    seed: int

    @classmethod
    def of(cls, state: GameState) -> Dealt:
        """What a whole state holds where its views cannot see (to try a strategy on).

        >>> from rummyrules import GoingOutRummy
        >>> game = GoingOutRummy().new_game(seed=3)
        >>> Dealt.of(game).hands == game.hands
        True
        """
        return cls(
            hands=state.hands,
            stock=state.stock,
            discard_pile=state.discard_pile,
            set_aside=state.set_aside(),
            seed=state.seed,
        )


_BASE_FIELDS: frozenset[str] = frozenset(
    field.name for field in attrs.fields(GameState) if field.init
)
"""The fields every game's state has, which shared code fills from a view."""


class Strategy:
    """What every game answers a bot or a front end, whatever its family.

    >>> from rummyrules import GoingOutRummy
    >>> game = GoingOutRummy().new_game(seed=1)
    >>> strategy = strategy_of(game.rules)
    >>> strategy.picking_up(game.view(1)), strategy.shown(game), strategy.left(game)
    (True, (), ())
    """

    def picking_up(self, view: View) -> bool:
        """Whether the player's choice now is what to pick up: draw, take (or pass).

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=1)
        >>> strategy = strategy_of(game.rules)
        >>> (
        ...     strategy.picking_up(game.view(1)),
        ...     strategy.picking_up(game.apply("draw").view(1)),
        ... )
        (True, False)
        """
        return view.phase == Phase.DRAW

    def wild(self, game: Seen) -> Rank | None:
        """The round's wild rank, as the table shows it; None where there is none.

        >>> from rummyrules import GoingOutRummy
        >>> game = GoingOutRummy().new_game(seed=1)
        >>> print(strategy_of(game.rules).wild(game.view(0)))
        None
        """
        return game.wild if isinstance(game, GameState) else None

    def shown(self, game: Seen) -> tuple[Shown, ...]:
        """The cards lying face up outside the melds and the discard pile.

        >>> from rummyrules import GoingOutRummy
        >>> game = GoingOutRummy().new_game(seed=1)
        >>> strategy_of(game.rules).shown(game.view(0))
        ()
        """
        del game
        return ()

    counts_deadwood: ClassVar[bool] = False
    """Whether a hand left at a round's end is deadwood (Gin Rummy), and named so."""

    def notes(self, view: View) -> tuple[str, ...]:
        """What only this game tells its player beside their hand: nothing by default.

        Gin Rummy's notes are the player's deadwood, the knock card and what
        its phase asks (GIN-2 … GIN-6).

        >>> from rummyrules import EndOfThePage, GinRummy
        >>> game = EndOfThePage().new_game(seed=1)
        >>> strategy_of(game.rules).notes(game.view(0))
        ()
        >>> strategy_of(GinRummy()).notes(GinRummy().new_game(seed=4).view(1))
        ('Your deadwood: 45; a knock needs 10 or less (GIN-5)',)
        """
        del view
        return ()

    def face_up_note(self, game: Seen, holder: int) -> str:
        """A few words on a hand lying face up (Gin Rummy: its deadwood); none by default.

        >>> from rummyrules import GoingOutRummy
        >>> game = GoingOutRummy().new_game(seed=1)
        >>> strategy_of(game.rules).face_up_note(game, 0)
        ''
        """
        del game, holder
        return ""

    def left(self, game: Seen) -> tuple[int, ...]:
        """The players who have left the game and hold no hand any more.

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=1)
        >>> strategy_of(game.rules).left(game)
        ()
        """
        del game
        return ()

    def first_choice(self, view: View) -> Move | None:
        """A move a greedy player of this game makes whenever it is listed; None for none.

        The bots know the moves every game shares; a game with a move of its
        own that a greedy player always makes (Gin Rummy's ``knock``, GIN-5)
        names it here, and the greedy bot makes it before anything else.

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=1)
        >>> print(strategy_of(game.rules).first_choice(game.view(1)))
        None
        """
        del view
        return None

    def unseen(self, view: View) -> Counter[Card]:
        """The cards this player has not seen: the deck less all they may see.

        Their own hand, the melds, the discard pile as far as they may see
        it, and what lies face up in the other hands or on the game.

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=1)
        >>> view = game.view(1)
        >>> unseen = strategy_of(game.rules).unseen(view)
        >>> unseen.total() == len(game.stock) + len(game.hand(0)) - 1  # 4C is face up
        True
        """
        unseen = Counter(view.rules.deck())
        seen = Counter(view.hand)
        for table_meld in view.melds:
            seen.update(table_meld.cards)
        seen.update(view.discard_pile)
        for shown in self.shown(view):
            if shown.holder != view.player:
                seen[shown.card] += 1
        unseen -= seen
        return unseen

    def held(self, view: View, player: int) -> Counter[Card]:
        """The cards the view shows in ``player``'s hand: known to be held, or face up there.

        Cards taken face up from the pile and not played since
        (:attr:`View.known <rummyrules.View.known>`) and the cards the game
        shows in the hand (:meth:`shown`). The rest of the hand is hidden.

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=7).apply("take")
        >>> [str(card) for card in strategy_of(game.rules).held(game.view(0), 1)]
        ['5C']
        """
        held = Counter(view.known[player]) if view.known else Counter()
        held.update(s.card for s in self.shown(view) if s.holder == player)
        return held

    def set_aside_sizes(self, view: View) -> range:
        """How many cards may lie face down out of play, which the view cannot see.

        None in most games; Going Out Rummy's dropped cards (GOR-10).

        >>> from rummyrules import EndOfThePage
        >>> strategy_of(EndOfThePage()).set_aside_sizes(
        ...     EndOfThePage().new_game(seed=1).view(0)
        ... )
        range(0, 1)
        """
        del view
        return range(1)

    def hand_rule(self, view: View, player: int) -> HandRule | None:
        """What the view says of ``player``'s hidden hand beyond its known cards; None for nothing.

        Gin Rummy's knocker keeps the knock good before the hand is shown (GIN-5).

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=1)
        >>> print(strategy_of(game.rules).hand_rule(game.view(0), 1))
        None
        """
        del view, player
        return None

    def state_fields(self, view: View, dealt: Dealt) -> dict[str, Any]:
        """The game's own fields of a state rebuilt from a view and a deal of its hidden cards.

        Shared code fills the fields every state has (:class:`~rummyrules.GameState`);
        the game says how its own follow from the view. By default, each is
        the view's field of the same name; a game whose state keeps more
        than its view shows says how to fill the rest. Where the view tells
        nothing of a field, the game takes what play most often leaves there,
        and says so.

        >>> from rummyrules import GoingOutRummy
        >>> game = GoingOutRummy().new_game(seed=3)
        >>> dealt = Dealt.of(game)
        >>> Strategy().state_fields(game.view(0), dealt)
        {'dropped': ()}
        """
        del dealt
        return {
            field.name: getattr(view, field.name)
            for field in attrs.fields(view.rules.state_class)
            if field.init
            and field.name not in _BASE_FIELDS
            and hasattr(view, field.name)
        }


def strategy_of(rules: PlayableRules[Any]) -> Strategy:
    """The strategy a game's rules class declares; TypeError if it declares none.

    >>> from rummyrules import FourteenHundred
    >>> type(strategy_of(FourteenHundred())).__name__
    'FourteenHundredStrategy'
    """
    # Asked at every move a bot makes: the class attribute, read as it is.
    strategy: object = getattr(rules, "strategy", None)
    if not isinstance(strategy, Strategy):
        message = (
            f"{rules.name} declares no strategy: its rules class needs a 'strategy' "
            "(a rummyrules.game.strategy.Strategy) for bots to play it"
        )
        raise TypeError(message)
    return strategy
