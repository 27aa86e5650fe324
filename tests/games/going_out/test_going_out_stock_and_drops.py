"""Going Out Rummy's stock run out and rebuilt, and players dropping out (GOR-9, GOR-10, GOR-R3)."""

from collections import Counter

import attrs

from rummyrules import Card, GoingOutRummy, GoingOutState, Phase, parse_cards
from rummyrules.core.shuffle import shuffled
from scenarios import listed, play, refused, texts

from .conftest import THREES, new, whole_deck

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


def test_gor_9_the_discard_is_told_before_the_stock_it_rebuilds() -> None:
    """The events follow the table: the discard that empties the stock, then the rebuilt stock."""
    before, after = reshuffle_game(seed=5)
    assert [(event.kind, event.player) for event in after.events] == [
        ("discard", 1),
        ("reshuffled", None),
    ]
    assert after.events[0].cards == after.discard_pile
    assert before.to_move == 1
    for player in (0, 1):
        assert [event.kind for event in after.view(player).events] == [
            "discard",
            "reshuffled",
        ]


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
