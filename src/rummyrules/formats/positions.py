"""Positions: a game state as one line of text, as FEN is for chess.

A position sets up a ruling in one line instead of by playing a stacked deck
to it. It starts with the rules line (the game's class name and its options,
as :func:`~rummyrules.game.registry.rules_text` writes them), then
``|``-separated sections, each a key and its value: whose turn it is and in
which phase, the wild rank, every hand, the melds, the piles, the score
sheet and the obligations of the turn in force. Each game declares its
sections (:mod:`rummyrules.formats.sections`); sections at their default are
left out, and the stock may be left out too: it is then the rest of the
deck, in the deck's own order.

>>> from rummyrules import EndOfThePage
>>> game = read_position(
...     "EndOfThePage | dealer 1 | wild 3 | face_up 3S | to_move 1 draw"
...     " | hands 4C 9S KC / 3S 9D JD | melds 0: 4H 4D 3H=4 | pile 6C 10D"
...     " | had_turn 0 1"
... )
>>> [str(move) for move in game.legal_moves()], len(game.stock)
(['draw', 'take', 'take 10D'], 37)
>>> read_position(write_position(game)) == game
True

Reading checks everything a played game would show: every card is the
deck's and none is lost or copied (ALL-1), each meld is one the rules allow
as declared, the players and phase fit together. A position that fails
raises :class:`~rummyrules.PositionError` with a sentence saying what is wrong.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummyrules.core.errors import PositionError, RummyRulesError, StateError
from rummyrules.core.inputs import brief, expect
from rummyrules.formats.checks import check_state
from rummyrules.formats.reader import Reader
from rummyrules.formats.sections import Section
from rummyrules.game.registry import VARIANTS, parse_rules, rules_text
from rummyrules.game.state import GameState, PlayableRules

__all__ = ["read_position", "write_position"]


def write_position(state: GameState, sections: Sequence[Section] | None = None) -> str:
    """The state as one line of text, which :func:`read_position` reads back.

    ``sections`` are the game's (``rules.sections``); sections at their
    default are left out, and the stock is written only as far as it
    differs from the rest of the deck in the deck's own order.

    >>> from rummyrules import EndOfThePage
    >>> rules = EndOfThePage()
    >>> deck = rules.stacked_deck("4H 4D 3H 9S  3S KC 4C  QD  7D 3D 6C AC 10H")
    >>> print(write_position(rules.new_game(deck=deck, dealer=1)))
    EndOfThePage | dealer 1 | wild 3 | face_up 3S | to_move 0 draw | hands 3H 4H 4D 9S / 3S 4C KC | pile QD | stock 7D 3D 6C AC 10H +
    """
    if sections is None:
        return state.position()
    parts = [
        f"{key} {value}".rstrip()
        for section in sections
        for key, value in section.write(state)
    ]
    return " | ".join([rules_text(state.rules), *parts])


def read_position(
    text: str,
    *,
    rules: PlayableRules[Any] | None = None,
    sections: Sequence[Section] | None = None,
) -> GameState:
    """The game state a position describes, checked as fully as a played game.

    The text starts with the rules line; with ``rules`` given it must name
    those rules, or may leave them out. Raises :class:`~rummyrules.PositionError` for
    text that is no position, or a position no game could reach, and
    TypeError for anything but text.

    >>> from rummyrules import GoingOutRummy
    >>> rules = GoingOutRummy(hand_size=3)
    >>> game = read_position("to_move 1 draw | hands 7S 7H 9C / 7D 8D 9D", rules=rules)
    >>> [str(card) for card in game.stock[:3]], game.apply("draw").phase.value
    (['AS', '2S', '3S'], 'play')
    >>> read_position("EndOfThePage | to_move 1 draw", rules=rules)
    Traceback (most recent call last):
    ...
    rummyrules.PositionError: the position is for EndOfThePage, not GoingOutRummy hand_size=3
    """
    expect(text, str, name="position", what="a position's text")
    expect(rules, (PlayableRules, type(None)), name="rules", what="rules or None")
    parts = [part.strip() for part in text.split("|")]
    parts = [part for part in parts if part]
    named = _rules(parts, rules)
    if sections is None:
        found: GameState = named.position(text)
        return found
    return _read(named, sections, _parts(named, sections, parts))


def _all_keys() -> frozenset[str]:
    """Every section key of every registered game."""
    return frozenset(
        key
        for cls in VARIANTS.values()
        for section in getattr(cls, "sections", ())
        for key in section.keys
    )


def _rules(parts: list[str], given: PlayableRules[Any] | None) -> PlayableRules[Any]:
    """The rules the position names (its first section), checked against ``given``."""
    first = parts[0].split()[0] if parts else ""
    if not first or first.lower().rstrip(":") in _all_keys():
        if given is None:
            raise PositionError(
                "a position starts with its rules, as in 'EndOfThePage players=3 | "
                "to_move 1 draw | …'"
            )
        return given
    line = parts.pop(0)
    try:
        named = parse_rules(line)
    except RummyRulesError as error:
        raise PositionError(f"rules: {error}") from None
    if given is not None and named != given:
        raise PositionError(
            f"the position is for {rules_text(named)}, not {rules_text(given)}"
        )
    return named


def _parts(
    rules: PlayableRules[Any], sections: Sequence[Section], parts: list[str]
) -> dict[str, str]:
    allowed = {key for section in sections for key in section.keys}
    every = _all_keys() | allowed
    found: dict[str, str] = {}
    for part in parts:
        key, _, value = part.partition(" ")
        key = key.lower().rstrip(":")
        if key not in every:
            names = ", ".join(sorted(allowed))
            raise PositionError(
                f"{brief(part.split()[0])} is not a section of a position; "
                f"{rules.name}'s sections are {names}"
            )
        if key not in allowed:
            raise PositionError(f"{key}: there is no such thing in {rules.name}")
        if key in found:
            raise PositionError(f"{key}: the section is given twice")
        found[key] = value.strip()
    return found


def _read(
    rules: PlayableRules[Any], sections: Sequence[Section], parts: dict[str, str]
) -> GameState:
    reader = Reader(rules, parts)
    for section in sections:
        section.read(reader)
    state: GameState = rules.state_class(**reader.fields)
    try:
        for section in sections:
            section.check(reader, state)
        check_state(state)
    except StateError as error:
        raise PositionError(str(error)) from None
    return state
