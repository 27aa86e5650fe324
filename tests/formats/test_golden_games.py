"""Golden playthroughs: saved whole games replay to their score sheets and winners (ALL-4)."""

import pytest

from golden_games import GAMES, read, text
from rummyrules import ReplayError
from rummyrules.formats.records import replay


@pytest.mark.parametrize("name", sorted(GAMES))
def test_all_4_golden_game_replays_to_its_score_sheet(name: str) -> None:
    record = read(name)
    assert (record.rules, record.seed, record.deck, record.dealer) == (
        *GAMES[name],
        None,
        0,
    )
    try:
        game = replay(record)  # every move, every round's scores, the winners
    except ReplayError as error:  # pragma: no cover - says where a replay breaks
        pytest.fail(f"{name}: {error}")
    assert game.is_over
    assert game.score_sheet == record.score_sheet
    assert game.winners == record.winners
    assert record.winners  # each golden game has a winner
    if game.rules.keeps_score:
        assert game.scores == tuple(map(sum, zip(*record.score_sheet, strict=True)))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_game_is_a_record_in_its_own_words(name: str) -> None:
    """Each golden file is exactly the text its record writes."""
    assert str(read(name)) == text(name)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_all_4_golden_game_replays_as_its_moves_do(name: str) -> None:
    """The record replays to the very state its moves give, applied one by one."""
    record = read(name)
    game = record.rules.new_game(seed=record.seed)
    for move in record.moves:
        game = game.apply(str(move))
    assert replay(record) == game
