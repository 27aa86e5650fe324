"""SearchBot against GreedyBot: win rates and score margins in two-player games of every variant.

Games are played in pairs, as duplicate bridge is: each deal (seed ``s``) is
played twice, the search bot in seat 0 and then in seat 1, so both bots get
the same cards and the luck of the deal cancels out of the margin. Prints, for
each variant, the games played, the search bot's wins, losses and draws, its
mean score margin (its final total less the greedy bot's; in Going Out
Rummy, which keeps no score, its wins less its losses) with the standard
error over the pairs, the CPU time a game took, and the search bot's CPU
time a choice (mean and max). Its budget a turn: ``--playouts`` deals (0
for none), ``--seconds`` of CPU, or both.

``--deal`` says what the search bot searches on: ``sampled`` (its own view,
dealt at random), ``weighed`` (its own view, the other hands dealt by what
the table shows of them: ``WeighedDeal``, the hard level's), ``hands`` (the true hands, the stock
shuffled anew: what a perfect reading of the other players would give) or
``whole`` (the true state, stock order included: an oracle, to measure what
information is worth, never a way to play).

``--speed N`` only times the search bot: its playouts per CPU second over
the first ``N`` decisions of a seeded random game of each variant, with its
default greedy rollouts (which judge moves, and stay on the public face) and
with random rollouts by views and by actions (the fast path), which choose
the same moves.

    PYTHONPATH=src python benchmarks/search_bot.py [--pairs 50] [--playouts 32]
        [--seconds 0.8] [--caution 2.5] [--deal sampled] [--jobs 2] [--first-seed 5000]
        [--variants gin,eop]
    PYTHONPATH=src python benchmarks/search_bot.py --speed 30
"""

from __future__ import annotations

import argparse
import gc
import math
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import Any

from attrs import frozen
from playout import forget_memos

from rummyrules import EndOfThePage, FourteenHundred, GinRummy, GoingOutRummy
from rummyrules.bots import Bot, GreedyBot, RandomBot, SearchBot, WeighedDeal
from rummyrules.bots.players import askers
from rummyrules.core.shuffle import shuffled
from rummyrules.game.moves import Move
from rummyrules.game.state import GameState, PlayableRules, View

VARIANTS: dict[str, PlayableRules[Any]] = {
    "eop": EndOfThePage(rounds=1),
    "1400": FourteenHundred(players=2, target=300),
    "1400-full": FourteenHundred(players=2),
    "gor": GoingOutRummy(),
    "gin": GinRummy(),
}
"""The variants compared, each short (one round, one hand, or a low target), and 1400 to its own target.

A game of 1400 to 300 lasts about two rounds, to 1400 about eight: the full
game is the one a table plays, and four times as long to measure.
"""

FIRST_SEED = 5000
"""The first deal's seed by default: away from the seeds the tests use."""


@frozen
class Settings:
    """What every game of a run shares: the variant and the search bot's settings."""

    variant: str
    playouts: int | None
    caution: float
    deal: str
    first_seed: int
    seconds: float | None = None


class TimedSearchBot(SearchBot):
    """A search bot that keeps the CPU seconds of each of its choices."""

    def __init__(self, **settings: Any) -> None:
        super().__init__(**settings)
        self.times: list[float] = []

    def choose(self, view: View) -> Move | None:
        """The search bot's choice, timed."""
        started = time.process_time()
        move = super().choose(view)
        self.times.append(time.process_time() - started)
        return move


Result = tuple[int, int, float, float, tuple[float, ...]]
"""A game's result: won, lost, margin, CPU s, and the search bot's CPU s of each choice."""


