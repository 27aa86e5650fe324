"""1400, played: one named scenario per rule and ruling ID (F14-*), every option."""

import json
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings

from rummyrules import (
    Card,
    FourteenHundred,
    FourteenHundredPhase,
    FourteenHundredState,
    GameState,
    IllegalMoveError,
    OptionError,
    Rank,
    dumps,
    loads,
    parse_cards,
)
from rummyrules.game.table import TableMeld
from scenarios import every_card, listed, play, refused, texts
from strategies import f14_tables, walks

TWO = FourteenHundred(players=2)
THREE = FourteenHundred(players=3)


def new(rules: FourteenHundred, deck: str, *, dealer: int = 1) -> FourteenHundredState:
    return rules.new_game(deck=rules.stacked_deck(deck), dealer=dealer)


def credits(meld: TableMeld) -> list[tuple[str, int]]:
    """Each card of a meld on the table, with who played it (MELD-6)."""
    return list(zip(texts(meld.cards), meld.played_by, strict=True))


# BASE, two players, the dealer is player 1:
#   player 0 shows a 3: 3H 5H 6H, and is dealt the wild-rank card KS face up
#   player 1 shows a 4: 4C KH KD KC (Kings are wild: three wild cards)
#   the upcard is 7H; the stock starts 8H 2D 9C
BASE = "3H 5H 6H  4C KH KD KC  KS  7H  8H 2D 9C"

# PILE, two players, the dealer is player 1:
#   player 0 shows a 6: 6C JS KS AS 10D 10S, and is dealt 9D (9s are wild)
#   player 1 shows a 4: 4D 7C 7D QS
#   the upcard is 7H; the stock starts 7S 3H 10C
PILE = "6C JS KS AS 10D 10S  4D 7C 7D QS  9D  7H  7S 3H 10C"

# NOBODY: two players, the dealer is player 1; 9s are wild, and the upcard KH
# fits nobody: player 0 holds 2C 5S 9D (110), player 1 3D 8C JS (20).
NOBODY = "2C 5S  3D 8C JS  9D  KH"
# TIE: the same, but player 1 holds 3D 9C 8C (110 too).
TIE = "2C 5S  3D 9C 8C  9D  KH"

# CLAIM, three players, the dealer is player 2; Queens are wild:
#   player 0 shows a 4: 4C 7C 7D KH, and is dealt QD
#   player 1 shows a 5: 5D 2S 3S 4S JH
#   player 2 shows a 3: 3D 7S 9H
#   the upcard is 7H; the stock starts AC 10H 5S
CLAIM = "4C 7C 7D KH  5D 2S 3S 4S JH  3D 7S 9H  QD  7H  AC 10H 5S"


def base(rules: FourteenHundred = TWO) -> FourteenHundredState:
    return new(rules, BASE)


def base_after_opening(rules: FourteenHundred = TWO) -> FourteenHundredState:
    """Player 0 melds the upcard and discards 3H, keeping the wild KS."""
    return play(base(rules), "take", "meld 5H 6H 7H", "discard 3H")


def pile_after_opening(rules: FourteenHundred = TWO) -> FourteenHundredState:
    """Player 0 passes; player 1 melds 7C 7D 7H and discards QS."""
    return play(new(rules, PILE), "pass", "take", "meld 7C 7D 7H", "discard QS")


def pile_position() -> FourteenHundredState:
    """Player 0 to draw, with 4D 6C QS in the discard pile (top first)."""
    game = play(pile_after_opening(), "draw", "discard 6C", "draw", "discard 4D")
    assert texts(game.discard_pile) == ["4D", "6C", "QS"]
    assert texts(game.hand(0)) == ["AS", "7S", "9D", "10S", "10D", "JS", "KS"]
    return game


def claim_position() -> FourteenHundredState:
    """Player 2 has just discarded 7S, which fits player 0's set of 7s."""
    game = new(THREE, CLAIM, dealer=2)
    game = play(game, "take", "meld 7C 7D 7H", "discard KH")  # player 0
    game = play(game, "draw", "meld 2S 3S 4S", "discard JH")  # player 1
    assert game.legal_moves(player=0) == ()  # JH fits no meld: nothing to claim
    game = play(game, "draw", "discard 7S")  # player 2
    assert game.to_move == 0
    return game


def last_plays(rules: FourteenHundred = TWO) -> FourteenHundredState:
    """Player 0 goes out on the opening by melding every card, with no discard."""
    return play(base(rules), "take", "meld 3H KS=4H 5H 6H 7H")


