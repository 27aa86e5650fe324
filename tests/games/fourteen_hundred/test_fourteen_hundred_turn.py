"""1400's turn: the draw, a discard taken and used, melds and lay-offs (F14-8 … F14-11, F14-R6 … F14-R8)."""

from collections import Counter

from rummyrules import FourteenHundred, FourteenHundredPhase
from scenarios import every_card, listed, play, refused, texts

from .conftest import (
    TWO,
    base_after_opening,
    credits,
    new,
    pile_after_opening,
    pile_position,
)

# --- The turn ----------------------------------------------------------------


def test_f14_8_draw_the_top_of_the_stock() -> None:
    game = pile_after_opening()
    assert listed(game) == ["draw", "take"]
    assert refused(game, "discard 6C").rule == "F14-8"
    drawn = game.apply("draw")
    assert "7S" in texts(drawn.hand(0))
    assert texts(drawn.stock[:1]) == ["3H"]
    assert refused(drawn, "draw").rule == "F14-8"
    assert refused(drawn, "take").rule == "F14-8"


def test_f14_8_take_any_discard_with_every_card_above_it() -> None:
    game = pile_position()
    assert refused(game, "take 5H").rule == "F14-8"  # not in the pile
    taken = game.apply("take QS")
    assert {"4D", "6C", "QS"} <= set(texts(taken.hand(0)))
    assert taken.discard_pile == ()
    assert len(taken.hand(0)) == len(game.hand(0)) + 3
    assert every_card(taken) == Counter(TWO.deck())


def test_f14_8_take_naming_the_top_card_is_take() -> None:
    # 'take X' is the topmost X of the pile; for the top card that is 'take'.
    # Player 0's 8S 8D make a set with the top discard 8H.
    game = TWO.position(
        "wild 9 | to_move 0 draw | hands 8S 8D 2C / 3C 4C 5D | pile 8H 7H 10S QS"
    )
    assert listed(game) == ["draw", "take"]
    taken = game.apply("take")
    assert game.apply("take 8H") == taken
    assert game.apply("0: take 8H") == taken
    assert game.apply("take 8H", player=0) == taken
    error = refused(game, "take 7H")  # deeper, and of no use: still refused
    assert (error.rule, error.reason) == (
        "F14-9",
        "you could not use 7H in a meld or lay-off this turn, so you may not take it",
    )


def test_f14_6_take_naming_the_upcard_is_take() -> None:
    game = TWO.position(
        "wild 9 | to_move 0 opening | hands 8H 8D 2C / 3C 4C 5D | pile 8S"
    )
    assert listed(game) == ["take"]
    assert game.apply("take 8S") == game.apply("take")
    error = refused(game, "take 8D")
    assert (error.rule, error.reason) == (
        "F14-6",
        "only the upcard 8S may be taken now",
    )
    # a player who cannot use the upcard is told to pass, whichever way 'take' is said
    cannot = TWO.position(
        "wild 9 | to_move 0 opening | hands 2C 5D JH / 3C 4C 5C | pile 8S"
    )
    for move in ["take", "take 8S"]:
        error = refused(cannot, move)
        assert (error.rule, error.reason) == (
            "F14-6",
            "you can make no meld with 8S, so you must pass",
        )


def test_f14_9_a_discard_is_listed_only_if_it_can_be_used() -> None:
    game = pile_position()
    assert listed(game) == ["draw", "take QS"]  # JS QS KS; 4D and 6C fit nothing
    error = refused(game, "take")
    assert error.rule == "F14-9"
    assert error.reason == (
        "you could not use 4D in a meld or lay-off this turn, so you may not take it"
    )
    assert refused(game, "take 6C").rule == "F14-9"


