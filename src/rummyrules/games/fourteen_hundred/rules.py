"""1400: its options, deck, melds and card values (``F14-*``).

>>> from rummyrules import FourteenHundred
>>> rules = FourteenHundred()
>>> rules.players, rules.decks, len(rules.deck())
(4, 2, 104)
>>> rules.card_value("AS"), rules.card_value("AS", wild="A")
(15, 100)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final

import attrs

from rummyrules.core.cards import Card, Rank, make_deck
from rummyrules.core.errors import OptionError
from rummyrules.formats.sections import (
    ROUND,
    SCORES,
    Count,
    Dealer,
    FaceUp,
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
from rummyrules.game.machine import Kind, Machine, PhaseRules, Refusal
from rummyrules.game.moves import (
    Discard,
    Done,
    Draw,
    LayOff,
    Move,
    NewMeld,
    Pass,
    Take,
)
from rummyrules.game.rummy500_melding import lay_off_readings, meld_readings
from rummyrules.game.state import GameState, View
from rummyrules.game.strategy import Strategy
from rummyrules.game.turn_rules import discard_readings
from rummyrules.games.fourteen_hundred import checks, machine, using
from rummyrules.games.fourteen_hundred.checks import Claim as ClaimSection
from rummyrules.games.fourteen_hundred.checks import Marker
from rummyrules.games.fourteen_hundred.core import CORE
from rummyrules.games.fourteen_hundred.state import (
    Claim,
    FourteenHundredOptions,
    FourteenHundredPhase,
    FourteenHundredState,
    FourteenHundredTurn,
    FourteenHundredView,
)
from rummyrules.games.fourteen_hundred.strategy import STRATEGY
from rummyrules.melds import MeldRules

__all__ = ["MACHINE", "FourteenHundred"]

Phase = FourteenHundredPhase

_RUN_RANKS: Final = (*tuple(rank for rank in Rank if rank is not Rank.ACE), Rank.ACE)
MELD_RULES: Final = MeldRules(
    game="1400",
    run_ranks=_RUN_RANKS,  # 2 … K A: Aces high only (F14-10)
    meld_rule="F14-10",
    wild_gap=0,  # no spacing rule (F14-11)
    min_naturals=1,
    wild_rule="F14-R8",
)
ALL_WILD_MELD_RULES: Final = attrs.evolve(MELD_RULES, min_naturals=0)


_NO_PASS: Final = Refusal("pass is only for the first upcard", "F14-6")


def _opening_only(state: GameState, move: Move) -> Refusal:
    del state, move
    return Refusal(
        "the round opens on the upcard: take it and meld it at once, or pass", "F14-6"
    )


def _draw_first(state: GameState, move: Move) -> Refusal:
    del state
    if isinstance(move, Pass):
        return _NO_PASS
    return Refusal("draw first: from the stock or the discard pile", "F14-8")


def _drawn_already(state: GameState, move: Move) -> Refusal:
    del state
    if isinstance(move, Pass):
        return _NO_PASS
    if isinstance(move, Done):
        return Refusal(
            "'done' ends only the last plays; discard to end a turn", "F14-13"
        )
    return Refusal("you have drawn already this turn", "F14-8")


def _last_plays(state: GameState, move: Move) -> Refusal:
    del state
    if isinstance(move, Pass):
        return _NO_PASS
    if isinstance(move, Discard):
        return Refusal("the last plays end with 'done', not a discard", "F14-13")
    return Refusal("the last draw is one card from the stock", "F14-13")


_CLAIM: Final = Kind(
    move=Claim,
    readings=using.claim_readings,
    play=machine.claim,
    out_of_turn=True,
)
_DRAW: Final = Kind.single(
    Draw,
    play=machine.draw,
)
_MELD: Final = Kind(
    move=NewMeld,
    readings=meld_readings,
    play=machine.meld,
    filters=(machine.upcard_meld, using.uses_card),
)
_LAY_OFF: Final = Kind(
    move=LayOff,
    readings=lay_off_readings,
    play=machine.lay_off,
    gates=(using.needs_meld, machine.upcard_pending),
    filters=(using.uses_card,),
)

MACHINE: Final = Machine[FourteenHundredState](
    game="1400",
    phases={
        Phase.OPENING: PhaseRules(
            kinds=(
                Kind(
                    move=Take,
                    readings=machine.upcard_readings,
                    play=machine.take,
                    filters=(using.upcard_usable,),
                ),
                Kind.single(Pass, play=machine.pass_upcard, filters=(using.may_pass,)),
            ),
            refuse=_opening_only,
        ),
        Phase.DRAW: PhaseRules(
            kinds=(
                _CLAIM,
                _DRAW,
                Kind(
                    move=Take,
                    readings=machine.take_readings,
                    play=machine.take,
                    filters=(using.usable,),
                ),
            ),
            refuse=_draw_first,
        ),
        Phase.PLAY: PhaseRules(
            kinds=(
                _MELD,
                _LAY_OFF,
                Kind(
                    move=Discard,
                    readings=discard_readings,
                    play=machine.discard,
                    gates=(machine.upcard_pending, machine.card_pending),
                ),
            ),
            refuse=_drawn_already,
        ),
        Phase.LAST: PhaseRules(
            kinds=(
                Kind.single(Draw, play=machine.draw, filters=(machine.last_draw,)),
                _MELD,
                _LAY_OFF,
                Kind.single(Done, play=machine.done),
            ),
            refuse=_last_plays,
        ),
    },
    out_of_turn=(_CLAIM,),
)
"""The one turn machine every 1400 game uses."""


@attrs.frozen(kw_only=True, cache_hash=True)
class FourteenHundred(FourteenHundredOptions):
    """The rules of 1400, with every option the rule book names.

    Options (all keyword-only, checked when the object is built):

    - ``players``: 2 to 6 (F14-R1).
    - ``decks``: 1 to 3; by default 1 for 2–3 players and 2 for 4–6 (F14-R1).
      Four or more players need two, and the deal must never run out.
    - ``ace_hand_size``: an Ace dealt face up gives 15 cards in all, or 16
      (F14-R2).
    - ``wild_card_dealt``: the card that shows the wild rank is dealt to the
      player on the dealer's left (F14-R3, default True); False leaves it on
      the table as a marker.
    - ``pass_freely``: any player may pass the first upcard; by default only a
      player who cannot use it may (F14-R5).
    - ``lay_off_needs_meld``: a player must have melded this round before
      laying off in their own turn (F14-R7, default False).
    - ``all_wild_melds``: allow melds of wild cards only (F14-R8, default
      False).
    - ``stock_out``: what an empty stock does (F14-R10, default ``end_round``).
    - ``target``: the total that ends the game (F14-15, default 1400).
    - ``max_turns``: end the round unfinished after this many turns (ALL-5).

    >>> FourteenHundred(players=3).decks
    1
    >>> FourteenHundred(ace_hand_size=17)
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: ace_hand_size must be from 15 to 16 in 1400, not 17 (F14-R2)
    """

    name: ClassVar[str] = "1400"
    deck_rule: ClassVar[str] = "F14-1"
    wild_ranks: ClassVar[frozenset[Rank]] = frozenset(Rank)
    wild_rule: ClassVar[str] = "F14-4"
    state_class: ClassVar[type[GameState]] = FourteenHundredState
    view_class: ClassVar[type[View]] = FourteenHundredView
    short_name: ClassVar[str] = "1400"
    strategy: ClassVar[Strategy] = STRATEGY
    sections: ClassVar[tuple[Section, ...]] = (
        Seed(),
        Dealer(),
        Wild(),
        FaceUp(FourteenHundredState.dealt_face_up_seat),
        Marker(),
        ToMove(),
        TurnWords(FourteenHundredTurn),
        ClaimSection(),
        Count("passes"),
        Hands(),
        Melds(),
        Pile(),
        Sheet(),
        SCORES,
        ROUND,
        Settled(
            "melded",
            "the melds, whose owners are the players who have melded (F14-12)",
            "flags",
        ),
        Player("out"),
        Count("turns"),
        Count("reshuffles"),
        Stock(),
    )
    aliases: ClassVar[tuple[str, ...]] = ("f14", "fourteen-hundred")

    @property
    def meld_rules(self) -> MeldRules:
        """Sets and runs of 3 or more; runs 2 to Ace; no spacing; one natural card.

        >>> FourteenHundred(all_wild_melds=True).meld_rules.min_naturals
        0
        """
        return ALL_WILD_MELD_RULES if self.all_wild_melds else MELD_RULES

    def deck(self) -> tuple[Card, ...]:
        """Every card of the game: ``decks`` standard packs, no jokers (F14-1).

        >>> len(FourteenHundred(players=2).deck())
        52
        """
        return make_deck(decks=self.decks)

    @property
    def core(self) -> Core:
        """1400's core, which plays the fast path and the public face, every option (issue 40).

        >>> FourteenHundred(players=4).core is FourteenHundred().core
        True
        """
        return CORE

    @property
    def machine(self) -> Machine[Any]:
        """The 1400 turn machine (F14-6 … F14-15).

        >>> FourteenHundred().machine.game
        '1400'
        """
        return MACHINE

    def duties(self, state: FourteenHundredState, player: int) -> tuple[Duty, ...]:
        """What 1400 still asks of the player to move: the upcard melded (F14-6), else the card taken used (F14-9).

        Each in the sentence the machine refuses a move with while it stands.

        >>> game = FourteenHundred(players=2).position(
        ...     "wild 3 | to_move 0 draw | hands 2D 4D 9S / 5C 6C 7C | pile 3D 8H"
        ... )
        >>> print(*FourteenHundred(players=2).duties(game.apply("take"), 0))
        you took 3D from the discard pile, so you must use it in a meld or lay-off before you discard (F14-9)
        """
        upcard = machine.upcard_pending(state, player)  # its meld uses it (F14-9)
        return duties_of(upcard or machine.card_pending(state, player))

    def new_game(
        self, *, seed: int = 0, deck: Sequence[Card] | None = None, dealer: int = 0
    ) -> FourteenHundredState:
        """Deal the first round (F14-3, F14-4, F14-5), from a seed or a stacked deck.

        The round opens on the first upcard (F14-6); the deal then passes to
        the left each round (F14-R4).

        >>> game = FourteenHundred(players=2).new_game(seed=3, dealer=1)
        >>> game.to_move, game.phase.value
        (0, 'opening')
        """
        return rummy500.start(self, machine.deal, seed=seed, deck=deck, dealer=dealer)

    def with_page(
        self, state: FourteenHundredState, rounds: int
    ) -> FourteenHundredState:
        """1400 has no page: the game ends at the target total (F14-15).

        >>> rules = FourteenHundred()
        >>> rules.with_page(rules.new_game(seed=1), 3)
        Traceback (most recent call last):
        ...
        rummyrules.OptionError: 1400 has no page; the game ends when a total reaches the target (F14-15)
        """
        del state, rounds
        raise OptionError(
            "1400 has no page; the game ends when a total reaches the target (F14-15)"
        )

    def check_state(self, state: GameState) -> None:
        """Refuse a game, sound in shape, that no play of 1400 reaches.

        The target and the game over (F14-15), the first upcard (F14-6,
        F14-7), the marker (F14-R3), the claim (F14-12), the last plays
        (F14-13), the turn limit (ALL-5).

        >>> rules = FourteenHundred(players=2)
        >>> rules.check_state(rules.new_game(seed=1).replace(passes=2))
        Traceback (most recent call last):
        ...
        rummyrules.StateError: passes: when all 2 players pass, the round is over (F14-7)
        """
        checks.check_state(state)

    def check_view(self, view: View) -> None:
        """Refuse a view, sound in shape, that no play of 1400 shows.

        >>> rules = FourteenHundred(players=2)
        >>> rules.check_view(rules.new_game(seed=1).view(0))
        """
        checks.check_view(view)

    def card_value(self, card: Card | str, *, wild: Rank | str | None = None) -> int:
        """A card's points (F14-2): wild 100, Ace 15, 10 to K 10, 2 to 9 5.

        >>> rules = FourteenHundred()
        >>> [
        ...     rules.card_value(c, wild="7")
        ...     for c in ["7S", "AS", "KH", "10D", "9C", "2S"]
        ... ]
        [100, 15, 10, 10, 5, 5]
        """
        card = self._card(card)
        if card.rank is self.wild_rank(wild):
            return 100
        if card.rank is Rank.ACE:
            return 15
        return 10 if card.rank is not None and card.rank >= Rank.TEN else 5
