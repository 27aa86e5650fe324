"""End of the Page's integer core against its turn machine, option by option (issue 40).

The oracle is the turn machine alone: its listing of moves, kept frozen
under ``tests/machine_listing`` (issue 40, item 5), and its ``play``, with
what ``apply`` adds (the cause of the events, the cards known, ALL-3). At
every state of seeded random games under each option the core lists the
machine's moves in the machine's order (ALL-2), and each action plays to
the machine's state.
"""

from __future__ import annotations

import random

import pytest

import machine_listing
from rummyrules import EndOfThePage
from rummyrules.core.options import StockOut
from rummyrules.games.end_of_the_page.core import CORE
from rummyrules.games.end_of_the_page.core.codes import DRAW, MELD, TAKE, move_of

TABLES = [
    EndOfThePage(),
    EndOfThePage(players=3, rounds=2),
    EndOfThePage(players=4, rounds=1, take_cards_above=False),
    EndOfThePage(players=2, rounds=2, discard_taken_card=False),
    EndOfThePage(players=3, rounds=2, discard_taken_card=False, decks=2),
    EndOfThePage(players=2, rounds=2, stock_out=StockOut.FLIP, max_turns=120),
    EndOfThePage(players=2, rounds=2, stock_out=StockOut.RESHUFFLE, max_turns=150),
    EndOfThePage(players=5, rounds=1, max_turns=30),
    EndOfThePage(players=8, rounds=1, stock_out=StockOut.RESHUFFLE, max_turns=60),
    EndOfThePage(players=2, decks=3, rounds=1, take_cards_above=False),
]


@pytest.mark.parametrize("rules", TABLES, ids=repr)
@pytest.mark.parametrize("seed", [1, 2])
def test_all_2_the_core_is_the_turn_machine(rules: EndOfThePage, seed: int) -> None:
    """Every state: the machine's moves in its order; every action: the machine's state."""
    rng = random.Random(seed)
    fast = slow = rules.new_game(seed=seed)
    for _ in range(1500):
        if slow.is_over:
            break
        listed = machine_listing.legal_moves(slow)
        actions = fast.legal_actions()
        assert [fast.action_to_move(action) for action in actions] == list(listed)
        for player in range(rules.players):
            if player != slow.to_move:
                assert fast.legal_actions(player) == ()
        choice = rng.randrange(len(actions))
        fast = fast.apply_action(actions[choice])
        slow = machine_listing.apply(slow, listed[choice])
        assert fast == slow
        assert fast.known == slow.known
        assert fast.round_results == slow.round_results
        assert fast.events == slow.events
    assert fast.is_over == slow.is_over


@pytest.mark.parametrize("rules", TABLES[:4], ids=repr)
def test_all_2_a_state_read_back_plays_on_alike(rules: EndOfThePage) -> None:
    """A position read from text encodes to the value its fields came from."""
    rng = random.Random(7)
    game = rules.new_game(seed=7)
    for _ in range(200):
        if game.is_over:
            break
        read = rules.position(game.position())
        assert read == game
        fields = CORE.fields(CORE.encode(read))
        expected = CORE.fields(CORE.encode(game))
        del fields["round_results"], expected["round_results"]  # no part of a position
        assert fields == expected
        assert read.legal_actions() == game.legal_actions()
        game = game.apply_action(rng.choice(game.legal_actions()))


def test_all_2_an_int_that_names_no_move_names_none() -> None:
    """Actions name moves whatever the state; other ints name none."""
    value = CORE.encode(EndOfThePage().new_game(seed=1))
    assert str(CORE.action_to_move(value, DRAW, 1)) == "draw"
    assert str(CORE.action_to_move(value, TAKE, 1)) == "take"
    for junk in (-1, 8, 7, 5, TAKE | 200 << 3, MELD | 12345 << 3, 2**70):
        assert move_of(junk) is None
