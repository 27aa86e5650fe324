"""Gin Rummy: its options, deck, melds and card values (``GIN-*``).

One hand is the game by default, as in OpenSpiel (GIN-R2). Not one of the three games
the library was made for: it is here so that the library can be checked move
by move against the game-AI toolkits that ship it, and timed against them on
the same game. The defaults are OpenSpiel's.

>>> from rummyrules import GinRummy
>>> rules = GinRummy()
>>> len(rules.deck()), rules.card_value("KS"), rules.card_value("AH")
(52, 10, 1)
>>> print(rules.check_meld("QS KS AS"))
invalid: QS KS AS does not fit in a Gin Rummy run (GIN-2)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

import attrs

from rummyrules.core.cards import Card, Rank, make_deck
from rummyrules.core.errors import OptionError, PositionError, StateError
from rummyrules.core.hands import sorted_hand
from rummyrules.formats.reader import Reader
from rummyrules.formats.sections import (
    Count,
    Dealer,
    Hands,
    Melds,
    Pile,
    Player,
    Section,
    Seed,
    Sheet,
    Stock,
    ToMove,
)
from rummyrules.game.cores import Core
from rummyrules.game.dealing import first_order
from rummyrules.game.duties import Duty, duties_of
from rummyrules.game.machine import Machine
from rummyrules.game.state import GameState, View
from rummyrules.game.strategy import Strategy
from rummyrules.games.gin_rummy import checks
from rummyrules.games.gin_rummy.core import GIN_CORE
from rummyrules.games.gin_rummy.deadwood import MELD_RULES, card_points
from rummyrules.games.gin_rummy.machine import MACHINE, knocker_unfinished
from rummyrules.games.gin_rummy.state import (
    DEALER_ZERO,
    GinRummyOptions,
    GinRummyPhase,
    GinRummyState,
    GinRummyView,
    oklahoma_knock_card,
)
from rummyrules.games.gin_rummy.strategy import STRATEGY
from rummyrules.melds import MeldRules

__all__ = ["GinRummy", "KnockCard", "Taken"]


@attrs.frozen
class KnockCard(Section):
    """``knock_card N``: the knock card, written under ``oklahoma`` and wherever it is not the option's (GIN-10).

    Under ``oklahoma`` the first upcard set it, and that card may be
    anywhere by now, so a position names it: one without it is refused,
    never given a guess.

    >>> from rummyrules import GinRummy
    >>> rules = GinRummy(hand_size=1, oklahoma=True)
    >>> game = rules.new_game(deck=rules.stacked_deck("2S 3S AS"))
    >>> list(KnockCard().write(game))
    [('knock_card', '0')]
    >>> rules.position("to_move 0 upcard | hands 2S / 3S | pile AS")
    Traceback (most recent call last):
    ...
    rummyrules.PositionError: knock_card: under oklahoma the first upcard sets the knock card, so give it, as in 'knock_card 7' (GIN-10)
    """

    keys: tuple[str, ...] = ("knock_card",)

    def write(self, state: GameState) -> Iterator[tuple[str, str]]:
        """The parts of the line this section writes for the state."""
        if not isinstance(state, GinRummyState):
            return
        rules = state.rules
        if rules.oklahoma or state.knock_card != rules.knock_card:
            yield "knock_card", str(state.knock_card)

    def read(self, reader: Reader) -> None:
        """Read this section from the position into the reader's fields."""
        rules = reader.rules
        if not isinstance(rules, GinRummyOptions):  # pragma: no cover - Gin's section
            return
        if reader.get("knock_card") is not None:
            reader.fields["knock_card"] = reader.number("knock_card")
        elif rules.oklahoma:
            raise PositionError(
                "knock_card: under oklahoma the first upcard sets the knock card, "
                "so give it, as in 'knock_card 7' (GIN-10)"
            )
        else:
            reader.fields["knock_card"] = rules.knock_card


@attrs.frozen
class Taken(Section):
    """``taken C``: the upcard the player to move took this turn, now in their hand (GIN-9).

    >>> from rummyrules import GinRummy
    >>> list(Taken().write(GinRummy().new_game(seed=3).apply("take")))
    [('taken', 'QH')]
    """

    keys: tuple[str, ...] = ("taken",)

    def write(self, state: GameState) -> Iterator[tuple[str, str]]:
        """The parts of the line this section writes for the state."""
        if isinstance(state, GinRummyState) and state.taken is not None:
            yield "taken", str(state.taken)

    def read(self, reader: Reader) -> None:
        """Read this section from the position into the reader's fields."""
        text = reader.get("taken")
        if text is None:
            reader.fields["taken"] = None
            return
        # Whether the player to move holds it is checked with the whole state
        # (checks.py), which also sees a game loaded from JSON.
        reader.fields["taken"] = reader.card("taken", text)


