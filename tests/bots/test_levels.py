"""The levels (issue 43, item 3): easy, medium and hard in every game, and the names that pick them."""

from __future__ import annotations

import argparse
from typing import Any

import pytest

from rummyrules import (
    EndOfThePage,
    FourteenHundred,
    GinRummy,
    GoingOutRummy,
    OptionError,
)
from rummyrules.bots import (
    LEVELS,
    EasyBot,
    GreedyBot,
    RandomBot,
    SearchBot,
    hard_bot,
    level_bot,
    play_game,
)
from rummyrules.bots.levels import HARD_PLAYOUTS, HARD_SECONDS, level_factory
from rummyrules.cli.seats import bot_names, make_bots
from rummyrules.game.state import PlayableRules
from rummyrules.simulation import BOTS, bot_factory, simulate

SHORT: dict[str, PlayableRules[Any]] = {
    "eop": EndOfThePage(rounds=1),
    "1400": FourteenHundred(players=2, target=200),
    "gor": GoingOutRummy(max_turns=30),
    "gin": GinRummy(),
}
"""A short game of each game: a round, a low target, a bounded Going Out game, a hand."""

WHOLE: dict[str, PlayableRules[Any]] = {
    "eop": EndOfThePage(),
    "1400": FourteenHundred(players=2),
    "gor": GoingOutRummy(),
    "gin": GinRummy(),
}
"""A whole game of each game, as a table plays it."""


def quick_hard(*, seed: int = 0) -> Any:
    """The hard level with its CPU cap lowered, as a busy server gives it: quick enough for every test run."""
    return hard_bot(seed=seed, seconds=0.02)


@pytest.mark.parametrize("game", sorted(WHOLE))
@pytest.mark.parametrize("level", ["easy", "medium"])
def test_easy_and_medium_play_a_whole_game_of_every_game(game: str, level: str) -> None:
    bots = [level_bot(level, seed=1), level_bot(level, seed=2)]
    assert play_game(WHOLE[game], bots, seed=5).state.is_over


@pytest.mark.parametrize("game", sorted(SHORT))
def test_hard_with_a_lowered_cap_plays_a_whole_short_game_of_every_game(
    game: str,
) -> None:
    played = play_game(SHORT[game], [quick_hard(seed=1), GreedyBot()], seed=6)
    assert played.state.is_over


@pytest.mark.slow
@pytest.mark.parametrize("game", ["gin", "gor"])
def test_hard_at_its_own_budget_plays_a_whole_game(game: str) -> None:
    # End of the Page and 1400 take minutes a whole game at this budget:
    # benchmarks/strength.py plays them; the test above plays them capped.
    bots = [level_bot("hard", seed=3), level_bot("medium", seed=4)]
    assert play_game(WHOLE[game], bots, seed=8).state.is_over


def test_the_levels_are_easy_medium_hard_and_hard_is_the_capped_search() -> None:
    assert list(LEVELS) == ["easy", "medium", "hard"]
    assert level_factory("medium") is GreedyBot
    bot = level_bot("hard", seed=1)
    assert isinstance(bot, SearchBot)
    assert (bot.playouts, bot.seconds) == (HARD_PLAYOUTS, HARD_SECONDS)
    assert HARD_SECONDS < 1  # hard answers within a CPU second a move
    # A lower cap is taken; a higher one is not.
    assert isinstance(low := hard_bot(seconds=0.1), SearchBot)
    assert low.seconds == 0.1
    assert isinstance(high := hard_bot(seconds=5.0), SearchBot)
    assert high.seconds == HARD_SECONDS


def moves_of(bot: Any, rules: PlayableRules[Any], seed: int) -> list[str]:
    """The moves of a whole game of ``bot`` against the greedy bot."""
    played = play_game(rules, [bot, GreedyBot()], seed=seed)
    return [str(move) for move in played.record.moves]


@pytest.mark.parametrize("game", sorted(SHORT))
def test_the_easy_bot_is_the_same_given_its_seed_and_blunders_as_asked(
    game: str,
) -> None:
    rules = SHORT[game]
    assert moves_of(EasyBot(seed=4), rules, 9) == moves_of(EasyBot(seed=4), rules, 9)
    # No blunders: the greedy bot; all blunders: the random bot with its seed.
    assert moves_of(EasyBot(seed=4, blunders=0), rules, 9) == moves_of(
        GreedyBot(), rules, 9
    )
    assert moves_of(EasyBot(seed=4, blunders=100), rules, 9) == moves_of(
        RandomBot(seed=4), rules, 9
    )
    assert moves_of(EasyBot(seed=4), rules, 9) != moves_of(GreedyBot(), rules, 9)


def test_gor_10_the_easy_bot_never_drops_out_even_on_a_blunder() -> None:
    rules = GoingOutRummy(max_turns=60)
    for seed in range(5):
        played = play_game(rules, [EasyBot(seed=seed, blunders=100), GreedyBot()])
        assert not any(move.leaves_game for move in played.record.moves)


def test_medium_beats_easy_and_easy_beats_random_in_duplicate_gin() -> None:
    duplicate = simulate(GinRummy(), ["medium", "easy"], games=30, duplicate=True)
    assert duplicate.duplicate is not None
    assert duplicate.duplicate.bots[0].margin > 0
    duplicate = simulate(GinRummy(), ["easy", "random"], games=30, duplicate=True)
    assert duplicate.duplicate is not None
    assert duplicate.duplicate.bots[0].margin > 0


@pytest.mark.parametrize("level", list(LEVELS))
def test_the_levels_are_bots_by_name_in_simulate_and_the_cli(level: str) -> None:
    assert BOTS[level] is LEVELS[level]
    assert bot_factory(level.upper()) is LEVELS[level]
    assert bot_names(f"{level},greedy") == (level, "greedy")
    assert type(make_bots([level], 2, seed=1)[0]) is type(level_bot(level))


def test_simulate_seats_the_levels_by_name() -> None:
    summary = simulate(GoingOutRummy(max_turns=20), ["easy", "medium"], games=4)
    assert summary.bots == ("easy", "medium")
    assert summary.games == 4


def test_an_unknown_name_is_refused_with_the_levels_listed() -> None:
    with pytest.raises(OptionError, match="the levels are easy, medium and hard"):
        level_factory("expert")
    with pytest.raises(OptionError, match="the bots are easy, medium, hard, greedy"):
        bot_factory("expert")
    with pytest.raises(argparse.ArgumentTypeError, match="easy, medium, hard"):
        bot_names("expert")
