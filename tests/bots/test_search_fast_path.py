"""The greedy bot on the fast path, and the search bot's greedy rollouts by actions (issue 43, item 1).

The greedy bot answers by action (``GreedyBot.choose_action``) the move it
chooses from the view, and the search bot's rollouts play it by action: each
test plays the same seeded positions both ways, the by-views way through a
wrapper that hides ``choose_action``, and asks for the same choices. The
memos the greedy decision keeps between decisions (the packers of the hands
it met, Going Out Rummy's gaps of a hand) must not change a choice: a
decision made after many others is the one made from memos emptied.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from rummyrules import (
    EndOfThePage,
    FourteenHundred,
    GameState,
    GinRummy,
    GoingOutRummy,
    OptionError,
    PlayableRules,
    View,
)
from rummyrules.bots import ActionBot, Bot, GreedyBot, SearchBot, search
from rummyrules.bots import going_out as bot_going_out
from rummyrules.bots import packing as bot_packing
from rummyrules.bots import points as bot_points
from rummyrules.bots.players import askers
from rummyrules.game.moves import Move
from rummyrules.games.going_out import strategy as gor_strategy
from strategies import random_play

RULES = [
    EndOfThePage(rounds=1),
    FourteenHundred(players=3, target=300),
    GoingOutRummy(players=3, max_turns=60),
    GinRummy(),
]
IDS = ["eop", "1400", "gor", "gin"]


class ByViews:
    """The wrapped bot with its fast path hidden: it chooses from views only."""

    def __init__(self, bot: Bot) -> None:
        self._bot = bot

    def choose(self, view: View) -> Move | None:
        return self._bot.choose(view)


def positions(rules: PlayableRules[Any], seed: int, steps: int) -> list[GameState]:
    """The states of a seeded random game, every one a position some player may move in."""
    return random_play(rules.new_game(seed=seed), random.Random(seed), steps)[:-1]


def forget_greedy_memos() -> None:
    """Empty the memos a greedy decision shares with the next ones."""
    bot_packing._KEPT.clear()
    gor_strategy._GAPS.clear()
    for cached in (
        bot_points._card_values,
        bot_going_out._shape,
        bot_going_out._goes_out,
    ):
        cached.cache_clear()


@pytest.mark.parametrize("rules", RULES, ids=IDS)
def test_the_greedy_bots_action_names_the_move_it_chooses(
    rules: PlayableRules[Any],
) -> None:
    """At every position of seeded games, in turn and out of it, the greedy bot's action is its move's."""
    bot = GreedyBot()
    assert isinstance(bot, ActionBot)
    asked = 0
    for seed in range(3):
        for state in positions(rules, seed, 60):
            mover = state.to_move or 0
            for player in [*askers(state, mover), mover]:
                move = bot.choose(state.view(player))
                action = bot.choose_action(state, player)
                if move is None:
                    assert action is None
                    continue
                assert action is not None
                seat = None if player == mover else player
                assert state.action_to_move(action, player=seat) == move
                assert state.apply_action(action, player=seat) == state.apply(
                    move, player=player
                )
                asked += 1
    assert asked > 100


def test_a_greedy_bot_whose_move_is_not_listed_is_refused() -> None:
    """A subclass that makes a move the view does not list gets a clear error, not another move."""

    class Stranger(GreedyBot):
        def choose(self, view: View) -> Move | None:
            del view
            return EndOfThePage().new_game(seed=1).legal_moves()[0]  # a draw

    game = GinRummy().new_game(seed=3)
    with pytest.raises(OptionError, match="does not list"):
        Stranger().choose_action(game, game.to_move or 0)


@pytest.mark.parametrize("rules", RULES, ids=IDS)
def test_greedy_rollouts_by_actions_choose_as_by_views(
    rules: PlayableRules[Any],
) -> None:
    """Seeded, the search bot makes the same choices whether its greedy rollouts run by actions or by views."""
    chosen: dict[bool, list[Move | None]] = {}
    for by_action in (True, False):
        rollout: Bot = GreedyBot() if by_action else ByViews(GreedyBot())
        search = SearchBot(seed=5, playouts=3, rollout=rollout)
        chosen[by_action] = [
            search.choose(state.view(state.to_move or 0))
            for state in positions(rules, 7, 30)[::5]
        ]
    assert chosen[True] == chosen[False]
    assert any(move is not None for move in chosen[True])


@pytest.mark.parametrize("rules", RULES, ids=IDS)
def test_the_greedy_memos_change_no_choice(rules: PlayableRules[Any]) -> None:
    """A greedy choice made after a search's many playouts is the one made from emptied memos."""
    states = positions(rules, 11, 60)[::2]
    views = [state.view(state.to_move or 0) for state in states]
    forget_greedy_memos()
    cold = []
    for view in views:
        forget_greedy_memos()
        cold.append(GreedyBot().choose(view))
    forget_greedy_memos()
    SearchBot(seed=1, playouts=4).choose(views[len(views) // 2])  # fills the memos
    warm = [GreedyBot().choose(view) for view in views]
    assert warm == cold


class _MoveClock(SearchBot):
    """A search bot whose CPU clock is the number of rollout moves it played, a thousandth of a second each."""

    moves = 0

    def _next_state(self, state: GameState) -> GameState:
        self.moves += 1
        return super()._next_state(state)

    def clock(self) -> float:
        return self.moves / 1000


@pytest.mark.parametrize("seconds", [0.005, 0.05, 0.2])
def test_a_budget_of_seconds_runs_out_within_a_playout(
    seconds: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Out of time within a playout, the search stops there: a turn plays at most a few moves past its time, whatever its deals' length."""
    game = GinRummy().new_game(seed=3).apply("take")
    bot = _MoveClock(seed=1, playouts=None, seconds=seconds, width=6)
    monkeypatch.setattr(time, "process_time", bot.clock)
    move = bot.choose(game.view(0))
    assert move in game.legal_moves()
    assert seconds * 1000 <= bot.moves <= seconds * 1000 + search._CLOCK_EVERY


def test_out_of_time_before_a_whole_deal_the_first_move_is_made(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A turn whose time runs out before every candidate is played on one deal makes the rollout bot's move."""
    game = GinRummy().new_game(seed=3).apply("take")
    bot = _MoveClock(seed=1, playouts=None, seconds=0.003, width=6)
    monkeypatch.setattr(time, "process_time", bot.clock)
    assert bot.choose(game.view(0)) == GreedyBot().choose(game.view(0))
    assert 3 <= bot.moves <= 3 + search._CLOCK_EVERY
