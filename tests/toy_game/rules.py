"""Toy Rummy's rules class: its options, its deck, its melds, and what it declares.

The rules class is where the shared layers find the game: its options are
the ``attrs`` fields it inherits from :class:`~toy_game.state.ToyOptions`
(each with the rule it belongs to, for the command line and the docs), and
its class variables name its state and view classes, its turn machine, its
position sections, its strategy and its names on the command line. Nothing
outside this package tests which game it is.

>>> from toy_game import ToyRummy
>>> rules = ToyRummy(players=3)
>>> len(rules.deck()), rules.check_meld("QH KH AH").ok
(32, True)
>>> print(ToyRummy(full_deck=True).check_meld("AH 2H 3H"))
invalid: Aces are high only in Toy Rummy runs, so AH 2H 3H is no run (TOY-4)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final

import attrs

from rummyrules import Card, GameState, MeldRules, Rank, View, make_deck
from rummyrules.authoring import (
    Core,
    Count,
    Dealer,
    Hands,
    Machine,
    Melds,
    Pile,
    Player,
    Section,
    Seed,
    Stock,
    Strategy,
    ToMove,
)

from . import checks, core, machine
from .state import ToyOptions, ToyState, ToyView
from .strategy import STRATEGY

__all__ = ["ToyRummy"]

LADDER: Final = (*tuple(Rank)[1:], Rank.ACE)
"""TOY-4: runs go 2 … K A, the Ace high only (the short pack starts at 7)."""

SHORT: Final = tuple(rank for rank in LADDER if rank >= Rank.SEVEN or rank is Rank.ACE)
"""TOY-1: the short pack's ranks, 7 to Ace."""

MELD_RULES: Final = MeldRules(
    game="Toy Rummy", run_ranks=LADDER, meld_rule="TOY-4", wild_rule="TOY-4"
)
"""What a meld is in Toy Rummy: the shared meld rules, with no wild cards in the deck."""


@attrs.frozen(kw_only=True, cache_hash=True)
class ToyRummy(ToyOptions):
    """The rules of Toy Rummy: its options (:class:`~toy_game.state.ToyOptions`) and all it declares.

    >>> ToyRummy(players=5)
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: players must be from 2 to 4 in Toy Rummy, not 5 (TOY-1)
    """

    # What the shared layers ask of every game (see rummyrules.game.playable_rules).
    name: ClassVar[str] = "Toy Rummy"
    deck_rule: ClassVar[str] = "TOY-1"
    wild_ranks: ClassVar[frozenset[Rank]] = frozenset()
    wild_rule: ClassVar[str] = "TOY-4"
    keeps_score: ClassVar[bool] = False
    state_class: ClassVar[type[GameState]] = ToyState
    view_class: ClassVar[type[View]] = ToyView
    short_name: ClassVar[str] = "toy"
    aliases: ClassVar[tuple[str, ...]] = ("toy-rummy",)
    strategy: ClassVar[Strategy] = STRATEGY
    # A position is written in this order, each section from rummyrules.authoring;
    # those at their default are left out.
    sections: ClassVar[tuple[Section, ...]] = (
        Seed(),
        Dealer(),
        ToMove(),
        Hands(),
        Melds(),
        Pile(),
        Count("turns"),
        Count("reshuffles"),
        Player("winner"),
        Stock(),
    )

    # What the conformance suite records of the game (tests/transcripts.py):
    # seeded games, each a rules line and a seed, replayed decision by
    # decision; and positions, each with the depth of its perft count.
    transcript_games: ClassVar[tuple[tuple[str, int], ...]] = (
        ("ToyRummy", 14),
        ("ToyRummy players=3 max_turns=60", 2),
        ("ToyRummy players=4", 17),
        ("ToyRummy full_deck=true", 6),
        ("ToyRummy players=4 full_deck=true max_turns=40", 5),
    )
    perft_positions: ClassVar[tuple[tuple[str, int], ...]] = (
        ("ToyRummy | to_move 1 draw | hands 7S 8S 9S JD QC / 7H 7D 10C KH AS | "
         "pile 7C", 6),
        ("ToyRummy players=3 | dealer 2 | to_move 0 play | hands 9H 10H JH QH KH AH "
         "/ 8C 8D 9C 10S AD / 7S 7D JC QS KC | pile 9D 7C", 5),
        ("ToyRummy max_turns=4 | to_move 0 draw | turns 1 | hands 8H 8D 10S QD AC "
         "/ 9S 9C JH KS AD | pile 8S QC | stock 7H 8C +", 7),
        ("ToyRummy | to_move 1 draw | hands 8H JS / 9S 10S JD QD KD | melds 0: 7S 7D "
         "7C | pile QS AC 9H JH 9C 7H 9D KS QC KC AS 10D 8S QH KH 8C 8D AH 10C JC "
         "10H | stock AD", 7),
        ("ToyRummy players=4 full_deck=true | dealer 3 | to_move 0 draw | hands 2S 3S "
         "5H 5D KC / 4S 6S 6H 9C JD / AH 2H 3C QD QS / 7S 8S 9S 10D 10H | pile 4D", 5),
    )  # fmt: skip

    @property
    def meld_rules(self) -> MeldRules:
        """Sets and runs of three or more, the Ace high only (TOY-4).

        >>> ToyRummy().meld_rules.meld_rule
        'TOY-4'
        """
        return MELD_RULES

    def deck(self) -> tuple[Card, ...]:
        """Every card of the game, in the fixed order a seed shuffles (TOY-1).

        >>> len(ToyRummy().deck()), len(ToyRummy(full_deck=True).deck())
        (32, 52)
        """
        return make_deck() if self.full_deck else make_deck(ranks=SHORT)

    def card_value(self, card: Card | str, *, wild: Rank | str | None = None) -> int:
        """What a card is worth: one, whatever it is; the game counts cards, not points.

        A bot that sheds the most points sheds the most cards (TOY-6).

        >>> ToyRummy().card_value("AS")
        1
        """
        self.wild_rank(wild)
        self._card(card)
        return 1

    @property
    def machine(self) -> Machine[Any]:
        """The Toy Rummy turn machine (TOY-3 to TOY-7).

        >>> ToyRummy().machine.game
        'Toy Rummy'
        """
        return machine.MACHINE

    @property
    def core(self) -> Core:
        """Toy Rummy's integer core, which plays the fast path on every option (``core.py``).

        >>> ToyRummy(burns=True).core is ToyRummy().core
        True
        """
        return core.CORE

    def new_game(
        self, *, seed: int = 0, deck: Sequence[Card] | None = None, dealer: int = 0
    ) -> ToyState:
        """Deal a game (TOY-2), from the seed or from a whole stacked deck.

        >>> game = ToyRummy(players=3).new_game(seed=42, dealer=2)
        >>> game.to_move, [len(hand) for hand in game.hands], len(game.stock)
        (0, [5, 5, 5], 16)
        """
        return machine.new_game(self, seed=seed, deck=deck, dealer=dealer)

    def check_state(self, state: GameState) -> None:
        """Refuse a game, sound in shape, that no play of Toy Rummy reaches.

        >>> rules = ToyRummy()
        >>> rules.check_state(rules.new_game(seed=1))
        """
        checks.check_state(state)

    def check_view(self, view: View) -> None:
        """Refuse a view, sound in shape, that no play of Toy Rummy shows.

        >>> rules = ToyRummy()
        >>> rules.check_view(rules.new_game(seed=1).view(0))
        """
        checks.check_view(view)
