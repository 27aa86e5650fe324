"""End of the Page: its options, deck, melds and card values (``EOP-*``).

>>> from rummyrules import EndOfThePage
>>> rules = EndOfThePage(players=3)
>>> rules.decks, len(rules.deck())
(1, 48)
>>> rules.card_value("AS", wild="5"), rules.card_value("5H", wild="5")
(100, 100)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final

import attrs

from rummyrules.core.cards import Card, Rank, make_deck
from rummyrules.formats.sections import (
    ROUND,
    SCORES,
    Count,
    Dealer,
    FaceUp,
    Flags,
    Hands,
    Melds,
    Pile,
    Player,
    Section,
    Seed,
    Settled,
    Sheet,
    Stock,
    ToMove,
    TurnWords,
    Wild,
)
from rummyrules.game import rummy500
from rummyrules.game.cores import Core
from rummyrules.game.duties import Duty, duties_of
from rummyrules.game.machine import Machine
from rummyrules.game.moves import Discard
from rummyrules.game.state import GameState, Phase, View
from rummyrules.game.strategy import Strategy
from rummyrules.games.end_of_the_page import checks, plays
from rummyrules.games.end_of_the_page.core import CORE
from rummyrules.games.end_of_the_page.machine import (
    MACHINE,
    last_card,
    pickup_pending,
    taken_discard,
)
from rummyrules.games.end_of_the_page.state import (
    EndOfThePageOptions,
    EndOfThePageState,
    EndOfThePageTurn,
    EndOfThePageView,
)
from rummyrules.games.end_of_the_page.strategy import STRATEGY
from rummyrules.melds import MeldRules

__all__ = ["EndOfThePage"]

RANKS: Final = tuple(rank for rank in Rank if rank is not Rank.TWO)
"""EOP-1: the deck has no 2s."""

MELD_RULES: Final = MeldRules(
    game="End of the Page",
    run_ranks=(*tuple(RANKS[1:]), Rank.ACE),  # 3 … K A: Aces high only (EOP-7)
    meld_rule="EOP-7",
    wild_gap=2,
    min_naturals=2,
    wild_rule="EOP-8",
)


@attrs.frozen(kw_only=True, cache_hash=True)
class EndOfThePage(EndOfThePageOptions):
    """The rules of End of the Page, with every option the rule book names.

    Options (all keyword-only, checked when the object is built):

    - ``players``: 2 to 8 (EOP-1 ruling: 7 or 8 need a third deck).
    - ``decks``: 1 to 3; by default 1 for 2–3 players, 2 for 4–6, 3 for 7–8.
      Four or more players need two decks, and the deal must never run out:
      ``players * 14 + 1 <= decks * 48`` (EOP-1).
    - ``rounds``: the page, 10 rows by default (EOP-17).
    - ``take_cards_above``: a deep pickup also takes the cards above the chosen
      one, as in Rummy 500 (EOP-R2, default True).
    - ``discard_taken_card``: a card just taken from the discard pile may be
      discarded again the same turn (EOP-R3, default True).
    - ``stock_out``: what an empty stock does (EOP-R4, default ``end_round``).
    - ``max_turns``: end the round unfinished after this many turns (ALL-5,
      default None: no limit).

    >>> EndOfThePage(players=4)
    EndOfThePage(players=4, decks=2, rounds=10, take_cards_above=True, discard_taken_card=True, stock_out=<StockOut.END_ROUND: 'end_round'>, max_turns=None)
    >>> EndOfThePage(players=7, decks=2)
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: 7 players need 3 decks in End of the Page: the deal may take 7 * 14 + 1 = 99 cards and 2 decks hold 96 (EOP-1)
    """

    name: ClassVar[str] = "End of the Page"
    deck_rule: ClassVar[str] = "EOP-1"
    wild_ranks: ClassVar[frozenset[Rank]] = frozenset(MELD_RULES.run_ranks[:-1])
    wild_rule: ClassVar[str] = "EOP-3"
    state_class: ClassVar[type[GameState]] = EndOfThePageState
    view_class: ClassVar[type[View]] = EndOfThePageView
    short_name: ClassVar[str] = "eop"
    strategy: ClassVar[Strategy] = STRATEGY
    sections: ClassVar[tuple[Section, ...]] = (
        Seed(),
        Dealer(),
        Wild(),
        FaceUp(EndOfThePageState.dealt_face_up_seat),
        ToMove(),
        TurnWords(EndOfThePageTurn),
        Hands(),
        Melds(),
        Pile(),
        Sheet(),
        SCORES,
        ROUND,
        Settled(
            "melded",
            "the melds, whose owners are the players who have melded (EOP-9)",
            "flags",
        ),
        Flags("had_turn"),
        Player("out"),
        Count("turns"),
        Count("reshuffles"),
        Stock(),
    )
    aliases: ClassVar[tuple[str, ...]] = ("end-of-the-page",)

    @property
    def core(self) -> Core:
        """End of the Page's integer core, which plays every option (issue 40).

        >>> EndOfThePage(players=5, stock_out="flip").core is EndOfThePage().core
        True
        """
        return CORE

    @property
    def meld_rules(self) -> MeldRules:
        """Sets and runs of 3 or more; runs 3 to Ace; two naturals between wilds.

        >>> EndOfThePage().meld_rules.wild_gap
        2
        """
        return MELD_RULES

    def deck(self) -> tuple[Card, ...]:
        """Every card of the game: ``decks`` packs without 2s (EOP-1).

        >>> len(EndOfThePage(players=4).deck())
        96
        """
        return make_deck(decks=self.decks, ranks=RANKS)

    @property
    def machine(self) -> Machine[Any]:
        """The End of the Page turn machine (EOP-5 … EOP-17), which explains a refusal.

        >>> from rummyrules import Discard
        >>> game = EndOfThePage().new_game(seed=1)
        >>> EndOfThePage().machine.resolve(game, Discard(card=game.hands[1][0]))
        Traceback (most recent call last):
        ...
        rummyrules.IllegalMoveError: draw first: a turn begins with 'draw' or 'take' (EOP-5)
        """
        return MACHINE

    def duties(self, state: EndOfThePageState, player: int) -> tuple[Duty, ...]:
        """What End of the Page still asks of the player to move (EOP-6, EOP-12, EOP-R3).

        A card taken from deep in the pile is melded at once; a last card
        that fits a meld is played; under EOP-R3's option the card taken is
        not discarded again: each in the sentence the machine refuses with.

        >>> game = EndOfThePage().position(
        ...     "wild 3 | to_move 1 play | hands 3S 4C / 8D | melds 1: 9D 10D JD"
        ...     " | pile KC | had_turn 1"
        ... )
        >>> [duty.rule for duty in EndOfThePage().duties(game, 1)]
        ['EOP-12']
        """
        if state.phase is not Phase.PLAY:
            return ()
        last = last_card(state)  # set only when one card is left
        taken, keep = state.turn.taken, taken_discard(state)
        return duties_of(
            pickup_pending(state, player),
            None if last is None else last(Discard(card=state.hands[player][0])),
            None if taken is None or keep is None else keep(Discard(card=taken)),
        )

    def new_game(
        self, *, seed: int = 0, deck: Sequence[Card] | None = None, dealer: int = 0
    ) -> EndOfThePageState:
        """Deal the first round (EOP-2, EOP-3, EOP-4).

        The deck order comes from ``seed`` through the library's one shuffle,
        or is given whole as ``deck``, top card first (the seed then still
        shuffles the later rounds). ``dealer`` deals the first round; the deal
        then passes to the left (EOP-R1).

        >>> game = EndOfThePage(players=3).new_game(seed=42, dealer=2)
        >>> (
        ...     game.dealer,
        ...     game.to_move,
        ...     len(game.stock)
        ...     + len(game.discard_pile)
        ...     + sum(len(hand) for hand in game.hands),
        ... )
        (2, 0, 48)
        """
        return rummy500.start(self, plays.deal, seed=seed, deck=deck, dealer=dealer)

    def with_page(self, state: EndOfThePageState, rounds: int) -> EndOfThePageState:
        """The game with a page of ``rounds`` rows, taped longer or ripped shorter (EOP-17).

        >>> rules = EndOfThePage()
        >>> rules.with_page(rules.new_game(seed=1), 4).rules.rounds
        4
        """
        if not isinstance(state, EndOfThePageState):
            raise TypeError(
                f"state must be an End of the Page game, not {type(state).__name__}"
            )
        return plays.with_page(state, rounds)

    def check_state(self, state: GameState) -> None:
        """Refuse a game, sound in shape, that no play of End of the Page reaches.

        The page and the game over (EOP-17), who has had a turn (EOP-14), the
        face-up wild card (EOP-3), lay-offs (EOP-9), the turn limit (ALL-5).

        >>> rules = EndOfThePage()
        >>> rules.check_state(rules.new_game(seed=1).replace(reshuffles=1))
        Traceback (most recent call last):
        ...
        rummyrules.StateError: reshuffles: under stock_out=end_round the stock is never rebuilt (EOP-R4)
        """
        checks.check_state(state)

    def check_view(self, view: View) -> None:
        """Refuse a view, sound in shape, that no play of End of the Page shows.

        >>> rules = EndOfThePage()
        >>> rules.check_view(rules.new_game(seed=1).view(0))
        """
        checks.check_view(view)

    def card_value(self, card: Card | str, *, wild: Rank | str | None = None) -> int:
        """A card's points (EOP-15): wilds and Aces 100, 8 to K 10, 3 to 7 5.

        >>> rules = EndOfThePage()
        >>> [
        ...     rules.card_value(c, wild="9")
        ...     for c in ["AS", "9H", "KD", "8C", "7S", "3H"]
        ... ]
        [100, 100, 10, 10, 5, 5]
        """
        card = self._card(card)
        if card.rank is Rank.ACE or card.rank is self.wild_rank(wild):
            return 100
        return 10 if card.rank is not None and card.rank >= Rank.EIGHT else 5