def test_f14_9_the_card_taken_is_used_before_the_discard() -> None:
    game = pile_position().apply("take QS")
    error = refused(game, "discard 6C")
    assert error.rule == "F14-9"
    assert error.reason == (
        "you took QS from the discard pile, so you must use it in a meld or "
        "lay-off before you discard"
    )
    assert not any(move.startswith("discard") for move in listed(game))
    # Other plays may come first while QS can still be used (JS QS KS) ...
    assert {"meld 10S 10D 9D=10", "lay 7S on 1"} <= set(listed(game))
    # ... but not one that leaves it no use: JS and KS gone, QS fits nowhere.
    error = refused(game, "meld JS 9D=QS KS AS")
    assert (error.rule, error.reason) == (
        "F14-9",
        "that would leave you no way to use QS, which you took from the discard "
        "pile, this turn",
    )
    assert "meld JS 9D=QS KS AS" not in listed(game)
    game = play(game, "lay 7S on 1", "meld JS QS KS")
    assert {"meld 10S 10D 9D=10", "discard 6C"} <= set(listed(game))


# 3s are wild; player 1's run of hearts is on the table.
HEARTS = "wild 3 | dealer 1 | to_move 0 draw | melds 1: 5H 6H 7H"


def test_f14_9_taken_card_used_later_in_turn() -> None:
    # 9H fits the run only once 8H is laid on it: a play later in the turn.
    game = TWO.position(f"{HEARTS} | hands 8H 2D 4C / KS KD QC | pile 10S 9H KC")
    assert "take 9H" in listed(game)
    game = game.apply("take 9H")
    assert listed(game) == ["lay 8H on 1"]
    assert refused(game, "discard 2D").rule == "F14-9"
    game = game.apply("lay 8H on 1").apply("lay 9H on 1")
    assert game.turn.must_use is None
    assert "discard 2D" in listed(game)
    # The top card too.
    top = TWO.position(f"{HEARTS} | hands 8H 2D 4C / KS KD QC | pile 9H KC")
    assert listed(top) == ["draw", "take"]
    assert listed(top.apply("take")) == ["lay 8H on 1"]


def test_f14_9_a_wild_or_a_card_taken_with_it_fills_the_gap() -> None:
    game = TWO.position(f"{HEARTS} | hands 3S 2D 4C / KS KD QC | pile 9H KC")
    game = game.apply("take")
    assert listed(game) == ["lay 3S=8H on 1"]
    assert "discard 2D" in listed(play(game, "lay 3S=8H on 1", "lay 9H on 1"))
    # 1400 takes the cards above the one chosen: the 8H above the 9H fills the gap.
    game = TWO.position(f"{HEARTS} | hands 2D 4C KH / KS KD QC | pile 8H 9H KC")
    assert listed(game) == ["draw", "take", "take 9H"]
    game = game.apply("take 9H")
    assert texts(game.hand(0)) == ["2D", "4C", "8H", "9H", "KH"]
    assert listed(game) == ["lay 8H on 1"]


def test_f14_9_a_card_no_plays_this_turn_can_use_is_still_refused() -> None:
    # 10H needs 8H and 9H laid first; only 8H is held, and no wild.
    game = TWO.position(f"{HEARTS} | hands 8H 2D 4C / KS KD QC | pile 10H KC")
    error = refused(game, "take")
    assert (error.rule, error.reason) == (
        "F14-9",
        "you could not use 10H in a meld or lay-off this turn, so you may not take it",
    )
    assert listed(game) == ["draw"]


def test_f14_9_one_wild_fills_one_place_of_the_gap() -> None:
    # Found in random play: with Qs wild, QC in hand fills the QC place of the
    # clubs run, and was counted again for KC, so AC was taken and the turn
    # had no move left (ALL-2). One wild fills one place.
    four = FourteenHundred(players=4)
    run = "melds 1: QH=8C QD=9C 10C QC=JC | pile 3H 10D AC 4C"
    game = four.position(
        f"wild Q | dealer 1 | to_move 2 draw | hands 5C / 4D / QC / 3D | {run}"
    )
    error = refused(game, "take AC")
    assert (error.rule, error.reason) == (
        "F14-9",
        "you could not use AC in a meld or lay-off this turn, so you may not take it",
    )
    assert "take AC" not in listed(game)
    game = four.position(
        f"wild Q | dealer 1 | to_move 2 draw | hands 5C / 4D / QC QS / 3D | {run}"
    )
    game = game.apply("take AC")
    assert "lay QC=QC on 1" in listed(game)
    game = game.apply("lay QC=QC on 1")
    assert listed(game) == ["lay QS=KC on 1"]


