"""Going out in Going Out Rummy: the ways out listed, the card left over, Going Out Major and Minor (GOR-7, GOR-8, GOR-R1, GOR-R2)."""

import pytest

from rummyrules import (
    GoingOut,
    GoingOutRummy,
    GoingOutState,
    IllegalMoveError,
    OptionError,
    Phase,
    parse_cards,
)
from scenarios import listed, play, refused, texts

from .conftest import THREES, new, outs, whole_deck

# --- GOR-7 and GOR-R1: going out ---------------------------------------------

# Player 1 holds four 7s and 8-9 of clubs, and draws the 10 of clubs.
SEVENS = ("2S 4D 6H 8S 10D QC", "7S 7H 7D 7C 8C 9C")


def sevens() -> GoingOutState:
    """Player 1 to play, holding 7S 7H 7D 7C 8C 9C 10C after the draw."""
    return new(GoingOutRummy(hand_size=6), *SEVENS, stock="10C").apply("draw")


def test_gor_7_one_way_out_is_listed_for_each_card_that_can_be_left_over() -> None:
    """legal_moves lists the way out with nothing over, then one per leftover."""
    assert listed(sevens()) == [
        "out 7S 7H 7D 7C / 8C 9C 10C",
        "out 7H 7D 7C / 8C 9C 10C discard 7S",
        "out 7S 7D 7C / 8C 9C 10C discard 7H",
        "out 7S 7H 7C / 8C 9C 10C discard 7D",
        "out 7S 7H 7D / 8C 9C 10C discard 7C",
        "out 7S 7H 7D / 7C 8C 9C discard 10C",
        "discard 7S",
        "discard 7H",
        "discard 7D",
        "discard 7C",
        "discard 8C",
        "discard 9C",
        "discard 10C",
        "drop",
    ]


def test_gor_7_one_way_out_per_distinct_leftover_with_three_identical_cards() -> None:
    """Equal cards from different packs give one listed way out, not three."""
    rules = GoingOutRummy(hand_size=5, wildcards=9)
    game = new(rules, "2S 4D 6H 8C 10D", "7S 7S 7H 7H 7H", stock="*").apply("draw")
    assert outs(game) == [
        "out 7S 7S 7H 7H 7H *=7",
        "out 7S 7H 7H 7H *=7 discard 7S",
        "out 7S 7S 7H 7H *=7 discard 7H",
        "out 7S 7S 7H 7H 7H discard *",
    ]


@pytest.mark.parametrize(
    ("move", "melds"),
    [
        ("out 7C 8C 9C 10C / 7S 7H 7D", ["7C 8C 9C 10C", "7S 7H 7D"]),
        ("out 10C 9C 8C 7C / 7D 7H 7S", ["7C 8C 9C 10C", "7S 7H 7D"]),
        ("out 8C 9C 10C / 7C 7D 7S 7H", ["8C 9C 10C", "7S 7H 7D 7C"]),
    ],
)
def test_gor_7_any_valid_layout_of_the_hand_goes_out(
    move: str, melds: list[str]
) -> None:
    """The melds may be shown in any grouping and order, not only the listed one."""
    game = sevens()
    over = game.apply(move)
    assert [str(meld) for meld in over.melds] == melds
    assert over.winners == (1,)
    assert over.discard_pile == ()


def test_gor_7_going_out_wins_the_game_and_ends_it() -> None:
    """The player who goes out wins: the melds lie on the table in their name."""
    game = sevens()
    over = game.apply("out 7S 7H 7D / 7C 8C 9C discard 10C")
    assert over.is_over
    assert over.phase == Phase.OVER
    assert over.winner == 1
    assert over.winners == (1,)
    assert over.out == 1
    assert over.to_move is None
    assert over.legal_moves() == ()
    assert over.hand(1) == ()
    assert over.hand(0) == game.hand(0)
    assert [str(meld) for meld in over.melds] == ["7S 7H 7D", "7C 8C 9C"]
    assert [meld.owner for meld in over.melds] == [1, 1]
    assert [meld.played_by for meld in over.melds] == [(1, 1, 1), (1, 1, 1)]
    assert over.turns == 1
    assert whole_deck(over)
    with pytest.raises(IllegalMoveError) as caught:
        over.apply("0: drop")
    assert (caught.value.rule, caught.value.reason) == ("ALL-2", "the game is over")


def test_gor_r1_the_card_left_over_is_discarded() -> None:
    """The one card not melded goes on top of the discard pile."""
    game = new(GoingOutRummy(hand_size=6), *SEVENS, stock="KH 2C 10C")
    game = play(game, "draw", "discard KH", "draw", "discard 2C", "draw")
    over = game.apply("out 7S 7H 7D / 8C 9C 10C discard 7C")
    assert texts(over.discard_pile) == ["7C", "2C", "KH"]
    assert over.view(0).discard_pile == parse_cards("7C")
    assert over.winners == (1,)


def test_gor_7_going_out_is_a_choice() -> None:
    """A player who could go out may discard instead, and play goes on."""
    game = sevens()
    assert outs(game)
    after = game.apply("discard 10C")
    assert not after.is_over
    assert after.to_move == 0
    assert after.winners == ()
    assert after.melds == ()
    assert texts(after.discard_pile) == ["10C"]


def test_gor_7_going_out_comes_after_the_draw() -> None:
    """A hand that is already melds cannot go out before drawing."""
    game = new(THREES, "2S 4D 6H", "7S 7H 7D", stock="KC")
    error = refused(game, "out 7S 7H 7D")
    assert error.rule == "GOR-4"
    assert outs(game.apply("draw")) == ["out 7S 7H 7D discard KC"]


