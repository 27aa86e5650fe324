"""Legal moves grouped for a player: every move in one group, groups in listing order, far fewer than the moves where wilds multiply them."""

from __future__ import annotations

from typing import Any

from hypothesis import given

from rummyrules import (
    FourteenHundred,
    GameState,
    Move,
    MoveGroup,
    group_moves,
    parse_move,
)
from strategies import some_states, walks

MANY_WILDS = (
    "FourteenHundred | seed 1551 | dealer 1 | wild K | face_up KC | to_move 2 play"
    " | turn taken KD must_meld KD must_use KD"
    " | hands 3D 4D 6S 7D 8S 9H 9C JH QH KS / 4C 5H 7H 7D"
    " / AH AD 2H 3C 6D 7S 8D 9S 9H 9D 10S JD QS KS KH KD KC / AS 4C 5S 5C 8H 9S 10S JD"
    " | sheet -120 -110 80 15"
    " | stock AS 6C AH 5D 3S AD 2S 8D KC 2C AC JC 5H 2C 4H 5S 10H 4H 5D 3H QD QS QC"
    " 2D 10D 6H 8C 6S 3S 6C 4S 7C 7S 9C QH JH JS 5C QD 10H KD 3C 7C 10D 10C 8H QC"
    " 4S 3H KH 2H 4D 10C 3D 9D 6H 2S AC 2D 8C JS 8S 6D +"
)
"""A 1400 turn (two decks, four players) holding four wild kings: 722 legal moves."""


def check_groups(moves: tuple[Move, ...], groups: tuple[MoveGroup, ...]) -> None:
    """Every move in exactly one group, which says what it plays; groups in listing order."""
    grouped = [move for group in groups for move in group.choices]
    assert sorted(map(str, grouped)) == sorted(map(str, moves))
    firsts = [moves.index(group.choices[0]) for group in groups]
    assert firsts == sorted(firsts)
    for group in groups:
        positions = [moves.index(move) for move in group.choices]
        assert positions == sorted(positions)
        for move in group.choices:
            assert move.kind == group.kind
            assert move.player == group.player
            assert group.cards == tuple(sorted(card for card, _ in move.played()))
            assert move.target_meld == group.meld
            assert move.discarded == group.discard
    keys = {(g.kind, g.player, g.cards, g.meld, g.discard) for g in groups}
    assert len(keys) == len(groups)


def test_a_1400_turn_with_many_wild_placements_has_far_fewer_groups_than_moves() -> (
    None
):
    game = FourteenHundred(players=4, decks=2).position(MANY_WILDS)
    moves = game.legal_moves()
    groups = group_moves(moves)
    check_groups(moves, groups)
    assert len(moves) == 722
    assert len(groups) == 291
    widest = max(groups, key=lambda group: len(group.choices))
    assert len(widest.choices) == 6
    # Its choices differ only in what the wilds stand for.
    assert [str(move) for move in widest.choices][:2] == [
        "meld 6D KS=6 KH=6 KD=6 KC=6",
        "meld KS=2D KH=3D KD=4D KC=5D 6D",
    ]


def test_moves_that_play_no_card_are_groups_of_one() -> None:
    moves = tuple(parse_move(text) for text in ["draw", "take", "take 7H", "1: drop"])
    groups = group_moves(moves)
    assert [group.choices for group in groups] == [(move,) for move in moves]
    assert [group.kind for group in groups] == ["draw", "take", "take", "drop"]
    assert groups[3].player == 1


def test_a_go_out_groups_by_the_cards_it_lays() -> None:
    moves = tuple(
        parse_move(text)
        for text in [
            "out 7S 8S *=9S discard KC",
            "out 7S 8S *=6S discard KC",
            "out 7S 8S *=9S discard QC",
        ]
    )
    groups = group_moves(moves)
    assert [len(group.choices) for group in groups] == [2, 1]


@given(walks())
def test_every_listed_move_is_in_exactly_one_group(walk: list[GameState]) -> None:
    for game in some_states(walk):
        for player in range(game.players):
            moves: tuple[Any, ...] = game.view(player).legal_moves
            check_groups(moves, group_moves(moves))
