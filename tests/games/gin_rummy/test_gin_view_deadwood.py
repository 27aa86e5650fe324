"""Gin Rummy's view counts deadwood: the player's own all the time, both hands once shown.

``GinRummyView.deadwood`` is the viewer's least deadwood (GIN-2); holding the
card just drawn, the least left after the best discard, as a knock counts it
(GIN-5). ``shown_deadwood`` counts each shown hand as the hand is scored
(GIN-7). Both are worked out from the hands, written in a saved view and
checked when read back.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings

from rummyrules import (
    GameState,
    GinRummy,
    GinRummyState,
    GinRummyView,
    LoadError,
    dumps,
    loads,
)
from rummyrules.games.gin_rummy.deadwood import knock_deadwood, min_deadwood
from scenarios import play
from strategies import bot_walks, gin_tables


def gin_view(game: GameState, player: int) -> GinRummyView:
    view = game.view(player)
    assert isinstance(view, GinRummyView)
    return view


def test_gin_2_the_view_counts_the_least_deadwood_of_the_hand() -> None:
    game = GinRummy(hand_size=4).position(
        "to_move 0 draw | hands 7S 8S 9S KD / 9H 9D 9C 2C | pile QH"
    )
    assert (gin_view(game, 0).deadwood, gin_view(game, 1).deadwood) == (10, 2)


def test_gin_5_holding_the_card_drawn_the_deadwood_is_after_the_best_discard() -> None:
    game = GinRummy(hand_size=4).position(
        "to_move 0 play | hands 7S 8S 9S KD 2C / 6S 5D 9H JC | pile QH"
    )
    # Eleven cards of ten: discarding KD keeps 2C, as a knock would count it.
    assert gin_view(game, 0).deadwood == 2
    assert gin_view(game, 1).deadwood == 30
    knocked = game.apply("knock")
    assert (knocked.phase, gin_view(knocked, 0).deadwood) == ("knock", 2)
    assert gin_view(knocked.apply("discard KD"), 0).deadwood == 2


def test_gin_7_shown_deadwood_is_each_hand_as_it_is_counted() -> None:
    rules = GinRummy(hand_size=4)
    game = rules.position(
        "to_move 0 play | hands 7S 8S 9S 2C KD / AH 5D 9H JC | pile 4H"
    )
    laid = play(game, "knock", "discard KD")
    assert gin_view(laid, 1).shown_deadwood == ()  # not laid down yet (GIN-6)
    shown = play(laid, "meld 7S 8S 9S", "done")
    view = gin_view(shown, 1)
    assert view.shown_hands == shown.hands
    assert view.shown_deadwood == (2, 25)
    over = play(shown, "done", "done")
    assert over.is_over
    (result,) = over.round_results
    assert gin_view(over, 0).shown_deadwood == result.in_hand == (2, 25)


def test_gin_2_a_saved_view_writes_its_deadwood_and_reads_it_back() -> None:
    game = GinRummy(hand_size=4).position(
        "to_move 0 play | hands 7S 8S 9S KD 2C / 6S 5D 9H JC | pile QH"
    )
    view = gin_view(game, 0)
    data = json.loads(dumps(view))["data"]
    assert (data["deadwood"], data["shown_deadwood"]) == (2, [])
    assert loads(dumps(view)) == view


def test_gin_2_a_saved_view_whose_deadwood_disagrees_is_refused() -> None:
    game = GinRummy(hand_size=4).position(
        "to_move 0 knock | knocker 0 | hands 7S 8S 9S 2C KD / AH 5D 9H JC | pile 4H"
    )
    document = json.loads(dumps(game.view(1)))
    document["data"]["deadwood"] = 0
    why = "deadwood: 0 is not what the hands count, 25 (GIN-2)"
    with pytest.raises(LoadError, match=re.escape(why)):
        loads(json.dumps(document))
    over = play(game, "discard KD", "meld 7S 8S 9S", "done", "done", "done")
    document = json.loads(dumps(over.view(1)))
    document["data"]["shown_deadwood"] = [0, 25]
    why = "shown_deadwood: [0, 25] is not what the hands count, [2, 25] (GIN-2)"
    with pytest.raises(LoadError, match=re.escape(why)):
        loads(json.dumps(document))


@pytest.mark.parametrize("field", ["deadwood", "shown_deadwood"])
def test_gin_2_a_view_saved_without_its_deadwood_is_refused(field: str) -> None:
    """Like every field, a worked-out one is required: a saved view lacking it is refused by its path."""
    game = GinRummy().new_game(seed=4)
    document = json.loads(dumps(game.view(1)))
    del document["data"][field]
    with pytest.raises(LoadError, match=re.escape(f"missing @ data.{field}")):
        loads(json.dumps(document))


@settings(max_examples=25, deadline=None)
@given(walk=bot_walks(gin_tables()))
def test_gin_view_deadwood_is_the_hands_least_at_every_step(
    walk: list[GameState],
) -> None:
    """At every state of a played game, each seat's deadwood is its hand's least, after a discard when it holds one over."""
    for game in walk:
        assert isinstance(game, GinRummyState)
        size = game.rules.hand_size
        for player in (0, 1):
            view = gin_view(game, player)
            hand = game.hand(player)
            least = knock_deadwood if len(hand) > size else min_deadwood
            assert view.deadwood == least(hand)
            shown = (
                tuple(min_deadwood(h) for h in game.hands) if view.shown_hands else ()
            )
            assert view.shown_deadwood == shown
