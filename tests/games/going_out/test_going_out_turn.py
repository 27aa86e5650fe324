"""Going Out Rummy's turn, its groups and sequences, its WILDCARDs (GOR-4, GOR-5, GOR-6)."""

from collections import Counter

import pytest

from rummyrules import GoingOutRummy, GoingOutState, MeldKind, Phase, parse_cards
from scenarios import listed, play, refused, texts

from .conftest import THREES, new, outs, whole_deck

# --- GOR-4: the turn ---------------------------------------------------------


def test_gor_4_draw_takes_the_top_card_of_the_stock() -> None:
    """'draw' puts the stock's top card in the hand and opens the rest of the turn."""
    game = new(THREES, "2S 4D 6H", "AH 2H 9C", stock="KD 8C")
    drawn = game.apply("draw")
    assert texts(drawn.hand(1)) == ["AH", "2H", "9C", "KD"]
    assert drawn.stock == game.stock[1:]
    assert drawn.phase == Phase.PLAY
    assert drawn.to_move == 1
    assert listed(drawn) == [
        "discard AH",
        "discard 2H",
        "discard 9C",
        "discard KD",
        "drop",
    ]


def test_gor_4_take_is_only_the_top_card_of_the_discard_pile() -> None:
    """Only the top discard may be taken; a card below it may not be looked for."""
    game = new(THREES, "2S 4D 6H", "AH 2H 9C", stock="KD 8C")
    game = play(game, "draw", "discard KD", "draw", "discard 8C")
    assert texts(game.discard_pile) == ["8C", "KD"]
    assert listed(game) == ["draw", "take", "drop"]
    error = refused(game, "take KD")
    assert error.rule == "GOR-4"
    assert error.reason == (
        "only the top card of the discard pile, 8C, may be taken; nobody may look "
        "back through the pile"
    )
    taken = game.apply("take")
    assert texts(taken.hand(1)) == ["AH", "2H", "8C", "9C"]
    assert texts(taken.discard_pile) == ["KD"]
    assert taken.stock == game.stock
    assert game.apply("take 8C") == taken


def test_gor_4_one_draw_then_a_discard_of_a_card_held() -> None:
    """One draw a turn, a discard of a card held, and each move in its turn."""
    game = new(THREES, "2S 4D 6H", "AH 2H 9C", stock="KD")
    assert refused(game, "discard 9C").reason == (
        "draw first: a turn begins with 'draw' or 'take'"
    )
    assert refused(game, "0: draw").reason == "it is player 1's turn, not player 0's"
    assert refused(game, "0: draw").rule == "ALL-2"
    assert refused(game, "2: draw").reason == (
        "there is no player 2: the players are 0 to 1"
    )
    drawn = game.apply("draw")
    assert refused(drawn, "draw").reason == "you have drawn already this turn"
    assert refused(drawn, "take").rule == "GOR-4"
    error = refused(drawn, "discard 7S")
    assert (error.rule, error.reason) == ("ALL-1", "you do not hold 7S")


@pytest.mark.parametrize(
    ("move", "rule", "reason"),
    [
        (
            "meld AH 2H 3H",
            "GOR-4",
            "nothing is melded before going out; lay the whole hand down at once "
            "with 'out'",
        ),
        (
            "lay 3H on 1",
            "GOR-4",
            "nothing is melded before going out; lay the whole hand down at once "
            "with 'out'",
        ),
        ("pass", "ALL-2", "'pass' is not a move in Going Out Rummy"),
        ("done", "ALL-2", "'done' is not a move in Going Out Rummy"),
    ],
)
def test_gor_4_there_is_no_melding_or_laying_off_before_going_out(
    move: str, rule: str, reason: str
) -> None:
    """Melds are only ever laid when going out (GOR-4); other games' moves are not moves here (ALL-2)."""
    game = new(THREES, "2S 4D 6H", "AH 2H 9C", stock="3H").apply("draw")
    error = refused(game, move)
    assert (error.rule, error.reason) == (rule, reason)


def test_gor_4_take_from_a_pile_emptied_later_is_refused_under_the_turn_rule() -> None:
    """With the only discard taken away, 'take' breaks a turn rule, not the deal's."""
    rules = GoingOutRummy(players=3, hand_size=3)
    game = new(rules, "2S 4D 6C", "AH 9C JD", "3C 5S KS", stock="QH")
    game = play(game, "draw", "discard QH", "take", "drop")  # player 2 drops with QH
    assert game.discard_pile == ()
    assert game.to_move == 0
    assert listed(game) == ["draw", "drop"]
    error = refused(game, "take")
    assert error.rule == "GOR-4"
    assert "first player" not in error.reason


