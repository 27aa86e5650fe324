"""Going Out Rummy's integer core against its turn machine (issue 40, ALL-2, GOR-4 … GOR-R4).

The core lists and plays every move; the oracle here is the turn machine
alone: its listing of moves, kept frozen under ``tests/machine_listing``
(issue 40, item 5), and its ``play``, as ``legal_moves`` and ``apply`` ran
before the core.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import machine_listing
import oracle
from rummyrules import GameState, GoingOut, GoingOutRummy, parse_cards
from rummyrules.games.going_out.core.game import CORE
from rummyrules.games.going_out.core.listing import (
    DISCARD,
    DRAW,
    DROP,
    KIND_BITS,
    OUT,
    TAKE,
    action_to_move,
)
from rummyrules.games.going_out.core.reach import lone_cards, may_cover
from rummyrules.games.going_out.core.value import encode, fields
from rummyrules.games.going_out.state import Drop
from rummyrules.melds.layouts import going_out_layouts
from strategies import GOR, hands, seeds

from .conftest import new

FIELDS = tuple(fields(encode(GoingOutRummy().new_game(seed=1))))

options = st.fixed_dictionaries(
    {
        "players": st.integers(2, 10),
        "hand_size": st.integers(2, 10),
        "wildcards": st.sampled_from([0, 0, 1, 2, 4, 9]),
        "going_out": st.sampled_from(list(GoingOut)),
        "last_player_wins": st.booleans(),
        "max_turns": st.sampled_from([None, None, 1, 2, 7, 40]),
    }
)


def machine_lists(game: GameState) -> list[list[object]]:
    """What the turn machine lists for each player, in its order."""
    return [
        list(machine_listing.listed_for(game, player)) for player in range(game.players)
    ]


def core_lists(game: GameState) -> list[list[object]]:
    """What the core's actions name for each player, in its order."""
    found: list[list[object]] = []
    for player in range(game.players):
        seat = None if player == game.to_move else player
        actions = game.legal_actions(seat)
        found.append([game.action_to_move(a, player=seat) for a in actions])
    return found


def chosen(game: GameState, rng: random.Random) -> tuple[int, int | None]:
    """An action to play, and who plays it: going out when it can, a drop now and then."""
    if rng.random() < 0.03:
        seats = [p for p in range(game.players) if game.legal_actions(p)]
        seat = rng.choice(seats)
        return DROP, None if seat == game.to_move else seat
    actions = [a for a in game.legal_actions() if a != DROP] or [DROP]
    outs = [a for a in actions if a & 15 == OUT]
    return rng.choice(outs if outs and rng.random() < 0.5 else actions), None


def same_state(fast: GameState, slow: GameState) -> None:
    """Every field, the events, the known cards and the result are equal."""
    for name in FIELDS:
        assert getattr(fast, name) == getattr(slow, name), name
    assert fast == slow
    assert fast.events == slow.events
    assert fast.round_results == slow.round_results


@given(options, seeds, st.randoms(use_true_random=False))
def test_all_2_the_core_lists_and_plays_the_machines_moves(
    chosen_options: dict[str, object], seed: int, rng: random.Random
) -> None:
    """At every state of random play, the core lists the machine's moves in its order, for everyone, and each action plays as the machine plays its move."""
    rules = GoingOutRummy(**chosen_options)  # type: ignore[arg-type]  # the strategy's options are the rules' own
    game: GameState = rules.new_game(seed=seed)
    for step in range(120):
        assert core_lists(game) == machine_lists(game)
        if step % 9 == 0:
            seen = [game.view(p).legal_moves for p in range(game.players)]
            assert seen == [
                machine_listing.listed_for(game, p) for p in range(game.players)
            ]
        if game.is_over:
            return
        action, seat = chosen(game, rng)
        move = game.action_to_move(action, player=seat)
        after = game.apply_action(action, player=seat)
        slow = machine_listing.apply(game, move, player=seat)
        assert after.events == slow.events
        same_state(after, slow)
        assert fields(encode(after)) == fields(encode(slow))
        game = after