def test_f14_9_a_play_may_not_use_up_what_the_card_needs() -> None:
    game = TWO.position(f"{HEARTS} | hands 8H 8D 8S 2C / KS KD QC | pile 9H KC")
    game = game.apply("take")
    assert refused(game, "meld 8H 8D 8S").rule == "F14-9"
    assert listed(game) == ["lay 8H on 1"]
    game = game.apply("lay 8H on 1")
    assert listed(game) == ["lay 9H on 1"]  # 8D 8S alone make no meld


def test_f14_r7_a_meld_first_then_the_lay_offs_that_reach_the_card() -> None:
    rules = FourteenHundred(players=2, lay_off_needs_meld=True)
    game = rules.position(f"{HEARTS} | hands 8H 2D 2C 2S 4C / KS KD QC | pile 9H KC")
    game = game.apply("take")
    assert listed(game) == ["meld 2S 2D 2C"]
    game = play(game, "meld 2S 2D 2C", "lay 8H on 1", "lay 9H on 1")
    assert game.turn.must_use is None
    # Here the only meld to lay first takes the 8H that 9H needs.
    game = rules.position(f"{HEARTS} | hands 8H 8D 8S 4C / KS KD QC | pile 9H KC")
    assert refused(game, "take").rule == "F14-9"


def test_f14_9_a_discard_may_be_taken_to_lay_it_off() -> None:
    # player 0 (2S 3S 4S 5C JD, wild 9D) passes; player 1 melds the 7s and
    # discards 7S, which player 0 can only lay off
    game = new(TWO, "5C 2S 3S 4S JD  5H 7C 7D 7S QS  9D  7H")
    game = play(game, "pass", "take", "meld 7C 7D 7H", "discard 7S")
    assert listed(game) == ["draw", "take"]
    game = game.apply("take")
    assert "lay 7S on 1" in listed(game)  # the melds of spades may come first
    assert not any(move.startswith("discard") for move in listed(game))
    game = play(game, "lay 7S on 1", "discard JD")
    assert game.melded == (False, True)  # a lay-off is not a meld of one's own


def test_f14_r6_the_card_chosen_is_the_deepest_card_taken() -> None:
    game = pile_position().apply("take QS")
    assert str(game.turn.must_use) == "QS"
    assert refused(game, "discard 4D").rule == "F14-9"
    # the cards above it carry no duty once QS is played
    game = game.apply("meld JS QS KS")
    assert game.turn.must_use is None
    assert {"discard 4D", "discard 6C"} <= set(listed(game))


def test_f14_10_melds_and_lay_offs_then_one_discard() -> None:
    game = pile_position()
    game = play(game, "take QS", "meld JS QS KS", "lay AS on 2", "lay 7S on 1")
    game = game.apply("meld 10D 10S 9D")
    assert [str(meld) for meld in game.melds] == [
        "7S 7H 7D 7C",
        "JS QS KS AS",  # the Ace goes high
        "10S 10D 9D=10",
    ]
    assert game.to_move == 0
    assert refused(game, "discard 7S").rule == "ALL-1"  # no longer held
    game = game.apply("discard 6C")
    assert (game.to_move, game.phase) == (1, FourteenHundredPhase.DRAW)
    assert texts(game.hand(0)) == ["4D"]


