"""``rummyrules check``, ``rules``, ``replay``, ``schema`` and ``openapi``: answers without playing.

``check`` settles a meld ruling, ``rules`` lists a variant's options and the
rulings they settle (read from the rules class, so the list cannot drift from
the code) or prints one rule's text from the rule book (``rules EOP-8``), ``replay`` verifies a game record move by move, and ``schema``
prints the JSON Schema of the saved format as the classes make it, and
``openapi`` the OpenAPI document of the server's HTTP API.

>>> from rummyrules.cli import main
>>> main(["check", "eop", "9S 5H 5D QS KS", "--wild", "5"])
invalid: wild cards 5H and 5D have only 0 natural cards between them; End of the Page needs 2 (EOP-8)
1
"""

from __future__ import annotations

import argparse
import enum
import sys
import textwrap
from pathlib import Path
from typing import Any

import attrs

from rummyrules.core.errors import OptionError, RummyRulesError
from rummyrules.formats import schema as published
from rummyrules.formats.records import parse_record, replay
from rummyrules.formats.records.fairness import check_hex, commitment_fault
from rummyrules.formats.schema import SCHEMA_FILE
from rummyrules.formats.schema.generate import generated_schema, schema_text
from rummyrules.game.registry import VARIANTS, choice_words, option_text, rules_text
from rummyrules.game.rule_book import RULE_ID, Rule, UnknownRuleError, rule_text
from rummyrules.game.state import PlayableRules

from .printer import Printer
from .variants import (
    default_text,
    flag,
    given_options,
    options_of,
    rules_from,
    takes_text,
    variant,
)

__all__ = [
    "SCHEMA_COMMAND",
    "check",
    "commitment_argument",
    "look_up_rule",
    "openapi",
    "print_rule",
    "replay_file",
    "rules",
    "schema",
    "variant_or_rule",
]


def check(args: argparse.Namespace, printer: Printer) -> int:
    """Say whether the cards make a meld, and if not why, with the rule ID; 0 or 1.

    >>> from rummyrules.cli import main
    >>> main(["check", "1400", "9S", "5H", "5D", "QS", "KS", "--wild", "5"])
    valid: run 9S 5H=10S 5D=JS QS KS
    0
    """
    rules = rules_from(args.variant, args)
    result = rules.check_meld(" ".join(args.cards), wild=args.wild)
    printer.line(str(result), style="green" if result else "red")
    return 0 if result else 1


def variant_or_rule(text: str) -> type[PlayableRules[Any]] | Rule:
    """What ``rummyrules rules`` is asked about: a rule ID's rule, else a variant (an argparse ``type``).

    >>> variant_or_rule("eop-8").title, variant_or_rule("1400").name
    ('Wild spacing', '1400')
    >>> variant_or_rule("gin-99")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: the rule book has no rule 'gin-99': rule IDs look like EOP-8, F14-R9 or MELD-3
    """
    if RULE_ID.fullmatch(text.strip().upper()):
        try:
            return rule_text(text)
        except UnknownRuleError as error:
            raise argparse.ArgumentTypeError(str(error)) from error
    return variant(text)


def print_rule(rule: Rule, printer: Printer) -> None:
    """A rule of the rule book in the terminal: its ID and title, then its text, wrapped.

    >>> print_rule(rule_text("ALL-2"), Printer(out=sys.stdout, err=sys.stderr))
    ALL-2 No dead ends
      Every state that is not over has at least one legal move, and every
      listed legal move is accepted by apply and leads to such a state: there
      are no dead ends.
    """
    printer.line(f"{rule.id} {rule.title}", style="bold")
    for line in textwrap.wrap(rule.text, 72):
        printer.line(f"  {line}")


def look_up_rule(asked: str, printer: Printer) -> None:
    """Print the rule a person asks for by its ID, or say there is none (the play prompt's ``rule``).

    >>> look_up_rule("gin-0", Printer(out=sys.stdout, err=sys.stderr))
    Unknown rule: the rule book has no rule 'gin-0': rule IDs look like EOP-8, F14-R9 or MELD-3.
    """
    try:
        rule = rule_text(asked)
    except UnknownRuleError as error:
        printer.line(f"Unknown rule: {error}.", style="red")
        return
    print_rule(rule, printer)


