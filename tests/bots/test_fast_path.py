"""Bots on the fast path play the very games they play by moves (issue 40, item 4).

A random bot chooses by action (``RandomBot.choose_action``) with the same
words and the same place among the same moves as from a view; ``play_game``,
``simulate`` and the search bot's rollouts ask it that way. Each test plays
the same seeded games both ways, the by-moves way through a wrapper that
hides ``choose_action``, and asks for the same moves and the same states:
in every registered game with any options, and under a toy integer core
whose actions come in another order than the game's own core (backwards)
or in its order, with Going Out Rummy's drops among them.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance import GAMES, IDS, PER_GAME
from rummyrules import (
    EndOfThePage,
    FourteenHundred,
    GameState,
    GinRummy,
    GoingOutRummy,
    PlayableRules,
    View,
    simulate,
)
from rummyrules.bots import ActionBot, Bot, RandomBot, SearchBot, play_game
from rummyrules.bots.fast_path import kept_actions, leaves_game
from rummyrules.bots.players import askers
from rummyrules.game.cores import Core
from rummyrules.game.moves import Move
from state_cores import StateCore
from strategies import fast_play, game_tables, random_play, seeds

STEPS = 120


class ByMoves:
    """A bot that chooses from views only: the wrapped bot, its fast path hidden."""

    def __init__(self, bot: Bot) -> None:
        self._bot = bot

    def choose(self, view: View) -> Move | None:
        return self._bot.choose(view)


def random_by_moves(*, seed: int) -> Bot:
    """simulate's factory for a random bot that chooses from views only."""
    return ByMoves(RandomBot(seed=seed))


def playout(
    game: GameState, bots: list[Any], *, by_action: bool, steps: int = STEPS
) -> list[tuple[Move, GameState]]:
    """Each move and the state it made, as play_game asks the bots, for at most ``steps`` moves."""
    made: list[tuple[Move, GameState]] = []
    for _ in range(steps):
        mover = game.to_move
        if mover is None:
            break
        for player in [*askers(game, mover), mover]:
            seat = None if player == mover else player
            if by_action:
                action = bots[player].choose_action(game, player)
                if action is None:
                    continue
                move = game.action_to_move(action, player=seat)
                game = game.apply_action(action, player=seat)
            else:
                chosen = bots[player].choose(game.view(player))
                if chosen is None:
                    continue
                move, game = chosen, game.apply(chosen)
            made.append((move, game))
            break
    return made


def both_ways(rules: PlayableRules[Any], seed: int) -> None:
    """A seeded random playout by actions is, move for move and state for state, the one by moves."""
    game = rules.new_game(seed=seed)
    players = range(rules.players)
    by_moves = playout(
        game, [RandomBot(seed=seed + p) for p in players], by_action=False
    )
    by_actions = playout(
        game, [RandomBot(seed=seed + p) for p in players], by_action=True
    )
    assert [move for move, _ in by_actions] == [move for move, _ in by_moves]
    for (_, after), (_, expected) in zip(by_actions, by_moves, strict=True):
        assert after == expected
        assert after.events == expected.events


@pytest.mark.parametrize("cls", GAMES, ids=IDS)
@PER_GAME
@given(data=st.data(), seed=seeds)
def test_a_random_playout_by_actions_is_the_one_by_moves(
    cls: type[PlayableRules[Any]], data: st.DataObject, seed: int
) -> None:
    """In every registered game with any options, a random bot's playout by actions makes the moves it makes by views."""
    both_ways(data.draw(game_tables(cls)), seed)


@pytest.mark.parametrize("cls", GAMES, ids=IDS)
@PER_GAME
@given(data=st.data(), seed=seeds, rng_seed=seeds)
def test_the_tests_walk_by_actions_is_their_walk_by_moves(
    cls: type[PlayableRules[Any]], data: st.DataObject, seed: int, rng_seed: int
) -> None:
    """The tests' random walk on the fast path (the sample_state checks walk so) reaches the states of their walk by moves, drops and claims included."""
    game = data.draw(game_tables(cls)).new_game(seed=seed)
    by_moves = random_play(game, random.Random(rng_seed), STEPS)
    by_actions = fast_play(game, random.Random(rng_seed), STEPS)
    assert by_actions == by_moves
    assert [state.events for state in by_actions] == [s.events for s in by_moves]


def test_kept_actions_leave_out_the_drop_in_the_listing_order() -> None:
    """Going Out Rummy's drop (GOR-10) is never among a random bot's actions; the others keep the listing's order."""
    game = GoingOutRummy(players=3).new_game(seed=4).apply("draw")
    assert leaves_game(game.rules)
    assert not leaves_game(EndOfThePage())
    for player in range(game.players):
        named = [
            game.action_to_move(a, player=None if player == game.to_move else player)
            for a in kept_actions(game, player)
        ]
        listed = game.legal_moves(player=player)
        assert named == [move for move in listed if not move.leaves_game]


# --- A toy core: whole states as core values, in another order


@attrs.frozen(kw_only=True, cache_hash=True)
class BackwardsEndOfThePage(EndOfThePage):
    """End of the Page on a core that lists its actions backwards."""

    @property
    def core(self) -> Core:
        return StateCore(EndOfThePage, backwards=True)


