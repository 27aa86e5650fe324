"""Going Out Rummy, played: one named scenario per rule and ruling ID (GOR-*).

Positions are dealt from stacked decks written as card text. With dealer 0
and two players, the deck's cards 0, 2, 4, … go to player 1 (who plays
first) and 1, 3, 5, … to player 0; :func:`new` does that interleaving from
each player's hand.
"""

from collections import Counter

import attrs
import pytest

from rummyrules import (
    WILDCARD,
    Card,
    DeckError,
    EndOfThePage,
    GameState,
    GoingOut,
    GoingOutRummy,
    GoingOutState,
    GoingOutView,
    IllegalMoveError,
    MeldKind,
    OptionError,
    Phase,
    StockSize,
    UnknownCardError,
    parse_cards,
)
from rummyrules.core.shuffle import shuffled
from scenarios import every_card, listed, play, refused, texts

TWO = GoingOutRummy()
THREES = GoingOutRummy(hand_size=3, wildcards=9)


def new(
    rules: GoingOutRummy,
    *hands: str,
    stock: str = "",
    dealer: int = 0,
    seed: int = 0,
) -> GoingOutState:
    """Deal ``hands[p]`` to player p, one card at a time from the dealer's left.

    ``stock`` names the top of the stock; the rest follows in deck order.
    """
    cards = [parse_cards(hand) for hand in hands]
    assert len(cards) == rules.players
    assert all(len(hand) == rules.hand_size for hand in cards)
    first = (dealer + 1) % rules.players
    order = [
        cards[(first + seat) % rules.players][index]
        for index in range(rules.hand_size)
        for seat in range(rules.players)
    ]
    top = " ".join([*map(str, order), stock])
    return rules.new_game(deck=rules.stacked_deck(top), dealer=dealer, seed=seed)


def outs(game: GameState) -> list[str]:
    return [move for move in listed(game) if move.startswith("out")]


def whole_deck(game: GameState) -> bool:
    return every_card(game) == Counter(game.rules.deck())


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


# --- GOR-9: the stock runs out -----------------------------------------------

# Three players, dealer 0. Player 2 holds all three 7 of hearts and drops at
# once; players 1 and 0 then draw and throw back the card drawn until the
# stock runs out. The stock is the other 147 cards in deck order.
RESHUFFLE = GoingOutRummy(players=3, hand_size=3)
RESHUFFLE_HANDS = ("2S 4D 6C", "AH 9C JD", "7H 7H 7H")


def until_reshuffled(game: GoingOutState) -> tuple[GoingOutState, GoingOutState]:
    """Draw and discard the card drawn until the stock is rebuilt.

    Returns the state just before the discard that emptied the stock, and
    the state after it.
    """
    for _ in range(300):
        card = game.stock[0]
        before = game.apply("draw")
        game = before.apply(f"discard {card}")
        if game.reshuffles:
            return before, game
    raise AssertionError("the stock never ran out")


def reshuffle_game(seed: int) -> tuple[GoingOutState, GoingOutState]:
    game = new(RESHUFFLE, *RESHUFFLE_HANDS, seed=seed).apply("2: drop")
    assert len(game.stock) == 147
    return until_reshuffled(game)


def test_gor_9_the_discard_pile_but_its_top_card_becomes_the_stock() -> None:
    """After the discard that empties the stock, the pile but its top is the stock."""
    before, after = reshuffle_game(seed=5)
    assert before.stock == ()
    assert before.phase == Phase.PLAY
    assert before.turns == 146
    assert len(before.discard_pile) == 146
    assert len(after.discard_pile) == 1
    start = new(RESHUFFLE, *RESHUFFLE_HANDS, seed=5)
    assert after.discard_pile == start.stock[-1:]  # the last card drawn, thrown back
    assert after.turns == 147
    assert after.reshuffles == 1
    assert len(after.stock) == 146
    assert Counter(after.stock) == Counter(before.discard_pile)
    assert after.to_move == 0  # player 1 played first; turn 147 was player 1's
    assert after.phase == Phase.DRAW
    assert listed(after) == ["draw", "take", "drop"]
    assert whole_deck(after)