@pytest.mark.parametrize(
    ("move", "rule", "reason"),
    [
        (
            "out 7S 7H 7D / 7C 8C 9C 10C discard KD",
            "ALL-1",
            "you do not hold KD",
        ),
        (
            "out 7S 7S 7D / 7C 8C 9C 10C",
            "ALL-1",
            "you do not hold 2 of 7S",
        ),
        (
            "out 7S 7H 7D / 8C 9C 10C discard 7S",
            "ALL-1",
            "you do not hold 2 of 7S",
        ),
        (
            "out 7S 7H 7D / 8C 9C 10C",
            "GOR-7",
            "going out lays down the whole hand but the one card discarded; 7C "
            "would be left in your hand",
        ),
        (
            "out 7S 7H 7D discard 10C",
            "GOR-7",
            "going out lays down the whole hand but the one card discarded; 7C 8C "
            "9C would be left in your hand",
        ),
        (
            "out 7S 7H 7D / 7C 9C 10C discard 8C",
            "MELD-3",
            "meld 2 (7C 9C 10C) is no meld: 7C 9C 10C has gaps at 8C; filling them "
            "takes 1 wild card, and there are 0",
        ),
        (
            "out 7S 7H 8C / 7C 7D 9C discard 10C",
            "MELD-2",
            "meld 1 (7S 7H 8C) is no meld: 7S 7H 8C is neither a set (it mixes "
            "ranks 7 and 8) nor a run (it mixes suits)",
        ),
    ],
)
def test_gor_7_a_bad_layout_is_refused_and_changes_nothing(
    move: str, rule: str, reason: str
) -> None:
    """Going out must use cards held, leave none in hand, and lay only valid melds."""
    error = refused(sevens(), move)
    assert (error.rule, error.reason) == (rule, reason)


# --- GOR-8 and GOR-R2: Going Out Major and Minor -----------------------------


def test_gor_8_the_variation_is_an_option_off_by_default() -> None:
    """Standard going out unless Major or Minor is chosen, by name or by value."""
    assert GoingOutRummy().going_out is GoingOut.STANDARD
    assert GoingOutRummy(going_out="minor").going_out is GoingOut.MINOR
    assert GoingOutRummy(going_out=GoingOut.MAJOR).going_out is GoingOut.MAJOR
    with pytest.raises(OptionError, match=r"not 'Major' \(GOR-8\)$"):
        GoingOutRummy(going_out="Major")


def test_gor_8_major_six_hearts_in_one_meld_go_out() -> None:
    """Under Major, 2 to 7 of hearts after the draw go out as one meld."""
    rules = GoingOutRummy(hand_size=5, going_out="major")
    assert rules.going_out is GoingOut.MAJOR
    game = new(rules, "2S 4D 6C 8S 10D", "2H 3H 4H 5H 6H", stock="7H").apply("draw")
    assert outs(game) == ["out 2H 3H 4H 5H 6H 7H"]
    over = game.apply("out 7H 6H 5H 4H 3H 2H")
    assert [str(meld) for meld in over.melds] == ["2H 3H 4H 5H 6H 7H"]
    assert over.winners == (1,)


@pytest.mark.parametrize("how", ["major", "minor"])
def test_gor_r2_major_and_minor_go_out_in_one_single_meld(how: str) -> None:
    """Major and Minor refuse two melds of three, which Standard allows."""
    hands = ("2S 4D 6C 8S 10D", "2H 3H 4H 9S 9C")
    standard = new(GoingOutRummy(hand_size=5), *hands, stock="9D").apply("draw")
    assert outs(standard) == ["out 2H 3H 4H / 9S 9D 9C"]
    game = new(GoingOutRummy(hand_size=5, going_out=how), *hands, stock="9D")
    game = game.apply("draw")
    assert outs(game) == []
    error = refused(game, "out 2H 3H 4H / 9S 9C 9D")
    assert error.rule == "GOR-R2"
    assert error.reason == (
        f"Going Out {how.title()} lays the cards down as one single meld, not 2"
    )


def test_gor_8_minor_may_leave_one_card_over() -> None:
    """Under Minor, all cards but one in one meld go out; the one is discarded."""
    rules = GoingOutRummy(hand_size=6, going_out="minor")
    game = new(rules, "2S 4D 6C 8S 10D QS", "2H 3H 4H 5H 6H KC", stock="7H")
    game = game.apply("draw")
    assert outs(game) == ["out 2H 3H 4H 5H 6H 7H discard KC"]
    over = game.apply("out 2H 3H 4H 5H 6H 7H discard KC")
    assert texts(over.discard_pile) == ["KC"]
    assert over.winners == (1,)


def test_gor_r2_major_leaves_no_card_over() -> None:
    """Under Major every card goes into the meld: a discard is refused."""
    rules = GoingOutRummy(hand_size=5, going_out="major")
    game = new(rules, "2S 4D 6C 8S 10D", "2H 3H 4H 5H 6H", stock="KC").apply("draw")
    assert outs(game) == []
    error = refused(game, "out 2H 3H 4H 5H 6H discard KC")
    assert error.rule == "GOR-R2"
    assert error.reason == (
        "Going Out Major lays every card down in the meld, with no discard"
    )
    standard = new(GoingOutRummy(hand_size=5), "2S 4D 6C 8S 10D", "2H 3H 4H 5H 6H")
    standard = standard.apply("draw")
    assert "out 2H 3H 4H 5H 6H discard AS" in outs(standard)
