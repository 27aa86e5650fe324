"""Every state that legal play reaches saves and reloads; no other state loads.

The promise runs both ways. A state reached by legal play, in any game,
under any options, reads back equal from ``dumps`` and from its position,
the game over included. A state no game could reach (a winner nobody made, a
lay-off by a player who has not melded, fields a game never sets) is
refused by ``loads`` and by positions alike, with a sentence naming the
field and the rule: both read through ``validation.check_state``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import event, given

from rummyrules import (
    EndOfThePage,
    FourteenHundred,
    GameState,
    GoingOutRummy,
    LoadError,
    Phase,
    StateError,
    dumps,
    loads,
)
from rummyrules.core.errors import PositionError
from rummyrules.formats.checks import check_state
from rummyrules.formats.positions import read_position, write_position
from rummyrules.game.state import Turn
from scenarios import play
from strategies import some_states, whole_games

WHOLE_GAME_STRIDE = 1 if os.environ.get("HYPOTHESIS_PROFILE") == "ci" else 3
"""Of each whole game, check every this many states (every one in the "ci"
profile), each rarer one and the last."""


# --- Every reachable state saves and reloads --------------------------------------


@given(whole_games())
def test_every_state_of_a_whole_game_saves_and_reloads_both_ways(
    walk: list[GameState],
) -> None:
    """Every state of random legal play, from the deal to the game over, reads back equal from its saved text and from its position."""
    last = walk[-1]
    event(f"{last.rules.name}, {'over' if last.is_over else 'not over'}")
    for game in some_states(walk, stride=WHOLE_GAME_STRIDE):
        text = dumps(game)
        loaded = loads(text)
        assert loaded == game, text
        assert dumps(loaded) == text
        position = game.position()
        assert game.rules.position(position) == game, position


# --- Saved states and positions no game can reach are refused ----------------------


def decisive() -> GameState:
    """End of the Page, the seed's worked example: player 0 owns meld 1, on which
    the dealer (player 1) laid 3D off, and the dealer owns meld 2 and floats."""
    game = read_position(
        "EndOfThePage | dealer 1 | wild 3 | face_up 3S | to_move 1 draw"
        " | hands 7D / 3S 3D 4C | melds 0: 4H 4D 3H=4 | pile 6C KC 9S QD"
        " | had_turn 0 1 | turns 3 | stock AC 10H +"
    )
    return play(game, "take", "meld 4C 3S=5C 6C", "lay 3D=4 on 1")


def claimable() -> GameState:
    """1400, three players: player 0 discarded 7H, which fits player 2's run."""
    return read_position(
        "FourteenHundred players=3 | wild 9 | to_move 1 draw | claim 7H@0"
        " | hands 2C 3C 4D / KS KD 8C / JD QD | melds 2: 4H 5H 6H | pile 7H 10S"
    )


def dropped_one() -> GameState:
    """Going Out Rummy, three players: player 1 dropped out with 7 cards."""
    return read_position(
        "GoingOutRummy players=3 | to_move 2 draw"
        " | hands 7S 7H 7D 8C 9C 10C KD / - / AS 2S 3S 4S 5S 6S 7S"
        " | dropped 1 | out_of_play QH QS QD QC JH JS JD"
    )


def went_out() -> GameState:
    """Going Out Rummy over: player 0 went out with two melds, discarding KD."""
    game = read_position(
        "GoingOutRummy | to_move 0 play"
        " | hands 7S 7H 7D 8C 9C 10C JC KD / AS 2S 4H 6D 8S 10H QC"
    )
    return game.apply("out 7S 7H 7D / 8C 9C 10C JC discard KD")


def left_alone() -> GameState:
    """Going Out Rummy over: player 2 dropped too, so player 0 won (GOR-R3)."""
    return dropped_one().apply("2: drop")


def over(game: GameState, **changes: Any) -> GameState:
    """The game marked over, as a tampered save would mark it."""
    return attrs.evolve(game, phase=Phase.OVER, to_move=None, **changes)


def with_meld(game: GameState, number: int, **changes: Any) -> GameState:
    """The game with one meld on the table changed (its owner, who played its cards)."""
    table = list(game.table)
    table[number - 1] = attrs.evolve(table[number - 1], **changes)
    return attrs.evolve(game, table=tuple(table))


def marker_from_stock(game: GameState) -> GameState:
    """A card of the wild rank moved from the stock to the marker's place (F14-R3)."""
    card = next(card for card in game.stock if card.rank is game.wild)
    stock = list(game.stock)
    stock.remove(card)
    return attrs.evolve(game, stock=tuple(stock), marker=card)


