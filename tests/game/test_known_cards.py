"""What is public about the hands: a card taken face up from the pile is known to be held.

Everyone at the table saw the card taken, so every view shows it in its
taker's hand until it is played; a new deal forgets it (DESIGN.md, views;
issue 17). The leak properties (``tests/conformance/test_hidden_cards.py``)
keep these cards where they are when the hidden cards are dealt anew.
"""

from __future__ import annotations

import pytest

from rummyrules import (
    EndOfThePage,
    GinRummy,
    GoingOutRummy,
    LoadError,
    PositionError,
    dumps,
    loads,
    parse_cards,
)


def test_eop_5_a_card_taken_from_the_pile_is_known_until_it_is_played() -> None:
    rules = EndOfThePage()
    game = rules.position(
        "wild 3 | to_move 1 draw | had_turn 0 | hands 4H 9S / 5C 6C KC | pile 7C 10D 5H"
    )
    taken = game.apply("take")
    assert taken.known == ((), parse_cards("7C"))
    for player in (0, 1):
        assert taken.view(player).known == ((), parse_cards("7C"))
    melded = taken.apply("meld 5C 6C 7C")
    assert melded.known == ()  # played: nobody knows of anything held
    kept = taken.apply("discard KC")
    assert kept.known == ((), parse_cards("7C"))
    assert kept.view(0).known == ((), parse_cards("7C"))


def test_eop_5_a_card_taken_from_deep_in_the_pile_takes_the_cards_above_it() -> None:
    rules = EndOfThePage(take_cards_above=True)
    game = rules.position(
        "wild 3 | to_move 1 draw | had_turn 0 | hands 4H 9S / 10C 10H KC"
        " | pile 7C 10D 5H"
    )
    taken = game.apply("take 10D")
    assert taken.known == ((), parse_cards("7C 10D"))


def test_gor_4_the_top_discard_taken_is_known() -> None:
    game = GoingOutRummy(hand_size=2).position(
        "to_move 1 draw | hands 7S 8S / 9H 9D | pile KC"
    )
    taken = game.apply("take")
    assert taken.known == ((), parse_cards("KC"))
    assert taken.view(0).known == taken.known


def test_gin_4_the_upcard_taken_is_known_and_a_new_hand_forgets_it() -> None:
    game = GinRummy(target=200).new_game(seed=3)
    taken = game.apply("take")
    assert taken.known[0] == game.discard_pile[:1]
    # Played out to the next hand: the new deal knows nothing.
    state = taken
    while state.round == 1 and not state.is_over:
        state = state.apply(state.legal_moves()[-1])
    assert state.round_results  # the first hand was counted
    assert state.known == ()


def test_known_cards_are_part_of_a_position_and_of_saved_json() -> None:
    rules = EndOfThePage()
    game = rules.position(
        "wild 3 | to_move 1 draw | had_turn 0 | hands 4H 9S / 5C 6C KC | pile 7C 10D 5H"
    ).apply("take")
    assert "known - / 7C" in game.position()
    assert rules.position(game.position()) == game
    assert loads(dumps(game)) == game
    assert loads(dumps(game.view(0))) == game.view(0)


def test_known_cards_a_hand_does_not_hold_are_refused() -> None:
    rules = EndOfThePage()
    with pytest.raises(PositionError, match="known: player 1 does not hold 7C"):
        rules.position(
            "wild 3 | to_move 1 draw | had_turn 0 | hands 4H 9S / 5C 6C KC"
            " | known - / 7C | pile 7C 10D 5H"
        )
    with pytest.raises(PositionError, match="known: 1 groups of cards for 2 players"):
        rules.position(
            "wild 3 | to_move 1 draw | had_turn 0 | hands 4H 9S / 5C 6C KC"
            " | known 4H | pile 7C 10D 5H"
        )
    game = rules.position(
        "wild 3 | to_move 1 draw | had_turn 0 | hands 4H 9S / 5C 6C KC | pile 7C 10D 5H"
    )
    text = dumps(game.replace(known=((), parse_cards("4H"))))
    with pytest.raises(LoadError, match="known: player 1 does not hold 4H"):
        loads(text)


def test_eop_5_a_card_like_the_known_one_played_leaves_nothing_known() -> None:
    """With two decks, a player who took 7C and then discards a 7C may still hold one.

    Nobody else can tell which 7C went: the one taken, or one of their own.
    So the 7C is known no more, whatever is in the hand; to keep it known
    would tell everyone the hand held a second 7C.
    """
    rules = EndOfThePage(decks=2)
    game = rules.position(
        "wild 3 | to_move 1 draw | had_turn 0 | hands 4H 9S / 7C KC KD | pile 7C 10D 5H"
        " | stock +"
    )
    taken = game.apply("take")
    assert taken.known == ((), parse_cards("7C"))
    discarded = taken.apply("discard 7C")
    assert discarded.hand(1) == parse_cards("7C KD KC")
    assert discarded.known == ()
