"""Transcripts and perft counts of every registered game: every decision, and move counts.

See ``tests/transcripts.py``: a difference names the game, the decision and
the first thing that differs. Write the fixtures again only for a change of
behaviour that is meant, in a commit of its own that says why.
"""

from __future__ import annotations

from typing import Any

import pytest

from conformance import GAMES, IDS
from rummyrules import PlayableRules
from rummyrules.game.registry import parse_rules
from transcripts import all_fixtures, decision_at, perft, rules_of

TRANSCRIPTS = [game for each in all_fixtures() for game in each.read_transcripts()]
PERFT = [entry for each in all_fixtures() for entry in each.read_perft()]


def _first_difference(recorded: list[str], now: list[str]) -> str:
    for index, (old, new) in enumerate(zip(recorded, now, strict=False)):
        if old != new:
            return f"move {index + 1} was {old!r}, is now {new!r}"
    if len(recorded) != len(now):
        longer, which = (
            (recorded, "recorded") if len(recorded) > len(now) else (now, "now listed")
        )
        return f"{len(longer) - min(len(recorded), len(now))} more {which}, from {longer[min(len(recorded), len(now))]!r}"
    return "no difference"  # pragma: no cover - only called on a difference


@pytest.mark.parametrize("cls", GAMES, ids=IDS)
def test_every_registered_game_has_transcripts_and_perft_counts(
    cls: type[PlayableRules[Any]],
) -> None:
    """A registered game with nothing recorded would pass every replay below unseen."""
    named = cls.__name__
    games = [header for header, _ in TRANSCRIPTS if header["rules"].split()[0] == named]
    positions = [entry for entry in PERFT if type(rules_of(entry["position"])) is cls]
    assert games, (
        f"{named} has no recorded transcripts: declare transcript_games and "
        f"perft_positions on it and run 'python tests/transcripts.py {named}'"
    )
    assert positions, f"{named} has no perft positions (perft_positions)"
    declared = [
        (parse_rules(line), seed)
        for each in all_fixtures()
        for line, seed in each.games
        if line.split()[0] == named
    ]
    recorded = [(parse_rules(header["rules"]), header["seed"]) for header in games]
    assert recorded == declared, f"{named}'s transcripts are stale: record them again"


@pytest.mark.parametrize(
    ("header", "decisions"),
    TRANSCRIPTS,
    ids=[f"{header['rules']} seed {header['seed']}" for header, _ in TRANSCRIPTS],
)
def test_transcript_replays_decision_by_decision(
    header: dict[str, Any], decisions: list[list[Any]]
) -> None:
    game = parse_rules(header["rules"]).new_game(seed=header["seed"])
    name = f"{header['rules']} seed {header['seed']}"
    for number, (position, legal, others, move) in enumerate(decisions, start=1):
        now = decision_at(game, move)
        where = f"{name}, decision {number}"
        assert now.position == position, (
            f"{where}: the position differs:\n{position}\n{now.position}"
        )
        if list(now.legal) != legal:
            pytest.fail(
                f"{where}: legal moves differ: {_first_difference(legal, list(now.legal))}"
            )
        if now.others != {player: tuple(moves) for player, moves in others.items()}:
            for player in sorted(set(others) | set(now.others)):
                old, new = others.get(player, []), list(now.others.get(player, ()))
                if old != new:
                    pytest.fail(
                        f"{where}: player {player}'s out-of-turn moves differ: {_first_difference(old, new)}"
                    )
        game = game.apply(move)


@pytest.mark.slow  # the deepest counts take a second each
@pytest.mark.parametrize("entry", PERFT, ids=[f"perft{i}" for i in range(len(PERFT))])
def test_perft_counts(entry: dict[str, Any]) -> None:
    position = entry["position"]
    game = rules_of(position).position(position)
    assert perft(game, len(entry["counts"])) == entry["counts"], position