# --- Setup and deal ----------------------------------------------------------


def test_f14_1_four_to_six_players_use_two_decks_without_jokers() -> None:
    for players in (4, 5, 6):
        deck = FourteenHundred(players=players).deck()
        assert len(deck) == 104
        assert set(Counter(deck).values()) == {2}
        assert all(card.rank is not None for card in deck)  # no jokers
    with pytest.raises(OptionError, match=r"\(F14-1\)"):
        FourteenHundred(players=4, decks=1)


def test_f14_1_a_stacked_deck_must_be_the_games_deck() -> None:
    with pytest.raises(ValueError, match="the deck must be the game's 52 cards"):
        TWO.new_game(deck=FourteenHundred(players=4).stacked_deck(BASE))
    with pytest.raises(ValueError, match="lacks 9C"):
        TWO.new_game(deck=TWO.stacked_deck("9C")[1:])
    game = new(FourteenHundred(players=4), "")
    assert every_card(game) == Counter(FourteenHundred(players=4).deck())


def test_f14_r1_two_to_six_players_one_deck_for_two_or_three() -> None:
    assert [FourteenHundred(players=n).decks for n in range(2, 7)] == [1, 1, 2, 2, 2]
    assert len(TWO.deck()) == len(THREE.deck()) == 52
    for players in (1, 7):
        with pytest.raises(OptionError, match=r"\(F14-R1\)"):
            FourteenHundred(players=players)


def test_f14_r1_decks_option_gives_three_players_two_decks() -> None:
    rules = FourteenHundred(players=3, decks=2)
    assert len(rules.deck()) == 104
    game = new(rules, CLAIM, dealer=2)
    assert every_card(game) == Counter(rules.deck())
    assert len(game.stock) == 104 - 4 - 1 - 5 - 3 - 1


def test_f14_2_card_values() -> None:
    values = {"AS": 15, "KH": 10, "QD": 10, "JC": 10, "10S": 10, "9H": 5, "2D": 5}
    assert {card: TWO.card_value(card, wild="7") for card in values} == values
    assert TWO.card_value("7S", wild="7") == 100
    assert TWO.card_value("AS", wild="A") == 100


@pytest.mark.parametrize(
    ("shown", "size"),
    [("2H", 2), ("5H", 5), ("9H", 9), ("10H", 10), ("JH", 10), ("QH", 10), ("KH", 10)],
)
def test_f14_3_the_face_up_card_sets_the_hand_size(shown: str, size: int) -> None:
    game = new(TWO, shown)
    assert Card.parse(shown) in game.hand(0)  # the face-up card is in the hand
    assert len(game.hand(0)) == size + 1  # and player 0 is dealt the wild card too
    assert game.to_move == 0  # the dealer's left plays first


def test_f14_3_each_player_in_turn_from_the_dealers_left() -> None:
    # dealer 0: player 1 shows a 2, player 2 a Queen, the dealer a 5
    game = new(THREE, "2S 3S  QD 4S 5S 6S 7S 8S 9S 10S JS QS  5H 6H 7H 8H 9H", dealer=0)
    assert [len(hand) for hand in game.hands] == [5, 2 + 1, 10]
    assert texts(game.hand(0)) == ["5H", "6H", "7H", "8H", "9H"]


@pytest.mark.parametrize("ace", [15, 16])
def test_f14_r2_an_ace_gives_15_cards_or_16_with_the_option(ace: int) -> None:
    rules = FourteenHundred(players=2, ace_hand_size=ace)
    game = new(rules, "AH")
    assert len(game.hand(0)) == ace + 1  # and the wild card
    assert every_card(game) == Counter(rules.deck())


def test_f14_4_a_game_ended_by_discarding_the_face_up_card_saves_and_reloads() -> None:
    """Once refused by loads and positions: the state kept the card face up."""
    rules = FourteenHundred(
        players=3, pass_freely=True, stock_out="reshuffle", target=500, max_turns=27
    )
    game = rules.position(
        "FourteenHundred players=3 pass_freely=true stock_out=reshuffle target=500"
        " max_turns=27 | seed 1225 | dealer 1 | wild 2 | face_up 2H | to_move 2 play"
        " | turn drew | passes 2 | hands AD 3C 5C JH QS / 6S 7H 8H JS / 2H"
        " | melds 1: 10H 10C 2D=10 / 2: 2S=3D 2C=4D 5D | pile 7S"
        " | sheet 125 10 150 / 140 110 275 | turns 1"
    )
    assert (str(game.face_up), game.face_up_holder) == ("2H", 2)
    end = game.apply("discard 2H")  # player 2 goes out with the face-up card
    assert end.is_over
    assert end.winners == (2,)
    assert (end.face_up, end.face_up_holder) == (None, None)
    assert loads(dumps(end)) == end
    assert rules.position(end.position()) == end