def marker_on_stock() -> GameState:
    """1400 with the wild-rank card on the table (F14-R3), the card put back on the stock."""
    game = FourteenHundred(players=2, wild_card_dealt=False).new_game(seed=1)
    assert game.marker is not None
    return attrs.evolve(game, marker=None, stock=(game.marker, *game.stock))


def eop(**options: Any) -> GameState:
    return EndOfThePage(**options).new_game(seed=1)


BASES: dict[str, Callable[[], GameState]] = {
    "decisive": decisive,
    "claimable": claimable,
    "dropped one": dropped_one,
    "went out": went_out,
    "left alone": left_alone,
}

# (what is wrong, the tampered state, the message; the position's, where it differs)
TAMPERED: list[tuple[str, Callable[[], GameState], str, str | None]] = [
    (
        "GOR-7 a winner nobody made",
        lambda: over(dropped_one(), winner=0),
        "winner: player 0 neither went out nor was the last player left (GOR-7, GOR-R3)",
        None,
    ),
    (
        "GOR-R4 a game over with no winner and no reason",
        lambda: over(dropped_one()),
        "winner: the game is over with no winner, yet nobody went out, no turn limit",
        None,
    ),
    (
        "GOR-7 a winner who did not go out",
        lambda: attrs.evolve(went_out(), winner=1),
        "winner: player 0 went out, so won the game (GOR-7)",
        None,
    ),
    (
        "GOR-R3 the last player left wins only under last_player_wins",
        lambda: attrs.evolve(
            left_alone(), rules=GoingOutRummy(players=3, last_player_wins=False)
        ),
        "winner: player 0 neither went out nor was the last player left",
        None,
    ),
    (
        "GOR-7 the melds of another player",
        lambda: with_meld(went_out(), 1, owner=1, played_by=(1, 1, 1)),
        "melds: player 0 went out, laying down their whole hand as their own melds",
        None,
    ),
    (
        "GOR-4 a card laid off in Going Out Rummy",
        lambda: with_meld(went_out(), 2, played_by=(0, 0, 1, 0)),
        "meld 2: nobody lays off in Going Out Rummy",
        None,
    ),
    (
        "GOR-10 cards out of play that nobody dropped",
        lambda: attrs.evolve(
            dropped_one(),
            out_of_play=dropped_one().out_of_play[1:],
            stock=(dropped_one().out_of_play[0], *dropped_one().stock),
        ),
        "out_of_play: 6 cards, but each player who drops out leaves 7 or 8 (GOR-10)",
        None,
    ),
    (
        "EOP-9 melded but owning no meld",
        lambda: attrs.evolve(decisive(), melded=(False, True)),
        "melded: player 0 has not melded, yet owns a meld on the table (EOP-9)",
        "melded: '1' does not agree with the melds",
    ),
    (
        "EOP-9 a lay-off by a player who has not melded",
        lambda: attrs.evolve(
            with_meld(decisive(), 2, owner=0, played_by=(0, 0, 0)),
            melded=(True, False),
        ),
        "meld 1: player 1 laid a card off on it without a meld of their own (EOP-9",
        None,
    ),
    (
        "MELD-6 a meld its owner did not lay",
        lambda: with_meld(decisive(), 1, played_by=(0, 1, 1, 1)),
        "meld 1: player 0 laid it, so at least 3 of its cards are theirs, not 1 (MELD-6)",
        None,
    ),
    (
        "EOP-17 a round the score sheet does not lead to",
        lambda: attrs.evolve(decisive(), round=2),
        "round: with 0 rows on the score sheet the round is 1, not 2 (EOP-17)",
        "round: '2' does not agree with the score sheet",
    ),
    (
        "EOP-14 a player out, and the round going on to one who has had a turn",
        lambda: attrs.evolve(decisive(), out=1),
        "had_turn: player 1 went out, so only players who have not had a turn play "
        "on, and player 0 has (EOP-14)",
        None,
    ),
    (
        "F14-7 passes in End of the Page",
        lambda: attrs.evolve(decisive(), passes=1),
        "passes: there is no such thing in End of the Page",
        None,
    ),
    (
        "GOR-10 drops in End of the Page",
        lambda: attrs.evolve(decisive(), dropped=(1,)),
        "dropped: there is no such thing in End of the Page",
        None,
    ),
    (
        "GOR-7 a winner in 1400",
        lambda: attrs.evolve(claimable(), winner=2),
        "winner: there is no such thing in 1400",
        None,
    ),
    (
        "EOP-14 had_turn in 1400",
        lambda: attrs.evolve(claimable(), had_turn=(True, False, False)),
        "had_turn: there is no such thing in 1400",
        None,
    ),
    (
        "F14-R3 a marker in End of the Page",
        lambda: marker_from_stock(decisive()),
        "marker: there is no such thing in End of the Page",
        None,
    ),
    (
        "F14-12 a claim in Going Out Rummy",
        lambda: attrs.evolve(
            dropped_one(),
            claim=dropped_one().stock[0],
            discarder=0,
            stock=dropped_one().stock[1:],
            discard_pile=dropped_one().stock[:1],
        ),
        "claim: there is no such thing in Going Out Rummy",
        None,
    ),
    (
        "EOP-9 melded in Going Out Rummy",
        lambda: attrs.evolve(dropped_one(), melded=(True, False, False)),
        "melded: there is no such thing in Going Out Rummy",
        None,
    ),
    (
        "F14-13 a 'drew' in an End of the Page turn",
        lambda: attrs.evolve(play(decisive(), "draw"), turn=Turn(drew=True)),
        "turn: there is no drew in End of the Page",
        None,
    ),
    (
        "EOP-R3 a card taken in a Going Out turn",
        lambda: attrs.evolve(
            dropped_one().apply("draw"), turn=Turn(taken=dropped_one().stock[0])
        ),
        "turn: there is no taken in Going Out Rummy",
        "turn: there is no such thing in Going Out Rummy",
    ),
    (
        "ALL-5 turns at the turn limit",
        lambda: attrs.evolve(eop(max_turns=5), turns=5),
        "turns: 5 turns have ended, and the limit of 5 ends the round (ALL-5)",
        None,
    ),
    (
        "GOR-R4 turns past the turn limit",
        lambda: attrs.evolve(GoingOutRummy(max_turns=5).new_game(seed=1), turns=7),
        "turns: 7 turns have ended, and the limit of 5 ends the game (GOR-R4)",
        None,
    ),
    (
        "EOP-R4 a stock rebuilt under end_round",
        lambda: attrs.evolve(eop(), reshuffles=1),
        "reshuffles: under stock_out=end_round the stock is never rebuilt (EOP-R4)",
        None,
    ),
    (
        "EOP-3 a face-up card of another rank",
        lambda: attrs.evolve(
            eop(),
            face_up=next(c for c in eop().hand(0) if c.rank is not eop().wild),
        ),
        "face_up: ",
        None,
    ),
    (
        "EOP-3 a holder with no face-up card",
        lambda: attrs.evolve(eop(), face_up=None),
        "face_up_holder: player 0 holds no face-up card; once it is played nobody "
        "does (EOP-3, F14-4)",
        None,
    ),
    (
        "F14-R3 no marker though the wild-rank card stays on the table",
        marker_on_stock,
        "marker: with wild_card_dealt=false the wild-rank card lies on the table",
        None,
    ),
    (
        "F14-12 a claim by the wrong discarder",
        lambda: attrs.evolve(claimable(), discarder=2),
        "claim: player 2 discarded 7H, so player 0 is to draw next (F14-12)",
        None,
    ),
    (
        "F14-13 a player out who holds cards",
        lambda: attrs.evolve(claimable(), out=2),
        "out: player 2 went out, so holds no cards",
        None,
    ),
    (
        "F14-6 turns ended before the first upcard is used",
        lambda: attrs.evolve(FourteenHundred().new_game(seed=1), turns=1),
        "turns: the round opens on the first upcard, before any turn ends",
        None,
    ),
]