def play(settings: Settings, number: int) -> Result:
    """Game ``number`` (deal ``first_seed + number // 2``, the search bot in seat ``number % 2``): won, lost, margin, CPU s, CPU s a choice."""
    started = time.process_time()
    rules = VARIANTS[settings.variant]
    seat = number % 2
    state: GameState = rules.new_game(seed=settings.first_seed + number // 2)
    truth = [state]

    def true_state(view: View, seed: int) -> GameState:
        del view
        whole = truth[0]
        if settings.deal == "hands":
            return whole.replace(stock=shuffled(whole.stock, seed), seed=seed)
        return whole.replace(seed=seed)

    search = TimedSearchBot(
        seed=number,
        playouts=settings.playouts,
        seconds=settings.seconds,
        caution=settings.caution,
        deal={"sampled": None, "weighed": WeighedDeal()}.get(settings.deal, true_state),
    )
    bots: list[Bot] = [GreedyBot(), GreedyBot()]
    bots[seat] = search
    while not state.is_over:
        truth[0] = state
        state = state.apply(_next_move(state, bots))
    margin = state.scores[seat] - state.scores[1 - seat] if rules.keeps_score else 0
    won = state.winners == (seat,)
    lost = bool(state.winners) and seat not in state.winners
    spent = time.process_time() - started
    return int(won), int(lost), float(margin), spent, tuple(search.times)


def _next_move(state: GameState, bots: list[Bot]) -> Move:
    """As play_game asks: the others out of turn (a 1400 claim) first, then the mover."""
    mover = state.to_move or 0
    for other in askers(state, mover):
        move = bots[other].choose(state.view(other))
        if move is not None:
            return move
    move = bots[mover].choose(state.view(mover))
    if move is None:
        raise RuntimeError(f"the bot of seat {mover} chose no move on its turn")
    return move


class CountingSearchBot(SearchBot):
    """A search bot that counts its playouts (each candidate played out on one deal)."""

    def __init__(self, **settings: Any) -> None:
        super().__init__(**settings)
        self.counted = 0

    def _outcome(
        self, state: GameState, root: GameState, player: int, deadline: float | None
    ) -> float | None:
        self.counted += 1
        return super()._outcome(state, root, player, deadline)


class ByViews:
    """The wrapped bot with its fast path hidden: it chooses from views only, as before issue 40."""

    def __init__(self, bot: Bot) -> None:
        self._bot = bot

    def choose(self, view: View) -> Move | None:
        """The wrapped bot's choice from the view."""
        return self._bot.choose(view)


ROLLOUTS: dict[str, Callable[[], Bot]] = {
    "greedy": GreedyBot,
    "random, by views": lambda: ByViews(RandomBot(seed=1)),
    "random, by actions": lambda: RandomBot(seed=1),
}
"""The search bot's rollouts timed: its default (greedy, which judges moves), and random ones both ways."""


def playout_rate(
    variant: str, rollout: str, decisions: int, seed: int
) -> tuple[float, tuple[Move | None, ...]]:
    """The search bot's playouts per CPU second over the views of a seeded random game, and the moves it chose."""
    rules = VARIANTS[variant]
    bot = CountingSearchBot(seed=seed, playouts=8, rollout=ROLLOUTS[rollout]())
    game = rules.new_game(seed=seed)
    views: list[View] = []
    players = [RandomBot(seed=seed + seat) for seat in range(rules.players)]
    while not game.is_over and len(views) < decisions:
        mover = game.to_move or 0
        views.append(game.view(mover))
        move = players[mover].choose(views[-1])
        game = game.apply(move) if move is not None else game
    forget_memos()  # each rollout starts cold: no run finds another's searches made
    gc.collect()
    started = time.process_time()
    chosen = tuple(bot.choose(view) for view in views)
    spent = time.process_time() - started
    return bot.counted / spent, chosen


def print_playout_rates(decisions: int, seed: int, variants: Sequence[str]) -> None:
    """A line a variant: the search bot's playouts per CPU second with each rollout, the collector on."""
    print(
        f"Search bot, playouts per CPU second ({decisions} decisions of a seeded "
        f"random game, 8 deals each, collector on)"
    )
    print(f"{'variant':<18}" + "".join(f"{name:>22}" for name in ROLLOUTS) + "  x")
    for variant in variants:
        rates, chosen = {}, {}
        for name in ROLLOUTS:
            rates[name], chosen[name] = playout_rate(variant, name, decisions, seed)
        by_views, by_actions = "random, by views", "random, by actions"
        same = "" if chosen[by_views] == chosen[by_actions] else "  NOT the same moves"
        print(
            f"{variant:<18}"
            + "".join(f"{rates[name]:>22,.0f}" for name in ROLLOUTS)
            + f"  {rates[by_actions] / rates[by_views]:.2f}{same}",
            flush=True,
        )
    print("  x: random rollouts by actions over by views (the same moves chosen)")


def main() -> None:
    """Play every variant asked for and print a line each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--pairs", type=int, default=50, help="deals, each played twice"
    )
    parser.add_argument(
        "--playouts", type=int, default=32, help="deals a turn; 0 for no such limit"
    )
    parser.add_argument(
        "--seconds", type=float, default=None, help="CPU s a turn, besides"
    )
    parser.add_argument("--caution", type=float, default=2.5)
    parser.add_argument(
        "--deal", choices=("sampled", "weighed", "hands", "whole"), default="sampled"
    )
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument(
        "--first-seed", type=int, default=FIRST_SEED, help="the first deal's seed"
    )
    parser.add_argument(
        "--variants", default="eop,1400,gor,gin", help=", ".join(VARIANTS)
    )
    parser.add_argument(
        "--speed",
        type=int,
        metavar="DECISIONS",
        help="only time the search bot's playouts, over this many decisions a variant",
    )
    options = parser.parse_args()
    if options.speed:
        variants = options.variants.split(",")
        print_playout_rates(options.speed, options.first_seed, variants)
        return
    for variant in options.variants.split(","):
        games = 2 * options.pairs
        settings = Settings(
            variant,
            options.playouts or None,
            options.caution,
            options.deal,
            options.first_seed,
            options.seconds,
        )
        with ProcessPoolExecutor(options.jobs) as pool:
            results = list(pool.map(partial(play, settings), range(games), chunksize=2))
        wins = sum(result[0] for result in results)
        losses = sum(result[1] for result in results)
        # Where the game keeps no score, the margin of a game is its win less its loss.
        margins = [
            result[2] if VARIANTS[variant].keeps_score else result[0] - result[1]
            for result in results
        ]
        pairs = [(margins[i] + margins[i + 1]) / 2 for i in range(0, games, 2)]
        error = (
            statistics.stdev(pairs) / math.sqrt(len(pairs)) if len(pairs) > 1 else 0.0
        )
        margin = (
            f"{statistics.fmean(margins):+6.1f} ± {error:4.1f}"
            if VARIANTS[variant].keeps_score
            else f"{statistics.fmean(margins):+.2f} ± {error:.2f} wins"
        )
        choices = [spent for result in results for spent in result[4]]
        print(
            f"{VARIANTS[variant].name:16} games {games:4}  wins {wins:4}  "
            f"losses {losses:4}  draws {games - wins - losses:3}  "
            f"win rate {wins / games:4.0%}  mean margin {margin}  "
            f"{statistics.fmean(result[3] for result in results):.2f} CPU s/game  "
            f"CPU s a choice mean {statistics.fmean(choices or [0.0]):.3f} "
            f"max {max(choices, default=0.0):.3f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