def test_f14_r2_no_other_ace_hand_size() -> None:
    with pytest.raises(OptionError, match=r"\(F14-R2\)"):
        FourteenHundred(ace_hand_size=14)


def test_f14_4_the_wild_card_is_dealt_face_up_to_the_dealers_left() -> None:
    game = base()
    assert game.wild is Rank.KING
    assert str(game.face_up) == "KS"
    assert game.face_up_holder == 0
    assert texts(game.hand(0)) == ["3H", "5H", "6H", "KS"]
    assert game.marker is None
    seeded = THREE.new_game(seed=5, dealer=0)
    assert seeded.face_up_holder == 1
    assert seeded.face_up is not None
    assert seeded.face_up in seeded.hand(1)
    assert seeded.wild is seeded.face_up.rank


def test_f14_4_the_wild_card_stays_face_up_until_played() -> None:
    game = play(base(), "take", "meld 5H 6H 7H")
    assert str(game.face_up) == "KS"
    game = play(base(), "take", "meld 5H 6H 7H KS=8H")
    assert game.face_up is None


def test_f14_4_a_view_names_no_holder_once_the_face_up_card_is_played() -> None:
    """face_up_holder is null whenever face_up is, in every view and its JSON."""
    game = TWO.position(
        "wild 9 | to_move 1 play | hands 2C 3C 4D / 9H 5S 6S 8S KD | face_up 9H"
        " | pile 10S"
    )
    assert [
        (str(game.view(p).face_up), game.view(p).face_up_holder) for p in (0, 1)
    ] == [
        ("9H", 1),
        ("9H", 1),
    ]
    melded = game.apply("meld 5S 6S 9H=7S 8S")
    for player in (0, 1):
        view = melded.view(player)
        assert (view.face_up, view.face_up_holder) == (None, None)
        data = json.loads(dumps(view))["data"]
        assert (data["face_up"], data["face_up_holder"]) == (None, None)


@settings(max_examples=30, deadline=None)
@given(walks(f14_tables(), max_steps=120))
def test_f14_4_face_up_holder_is_null_exactly_when_face_up_is(
    walk: list[FourteenHundredState],
) -> None:
    for game in walk[::7]:
        for player in range(game.players):
            view = game.view(player)
            holder = view.face_up_holder
            assert (view.face_up is None) == (holder is None)
            if view.face_up is not None and holder is not None:
                assert view.face_up in game.hand(holder)


def test_f14_4_aces_can_be_wild() -> None:
    # player 0 holds 3C 4D 9S and the wild AD; the upcard JS
    game = new(TWO, "3C 9S 4D  2D 5D  AD  JS")
    assert game.wild is Rank.ACE
    assert TWO.card_value("AH", wild=game.wild) == 100
    game = game.apply("take")
    assert listed(game) == ["meld 9S AD=10S JS"]
    assert str(game.apply("meld 9S AD=10S JS").melds[0]) == "9S AD=10S JS"


@pytest.mark.parametrize(
    "rules",
    [TWO, FourteenHundred(players=2, wild_card_dealt=False)],
    ids=["dealt", "marker"],
)
def test_f14_r3_the_wild_card_is_dealt_or_stays_on_the_table(
    rules: FourteenHundred,
) -> None:
    dealt = rules.wild_card_dealt
    game = base(rules)
    assert game.wild is Rank.KING
    assert str(game.discard_pile[0]) == "7H"  # the same upcard either way
    if dealt:
        assert texts(game.hand(0)) == ["3H", "5H", "6H", "KS"]
        assert (str(game.face_up), game.marker) == ("KS", None)
    else:
        assert texts(game.hand(0)) == ["3H", "5H", "6H"]
        assert (game.face_up, str(game.marker)) == (None, "KS")
    assert every_card(game) == Counter(rules.deck())
    game = play(game, "take", "meld 5H 6H 7H", "discard 3H")
    if dealt:
        assert texts(game.hand(0)) == ["KS"]
    else:  # the marker is nobody's card: player 0 is out
        assert game.score_sheet == ((5 + 5 + 5, -(5 + 300)),)