@pytest.mark.parametrize("base", list(BASES))
def test_each_base_state_is_reachable(base: str) -> None:
    """The states tampered with below are accepted as they are, both ways."""
    game = BASES[base]()
    check_state(game)
    assert loads(dumps(game)) == game
    assert read_position(write_position(game)) == game


@pytest.mark.parametrize(
    ("tampered", "message", "position_message"),
    [
        pytest.param(state, said, where, id=name)
        for name, state, said, where in TAMPERED
    ],
)
def test_a_state_no_game_can_reach_is_refused_by_loads_and_positions(
    tampered: Callable[[], GameState], message: str, position_message: str | None
) -> None:
    state = tampered()
    with pytest.raises(StateError) as caught:
        check_state(state)
    assert str(caught.value).startswith(message), caught.value
    with pytest.raises(LoadError) as refused:
        loads(dumps(state))
    assert f"the state is not valid: {message}" in str(refused.value)
    text = write_position(state)
    with pytest.raises(PositionError) as wrong:
        read_position(text)
    assert str(wrong.value).startswith(position_message or message), text


def test_a_view_whose_round_the_score_sheet_does_not_lead_to_is_refused() -> None:
    view = attrs.evolve(decisive().view(0), round=3)
    with pytest.raises(LoadError, match="round: with 0 rows on the score sheet"):
        loads(dumps(view))
