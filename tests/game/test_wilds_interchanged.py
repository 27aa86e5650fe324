"""Two wild cards of one meld are interchangeable: which stands where is no part of the move (ALL-2, MELD-5).

Every card of the wild rank is wild (MELD-4) and counts the same whatever
its suit (EOP-15, F14-2); no rule asks which of two wilds stands for which
card. A meld that declares the same cards with its wilds the other way
round is the listed meld: it plays as that one, so nothing ``apply``
accepts leads where no listed move leads.
"""

from __future__ import annotations

import pytest

from rummyrules import EndOfThePage, FourteenHundred, GameState
from scenarios import listed

# End of the Page, Js wild: player 0 holds JS and JC.
EOP_TWO_WILDS = (
    "wild J | dealer 1 | to_move 0 play"
    " | hands 4S 4H 5H 7S 7D 9H 10C JS JC QD KD / AH 3C 4D 4C 6C 7H 10H JH JD QC KS"
    " | pile QH | had_turn 0"
)
# 1400, 10s wild (no spacing rule, F14-11): player 0 holds 10S 10D 10C.
F14_THREE_WILDS = (
    "wild 10 | to_move 0 play"
    " | hands 3H 4H 5S 5H 6H 9D 10S 10D 10C JD QD / AS 2D 2C 3S 4S 7S 7D 9S QC KD"
    " | pile 7H"
)


def plays_as_listed(game: GameState, given: str, shown: str) -> None:
    """``given`` is accepted as the listed ``shown``: the same state, the same event."""
    assert shown in listed(game)
    assert given not in listed(game)
    after = game.apply(given)
    assert after == game.apply(shown)
    assert [str(event.move) for event in after.events] == [shown]


@pytest.mark.parametrize(
    ("given", "shown"),
    [
        ("meld JC=3H 4H 5H JS=6H", "meld JS=3H 4H 5H JC=6H"),
        ("meld JC=JD QD KD JS=AD", "meld JS=JD QD KD JC=AD"),
        ("meld 4S 4H JC=4 JS=4", "meld 4S 4H JS=4 JC=4"),
    ],
)
def test_all_2_eop_two_wilds_the_other_way_round_play_as_the_listed_meld(
    given: str, shown: str
) -> None:
    plays_as_listed(EndOfThePage(players=2).position(EOP_TWO_WILDS), given, shown)


@pytest.mark.parametrize(
    ("given", "shown"),
    [
        ("meld 10D=2H 3H 4H 10S=5H", "meld 10S=2H 3H 4H 10D=5H"),
        ("meld 10C=7D 10D=8D 9D 10S=10D JD", "meld 10S=7D 10D=8D 9D 10C=10D JD"),
        ("meld 10C=8D 10S=9D 10D=10D JD", "meld 10S=8D 10D=9D 10C=10D JD"),
    ],
)
def test_all_2_f14_three_wilds_in_any_places_play_as_the_listed_meld(
    given: str, shown: str
) -> None:
    plays_as_listed(FourteenHundred(players=2).position(F14_THREE_WILDS), given, shown)