@attrs.frozen(kw_only=True, cache_hash=True)
class BackwardsGoingOut(GoingOutRummy):
    """Going Out Rummy on a core that lists its actions backwards, the drop first."""

    @property
    def core(self) -> Core:
        return StateCore(GoingOutRummy, backwards=True)


@attrs.frozen(kw_only=True, cache_hash=True)
class CoredGoingOut(GoingOutRummy):
    """Going Out Rummy on a core that lists the actions in its own core's order."""

    @property
    def core(self) -> Core:
        return StateCore(GoingOutRummy, backwards=False)


CORED = [
    BackwardsEndOfThePage(rounds=1),
    BackwardsGoingOut(players=3, max_turns=20),
    CoredGoingOut(players=3, max_turns=20),
]


@pytest.mark.parametrize("rules", CORED, ids=lambda rules: type(rules).__name__)
def test_on_a_core_the_random_bot_chooses_the_move_it_chooses_by_views(
    rules: PlayableRules[Any],
) -> None:
    """Whatever order a core lists its actions in, a random bot by actions makes the moves it makes by views."""
    for seed in range(3):
        both_ways(rules, seed)
        game = rules.new_game(seed=seed)
        mover = game.to_move or 0
        named = [game.action_to_move(a) for a in kept_actions(game, mover)]
        assert named == [m for m in game.legal_moves() if not m.leaves_game]


# --- Whole games: play_game, simulate and the search bot's rollouts


@pytest.mark.parametrize(
    "rules",
    [
        EndOfThePage(rounds=2),
        FourteenHundred(players=3, target=200),
        GoingOutRummy(players=4, hand_size=7, wildcards=4, max_turns=40),
        GinRummy(),
        BackwardsEndOfThePage(rounds=1),
        BackwardsGoingOut(max_turns=30),
    ],
    ids=lambda rules: type(rules).__name__,
)
def test_play_game_plays_the_random_bots_game_by_actions_as_by_views(
    rules: PlayableRules[Any],
) -> None:
    """play_game asks a random bot by action: the record and the final state are those of the game by views."""
    for seed in range(3):
        fast = [RandomBot(seed=seed * 7 + p) for p in range(rules.players)]
        slow = [ByMoves(RandomBot(seed=seed * 7 + p)) for p in range(rules.players)]
        assert isinstance(fast[0], ActionBot)
        assert not isinstance(slow[0], ActionBot)
        played, expected = (play_game(rules, bots, seed=seed) for bots in (fast, slow))
        assert played.record == expected.record
        assert played.state == expected.state
        assert played.state.events == expected.state.events


@pytest.mark.parametrize(
    "rules",
    [EndOfThePage(rounds=1), FourteenHundred(players=3, target=200)],
    ids=lambda rules: type(rules).__name__,
)
def test_simulate_plays_random_bots_by_actions_as_by_views(
    rules: PlayableRules[Any],
) -> None:
    """A simulation of random bots, by actions, counts the games, moves and turns of one by views."""
    fast = simulate(rules, ["random"] * rules.players, games=6, seed=5, records=True)
    slow = simulate(
        rules, [random_by_moves] * rules.players, games=6, seed=5, records=True
    )
    assert fast.records == slow.records
    assert (fast.moves, fast.turns, fast.rounds) == (
        slow.moves,
        slow.turns,
        slow.rounds,
    )
    assert [seat.wins for seat in fast.seats] == [seat.wins for seat in slow.seats]


@pytest.mark.parametrize(
    "rules",
    [
        EndOfThePage(rounds=1),
        GoingOutRummy(max_turns=20),
        GinRummy(),
        BackwardsEndOfThePage(rounds=1),
    ],
    ids=lambda rules: type(rules).__name__,
)
def test_the_search_bots_random_rollouts_reach_the_same_results_by_actions(
    rules: PlayableRules[Any],
) -> None:
    """With random rollouts, seeded, the search bot plays the same game whether they run by actions or by views."""

    def game(rollout: Bot) -> list[Move]:
        search = SearchBot(seed=3, playouts=3, rollout=rollout)
        others = [RandomBot(seed=p) for p in range(1, rules.players)]
        start = rules.new_game(seed=2)
        made = playout(start, [search, *others], by_action=False, steps=24)
        return [move for move, _ in made]

    assert game(RandomBot(seed=9)) == game(ByMoves(RandomBot(seed=9)))


def test_the_search_bot_scores_a_candidate_alike_by_actions_and_by_views() -> None:
    """One view, many deals: each candidate's outcomes by random rollouts are the same either way."""
    rules = GinRummy()
    game = rules.new_game(seed=11).apply("take")
    view = game.view(game.to_move or 0)
    rng = random.Random(4)
    for _ in range(3):
        seed = rng.randrange(1 << 20)
        chosen = [
            SearchBot(seed=seed, playouts=6, rollout=rollout).choose(view)
            for rollout in (RandomBot(seed=seed), ByMoves(RandomBot(seed=seed)))
        ]
        assert chosen[0] == chosen[1]
