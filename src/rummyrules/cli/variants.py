"""Variant names and rules options on the command line, read from the rules classes.

A variant is named by its class name or a short alias, without regard to
case or dashes (``eop``, ``end-of-the-page``, ``EndOfThePage``). Every
option of every rules class becomes one flag (``take_cards_above`` is
``--take-cards-above``), whose help is the option's own metadata: its
description and its rule ID. The values are read as a rules line
(:func:`~rummyrules.game.registry.parse_rules`), so the command line
takes exactly what saved games and records take.

>>> variant("going-out").__name__
'GoingOutRummy'
>>> flag("take_cards_above")
'--take-cards-above'
"""

from __future__ import annotations

import argparse
import enum
from collections.abc import Iterator
from typing import Any, Final

import attrs

from rummyrules.core.errors import OptionError
from rummyrules.core.inputs import brief
from rummyrules.game.registry import VARIANTS, option_text, parse_rules
from rummyrules.game.state import PlayableRules

__all__ = [
    "add_option_flags",
    "default_text",
    "flag",
    "given_options",
    "names_of",
    "options_of",
    "rules_from",
    "takes_text",
    "variant",
    "variant_choices",
]

_DEST: Final = "option_"


def _key(text: str) -> str:
    return "".join(char for char in text.lower() if char not in "-_ ")


def names_of(cls: type[PlayableRules[Any]]) -> tuple[str, ...]:
    """Every name the command line takes for a variant: its short name first.

    The rules class declares its short name and aliases; its class name
    counts too.

    >>> from rummyrules import GoingOutRummy
    >>> names_of(GoingOutRummy)
    ('gor', 'going-out', 'going-out-rummy', 'GoingOutRummy')
    """
    return tuple(dict.fromkeys((cls.short_name, *cls.aliases, cls.__name__)))


def variant(text: str) -> type[PlayableRules[Any]]:
    """The rules class a variant name or alias names (an argparse ``type``).

    Every registered game is looked up by the names its rules class declares
    (:func:`names_of`), without regard to case or dashes.

    >>> variant("EOP").name, variant("f14").name, variant("GoingOutRummy").name
    ('End of the Page', '1400', 'Going Out Rummy')
    >>> variant("canasta")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: there is no variant 'canasta': choose eop (End of the Page), 1400 (1400)...gor (Going Out Rummy)...
    """
    wanted = _key(text)
    for cls in VARIANTS.values():
        if any(_key(name) == wanted for name in names_of(cls)):
            return cls
    message = f"there is no variant {brief(text)}: choose {variant_choices(full=True)}"
    raise argparse.ArgumentTypeError(message)


def variant_choices(*, full: bool = False) -> str:
    """The registered variants by their short names, for help and messages.

    Each is followed by its name where that differs (always, when ``full``).

    >>> variant_choices()  # doctest: +ELLIPSIS
    'eop (End of the Page), 1400...gor (Going Out Rummy)...'
    """
    known = [
        cls.short_name
        if cls.short_name == cls.name and not full
        else f"{cls.short_name} ({cls.name})"
        for cls in VARIANTS.values()
    ]
    return ", ".join(known[:-1]) + " or " + known[-1]


def flag(name: str) -> str:
    """The command-line flag of an option.

    >>> flag("max_turns")
    '--max-turns'
    """
    return "--" + name.replace("_", "-")


def options_of(cls: type[PlayableRules[Any]]) -> tuple[attrs.Attribute[Any], ...]:
    """The options of a rules class: its attrs fields, in the class's order.

    >>> from rummyrules import GoingOutRummy
    >>> [field.name for field in options_of(GoingOutRummy)][:3]
    ['players', 'hand_size', 'wildcards']
    """
    return tuple(attrs.fields(cls))