def test_f14_10_runs_from_2_to_ace_aces_high_only() -> None:
    assert TWO.check_meld("2C 3C 4C")
    assert TWO.check_meld("QH KH AH")
    low = TWO.check_meld("AH 2H 3H")
    assert not low
    assert low.rule == "F14-10"
    assert not TWO.check_meld("KH AH 2H")
    assert not TWO.check_meld("7H 8H 9S")


def test_f14_r7_lay_off_without_a_meld_by_default() -> None:
    game = pile_after_opening().apply("draw")  # player 0 draws 7S, not yet down
    assert "lay 7S on 1" in listed(game)
    game = game.apply("lay 7S on 1")
    set_of_sevens = game.melds[0]
    assert credits(set_of_sevens) == [
        ("7S", 0),
        ("7H", 1),
        ("7D", 1),
        ("7C", 1),
    ]
    assert game.melded == (False, True)


def test_f14_r7_option_requires_a_meld_before_laying_off() -> None:
    rules = FourteenHundred(players=2, lay_off_needs_meld=True)
    game = pile_after_opening(rules).apply("draw")
    assert not any(move.startswith("lay") for move in listed(game))
    error = refused(game, "lay 7S on 1")
    assert error.rule == "F14-R7"
    assert error.reason == "these rules ask for a meld of your own before you lay off"
    game = game.apply("meld 10S JS 9D=QS KS")
    assert "lay 7S on 1" in listed(game)


def test_f14_r7_option_take_meld_then_lay_off_the_card_taken() -> None:
    rules = FourteenHundred(players=2, lay_off_needs_meld=True)
    game = new(rules, "5C 2S 3S 4S JD  5H 7C 7D 7S QS  9D  7H")
    game = play(game, "pass", "take", "meld 7C 7D 7H", "discard 7S")
    assert "take" in listed(game)
    game = play(game, "take", "meld 2S 3S 4S", "lay 7S on 1")
    assert str(game.melds[0]) == "7S 7H 7D 7C"


def test_f14_11_no_spacing_rule_for_wild_cards() -> None:
    game = base_after_opening().apply("draw")
    side_by_side = game.apply("meld 4C KH=5C KD=6C")
    assert str(side_by_side.melds[1]) == "4C KH=5C KD=6C"
    three_wilds = game.apply("meld 8H KH=8 KD=8 KC=8")
    assert str(three_wilds.melds[1]) == "8H KH=8 KD=8 KC=8"


def test_f14_r8_a_meld_needs_one_natural_card() -> None:
    game = base_after_opening().apply("draw")
    assert "meld KH KD KC" not in listed(game)
    error = refused(game, "meld KH KD KC")
    assert error.rule == "F14-R8"
    assert error.reason == (
        "a meld needs at least 1 natural card in 1400, and KH KD KC has 0"
    )


def test_f14_r8_option_allows_all_wild_melds() -> None:
    rules = FourteenHundred(players=2, all_wild_melds=True)
    game = base_after_opening(rules).apply("draw")
    assert "meld KH KD KC" in listed(game)
    game = game.apply("meld KH KD KC")
    assert texts(game.melds[1].cards) == ["KH", "KD", "KC"]
    assert texts(game.hand(1)) == ["4C", "8H"]


def test_f14_r8_option_an_all_wild_meld_is_laid_open() -> None:
    # Its meaning is left to the cards laid off on it, so it is not declared.
    rules = FourteenHundred(players=2, all_wild_melds=True)
    game = base_after_opening(rules).apply("draw")
    error = refused(game, "meld KH=9 KD=9 KC=9")
    assert error.rule == "F14-R8"
    assert "'meld KH KD KC'" in error.reason


def test_f14_r8_option_a_natural_laid_on_an_open_meld_makes_it_a_set() -> None:
    rules = FourteenHundred(players=2, all_wild_melds=True)
    game = base_after_opening(rules).apply("draw").apply("meld KH KD KC")
    assert "lay 8H on 2" in [str(m) for m in game.legal_moves()]
    assert str(game.apply("lay 8H on 2").melds[1]) == "8H KH=8 KD=8 KC=8"
