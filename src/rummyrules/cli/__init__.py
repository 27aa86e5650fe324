"""The ``rummyrules`` command: play, watch, check and look up the rules.

Installed as the console script ``rummyrules`` (also ``python -m
rummyrules``). Its sub-commands:

============  ==============================================================
``demo``      a whole game among bots, with a running commentary
``play``      play against bots in the terminal
``check``     settle a meld ruling: exit code 0 (valid) or 1 (invalid)
``simulate``  many seeded bot games: wins, mean scores, game lengths
``rules``     a variant's options, defaults and rulings, from its rules class
``replay``    verify a game record: exit code 0 (it replays) or 1
``schema``    the JSON Schema of saved games, generated from the classes
``openapi``   the OpenAPI document of the server's HTTP API (extra [server])
``serve``     the game server: people and bots at tables, over HTTP
``migrate``   bring the server's database to this version's schema
``backup``    copy the server's SQLite database while it runs
``restore``   put a copy in place of the server's SQLite database
============  ==============================================================

Every option of every rules class is a flag (``--stock-out flip``). Tables,
colour and the progress bar come from ``rich`` when the extra
``rummyrules[cli]`` is installed; without it the output is plain text.
Exit codes: 0 done, 1 a "no" (an invalid meld, a record that does not
replay), 2 bad input (argparse's usage errors, and any option or card text
the library refuses, with its sentence on stderr).

>>> main(["check", "eop", "7S 5H 9S", "--wild", "5"])
valid: run 7S 5H=8S 9S
0
"""

from __future__ import annotations

import argparse
import functools
import secrets
from collections.abc import Sequence
from typing import Any

from rummyrules import __version__
from rummyrules.core.errors import RummyRulesError
from rummyrules.game.state import PlayableRules

from .arguments import (
    add_bots,
    add_command,
    add_variant,
    games_text,
    jobs,
    positive,
)
from .botgames import demo, simulate
from .play import play
from .printer import make_printer
from .reference import (
    check,
    commitment_argument,
    openapi,
    replay_file,
    rules,
    schema,
    variant_or_rule,
)
from .serving import add_serve
from .upkeep import add_upkeep
from .variants import variant_choices

__all__ = ["build_parser", "main"]


