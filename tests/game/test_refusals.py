"""The same situation names the same rule, with the same error type, in every game.

DESIGN.md, "Which rule a refusal names": the game is over, there is no
player 7, it is another player's turn, a card the player does not hold, a
verb the game does not have. A game's own rule is named only where the
games' rules really differ (the draw: EOP-5, F14-8, GOR-4).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pytest

from rummyrules import (
    EndOfThePage,
    FourteenHundred,
    GameState,
    GoingOutRummy,
    IllegalMoveError,
    Match,
)
from rummyrules.game.moves import Draw
from rummyrules.game.notation import parse_move

GAMES = ["EOP", "F14", "GOR"]
TITLES = {"EOP": "End of the Page", "F14": "1400", "GOR": "Going Out Rummy"}


def in_play(name: str) -> GameState:
    """Player 0 has drawn and holds 7S 8S 9S KD; player 1 holds 4C 4D QH."""
    hands = "hands 7S 8S 9S KD / 4C 4D QH | pile JC"
    if name == "EOP":
        return EndOfThePage().position(
            f"wild 5 | to_move 0 play | {hands} | had_turn 0"
        )
    if name == "F14":
        return FourteenHundred(players=2).position(f"wild 5 | to_move 0 play | {hands}")
    return GoingOutRummy(hand_size=3).position(f"to_move 0 play | {hands}")


def to_draw(name: str) -> GameState:
    """Player 1 to draw (1400: past the opening)."""
    if name == "EOP":
        return EndOfThePage().new_game(seed=1)
    if name == "F14":
        return FourteenHundred(players=2).position(
            "wild 5 | to_move 1 draw | hands 7S 8S 9S / 4C 4D QH | pile JC"
        )
    return GoingOutRummy().new_game(seed=1)


def over(name: str) -> GameState:
    """A game that has just ended."""
    if name == "EOP":
        game = EndOfThePage(rounds=1, max_turns=1).new_game(seed=1).apply("draw")
        return game.apply(game.legal_moves()[-1])
    if name == "F14":
        rules = FourteenHundred(players=2, pass_freely=True, target=1)
        return rules.new_game(seed=1).apply("pass").apply("pass")
    return GoingOutRummy().new_game(seed=1).apply("0: drop")


def refusal(attempt: Callable[[], object]) -> tuple[type[Exception], str, str]:
    """The type, rule and reason of the error the attempt raises."""
    with pytest.raises(IllegalMoveError) as caught:
        attempt()
    return type(caught.value), caught.value.rule, caught.value.reason


@pytest.mark.parametrize("name", GAMES)
def test_all_2_the_game_is_over_in_every_game_and_every_path(name: str) -> None:
    game = over(name)
    assert game.is_over
    assert game.legal_moves() == ()
    normalize = partial(game.rules.machine.resolve, game)
    attempts: list[Callable[[], object]] = [
        partial(game.apply, "draw"),
        partial(game.apply, "0: draw"),
        partial(game.apply, "draw", player=1),
        partial(game.apply, "7: draw"),
        partial(normalize, Draw()),
        partial(normalize, parse_move("1: discard 7S")),
    ]
    for attempt in attempts:
        assert refusal(attempt) == (IllegalMoveError, "ALL-2", "the game is over")


def test_all_2_the_game_is_over_in_a_match() -> None:
    match = Match.start(GoingOutRummy(), seed=3).apply("0: drop")
    assert match.game.is_over
    for attempt in [partial(match.apply, "draw"), partial(match.apply, "1: drop")]:
        assert refusal(attempt) == (IllegalMoveError, "ALL-2", "the game is over")


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("number", [2, 7, -1])
def test_all_2_there_is_no_player_n_in_every_game_and_every_path(
    name: str, number: int
) -> None:
    reason = f"there is no player {number}: the players are 0 to 1"
    for game in [in_play(name), to_draw(name)]:
        attempts: list[Callable[[], object]] = [
            partial(game.legal_moves, player=number),
            partial(game.view, number),
            partial(game.apply, "draw", player=number),
            partial(game.apply, Draw(player=number)),
            partial(game.rules.machine.resolve, game, Draw(player=number)),
        ]
        if number >= 0:
            attempts.append(partial(game.apply, f"{number}: draw"))
        for attempt in attempts:
            assert refusal(attempt) == (IllegalMoveError, "ALL-2", reason)


@pytest.mark.parametrize("name", GAMES)
def test_all_2_it_is_another_players_turn(name: str) -> None:
    for game, text in [(in_play(name), "discard 4C"), (to_draw(name), "draw")]:
        other = 1 - (game.to_move or 0)
        reason = f"it is player {game.to_move}'s turn, not player {other}'s"
        for attempt in [
            partial(game.apply, f"{other}: {text}"),
            partial(game.apply, text, player=other),
        ]:
            assert refusal(attempt) == (IllegalMoveError, "ALL-2", reason)


@pytest.mark.parametrize("name", GAMES)
def test_all_1_you_do_not_hold_that_card(name: str) -> None:
    game = in_play(name)
    expected = (IllegalMoveError, "ALL-1", "you do not hold 3H")
    assert refusal(partial(game.apply, "discard 3H")) == expected
    assert refusal(partial(game.apply, "0: discard 3H")) == expected


@pytest.mark.parametrize(
    ("name", "move", "missing"),
    [
        ("EOP", "meld 7S 8S 9S 10S", "10S"),
        ("F14", "meld 7S 8S 9S 10S", "10S"),
        ("GOR", "out 7S 8S 9S 10S discard KD", "10S"),
        ("GOR", "out 7S 8S 9S discard 3H", "3H"),
        ("EOP", "lay 3H on 1", "3H"),
        ("F14", "lay 3H on 1", "3H"),
    ],
)
def test_all_1_you_do_not_hold_a_card_you_would_play(
    name: str, move: str, missing: str
) -> None:
    game = in_play(name)
    if move.startswith("lay"):
        game = game.apply("meld 7S 8S 9S")
    expected = (IllegalMoveError, "ALL-1", f"you do not hold {missing}")
    assert refusal(partial(game.apply, move)) == expected


@pytest.mark.parametrize(
    ("name", "move"),
    [
        ("EOP", "pass"),
        ("EOP", "drop"),
        ("EOP", "done"),
        ("EOP", "out 7S 8S 9S discard KD"),
        ("EOP", "claim 4C on 1"),
        ("F14", "drop"),
        ("F14", "out 7S 8S 9S discard KD"),
        ("GOR", "pass"),
        ("GOR", "done"),
    ],
)
def test_all_2_a_move_the_game_does_not_have(name: str, move: str) -> None:
    verb = move.split(maxsplit=1)[0]
    expected = (IllegalMoveError, "ALL-2", f"'{verb}' is not a move in {TITLES[name]}")
    for game in [in_play(name), to_draw(name)]:
        other = 1 - (game.to_move or 0)
        for attempt in [
            partial(game.apply, move),
            partial(game.apply, f"{game.to_move}: {move}"),
            partial(game.apply, f"{other}: {move}"),  # out of turn: still no such move
            partial(game.apply, move, player=other),
        ]:
            assert refusal(attempt) == expected


@pytest.mark.parametrize("name", ["EOP", "F14"])
def test_meld_6_there_is_no_meld_n(name: str) -> None:
    game = in_play(name).apply("meld 7S 8S 9S")
    expected = (
        IllegalMoveError,
        "MELD-6",
        "there is no meld 4 on the table (there is only meld 1)",
    )
    assert refusal(partial(game.apply, "lay KD on 4")) == expected


def test_gor_4_a_game_that_melds_only_to_go_out_names_its_own_rule() -> None:
    # Where the rules really differ, the game's own rule is named: Going Out
    # Rummy lays nothing down before going out.
    game = in_play("GOR")
    for move in ["meld 7S 8S 9S", "lay KD on 1", "1: claim 4C on 1"]:
        error = refusal(partial(game.apply, move))
        assert error[:2] == (IllegalMoveError, "GOR-4")