def rules(args: argparse.Namespace, printer: Printer) -> int:
    """List a variant's options, their defaults and the rulings they settle; 0.

    Without a variant, list the variants and their names on the command line.
    Given a rule ID instead, print that rule from the rule book.

    >>> from rummyrules.cli import main
    >>> main(["rules", "F14-9"])  # doctest: +ELLIPSIS
    F14-9 Must use it
      Whoever takes from the discard pile has to use the chosen card (the
    ...
    0

    >>> from rummyrules.cli import main
    >>> main(["rules", "gor"])  # doctest: +ELLIPSIS
    Going Out Rummy (GoingOutRummy): 6 options
    ...
    Rulings these options settle (the rule book is silent there):
      GOR-R3  --last-player-wins: The last player left after the others drop out wins.
      GOR-R4  --max-turns: Turns after which the game ends with no winner.
    Rules the other options set: GOR-1 (--players, --hand-size, --wildcards), GOR-8 (--going-out)
    ...
    0
    """
    if isinstance(args.variant, Rule):
        return _one_rule(args, printer)
    if args.variant is None:
        if any(given_options(args)):
            raise OptionError(
                "options need a variant, as in 'rummyrules rules eop --players 3'"
            )
        rows = [
            [cls.name, name, ", ".join((cls.short_name, *cls.aliases))]
            for name, cls in VARIANTS.items()
        ]
        printer.table(["variant", "class", "names"], rows)
        printer.line()
        printer.line(
            "'rummyrules rules VARIANT' lists a variant's options and rulings;"
            " 'rummyrules rules EOP-8' prints a rule."
        )
        return 0
    cls = args.variant
    chosen = rules_from(cls, args)
    given = dict(given_options(args))
    fields = options_of(cls)
    printer.line(f"{cls.name} ({cls.__name__}): {len(fields)} options", style="bold")
    headers = ["option", "default", "takes", "rule", "what it sets"]
    if given:
        headers.insert(1, "value")
    rows = []
    for field in fields:
        row = [
            flag(field.name),
            default_text(cls, field),
            takes_text(cls, field),
            field.metadata["rule"],
            field.metadata["doc"],
        ]
        if given:
            row.insert(1, option_text(getattr(chosen, field.name)))
        rows.append(row)
    printer.table(headers, rows)
    printer.line()
    _choices_in_words(cls, fields, printer)
    rulings = [field for field in fields if _is_ruling(field.metadata["rule"])]
    if rulings:  # a game may have none: each heading is printed only over lines
        printer.line(
            "Rulings these options settle (the rule book is silent there):",
            style="bold",
        )
    width = max(len(field.metadata["rule"]) for field in fields)
    for field in rulings:
        about = f"{flag(field.name)}: {field.metadata['doc']}"
        printer.line(f"  {field.metadata['rule'].ljust(width)}  {about}")
    by_rule: dict[str, list[str]] = {}
    for field in fields:
        if field not in rulings:
            by_rule.setdefault(field.metadata["rule"], []).append(flag(field.name))
    others = [f"{rule} ({', '.join(flags)})" for rule, flags in by_rule.items()]
    if others:
        printer.line("Rules the other options set: " + ", ".join(others))
    printer.line()
    short = cls.short_name
    printer.line(
        f"These rules: {rules_text(chosen)}. Give an option to any command as "
        f"'rummyrules play {short} {flag(fields[0].name)} VALUE'; the docs' "
        "rulings page gives the reasons for every ruling.",
        style="dim",
    )
    return 0


def _one_rule(args: argparse.Namespace, printer: Printer) -> int:
    """``rummyrules rules EOP-8``: the rule's text; 0."""
    if any(given_options(args)):
        raise OptionError("a rule's text takes no options: 'rummyrules rules EOP-8'")
    print_rule(args.variant, printer)
    printer.line()
    printer.line(
        "Every rule: the docs' rule book page, or /rules on 'rummyrules serve'.",
        style="dim",
    )
    return 0


def _choices_in_words(
    cls: type[PlayableRules[Any]],
    fields: tuple[attrs.Attribute[Any], ...],
    printer: Printer,
) -> None:
    """Each choice of an option in words, as the server's lobby shows it."""
    for field in fields:
        sample = getattr(cls(), field.name)
        if isinstance(sample, enum.Enum):
            said = [f"{option_text(c)}: {choice_words(c)}" for c in type(sample)]
            printer.line(f"Choices of {flag(field.name)}: " + "; ".join(said) + ".")


