"""Going Out Rummy's setup: the deck and options, the draw for first dealer, the deal (GOR-1, GOR-2, GOR-3)."""

from collections import Counter

import pytest

from rummyrules import (
    WILDCARD,
    DeckError,
    GoingOutRummy,
    OptionError,
    Phase,
    UnknownCardError,
    parse_cards,
)
from rummyrules.core.shuffle import shuffled
from scenarios import listed, play, refused, texts

from .conftest import THREES, TWO, new, whole_deck

# --- GOR-1: deck, players, hand size -----------------------------------------


@pytest.mark.parametrize("wildcards", [0, 1, 4, 9])
def test_gor_1_the_deck_is_three_packs_and_the_wildcards(wildcards: int) -> None:
    """The deck is three full 52-card packs plus the chosen WILDCARDs (156 + W)."""
    rules = GoingOutRummy(wildcards=wildcards)
    deck = Counter(rules.deck())
    assert sum(deck.values()) == 156 + wildcards
    assert deck[WILDCARD] == wildcards
    assert len(deck) == 52 + (1 if wildcards else 0)
    assert {n for card, n in deck.items() if card != WILDCARD} == {3}
    game = rules.new_game(seed=3)
    assert len(game.stock) == 156 + wildcards - 2 * 7
    assert whole_deck(game)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"players": 1},
            "players must be from 2 to 10 in Going Out Rummy, not 1 (GOR-1)",
        ),
        (
            {"players": 11},
            "players must be from 2 to 10 in Going Out Rummy, not 11 (GOR-1)",
        ),
        (
            {"players": "3"},
            "players must be from 2 to 10 in Going Out Rummy, not '3' (GOR-1)",
        ),
        (
            {"hand_size": 1},
            "hand_size must be from 2 to 10 in Going Out Rummy, not 1 (GOR-1)",
        ),
        (
            {"hand_size": 11},
            "hand_size must be from 2 to 10 in Going Out Rummy, not 11 (GOR-1)",
        ),
        (
            {"hand_size": True},
            "hand_size must be from 2 to 10 in Going Out Rummy, not True (GOR-1)",
        ),
        (
            {"wildcards": -1},
            "wildcards must be from 0 to 9 in Going Out Rummy, not -1 (GOR-1)",
        ),
        (
            {"wildcards": 10},
            "wildcards must be from 0 to 9 in Going Out Rummy, not 10 (GOR-1)",
        ),
        (
            {"going_out": "mega"},
            "going_out must be one of 'standard', 'major', 'minor' in Going Out "
            "Rummy, not 'mega' (GOR-8)",
        ),
        (
            {"max_turns": 0},
            "max_turns must be a whole number of at least 1 and at most 1000000, or "
            "None in Going Out Rummy, not 0 (GOR-R4)",
        ),
        (
            {"last_player_wins": "yes"},
            "last_player_wins must be True or False in Going Out Rummy, not 'yes' "
            "(GOR-R3)",
        ),
    ],
)
def test_gor_1_options_out_of_range_are_refused_saying_why(
    options: dict[str, object], message: str
) -> None:
    """An option out of range is refused, naming the option, the range and the rule."""
    with pytest.raises(OptionError) as caught:
        GoingOutRummy(**options)  # type: ignore[arg-type]  # bad input on purpose
    assert str(caught.value) == message


def test_gor_1_the_ends_of_every_range_are_allowed() -> None:
    """2 and 10 players, hands of 2 and 10 cards, 0 and 9 WILDCARDs all deal."""
    small = GoingOutRummy(players=2, hand_size=2, wildcards=0).new_game(seed=1)
    assert [len(hand) for hand in small.hands] == [2, 2]
    assert len(small.stock) == 152
    large = GoingOutRummy(players=10, hand_size=10, wildcards=9).new_game(seed=1)
    assert [len(hand) for hand in large.hands] == [10] * 10
    assert len(large.stock) == 165 - 100
    assert whole_deck(large)


def test_gor_1_one_hand_is_the_whole_game_with_no_score() -> None:
    """There are no points: every card is worth 0, and no score page can be kept."""
    assert {TWO.card_value(card) for card in ("AS", "KH", "10D")} == {0}
    assert THREES.card_value("*") == 0
    game = new(THREES, "2S 4D 6H", "AH 2H 9C", stock="3H")
    with pytest.raises(OptionError) as caught:
        game.with_page(3)
    assert str(caught.value) == (
        "Going Out Rummy keeps no score page: one hand is the whole game (GOR-1)"
    )
    over = play(game, "draw", "out AH 2H 3H discard 9C")
    assert over.is_over
    assert over.round == 1
    assert over.scores == (0, 0)
    assert over.score_sheet == ()


# --- GOR-2: the draw for first dealer ----------------------------------------