def build_parser(
    game: type[PlayableRules[Any]] | None = None,
) -> argparse.ArgumentParser:
    """The argument parser of the ``rummyrules`` command, with every sub-command.

    With ``game``, the commands take that game's options only: what
    ``rummyrules COMMAND VARIANT --help`` shows.

    >>> args = build_parser().parse_args(["check", "1400", "AH AD 9C", "--wild", "9"])
    >>> args.variant.__name__, args.cards, args.wild
    ('FourteenHundred', ['AH AD 9C'], '9')
    """
    parser = argparse.ArgumentParser(
        prog="rummyrules",
        description=f"The rules of {games_text()}: watch bots play, play against "
        "them, settle rulings, look up the rules.",
        epilog="'rummyrules COMMAND --help' explains each command.",
        allow_abbrev=False,
    )
    parser.add_argument(
        "--version", action="version", version=f"rummyrules {__version__}"
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    command = functools.partial(add_command, commands, rebuild=build_parser)

    sub = command(
        "demo",
        demo,
        game=game,
        summary="play a whole game among bots, with a running commentary",
        usage="[VARIANT] [--seed S] [--bots NAMES] [--brief] [--record FILE]",
        examples="  rummyrules demo\n"
        "  rummyrules demo 1400 --players 4 --seed 7 --brief\n"
        "  rummyrules demo gor --bots greedy,random --record game.txt\n",
    )
    add_variant(sub, optional=True, default="eop")
    sub.add_argument(
        "--seed", type=int, default=1, metavar="S", help="the deal's seed (default: 1)"
    )
    add_bots(sub)
    sub.add_argument(
        "--brief",
        action="store_true",
        help="leave out turns that only draw and discard",
    )
    sub.add_argument("--record", metavar="FILE", help="save the game record to FILE")

    sub = command(
        "play",
        play,
        game=game,
        summary="play against bots in the terminal",
        usage="VARIANT [--seed S] [--seat K] [--bots NAMES] [--record FILE]",
        examples="  rummyrules play eop\n"
        "  rummyrules play 1400 --players 4 --seat 2 --seed 7\n"
        "  rummyrules play gor --wildcards 3 --bots easy\n"
        "  rummyrules play gin --bots hard\n",
    )
    add_variant(sub)
    sub.add_argument(
        "--seed",
        type=int,
        default=None,
        metavar="S",
        help="the deal's seed (default: a new one, shown at the start)",
    )
    sub.add_argument(
        "--seat",
        type=int,
        default=0,
        metavar="K",
        help="your seat, from 0 (default: 0)",
    )
    add_bots(sub, default="medium")
    sub.add_argument("--record", metavar="FILE", help="save the game record to FILE")

    sub = command(
        "check",
        check,
        game=game,
        summary="say whether cards make a valid meld, and if not why (exit 0 or 1)",
        usage="VARIANT CARDS [--wild RANK]",
        examples="  rummyrules check eop '7S 5H 9S' --wild 5\n"
        "  rummyrules check eop 9S 5H 5D QS KS --wild 5\n"
        "  rummyrules check gor '* * 7H' --wildcards 2\n",
    )
    add_variant(sub)
    sub.add_argument(
        "cards",
        nargs="+",
        metavar="CARDS",
        help="the cards, as one argument or several; declare a wild as 5H=8S",
    )
    sub.add_argument("--wild", metavar="RANK", help="this round's wild rank, as 5 or K")

    sub = command(
        "simulate",
        simulate,
        game=game,
        summary="play many seeded games among bots and sum them up",
        usage="VARIANT [--games N] [--seed S] [--bots NAMES] [--duplicate] "
        "[--jobs N] [--records DIR [--overwrite]] [--json]",
        examples="  rummyrules simulate eop --games 200\n"
        "  rummyrules simulate 1400 --games 50 --bots greedy,random --players 4\n"
        "  rummyrules simulate gin --games 100 --bots hard,medium --duplicate\n"
        "  rummyrules simulate 1400 --games 1000 --jobs 0 --records games/\n"
        "  rummyrules simulate gor --bots greedy,mybots:CleverBot --json\n",
    )
    add_variant(sub)
    sub.add_argument(
        "--games",
        type=positive,
        default=100,
        metavar="N",
        help="how many games (default: 100)",
    )
    sub.add_argument(
        "--seed",
        type=int,
        default=0,
        metavar="S",
        help="the simulation's seed, from which every game's deal and bots are "
        "seeded (default: 0)",
    )
    add_bots(sub)
    sub.add_argument(
        "--duplicate",
        action="store_true",
        help="play each deal once per rotation of the seats, so every bot plays "
        "every seat's cards (--games counts deals), and compare the bots by "
        "their margin on the same cards",
    )
    sub.add_argument(
        "--jobs",
        type=jobs,
        default=1,
        metavar="N",
        help="play on N processes; 0: on every core (default: 1); the results "
        "are the same for any N",
    )
    sub.add_argument(
        "--records",
        metavar="DIR",
        help="write each game's record to DIR, one file per game (game-0000.txt…); "
        "DIR must be empty or new",
    )
    sub.add_argument(
        "--overwrite",
        action="store_true",
        help="with --records: replace the game records already in DIR",
    )
    sub.add_argument("--json", action="store_true", help="print one JSON object")

    sub = command(
        "rules",
        rules,
        game=game,
        summary="list a variant's options and the rulings they settle, or print a rule",
        usage="[VARIANT | RULE]",
        examples="  rummyrules rules\n  rummyrules rules eop\n"
        "  rummyrules rules 1400 --players 6\n  rummyrules rules EOP-8\n",
    )
    sub.add_argument(
        "variant",
        type=variant_or_rule,
        metavar="VARIANT|RULE",
        nargs="?",
        help=f"{variant_choices()}; or a rule ID, as EOP-8, to print that rule",
    )

    sub = command(
        "replay",
        replay_file,
        game=game,
        summary="verify a game record move by move (exit 0 or 1)",
        usage="FILE [--commitment HEX]",
        examples="  rummyrules demo --record game.txt && rummyrules replay game.txt\n"
        '  rummyrules replay game.txt --commitment "$COMMITMENT"\n',
        options=False,
    )
    sub.add_argument("file", metavar="FILE", help="the game record; - reads stdin")
    sub.add_argument(
        "--commitment",
        type=commitment_argument,
        metavar="HEX",
        help="the seed commitment the table showed at the start: check that the "
        "record's seed and table give it",
    )

    sub = command(
        "schema",
        schema,
        game=game,
        summary="print the JSON Schema of saved games, generated from the classes",
        usage="[--write | --check]",
        examples="  rummyrules schema > rummyrules.schema.json\n"
        "  rummyrules schema --check\n",
        options=False,
    )
    what = sub.add_mutually_exclusive_group()
    what.add_argument(
        "--write", action="store_true", help="write it over the file the package ships"
    )
    what.add_argument(
        "--check", action="store_true", help="exit with 1 if that file differs"
    )

    command(
        "openapi",
        openapi,
        game=game,
        summary="print the OpenAPI document of the server's HTTP API (extra [server])",
        usage="",
        examples="  rummyrules openapi > openapi.json\n",
        options=False,
    )

    add_serve(command, game)
    add_upkeep(command)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``rummyrules`` command; the exit code.

    ``argv`` defaults to the command line. ``--help`` and usage errors exit
    through argparse's ``SystemExit`` (0 and 2); everything else returns.

    >>> main(["check", "gor", "7H 8H 9H"])
    valid: run 7H 8H 9H
    0
    >>> main(["check", "eop", "7S 8S 9S", "--players", "9"])
    2
    """
    args = build_parser().parse_args(argv)
    printer = make_printer()
    if getattr(args, "seed", 0) is None:
        args.seed = secrets.randbelow(1_000_000)
    try:
        code: int = args.run(args, printer)
    except RummyRulesError as error:
        printer.error(f"rummyrules {args.command}: error: {error}")
        return 2
    except KeyboardInterrupt:
        printer.error("")
        return 130
    return code