def default_text(cls: type[PlayableRules[Any]], field: attrs.Attribute[Any]) -> str:
    """An option's default as text; a default that follows ``players`` says how.

    >>> from rummyrules import EndOfThePage
    >>> default_text(EndOfThePage, attrs.fields(EndOfThePage).stock_out)
    'end_round'
    >>> default_text(EndOfThePage, attrs.fields(EndOfThePage).decks)
    '1 (by players: 1 for 2–3, 2 for 4–6, 3 for 7–8)'
    """
    value = option_text(getattr(cls(), field.name))
    if not isinstance(field.default, attrs.Factory):  # type: ignore[arg-type]  # attrs.Factory is a class at run time
        return value
    by_value: dict[str, list[int]] = {}
    for players in range(1, 33):
        try:
            rules = cls(players=players)  # type: ignore[call-arg]  # every playable variant has players
        except OptionError:
            continue  # not a table size this game allows
        by_value.setdefault(option_text(getattr(rules, field.name)), []).append(players)
    parts = [
        f"{text} for {min(counts)}–{max(counts)}"
        if len(counts) > 1
        else f"{text} for {counts[0]}"
        for text, counts in by_value.items()
    ]
    return f"{value} (by players: {', '.join(parts)})"


def takes_text(cls: type[PlayableRules[Any]], field: attrs.Attribute[Any]) -> str:
    """What values an option takes, in words, from its default and its type.

    >>> from rummyrules import EndOfThePage
    >>> fields = attrs.fields(EndOfThePage)
    >>> (
    ...     takes_text(EndOfThePage, fields.stock_out),
    ...     takes_text(EndOfThePage, fields.max_turns),
    ... )
    ('end_round, reshuffle or flip', 'a number or none')
    """
    sample = getattr(cls(), field.name)
    if isinstance(sample, bool):
        return "true or false"
    if isinstance(sample, enum.Enum):
        values = [str(member.value) for member in type(sample)]
        return ", ".join(values[:-1]) + " or " + values[-1]
    if "None" in str(field.type):
        return "a number or none"
    return "a number"


def _metavar(cls: type[PlayableRules[Any]], field: attrs.Attribute[Any]) -> str:
    sample = getattr(cls(), field.name)
    if isinstance(sample, bool):
        return "{true,false}"
    if isinstance(sample, enum.Enum):
        return "{" + ",".join(str(member.value) for member in type(sample)) + "}"
    return "N|none" if "None" in str(field.type) else "N"


_Owners = list[tuple[type[PlayableRules[Any]], "attrs.Attribute[Any]"]]
"""The variants that have an option, each with its field."""


def _all_options(only: type[PlayableRules[Any]] | None = None) -> dict[str, _Owners]:
    """Every option name, with each variant that has it, in a stable order.

    With ``only``, the options of that variant alone.
    """
    found: dict[str, _Owners] = {}
    for cls in VARIANTS.values() if only is None else (only,):
        for field in options_of(cls):
            found.setdefault(field.name, []).append((cls, field))
    return found


def _help(owners: _Owners) -> str:
    """An option flag's help: its doc, rule ID and default in each variant that has it.

    Variants whose doc is the same share one sentence; where the docs
    differ, each variant's reads on a line of its own, named by the variant.
    """
    by_doc: dict[str, _Owners] = {}
    for cls, field in owners:
        by_doc.setdefault(field.metadata["doc"].rstrip("."), []).append((cls, field))
    lines = []
    for doc, sharing in by_doc.items():
        wheres = [
            f"{field.metadata['rule']}, default {default_text(cls, field)}"
            for cls, field in sharing
        ]
        if len(set(wheres)) > 1:  # one sentence, its rules and defaults by variant
            wheres = [
                f"{cls.short_name}: {where}"
                for (cls, _), where in zip(sharing, wheres, strict=True)
            ]
        line = f"{doc} ({'; '.join(dict.fromkeys(wheres))})."
        if len(by_doc) > 1:
            line = f"{_names(sharing)}: {line}"
        lines.append(line)
    return "\n".join(lines).replace("%", "%%")  # argparse formats help with %


