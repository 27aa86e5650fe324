"""Compare two settings of a house rule over many seeded games among bots.

Run it from the repository. With no arguments it plays 50 games of End of the
Page, GreedyBot against RandomBot, with ``discard_taken_card=true`` (the
default, EOP-R3) and the same 50 deals with ``discard_taken_card=false``, and
prints the mean scores, win rates and game lengths of each and the
difference::

    python examples/simulate_house_rules.py
    python examples/simulate_house_rules.py --variant FourteenHundred --games 20
    python examples/simulate_house_rules.py --option players=3 --jobs 0
    python examples/simulate_house_rules.py --variant "EndOfThePage max_turns=200"
        --option stock_out=end_round --option stock_out=reshuffle --bots random

``--variant`` is a rules line as ``rummyrules.game.registry.parse_rules``
reads it: a variant's class name and the options both settings share.
``--option`` names a setting as ``name=value`` (several at once in quotes):
give it twice to compare two settings, or once to compare it with the
defaults. Both settings are played by :func:`rummyrules.simulate` with the
same ``--seed``, which deals game ``i`` and seeds its bots alike under both:
so both settings play the same deals, and every run prints the same table,
whatever ``--jobs``.
"""

from __future__ import annotations

import argparse
import math
import statistics
from collections.abc import Sequence
from typing import Any, NamedTuple

from rummyrules import GameRecord, OptionError, PlayableRules, parse_rules, rules_text
from rummyrules import simulate as run_simulation
from rummyrules.simulation import bot_factory

DEFAULT_SETTINGS = {
    "EndOfThePage": ("discard_taken_card=true", "discard_taken_card=false"),
    "FourteenHundred": ("lay_off_needs_meld=false", "lay_off_needs_meld=true"),
    "GoingOutRummy": ("going_out=standard", "going_out=minor"),
}
"""What to compare, by variant, when no ``--option`` is given."""

MAX_MOVES = 100_000
"""Where a game is given up: a round that nobody can ever go out of goes on for
ever (random bots, or ``stock_out=reshuffle`` with only dead cards left)."""


class Setting(NamedTuple):
    """One side of the comparison: its label and the rules it builds."""

    label: str
    rules: PlayableRules[Any]


def per_game(
    rules: PlayableRules[Any], names: Sequence[str], records: Sequence[GameRecord]
) -> dict[str, list[float]]:
    """Each measure's value in each game, by the measure's label, from the games' records."""
    found: dict[str, list[float]] = {}
    for record in records:
        values: dict[str, float] = {}
        for seat, name in enumerate(names):
            who = f"seat {seat} ({name})"
            if rules.keeps_score:
                values[f"{who} mean score"] = sum(
                    row[seat] for row in record.score_sheet
                )
            values[f"{who} win rate %"] = 100.0 * (seat in (record.winners or ()))
        values["no winner %"] = 100.0 * (not record.winners)
        values["moves per game"] = len(record.moves)
        if rules.keeps_score:
            values["rounds per game"] = len(record.score_sheet)
        for label, value in values.items():
            found.setdefault(label, []).append(value)
    return found


def simulate(
    rules: PlayableRules[Any], bots: Sequence[str], games: int, seed: int, jobs: int
) -> dict[str, list[float]]:
    """Play the games with :func:`rummyrules.simulate`, keeping their records; each measure."""
    names = [bots[seat % len(bots)] for seat in range(rules.players)]
    try:
        summary = run_simulation(
            rules,
            names,
            games=games,
            seed=seed,
            jobs=jobs,
            records=True,
            max_moves=MAX_MOVES,
        )
    except OptionError as error:
        notes = "; ".join(getattr(error, "__notes__", []))
        message = f"{error} ({notes}); add max_turns=N to --variant to bound it"
        raise SystemExit(message) from None
    return per_game(rules, names, summary.records or ())


def settings(
    parser: argparse.ArgumentParser, args: argparse.Namespace
) -> tuple[Setting, Setting]:
    """The two settings to compare, checked by building their rules."""
    try:
        base = parse_rules(args.variant)
        options = args.option or list(DEFAULT_SETTINGS[type(base).__name__])
        if len(options) == 1:
            options = ["", *options]  # one option: compare it with the defaults
        if len(options) != 2:
            parser.error("give --option once (to compare with the defaults) or twice")
        built = [
            Setting(option or "the defaults", parse_rules(f"{args.variant} {option}"))
            for option in options
        ]
    except OptionError as error:
        parser.error(str(error))
    if built[0].rules == built[1].rules:
        parser.error(f"both settings give the same rules: {rules_text(base)}")
    return built[0], built[1]


def difference(a: list[float], b: list[float]) -> tuple[float, float]:
    """B's mean less A's, and its standard error, game by game (same deals)."""
    paired = [y - x for x, y in zip(a, b, strict=True)]
    error = statistics.stdev(paired) / math.sqrt(len(paired)) if len(paired) > 1 else 0
    return statistics.fmean(paired), error


def main(argv: Sequence[str] | None = None) -> int:
    """Play both settings and print the table."""
    parser = argparse.ArgumentParser(
        description="Compare two settings of a house rule over many seeded bot games."
    )
    parser.add_argument(
        "--variant",
        default="EndOfThePage",
        help="the variant and the options both settings share, as a rules line "
        "(default: EndOfThePage)",
    )
    parser.add_argument(
        "--option",
        action="append",
        metavar="NAME=VALUE",
        help="a setting to compare: twice for A and B, once to compare with the "
        "defaults (default: a ruling's option of the variant)",
    )
    parser.add_argument(
        "--games", type=int, default=50, help="games per setting (default: 50)"
    )
    parser.add_argument(
        "--seed", type=int, default=0, help="the simulation's seed (default: 0)"
    )
    parser.add_argument(
        "--bots",
        default="greedy,random",
        help="bots by seat, repeated round the table: greedy, random or an "
        "import path module:Class (default: greedy,random)",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="processes to play on, 0 for every core (default: 1)",
    )
    args = parser.parse_args(argv)
    names = args.bots.split(",")
    if args.games < 1 or args.jobs < 0:
        parser.error("--games takes a number from 1, --jobs a number from 0")
    try:
        for name in names:
            bot_factory(name)
    except (OptionError, TypeError) as refused:
        parser.error(f"--bots: {refused}")
    a, b = settings(parser, args)
    played = [
        simulate(s.rules, names, args.games, args.seed, args.jobs) for s in (a, b)
    ]

    print(f"{a.rules.name}: {args.games} games a setting, seed {args.seed}")
    for letter, setting in zip("AB", (a, b), strict=True):
        print(f"  {letter}: {setting.label:<28} {rules_text(setting.rules)}")
    print()
    print(f"{'':<28}{'A':>10}{'B':>10}{'B - A':>10}{'s.e.':>8}")
    # Seat rows differ when the settings seat different numbers of players.
    for label in dict.fromkeys([*max(played, key=len), *played[0], *played[1]]):
        values_a, values_b = (measures.get(label, []) for measures in played)
        columns = [
            f"{statistics.fmean(v):>10.1f}" if v else f"{'-':>10}"
            for v in (values_a, values_b)
        ]
        if values_a and values_b:
            change, error = difference(values_a, values_b)
            columns.append(f"{change:>+10.1f}{error:>8.1f}")
        print(f"{label:<28}{''.join(columns)}")
    print()
    print(
        "B - A is taken game by game over the same deals; s.e. is its standard error."
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