def _is_ruling(rule: str) -> bool:
    """Whether a rule ID names a ruling: ``EOP-R4``, not ``EOP-17``."""
    return rule.split("-", 1)[-1].startswith("R")


def commitment_argument(text: str) -> str:
    """``--commitment HEX``: 64 hex digits, in lower case (argparse's usage error for others).

    >>> commitment_argument("AB" * 32)[:4]
    'abab'
    """
    try:
        return check_hex(text)
    except RummyRulesError as error:
        raise argparse.ArgumentTypeError(str(error)) from error


def replay_file(args: argparse.Namespace, printer: Printer) -> int:
    """Verify a game record: every move legal, every score and the winners as recorded; 0 or 1.

    ``-`` reads the record from standard input. A record's own
    ``[Commitment]`` is checked against its seed, salt and table; with
    ``--commitment``, so is the commitment the player kept from the table's
    status at the start, which the server cannot change afterwards.

    >>> from rummyrules.cli import main
    >>> main(["replay", "no/such/record.txt"])
    2
    """
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            text = Path(args.file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        printer.error(f"rummyrules replay: error: cannot read {args.file}: {error}")
        return 2
    kept = getattr(args, "commitment", None)
    try:
        record = parse_record(text)
        game = replay(record)
    except RummyRulesError as error:
        printer.line(f"invalid: {error}", style="red")
        return 1
    if kept is not None:
        fault = commitment_fault(
            table=record.table,
            seed=record.seed,
            commitment=kept,
            stacked=record.deck is not None,
            salt=record.salt,
        )
        if fault is not None:
            printer.line(f"invalid: {fault}", style="red")
            return 1
    moves = len(record.moves)
    parts = [f"ok: {moves} move{'s' if moves != 1 else ''}"]
    scores = " ".join(map(str, game.scores))
    if not game.is_over:
        parts.append(f"the game goes on in round {game.round}")
        if record.rules.keeps_score:
            parts.append(f"scores {scores}")
    else:
        if record.rules.keeps_score:
            parts.append(f"{len(game.score_sheet)} rounds, final scores {scores}")
        winners = " and ".join(f"player {p}" for p in game.winners)
        parts.append(f"winner {winners}" if winners else "no winner")
    if kept is not None:
        parts.append("the seed matches the commitment")
    elif record.commitment is not None:
        parts.append("the seed matches the record's commitment")
    printer.line(", ".join(parts), style="green")
    return 0


SCHEMA_COMMAND = "rummyrules schema --write"
"""The command that writes the published JSON Schema again."""


def schema(args: argparse.Namespace, printer: Printer) -> int:
    """Print, write or check the JSON Schema generated from the games registered.

    The schema is generated from the classes and the converter
    (:mod:`rummyrules.formats.schema.generate`); ``--write`` writes it over
    the file the package ships, ``--check`` exits with 1, saying what to run,
    when that file is not what the classes make.

    >>> from rummyrules.cli import build_parser
    >>> build_parser().parse_args(["schema", "--check"]).check
    True
    """
    text = schema_text(generated_schema())
    path = Path(published.__file__).with_name(SCHEMA_FILE)
    if args.write:
        path.write_text(text, encoding="utf-8")
        printer.line(f"wrote {path}")
    elif args.check:
        if path.read_text(encoding="utf-8") != text:
            printer.error(f"{path} is out of date: run {SCHEMA_COMMAND}")
            return 1
    else:
        sys.stdout.write(text)
    return 0


def openapi(_args: argparse.Namespace, printer: Printer) -> int:
    """Print the OpenAPI document of the server's HTTP API, as the server serves it.

    The document is made from the routes' declarations
    (:mod:`rummyrules.server.openapi`); it needs the extra ``[server]``,
    without which it says so and exits 2.

    >>> from rummyrules.cli import build_parser
    >>> build_parser().parse_args(["openapi"]).run is openapi
    True
    """
    try:
        # The extra is optional: the server is imported only when asked for.
        from rummyrules.server.openapi import openapi_text  # noqa: PLC0415
    except ModuleNotFoundError as error:
        printer.error(
            f"rummyrules openapi needs the server extra (no module named"
            f" {error.name!r}): pip install 'rummyrules[server]'"
        )
        return 2
    sys.stdout.write(openapi_text())
    return 0