def test_f14_5_one_upcard_starts_a_spread_discard_pile() -> None:
    game = base()
    assert texts(game.discard_pile) == ["7H"]
    assert texts(game.stock[:3]) == ["8H", "2D", "9C"]
    assert len(game.stock) == 52 - 4 - 4 - 1
    assert game.phase == FourteenHundredPhase.OPENING


def test_f14_r4_the_deal_passes_left_each_round() -> None:
    rules = FourteenHundred(players=3, pass_freely=True)
    game = rules.new_game(seed=9, dealer=2)
    dealers: list[tuple[int, int, int | None]] = []
    for _ in range(3):
        game = play(game, "pass", "pass", "pass")
        dealers.append((game.round, game.dealer, game.to_move))
    assert dealers == [(2, 0, 1), (3, 1, 2), (4, 2, 0)]
    again = play(rules.new_game(seed=9, dealer=2), *["pass"] * 9)
    assert again == game  # the seed deals every round (ALL-4)
    assert new(TWO, NOBODY).apply("pass").apply("pass").dealer == 0


# --- Opening: the first upcard ----------------------------------------------------


def test_f14_6_take_the_upcard_and_meld_it_at_once() -> None:
    game = base()
    assert listed(game) == ["take"]
    assert refused(game, "draw").rule == "F14-6"
    assert refused(game, "discard 3H").rule == "F14-6"
    taken = game.apply("take")
    assert all(move.startswith("meld") and "7H" in move for move in listed(taken))
    assert "meld 5H 6H 7H" in listed(taken)
    error = refused(taken, "discard 3H")
    assert error.rule == "F14-6"
    assert (
        error.reason
        == "you took the upcard 7H, so you must lay it in a new meld at once"
    )
    assert refused(taken, "meld 3H KS=4H 5H").rule == "F14-6"
    assert refused(taken, "pass").rule == "F14-6"
    # then a normal turn: more plays, a discard, and the next player draws
    game = play(taken, "meld 5H 6H 7H", "discard 3H")
    assert (game.to_move, game.phase) == (1, FourteenHundredPhase.DRAW)
    assert texts(game.hand(0)) == ["KS"]


def test_f14_6_a_player_who_cannot_use_the_upcard_passes() -> None:
    game = new(TWO, PILE)
    assert listed(game) == ["pass"]
    error = refused(game, "take")
    assert error.rule == "F14-6"
    assert error.reason == "you can make no meld with 7H, so you must pass"
    game = game.apply("pass")
    assert (game.to_move, game.phase) == (1, FourteenHundredPhase.OPENING)
    assert listed(game) == ["take"]
    game = play(game, "take", "meld 7C 7D 7H", "discard QS")
    # play goes on from the player who used it: player 0 draws next
    assert (game.to_move, game.phase) == (0, FourteenHundredPhase.DRAW)
    assert texts(game.discard_pile) == ["QS"]


def test_f14_r5_a_player_who_can_use_the_upcard_may_not_pass() -> None:
    error = refused(base(), "pass")
    assert error.rule == "F14-R5"
    assert error.reason == "you can use 7H in a meld, so you may not pass"


def test_f14_r5_option_lets_any_player_pass() -> None:
    rules = FourteenHundred(players=2, pass_freely=True)
    game = base(rules)
    assert listed(game) == ["take", "pass"]
    game = game.apply("pass")
    assert listed(game) == ["take", "pass"]  # player 1 could use it with wilds
    used = play(game, "take", "meld 7H KH=7 KD=7", "discard 4C")
    assert (used.to_move, used.phase) == (0, FourteenHundredPhase.DRAW)
    both = game.apply("pass")
    assert both.score_sheet == ((5 + 5 + 5 + 100, 5 + 300),)  # F14-7


def test_f14_7_nobody_uses_the_upcard_every_player_adds_their_hand() -> None:
    game = new(TWO, NOBODY)
    assert listed(game) == ["pass"]
    game = game.apply("pass")
    assert listed(game) == ["pass"]
    game = game.apply("pass")
    assert game.score_sheet == ((5 + 5 + 100, 5 + 5 + 10),)  # added, not taken off
    assert game.scores == (110, 20)
    assert (game.round, game.phase, game.dealer, game.to_move) == (
        2,
        FourteenHundredPhase.OPENING,
        0,
        1,
    )
    assert every_card(game) == Counter(TWO.deck())  # a whole new deal


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


# --- Claims out of turn ------------------------------------------------------------


