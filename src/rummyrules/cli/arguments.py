"""The parts the ``rummyrules`` command's parser is built of.

Each sub-command is made the same way (:func:`add_command`): its summary,
usage and examples, and every rules option as a flag, with a ``--help``
that lists one variant's options once a variant is named.

>>> positive("3"), jobs("0"), "Gin Rummy" in games_text()
(3, 0, True)
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any

from rummyrules.game.registry import VARIANTS
from rummyrules.game.state import PlayableRules

from .printer import Printer
from .seats import BOT_NAMES, bot_names
from .variants import add_option_flags, variant, variant_choices

__all__ = [
    "Command",
    "Formatter",
    "GameHelp",
    "add_bots",
    "add_command",
    "add_variant",
    "games_text",
    "jobs",
    "positive",
]

Command = Callable[[argparse.Namespace, Printer], int]
"""What a sub-command runs: its arguments and the printer in, the exit code out."""


class Formatter(argparse.HelpFormatter):
    """Wraps help as usual, but keeps text that has its own lines (the examples)."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if "\n" in text:
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)

    def _split_lines(self, text: str, width: int) -> list[str]:
        if "\n" not in text:
            return super()._split_lines(text, width)
        # An option's help for several games: a line a game, its continuation
        # indented, so that one game's sentence never runs on into the next's.
        lines: list[str] = []
        for line in text.splitlines():
            first, *rest = super()._split_lines(line, width)
            lines.append(first)
            if rest:
                more = super()._split_lines(" ".join(rest), width - 2)
                lines += ["  " + part for part in more]
        return lines


class GameHelp(argparse.Action):
    """``--help`` of a command that takes a variant: after a variant, that variant's options only.

    ``rummyrules play gin --help`` lists Gin Rummy's options, each with
    Gin Rummy's own sentence; ``rummyrules play --help`` lists every
    variant's.
    """

    def __init__(
        self,
        option_strings: Sequence[str],
        dest: str,
        game: type[PlayableRules[Any]] | None = None,
        rebuild: Callable[[type[PlayableRules[Any]]], argparse.ArgumentParser]
        | None = None,
        **kwargs: object,
    ) -> None:
        del dest, kwargs
        super().__init__(
            option_strings,
            dest=argparse.SUPPRESS,
            default=argparse.SUPPRESS,
            nargs=0,
            help="show this help message and exit (after a VARIANT: its options only)",
        )
        self.game = game
        self.rebuild = rebuild

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        """Print the help (one variant's options after a VARIANT), then exit."""
        del values, option_string
        game = getattr(namespace, "variant", None)
        if self.game is None and isinstance(game, type) and self.rebuild:
            command = parser.prog.split()[-1]
            self.rebuild(game).parse_args([command, "--help"])
        parser.print_help()
        parser.exit()


def positive(text: str) -> int:
    """Read a whole number of at least 1 (argparse's ``type``)."""
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        message = f"must be a whole number of at least 1, not {text!r}"
        raise argparse.ArgumentTypeError(message)
    return number


def add_command(  # noqa: PLR0913 - every part of a sub-command, by keyword
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
    name: str,
    run: Command,
    *,
    summary: str,
    usage: str,
    examples: str,
    options: bool = True,
    game: type[PlayableRules[Any]] | None = None,
    rebuild: Callable[[type[PlayableRules[Any]]], argparse.ArgumentParser]
    | None = None,
) -> argparse.ArgumentParser:
    """Add a sub-command; with ``options``, every rules option as a flag.

    ``rebuild`` makes the whole parser for one game, for ``COMMAND VARIANT
    --help``.
    """
    rules_options = "[rules options]" if game is None else f"[{game.name} options]"
    parser = commands.add_parser(
        name,
        help=summary,
        usage=f"rummyrules {name} {usage}" + (f" {rules_options}" if options else ""),
        description=summary[0].upper() + summary[1:] + ".",
        epilog="examples:\n" + examples,
        formatter_class=Formatter,
        allow_abbrev=False,
        add_help=not options,
    )
    parser.set_defaults(run=run)
    if options:
        parser.add_argument("-h", "--help", action=GameHelp, game=game, rebuild=rebuild)
        add_option_flags(parser, only=game)
    return parser


def jobs(text: str) -> int:
    """Read a number of processes: 0 for every core (argparse's ``type``)."""
    try:
        number = int(text)
    except ValueError:
        number = -1
    if number < 0:
        message = f"must be 0 (every core) or a whole number of processes, not {text!r}"
        raise argparse.ArgumentTypeError(message)
    return number


def add_bots(parser: argparse.ArgumentParser, *, default: str = "greedy") -> None:
    """Add ``--bots``: the bots by seat, the levels (easy, medium, hard) first."""
    parser.add_argument(
        "--bots",
        type=bot_names,
        default=(default,),
        metavar="NAMES",
        help=f"bots by seat, comma-separated and cycled: {', '.join(BOT_NAMES)}, "
        f"or a bot of your own as module:Class (default: {default})",
    )


def add_variant(
    parser: argparse.ArgumentParser,
    *,
    optional: bool = False,
    default: str | None = None,
) -> None:
    """Add the VARIANT argument, maybe optional, maybe with a default."""
    help_text = f"{variant_choices()}; class names and dashed names work too"
    if not optional:
        parser.add_argument("variant", type=variant, metavar="VARIANT", help=help_text)
        return
    if default is not None:
        help_text += f" (default: {default})"
    parser.add_argument(
        "variant",
        type=variant,
        metavar="VARIANT",
        nargs="?",
        default=default,
        help=help_text,
    )


def games_text() -> str:
    """The registered games by name: "End of the Page, 1400, Going Out Rummy and Gin Rummy"."""
    *others, last = [cls.name for cls in VARIANTS.values()]
    return f"{', '.join(others)} and {last}" if others else last
