"""Which cards of the discard pile a player could use this turn, on one walk down it.

1400's F14-9 lets a player take a card from the discard pile, with every
card above it, only if some plays this turn can use it
(:mod:`rummyrules.games.fourteen_hundred.using` says why one look is all of
it): a new meld of it with held cards and the cards taken above it
(:func:`~rummyrules.melds.support.melds_with`), or a lay-off on the table,
after other cards if need be (:mod:`rummyrules.game.rummy500_reach`).

Listing asks it of every card of the pile, and each card's hand is the hand
of the card above it with that card added. So one walk down the pile keeps
the hand as it grows, its cards in order and as counts
(:func:`~rummyrules.melds.support.held_counts`, which rule out most cards at
once): a pile of n cards costs n steps, not n times the cards above each.

>>> from rummyrules import FourteenHundred
>>> game = FourteenHundred(players=2).position(
...     "wild 3 | to_move 0 draw | hands 8H 4C / KS KD QC | melds 1: 5H 6H 7H"
...     " | pile 10S 9H"
... )
>>> walk = PileWalk(game, 0, down=True, meld_first=False)
>>> [walk.usable(depth) for depth in range(2)]
[False, True]
"""

from __future__ import annotations

from bisect import insort

from rummyrules import melds
from rummyrules.core.cards import Card
from rummyrules.game.rummy500 import Rummy500State
from rummyrules.game.rummy500_reach import Offer, chains, reaches_on
from rummyrules.game.table_analysis import table_analysis
from rummyrules.melds import support

__all__ = ["PileWalk"]


class PileWalk:
    """Whether each card of one state's pile could be used this turn, taken from there.

    The walk goes down the pile as far as a card is asked, answering each
    card it passes once. It keeps what it needs of the state, not the state
    (a state's memo holds it). ``down`` says whether the player may lay off
    now, ``meld_first`` whether a meld of their own lets them where not
    (1400's F14-R7).
    """

    __slots__ = (
        "_cards",
        "_hand",
        "_held",
        "_meld_rules",
        "_pile",
        "_table",
        "_wild",
        "answers",
        "depths",
        "down",
        "meld_first",
    )

    def __init__(
        self, state: Rummy500State, player: int, *, down: bool, meld_first: bool
    ) -> None:
        hand, pile = state.hands[player], state.discard_pile
        self._hand = hand
        self._pile = pile
        self._meld_rules, self._wild = state.rules.meld_rules, state.wild
        self._table = table_analysis(state)
        self.down = down
        self.meld_first = meld_first
        self.depths: dict[Card, int] = {}
        """Where each card of the pile is taken from: its topmost copy."""
        for depth, card in enumerate(pile):
            self.depths.setdefault(card, depth)
        self.answers: list[bool] = []
        """The answer for each card passed, by depth."""
        # The hand with the cards above the next card to answer: in the
        # order hand_after gives (a hand is sorted), and as counts.
        self._cards = list(hand)
        self._held = support.held_counts(hand, self._meld_rules, self._wild)

    def usable(self, depth: int) -> bool:
        """Whether the card at ``depth`` could be used this turn, taken with those above it.

        >>> from rummyrules import FourteenHundred
        >>> game = FourteenHundred(players=2).position(
        ...     "wild 3 | to_move 0 draw | hands 7D 4C / KS KD QC | pile 7S 7C 2H"
        ... )
        >>> walk = PileWalk(game, 0, down=True, meld_first=False)
        >>> walk.usable(1), walk.usable(2)
        (True, False)
        """
        answers = self.answers
        while len(answers) <= depth:
            self._step()
        return answers[depth]

    def _step(self) -> None:
        """Answer the next card down, then add it to the hand for the cards below."""
        depth = len(self.answers)
        card = self._pile[depth]
        # A deeper copy of a card is never asked: it is taken at its topmost.
        asked = self.depths[card] == depth
        self.answers.append(asked and self._answer(depth, card))
        insort(self._cards, card)
        held = support.held_counts(
            (card,), self._meld_rules, self._wild, more=self._held
        )
        self._held = held

    def _answer(self, depth: int, card: Card) -> bool:
        """F14-9 of one card, on the hand as the walk has it at the card."""
        meld_rules, wild, table = self._meld_rules, self._wild, self._table
        fits = table.fits_code(int(card))  # a card is its code
        if self.down and fits:
            return True
        if melds.is_wild(card, wild):  # rare: the full search, on the cards as taken
            above = self._pile[:depth]
            if support.melds_with(card, self._hand, meld_rules, wild, above=above):
                return True
        elif support.melds_with(card, self._cards, meld_rules, wild, held=self._held):
            return True
        if not table.melds:
            return False
        offer = Offer(fits, table.runs(card.suit), meld_rules, wild)
        if self.down:
            return chains(offer, card, self._cards, self._held)
        return reaches_on(
            offer, card, self._cards, may_lay_off=False, meld_first=self.meld_first
        )
