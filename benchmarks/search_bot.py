"""SearchBot against GreedyBot: win rates and score margins in two-player games of every variant.

Each game seats the search bot and the greedy bot, the seats alternating from
game to game, with the game's seed the game's number. Prints, for each
variant, the games played, the search bot's wins, losses and draws, its mean
score margin (its final total less the greedy bot's, in games that keep
score) and the CPU time a game took.

    PYTHONPATH=src python benchmarks/search_bot.py [games] [playouts]
"""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any

from rummyrules import EndOfThePage, FourteenHundred, GinRummy, GoingOutRummy
from rummyrules.bots import Bot, GreedyBot, SearchBot, play_game
from rummyrules.game.state import PlayableRules

VARIANTS: tuple[PlayableRules[Any], ...] = (
    EndOfThePage(rounds=1),
    FourteenHundred(players=2, target=300),
    GoingOutRummy(),
    GinRummy(),
)
"""The variants compared, each short: one round, one hand, or a low target."""


def match(
    rules: PlayableRules[Any], games: int, playouts: int
) -> tuple[int, int, int, list[int], float]:
    """Wins, losses, draws, margins and CPU seconds a game, the search bot against greedy."""
    wins = losses = draws = 0
    margins: list[int] = []
    started = time.process_time()
    for number in range(games):
        seat = number % 2
        bots: list[Bot] = [GreedyBot(), GreedyBot()]
        bots[seat] = SearchBot(seed=number, playouts=playouts)
        state = play_game(rules, bots, seed=number).state
        if rules.keeps_score:
            margins.append(state.scores[seat] - state.scores[1 - seat])
        if state.winners == (seat,):
            wins += 1
        elif seat in state.winners or not state.winners:
            draws += 1
        else:
            losses += 1
    return wins, losses, draws, margins, (time.process_time() - started) / games


def main() -> None:
    """Play every variant and print a line each."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    playouts = int(sys.argv[2]) if len(sys.argv) > 2 else 8
    for rules in VARIANTS:
        wins, losses, draws, margins, seconds = match(rules, games, playouts)
        margin = f"{statistics.fmean(margins):+.1f}" if margins else "n/a"
        print(
            f"{rules.name:16} games {games:3}  wins {wins:3}  losses {losses:3}  "
            f"draws {draws:3}  win rate {wins / games:.0%}  mean margin {margin}  "
            f"{seconds:.2f} s/game"
        )


if __name__ == "__main__":
    main()
