"""Toy Rummy's integer core against its turn machine, on every option (TOY-1 to TOY-8, ALL-5).

Here the turn machine plays alone (its listing kept frozen under
``tests/machine_listing``, issue 40, item 5, and its ``play``), and the core
must reach, move by move, the very states, events and known cards it
reaches, in the machine's order; and with the options the conformance
suite's samples leave out (``burns``).
"""

from __future__ import annotations

import random
from typing import Any

import attrs
from hypothesis import given
from hypothesis import strategies as st

import machine_listing
from rummyrules import GameState, make_deck, read_position, write_position
from rummyrules.melds import find_melds
from toy_game import ToyRummy
from toy_game.core import BURN, CORE, meld_codes, meld_masks

FIELDS = [
    field.name
    for field in attrs.fields(type(ToyRummy().new_game()))
    if field.init and field.name != "rules"
]


options = st.fixed_dictionaries(
    {
        "players": st.integers(2, 4),
        "full_deck": st.booleans(),
        "burns": st.booleans(),
        "max_turns": st.none() | st.integers(1, 80),
    }
)


def same(fast: GameState, slow: GameState) -> None:
    """Every field, the events and the known cards of the two states are equal."""
    for name in FIELDS:
        assert getattr(fast, name) == getattr(slow, name), name
    assert fast.events == slow.events
    assert fast.round_results == slow.round_results


@given(
    options=options, seed=st.integers(0, 2**32), rng=st.randoms(use_true_random=False)
)
def test_all_2_the_core_plays_every_option_as_the_machine_alone(
    options: dict[str, Any], seed: int, rng: random.Random
) -> None:
    slow: GameState = ToyRummy(**options).new_game(seed=seed)
    fast: GameState = ToyRummy(**options).new_game(seed=seed)
    for _ in range(300):
        moves = machine_listing.legal_moves(slow)
        assert [fast.action_to_move(a) for a in fast.legal_actions()] == list(moves)
        if not moves:
            break
        index = rng.randrange(len(moves))
        slow = machine_listing.apply(slow, moves[index])
        fast = fast.apply_action(fast.legal_actions()[index])
        same(fast, slow)
    assert fast.is_over == slow.is_over


def test_toy_8_a_burn_is_an_action_when_the_option_allows() -> None:
    game = ToyRummy(burns=True).new_game(seed=5)
    assert BURN in game.legal_actions()
    burnt = game.apply_action(BURN)
    assert burnt == game.apply("burn")
    assert burnt.discard_pile[0] == game.stock[0]
    assert BURN not in ToyRummy().new_game(seed=5).legal_actions()


@given(cards=st.lists(st.sampled_from(make_deck()), unique=True, max_size=24))
def test_toy_4_the_core_finds_the_meld_search_s_melds_in_its_order(
    cards: list[Any],
) -> None:
    hand = tuple(sorted(cards))
    mask = sum(1 << card for card in hand)
    expected = [meld.cards for meld in find_melds(hand, ToyRummy().meld_rules)]
    assert [meld_codes(found) for found in meld_masks(mask)] == expected


@given(seed=st.integers(0, 2**32), rng=st.randoms(use_true_random=False))
def test_all_2_a_position_read_back_is_encoded_to_its_own_fields(
    seed: int, rng: random.Random
) -> None:
    game: GameState = ToyRummy(players=3, burns=True).new_game(seed=seed)
    for _ in range(rng.randrange(60)):
        if game.is_over:
            break
        game = game.apply_action(rng.choice(game.legal_actions()))
    read = read_position(write_position(game))
    fields = CORE.fields(CORE.encode(read))
    assert {name: getattr(read, name) for name in FIELDS} == fields


def test_all_2_nobody_known_as_empty_hands_stays_as_the_machine_keeps_it() -> None:
    slow = ToyRummy().new_game(seed=3)
    slow = attrs.evolve(slow, known=((), ()))
    fast = attrs.evolve(ToyRummy().new_game(seed=3), known=((), ()))
    for action in (0, fast.apply_action(0).legal_actions()[-1]):
        move = fast.action_to_move(action)
        slow, fast = machine_listing.apply(slow, move), fast.apply_action(action)
        same(fast, slow)