def test_gor_2_kings_are_high_and_aces_low() -> None:
    """The highest card deals: King highest, Ace lowest (below even the 2 of hearts)."""
    assert TWO.draw_for_dealer(deck="AS KH").dealer == 0
    assert TWO.draw_for_dealer(deck="KH QS").dealer == 1
    draw = TWO.draw_for_dealer(deck="AS 2H")
    assert str(draw) == "player 1: AS; player 0: 2H; player 0 deals"
    assert TWO.draw_for_dealer(deck="10C JH").dealer == 0


@pytest.mark.parametrize(("high", "low"), [("S", "C"), ("C", "D"), ("D", "H")])
def test_gor_2_equal_ranks_are_broken_by_suit(high: str, low: str) -> None:
    """Between equal ranks, spades beat clubs beat diamonds beat hearts."""
    assert TWO.draw_for_dealer(deck=f"Q{high} Q{low}").dealer == 1
    assert TWO.draw_for_dealer(deck=f"Q{low} Q{high}").dealer == 0


def test_gor_2_four_queens_the_queen_of_spades_deals() -> None:
    """With four players showing four queens, the queen of spades deals."""
    draw = GoingOutRummy(players=4).draw_for_dealer(deck="QH QD QS QC")
    assert (
        str(draw)
        == "player 1: QH; player 2: QD; player 3: QS; player 0: QC; player 3 deals"
    )


def test_gor_2_a_wildcard_is_passed_over_and_the_same_player_is_dealt_again() -> None:
    """A WILDCARD does not count: that player is dealt on until a regular card shows."""
    rules = GoingOutRummy(wildcards=3)
    draw = rules.draw_for_dealer(deck="* * 5H * 5D")
    assert str(draw) == "player 1: * * 5H; player 0: * 5D; player 0 deals"
    assert draw.shown(1) == parse_cards("* * 5H")
    assert draw.shown(0) == parse_cards("* 5D")
    assert draw.dealer == 0


def test_gor_2_identical_cards_are_broken_by_dealing_those_players_more() -> None:
    """Identical cards (two 5 of spades) tie; only the tied players get more cards."""
    draw = GoingOutRummy(players=3).draw_for_dealer(deck="5C 5S 5S 9H 4D")
    assert str(draw) == (
        "player 1: 5C; player 2: 5S; player 0: 5S; player 2: 9H; player 0: 4D; "
        "player 2 deals"
    )
    assert draw.shown(1) == parse_cards("5C")  # not tied, so dealt nothing more
    assert draw.shown(2) == parse_cards("5S 9H")


def test_gor_2_three_identical_cards_twice_then_a_two_way_tie() -> None:
    """Ties of three identical cards, twice, then of two; then 5S beats 4S."""
    draw = GoingOutRummy(players=3).draw_for_dealer(
        deck="JS JS JS 3D 3D 3D KH 2C KH 5S 4S"
    )
    assert draw.shown(1) == parse_cards("JS 3D KH 5S")
    assert draw.shown(2) == parse_cards("JS 3D 2C")
    assert draw.shown(0) == parse_cards("JS 3D KH 4S")
    assert draw.dealer == 1


def test_gor_2_a_wildcard_in_the_tie_break_is_passed_over_too() -> None:
    """A WILDCARD dealt while breaking a tie is passed over like any other."""
    draw = GoingOutRummy(wildcards=1).draw_for_dealer(deck="9S 9S * 4H 4C")
    assert (
        str(draw)
        == "player 1: 9S; player 0: 9S; player 1: * 4H; player 0: 4C; player 0 deals"
    )


def test_gor_2_identical_cards_below_the_highest_need_no_more_cards() -> None:
    """Two identical queens of hearts do not matter when a higher queen is shown."""
    draw = GoingOutRummy(players=4).draw_for_dealer(deck="QH QD QC QH")
    assert len(draw.dealt) == 4
    assert draw.dealer == 3


def test_gor_2_the_draw_is_a_pure_function_of_the_seed() -> None:
    """The same seed always gives the same draw, WILDCARDs passed over included."""
    rules = GoingOutRummy(players=4, wildcards=9)
    draw = rules.draw_for_dealer(seed=22)
    assert str(draw) == (
        "player 1: * 4C; player 2: 3S; player 3: 9H; player 0: * 4D; player 3 deals"
    )
    assert rules.draw_for_dealer(seed=22) == draw
    assert rules.draw_for_dealer(seed=23) != draw
    order = shuffled(rules.deck(), 22, "first dealer")
    assert rules.draw_for_dealer(deck=order) == draw
    assert tuple(card for _, card in draw.dealt) == order[: len(draw.dealt)]


@pytest.mark.parametrize("deck", ["JS JS", "JS JS 4H", "JS JS * 4H"])
def test_gor_2_the_deck_running_out_while_players_tie_is_a_deck_error(
    deck: str,
) -> None:
    """If the cards run out before the tie is broken, the draw cannot be settled."""
    with pytest.raises(DeckError) as caught:
        GoingOutRummy(wildcards=1).draw_for_dealer(deck=deck)
    assert str(caught.value) == (
        "the deck ran out before the draw for first dealer was settled: "
        "players 1 and 0 still tie (GOR-2)"
    )


