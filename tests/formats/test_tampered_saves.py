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
from rummyrules.games.end_of_the_page.plays import hand_size as eop_hand_size
from rummyrules.games.fourteen_hundred.state import hand_size as f14_hand_size
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


# --- Item 9: the deal's hand sizes ------------------------------------------------------


def _one_more(data: Data, player: int) -> None:
    """Deal ``player`` the top card of the stock too, keeping the hand in order."""
    data["hands"][player] = sorted(
        [*data["hands"][player], data["stock"].pop(0)], key=_order
    )


def _overdealt(
    rules: PlayableRules[Any], player: int, deals: Callable[[Card], int]
) -> Any:
    """A fresh deal where one card more leaves ``player`` no card dealing the new size."""
    for seed in range(100):
        game = rules.new_game(seed=seed)
        after = [*game.hands[player], game.stock[0]]
        if all(deals(card) != len(after) for card in after):
            return game
    raise AssertionError("no such deal in 100 seeds")  # pragma: no cover


def test_eop_2_a_deal_of_one_card_too_many_is_refused() -> None:
    game = _overdealt(EndOfThePage(), 1, eop_hand_size)
    refused_by_both(game, lambda data: _one_more(data, 1), "at the deal player 1 holds")


def test_eop_3_a_dealer_dealt_one_card_too_many_is_refused() -> None:
    game = next(
        game
        for game in (EndOfThePage().new_game(seed=seed) for seed in range(100))
        if len(game.hands[0]) < 13
    )
    refused_by_both(
        game, lambda data: _one_more(data, 0), "at the deal the dealer, player 0"
    )


def test_f14_3_a_deal_of_one_card_too_many_is_refused() -> None:
    game = _overdealt(FourteenHundred(players=3), 0, f14_hand_size)
    refused_by_both(game, lambda data: _one_more(data, 0), "at the deal player 0 holds")


def test_f14_r3_a_deal_without_the_face_up_card_on_top_is_refused() -> None:
    def short(game: Any) -> bool:  # a FourteenHundredState, with its face_up
        # Player 1, left of the dealer, holds the dealt size and the wild card:
        # without the wild card, one card fewer than dealt, no size at all.
        dealt = list(game.hands[1])
        dealt.remove(game.face_up)
        return all(f14_hand_size(card) != len(dealt) - 1 for card in dealt)

    rules = FourteenHundred(players=3)
    game: Any = next(filter(short, (rules.new_game(seed=seed) for seed in range(100))))

    def edit(data: Data) -> None:
        data["hands"][1].remove(str(game.face_up))
        data["stock"].append(str(game.face_up))

    refused_by_both(game, edit, "besides the face-up")


def test_a_real_deal_with_a_card_moved_that_still_sets_the_size_loads() -> None:
    """A tampered hand still holding a card of its size is one another deck order deals."""
    game = EndOfThePage().new_game(seed=3)
    document = saved(game)
    hands = document["data"]["hands"]
    # Swap one card of player 1's hand, not the one setting its size, with the stock's.
    keep = next(c for c in hands[1] if len(hands[1]) == _size(c))
    give = next(c for c in hands[1] if c != keep)
    hands[1] = sorted(
        [c for c in hands[1] if c != give] + [document["data"]["stock"][0]], key=_order
    )
    document["data"]["stock"][0] = give
    loaded = loads(json.dumps(document))
    assert read_position(loaded.position()) == loaded


def _size(text: str) -> int:
    return eop_hand_size(Card.parse(text))


# --- Item 11a: End of the Page's turns -------------------------------------------------


def _eop_with_a_meld() -> GameState:
    """A real game of End of the Page, in a draw, with a meld on the table."""
    for seed in range(200):
        game: GameState = EndOfThePage().new_game(seed=seed)
        for _ in range(60):
            if game.is_over or game.round > 1:
                break
            if game.melds and game.phase == "draw":
                return game
            moves = game.legal_moves()
            melds = [m for m in moves if str(m).startswith("meld")]
            game = game.apply(melds[0] if melds else moves[0])
    raise AssertionError("no game melded")  # pragma: no cover


def test_eop_14_a_meld_on_the_table_when_nobody_has_had_a_turn_is_refused() -> None:
    game = _eop_with_a_meld()

    def edit(data: Data) -> None:
        data["had_turn"] = [False] * len(data["had_turn"])

    refused_by_both(game, edit, "so has had a turn this round (EOP-14)")


# --- Item 11b: a meld's owner and who played its cards --------------------------------


def test_meld_6_a_run_whose_owner_has_no_three_cards_in_a_row_is_refused() -> None:
    game = FourteenHundred(players=2, decks=1).position(
        "wild 9 | to_move 1 draw | hands 2C 3C / 7H 8H KS 4D"
        " | melds 0: 4S 5S 6S 7S | pile KD 6H"
    )

    def edit(data: Data) -> None:
        data["melds"][0]["played_by"] = [0, 1, 0, 0]

    refused_by_both(game, edit, "3 of its cards in a row are theirs")


# --- Item 11c: known cards ---------------------------------------------------------------


def _known(player: int) -> Callable[[Data], None]:
    def edit(data: Data) -> None:
        known: list[list[str]] = [[] for _ in data["hands"]]
        known[player] = [data["hands"][player][0]]
        data["known"] = known

    return edit


def test_eop_14_a_known_card_of_a_player_yet_to_have_a_turn_is_refused() -> None:
    game = EndOfThePage().new_game(seed=5).apply("draw")
    refused_by_both(game, _known(0), "known: player 0 has had no turn this round")


def test_f14_6_a_known_card_in_the_opening_is_refused() -> None:
    game = FourteenHundred(players=3).new_game(seed=5)
    refused_by_both(game, _known(2), "known: in the opening nobody has taken")


def test_gin_3_a_known_card_while_the_first_upcard_is_offered_is_refused() -> None:
    game = GinRummy().new_game(seed=5)
    refused_by_both(game, _known(1), "known: while the first upcard is offered")
    view = json.loads(dumps(game.view(1)))
    view["data"]["known"] = [[], [view["data"]["hand"][0]]]
    with pytest.raises(LoadError, match="while the first upcard is offered"):
        loads(json.dumps(view))


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
