"""``simulate(duplicate=True)``: every deal in every seating, summed up per bot, the same on any number of workers."""

from __future__ import annotations

import math
import statistics
import time
from typing import Any

import pytest

from extras import need
from rummyrules import EndOfThePage, GinRummy, GoingOutRummy, PlayableRules, replay
from rummyrules.bots import play_game
from rummyrules.simulation import (
    BotSpec,
    bot_factory,
    bot_seed,
    game_seed,
    simulate,
)
from rummyrules.simulation import games as simulation_games
from rummyrules.simulation.seating import seating

PATH_BOT = "simulation_bots:FirstMoveBot"

# Small games: greedy against a weak bot, with scores and without.
SMALL: list[tuple[PlayableRules[Any], list[BotSpec]]] = [
    (GinRummy(), ["greedy", "random"]),
    (EndOfThePage(rounds=1), ["greedy", "random"]),
    (GoingOutRummy(max_turns=40), ["greedy", PATH_BOT]),
]


def test_every_deal_is_played_once_per_rotation_of_the_seats() -> None:
    rules = EndOfThePage(rounds=1, players=3)
    bots: list[BotSpec] = ["greedy", "random", PATH_BOT]
    seed, deals = 4, 3
    summary = simulate(
        rules, bots, games=deals, seed=seed, records=True, duplicate=True
    )
    played = [
        play_game(
            rules,
            [
                bot_factory(spec)(seed=bot_seed(seed, deal, seat))
                for seat, spec in enumerate(seating(bots, rotation))
            ],
            seed=game_seed(seed, deal),
        )
        for deal in range(deals)
        for rotation in range(3)
    ]
    assert summary.records == tuple(game.record for game in played)
    assert summary.games == 9
    duplicate = summary.duplicate
    assert duplicate is not None
    assert (duplicate.deals, duplicate.rotations, duplicate.measure) == (3, 3, "score")
    # Bot b sat in seat (b + rotation) % 3 of game 3 * deal + rotation.
    for bot in duplicate.bots:
        seats = [(bot.index + number) % 3 for number in range(9)]
        scores = [
            game.state.scores[seat] for game, seat in zip(played, seats, strict=True)
        ]
        assert bot.bot == summary.bots[bot.index]
        assert bot.games == 9
        assert bot.wins == sum(
            seat in game.state.winners for game, seat in zip(played, seats, strict=True)
        )
        assert bot.mean_score == statistics.fmean(scores)
    # The per-seat figures are still the seats', each bot in each in turn.
    assert [seat.bot for seat in summary.seats] == ["rotated"] * 3
    assert sum(seat.wins for seat in summary.seats) == sum(
        bot.wins for bot in duplicate.bots
    )


def test_the_margin_is_each_deals_mean_against_the_others_means() -> None:
    rules = EndOfThePage(rounds=1, players=3)
    bots: list[BotSpec] = ["greedy", "random", "random"]
    summary = simulate(rules, bots, games=4, seed=8, records=True, duplicate=True)
    duplicate = summary.duplicate
    assert duplicate is not None
    finals = [replay(record).scores for record in summary.records or ()]
    means = [
        [
            statistics.fmean(
                finals[3 * deal + rotation][(bot + rotation) % 3]
                for rotation in range(3)
            )
            for deal in range(4)
        ]
        for bot in range(3)
    ]
    for bot in duplicate.bots:
        others = [other for other in range(3) if other != bot.index]
        margins = [
            means[bot.index][deal] - statistics.fmean(means[o][deal] for o in others)
            for deal in range(4)
        ]
        assert bot.margin == pytest.approx(statistics.fmean(margins))
        assert bot.margin_error == pytest.approx(
            statistics.stdev(margins) / math.sqrt(4)
        )
    # What one bot gains on a deal the others lose.
    assert sum(bot.margin for bot in duplicate.bots) == pytest.approx(0, abs=1e-9)


