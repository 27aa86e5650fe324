"""Gin Rummy states and views that no play reaches, refused from positions and JSON alike.

Each test names the rule the refused value breaks. A state is refused the
same way whether it comes from a position or from saved JSON: both go
through the game's checks (``games/gin_rummy/checks.py``).
"""

from __future__ import annotations

import random
import re
from typing import Any

import attrs
import pytest

from rummyrules import (
    GinRummy,
    GinRummyState,
    IllegalMoveError,
    LoadError,
    OptionError,
    PositionError,
    dumps,
    loads,
    parse_cards,
)
from rummyrules.bots import GreedyBot
from rummyrules.games.gin_rummy.deadwood import card_points, min_deadwood
from rummyrules.games.gin_rummy.state import GinRummyPhase, GinRummyView


def moves(game: GinRummyState) -> list[str]:
    return [str(move) for move in game.legal_moves()]


def refused(rules: GinRummy, text: str, why: str) -> None:
    """The position is refused for ``why``, and so is the same state saved as JSON."""
    with pytest.raises(PositionError, match=re.escape(why)):
        rules.position(text)


def refused_state(state: GinRummyState, why: str) -> None:
    """The state is refused for ``why`` as a position and as JSON."""
    with pytest.raises(PositionError, match=re.escape(why)):
        state.rules.position(state.position())
    with pytest.raises(LoadError, match=re.escape(why)):
        loads(dumps(state))


def gin_view(game: GinRummyState, player: int) -> GinRummyView:
    view = game.view(player)
    assert isinstance(view, GinRummyView)
    return view


def refused_view(view: Any, why: str) -> None:
    with pytest.raises(LoadError, match=re.escape(why)):
        loads(dumps(view))


# --- GIN-R3: the knocker lays every meld before 'done' -------------------------------


def test_gin_r3_the_knocker_lays_every_meld_before_done() -> None:
    rules = GinRummy(hand_size=4)
    game = rules.position(
        "to_move 0 laydown | knocker 0 | hands AS 2S 3S 4H / 6S 5D 9H JC | pile KD"
    )
    # Deadwood 4 after A-2-3, and only 10 unlaid: the melds may not stay hidden.
    assert moves(game) == ["meld AS 2S 3S"]
    with pytest.raises(IllegalMoveError, match=r"still hold a meld.*\(GIN-R3\)"):
        game.apply("done")
    game = game.apply("meld AS 2S 3S")
    assert moves(game) == ["done"]
    game = game.apply("done")
    assert (game.phase, game.to_move) == ("layoff", 1)
    assert "lay 4S on 1" not in moves(game)  # 4S is in no hand here; the meld is out


def test_gin_r3_a_state_past_the_lay_down_with_a_meld_in_the_knockers_hand() -> None:
    rules = GinRummy(hand_size=4)
    refused(
        rules,
        "to_move 1 layoff | knocker 0 | hands AS 2S 3S 4H / 6S 5D 9H JC | pile KD",
        "the cards left hold no meld and are worth at most the knock card, 10 (GIN-R3)",
    )


def test_gin_r3_bots_lay_every_meld_and_play_legal_games() -> None:
    bot = GreedyBot()
    rules = GinRummy()
    knocks = 0
    for seed in range(12):
        game = rules.new_game(seed=seed)
        while not game.is_over:
            move = bot.choose(game.view(game.to_move or 0))
            assert move is not None
            game = game.apply(move)
        if game.knocker is not None:
            knocks += 1
            left = game.hands[game.knocker]
            assert min_deadwood(left) == sum(card_points(card) for card in left)
        assert rules.position(game.position()) == game
    assert knocks


# --- GIN-8: the stock and the piles ---------------------------------------------------


def _draw_phase(stock: int) -> GinRummyState:
    """A draw phase with ``stock`` cards left: the rest moved to the discard pile."""
    game = GinRummy().new_game(seed=3).apply("take")
    game = game.apply(f"discard {game.hand(0)[0]}")
    moved = game.stock[stock:]
    return game.replace(
        stock=game.stock[:stock], discard_pile=(*game.discard_pile, *moved)
    )