def test_f14_12_a_player_who_is_down_claims_a_discard_out_of_turn() -> None:
    game = claim_position()
    assert listed(game, 1) == ["1: claim 7S on 1"]
    hand = game.hand(1)
    claimed = game.apply("1: claim 7S on 1")
    set_of_sevens = claimed.melds[0]
    assert credits(set_of_sevens) == [
        ("7S", 1),
        ("7H", 0),
        ("7D", 0),
        ("7C", 0),
    ]
    assert texts(claimed.discard_pile) == ["JH", "KH"]
    assert claimed.hand(1) == hand
    assert (claimed.to_move, claimed.phase) == (0, FourteenHundredPhase.DRAW)
    assert every_card(claimed) == Counter(THREE.deck())


def test_f14_12_not_the_discarder_nor_a_player_who_is_not_down() -> None:
    game = claim_position()
    assert listed(game, 2) == []
    error = refused(game, "2: claim 7S on 1")
    assert (error.rule, error.reason) == ("F14-12", "you cannot claim your own discard")
    assert refused(game, "1: claim 7S on 2").rule == "MELD-3"  # it does not fit there
    assert refused(game, "claim 7S on 1").rule == "F14-12"  # a claim names its player
    # player 0 discards 5S, which fits player 1's run; player 2 is not down
    game = play(game, "draw", "discard 5S")
    assert game.to_move == 1
    assert listed(game, 2) == []
    error = refused(game, "2: claim 5S on 2")
    assert error.rule == "F14-12"
    assert error.reason == "only a player who is down may claim a discard"
    assert listed(game, 0) == []
    assert listed(game, 1)[0] == "1: claim 5S on 2"


def test_f14_r9_the_next_player_may_claim_before_drawing() -> None:
    game = claim_position()
    assert listed(game)[0] == "0: claim 7S on 1"
    game = game.apply("0: claim 7S on 1")
    assert (game.to_move, game.phase) == (0, FourteenHundredPhase.DRAW)
    assert "draw" in listed(game)
    error = refused(game, "1: claim 7S on 1")  # the first claim won
    assert error.rule == "F14-R9"


def test_f14_r9_the_window_closes_when_the_next_player_draws() -> None:
    game = claim_position().apply("draw")
    assert listed(game, 1) == []
    error = refused(game, "1: claim 7S on 1")
    assert error.rule == "F14-R9"
    assert error.reason == "7S is not the last discard, or its claim has passed"


# --- Going out ------------------------------------------------------------------


def test_f14_13_out_with_a_discard_ends_the_round_at_once() -> None:
    game = play(base(), "take", "meld 5H 6H 7H KS=8H", "discard 3H")
    assert game.score_sheet == ((5 + 5 + 5 + 100, -(5 + 300)),)
    assert (game.round, game.phase) == (2, FourteenHundredPhase.OPENING)


def test_f14_13_out_without_a_discard_gives_the_next_player_last_plays() -> None:
    game = last_plays()
    assert game.hand(0) == ()
    assert (game.phase, game.to_move, game.out) == (FourteenHundredPhase.LAST, 1, 0)
    assert listed(game)[0] == "draw"
    assert listed(game)[-1] == "done"
    assert refused(game, "discard 4C").rule == "F14-13"
    assert refused(game, "take").rule == "F14-13"
    game = game.apply("draw")
    assert "8H" in texts(game.hand(1))
    assert "lay 8H on 1" in listed(game)
    assert listed(game)[-1] == "done"
    assert not any(move.startswith("discard") for move in listed(game))
    error = refused(game, "discard 8H")
    assert (error.rule, error.reason) == (
        "F14-13",
        "the last plays end with 'done', not a discard",
    )
    assert refused(game, "draw").rule == "F14-13"
    game = play(game, "lay 8H on 1", "meld 4C KH=5C KD=6C", "done")
    assert len(game.score_sheet) == 1
    assert game.round == 2


def test_f14_13_the_last_player_may_stop_without_drawing() -> None:
    game = last_plays().apply("done")
    assert game.score_sheet == ((5 + 100 + 5 + 5 + 5, -(5 + 300)),)


def test_f14_13_done_only_ends_the_last_plays() -> None:
    game = base_after_opening().apply("draw")
    assert refused(game, "done").rule == "F14-13"


def test_f14_13_the_last_player_may_play_without_drawing() -> None:
    # The draw is the player's choice ("may draw"); plays need not wait for it.
    game = last_plays().apply("meld 4C KH=5C KD=6C")
    assert str(game.melds[1]) == "4C KH=5C KD=6C"
    assert "draw" in listed(game)
    assert len(game.apply("done").score_sheet) == 1


