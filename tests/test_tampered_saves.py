"""Tampered saves that used to load (issue 27, items 9 to 11) are refused by both readers.

Each test edits the JSON of a real ``dumps()`` of a real game, and checks
that ``loads`` refuses it, and that ``read_position`` refuses the same state
written as a position, each with a :class:`~rummyrules.StateError` sentence
(a ``ValueError``). The property at the end has both readers agree on a
random edit of a random state.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given

from rummyrules import (
    Card,
    EndOfThePage,
    FourteenHundred,
    GameState,
    GinRummy,
    GoingOutRummy,
    LoadError,
    PlayableRules,
    dumps,
    loads,
)
from rummyrules.core.errors import PositionError
from rummyrules.formats.json_converter import structure
from rummyrules.formats.positions import read_position, write_position
from strategies import tampered_saves

Data = dict[str, Any]
ALL_GAMES: list[PlayableRules[Any]] = [
    EndOfThePage(),
    FourteenHundred(),
    GoingOutRummy(),
    GinRummy(),
]


def saved(state: GameState) -> Data:
    """The JSON document of a real save of ``state``."""
    document: Data = json.loads(dumps(state))
    return document


def unchecked(data: Data) -> GameState:
    """The state the tampered data holds, built without its checks (to write its position)."""
    # GameState is abstract; the converter picks the game's own class from the data.
    state: GameState = structure(data, GameState)  # type: ignore[type-abstract]
    return state


def refused_by_both(state: GameState, edit: Callable[[Data], None], said: str) -> None:
    """``loads`` of the edited save and ``read_position`` of its position both refuse, saying ``said``."""
    document = saved(state)
    edit(document["data"])
    with pytest.raises(LoadError) as refused:
        loads(json.dumps(document))
    assert said in str(refused.value)
    assert len(str(refused.value)) < 300
    text = write_position(unchecked(document["data"]))
    with pytest.raises(PositionError) as wrong:
        read_position(text)
    assert said in str(wrong.value), text
    assert isinstance(wrong.value, ValueError)


def _order(text: str) -> Card:
    return Card.parse(text)


# --- Item 10: the Gin Rummy knocker -------------------------------------------------


@pytest.mark.parametrize("phase", ["layoff", "meld"])
@pytest.mark.parametrize("knocker", [2, 5, -1])
def test_gin_tampered_knocker_off_the_table_is_refused(
    phase: str, knocker: int
) -> None:
    def edit(data: Data) -> None:
        data["phase"], data["knocker"] = phase, knocker

    document = saved(GinRummy().new_game(seed=1))
    edit(document["data"])
    with pytest.raises(LoadError) as refused:
        loads(json.dumps(document))
    said = f"knocker is player {knocker}, but the players are 0 to 1"
    assert said in str(refused.value)
    view = json.loads(dumps(GinRummy().new_game(seed=1).view(0)))
    edit(view["data"])
    with pytest.raises(LoadError, match=said):
        loads(json.dumps(view))


# --- Item 11 -------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ALL_GAMES, ids=lambda rules: rules.name)
def test_tampered_save_a_billion_turns_is_refused(rules: PlayableRules[Any]) -> None:
    game = rules.new_game(seed=2)
    game = game.apply(game.legal_moves()[0])

    def edit(data: Data) -> None:
        data["turns"] = 10**9

    refused_by_both(game, edit, "turns: 1000000000 turns cannot have ended")


@pytest.mark.parametrize("rules", ALL_GAMES, ids=lambda rules: rules.name)
def test_tampered_save_an_option_of_4001_digits_is_refused(
    rules: PlayableRules[Any],
) -> None:
    name = "target" if isinstance(rules, GinRummy | FourteenHundred) else "max_turns"
    game = rules.new_game(seed=2)
    document = saved(game)
    document["data"]["rules"]["options"][name] = int("9" * 4001)
    with pytest.raises(LoadError, match=f"{name} must be .* about 4,002 digits"):
        loads(json.dumps(document))
    head, rest = game.position().split(" | ", 1)
    with pytest.raises(PositionError, match=name):
        read_position(f"{head} {name}={'9' * 4001} | {rest}")


@pytest.mark.parametrize("rules", ALL_GAMES, ids=lambda rules: rules.name)
def test_tampered_save_one_over_the_options_bound_is_refused_by_both(
    rules: PlayableRules[Any],
) -> None:
    name = "target" if isinstance(rules, GinRummy | FourteenHundred) else "max_turns"
    game = rules.new_game(seed=2)
    document = saved(game)
    document["data"]["rules"]["options"][name] = 1_000_001
    said = "1000000"
    with pytest.raises(LoadError, match=f"{name} must be .*{said}"):
        loads(json.dumps(document))
    head, rest = game.position().split(" | ", 1)
    with pytest.raises(PositionError, match=f"{name} must be .*{said}"):
        read_position(f"{head} {name}=1000001 | {rest}")


@pytest.mark.parametrize("rules", ALL_GAMES, ids=lambda rules: rules.name)
def test_tampered_save_unsorted_hand_is_refused(rules: PlayableRules[Any]) -> None:
    game = rules.new_game(seed=2)
    document = saved(game)
    document["data"]["hands"][1].reverse()
    with pytest.raises(LoadError, match="player 1's cards are not in the order"):
        loads(json.dumps(document))
    # The position text may list a hand in any order: it reads as the sorted hand.
    assert read_position(write_position(unchecked(document["data"]))) == game


def test_tampered_save_unsorted_known_is_refused() -> None:
    game = EndOfThePage().new_game(seed=7).apply("take")
    game = game.apply(game.legal_moves()[-1])
    document = saved(game)
    assert document["data"]["known"], "the take leaves a known card"
    player = next(p for p, cards in enumerate(document["data"]["known"]) if cards)
    held = list(document["data"]["hands"][player])
    document["data"]["known"][player] = [held[-1], *document["data"]["known"][player]]
    if (
        sorted(document["data"]["known"][player], key=_order)
        == document["data"]["known"][player]
    ):
        pytest.skip("the known cards happen to be in order")
    with pytest.raises(LoadError, match=r"known: player .* not in the order"):
        loads(json.dumps(document))


# --- Both readers agree ----------------------------------------------------------------


@given(tampered_saves())
def test_both_readers_agree_on_a_tampered_save(case: tuple[GameState, Data]) -> None:
    """A real state reads back both ways; a tampered one is accepted by both readers or refused by both."""
    game, data = case
    document = saved(game)
    assert loads(dumps(game)) == game
    assert read_position(game.position()) == game
    document["data"] = data
    try:
        loaded: GameState | None = loads(json.dumps(document))
    except LoadError:
        loaded = None
    try:
        state = unchecked(data)
        text = write_position(state)
    except (ValueError, TypeError, KeyError, IndexError):
        assert loaded is None, "loads took a state that cannot even be built"
        return
    try:
        read: GameState | None = read_position(text)
    except PositionError:
        read = None
    # A position reads its hands in any order, sorting them; a save must
    # hold them sorted. So loads takes exactly the states a position reads as
    # they are.
    if read is not None and read == state:
        assert loaded == read, text
    else:
        assert loaded is None, text
