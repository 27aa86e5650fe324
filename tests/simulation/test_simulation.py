"""``simulate``: the games it plays, its summary, and the same summary on any number of workers."""

from __future__ import annotations

import math
import pickle
import statistics
import time
from typing import Any

import pytest

from extras import need
from rummyrules import (
    EndOfThePage,
    GoingOutRummy,
    OptionError,
    PlayableRules,
    replay,
)
from rummyrules.bots import GreedyBot, RandomBot, play_game
from rummyrules.simulation import (
    BotSpec,
    Summary,
    bot_factory,
    bot_seed,
    game_seed,
    simulate,
)
from rummyrules.simulation import games as simulation_games
from rummyrules.simulation.games import GameOutcome
from rummyrules.simulation.summary import summarize
from simulation_bots import FirstMoveBot

PATH_BOT = "simulation_bots:FirstMoveBot"

# Small games, and every kind of seat: a name, an import path, a factory.
SMALL: list[tuple[PlayableRules[Any], list[BotSpec]]] = [
    (EndOfThePage(rounds=1), ["greedy", PATH_BOT]),
    (GoingOutRummy(max_turns=40), [RandomBot, "random"]),
]


def test_the_summary_is_the_games_played_one_by_one() -> None:
    rules = EndOfThePage(rounds=1, players=3)
    seed, games = 11, 9
    summary = simulate(
        rules, ["greedy", "random", PATH_BOT], games=games, seed=seed, records=True
    )
    played = [
        play_game(
            rules,
            [
                GreedyBot(seed=bot_seed(seed, index, 0)),
                RandomBot(seed=bot_seed(seed, index, 1)),
                FirstMoveBot(seed=bot_seed(seed, index, 2)),
            ],
            seed=game_seed(seed, index),
        )
        for index in range(games)
    ]
    assert summary.records == tuple(game.record for game in played)
    assert summary.bots == ("greedy", "random", PATH_BOT)
    for seat in summary.seats:
        scores = [game.state.scores[seat.seat] for game in played]
        assert seat.wins == sum(seat.seat in game.state.winners for game in played)
        assert seat.win_rate == seat.wins / games
        assert seat.mean_score == statistics.fmean(scores)
        assert seat.score_error == statistics.stdev(scores) / math.sqrt(games)
    moves = [len(game.record.moves) for game in played]
    assert (summary.moves.mean, summary.moves.min, summary.moves.max) == (
        statistics.fmean(moves),
        min(moves),
        max(moves),
    )
    assert summary.no_winner == sum(not game.state.winners for game in played)
    assert summary.ties == sum(len(game.state.winners) > 1 for game in played)
    assert summary.rounds is not None
    assert (summary.rounds.min, summary.rounds.max) == (1, 1)