def test_gin_8_the_draw_phase_needs_more_than_two_cards_in_the_stock() -> None:
    assert moves(_draw_phase(3)) == ["draw", "take"]
    refused_state(
        _draw_phase(2), "with 2 cards left in the stock the player is at the wall"
    )


def test_gin_8_the_wall_comes_at_two_cards_and_the_stock_never_runs_lower() -> None:
    wall = _draw_phase(3).replace(phase=GinRummyPhase.WALL)
    refused_state(wall, "the wall comes when 2 cards are left in the stock, not 3")
    refused_state(_draw_phase(1), "the stock never runs lower (GIN-8)")


def test_gin_4_a_turn_begins_with_an_upcard_to_take() -> None:
    rules = GinRummy(hand_size=3)
    refused(
        rules,
        "to_move 1 draw | hands 7S 8S 9S / 2C 5D 9H",
        "discard_pile: a turn begins with an upcard to take (GIN-4)",
    )


def test_gin_3_the_first_upcard_alone_on_the_pile() -> None:
    rules = GinRummy(hand_size=3)
    refused(
        rules,
        "to_move 0 upcard | hands 7S 8S 9S / 2C 5D 9H",
        "while the first upcard is offered, it is the only card of the pile",
    )
    refused(
        rules,
        "to_move 0 upcard | hands 7S 8S 9S / 2C 5D 9H | pile KD 4H",
        "while the first upcard is offered, it is the only card of the pile",
    )


# --- GIN-10 and GIN-5: the knock card -------------------------------------------------


def test_gin_5_the_knock_card_is_from_0_to_10() -> None:
    rules = GinRummy(hand_size=3, oklahoma=True)
    refused(
        rules,
        "knock_card 11 | to_move 1 draw | hands 7S 8S 9S / 2C 5D 9H | pile KD 4H",
        "knock_card: the knock card is from 0 to 10, not 11 (GIN-5)",
    )


def test_gin_10_oklahoma_the_knock_card_is_the_first_upcards() -> None:
    rules = GinRummy(hand_size=3, oklahoma=True)
    base = "to_move 0 upcard | hands 7S 8S 9S / 2C 5D 9H | pile 7H"
    assert rules.position(f"knock_card 7 | {base}").knock_card == 7
    refused(
        rules,
        f"knock_card 9 | {base}",
        "under oklahoma the first upcard, 7H, sets the knock card to 7, not 9",
    )
    refused(
        rules,
        base,
        "knock_card: under oklahoma the first upcard sets the knock card, so give it",
    )
    # Both passed: the first upcard lies at the bottom of the pile all hand.
    refused(
        rules,
        "knock_card 4 | to_move 1 draw | passes 2 | hands 7S 8S 9S / 2C 5D 9H"
        " | pile KD AH | turns 1",
        "the first upcard, AH, sets the knock card to 0, not 4",
    )
    # Taken, the first upcard may be anywhere, but none sets a knock card of 1.
    refused(
        rules,
        "knock_card 1 | to_move 1 draw | hands 7S 8S 9S / 2C 5D 9H | pile KD | turns 1",
        "no upcard sets a knock card of 1",
    )


def test_gin_10_an_oklahoma_game_writes_its_knock_card_every_time() -> None:
    rules = GinRummy(oklahoma=True)
    for seed in range(6):
        game = rules.new_game(seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            assert f"knock_card {game.knock_card}" in game.position()
            assert rules.position(game.position()) == game
            game = game.apply(rng.choice(game.legal_moves()))


# --- GIN-1, GIN-4: hand sizes ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "why"),
    [
        (
            "to_move 1 draw | hands 7S 8S 9S / 2C 5D | pile KD 4H",
            "player 1 holds 2 cards; in the draw phase that makes 3",
        ),
        (
            "to_move 0 upcard | hands 7S 8S 9S JC / 2C 5D 9H | pile KD",
            "player 0 holds 4 cards; in the upcard phase that makes 3",
        ),
        (
            "to_move 0 play | hands 7S 8S 9S / 2C 5D 9H | pile KD",
            "player 0 holds 3 cards; in the play phase that makes 4",
        ),
        (
            "to_move 1 play | hands 7S 8S 9S / 2C 5D 9H JC 4H | pile KD",
            "player 1 holds 5 cards; in the play phase that makes 4",
        ),
        (
            "to_move 1 meld | knocker 0 | hands - / 5D 9H | melds 0: 7S 8S 9S | pile KD",
            "player 1 holds 2 cards; in the meld phase that makes 3",
        ),
        (
            "to_move 1 meld | knocker 0 | hands - / 5D 9H JC | melds 0: 7S 8S 9S 10S@1"
            " | pile KD",
            "player 1 holds 3 cards and 1 laid on the table; in the meld phase that "
            "makes 3",
        ),
    ],
)
def test_gin_1_hand_sizes_follow_the_hand_size_and_the_phase(
    text: str, why: str
) -> None:
    refused(GinRummy(hand_size=3), text, why)