def _names(owners: _Owners) -> str:
    names = [cls.short_name for cls, _ in owners]
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]


def _group_title(classes: list[type[PlayableRules[Any]]]) -> str:
    if len(classes) == len(VARIANTS) > 1:
        return "options of every variant"
    *others, last = [cls.name for cls in classes]
    return (f"{', '.join(others)} and {last}" if others else last) + " options"


def add_option_flags(
    parser: argparse.ArgumentParser, only: type[PlayableRules[Any]] | None = None
) -> None:
    """Add one flag per option of every rules class, grouped by the variants that take it.

    With ``only``, the flags of that variant alone, each with that
    variant's own help (what ``rummyrules COMMAND VARIANT --help`` shows).

    >>> parser = argparse.ArgumentParser()
    >>> add_option_flags(parser)
    >>> args = parser.parse_args(["--players", "3", "--stock-out", "flip"])
    >>> dict(given_options(args))
    {'players': '3', 'stock_out': 'flip'}
    >>> from rummyrules import GinRummy
    >>> parser = argparse.ArgumentParser()
    >>> add_option_flags(parser, only=GinRummy)
    >>> [group.title for group in parser._action_groups[2:]]
    ['Gin Rummy options']
    """
    groups: dict[tuple[str, ...], argparse._ArgumentGroup] = {}
    for name, owners in _all_options(only).items():
        classes = [cls for cls, _ in owners]
        key = tuple(cls.__name__ for cls in classes)
        if key not in groups:
            about = (
                None
                if groups
                else (
                    "The options of the rules; 'rummyrules rules VARIANT' lists "
                    "a variant's options with their defaults, and "
                    "'rummyrules COMMAND VARIANT --help' only that variant's."
                    if only is None
                    else "The options of the rules; 'rummyrules rules "
                    f"{only.short_name}' lists them with their defaults."
                )
            )
            groups[key] = parser.add_argument_group(_group_title(classes), about)
        cls, field = owners[0]
        groups[key].add_argument(
            flag(name),
            dest=_DEST + name,
            metavar=_metavar(cls, field),
            help=_help(owners),
        )


def given_options(args: argparse.Namespace) -> Iterator[tuple[str, str]]:
    """The rules options given on the command line, as (name, text) pairs.

    >>> dict(given_options(argparse.Namespace(option_players="3", option_rounds=None)))
    {'players': '3'}
    """
    for dest, value in vars(args).items():
        if dest.startswith(_DEST) and value is not None:
            yield dest.removeprefix(_DEST), value


def rules_from(
    cls: type[PlayableRules[Any]], args: argparse.Namespace
) -> PlayableRules[Any]:
    """Build the rules from the variant and the option flags given; every option is checked.

    Raises :class:`~rummyrules.OptionError` with the library's own sentence
    for a value the option does not take, or for an option of another variant.

    >>> from rummyrules import EndOfThePage, FourteenHundred
    >>> rules_from(EndOfThePage, argparse.Namespace(option_players="3")).players
    3
    >>> rules_from(FourteenHundred, argparse.Namespace(option_rounds="3"))
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: --rounds is not an option of 1400: its options are --players, --decks, --ace-hand-size, --wild-card-dealt, --pass-freely, --lay-off-needs-meld, --all-wild-melds, --stock-out, --target, --max-turns
    """
    names = [field.name for field in options_of(cls)]
    words = [cls.__name__]
    for name, text in given_options(args):
        if name not in names:
            known = ", ".join(flag(known) for known in names)
            message = (
                f"{flag(name)} is not an option of {cls.name}: its options are {known}"
            )
            raise OptionError(message)
        if not text or text != "".join(text.split()):
            message = f"{flag(name)} takes one word, not {text!r}"
            raise OptionError(message)
        words.append(f"{name}={text}")
    return parse_rules(" ".join(words))
