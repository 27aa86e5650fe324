"""1400's setup, deal and opening: one named scenario per rule and ruling ID (F14-1 … F14-7, F14-R1 … F14-R5)."""

import json
from collections import Counter

import pytest
from hypothesis import given, settings

from rummyrules import (
    Card,
    FourteenHundred,
    FourteenHundredPhase,
    FourteenHundredState,
    OptionError,
    Rank,
    dumps,
    loads,
)
from scenarios import every_card, listed, play, refused, texts
from strategies import f14_tables, walks

from .conftest import BASE, CLAIM, NOBODY, PILE, THREE, TWO, base, new

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
