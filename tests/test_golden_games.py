"""Golden playthroughs: saved whole games replay to their score sheets (ALL-4)."""

import pytest

from golden_games import GAMES, read, rules_from
from rummyrules import IllegalMoveError


@pytest.mark.parametrize("name", sorted(GAMES))
def test_all_4_golden_game_replays_to_its_score_sheet(name: str) -> None:
    variant, options, seed, moves, sheet = read(name)
    rules = rules_from(variant, options)
    assert rules == GAMES[name][0]
    game = rules.new_game(seed=seed)
    for number, move in enumerate(moves, start=1):
        try:
            game = game.apply(move)
        except (
            IllegalMoveError
        ) as error:  # pragma: no cover - says where a replay breaks
            pytest.fail(f"{name}: move {number} ({move!r}) is refused: {error}")
    assert game.is_over
    assert list(game.score_sheet) == sheet
    assert game.scores == tuple(map(sum, zip(*sheet, strict=True)))
