"""How well a deal reads the other hand: the share of its hidden cards that a sampled deal puts in it, uniform and weighed.

A search bot plays its candidate moves on deals of what it cannot see
(:func:`rummyrules.sample_state`). The nearer a deal's other hand is to the
true one, the more its playouts say of the real game: told the true hand,
the search bot wins most games of Gin Rummy (``search_bot.py --deal
hands``). This script plays seeded two-player games of the greedy bot
against itself, and at every third turn of player 0 deals ``--samples``
states of its view, uniformly (``sample_state``) and weighed by what the
table shows (``WeighedDeal``, the hard level's deal), and counts which share
of player 1's hidden cards each puts in player 1's hand. It also prints the
Brier score (the sum over the unseen cards of the squared difference
between how often a deal puts a card in the hand and whether it is there):
lower is better, and a deal sure of a wrong card pays for it.

    PYTHONPATH=src .venv/bin/python benchmarks/reading.py [--games 40] [--samples 24]
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Final

from rummyrules import (
    EndOfThePage,
    FourteenHundred,
    GameState,
    GinRummy,
    GoingOutRummy,
    View,
    sample_state,
)
from rummyrules.bots import GreedyBot, WeighedDeal
from rummyrules.game.state import PlayableRules
from rummyrules.game.strategy import strategy_of

GAMES: Final[dict[str, PlayableRules[Any]]] = {
    "End of the Page": EndOfThePage(rounds=1),
    "1400": FourteenHundred(players=2),
    "Going Out Rummy": GoingOutRummy(),
    "Gin Rummy": GinRummy(),
}
"""Two players each; one round of the games that keep score."""


def uniform(view: View, seed: int) -> GameState:
    """The uniform deal: ``sample_state`` without weights."""
    return sample_state(view, seed=seed)


def reading(
    rules: PlayableRules[Any], games: int, samples: int
) -> dict[str, tuple[float, float, int]]:
    """Per deal, the mean share of the other hand's hidden cards it deals there, the mean Brier score, and the turns read."""
    deals: dict[str, Callable[[View, int], GameState]] = {
        "uniform": uniform,
        "weighed": WeighedDeal(),
    }
    shares: dict[str, list[float]] = {name: [] for name in deals}
    briers: dict[str, list[float]] = {name: [] for name in deals}
    bot = GreedyBot()
    for seed in range(games):
        state = rules.new_game(seed=seed)
        rounds = len(state.score_sheet)
        for turn in range(400):
            if state.is_over or len(state.score_sheet) > rounds:
                break
            mover = state.to_move or 0
            view = state.view(mover)
            if mover == 0 and turn % 3 == 0 and turn > 4:
                held = strategy_of(rules).held(view, 1)
                hidden = Counter(state.hand(1)) - held
                if hidden.total():
                    for name, deal in deals.items():
                        placed: Counter[Any] = Counter()
                        hits = 0
                        for sample_seed in range(samples):
                            dealt = Counter(deal(view, sample_seed).hand(1)) - held
                            hits += (dealt & hidden).total()
                            placed.update(set(dealt))
                        shares[name].append(hits / samples / hidden.total())
                        briers[name].append(
                            sum(
                                (placed[card] / samples - (card in hidden)) ** 2
                                for card in set(placed) | set(hidden)
                            )
                        )
            move = bot.choose(view)
            if move is None:
                break
            state = state.apply(move)
    return {
        name: (
            statistics.fmean(shares[name]),
            statistics.fmean(briers[name]),
            len(shares[name]),
        )
        for name in deals
    }


def main(arguments: Sequence[str] | None = None) -> None:
    """Print, per game, each deal's share of the other hand's hidden cards and its Brier score."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--samples", type=int, default=24)
    options = parser.parse_args(arguments)
    print(
        "| game | turns read | share dealt right: uniform | weighed | Brier: uniform | weighed |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for name, rules in GAMES.items():
        read = reading(rules, options.games, options.samples)
        (plain, plain_brier, turns), (weighed, weighed_brier, _) = (
            read["uniform"],
            read["weighed"],
        )
        print(
            f"| {name} | {turns} | {plain:.1%} | {weighed:.1%} |"
            f" {plain_brier:.2f} | {weighed_brier:.2f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