def test_gor_4_a_discard_ends_the_turn_and_play_goes_clockwise() -> None:
    """After each discard the turn passes left: 1, 2, 0, 1 with dealer 0 of three."""
    rules = GoingOutRummy(players=3, hand_size=3)
    game = new(rules, "2S 4D 6H", "AH 2H 9C", "3C 8D JS", stock="KD QH 10S 5S")
    seen: list[int | None] = []
    for drawn in ["KD", "QH", "10S", "5S"]:
        seen.append(game.to_move)
        game = play(game, "draw", f"discard {drawn}")
        assert texts(game.discard_pile[:1]) == [drawn]
        assert game.phase == Phase.DRAW
    assert seen == [1, 2, 0, 1]
    assert game.to_move == 2
    assert game.turns == 4
    assert texts(game.discard_pile) == ["5S", "10S", "QH", "KD"]
    assert whole_deck(game)


# --- GOR-5: groups and sequences ---------------------------------------------


def test_gor_5_ace_low_sequence_goes_out() -> None:
    """A-2-3 of one suit is a sequence: the Ace is low."""
    game = new(THREES, "2S 4D 6H", "AH 2H 9C", stock="3H").apply("draw")
    assert outs(game) == ["out AH 2H 3H discard 9C"]
    over = game.apply("out AH 2H 3H discard 9C")
    assert over.winners == (1,)
    assert [str(meld) for meld in over.melds] == ["AH 2H 3H"]


def test_gor_5_ace_high_sequence_goes_out() -> None:
    """Q-K-A of one suit is a sequence: the Ace is high."""
    game = new(THREES, "2S 4D 6H", "QD KD 9C", stock="AD").apply("draw")
    assert outs(game) == ["out QD KD AD discard 9C"]
    over = game.apply("out AD KD QD discard 9C")
    assert over.winners == (1,)
    assert [str(meld) for meld in over.melds] == ["QD KD AD"]


def test_gor_5_no_sequence_turns_the_corner() -> None:
    """K-A-2 is never a sequence, so this hand cannot go out."""
    game = new(THREES, "2D 4D 6H", "KS AS 9C", stock="2S").apply("draw")
    assert outs(game) == []
    error = refused(game, "out KS AS 2S discard 9C")
    assert error.rule == "MELD-3"
    assert error.reason == (
        "meld 1 (KS AS 2S) is no meld: a run never turns the corner from King "
        "through Ace to 2, so KS AS 2S is no run"
    )


def test_gor_5_a_group_may_repeat_a_suit_with_three_packs() -> None:
    """Three 7 of hearts, one from each pack, are a group."""
    game = new(THREES, "2S 4D 6H", "7H 7H 9C", stock="7H").apply("draw")
    assert outs(game) == ["out 7H 7H 7H discard 9C"]
    over = game.apply("out 7H 7H 7H discard 9C")
    assert texts(over.melds[0].cards) == ["7H", "7H", "7H"]
    assert over.melds[0].meld.kind is MeldKind.SET


def test_gor_5_a_group_and_a_sequence_never_combine() -> None:
    """5-6-7 of hearts with two more 7s is neither one group nor one sequence."""
    rules = GoingOutRummy(hand_size=4)
    game = new(rules, "2S 4D 6C 9S", "5H 6H 7S 7D", stock="7H").apply("draw")
    assert outs(game) == []
    error = refused(game, "out 5H 6H 7H 7S 7D")
    assert error.rule == "MELD-2"
    assert "is neither a set" in error.reason


def test_gor_5_a_meld_has_at_least_three_cards() -> None:
    """Two cards are no meld."""
    rules = GoingOutRummy(hand_size=4)
    game = new(rules, "2S 4D 6C 9S", "5H 6H 7S 7D", stock="7H").apply("draw")
    error = refused(game, "out 7S 7D / 5H 6H 7H")
    assert error.rule == "GOR-5"
    assert error.reason == (
        "meld 1 (7S 7D) is no meld: a meld needs at least 3 cards, and 7S 7D is only 2"
    )


# --- GOR-6: WILDCARDs --------------------------------------------------------


def test_gor_6_a_wildcard_stands_for_the_card_the_sequence_needs() -> None:
    """4-5 of clubs and a WILDCARD go out, the WILDCARD read or declared as 3 or 6."""
    game = new(THREES, "2S 4D 6H", "4C 5C 9D", stock="*").apply("draw")
    assert outs(game) == ["out *=3C 4C 5C discard 9D"]
    low = game.apply("out 4C 5C * discard 9D")
    assert str(low.melds[0]) == "*=3C 4C 5C"
    high = game.apply("out 4C 5C *=6C discard 9D")
    assert str(high.melds[0]) == "4C 5C *=6C"
    error = refused(game, "out 4C 5C *=9H discard 9D")
    assert error.rule == "MELD-5"