def test_gor_9_the_new_stock_is_shuffled_from_the_games_seed() -> None:
    """The same seed rebuilds the same stock; another seed shuffles it otherwise."""
    before, after = reshuffle_game(seed=5)
    again = reshuffle_game(seed=5)
    assert again == (before, after)
    other_before, other_after = reshuffle_game(seed=6)
    assert attrs.evolve(other_before, seed=5) == before  # same play until then
    assert other_after.stock != after.stock
    assert Counter(other_after.stock) == Counter(after.stock)
    assert after.stock == shuffled(before.discard_pile, 5, "round", 1, "reshuffle", 1)


def test_gor_9_nothing_can_be_drawn_from_an_empty_stock() -> None:
    """With the stock empty and only one discard, the player must take it."""
    game = new(THREES, "2S 4D 6H", "AH 2H 9C", stock="KD")
    game = play(game, "draw", "discard KD")
    # Play never gets here: the pile cannot shrink to one card before the
    # stock (at least 56 cards) runs out, so the position is set up by hand.
    empty = attrs.evolve(game, stock=(), dropped_cards=game.stock)
    assert listed(empty) == ["take", "drop"]
    error = refused(empty, "draw")
    assert error.rule == "GOR-9"
    assert error.reason == (
        "the stock is empty until the discard pile is shuffled into it; take the "
        "top discard"
    )


def test_gor_9_a_drop_after_drawing_the_last_card_also_rebuilds_the_stock() -> None:
    """A turn ended by a drop rebuilds an empty stock too, without the card drawn."""
    rules = GoingOutRummy(players=4, hand_size=3)
    game = new(rules, "2S 4D 6C", "AH 9C JD", "7H 7H 7H", "3C 5S KS").apply("2: drop")
    while len(game.stock) > 1:
        card = game.stock[0]
        game = play(game, "draw", f"discard {card}")
    last = game.stock[0]
    assert game.to_move == 0
    pile = game.discard_pile
    dropped = play(game, "draw", "drop")
    assert dropped.dropped == (2, 0)
    assert Counter(dropped.dropped_cards) == Counter(
        (*parse_cards("7H 7H 7H 2S 4D 6C"), last)
    )
    assert dropped.reshuffles == 1
    assert dropped.discard_pile == pile[:1]
    assert Counter(dropped.stock) == Counter(pile[1:])
    assert dropped.to_move == 1
    assert whole_deck(dropped)


# --- GOR-10 and GOR-R3: dropping out -----------------------------------------

FOUR = GoingOutRummy(players=4, hand_size=3)
FOUR_HANDS = ("2S 4D 6C", "AH 9C JD", "7H 7H 7H", "3C 5S KS")


def test_gor_10_a_player_may_drop_out_of_turn() -> None:
    """A player not to move may drop: the cards go out of play, the turn stays."""
    game = new(FOUR, *FOUR_HANDS, stock="QH 10S 8D")
    assert listed(game, 2) == ["2: drop"]
    dropped = game.apply("2: drop")
    assert dropped.dropped == (2,)
    assert dropped.hand(2) == ()
    assert texts(dropped.dropped_cards) == ["7H", "7H", "7H"]
    assert dropped.to_move == 1
    assert dropped.phase == Phase.DRAW
    assert dropped.turns == 0
    assert dropped.stock == game.stock
    assert whole_deck(dropped)
    after = play(dropped, "draw", "discard QH")
    assert after.to_move == 3  # player 2 is skipped
    after = play(after, "draw", "discard 10S")
    assert after.to_move == 0
    after = play(after, "draw", "discard 8D")
    assert after.to_move == 1