@pytest.mark.parametrize(
    "rules", [GoingOutRummy(max_turns=40), GoingOutRummy(players=4)]
)
def test_turns_in_a_one_round_game_are_the_games_own_count(
    rules: PlayableRules[Any],
) -> None:
    summary = simulate(
        rules, ["random", "greedy"] * (rules.players // 2), games=6, records=True
    )
    finals = [replay(record) for record in summary.records or ()]
    turns = [final.turns for final in finals]
    assert (summary.turns.mean, summary.turns.min, summary.turns.max) == (
        statistics.fmean(turns),
        min(turns),
        max(turns),
    )


def test_a_game_that_keeps_no_score_has_no_scores_or_rounds() -> None:
    summary = simulate(GoingOutRummy(max_turns=30), ["greedy", "random"], games=5)
    assert summary.rounds is None
    assert all(seat.mean_score is None for seat in summary.seats)
    assert all(seat.score_error is None for seat in summary.seats)
    assert summary.records is None


def test_a_tie_is_a_win_for_each_player_tied() -> None:
    # Ties are rare among bots; outcomes made by hand show how one is counted.
    def outcome(index: int, winners: tuple[int, ...]) -> GameOutcome:
        return GameOutcome(
            index=index,
            seed=index,
            winners=winners,
            scores=(10, 10, 0),
            moves=9,
            turns=3,
            rounds=1,
        )

    games = [outcome(0, (0, 1)), outcome(1, (2,)), outcome(2, ())]
    summary = summarize(
        EndOfThePage(players=3), ["greedy"] * 3, 0, games, records=False
    )
    assert [seat.wins for seat in summary.seats] == [1, 1, 1]
    assert (summary.ties, summary.no_winner) == (1, 1)
    assert summary.seats[0].score_error == 0.0


def test_game_seeds_are_the_librarys_own_words_and_nearby_runs_share_no_deals() -> None:
    first = {game_seed(0, index) for index in range(200)}
    second = {game_seed(1, index) for index in range(200)}
    assert len(first) == len(second) == 200
    assert not first & second
    assert all(0 <= seed < 2**53 for seed in first | second)
    assert bot_seed(0, 1, 0) not in {bot_seed(0, 0, 0), bot_seed(0, 1, 1)}


def test_progress_is_told_after_every_game_in_process() -> None:
    calls: list[tuple[int, int]] = []
    simulate(
        GoingOutRummy(max_turns=10),
        ["random", "random"],
        games=12,
        progress=lambda done, total: calls.append((done, total)),
    )
    assert calls == [(done, 12) for done in range(1, 13)]


@pytest.fixture
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Chunks of 3 games: more chunks than workers, the last one short."""
    monkeypatch.setattr(simulation_games, "CHUNK_GAMES", 3)


@pytest.mark.usefixtures("small_chunks")
def test_two_worker_processes_give_the_same_summary_as_one() -> None:
    rules, bots = SMALL[0]
    alone = simulate(rules, bots, games=14, seed=5, records=True)
    calls: list[tuple[int, int]] = []
    shared = simulate(
        rules,
        bots,
        games=14,
        seed=5,
        jobs=2,
        records=True,
        progress=lambda done, total: calls.append((done, total)),
    )
    assert shared == alone
    # Told as each chunk comes back, in whatever order they finish.
    done = [count for count, _ in calls]
    steps = [later - earlier for earlier, later in zip([0, *done], done, strict=False)]
    assert (done[-1], sorted(steps)) == (14, [2, 3, 3, 3, 3])
    assert {total for _, total in calls} == {14}
    assert simulate(rules, bots, games=14, seed=6) != alone  # the seed matters


@pytest.mark.slow
@pytest.mark.usefixtures("small_chunks")
def test_every_core_gives_the_same_summary_as_one() -> None:
    rules, bots = SMALL[1]
    alone = simulate(rules, bots, games=20, seed=5)
    assert simulate(rules, bots, games=20, seed=5, jobs=0) == alone


@pytest.mark.slow
def test_a_local_dask_cluster_gives_the_same_summary_as_one_process() -> None:
    distributed = need("distributed")
    started = time.monotonic()
    alone = [simulate(rules, bots, games=20, seed=9) for rules, bots in SMALL]
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        by_client = [
            simulate(rules, bots, games=20, seed=9, cluster=client)
            for rules, bots in SMALL
        ]
        by_address = simulate(
            *SMALL[0], games=20, seed=9, cluster=cluster.scheduler_address
        )
    assert by_client == alone
    assert by_address == alone[0]
    assert time.monotonic() - started < 60


def test_an_error_in_a_game_names_the_game_and_its_seed() -> None:
    with pytest.raises(OptionError, match="did not end within 5 moves") as caught:
        simulate(EndOfThePage(), ["greedy", "greedy"], games=3, seed=2, max_moves=5)
    assert caught.value.__notes__ == [
        f"in game 0 of the simulation (deal seed {game_seed(2, 0)})"
    ]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"games": 0}, "at least 1 game, not 0"),
        ({"bots": ["greedy"]}, "needs 2 bots, not 1"),
        ({"bots": ["greedy", "clever"]}, "there is no bot 'clever'"),
        ({"bots": ["greedy", "no_such_module:Bot"]}, "cannot import the bot"),
        ({"bots": ["greedy", "simulation_bots:Nobody"]}, "has no Nobody"),
        ({"jobs": -2}, "jobs must be 0 .every core. or more, not -2"),
        ({"jobs": 2, "cluster": "tcp://127.0.0.1:1"}, "give jobs or cluster"),
    ],
)
def test_simulate_refuses_bad_settings(kwargs: dict[str, Any], message: str) -> None:
    settings: dict[str, Any] = {"bots": ["greedy", "random"], "games": 2, **kwargs}
    with pytest.raises(OptionError, match=message):
        simulate(GoingOutRummy(max_turns=4), **settings)


def test_simulate_refuses_what_is_not_a_bot() -> None:
    with pytest.raises(TypeError, match="not int"):
        simulate(GoingOutRummy(), ["greedy", 7], games=1)  # type: ignore[list-item]  # the wrong type, on purpose
    with pytest.raises(TypeError, match="is a str, not a class or function"):
        bot_factory("simulation_bots:__doc__")
    with pytest.raises(TypeError, match="not int"):
        simulate(GoingOutRummy(), ["greedy", "greedy"], games=1, cluster=42)


def test_bot_factory_reads_names_paths_and_factories() -> None:
    assert bot_factory(" GREEDY ") is GreedyBot
    assert bot_factory("rummyrules.bots:RandomBot") is RandomBot
    assert bot_factory(PATH_BOT) is FirstMoveBot
    assert bot_factory(FirstMoveBot) is FirstMoveBot


def test_a_summary_is_a_value_that_pickles() -> None:
    summary = simulate(*SMALL[1], games=3, records=True)
    assert isinstance(summary, Summary)
    # Our own bytes, just made: what a worker sends back is read the same way.
    assert pickle.loads(pickle.dumps(summary)) == summary  # noqa: S301