@pytest.mark.parametrize("deck", ["JS QS", "* 5H", "KS * *"])
def test_gor_2_the_deck_running_out_before_everyone_shows_a_card_is_a_deck_error(
    deck: str,
) -> None:
    """The cards running out while a player waits for a regular card is an error."""
    rules = GoingOutRummy(players=3, wildcards=2)
    with pytest.raises(DeckError) as caught:
        rules.draw_for_dealer(deck=deck)
    message = str(caught.value)
    assert message.startswith(
        "the deck ran out before the draw for first dealer was settled: "
    )
    assert message.endswith(" (GOR-2)")


@pytest.mark.parametrize(("shuffler", "dealer"), [(0, 2), (1, 0), (2, 1)])
def test_gor_2_the_shuffler_deals_the_draw_from_their_left(
    shuffler: int, dealer: int
) -> None:
    """The first card of the draw goes to the shuffler's left; the King deals."""
    draw = GoingOutRummy(players=3).draw_for_dealer(deck="7H KS 2C", shuffler=shuffler)
    assert draw.shuffler == shuffler
    assert [player for player, _ in draw.dealt] == [
        (shuffler + seat) % 3 for seat in (1, 2, 3)
    ]
    assert draw.shown(dealer) == parse_cards("KS")
    assert draw.dealer == dealer


def test_gor_2_the_shuffler_must_be_at_the_table() -> None:
    """A shuffler who is not a player is refused."""
    with pytest.raises(OptionError) as caught:
        GoingOutRummy(players=3).draw_for_dealer(deck="7H KS 2C", shuffler=3)
    assert str(caught.value) == "shuffler must be a player, from 0 to 2, not 3"


def test_gor_2_a_wildcard_cannot_be_drawn_from_a_deck_without_them() -> None:
    """With no WILDCARDs chosen, a deck order holding one is refused (GOR-1)."""
    with pytest.raises(UnknownCardError) as caught:
        TWO.draw_for_dealer(deck="* 7H 8H")
    assert str(caught.value).startswith(
        "there is no * in this Going Out Rummy game: it was set up with no WILDCARDs;"
    )
    assert str(caught.value).endswith("(GOR-1)")


# --- GOR-3: the deal ---------------------------------------------------------


def test_gor_3_one_card_at_a_time_clockwise_from_the_dealers_left() -> None:
    """Dealer 0 of two: deck cards 0, 2, 4 go to player 1 and 1, 3, 5 to player 0."""
    rules = GoingOutRummy(hand_size=3)
    deck = rules.stacked_deck("KS 2H QD 5C 9S 7H  JC 3D")
    game = rules.new_game(deck=deck, dealer=0)
    assert texts(game.hand(1)) == ["9S", "QD", "KS"]
    assert texts(game.hand(0)) == ["2H", "5C", "7H"]
    assert game.stock == deck[6:]
    assert texts(game.stock[:2]) == ["JC", "3D"]


def test_gor_3_three_players_the_dealers_left_gets_the_first_card() -> None:
    """Dealer 1 of three: player 2 gets the first card, then player 0, then 1."""
    rules = GoingOutRummy(players=3, hand_size=2)
    deck = rules.stacked_deck("AH 2H 3H 4H 5H 6H")
    game = rules.new_game(deck=deck, dealer=1)
    assert texts(game.hand(2)) == ["AH", "4H"]
    assert texts(game.hand(0)) == ["2H", "5H"]
    assert texts(game.hand(1)) == ["3H", "6H"]
    assert game.to_move == 2
    assert len(game.stock) == 150


def test_gor_3_there_is_no_upcard_and_the_first_player_draws_from_the_stock() -> None:
    """The discard pile starts empty: the first player may only draw (or drop)."""
    game = new(THREES, "2S 4D 6H", "AH 2H 9C", stock="3H")
    assert game.discard_pile == ()
    assert game.to_move == 1
    assert game.phase == Phase.DRAW
    assert listed(game) == ["draw", "drop"]
    error = refused(game, "take")
    assert error.rule == "GOR-3"
    assert error.reason == (
        "the discard pile is empty: the first player draws from the stock"
    )
    assert refused(game, "take 7H").rule == "GOR-3"
    assert texts(game.apply("draw").hand(1)) == ["AH", "2H", "3H", "9C"]


def test_gor_3_the_seed_deals_the_same_game_every_time() -> None:
    """A seeded deal is the same every time; the stock is what is left."""
    rules = GoingOutRummy(players=3, hand_size=5, wildcards=2)
    game = rules.new_game(seed=42, dealer=2)
    assert game == rules.new_game(seed=42, dealer=2)
    assert game != rules.new_game(seed=43, dealer=2)
    assert game.to_move == 0
    assert [len(hand) for hand in game.hands] == [5, 5, 5]
    assert len(game.stock) == 158 - 15
    assert whole_deck(game)