def test_gor_10_the_player_to_move_may_drop_after_drawing() -> None:
    """Mid-turn, the drawn card goes out of play with the hand; the turn passes left."""
    game = new(FOUR, *FOUR_HANDS, stock="QH 10S").apply("draw")
    dropped = game.apply("drop")
    assert dropped.dropped == (1,)
    assert texts(dropped.dropped_cards) == ["AH", "9C", "JD", "QH"]
    assert dropped.to_move == 2
    assert dropped.phase == Phase.DRAW
    assert dropped.discard_pile == ()
    assert texts(dropped.stock[:1]) == ["10S"]
    assert not dropped.is_over
    assert whole_deck(dropped)
    assert game.apply("1: drop") == dropped


def test_gor_10_a_player_may_discard_then_drop() -> None:
    """Dropping right after one's own discard: the discard stays on the pile."""
    game = new(FOUR, *FOUR_HANDS, stock="QH 10S")
    game = play(game, "draw", "discard AH", "1: drop")
    assert game.dropped == (1,)
    assert texts(game.dropped_cards) == ["9C", "JD", "QH"]
    assert texts(game.discard_pile) == ["AH"]
    assert game.to_move == 2


def test_gor_10_a_dropped_player_cannot_drop_again_or_move() -> None:
    """Once out, a player has no moves: neither a second drop nor a turn."""
    game = new(FOUR, *FOUR_HANDS, stock="QH 10S").apply("2: drop")
    assert listed(game, 2) == []
    assert game.view(2).legal_moves == ()
    for move in ("2: drop", "2: draw"):
        error = refused(game, move)
        assert (error.rule, error.reason) == (
            "GOR-10",
            "player 2 has dropped out of this game",
        )
    game = play(game, "draw", "discard QH")
    assert game.to_move == 3


def test_gor_10_dropped_cards_never_go_back_into_the_stock() -> None:
    """The cards of a player who dropped stay out of play when the stock is rebuilt."""
    _, after = reshuffle_game(seed=5)
    assert texts(after.dropped_cards) == ["7H", "7H", "7H"]
    assert Card.parse("7H") not in after.stock
    assert Card.parse("7H") not in after.discard_pile
    assert all(Card.parse("7H") not in hand for hand in after.hands)
    assert len(after.stock) + 1 + 6 + 3 == 156  # 147 + 9 dealt


def test_gor_r3_the_last_player_left_wins() -> None:
    """When all the others have dropped out, the one left wins the game."""
    game = new(FOUR, *FOUR_HANDS, stock="QH 10S")
    game = play(game, "2: drop", "draw", "drop")  # player 1 drops mid-turn
    assert game.dropped == (2, 1)
    assert game.to_move == 3
    assert not game.is_over
    last = game.apply("0: drop")
    assert last.is_over
    assert last.dropped == (2, 1, 0)
    assert last.winner == 3
    assert last.winners == (3,)
    assert last.to_move is None
    assert last.out is None
    assert texts(last.hand(3)) == ["3C", "5S", "KS"]
    assert whole_deck(last)


def test_gor_r3_two_players_a_drop_out_of_turn_ends_the_game() -> None:
    """With two players, one dropping leaves the other the winner at once."""
    game = new(THREES, "2S 4D 6H", "AH 2H 9C").apply("draw")
    over = game.apply("0: drop")
    assert over.winners == (1,)
    assert over.dropped == (0,)
    assert texts(over.dropped_cards) == ["2S", "4D", "6H"]


def test_gor_r3_option_the_game_ends_with_no_winner() -> None:
    """With last_player_wins=False, the game ends when one is left, and nobody wins."""
    rules = GoingOutRummy(players=4, hand_size=3, last_player_wins=False)
    game = play(new(rules, *FOUR_HANDS, stock="QH"), "2: drop", "draw", "drop")
    last = game.apply("0: drop")
    assert last.is_over
    assert last.winner is None
    assert last.winners == ()
    assert last.to_move is None
    assert texts(last.hand(3)) == ["3C", "5S", "KS"]


# --- GOR-11: what players may see --------------------------------------------