# --- GIN-5, GIN-6: after the knock ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "why"),
    [
        (
            "to_move 0 layoff | knocker 0 | hands 2C / 5D 9H JC | melds 0: 7S 8S 9S"
            " | pile KD",
            "in the layoff phase the knocker's opponent, player 1, moves (GIN-6)",
        ),
        (
            "to_move 1 laydown | knocker 0 | hands 2C 7S 8S 9S / 5D 9H JC | pile KD",
            "in the laydown phase the knocker, player 0, moves (GIN-5)",
        ),
        (
            "to_move 1 layoff | knocker 0 | hands 2C / 5D | melds 0: 7S 8S 9S / 1: JC"
            " JD JH | pile KD",
            "player 1 lays melds only after the lay-offs, in the meld phase (GIN-6)",
        ),
        (
            "to_move 0 laydown | knocker 0 | hands 2C / 5D | melds 0: 7S 8S 9S / 1: JC"
            " JD JH | pile KD",
            "player 1 lays melds only after the lay-offs, in the meld phase (GIN-6)",
        ),
        (
            "to_move 1 meld | knocker 0 | hands 2C / 5D | melds 1: JC JD JH / 0: 7S 8S"
            " 9S | pile KD",
            "the knocker's melds are laid first, the opponent's after them",
        ),
        (
            "to_move 0 laydown | knocker 0 | hands 2C / 5D 9H JC | melds 0: 7S 8S 9S"
            " 10S@1 | pile KD",
            "the lay-offs come once the knocker is done (GIN-6)",
        ),
        (
            "to_move 1 meld | knocker 0 | hands - / 5D 9H JC | melds 0: 7S 8S 9S 10S"
            " JS@1 | pile KD",
            "nobody lays off on gin (GIN-6)",
        ),
        (
            "to_move 1 meld | knocker 0 | hands - / 5D | melds 0: 7S 8S 9S / 1: JC JD"
            " JH JS@0 | pile KD",
            "cards are laid off only on the knocker's melds, by the opponent (GIN-6)",
        ),
    ],
)
def test_gin_6_states_after_the_knock_that_no_play_reaches(text: str, why: str) -> None:
    refused(GinRummy(hand_size=4), text, why)


def test_gin_5_the_knockers_deadwood_stays_at_most_the_knock_card() -> None:
    refused(
        GinRummy(hand_size=4, knock_card=5),
        "knock_card 5 | to_move 1 layoff | knocker 0 | hands JD / 5D 9H JC 4H"
        " | melds 0: 7S 8S 9S | pile KD",
        "the cards left hold no meld and are worth at most the knock card, 5 (GIN-5)",
    )


def test_gin_6_nobody_lays_off_on_gin() -> None:
    refused(
        GinRummy(hand_size=3),
        "to_move 1 layoff | knocker 0 | hands - / 5D 9H JC | melds 0: 7S 8S 9S"
        " | pile KD",
        "nobody lays off on gin (GIN-6)",
    )


def test_gin_5_the_knock_phase_holds_a_discard_that_keeps_the_knock() -> None:
    refused(
        GinRummy(hand_size=3),
        "to_move 0 knock | knocker 0 | hands 7S 8S JD KD / 2C 5D 9H | pile 4H",
        "no discard leaves the knocker's deadwood at most the knock card, 10 (GIN-5)",
    )


