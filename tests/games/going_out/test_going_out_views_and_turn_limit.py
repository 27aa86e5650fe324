"""What a Going Out Rummy player may see, and the turn limit that ends a game with no winner (GOR-11, GOR-R4)."""

import attrs
import pytest

from rummyrules import EndOfThePage, GoingOutRummy, GoingOutView, OptionError, StockSize
from scenarios import play, texts

from .conftest import THREES, new, whole_deck

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