# --- Scoring and the end ---------------------------------------------------------


def test_f14_14_played_minus_hand_lay_offs_to_who_played_them() -> None:
    game = pile_position()
    game = play(game, "take QS", "meld JS QS KS", "lay AS on 2", "lay 7S on 1")
    game = play(game, "meld 10D 10S 9D", "discard 6C")  # player 0 keeps 4D
    game = play(game, "draw", "lay 10C on 3", "discard 3H")  # player 1 goes out
    assert game.score_sheet == (
        (
            (10 + 10 + 10 + 15) + 5 + (10 + 10 + 100) - 5,  # JS QS KS AS, 7S, 10s
            (5 + 5 + 5) + 10,  # 7H 7D 7C and the 10C laid on player 0's set
        ),
    )
    assert game.scores == (165, 25)


def test_f14_14_a_wild_card_left_in_hand_costs_100() -> None:
    game = play(last_plays(), "draw", "lay 8H on 1", "done")
    (row,) = game.score_sheet
    assert row == (5 + 100 + 5 + 5 + 5, 5 - (5 + 100 + 100 + 100))
    assert row == (120, -300)


def test_f14_15_the_game_goes_on_below_the_target() -> None:
    game = play(new(TWO, NOBODY), "pass", "pass")
    assert TWO.target == 1400
    assert not game.is_over
    assert game.winners == ()


def test_f14_15_the_game_ends_after_a_round_that_reaches_the_target() -> None:
    rules = FourteenHundred(players=2, target=100)
    game = play(new(rules, NOBODY), "pass", "pass")
    assert game.scores == (110, 20)
    assert game.is_over
    assert (game.phase, game.to_move, game.winners) == (
        FourteenHundredPhase.OVER,
        None,
        (0,),
    )
    assert game.legal_moves() == ()
    assert refused(game, "pass").rule == "ALL-2"


def test_f14_15_when_both_reach_the_target_the_highest_total_wins() -> None:
    rules = FourteenHundred(players=2, target=20)
    game = play(new(rules, NOBODY), "pass", "pass")
    assert game.scores == (110, 20)
    assert game.winners == (0,)


def test_f14_15_equal_highest_totals_share_the_win() -> None:
    rules = FourteenHundred(players=2, target=100)
    game = play(new(rules, TIE), "pass", "pass")
    assert game.scores == (110, 110)
    assert game.winners == (0, 1)


# --- Stock out, wilds on the table, turn limit --------------------------------------


def stock_out(how: str) -> FourteenHundredState:
    """BASE after the opening, with the whole stock moved under the discard pile."""
    game = base_after_opening(FourteenHundred(players=2, stock_out=how))
    return attrs.evolve(game, stock=(), discard_pile=(*game.discard_pile, *game.stock))


AS_IT_STANDS = (5 + 5 + 5 - 100, -(5 + 300))  # player 0 still holds the wild KS


def test_f14_r10_end_round_draw_from_an_empty_stock_ends_the_round() -> None:
    game = stock_out("end_round")
    assert "take" in listed(game)  # the pile may still be taken
    after = game.apply("draw")
    assert after.score_sheet == (AS_IT_STANDS,)


def test_f14_r10_reshuffle_makes_a_new_stock_from_the_seed() -> None:
    game = stock_out("reshuffle")
    pile = game.discard_pile
    after = game.apply("draw")
    assert after.discard_pile == pile[:1]
    drawn = Counter(after.hand(1)) - Counter(game.hand(1))
    assert Counter(after.stock) + drawn == Counter(pile[1:])
    assert after.stock != tuple(reversed(pile[1:]))[1:]  # shuffled, not flipped
    assert after == stock_out("reshuffle").apply("draw")  # the seed decides (ALL-4)


def test_f14_r10_flip_turns_the_pile_over() -> None:
    game = stock_out("flip")
    pile = game.discard_pile
    after = game.apply("draw")
    assert pile[-1] in after.hand(1)  # the bottom card came up first
    assert after.stock == tuple(reversed(pile[1:-1]))


@pytest.mark.parametrize("how", ["end_round", "reshuffle", "flip"])
def test_f14_r10_a_round_can_always_end(how: str) -> None:
    game = stock_out(how)
    # nothing left to draw: one card in the pile, the rest in player 0's hand
    rest = (*game.hand(0), *game.discard_pile[1:])
    game = attrs.evolve(
        game, discard_pile=game.discard_pile[:1], hands=(rest, game.hand(1))
    )
    assert "draw" in listed(game)
    assert len(game.apply("draw").score_sheet) == 1