# --- GIN-9, GIN-3: the counters of a hand ----------------------------------------------


def test_gin_9_the_upcard_taken_is_in_the_hand_of_the_player_who_took_it() -> None:
    rules = GinRummy(hand_size=3)
    game = rules.position("to_move 0 play | taken 7S | hands 7S 8S 9S KD / 2C 5D 9H")
    assert game.taken is not None
    refused(
        rules,
        "to_move 0 play | taken 2C | hands 7S 8S 9S KD / 2C 5D 9H",
        "taken: 2C is not in the hand of player 0, who took it",
    )
    refused(
        rules,
        "to_move 0 draw | taken 7S | hands 7S 8S 9S / 2C 5D 9H | pile KD",
        "not the draw phase (GIN-9)",
    )


def test_gin_9_the_knock_forgets_the_upcard_taken() -> None:
    rules = GinRummy(hand_size=3)
    game = rules.position("to_move 0 play | taken 7S | hands 7S 8S 9S KD / 2C 5D 9H")
    knocked = game.apply("knock")
    assert knocked.taken is None
    assert rules.position(knocked.position()) == knocked


def test_gin_9_upcards_and_bounces_stay_in_their_bounds() -> None:
    rules = GinRummy(hand_size=3)
    base = "to_move 1 draw | hands 7S 8S 9S / 2C 5D 9H | pile KD 4H | turns 3"
    assert rules.position(f"{base} | upcards 49").upcards == 49
    refused(rules, f"{base} | upcards 50", "a hand ends on the 50th upcard taken")
    refused(rules, f"{base} | bounced 2", "bounced: 1 when the last turn took")


def test_gin_3_who_is_offered_the_first_upcard() -> None:
    rules = GinRummy(hand_size=3)
    base = "hands 7S 8S 9S / 2C 5D 9H | pile KD"
    assert rules.position(f"to_move 1 upcard | passes 1 | {base}").to_move == 1
    refused(rules, f"to_move 0 upcard | passes 1 | {base}", "after 1 passes")
    refused(rules, f"to_move 1 upcard | {base}", "after 0 passes")
    refused(rules, f"to_move 0 upcard | passes 2 | {base}", "after 2 passes")


def test_gin_3_player_0_moves_first_so_nobody_else_deals() -> None:
    rules = GinRummy(hand_size=3)
    refused(
        rules,
        "dealer 1 | to_move 1 draw | hands 7S 8S 9S / 2C 5D 9H | pile KD 4H | turns 1",
        "dealer must be 0 in Gin Rummy",
    )
    with pytest.raises(OptionError, match="dealer must be 0 in Gin Rummy"):
        rules.new_game(seed=1, dealer=1)


def test_gin_8_the_stock_is_never_rebuilt() -> None:
    game = GinRummy().new_game(seed=2)
    with pytest.raises(LoadError, match=re.escape("is never rebuilt")):
        loads(dumps(game.replace(reshuffles=1)))


# --- GIN-7, GIN-R2: the score sheet ---------------------------------------------------


def test_gin_7_a_finished_hand_is_scored_as_its_cards_say() -> None:
    rules = GinRummy(hand_size=4)
    over = "over | knocker 0 | hands 2C / AH 2D 5D 9H | melds 0: 7S 8S 9S | pile 4H"
    assert rules.position(f"{over} | sheet 15 -15").score_sheet == ((15, -15),)
    refused(rules, f"{over} | sheet 20 -20", "the last hand scores 15 -15, not 20 -20")
    refused(rules, f"{over} | sheet 15 -14", "row 1 gives one player what the other")
    refused(rules, over, "one hand is the game without a target")


