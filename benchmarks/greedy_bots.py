"""The greedy bot's choices measured in duplicate games: today's against the plain one it grew from.

Prints, for each variant, the duplicate match (each deal played once per
rotation of the seats, ``simulate(..., duplicate=True)``) of two bots: games,
wins of each, and the first bot's paired margin with its standard error (in
Going Out Rummy, which keeps no score, wins less the mean of the others').

The bots, named on the command line:

- ``greedy``: :class:`~rummyrules.bots.GreedyBot` as it is;
- ``plain``: the greedy bot without its newer choices: it discards the
  costliest lone card at any time, may break a meld of its best packing,
  pays no heed to the cards the other players took, and in Gin Rummy too
  keeps a card with partners before a costlier one without;
- ``half-hour``: ``plain``, but among cards with no partner it lets the
  cheapest go, and the costliest once another player holds three cards or
  fewer (a bot written from the bots page in half an hour);
- ``search``: :class:`~rummyrules.bots.SearchBot` at its defaults.

Both ``plain`` and ``half-hour`` are made by overriding named choices of
``PointsDecision`` and
``GoingOutDecision``, as the bots page
shows.

    PYTHONPATH=src:benchmarks python benchmarks/greedy_bots.py [--deals 400]
        [--bots greedy,plain] [--variants eop,1400,gor,gin] [--seed 0] [--jobs 2]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from rummyrules import EndOfThePage, FourteenHundred, GinRummy, GoingOutRummy
from rummyrules.bots import GreedyBot, SearchBot
from rummyrules.bots.going_out import GoingOutDecision
from rummyrules.bots.points import PointsDecision
from rummyrules.core.cards import Card
from rummyrules.game.state import PlayableRules
from rummyrules.melds.support import close
from rummyrules.simulation import simulate

VARIANTS: dict[str, PlayableRules[Any]] = {
    "eop": EndOfThePage(rounds=1),
    "eop-4": EndOfThePage(players=4, rounds=1),
    "eop-full": EndOfThePage(),
    "1400": FourteenHundred(players=4),
    "1400-2": FourteenHundred(players=2),
    "gor": GoingOutRummy(max_turns=400),
    "gin": GinRummy(),
}
"""The variants: End of the Page a round (two and four players) and whole, 1400 to its target, Going Out Rummy, Gin Rummy."""


class PlainPoints(PointsDecision):
    """The plain discard of a game of points: the costliest lone card, melds not kept, no reading of others."""

    def value_first(self) -> bool:
        """Never: partners before value in every game."""
        return False

    def in_best_melds(self, card: Card) -> bool:
        """Not asked: the plain bot may break a meld of its best packing."""
        del card
        return False

    def ties(self, card: Card) -> int:
        """Its partners in hand only, up to 2."""
        partners = -1  # the card itself is counted once below
        for other in self.hand:
            if not self.keeps_wild(other) and close(card, other, self.meld_rules):
                partners += 1
        return min(partners, 2)

    def lone_order(self, card: Card) -> int:
        """The costliest first, always."""
        return -self.value(card)


class PlainGoingOut(GoingOutDecision):
    """The plain discard of a game of going out: no reading of the other hands."""

    def feeds(self, card: Card) -> int:
        """Not asked."""
        del card
        return 0


class PlainBot(GreedyBot):
    """The greedy bot without its newer choices."""

    points_decision = PlainPoints
    going_out_decision = PlainGoingOut


class HalfHourPoints(PlainPoints):
    """The plain discard, but the cheapest lone card while no other player holds three cards or fewer."""

    def lone_order(self, card: Card) -> int:
        """The cheapest lone card first, until another player holds three cards or fewer."""
        late = any(
            size <= 3
            for seat, size in enumerate(self.view.hand_sizes)
            if seat != self.view.player
        )
        value = self.value(card)
        return value if self.ties(card) == 0 and not late else -value


class HalfHourBot(PlainBot):
    """The half-hour bot of issue 32."""

    points_decision = HalfHourPoints


BOTS: dict[str, Any] = {
    "greedy": GreedyBot,
    "plain": PlainBot,
    "half-hour": HalfHourBot,
    "search": SearchBot,
}


def main() -> None:
    """Play the duplicate matches and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--bots", default="greedy,plain")
    parser.add_argument("--variants", default="eop,1400,gor,gin")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    first, second = (BOTS[name] for name in args.bots.split(","))
    print(
        f"| variant | deals | games | wins {args.bots.replace(',', ' – ')} |"
        f" margin of {args.bots.split(',')[0]} | CPU s |"
    )
    print("|---|---:|---:|---|---|---:|")
    for name in args.variants.split(","):
        rules = VARIANTS[name]
        bots = [first, second] * (rules.players // 2)
        started = time.process_time()
        summary = simulate(
            rules,
            bots,
            games=args.deals,
            seed=args.seed,
            jobs=args.jobs,
            duplicate=True,
        )
        spent = time.process_time() - started
        duplicate = summary.duplicate
        assert duplicate is not None  # noqa: S101 - simulate(duplicate=True) sums it
        ours = [bot for bot in duplicate.bots if bot.index % 2 == 0]
        theirs = [bot for bot in duplicate.bots if bot.index % 2 == 1]
        margin = sum(bot.margin for bot in ours) / len(ours)
        error = max(bot.margin_error or 0.0 for bot in ours)
        print(
            f"| {name} | {args.deals} | {ours[0].games} |"
            f" {sum(b.wins for b in ours)} – {sum(b.wins for b in theirs)} |"
            f" {margin:+.2f} ± {error:.2f} | {spent:.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
