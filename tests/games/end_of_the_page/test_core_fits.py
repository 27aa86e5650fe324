"""End of the Page's core lays cards off on meld codes exactly as the library's search does (EOP-8, EOP-9).

The core works out what fits a meld on the table, and the meld each lay-off
makes, on integers (``core/fits.py``); the library's search
(:func:`rummyrules.melds.search.card_lay_offs`) reads the cards anew. Over
melds grown from seeded random hands, card by card and for every wild rank,
both give the same lay-offs in the same order, the core credits each card
of the meld made to whom the table meld would, and the core's mask of what
fits holds exactly the cards with one.
"""

from __future__ import annotations

import random

import pytest

from rummyrules import EndOfThePage
from rummyrules.core.cards import Rank
from rummyrules.game.table import TableMeld
from rummyrules.games.end_of_the_page.core.codes import LAY
from rummyrules.games.end_of_the_page.core.fits import (
    NO_FITS,
    card_lays,
    fits_card,
    with_meld,
)
from rummyrules.melds import Meld
from rummyrules.melds import search as meld_search
from rummyrules.melds.codes import meaning_code, meld_code

RULES = EndOfThePage(players=2, decks=3)
WILDS = [None, *(rank for rank in Rank if rank is not Rank.TWO)]


def checked(meld: Meld, wild: Rank | None) -> list[Meld]:
    """Compare the core with the search on every card for one meld; the melds the lay-offs make."""
    meld_rules = RULES.meld_rules
    table = with_meld(
        NO_FITS, meld_code(meld), 1, owner=0, meld_rules=meld_rules, wild=wild
    )
    made: list[Meld] = []
    for card in sorted(set(RULES.deck())):
        options = meld_search.card_lay_offs(card, meld, meld_rules, wild)
        expected = (
            tuple(
                LAY | card << 3 | 1 << 9 | (meaning_code(o.stands_for) + 1) << 25
                for o in options
            ),
            tuple(meld_code(option.meld) for option in options),
        )
        actions, afters, credits = card_lays(table, 1, int(card))
        assert (actions, afters) == expected, (str(meld), str(card))
        # Who played each card after it: the table meld's own bookkeeping.
        laid = TableMeld(meld=meld, owner=0, played_by=tuple(range(len(meld.cards))))
        for option, places in zip(options, credits, strict=True):
            played = laid.with_card(option.meld, player=-1).played_by
            assert places == played, (str(meld), str(card))
        assert fits_card(table, int(card)) is bool(options), (str(meld), str(card))
        made += [option.meld for option in options]
    return made


@pytest.mark.parametrize("seed", range(6))
def test_eop_9_the_cores_lay_offs_are_the_searchs(seed: int) -> None:
    rng = random.Random(seed)
    deck = list(RULES.deck())
    compared = 0
    for _ in range(12):
        wild = rng.choice(WILDS)
        hand = rng.sample(deck, 14)
        melds = list(meld_search.find_melds(hand, RULES.meld_rules, wild=wild))
        for first in rng.sample(melds, min(len(melds), 4)):
            # Grow the meld by lay-offs, a few steps, to reach long runs and
            # sets with their wilds at either end (EOP-8).
            meld = first
            for _ in range(5):
                made = checked(meld, wild)
                compared += 1
                if not made:
                    break
                meld = rng.choice(made)
    assert compared > 50
