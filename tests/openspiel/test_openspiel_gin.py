"""The OpenSpiel driver (rummyrules.peers.openspiel_gin): our deck order, our move text, both ways (GIN-1 … GIN-9)."""

from __future__ import annotations

import random

import pytest

from extras import peer

pyspiel = peer("pyspiel")  # without OpenSpiel this module skips, saying so

from rummyrules import GinRummy
from rummyrules.core.shuffle import shuffled
from rummyrules.peers.cards import card_id, card_text, meld_id_of, meld_text, run_parts
from rummyrules.peers.openspiel import MELD_BASE, NUM_MELDS
from rummyrules.peers.openspiel_gin import OpenSpielGin, game_parameters

pytestmark = pytest.mark.peer


def test_gin_1_every_card_text_and_id_round_trip() -> None:
    assert sorted(card_id(card_text(card)) for card in range(52)) == list(range(52))
    assert {card_text(card_id(str(card))) for card in GinRummy().deck()} == {
        str(card) for card in GinRummy().deck()
    }


def test_gin_2_every_meld_id_round_trips_through_its_text() -> None:
    for meld in range(NUM_MELDS):
        cards = [card_id(text) for text in meld_text(meld).split()[1:]]
        assert meld_id_of(cards) == meld


@pytest.mark.parametrize("length", range(6, 11))
def test_gin_2_a_long_run_is_cut_into_runs_openspiel_numbers(length: int) -> None:
    run = [f"{rank}H" for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")]
    parts = run_parts(run[:length])
    assert [card for part in parts for card in part] == run[:length]
    for part in parts:
        meld_id_of([card_id(card) for card in part])  # raises unless 3 to 5 cards


def test_gin_1_the_deal_is_our_deck_order() -> None:
    rules = GinRummy()
    for seed in range(5):
        ours = rules.new_game(seed=seed)
        order = shuffled(rules.deck(), seed, "round", 1)
        theirs = OpenSpielGin([str(card) for card in order])
        assert theirs.hands() == [[str(card) for card in hand] for hand in ours.hands]
        assert theirs.legal() == [str(move) for move in ours.legal_moves()]


@pytest.mark.parametrize("seed", range(4))
def test_every_legal_action_round_trips_through_its_text_in_random_play(
    seed: int,
) -> None:
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    theirs = OpenSpielGin(deck, knock_card=rng.choice([0, 5, 10]))
    phases = set()
    while not theirs.is_over:
        phases.add(theirs.phase)
        actions = list(theirs.state.legal_actions())
        for action in actions:
            assert theirs.action_of(theirs.text_of(action)) == action
        # The knock and the melds, when OpenSpiel lists them, make the hand end sooner.
        eager = [a for a in actions if a >= MELD_BASE - 1] or actions
        theirs.apply_action(rng.choice(eager))
    assert {"FirstUpcard", "Draw", "Discard"} <= phases
    outcome = theirs.outcome()
    assert outcome.returns[0] == -outcome.returns[1]
    assert (outcome.knocker is None) == (outcome.draw_reason is not None)


def test_gin_6_a_lay_off_target_is_checked_and_dropped() -> None:
    rules = GinRummy(hand_size=4)
    # Player 0: 7S 8S 9S 2C, upcard KD taken and thrown after the knock;
    # player 1 holds 10S, which extends 7S 8S 9S.
    deck = rules.stacked_deck("7S 8S 9S 2C AH 5D 10S JC KD")
    theirs = OpenSpielGin([str(card) for card in deck], **game_parameters(rules))
    for move in ("take", "knock", "discard KD", "meld 7S 8S 9S", "done"):
        theirs.apply(move)
    assert "lay 10S" in theirs.legal()
    with pytest.raises(ValueError, match="no meld 2"):
        theirs.action_of("lay 10S on 2")
    theirs.apply("lay 10S on 1")
    assert theirs.moves[-1] == "lay 10S"


def test_a_move_that_is_not_legal_or_not_a_move_is_refused() -> None:
    theirs = OpenSpielGin(list(range(52)))
    with pytest.raises(ValueError, match="not legal here"):
        theirs.action_of("draw")
    with pytest.raises(ValueError, match="cannot read move"):
        theirs.action_of("fly away")
    with pytest.raises(ValueError, match="each of the 52 cards once"):
        OpenSpielGin(list(range(51)))