def out_on_the_last_stock_card(how: str) -> FourteenHundredState:
    """Three players, 10s wild: one card in the stock, the other 39 in the pile.

    Player 0 draws the 9H and lays off the 8H and the 9H on the run 5H 6H 7H,
    going out without a discard; player 1 (2C 3D) has the last plays (F14-13).
    """
    rules = FourteenHundred(players=3, stock_out=how)
    named = Counter(parse_cards("5H 6H 7H KS KD KC 8H 2C 3D 4S 6D JC 9H"))
    pile = " ".join(map(str, (Counter(rules.deck()) - named).elements()))
    game = rules.position(
        "wild 10 | to_move 0 draw | hands 8H / 2C 3D / 4S 6D JC"
        f" | melds 0: 5H 6H 7H / 1: KS KD KC | pile {pile} | stock 9H"
    )
    assert len(game.discard_pile) == 39
    game = play(game, "draw", "lay 8H on 1", "lay 9H on 1")
    assert (game.phase, game.to_move, game.out, game.stock) == (
        FourteenHundredPhase.LAST,
        1,
        0,
        (),
    )
    return game


@pytest.mark.parametrize("how", ["reshuffle", "flip"])
def test_f14_r10_the_last_draw_rebuilds_an_empty_stock(how: str) -> None:
    game = out_on_the_last_stock_card(how)
    assert listed(game) == ["draw", "done"]
    drawn = game.apply("draw")
    assert drawn.phase == FourteenHundredPhase.LAST
    assert len(drawn.hand(1)) == 3
    assert (len(drawn.stock), drawn.discard_pile) == (37, game.discard_pile[:1])
    assert drawn.reshuffles == 1
    assert every_card(drawn) == Counter(drawn.rules.deck())
    assert "draw" not in listed(drawn)  # one last draw, not two
    assert len(drawn.apply("done").score_sheet) == 1


def test_f14_r10_end_round_the_last_plays_have_nothing_to_draw() -> None:
    # Under end_round an empty stock stays empty: the last plays are the
    # player's plays, if any, and 'done'.
    game = out_on_the_last_stock_card("end_round")
    assert listed(game) == ["done"]
    error = refused(game, "draw")
    assert error.rule == "F14-R10"
    assert error.reason.startswith("the stock is empty and cannot be rebuilt")
    assert refused(game, "take").rule == "F14-13"


def test_f14_r10_a_wild_keeps_its_meaning_on_the_table() -> None:
    game = play(base(), "take", "meld 5H 6H 7H KS=8H")
    run = game.melds[0].meld
    assert str(run) == "5H 6H 7H KS=8H"
    # nobody may put the real 8H in the wild's place; a 9H or 4H still fits
    assert TWO.find_lay_offs("8H", run, wild="K") == ()
    assert [str(o.meld) for o in TWO.find_lay_offs("9H", run, wild="K")] == [
        "5H 6H 7H KS=8H 9H"
    ]


def test_all_5_max_turns_ends_the_round_as_it_stands() -> None:
    assert TWO.max_turns is None
    unlimited = play(base_after_opening(), "draw", "discard 8H")
    assert unlimited.score_sheet == ()
    one = base_after_opening(FourteenHundred(players=2, max_turns=1))
    assert one.score_sheet == (AS_IT_STANDS,)
    two = base_after_opening(FourteenHundred(players=2, max_turns=2))
    assert two.score_sheet == ()
    assert play(two, "draw", "discard 8H").score_sheet == (AS_IT_STANDS,)


def test_all_5_the_last_plays_are_played_past_max_turns() -> None:
    # A ruling: once a player is out without a discard, the round ends after
    # the next player's last plays (F14-13), however many turns it has had;
    # those plays are one turn at most, so the limit still bounds the round.
    game = last_plays(FourteenHundred(players=2, max_turns=1))
    assert game.turns == 1
    assert (game.phase, game.to_move) == (FourteenHundredPhase.LAST, 1)
    assert listed(game)[0] == "draw"
    game = game.apply("draw")
    assert game.phase == FourteenHundredPhase.LAST
    assert len(game.apply("done").score_sheet) == 1


