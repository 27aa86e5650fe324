"""Going Out Rummy's rules class, its deal (GOR-3), and its turn machine (GOR-4 … GOR-10).

The rules class inherits its options from
:class:`~rummyrules.games.going_out.state.GoingOutOptions`. :data:`MACHINE`
says which kinds of move each phase takes, with the rules of a turn and what
each move does (:mod:`~rummyrules.games.going_out.machine`); the draw for
first dealer is the match's (:mod:`~rummyrules.games.going_out.match`).

>>> from rummyrules import GoingOutRummy
>>> str(GoingOutRummy(wildcards=4).find_going_out("7S 7H 7D * 2H 3H KC"))
'*=AH 2H 3H / 7S 7H 7D discard KC'
>>> draw = GoingOutRummy(players=3).draw_for_dealer(deck="7H KS 2C")
>>> draw.dealer, [str(card) for card in draw.shown(2)]
(2, ['KS'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final

import attrs

from rummyrules.core.cards import Card, Rank, make_deck, read_cards
from rummyrules.core.errors import OptionError
from rummyrules.core.hands import sorted_hand
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
from rummyrules.game.cores import Core
from rummyrules.game.dealing import check_seat, first_order
from rummyrules.game.machine import Kind, Machine, PhaseRules, Refusal
from rummyrules.game.moves import Discard, Draw, LayOff, Move, NewMeld, Take
from rummyrules.game.rules import CardsLike
from rummyrules.game.state import GameState, Phase, View
from rummyrules.game.strategy import Strategy
from rummyrules.game.turn_rules import (
    discard_readings,
    draw_first,
    drawn_already,
)
from rummyrules.games.going_out import checks as going_out_checks
from rummyrules.games.going_out.core.game import CORE
from rummyrules.games.going_out.machine import (
    discard,
    drop,
    drop_readings,
    go_out,
    pile_empty,
    resolve_out,
    stock_empty,
    take_readings,
)
from rummyrules.games.going_out.match import DealerDraw, draw_for_dealer, seeded_draw
from rummyrules.games.going_out.state import (
    Drop,
    GoingOut,
    GoingOutOptions,
    GoingOutState,
    GoingOutView,
    GoOut,
    draw,
    take,
)
from rummyrules.games.going_out.strategy import STRATEGY
from rummyrules.melds import MeldRules, layouts
from rummyrules.melds.layouts import Layout

__all__ = ["MACHINE", "DealerDraw", "GoingOut", "GoingOutRummy"]

MELD_RULES: Final = MeldRules(
    game="Going Out Rummy",
    run_ranks=(*tuple(Rank), Rank.ACE),  # A 2 … K A: the Ace low or high (GOR-5)
    meld_rule="GOR-5",
    wild_gap=0,
    min_naturals=0,  # any number of WILDCARDs, even a meld of them only (GOR-6)
    wild_rule="GOR-6",
)

PACKS: Final = 3


@attrs.frozen(kw_only=True, cache_hash=True)
class GoingOutRummy(GoingOutOptions):
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
    description: ClassVar[str] = (
        "One hand, one winner: draw and discard until you can lay your whole "
        "hand down as melds, with at most one card over; three packs, optional "
        "WILDCARDs, and anyone may drop out."
    )
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
    def core(self) -> Core:
        """Going Out Rummy's integer core, which plays every option (issue 40).

        >>> GoingOutRummy(going_out="minor").core is GoingOutRummy().core
        True
        """
        return CORE

    @property
    def machine(self) -> Machine[Any]:
        """The Going Out Rummy turn machine (GOR-4 … GOR-10), which explains a refusal.

        >>> game = GoingOutRummy().new_game(seed=1)
        >>> GoingOutRummy().machine.resolve(game, Take())
        Traceback (most recent call last):
        ...
        rummyrules.IllegalMoveError: the discard pile is empty: the first player draws from the stock (GOR-3)
        """
        return MACHINE

    def new_game(
        self, *, seed: int = 0, deck: Sequence[Card] | None = None, dealer: int = 0
    ) -> GoingOutState:
        """Deal a game (GOR-3): one hand is the whole game, and there is no upcard.

        The hands are dealt one card at a time from the dealer's left. The deck order comes from ``seed`` through the library's one shuffle,
        or is given whole as ``deck``, top card first (the seed then still
        shuffles the discard pile into a new stock, GOR-9). ``dealer`` deals;
        :meth:`draw_for_dealer` settles who that is before a first game.

        >>> game = GoingOutRummy(players=3, hand_size=5).new_game(seed=42, dealer=2)
        >>> game.to_move, [len(hand) for hand in game.hands], len(game.stock)
        (0, [5, 5, 5], 141)
        >>> rules = GoingOutRummy(players=3, hand_size=2)
        >>> game = rules.new_game(deck=rules.deck())
        >>> [" ".join(map(str, hand)) for hand in game.hands], game.discard_pile
        (['3S 6S', 'AS 4S', '2S 5S'], ())
        """
        players = self.players
        order = first_order(self, players=players, seed=seed, deck=deck, dealer=dealer)
        dealt = players * self.hand_size
        hands = [sorted_hand(order[seat:dealt:players]) for seat in range(players)]
        # One card at a time from the dealer's left: rotate so index = player.
        first = (dealer + 1) % players
        return GoingOutState(
            rules=self,
            seed=seed,
            dealer=dealer,
            hands=tuple(hands[(player - first) % players] for player in range(players)),
            stock=tuple(order[dealt:]),
            discard_pile=(),  # no upcard: the first player draws from the stock
            phase=Phase.DRAW,
            to_move=first,
        )

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
        if deck is None:
            return seeded_draw(self, seed=seed, shuffler=shuffler)
        check_seat(shuffler, name="shuffler", players=self.players)
        order = read_cards(deck, name="deck")
        self._check_in_deck(order)
        return draw_for_dealer(order, players=self.players, shuffler=shuffler)


# --- The turn machine (GOR-4 … GOR-10) -------------------------------------------

State = GoingOutState


def at_table(state: State, player: int) -> Refusal | None:
    """GOR-10: a player who dropped out makes no move for the rest of the game.

    >>> from rummyrules import GoingOutRummy
    >>> game = GoingOutRummy(players=3).position(
    ...     "to_move 2 draw | hands 7S 7H 7D 8C 9C 10C KD / - / AS 2S 3S 4S 5S 6S 7S"
    ...     " | dropped 1 | dropped_cards QH QS QD QC JH JS JD"
    ... )
    >>> print(at_table(game, 1))
    player 1 has dropped out of this game (GOR-10)
    >>> print(at_table(game, 0))
    None
    """
    if player not in state.dropped:
        return None
    return Refusal(f"player {player} has dropped out of this game", "GOR-10")


def no_melding(move: Move) -> Refusal | None:
    """GOR-4: the moves of the games that meld as they go have no place here.

    >>> from rummyrules import parse_move
    >>> print(no_melding(parse_move("meld 7S 8S 9S")))
    nothing is melded before going out; lay the whole hand down at once with 'out' (GOR-4)
    """
    if not isinstance(move, NewMeld | LayOff):  # 1400's claim is a lay-off too
        return None
    return Refusal(
        "nothing is melded before going out; lay the whole hand down at once with 'out'",
        "GOR-4",
    )


_DROP: Final = Kind(
    move=Drop,
    readings=drop_readings,
    play=drop,
    out_of_turn=True,
)

MACHINE: Final = Machine[GoingOutState](
    game="Going Out Rummy",
    phases={
        Phase.DRAW: PhaseRules(
            kinds=(
                Kind.single(
                    Draw,
                    play=draw,
                    filters=(stock_empty,),
                ),
                Kind(
                    move=Take,
                    readings=take_readings,
                    play=take,
                    filters=(pile_empty,),
                ),
                _DROP,
            ),
            refuse=draw_first("GOR-4"),
        ),
        Phase.PLAY: PhaseRules(
            kinds=(
                Kind(
                    move=GoOut,
                    readings=resolve_out,
                    play=go_out,
                ),
                Kind(
                    move=Discard,
                    readings=discard_readings,
                    play=discard,
                ),
                _DROP,
            ),
            refuse=drawn_already("GOR-4"),
        ),
    },
    out_of_turn=(_DROP,),
    in_game=at_table,
    refuse_unknown=no_melding,
)
"""The one turn machine every Going Out Rummy game uses."""