def test_gor_11_a_view_shows_no_stock_count_and_only_the_top_discard() -> None:
    """Nobody may count the stock or look back through the discard pile."""
    game = new(THREES, "2S 4D 6H", "AH 2H 9C", stock="KD 8C")
    game = play(game, "draw", "discard KD", "draw", "discard 8C")
    assert len(game.discard_pile) == 2
    view = game.view(0)
    assert view.stock_count is None
    assert view.stock_size is StockSize.MANY
    assert texts(view.discard_pile) == ["8C"]
    assert view.hand == game.hand(0)
    assert view.hand_sizes == (3, 3)
    assert [str(move) for move in view.legal_moves] == ["0: drop"]
    mine = game.view(1)
    assert texts(mine.hand) == ["AH", "2H", "9C"]
    assert [str(move) for move in mine.legal_moves] == ["draw", "take", "drop"]
    fields = set(attrs.fields_dict(GoingOutView))
    assert not fields & {"hands", "stock", "seed", "dropped_cards"}
    # Other games may count: End of the Page shows the exact stock and pile.
    eop = EndOfThePage().new_game(seed=2)
    assert eop.view(0).stock_count == len(eop.stock)


def test_gor_11_the_stock_shows_only_a_rough_size() -> None:
    """The stock reads many, some, few or empty, never a number."""
    rules = GoingOutRummy(players=10, hand_size=10)
    game = rules.new_game(deck=rules.stacked_deck(""), dealer=9)
    bands: dict[int, StockSize] = {}
    for _ in range(56):
        card = game.stock[0]
        game = game.apply("draw")
        bands[len(game.stock)] = game.view(5).stock_size
        assert game.view(5).stock_count is None
        if game.stock:
            game = game.apply(f"discard {card}")
    assert bands[55] is StockSize.MANY
    assert bands[30] is StockSize.MANY
    assert bands[29] is StockSize.SOME
    assert bands[10] is StockSize.SOME
    assert bands[9] is StockSize.FEW
    assert bands[1] is StockSize.FEW
    assert bands[0] is StockSize.EMPTY


# --- GOR-R4: max_turns -------------------------------------------------------


def test_gor_r4_max_turns_ends_the_game_with_no_winner() -> None:
    """After max_turns turns the game ends, and nobody has won."""
    rules = GoingOutRummy(hand_size=3, max_turns=3)
    game = new(rules, "2S 4D 6H", "AH 2H 9C", stock="KD 8C QS")
    game = play(game, "draw", "discard KD", "draw", "discard 8C", "draw")
    assert not game.is_over
    over = game.apply("discard QS")
    assert over.is_over
    assert over.turns == 3
    assert over.winner is None
    assert over.winners == ()
    assert over.to_move is None
    assert over.legal_moves() == ()
    assert whole_deck(over)


def test_gor_r4_the_option_is_going_out_rummys_own_ruling() -> None:
    """max_turns is GOR-R4 (not ALL-5, which scores a round); no limit by default."""
    assert GoingOutRummy().max_turns is None
    assert attrs.fields(GoingOutRummy).max_turns.metadata["rule"] == "GOR-R4"
    with pytest.raises(OptionError, match=r"not 2\.5 \(GOR-R4\)$"):
        GoingOutRummy(max_turns=2.5)  # type: ignore[arg-type]  # bad input on purpose
    assert GoingOutRummy(max_turns=1).max_turns == 1


def test_gor_r4_a_drop_that_ends_a_turn_counts_as_a_turn() -> None:
    """A discard or the mover's drop ends a turn; a drop out of turn does not."""
    rules = GoingOutRummy(players=3, hand_size=3, max_turns=1)
    game = new(rules, "2S 4D 6C", "AH 9C JD", "7H 7H 7H")
    assert play(game, "draw", "discard AH").winners == ()
    assert play(game, "draw", "discard AH").is_over
    assert game.apply("drop").is_over
    assert game.apply("drop").winners == ()
    out_of_turn = game.apply("2: drop")
    assert not out_of_turn.is_over
    assert out_of_turn.turns == 0