@pytest.mark.parametrize(("rules", "bots"), SMALL)
def test_greedy_beats_a_weak_bot_on_the_same_cards(
    rules: PlayableRules[Any], bots: list[BotSpec]
) -> None:
    summary = simulate(rules, bots, games=6, seed=3, duplicate=True)
    duplicate = summary.duplicate
    assert duplicate is not None
    greedy, weak = duplicate.bots
    assert (greedy.bot, greedy.index, weak.index) == ("greedy", 0, 1)
    assert greedy.margin_error is not None
    assert greedy.margin > max(0, 3 * greedy.margin_error)
    assert weak.margin == -greedy.margin
    assert weak.margin_error == greedy.margin_error
    assert greedy.wins > weak.wins
    assert greedy.games == weak.games == summary.games == 12
    assert greedy.wins + weak.wins == 12 - summary.no_winner + summary.ties
    assert sum(seat.wins for seat in summary.seats) == greedy.wins + weak.wins
    assert duplicate.measure == ("score" if rules.keeps_score else "win")
    assert (greedy.mean_score is None) == (not rules.keeps_score)


def test_two_copies_of_a_bot_play_the_same_game_in_every_seating() -> None:
    # Bots are seeded by seat: a deal's rotations then differ only in who is
    # who, so equal bots come out even on every deal.
    summary = simulate(
        GoingOutRummy(max_turns=40),
        ["random", "random"],
        games=5,
        records=True,
        duplicate=True,
    )
    records = summary.records or ()
    assert [str(records[n]) for n in range(0, 10, 2)] == [
        str(records[n]) for n in range(1, 10, 2)
    ]
    duplicate = summary.duplicate
    assert duplicate is not None
    assert [(bot.margin, bot.margin_error) for bot in duplicate.bots] == [(0, 0)] * 2


def test_rotation_zero_is_the_plain_simulations_game() -> None:
    rules, bots = SMALL[1]
    plain = simulate(rules, bots, games=4, seed=2, records=True)
    duplicate = simulate(rules, bots, games=4, seed=2, records=True, duplicate=True)
    assert (duplicate.records or ())[::2] == plain.records
    assert plain.duplicate is None
    assert [seat.bot for seat in plain.seats] == ["greedy", "random"]


def test_one_deal_has_no_margin_error_and_progress_counts_games() -> None:
    calls: list[tuple[int, int]] = []
    summary = simulate(
        GinRummy(),
        ["greedy", "random"],
        games=1,
        duplicate=True,
        progress=lambda done, total: calls.append((done, total)),
    )
    assert summary.duplicate is not None
    assert [bot.margin_error for bot in summary.duplicate.bots] == [None, None]
    assert calls == [(1, 2), (2, 2)]


@pytest.fixture
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Chunks of 3 games: a deal's two seatings fall in different chunks."""
    monkeypatch.setattr(simulation_games, "CHUNK_GAMES", 3)


@pytest.mark.usefixtures("small_chunks")
def test_two_worker_processes_give_the_same_duplicate_summary_as_one() -> None:
    rules, bots = SMALL[0]
    alone = simulate(rules, bots, games=7, seed=5, records=True, duplicate=True)
    calls: list[tuple[int, int]] = []
    shared = simulate(
        rules,
        bots,
        games=7,
        seed=5,
        jobs=2,
        records=True,
        duplicate=True,
        progress=lambda done, total: calls.append((done, total)),
    )
    assert shared == alone
    assert shared.duplicate is not None
    assert (calls[-1], len(calls)) == ((14, 14), 5)


@pytest.mark.slow
def test_a_local_dask_cluster_gives_the_same_duplicate_summary() -> None:
    distributed = need("distributed")
    started = time.monotonic()
    alone = [
        simulate(rules, bots, games=6, seed=9, duplicate=True) for rules, bots in SMALL
    ]
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
        on_cluster = [
            simulate(rules, bots, games=6, seed=9, duplicate=True, cluster=client)
            for rules, bots in SMALL
        ]
    assert on_cluster == alone
    assert time.monotonic() - started < 60
