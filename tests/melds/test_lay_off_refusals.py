"""Which rule a lay-off refusal names when the meld on the table holds a declared wild.

A wild on the table stands for the card it was declared as (EOP-R5): it is
that card of the run, not a wild free to fill a gap, and its declaration is
not the player's to lift. A card that does not touch such a run is refused
as it would be on a run of natural cards: a gap is left (MELD-3).
"""

from __future__ import annotations

from rummyrules import EndOfThePage, FourteenHundred
from scenarios import refused

# End of the Page, Js wild: player 1's run JH=8D 9D 10D lies on the table,
# player 0 has melded 4s this turn and holds QD KD 5C.
EOP_RUN = (
    "wild J | dealer 1 | to_move 0 play | hands QD KD 5C / 3S 5S 6H 7H"
    " | melds 1: JH=8D 9D 10D / 0: 4S 4H 4C | pile QH | had_turn 0 1"
)
# The same run of natural cards, with 3s wild: what the run above must answer.
EOP_NATURAL_RUN = EOP_RUN.replace("wild J", "wild 3").replace("JH=8D", "8D")
# 1400, 9s wild: player 1's run 8D 9D 10D, its 9D a wild standing for itself.
F14_RUN = (
    "wild 9 | dealer 1 | to_move 0 play | hands QD KD 5C / 3S 5S 6H 7H"
    " | melds 1: 8D 9D 10D / 0: 4S 4H 4C | pile QH"
)


def test_meld_3_lay_off_leaving_a_gap_beside_a_declared_wild_names_the_gap() -> None:
    game = EndOfThePage(players=2).position(EOP_RUN)
    error = refused(game, "lay QD on 1")
    assert error.rule == "MELD-3"
    assert error.reason == (
        "QD does not fit meld 1 (JH=8D 9D 10D): JH=8D 9D 10D QD has gaps at JD; "
        "filling them takes 1 wild card, and there are 0"
    )


def test_meld_3_lay_off_on_a_declared_wild_run_as_on_a_natural_one() -> None:
    wild = refused(EndOfThePage(players=2).position(EOP_RUN), "lay QD on 1")
    natural = refused(EndOfThePage(players=2).position(EOP_NATURAL_RUN), "lay QD on 1")
    assert wild.rule == natural.rule == "MELD-3"
    assert wild.reason.replace("JH=8D", "8D") == natural.reason


def test_meld_3_a_wild_declared_on_the_table_is_not_counted_as_free() -> None:
    error = refused(EndOfThePage(players=2).position(EOP_RUN), "lay KD on 1")
    assert error.rule == "MELD-3"
    assert error.reason.endswith(
        "JH=8D 9D 10D KD has gaps at JD QD; filling them takes 2 wild cards, "
        "and there are 0"
    )


def test_meld_3_a_wild_standing_for_itself_is_no_gap_in_1400() -> None:
    error = refused(FourteenHundred(players=2).position(F14_RUN), "lay QD on 1")
    assert error.rule == "MELD-3"
    assert error.reason.endswith(
        "8D 9D=9D 10D QD has gaps at JD; filling them takes 1 wild card, "
        "and there are 0"
    )