@given(st.sampled_from(list(GoingOut)), st.data())
def test_gor_7_a_hand_the_quick_test_refuses_never_goes_out(
    how: GoingOut, data: st.DataObject
) -> None:
    """The core skips the layout search for a hand its quick tests refuse (core/reach.py): no such hand has a way out (GOR-5, GOR-6, GOR-7, GOR-8)."""
    hand = data.draw(hands(GOR, None, min_size=3, max_size=11))
    most = 0 if how is GoingOut.MAJOR else 1
    ordered = tuple(sorted(hand))
    if lone_cards(ordered, most) > most or not may_cover(ordered, most):
        single = how is not GoingOut.STANDARD
        found = going_out_layouts(
            hand, GoingOutRummy().meld_rules, single_meld=single, leftover=bool(most)
        )
        assert found == ()
        ways = oracle.going_out_layouts(
            hand, oracle.GOR, None, single_meld=single, leftover=bool(most)
        )
        assert next(iter(ways), None) is None


def test_all_2_an_int_that_names_no_move_gives_none() -> None:
    """Kinds no move has, cards no deck has, a draw naming a card: no move."""
    value = encode(GoingOutRummy().new_game(seed=3))
    for action in (2, 3, 7, 15, -1, 1 << KIND_BITS | DRAW, 99 << KIND_BITS | DISCARD):
        assert action_to_move(value, action, 1) is None
    assert action_to_move(value, 9 << KIND_BITS | TAKE, 1) is None
    assert action_to_move(value, OUT, 1) is None  # this hand does not go out
    assert action_to_move(value, DROP, 0) == Drop(player=0)


def test_all_4_a_position_reads_back_from_its_core_value() -> None:
    """A loaded position's core value gives back every field (ALL-4)."""
    game = GoingOutRummy(players=3).position(
        "to_move 2 play | hands 7S 7H 7D 8C 9C 10C KD / - / AS 2S 3S 4S 5S 6S 7S 9H"
        " | pile QS | dropped 1 | dropped_cards QH QS QD QC JH JS JD"
    )
    value = CORE.encode(game)
    assert all(getattr(game, name) == found for name, found in fields(value).items())
    assert CORE.to_move(value) == 2
    assert [str(move) for move in game.legal_moves()][:2] == [
        "out AS 2S 3S 4S 5S 6S 7S discard 9H",
        "discard AS",
    ]
    assert game.legal_actions()[0] == 37 << KIND_BITS | OUT  # 9H: 4 x 9 + 1
    assert game.legal_actions(1) == ()  # GOR-10: who dropped out moves no more


def test_gor_r4_the_turn_limit_forgets_a_known_card_of_the_last_player() -> None:
    """The game's end at the turn limit forgets what was known, as apply does, when the player who ended it held a known card."""
    rules = GoingOutRummy(hand_size=2, max_turns=2)
    game = new(rules, "2S 9D", "5H KC", stock="3C 4C 8D")
    game = game.apply("draw").apply("discard 3C").apply("take")
    assert game.known == (tuple(parse_cards("3C")), ())
    fast = game.apply_action(game.move_to_action("discard 2S"))
    slow = machine_listing.apply(game, "discard 2S")
    assert fast.is_over
    assert fast.known == ()
    assert fast.round_results[0].rule == "GOR-R4"
    same_state(fast, slow)


def test_gor_7_going_out_laid_another_way_plays_on_the_machine_with_no_action() -> None:
    """The core lists one layout a way out; apply() takes any valid one, which no action names."""
    rules = GoingOutRummy(hand_size=3, wildcards=1)
    game = rules.new_game(deck=rules.stacked_deck("4C 8H 5C 9C * KD 9D")).apply("draw")
    assert str(game.legal_moves()[0]) == "out *=3C 4C 5C discard 9D"
    after = game.apply("out 4C 5C *=6C discard 9D")
    assert [str(meld) for meld in after.melds] == ["4C 5C *=6C"]
    assert after.events[0].kind == "go_out"
    with pytest.raises(ValueError, match="no action names"):
        game.move_to_action("out 4C 5C *=6C discard 9D")
    listed = game.move_to_action("out *=3C 4C 5C discard 9D")
    assert game.apply_action(listed) == game.apply(game.legal_moves()[0])
