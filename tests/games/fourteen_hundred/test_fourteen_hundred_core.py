"""1400's core against its turn machine: every option, seeded play (issue 40, ALL-2).

The turn machine is the oracle: its listing of moves, kept frozen under
``tests/machine_listing`` (issue 40, item 5), and its ``play``. A game
played by actions must reach the same states, events, known cards and round
results as the machine's; each listing names the machine's moves in its
order, for the player to move and for every claim out of turn (F14-12).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import machine_listing
from rummyrules import EndOfThePage, FourteenHundred
from rummyrules.core.options import StockOut
from rummyrules.game.rummy500_actions import packed_meld
from rummyrules.games.fourteen_hundred.core import CORE
from rummyrules.games.fourteen_hundred.core.melding import _run_actions, _set_actions
from rummyrules.games.fourteen_hundred.core.value import encode, fields
from rummyrules.melds.code_search import run_codes, set_codes

TABLES = [
    FourteenHundred(players=2),
    FourteenHundred(players=3, pass_freely=True, lay_off_needs_meld=True),
    FourteenHundred(players=4, wild_card_dealt=False, all_wild_melds=True),
    FourteenHundred(players=2, stock_out=StockOut.RESHUFFLE, target=200, max_turns=30),
    FourteenHundred(players=6, decks=3, ace_hand_size=16, stock_out=StockOut.FLIP),
    FourteenHundred(players=3, decks=2, target=100, max_turns=7),
]


def _table(rng: random.Random) -> FourteenHundred:
    """A table of 1400 with options drawn at random (any that the rules allow)."""
    players = rng.randint(2, 6)
    options: dict[str, Any] = {
        "players": players,
        "ace_hand_size": rng.choice([15, 16]),
        "wild_card_dealt": rng.random() < 0.7,
        "pass_freely": rng.random() < 0.3,
        "lay_off_needs_meld": rng.random() < 0.3,
        "all_wild_melds": rng.random() < 0.3,
        "stock_out": rng.choice(list(StockOut)),
        "target": rng.choice([100, 300, 1400]),
        "max_turns": rng.choice([None, None, 7, 40]),
    }
    if players >= 4 or rng.random() < 0.3:
        options["decks"] = rng.choice([2, 3])
    return FourteenHundred(**options)


@pytest.mark.parametrize("rules", TABLES, ids=range(len(TABLES)))
@pytest.mark.parametrize("seed", range(3))
def test_all_2_the_core_plays_as_the_turn_machine(
    rules: FourteenHundred, seed: int
) -> None:
    _played_alike(rules, seed, 300)


@pytest.mark.parametrize("seed", range(100, 124))
def test_all_2_the_core_plays_as_the_turn_machine_under_random_options(
    seed: int,
) -> None:
    """F14-9's takes and plays, lay-offs and claims on integers, under any options."""
    _played_alike(_table(random.Random(seed)), seed, 200)


def _played_alike(rules: FourteenHundred, seed: int, steps: int) -> None:
    rng = random.Random(seed)
    fast = slow = rules.new_game(seed=seed)
    for _ in range(steps):
        if slow.is_over:
            break
        for player in range(rules.players):
            seat = None if player == slow.to_move else player
            named = [
                fast.action_to_move(a, player=seat) for a in fast.legal_actions(seat)
            ]
            assert tuple(named) == machine_listing.listed_for(slow, player)
        choices: list[tuple[int, int | None]] = [
            (action, None) for action in fast.legal_actions()
        ]
        for player in range(rules.players):
            if player != fast.to_move:
                choices += [(action, player) for action in fast.legal_actions(player)]
        action, seat = rng.choice(choices)
        move = fast.action_to_move(action, player=seat)
        fast = fast.apply_action(action, player=seat)
        slow = machine_listing.apply(slow, move)
        assert fast == slow
        assert fast.events == slow.events
        assert fast.known == slow.known
        assert fast.round_results == slow.round_results
    assert fast.is_over == slow.is_over


def test_all_2_a_state_round_trips_through_its_core_value() -> None:
    game = FourteenHundred(players=3).new_game(seed=4)
    for move in ["take", "pass", "pass", "pass"]:
        if move in map(str, game.legal_moves()):
            game = game.apply(move)
    core = encode(game)
    assert fields(core) == {name: getattr(game, name) for name in fields(core)}
    assert encode(game.replace(**fields(core))) == core


def test_f14_12_nobody_claims_out_of_turn_without_a_discard_to_claim() -> None:
    game = FourteenHundred().new_game(seed=2)
    core = encode(game)
    others = [p for p in range(4) if p != game.to_move]
    assert [CORE.legal_actions(core, p) for p in others] == [(), (), ()]


@pytest.mark.parametrize("game", ["1400", "End of the Page"])
def test_f14_10_runs_are_packed_as_the_library_search_finds_them(game: str) -> None:
    """The core's runs of a suit, packed as found, are the integer search's, in its order.

    End of the Page's meld rules (a wild spacing, EOP-8) stand for the
    options a 1400 table may set.
    """
    rules = FourteenHundred() if game == "1400" else EndOfThePage()
    meld_rules = rules.meld_rules
    rng = random.Random(10)
    for _ in range(600):
        held = rng.getrandbits(14) & ~1  # no rank 0
        wilds = tuple(
            sorted(rng.choice((8, 9, 10, 11)) for _ in range(rng.randrange(5)))
        )
        suit = rng.randrange(4)
        expected = tuple(map(packed_meld, run_codes(suit, held, wilds, meld_rules)))
        assert _run_actions(suit, held, wilds, meld_rules) == expected


@pytest.mark.parametrize("game", ["1400", "End of the Page"])
def test_f14_10_sets_are_packed_as_the_library_search_finds_them(game: str) -> None:
    """The core's sets of a rank, packed as found, are the integer search's, in its order."""
    rules = FourteenHundred() if game == "1400" else EndOfThePage()
    meld_rules = rules.meld_rules
    rng = random.Random(11)
    for _ in range(600):
        copies = sum(rng.randrange(3) << (4 * suit) for suit in range(4))
        wilds = tuple(
            sorted(rng.choice((8, 9, 10, 11)) for _ in range(rng.randrange(5)))
        )
        rank = rng.randrange(3, 14)
        expected = set_codes(rank, copies, wilds, 2, meld_rules)
        found = _set_actions(rank, copies, wilds, meld_rules)
        assert found == tuple(map(packed_meld, expected))
