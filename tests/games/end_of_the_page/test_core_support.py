"""End of the Page's core answers EOP-R6 on a hand's bits as the library's support search does.

A wild deep in the pile may be taken when it can stand for a card that two
natural cards of the hand make a set or run with (EOP-6, EOP-R6). The core
answers on bits (``core/melding.py``: ``wild_supported``); the library
tries each pair of naturals (:func:`rummyrules.melds.support.pair_for`).
"""

from __future__ import annotations

import random

import pytest

from rummyrules import EndOfThePage
from rummyrules.core.cards import Rank
from rummyrules.games.end_of_the_page.core.cards import hand_of, rank_of
from rummyrules.games.end_of_the_page.core.melding import wild_supported
from rummyrules.melds import support

RULES = EndOfThePage(players=4)
WILDS = [rank for rank in Rank if rank is not Rank.TWO]


@pytest.mark.parametrize("seed", range(4))
def test_eop_r6_a_wild_taken_deep_is_supported_as_the_library_says(seed: int) -> None:
    rng = random.Random(seed)
    deck = list(RULES.deck())
    answers = set()
    for _ in range(400):
        wild = rng.choice(WILDS)
        hand = rng.sample(deck, rng.randrange(1, 9))
        taken = next(card for card in deck if card.rank is wild)
        naturals = [card for card in hand if card.rank is not wild]
        expected = support.pair_for(taken, naturals, RULES.meld_rules, wild) is not None
        assert wild_supported(hand_of(hand), rank_of(wild)) is expected, (
            [str(card) for card in hand],
            wild,
        )
        answers.add(expected)
    assert answers == {True, False}
