"""What each move of 1400 does, and refusals the scenarios leave out: the examples its turn module once carried."""

from rummyrules import FourteenHundred, FourteenHundredPhase
from scenarios import refused, texts

TWO = FourteenHundred(players=2)
DRAW = "wild 9 | to_move 0 draw | hands 8S 8D 2C / 3C 4C 5D | pile 8H 7H 10S QS"
LAST = (
    "wild 9 | to_move 1 last | turn drew | out 0 | hands - / 3C 4C 5D"
    " | melds 0: 8S 8H 8D | pile 7H"
)


def test_f14_8_a_take_names_a_card_of_the_pile() -> None:
    game = TWO.position(DRAW)
    assert str(refused(game, "take 9C")) == "there is no 9C in the discard pile (F14-8)"
    after = game.apply("take").apply("meld 8S 8H 8D")
    assert texts(after.melds[0].cards) == ["8S", "8H", "8D"]
    assert after.phase is FourteenHundredPhase.PLAY
    assert refused(game, "take 7H").rule == "F14-9"


def test_f14_8_a_draw_takes_the_top_of_the_stock() -> None:
    game = TWO.position(DRAW + " | stock 4H +")
    drawn = game.apply("draw")
    assert drawn.phase is FourteenHundredPhase.PLAY
    assert len(drawn.hand(0)) == len(game.hand(0)) + 1


def test_f14_13_the_last_plays_have_one_draw_and_end_with_done() -> None:
    game = TWO.position(LAST)
    assert (
        str(refused(game, "draw"))
        == "the last draw is one card from the stock (F14-13)"
    )
    assert game.apply("done").score_sheet == ((15, -15),)


def test_f14_12_a_discard_that_fits_may_be_claimed_until_the_next_draw() -> None:
    game = FourteenHundred(players=3).position(
        "wild 9 | to_move 2 play | hands 2C 3C 4D / KS KD 8C / JD QD 7H"
        " | melds 2: 4H 5H 6H | pile 10S"
    )
    after = game.apply("discard 7H")
    assert (str(after.claim), after.discarder, after.to_move) == ("7H", 2, 0)
    claimed = (
        FourteenHundred(players=3)
        .position(
            "wild 9 | to_move 1 draw | claim 7H@0"
            " | hands 2C 3C 4D / KS KD 8C / JD QD | melds 2: 4H 5H 6H | pile 7H 10S"
        )
        .apply("2: claim 7H on 1")
    )
    assert texts(claimed.melds[0].cards) == ["4H", "5H", "6H", "7H"]
    assert claimed.melds[0].played_by == (2, 2, 2, 2)
    assert claimed.to_move == 1