@attrs.frozen(kw_only=True, cache_hash=True)
class GinRummy(GinRummyOptions):
    """The rules of Gin Rummy, with OpenSpiel's defaults.

    Options (all keyword-only, checked when the object is built):

    - ``hand_size``: cards dealt to each player, 1 to 10 (GIN-1, default 10).
    - ``knock_card``: the most deadwood a knock may leave, 0 to 10; 0 means
      only gin (GIN-5, default 10).
    - ``gin_bonus``: points for going gin (GIN-7, default 25).
    - ``undercut_bonus``: points for an undercut (GIN-7, default 25).
    - ``undercut_on_equal``: equal deadwood is an undercut, as in the
      tournament rules (GIN-R1, default False: the knocker scores 0).
    - ``oklahoma``: the first upcard's value is the knock card, an Ace
      meaning gin only (GIN-10, default False).
    - ``target``: play hands until a player's total reaches this many
      points, who then adds a game bonus of 100 (GIN-R2, default None: one
      hand is the game, as in OpenSpiel).
    - ``max_turns``: end the game after this many turns, counted over all
      its hands, the hand under way a draw (ALL-5, default None: no limit).

    >>> GinRummy(knock_card=11)
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: knock_card must be from 0 to 10 in Gin Rummy, not 11 (GIN-5)
    """

    name: ClassVar[str] = "Gin Rummy"
    deck_rule: ClassVar[str] = "GIN-1"
    wild_ranks: ClassVar[frozenset[Rank]] = frozenset()
    wild_rule: ClassVar[str] = "GIN-2"
    state_class: ClassVar[type[GameState]] = GinRummyState
    view_class: ClassVar[type[View]] = GinRummyView
    short_name: ClassVar[str] = "gin"
    aliases: ClassVar[tuple[str, ...]] = ("gin-rummy",)
    strategy: ClassVar[Strategy] = STRATEGY
    keeps_score: ClassVar[bool] = True
    sections: ClassVar[tuple[Section, ...]] = (
        Seed(),
        Dealer(),
        ToMove(),
        KnockCard(),
        Count("passes"),
        Player("knocker"),
        Taken(),
        Hands(),
        Melds(),
        Pile(),
        Sheet(),
        Count("upcards"),
        Count("bounced"),
        Count("turns"),
        Stock(),
    )

    # What the conformance suite records of the game (tests/transcripts.py).
    transcript_games: ClassVar[tuple[tuple[str, int], ...]] = (
        ("GinRummy", 1),
        ("GinRummy", 2),
        ("GinRummy knock_card=0", 3),
        ("GinRummy oklahoma=true", 4),
        ("GinRummy hand_size=7 gin_bonus=20 undercut_bonus=10", 5),
        ("GinRummy undercut_on_equal=true", 6),
        ("GinRummy hand_size=3", 7),
        ("GinRummy max_turns=20", 8),
        ("GinRummy target=60", 9),
        ("GinRummy hand_size=5 target=40 oklahoma=true", 10),
    )
    perft_positions: ClassVar[tuple[tuple[str, int], ...]] = (
        ("GinRummy | seed 3 | to_move 0 upcard | hands 2H 2C 4C 5S 6H 8H 10S 10C "
         "JH KH / AS AD 2D 3H 3D 7D 9S 9D 10D JD | pile QH", 5),
        ("GinRummy hand_size=3 | to_move 0 play | hands 7S 8S 9S KD / 2C 5D 9H "
         "| pile 4H", 4),
        ("GinRummy hand_size=4 | to_move 1 layoff | knocker 0 | hands 2C / 10S 5D "
         "6S 9H | melds 0: 7S 8S 9S | pile 4H", 4),
        ("GinRummy hand_size=3 | to_move 1 knock | passes 2 | knocker 1 | hands 7S "
         "QH QC / AH 2D 2C 3H | pile KD 4S AS KH 3S | upcards 1 | turns 5", 4),
        ("GinRummy hand_size=3 | seed 8 | to_move 0 wall | passes 2 | hands 2D 6D "
         "8C / 4S 6S 10H | pile KD 3C 8H 3D 5C 2S QD QH 3S AD 7S KS QS 10D 2H 5H AH "
         "9H JH JS JC 7C 4C 9C 3H AS 2C QC 4D 9S 4H 6C 10C 6H KH 5D AC 8D 7H 8S 10S "
         "9D 7D JD | upcards 45 | turns 88", 5),
    )  # fmt: skip

    @property
    def players(self) -> int:
        """Gin Rummy is a game for two players (GIN-1).

        >>> GinRummy().players
        2
        """
        return 2

    @property
    def meld_rules(self) -> MeldRules:
        """Sets and runs of 3 or more, the Ace low only, no wilds (GIN-2).

        >>> GinRummy().meld_rules.ace_low
        True
        """
        return MELD_RULES

    def deck(self) -> tuple[Card, ...]:
        """One standard 52-card deck (GIN-1).

        >>> len(GinRummy().deck())
        52
        """
        return make_deck()

    @property
    def core(self) -> Core:
        """Gin Rummy's integer core, which plays every option (issue 40).

        >>> GinRummy(target=100).core is GinRummy().core
        True
        """
        return GIN_CORE

    @property
    def machine(self) -> Machine[Any]:
        """The Gin Rummy turn machine (GIN-3 … GIN-9), which explains a refusal.

        >>> from rummyrules import Draw
        >>> game = GinRummy().new_game(seed=1)
        >>> GinRummy().machine.resolve(game, Draw())
        Traceback (most recent call last):
        ...
        rummyrules.IllegalMoveError: the first upcard is taken or passed: 'take' or 'pass' (GIN-3)
        """
        return MACHINE

    def duties(self, state: GinRummyState, player: int) -> tuple[Duty, ...]:
        """What Gin Rummy still asks of the knocker: a discard that keeps the knock, then the melds (GIN-5, GIN-R3).

        >>> game = GinRummy(hand_size=4).position(
        ...     "to_move 0 play | hands 7S 8S 9S 2C KD / AH 5D 9H JC | pile 4H"
        ... )
        >>> [duty.rule for duty in GinRummy().duties(game.apply("knock"), 0)]
        ['GIN-5']
        """
        if state.phase is GinRummyPhase.KNOCK:
            text = (
                "you knocked, so your discard must leave your deadwood at most "
                f"the knock card, {state.knock_card}"
            )
            return (Duty(rule="GIN-5", text=text),)
        if state.phase is GinRummyPhase.LAY_DOWN:  # as 'done' is refused
            return duties_of(knocker_unfinished(state.hands[player], state.knock_card))
        return ()

    def new_game(
        self, *, seed: int = 0, deck: Sequence[Card] | None = None, dealer: int = 0
    ) -> GinRummyState:
        """Deal a hand (GIN-1) from the seed or a whole stacked deck (top card first).

        Player 0's cards, then player 1's, then the upcard, as OpenSpiel
        deals; with ``oklahoma`` the upcard sets the knock card (GIN-10).
        ``dealer`` must be 0: player 0 always moves first, as in OpenSpiel.
        The turn machine deals each later hand of a game to a ``target`` so.

        >>> game = GinRummy().new_game(seed=42)
        >>> [len(hand) for hand in game.hands], len(game.stock), len(game.discard_pile)
        ([10, 10], 31, 1)
        >>> rules = GinRummy(hand_size=2, oklahoma=True)
        >>> game = rules.new_game(deck=rules.stacked_deck("7S 8S 9H 9D 4C"))
        >>> [" ".join(map(str, hand)) for hand in game.hands], game.knock_card
        (['7S 8S', '9H 9D'], 4)
        >>> GinRummy().new_game(dealer=1)
        Traceback (most recent call last):
        ...
        rummyrules.OptionError: dealer must be 0 in Gin Rummy: player 0 always moves first (GIN-3)
        """
        order = first_order(self, players=2, seed=seed, deck=deck, dealer=dealer)
        if dealer != 0:
            raise OptionError(DEALER_ZERO)
        size = self.hand_size
        upcard = order[2 * size]
        return GinRummyState(
            rules=self,
            seed=seed,
            dealer=0,  # nobody else deals: player 0 moves first (GIN-3)
            hands=(sorted_hand(order[:size]), sorted_hand(order[size : 2 * size])),
            stock=tuple(order[2 * size + 1 :]),
            discard_pile=(upcard,),
            phase=GinRummyPhase.UPCARD,
            to_move=0,
            knock_card=oklahoma_knock_card(upcard)
            if self.oklahoma
            else self.knock_card,
        )

    def check_state(self, state: GameState) -> None:
        """Refuse a game, sound in shape, that no play of Gin Rummy reaches.

        >>> rules = GinRummy()
        >>> rules.check_state(rules.new_game(seed=1))
        >>> rules.check_state(rules.new_game(seed=1).replace(passes=3))
        Traceback (most recent call last):
        ...
        rummyrules.StateError: passes: two players pass the first upcard at most (GIN-3)
        """
        if not isinstance(state, GinRummyState):
            message = f"a Gin Rummy game is a GinRummyState, not {type(state).__name__}"
            raise StateError(message)
        checks.check_state(state)

    def check_view(self, view: View) -> None:
        """Refuse a view, sound in shape, that no play of Gin Rummy shows.

        >>> import attrs
        >>> rules = GinRummy()
        >>> view = rules.new_game(seed=1).view(0)
        >>> rules.check_view(view)
        >>> rules.check_view(attrs.evolve(view, shown_hands=(view.hand, view.hand)))
        Traceback (most recent call last):
        ...
        rummyrules.StateError: shown_hands: the hands are shown only once the knocker has laid down (GIN-6)
        """
        if not isinstance(view, GinRummyView):
            message = f"a Gin Rummy view is a GinRummyView, not {type(view).__name__}"
            raise StateError(message)
        checks.check_view(view)

    def card_value(self, card: Card | str, *, wild: Rank | str | None = None) -> int:
        """A card's points (GIN-1): Ace 1, 2 to 10 their face, J Q K 10.

        >>> [GinRummy().card_value(c) for c in ["AS", "7H", "10D", "QC"]]
        [1, 7, 10, 10]
        """
        self.wild_rank(wild)
        return card_points(self._card(card))