def test_all_1_cards_are_neither_made_nor_lost_in_a_turn() -> None:
    game = pile_position()
    deck = Counter(TWO.deck())
    for move in ["take QS", "meld JS QS KS", "lay AS on 2", "discard 4D"]:
        game = game.apply(move)
        assert every_card(game) == deck
    assert texts(game.discard_pile) == ["4D"]


def test_f14_12_a_claimed_wild_is_declared_where_it_has_two_readings() -> None:
    # Player 1 melds 9S 10S JS and later claims the 2C discarded by player 2;
    # on the set of 8s it can only be an 8, on the run it could be 8S or QS.
    rules = FourteenHundred(players=3)
    deck = rules.stacked_deck(
        "5D 6H 6C QD KD  6S 8D 8C JH QH AH  4D 10S JS 8H  2C  8S  9S KH QS"
    )
    game = play(
        rules.new_game(deck=deck, dealer=2),
        "pass",
        "take",
        "meld 8S 8D 8C",
        "discard 6S",
        "draw",
        "meld 9S 10S JS",
        "discard 8H",
        "1: claim 8H on 1",
        "take",
        "meld 6S 6H 6C",
        "discard 2C",
    )
    assert str(game.apply("1: claim 2C on 1").melds[0]) == "8S 8H 8D 8C 2C=8"
    error = refused(game, "1: claim 2C on 2")
    assert error.rule == "MELD-5"
    assert "'1: claim 2C=8S on 2'" in error.reason
    assert "'1: claim 2C=QS on 2'" in error.reason


# Nines are wild. Player 1 owns the run 5H 6H 7H, player 2 the set of 8s.
CLAIM_TABLE = "wild 9 | melds 1: 5H 6H 7H / 2: 8S 8H 8C"


def outcome(game: GameState, move: str) -> tuple[str, ...]:
    """The melds after the move, or the rule and reason of its refusal (as for 'lay')."""
    try:
        after = game.apply(move)
    except IllegalMoveError as error:
        return (error.rule, error.reason.replace("2: claim", "lay"))
    return tuple(f"{meld} {meld.played_by}" for meld in after.melds)


@pytest.mark.parametrize(
    "on",
    [
        "9C on 1",
        "9C=8 on 1",
        "9C=8H on 1",
        "9C=4H on 1",
        "9C=10H on 1",
        "9C=8S on 1",
        "9C on 2",
        "9C=8 on 2",
        "9C=8S on 2",
        "9C=8H on 2",
        "9C=8C on 2",
        "9C=7 on 2",
        "9C on 3",
    ],
)
def test_f14_r9_a_claim_is_a_lay_off_with_its_declarations_and_reasons(on: str) -> None:
    # Player 0 discarded the wild 9C; player 2, who is down, claims it. The
    # claim must read the 9C exactly as laying it off in one's own turn does.
    claim = THREE.position(
        f"{CLAIM_TABLE} | to_move 1 draw | hands 2C 3D / 4S 5S KD / 6D JC"
        " | pile 9C QS | claim 9C@0"
    )
    lay = THREE.position(
        f"{CLAIM_TABLE} | to_move 2 play | hands 2C 3D / 4S 5S KD / 6D JC 9C | pile QS"
    )
    assert outcome(claim, f"2: claim {on}") == outcome(lay, f"lay {on}")


def test_f14_r8_option_a_natural_laid_on_an_open_meld_makes_it_a_set() -> None:
    rules = FourteenHundred(players=2, all_wild_melds=True)
    game = base_after_opening(rules).apply("draw").apply("meld KH KD KC")
    assert "lay 8H on 2" in [str(m) for m in game.legal_moves()]
    assert str(game.apply("lay 8H on 2").melds[1]) == "8H KH=8 KD=8 KC=8"


def test_f14_12_a_claim_sent_by_a_seat_is_made_in_its_name() -> None:
    """A front end passes the seat: 'claim 7S on 1' from seat 1 is player 1's claim."""
    game = claim_position()
    claimed = game.apply("claim 7S on 1", player=1)
    assert claimed == game.apply("1: claim 7S on 1")
    error = refused_for(game, "claim 7S on 1", seat=2)
    assert error.rule == "F14-12"
    prefixed = refused_for(game, "1: claim 7S on 1", seat=2)
    assert prefixed.rule == "ALL-3"


def refused_for(game: GameState, move: str, *, seat: int) -> IllegalMoveError:
    """The error a move sent by a seat raises; the state is unchanged (ALL-3)."""
    with pytest.raises(IllegalMoveError) as caught:
        game.apply(move, player=seat)
    return caught.value