def test_gor_6_a_group_may_hold_any_number_of_wildcards() -> None:
    """One 7 and five WILDCARDs are a group; so are five WILDCARDs alone."""
    rules = GoingOutRummy(hand_size=5, wildcards=9)
    game = new(rules, "2S 4D 6H 8C 10D", "7S * * * *", stock="*").apply("draw")
    assert outs(game) == [
        "out 7S *=7 *=7 *=7 *=7 *=7",
        "out * * * * * discard 7S",
        "out 7S *=7 *=7 *=7 *=7 discard *",
    ]
    over = game.apply("out 7S * * * * *")
    assert str(over.melds[0]) == "7S *=7 *=7 *=7 *=7 *=7"
    assert over.discard_pile == ()


def test_gor_6_a_meld_of_wildcards_only_is_valid() -> None:
    """Three WILDCARDs alone are a meld."""
    game = new(THREES, "2S 4D 6H", "* * *", stock="5D").apply("draw")
    assert outs(game) == [
        "out 5D *=5 *=5 *=5",
        "out * * * discard 5D",
        "out 5D *=5 *=5 discard *",
    ]
    over = game.apply("out * * * discard 5D")
    assert over.melds[0].meld.kind is MeldKind.WILD
    assert texts(over.melds[0].cards) == ["*", "*", "*"]
    assert texts(over.discard_pile) == ["5D"]


FILLER = "2C 4D 6C 8D 10C QD 3C 5D 7C 9D"


def holding(hand: str, drawn: str) -> GoingOutState:
    """Player 1 to play, holding ``hand`` after drawing ``drawn`` (nine WILDCARDs)."""
    cards = hand.split()
    cards.remove(drawn)
    rules = GoingOutRummy(hand_size=len(cards), wildcards=9)
    filler = " ".join(FILLER.split()[: len(cards)])
    return new(rules, filler, " ".join(cards), stock=drawn).apply("draw")


@pytest.mark.parametrize(
    ("hand", "drawn", "ways"),
    [
        ("2S 3S *", "*", ["out *=AS 2S 3S"]),
        ("KS AS 9C *", "*", ["out *=QS KS AS discard 9C"]),
        ("2S 2H 2H JS JH *", "JH", ["out 2S 2H 2H / JS JH *=J"]),
        ("AS AH 4H 4H JS * *", "JS", ["out AS AH *=A / 4H 4H *=4 discard JS"]),
        (
            "AS 2S 4H KS KH * * *",
            "4H",
            ["out AS 2S *=3S *=4S / KS KH *=K discard 4H"],
        ),
        (
            "2S 3S 3H 4S 4H JS JH QS KS *",
            "KS",
            ["out 2S 3S 4S / *=2H 3H 4H / JS QS KS discard JH"],
        ),
        (
            "QH KH AH *",
            "AH",
            [
                "out *=JH QH KH AH",
                "out *=JH QH KH discard AH",
                "out *=QH KH AH discard QH",
                "out QH *=KH AH discard KH",
                "out QH KH AH discard *",
            ],
        ),
        (
            "AH 3H JH QS QH * * * *",
            "QS",
            [
                "out AH *=2H 3H / *=10H JH QH / QS *=Q *=Q",
                "out *=10H JH QH *=KH AH / QS *=Q *=Q discard 3H",
                "out AH *=2H 3H *=4H *=5H / QS QH *=Q discard JH",
                "out *=10H JH QH *=KH AH / 3H *=3 *=3 discard QS",
            ],
        ),
    ],
)
def test_gor_6_wildcards_fill_gaps_and_sets_in_every_way_out(
    hand: str, drawn: str, ways: list[str]
) -> None:
    """Each way out that the WILDCARDs allow is listed, one per card left over."""
    game = holding(hand, drawn)
    assert Counter(game.hand(1)) == Counter(parse_cards(hand))
    assert outs(game) == ways
    for way in ways:
        assert game.apply(way).winners == (1,)


def test_gor_6_wildcards_may_be_discarded_and_taken() -> None:
    """A WILDCARD may be thrown on the discard pile and taken from it."""
    game = new(THREES, "2S 4D 6H", "* 8H 9C", stock="KD")
    game = play(game, "draw", "discard *")
    assert texts(game.discard_pile) == ["*"]
    taken = game.apply("take")
    assert texts(taken.hand(0)) == ["2S", "4D", "6H", "*"]
    assert game.apply("take *") == taken
    assert taken.discard_pile == ()
