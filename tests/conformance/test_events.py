"""Events and round results, in every registered game (DESIGN.md, "Events").

Each state made by ``apply`` carries the events of its move; a view shows
its player what they may know of them; each counted round leaves a
:class:`~rummyrules.RoundResult` that everyone sees; ``play_game`` returns a
record that replays to its final state. The leak property: two states that
differ only in what a player may not see, after the same move, give that
player equal views, events included.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance import GAMES, IDS, PER_GAME
from conformance.test_hidden_cards import hidden_dealt_anew
from rummyrules import Event, PlayableRules, replay, replay_events
from rummyrules.bots import RandomBot, play_game
from strategies import game_walks, some_states

MOVE_KINDS = frozenset(
    {
        "draw",
        "take",
        "meld",
        "lay_off",
        "discard",
        "pass",
        "claim",
        "go_out",
        "drop",
        "done",
        "knock",
    }
)
"""The kinds of the moves the registered games have (Toy Rummy's among them)."""


@pytest.mark.parametrize("cls", GAMES, ids=IDS)
@PER_GAME
@given(data=st.data(), rng=st.randoms(use_true_random=False))
def test_all_events_no_view_tells_a_card_its_player_may_not_know(
    cls: type[PlayableRules[Any]], data: st.DataObject, rng: random.Random
) -> None:
    """The same move by another player, on two states that differ only in cards a player may not see, leaves that player equal views, events included, unless the move ends a round or lays the hands open (GIN-6), which shows them to all."""
    for game in some_states(data.draw(game_walks(cls))):
        mover = game.to_move
        if mover is None or game.players < 2:
            continue
        for player in {(mover + step) % game.players for step in (1, -1)}:
            other = hidden_dealt_anew(game, player, rng)
            both = [move for move in game.legal_moves() if move in other.legal_moves()]
            for move in rng.sample(both, min(3, len(both))):
                after, other_after = game.apply(move), other.apply(move)
                # The count shows every hand (and deals anew), and so does a
                # Gin Rummy knock once laid down (GIN-6): both by rule.
                shown = getattr(after.view(player), "shown_hands", ())
                if after.round_results != game.round_results or after.is_over or shown:
                    continue
                assert after.view(player).events == other_after.view(player).events
                assert after.view(player) == other_after.view(player)


@pytest.mark.parametrize("cls", GAMES, ids=IDS)
@PER_GAME
@given(data=st.data(), rng=st.randoms(use_true_random=False))
def test_all_events_each_move_leaves_its_own_event(
    cls: type[PlayableRules[Any]], data: st.DataObject, rng: random.Random
) -> None:
    """A move's event names the move and its player; a drawn card shows to the drawer only; each view shows the same events, as far as its player may know them."""
    for game in some_states(data.draw(game_walks(cls))):
        if game.is_over:
            continue
        move = rng.choice(game.legal_moves())
        after = game.apply(move)
        kinds = [event.kind for event in after.events]
        own = [event for event in after.events if event.kind in MOVE_KINDS]
        assert len(own) == 1
        assert (own[0].player, own[0].move) == (game.to_move, move)
        assert kinds[0] in {own[0].kind, "reshuffled"}
        assert (kinds[-1] == "game_ended") == after.is_over
        if after.is_over:
            assert after.events[-1].winners == after.winners
        for player in range(after.players):
            seen = after.view(player).events
            assert [event.kind for event in seen] == kinds
            for event, told in zip(after.events, seen, strict=True):
                if event.private and player != event.player:
                    assert (told.cards, told.hidden) == ((), len(event.cards))
                else:
                    assert told == event


@pytest.mark.parametrize("cls", GAMES, ids=IDS)
@pytest.mark.parametrize("seed", [1, 2])
def test_all_round_results_match_the_score_sheet_and_the_record_replays(
    cls: type[PlayableRules[Any]], seed: int
) -> None:
    """A bots' game: the record tells one result per counted round, its net the sheet's row; the final state keeps the last, shown alike to all; the record replays to the final state."""
    base: Any = cls()  # every game has max_turns (ALL-5), which the base class lacks
    rules: PlayableRules[Any] = attrs.evolve(base, max_turns=60)
    played = play_game(
        rules, [RandomBot(seed=seat) for seat in range(rules.players)], seed=seed
    )
    final = played.state
    assert final.is_over
    assert replay(played.record) == final
    told = replay_events(played.record)
    ended = [event for _, event in told if event.kind == "round_ended"]
    results = [event.result for event in ended if event.result is not None]
    assert len(results) == len(ended)
    assert final.round_results == tuple(results[-1:])
    assert told[-1] == (len(played.record.moves), final.events[-1])
    hidden = replay_events(played.record, player=0)
    assert [event.seen_by(0) for _, event in told] == [event for _, event in hidden]
    if rules.keeps_score:
        assert tuple(result.net for result in results) == final.score_sheet
    assert [result.round for result in results] == list(range(1, len(results) + 1))
    for result in results:
        assert len(result.hands) == rules.players
    for player in range(rules.players):
        assert final.view(player).round_results == final.round_results


def test_all_events_a_new_game_and_a_position_have_none() -> None:
    """Events are what a move did: a state no move made has none."""
    for cls in GAMES:
        game = cls().new_game(seed=3)
        assert game.events == ()
        assert game.view(0).events == ()
        assert cls().position(game.position()).events == ()


def test_all_events_are_values() -> None:
    """An event is a frozen value: equal by its fields, and hashable."""
    event = Event(kind="pass", player=1)
    assert event == Event(kind="pass", player=1)
    assert hash(event) == hash(Event(kind="pass", player=1))
    assert event.seen_by(0) is event
