"""Saved values read back equal: ``loads(dumps(x)) == x`` for rules, moves, states, views and matches, and each game's rare situations."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from rummyrules import (
    EndOfThePage,
    FourteenHundred,
    GameState,
    GoingOutRummy,
    Match,
    PlayableRules,
    dumps,
    loads,
)
from rummyrules.formats.json import Saved
from rummyrules.game.moves import Move
from rummyrules.games.end_of_the_page.state import EndOfThePageState
from rummyrules.games.fourteen_hundred.state import FourteenHundredState
from rummyrules.games.going_out.state import GoingOutState
from strategies import (
    eop_tables,
    f14_tables,
    gor_games,
    gor_tables,
    matches,
    moves,
    some_states,
    stock_moves,
    tables,
    walks,
)

from .conftest import found


def round_trip(value: Saved) -> Saved:
    """The value read back from its saved text, which must read back to the same text."""
    text = dumps(value)
    loaded = loads(text)
    assert dumps(loaded) == text
    return loaded


# --- Round trips ---------------------------------------------------------------


@given(tables())
def test_rules_read_back_equal(rules: PlayableRules[Any]) -> None:
    """Rules of every variant, with any options, read back equal from their saved text."""
    loaded = round_trip(rules)
    assert loaded == rules
    assert type(loaded) is type(rules)


@given(moves())
def test_moves_read_back_equal(move: Move) -> None:
    """Every move the notation can say reads back equal from its saved text."""
    assert round_trip(move) == move


ANY_WALKS = st.one_of(
    walks(eop_tables()),
    walks(f14_tables()),
    walks(gor_tables()),
    gor_games().map(lambda game: [game]),
)
"""Random play of every variant, and Going Out Rummy with its stock worn down."""


@pytest.mark.slow
@given(ANY_WALKS)
def test_states_and_views_read_back_equal(walk: list[GameState]) -> None:
    """Every state of random play, and every player's view of it, reads back equal from its saved text."""
    for game in some_states(walk, stride=5):
        event(f"{game.rules.name}, {game.phase.value}")
        loaded = round_trip(game)
        assert loaded == game
        assert isinstance(loaded, GameState)
        assert loaded.legal_moves() == game.legal_moves()
        for player in range(game.players):
            view = game.view(player)
            assert round_trip(view) == view


@given(matches())
def test_matches_read_back_equal(match: Match) -> None:
    """A match after random play, its later games perhaps under new options, reads back equal from its saved text."""
    event(f"games: {len(match.games)}")
    loaded = round_trip(match)
    assert loaded == match
    assert isinstance(loaded, Match)
    assert (loaded.wins, loaded.winner) == (match.wins, match.winner)
    if match.game.is_over and not match.is_over:
        assert loaded.next_game() == match.next_game()


def worn_down(rules: GoingOutRummy) -> GameState:
    """A Going Out Rummy game played past the end of its stock (GOR-9)."""
    game = rules.new_game(seed=3)
    worn = stock_moves(game, random.Random(3), 2 * len(game.stock) + 7)
    assert worn.reshuffles > 0
    return worn


SITUATIONS: dict[str, Callable[[], GameState]] = {
    "F14-12 a discard that may be claimed": lambda: found(
        FourteenHundred(players=3), FourteenHundredState, lambda g: g.claim is not None
    ),
    "F14-13 the last plays after going out": lambda: found(
        FourteenHundred(players=3), FourteenHundredState, lambda g: g.phase == "last"
    ),
    "F14-6 the first upcard": lambda: FourteenHundred().new_game(seed=1),
    "F14-R3 the marker, melds on the table": lambda: found(
        FourteenHundred(wild_card_dealt=False),
        FourteenHundredState,
        lambda g: bool(g.melds),
    ),
    "F14-15 the game over": lambda: found(
        FourteenHundred(target=200, max_turns=10),
        FourteenHundredState,
        lambda g: g.is_over,
    ),
    "EOP-3 the face-up wild card, melds on the table": lambda: found(
        EndOfThePage(),
        EndOfThePageState,
        lambda g: g.face_up is not None and bool(g.melds),
    ),
    "EOP-6 a deep pickup to meld": lambda: found(
        EndOfThePage(players=3), EndOfThePageState, lambda g: bool(g.turn.support)
    ),
    "EOP-13 a player floating": lambda: found(
        EndOfThePage(), EndOfThePageState, lambda g: not g.is_over and not all(g.hands)
    ),
    "EOP-R4 the stock rebuilt": lambda: found(
        EndOfThePage(stock_out="reshuffle"),
        EndOfThePageState,
        lambda g: g.reshuffles > 0,
    ),
    "EOP-17 rounds on the score sheet": lambda: found(
        EndOfThePage(max_turns=6, rounds=3),
        EndOfThePageState,
        lambda g: len(g.score_sheet) >= 2 and not g.is_over,
    ),
    "GOR-10 players dropped out": lambda: found(
        GoingOutRummy(players=4),
        GoingOutState,
        lambda g: bool(g.dropped) and not g.is_over,
    ),
    "GOR-7 a player went out": lambda: found(
        GoingOutRummy(hand_size=3, wildcards=6),
        GoingOutState,
        lambda g: g.winner is not None,
    ),
    "GOR-9 the stock reshuffled": lambda: worn_down(GoingOutRummy(players=3)),
}


@pytest.mark.parametrize("situation", list(SITUATIONS))
def test_every_situation_reads_back_equal(situation: str) -> None:
    """A state in each rarer situation, and every view of it, reads back equal."""
    game = SITUATIONS[situation]()
    assert loads(dumps(game)) == game
    for player in range(game.players):
        assert loads(dumps(game.view(player))) == game.view(player)
