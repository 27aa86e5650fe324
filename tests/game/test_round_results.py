"""Round results and events, scenario by scenario: each counted as its rule says.

The shared properties (every game's events and results) are in
``tests/conformance/test_events.py``; these pin what each game's own rules
count and tell, from positions written as card text.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from rummyrules import (
    EndOfThePage,
    FourteenHundred,
    GameState,
    GinRummy,
    GoingOutRummy,
    LoadError,
    StateError,
    dumps,
    loads,
    parse_cards,
)
from rummyrules.formats.checks import check_state


def kinds(game: GameState) -> list[str]:
    return [event.kind for event in game.events]


def test_eop_16_the_result_shows_each_hand_at_the_count() -> None:
    rules = EndOfThePage(rounds=2)
    game = rules.position(
        "wild 3 | to_move 0 play | had_turn 0 1 | hands 7H / 9D JD KC"
        " | melds 0: 8S 9S 10S | pile 6C"
    )
    after = game.apply("discard 7H")
    assert kinds(after) == ["discard", "went_out", "round_ended", "dealt"]
    (result,) = after.round_results
    assert result.hands == ((), parse_cards("9D JD KC"))
    assert (result.melded, result.in_hand, result.bonus) == ((30, 0), (0, 30), (0, 0))
    assert (result.net, result.went_out, result.rule) == ((30, -30), 0, "EOP-16")
    assert after.score_sheet == (result.net,)
    assert after.events[2].result == result
    assert (after.events[3].player, after.events[3].round) == (after.dealer, 2)
    # The counted hands are shown to everyone, as at the table.
    assert after.view(1).round_results == after.view(0).round_results == (result,)


def test_eop_r4_a_rebuilt_stock_is_told_before_the_draw() -> None:
    dealt = EndOfThePage(stock_out="reshuffle").new_game(seed=5)
    # The whole stock moved under the discard pile: the next draw rebuilds it.
    game = dealt.replace(stock=(), discard_pile=(*dealt.discard_pile, *dealt.stock))
    mover = game.to_move
    assert mover is not None
    after = game.apply("draw")
    assert kinds(after) == ["reshuffled", "draw"]
    (drawn,) = set(after.hand(mover)) - set(game.hand(mover))
    assert after.events[1].cards == (drawn,)
    other = after.view(1 - mover).events[1]
    assert (other.cards, other.hidden) == ((), 1)


def test_f14_7_nobody_takes_the_upcard_each_adds_their_hand() -> None:
    rules = FourteenHundred(players=2)
    game = rules.position(
        "wild 9 | to_move 1 opening | passes 1 | hands 2C 5D JH / 3C 4C AS | pile 8S"
    )
    after = game.apply("pass")
    assert kinds(after) == ["pass", "round_ended", "dealt"]
    (result,) = after.round_results
    assert (result.melded, result.in_hand) == ((0, 0), (20, 25))
    assert (result.net, result.went_out, result.rule) == ((20, 25), None, "F14-7")


def test_f14_12_a_claim_is_told_with_the_meld_it_goes_on() -> None:
    game = FourteenHundred(players=3).position(
        "wild 9 | to_move 1 draw | claim 7H@0"
        " | hands 2C 3C 4D / KS KD 8C / JD QD | melds 2: 4H 5H 6H | pile 7H 10S"
    )
    after = game.apply("2: claim 7H on 1")
    (event,) = after.events
    assert (event.kind, event.player, event.meld) == ("claim", 2, 1)
    assert event.cards == parse_cards("7H")


def test_gin_7_a_gin_hand_is_counted_with_its_bonus() -> None:
    rules = GinRummy(hand_size=3)
    game = rules.position(
        "to_move 1 meld | knocker 0 | hands / 2C 5D 9H | melds 0: 7S 8S 9S | pile KD"
    )
    after = game.apply("done")
    assert kinds(after) == ["done", "round_ended", "game_ended"]
    (result,) = after.round_results
    assert result.in_hand == (0, 16)
    assert result.bonus == (rules.gin_bonus, 0)
    assert result.net == (16 + rules.gin_bonus, -16 - rules.gin_bonus)
    assert (result.went_out, result.rule) == (0, "GIN-7")
    assert result.melded == (24, 0)


def test_gor_7_going_out_is_told_and_the_hands_shown() -> None:
    game = GoingOutRummy(hand_size=3).position(
        "to_move 1 play | hands 7S 8S 2C / 7H 7D 7C 9D"
    )
    after = game.apply("out 7H 7D 7C discard 9D")
    assert kinds(after) == ["go_out", "went_out", "round_ended", "game_ended"]
    assert after.events[0].cards == parse_cards("7H 7D 7C 9D")
    (result,) = after.round_results
    assert result.hands == (parse_cards("2C 7S 8S"), ())
    assert (result.net, result.went_out, result.rule) == ((), 1, "GOR-7")
    assert after.events[-1].winners == (1,)


def test_gor_10_a_drop_is_told_to_all() -> None:
    game = GoingOutRummy(players=3).new_game(seed=1)
    after = game.apply("2: drop")
    assert kinds(after) == ["drop"]
    assert after.view(0).events == after.events


def counted_eop() -> GameState:
    """An End of the Page game just past its first count."""
    rules = EndOfThePage(rounds=2)
    return rules.position(
        "wild 3 | to_move 0 play | had_turn 0 1 | hands 7H / 9D JD KC"
        " | melds 0: 8S 9S 10S | pile 6C"
    ).apply("discard 7H")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["round_results"][0].update(net=[30, 30]), "net is not that row"),
        (lambda d: d["round_results"][0].update(round=2), "not the score sheet's last"),
        (lambda d: d["round_results"][0].update(went_out=5), "players are 0 to 1"),
        (lambda d: d["round_results"][0].update(hands=[[]]), "1 entries for 2"),
        (lambda d: d["events"][0].update(player=7), "players are 0 to 1"),
        (lambda d: d["events"][0].update(meld=0), "no such cards or meld"),
        (
            lambda d: d["events"][2]["result"].update(in_hand=[1, 2]),
            "tells a round not counted",
        ),
    ],
)
def test_saved_history_that_does_not_fit_is_refused(
    change: Callable[[dict[str, Any]], None], message: str
) -> None:
    """Tampered results or events in saved JSON are refused with a sentence."""
    document = json.loads(dumps(counted_eop()))
    change(document["data"])
    with pytest.raises(LoadError, match=message):
        loads(json.dumps(document))


def test_a_position_knows_no_past_rounds_but_keeps_those_counted_after() -> None:
    """A position keeps no history; the rounds counted after it are kept, numbered on."""
    game = counted_eop()
    again = game.rules.position(game.position())
    assert (again, again.round_results) == (game, ())
    assert loads(dumps(game)).round_results == game.round_results


def rounds_of_1400(rounds: int, *, seed: int = 3) -> list[GameState]:
    """A game of 1400 whose every round ends after one turn (ALL-5), after each count."""
    game: GameState = FourteenHundred(players=4, max_turns=1).new_game(seed=seed)
    pick = random.Random(seed)
    after_each: list[GameState] = []
    while len(after_each) < rounds:
        assert not game.is_over
        counted = len(game.score_sheet)
        game = game.apply(pick.choice(game.legal_moves()))
        if len(game.score_sheet) > counted:
            after_each.append(game)
    return after_each


def test_state_size_bounded_over_many_rounds() -> None:
    """Item 13 of issue 27: a state keeps the last round's result, not every one.

    Between the 100th and the 200th count a saved state grows by the score
    sheet's 100 rows and no more (a little slack for the hands and stock,
    which differ from deal to deal); it grew by every round's result before.
    """
    played = rounds_of_1400(200)
    sooner, later = played[99], played[199]
    assert len(later.score_sheet) == 200
    rows = len(json.dumps(list(later.score_sheet[100:])))
    assert len(dumps(later)) - len(dumps(sooner)) <= rows + 2_000
    assert later.round_results == (later.events[-2].result,)
    assert later.round_results[0].round == 200
    for player in range(later.players):
        assert later.view(player).round_results == later.round_results


@pytest.mark.parametrize("viewer", [None, 1], ids=["state", "view"])
def test_a_save_holding_every_round_s_result_is_refused(viewer: int | None) -> None:
    """A save holding more than the last round's result (as states kept before issue 27) is refused, not cut down."""
    played: list[Any] = rounds_of_1400(3)
    if viewer is not None:
        played = [game.view(viewer) for game in played]
    results = [json.loads(dumps(game))["data"]["round_results"][-1] for game in played]
    document = json.loads(dumps(played[-1]))
    document["data"]["round_results"] = results
    with pytest.raises(LoadError, match="keeps the last round's result only, not 3"):
        loads(json.dumps(document))
    document["data"]["round_results"] = results[-1:]
    assert loads(json.dumps(document)) == played[-1]


def test_a_state_holding_two_round_results_is_refused() -> None:
    """A state built by hand with more than the last round's result is no state play makes."""
    first, second = rounds_of_1400(2)
    both = second.replace(round_results=(*first.round_results, *second.round_results))
    with pytest.raises(StateError, match="the last round's result only"):
        check_state(both)
