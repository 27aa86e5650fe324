"""Going Out Rummy: its options, deck, melds and going out (``GOR-*``).

>>> from rummyrules import GoingOutRummy
>>> rules = GoingOutRummy(players=4, wildcards=4)
>>> len(rules.deck())
160
>>> print(rules.find_going_out("7S 7H 7D * 2H 3H KC"))
*=AH 2H 3H / 7S 7H 7D discard KC
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final

import attrs

from rummyrules.core.cards import Card, Rank, make_deck, read_cards
from rummyrules.core.errors import OptionError
from rummyrules.core.options import about, at_least, between, choice, is_bool
from rummyrules.core.shuffle import shuffled
from rummyrules.formats.game_rules import GameRules
from rummyrules.formats.sections import (
    ROUND,
    Cards,
    Count,
    Dealer,
    Hands,
    Melds,
    Pile,
    Player,
    Section,
    Seed,
    Settled,
    Stock,
    ToMove,
    Who,
)
from rummyrules.game.dealing import check_seat, check_seed
from rummyrules.game.machine import Machine
from rummyrules.game.rules import CardsLike
from rummyrules.game.state import GameState, View
from rummyrules.game.strategy import Strategy
from rummyrules.games.going_out import checks as going_out_checks
from rummyrules.games.going_out import machine as going_out_game
from rummyrules.games.going_out.dealer import DealerDraw, draw_for_dealer
from rummyrules.games.going_out.state import GoingOut, GoingOutState, GoingOutView
from rummyrules.games.going_out.strategy import STRATEGY
from rummyrules.melds import MeldRules, layouts
from rummyrules.melds.layouts import Layout

__all__ = ["GoingOut", "GoingOutRummy"]

MELD_RULES: Final = MeldRules(
    game="Going Out Rummy",
    run_ranks=(*tuple(Rank), Rank.ACE),  # A 2 … K A: the Ace low or high (GOR-5)
    meld_rule="GOR-5",
    wild_gap=0,
    min_naturals=0,  # any number of WILDCARDs, even a meld of them only (GOR-6)
    wild_rule="GOR-6",
)

PACKS: Final = 3


def _going_out(value: GoingOut | str) -> GoingOut:
    return choice(
        GoingOut, value, game="Going Out Rummy", name="going_out", rule="GOR-8"
    )


@attrs.frozen(kw_only=True, cache_hash=True)
class GoingOutRummy(GameRules[GoingOutState]):
    """The rules of Going Out Rummy, with every option the rule book names.

    Options (all keyword-only, checked when the object is built):

    - ``players``: 2 to 10 (GOR-1).
    - ``hand_size``: cards dealt to each player, 2 to 10 (GOR-1, default 7).
    - ``wildcards``: WILDCARDs added to the three packs, 0 to 9 (GOR-1,
      default 0).
    - ``going_out``: ``standard``, ``major`` or ``minor`` (GOR-8).
    - ``last_player_wins``: when all but one player have dropped out, the one
      left wins (GOR-R3, default True); False ends the game with no winner.
    - ``max_turns``: end the game with no winner after this many turns
      (GOR-R4, default None: no limit).

    >>> GoingOutRummy(wildcards=10)
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: wildcards must be from 0 to 9 in Going Out Rummy, not 10 (GOR-1)
    """

    name: ClassVar[str] = "Going Out Rummy"
    deck_rule: ClassVar[str] = "GOR-1"
    wild_ranks: ClassVar[frozenset[Rank]] = frozenset()
    wild_rule: ClassVar[str] = "MELD-4"
    state_class: ClassVar[type[GameState]] = GoingOutState
    view_class: ClassVar[type[View]] = GoingOutView
    short_name: ClassVar[str] = "gor"
    strategy: ClassVar[Strategy] = STRATEGY
    sections: ClassVar[tuple[Section, ...]] = (
        Seed(),
        Dealer(),
        ToMove(),
        Hands(),
        Melds(),
        Pile(),
        ROUND,
        Settled(
            "out",
            "the winner, who went out by laying the whole hand down (GOR-7)",
            "player",
            written=True,
        ),
        Count("turns"),
        Count("reshuffles"),
        Player("winner"),
        Who("dropped"),
        Cards("dropped_cards"),
        Stock(),
    )
    aliases: ClassVar[tuple[str, ...]] = ("going-out", "going-out-rummy")
    keeps_score: ClassVar[bool] = False
    hides_piles: ClassVar[bool] = True

    players: int = attrs.field(
        default=2,
        validator=between(2, 10),
        metadata=about("GOR-1", "Players at the table."),
    )
    hand_size: int = attrs.field(
        default=7,
        validator=between(2, 10),
        metadata=about("GOR-1", "Cards dealt to each player."),
    )
    wildcards: int = attrs.field(
        default=0,
        validator=between(0, 9),
        metadata=about("GOR-1", "WILDCARDs added to the packs."),
    )
    going_out: GoingOut = attrs.field(
        default=GoingOut.STANDARD,
        converter=_going_out,
        metadata=about("GOR-8", "How a hand may go out: standard, major or minor."),
    )
    last_player_wins: bool = attrs.field(
        default=True,
        validator=is_bool,
        metadata=about(
            "GOR-R3", "The last player left after the others drop out wins."
        ),
    )
    max_turns: int | None = attrs.field(
        default=None,
        validator=at_least(1),
        metadata=about("GOR-R4", "Turns after which the game ends with no winner."),
    )

    @property
    def meld_rules(self) -> MeldRules:
        """Groups and sequences of 3 or more; the Ace low or high; WILDCARDs free.

        >>> GoingOutRummy().meld_rules.ace_low
        True
        """
        return MELD_RULES

    def deck(self) -> tuple[Card, ...]:
        """Every card of the game: three packs and the WILDCARDs (GOR-1).

        >>> len(GoingOutRummy(wildcards=2).deck())
        158
        """
        return make_deck(decks=PACKS, wildcards=self.wildcards)

    def with_page(self, state: GoingOutState, rounds: int) -> GoingOutState:
        """Going Out Rummy has no page: one hand is the whole game (GOR-1).

        >>> rules = GoingOutRummy()
        >>> rules.with_page(rules.new_game(seed=1), 3)
        Traceback (most recent call last):
        ...
        rummyrules.OptionError: Going Out Rummy keeps no score page: one hand is the whole game (GOR-1)
        """
        del state, rounds
        raise OptionError(
            "Going Out Rummy keeps no score page: one hand is the whole game (GOR-1)"
        )

    def card_value(self, card: Card | str, *, wild: Rank | str | None = None) -> int:
        """Always 0: Going Out Rummy counts no points, it only has a winner (GOR-1).

        >>> GoingOutRummy().card_value("KS")
        0
        """
        self.wild_rank(wild)
        self._card(card)
        return 0

    def check_state(self, state: GameState) -> None:
        """Refuse a game, sound in shape, that no play of Going Out Rummy reaches.

        Hands between turns (GOR-3, GOR-4), melds only from going out (GOR-7),
        drops (GOR-10), the winner (GOR-7, GOR-R3), the turn limit (GOR-R4).

        >>> rules = GoingOutRummy()
        >>> rules.check_state(rules.new_game(seed=1).replace(winner=0))
        Traceback (most recent call last):
        ...
        rummyrules.StateError: winner: there is a winner only once the game is over
        """
        going_out_checks.check_state(state)

    def check_view(self, view: View) -> None:
        """Refuse a view, sound in shape, that no play of Going Out Rummy shows.

        >>> rules = GoingOutRummy()
        >>> rules.check_view(rules.new_game(seed=1).view(0))
        """
        going_out_checks.check_view(view)

    def find_going_out(self, hand: CardsLike) -> Layout | None:
        """One way for this hand to go out under these rules, or None (GOR-7/8).

        >>> print(GoingOutRummy(going_out="major").find_going_out("2H 3H 4H 5H 6H 7H"))
        2H 3H 4H 5H 6H 7H
        >>> print(GoingOutRummy().find_going_out("2H 3H 4H 9S 9C KD KH"))
        None
        """
        cards = self._hand(hand)
        return layouts.find_going_out(
            cards,
            MELD_RULES,
            single_meld=self.going_out is not GoingOut.STANDARD,
            leftover=self.going_out is not GoingOut.MAJOR,
        )

    @property
    def machine(self) -> Machine[Any]:
        """The Going Out Rummy turn machine (GOR-4 … GOR-10).

        >>> GoingOutRummy().machine.legal_moves(GoingOutRummy().new_game(seed=1))
        (Draw(player=None), Drop(player=None))
        """
        return going_out_game.MACHINE

    def new_game(
        self, *, seed: int = 0, deck: Sequence[Card] | None = None, dealer: int = 0
    ) -> GoingOutState:
        """Deal a game (GOR-3): one hand is the whole game.

        The deck order comes from ``seed`` through the library's one shuffle,
        or is given whole as ``deck``, top card first (the seed then still
        shuffles the discard pile into a new stock, GOR-9). ``dealer`` deals;
        :meth:`draw_for_dealer` settles who that is before a first game.

        >>> game = GoingOutRummy(players=3, hand_size=5).new_game(seed=42, dealer=2)
        >>> game.to_move, [len(hand) for hand in game.hands], len(game.stock)
        (0, [5, 5, 5], 141)
        """
        return going_out_game.new_game(self, seed=seed, deck=deck, dealer=dealer)

    def draw_for_dealer(
        self, *, seed: int = 0, deck: CardsLike | None = None, shuffler: int = 0
    ) -> DealerDraw:
        """Who deals the first game, and every card shown to settle it (GOR-2).

        A pure function of the seed, or of ``deck``: a deck order, top card
        first, either whole or only its top cards. ``shuffler`` deals the
        draw, starting at their left.

        >>> draw = GoingOutRummy(players=4).draw_for_dealer(seed=7)
        >>> draw == GoingOutRummy(players=4).draw_for_dealer(seed=7)
        True
        >>> print(GoingOutRummy(players=3).draw_for_dealer(deck="5C 5S 5S 9H 4D"))
        player 1: 5C; player 2: 5S; player 0: 5S; player 2: 9H; player 0: 4D; player 2 deals
        """
        players = self.players
        check_seat(shuffler, name="shuffler", players=players)
        if deck is None:
            check_seed(seed)
            order = shuffled(self.deck(), seed, "first dealer")
        else:
            order = read_cards(deck, name="deck")
            self._check_in_deck(order)
        return draw_for_dealer(order, players=players, shuffler=shuffler)