def test_gin_r2_a_game_to_a_target_ends_there_with_the_bonus() -> None:
    rules = GinRummy(hand_size=4, target=100)
    game = "hands 2C 7S 8S 9S / AH 2D 5D 9H | pile 4H | turns 2"
    ongoing = f"to_move 1 draw | {game}"
    assert rules.position(f"{ongoing} | sheet 60 -60 / -20 20").scores == (40, -40)
    refused(
        rules,
        f"{ongoing} | sheet 60 -60 / 50 -50",
        "a total has reached the target, 100, so the game is over",
    )
    refused(rules, f"{ongoing} | sheet 60 -50", "row 1 gives one player what")
    refused(
        rules,
        f"{ongoing} | sheet 100 -100 / 5 -5",
        "a total reached the target, 100, before row 2",
    )
    end = "over | knocker 0 | hands 2C / AH 2D 5D 9H | melds 0: 7S 8S 9S | pile 4H"
    assert rules.position(f"{end} | sheet 90 -90 / 115 -15").winners == (0,)
    refused(rules, f"{end} | sheet 90 -90 / 15 -15", "and that player adds the game")
    refused(rules, f"{end} | sheet 90 -90 / 125 -25", "the last hand scores 15 -15")
    refused(
        rules,
        f"{end} | sheet 10 -10 / 115 -15",
        "adds the game bonus, 100, but to a player whose total did not reach",
    )


# --- ALL-5: the turn limit bounds a game to a target ---------------------------------


def test_all_5_max_turns_bounds_a_game_of_several_hands() -> None:
    rules = GinRummy(target=500, max_turns=25)
    rng = random.Random(4)
    game = rules.new_game(seed=4)
    hands, steps = 1, 0
    while not game.is_over:
        before = len(game.score_sheet)
        game = game.apply(rng.choice(game.legal_moves()))
        hands += len(game.score_sheet) - before
        steps += 1
        assert steps < 2000
    assert game.turns == 25
    assert max(game.scores) < 500
    assert game.score_sheet[-1] == (0, 0)  # the hand in progress ends as a draw
    assert rules.position(game.position()) == game
    with pytest.raises(PositionError, match=re.escape("nor have the turns reached")):
        rules.position(game.replace(turns=24).position())


def test_all_5_turns_run_on_over_the_hands_of_a_game() -> None:
    rules = GinRummy(hand_size=3, target=50, max_turns=100)
    game = rules.position(
        "to_move 1 meld | knocker 0 | hands - / 2C 5D 9H | melds 0: 7S 8S 9S | pile KD"
        " | turns 7"
    )
    after = game.apply("done")  # 16 + 25 for gin: short of 50, so a new hand
    assert (after.phase, after.round, after.turns) == ("upcard", 2, 7)


# --- GIN-6: what a view shows face up -------------------------------------------------


def test_gin_6_a_view_shows_both_hands_only_once_the_knocker_laid_down() -> None:
    rules = GinRummy(hand_size=4)
    before = rules.position(
        "to_move 0 laydown | knocker 0 | hands 2C 7S 8S 9S / 6S 5D 9H JC | pile KD"
    )
    view = gin_view(before, 1)
    assert view.shown_hands == ()
    refused_view(
        attrs.evolve(view, shown_hands=before.hands),
        "the hands are shown only once the knocker has laid down (GIN-6)",
    )
    after = before.apply("meld 7S 8S 9S").apply("done")
    shown = gin_view(after, 1)
    assert shown.shown_hands == after.hands
    assert loads(dumps(shown)) == shown
    refused_view(
        attrs.evolve(shown, shown_hands=()),
        "once the knocker has laid down both hands are shown",
    )
    refused_view(
        attrs.evolve(shown, shown_hands=(after.hands[0], parse_cards("6S 5D 9H QC"))),
        "player 1's hand is shown as they hold it",
    )
    refused_view(
        attrs.evolve(shown, shown_hands=(parse_cards("2C 3C"), after.hands[1])),
        "player 0's hand is shown with 2 cards, but the hand sizes say 1",
    )
    refused_view(
        attrs.evolve(shown, shown_hands=(parse_cards("6S"), after.hands[1])),
        "the view shows cards the deck does not have",
    )


def test_gin_5_nobody_knocks_before_the_knock() -> None:
    # What was checks.py's module example.
    game = GinRummy().new_game(seed=4)
    why = "knocker: nobody has knocked before the knock (GIN-5)"
    refused_state(game.replace(knocker=1), why)
