"""The reinforcement-learning layer (rummyrules.rl): actions, observations, environments.

The two properties of the actions, in every registered game by random legal
play: every legal move can be made by its actions, each allowed by the mask
when it is taken, and the mask allows exactly the actions that lead on to
some legal move (so nothing else can be made). Observations show nothing a
player may not see, and have one shape per game. The environments pass
PettingZoo's API and seed tests and Gymnasium's checker; random masked
agents play whole games (benchmarks/soak_rl.py).
"""

from __future__ import annotations

import itertools
import os
import random
import subprocess
import sys
import warnings
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from extras import need_extra

need_extra("rl")  # without the [rl] extra this module skips, saying so

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env, data_equivalence
from hypothesis import given
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test

from conformance import GAMES, IDS, PER_GAME
from conformance.test_hidden_cards import accepted, hidden_dealt_anew
from rummyrules import (
    EndOfThePage,
    FourteenHundred,
    GameState,
    GinRummy,
    GoingOutRummy,
    GoingOutState,
    Move,
    OptionError,
    PlayableRules,
    parse_move,
)
from rummyrules.bots import GreedyBot, RandomBot
from rummyrules.rl import (
    CARD_SLOTS,
    Actions,
    Decision,
    Observations,
    RummyEnv,
    SingleAgentEnv,
    Word,
    card_of_slot,
    card_slot,
    env_id,
)
from strategies import game_walks, some_states

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import soak_rl  # the soak script, found in benchmarks/ through the path just set

OPTIONS: list[PlayableRules[Any]] = [
    GoingOutRummy(wildcards=4, players=3),  # declared wild cards in going out
    FourteenHundred(players=2),
    EndOfThePage(players=3),
]
"""Tables besides each game's defaults, for the environment tests."""


def deciders(game: GameState) -> list[tuple[int, tuple[Move, ...], bool]]:
    """Every seat with a decision: (seat, its moves, whether it may decline)."""
    found: list[tuple[int, tuple[Move, ...], bool]] = []
    if game.is_over:
        return found
    for seat in range(game.players):
        moves = game.legal_moves(player=seat)
        if seat == game.to_move:
            found.append((seat, moves, False))
        elif any(move.kind != "drop" for move in moves):
            found.append((seat, moves, True))
    return found


def check_actions(game: GameState, rng: random.Random) -> None:
    """Both properties of the actions for every seat with a decision at ``game``."""
    actions = Actions(game.rules)
    for _, moves, can_decline in deciders(game):
        sequences: dict[tuple[int, ...], list[Move]] = {}
        for move in moves:
            sequences.setdefault(actions.tokens(move), []).append(move)
        # No sequence is a prefix of another: a move is made only at its end.
        for sequence in sequences:
            for cut in range(1, len(sequence)):
                assert sequence[:cut] not in sequences
        # Moves with the same actions are the same move.
        for same in sequences.values():
            assert len({game.apply(move) for move in same}) == 1
        chosen = list(sequences)
        rng.shuffle(chosen)
        for sequence in chosen[:25]:
            decision = Decision(actions, moves, can_decline=can_decline)
            for depth, action in enumerate(sequence):
                expected = {
                    other[depth]
                    for other in sequences
                    if other[:depth] == sequence[:depth]
                }
                if can_decline and depth == 0:
                    expected.add(int(Word.DECLINE))
                assert set(decision.allowed()) == expected  # exactly the mask
                mask = decision.mask()
                assert {i for i, ok in enumerate(mask) if ok} == expected
                refused = rng.randrange(actions.size)
                if refused not in expected:
                    with pytest.raises(ValueError, match="is not allowed now"):
                        decision.take(refused)
                made = decision.take(action)
                if depth < len(sequence) - 1:
                    assert made is None
            assert made in sequences[sequence]
            game.apply(made)  # a legal move, which the game accepts
        if can_decline:
            decision = Decision(actions, moves, can_decline=True)
            assert decision.take(int(Word.DECLINE)) is None
            assert decision.declined


@pytest.mark.parametrize("cls", GAMES, ids=IDS)
@PER_GAME
@given(data=st.data(), rng=st.randoms(use_true_random=False))
def test_every_legal_move_has_actions_and_the_mask_allows_nothing_else(
    cls: type[PlayableRules[Any]], data: st.DataObject, rng: random.Random
) -> None:
    for game in some_states(data.draw(game_walks(cls)), stride=10):
        check_actions(game, rng)


@pytest.mark.parametrize("cls", GAMES, ids=IDS)
@PER_GAME
@given(data=st.data(), rng=st.randoms(use_true_random=False))
def test_observations_show_nothing_hidden_and_keep_their_shape(
    cls: type[PlayableRules[Any]], data: st.DataObject, rng: random.Random
) -> None:
    """States that differ only in what a player may not see give equal observations and masks."""
    walk = data.draw(game_walks(cls))
    observations = Observations(walk[0].rules)
    for game in some_states(walk):
        for player in {rng.randrange(game.players), game.to_move or 0}:
            other = hidden_dealt_anew(game, player, rng)
            if not accepted(other):  # see test_hidden_cards: a knock bounds a hand
                other = hidden_dealt_anew(game, player, rng, mover_too=True)
            view, other_view = game.view(player), other.view(player)
            building: list[int] = []
            if view.legal_moves:  # part of a move built, the same in both
                first = observations.actions.tokens(view.legal_moves[0])
                building = list(first[: rng.randrange(len(first))])
            seen = observations.of(view, building)
            assert seen.shape == (observations.size,)
            assert np.isfinite(seen).all()
            assert np.array_equal(seen, observations.of(other_view, building))
            mine = Decision(observations.actions, view.legal_moves).allowed()
            assert (
                mine == Decision(observations.actions, other_view.legal_moves).allowed()
            )


def fresh_python(code: str) -> str:
    """What ``code`` prints in a new Python process: nothing imported before it."""
    completed = subprocess.run(  # noqa: S603 - our own Python, our own code
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env=dict(os.environ),
    )
    return completed.stdout.strip()


def test_the_library_below_rl_imports_no_numpy() -> None:
    """numpy, Gymnasium and PettingZoo are the [rl] extra's: nothing else imports them."""
    code = (
        "import sys, rummyrules, rummyrules.bots, rummyrules.cli; "
        "print(sorted(n for n in ('numpy', 'gymnasium', 'pettingzoo') if n in sys.modules))"
    )
    assert fresh_python(code) == "[]"


def test_card_slots_are_codes_in_order() -> None:
    assert [card_slot(card_of_slot(slot)) for slot in range(CARD_SLOTS)] == list(
        range(CARD_SLOTS)
    )
    assert [str(card_of_slot(slot)) for slot in (0, 3, 4, 51, 52)] == [
        "AS", "AC", "2S", "KC", "*"
    ]  # fmt: skip


@pytest.mark.parametrize("rules", [cls() for cls in GAMES], ids=IDS)
def test_every_action_has_one_meaning_in_the_tables(rules: PlayableRules[Any]) -> None:
    actions = Actions(rules)
    covered = Counter(
        index
        for block in actions.ranges()
        for index in range(block.first, block.last + 1)
    )
    assert sorted(covered) == list(range(actions.size))
    assert set(covered.values()) == {1}
    names = [actions.name(index) for index in range(actions.size)]
    assert len(set(names)) == actions.size  # every index its own meaning
    sections = Observations(rules).sections()
    assert sections[0].start == 0
    for before, after in itertools.pairwise(sections):
        assert after.start == before.start + before.size


def test_meld_actions_pick_cards_in_code_order_with_declarations() -> None:
    actions = Actions(EndOfThePage())
    move = parse_move("meld 9S 5H=8S 7S")
    names = [actions.name(action) for action in actions.tokens(move)]
    assert names == ["meld", "pick 5H", "declare 8S", "pick 7S", "pick 9S", "end"]
    set_move = parse_move("meld 3S 2S=3 3D")
    assert [actions.name(a) for a in actions.tokens(set_move)][1:3] == [
        "pick 2S", "declare rank 3"
    ]  # fmt: skip


def test_a_meld_beyond_the_slots_is_refused() -> None:
    actions = Actions(GinRummy())
    with pytest.raises(ValueError, match="beyond the 17 slots"):
        actions.tokens(parse_move("lay 3C on 18"))


def test_f14_12_a_seat_asked_out_of_turn_claims_or_declines() -> None:
    """Random 1400 play reaches claims: the seat asked may claim the discard or decline."""
    env = RummyEnv(FourteenHundred())
    rng = random.Random(3)
    claims = declines = 0
    for seed in range(60):
        env.reset(seed=seed)
        while not env.game.is_over and claims < 3:
            allowed = env.allowed()
            if Word.DECLINE not in allowed:
                env.step(rng.choice(allowed))
                continue
            seat = env.possible_agents.index(env.agent_selection)
            assert seat != env.game.to_move
            if Word.CLAIM in allowed and claims <= declines:
                on_table = sum(len(meld.cards) for meld in env.game.melds)
                pile = len(env.game.discard_pile)
                env.step(int(Word.CLAIM))
                while env.decision.taken:
                    env.step(env.allowed()[0])
                assert sum(len(meld.cards) for meld in env.game.melds) == on_table + 1
                assert len(env.game.discard_pile) == pile - 1
                claims += 1
            else:
                env.step(int(Word.DECLINE))
                declines += 1
        if claims >= 3:
            break
    assert claims == 3
    assert declines >= 2


def test_gor_10_drop_only_on_ones_own_turn() -> None:
    env = RummyEnv(GoingOutRummy(players=3))
    env.reset(seed=5)
    mover = env.possible_agents[env.game.to_move or 0]
    assert env.agent_selection == mover
    assert Word.DROP in env.allowed()
    for agent in env.possible_agents:
        mask = env.observe(agent)["action_mask"]
        assert bool(mask[Word.DROP]) is (agent == mover)
    env.step(int(Word.DROP))
    game = env.game
    assert isinstance(game, GoingOutState)
    assert game.dropped == (env.possible_agents.index(mover),)


@pytest.mark.parametrize(
    "rules",
    [*(cls() for cls in GAMES), *OPTIONS],
    ids=[*IDS, "GOR-3", "F14-2", "EOP-3"],
)
# The api test warns of any observation that is not one array; a dict with
# the action mask is how PettingZoo's own card games observe.
@pytest.mark.filterwarnings("ignore:Observation:UserWarning")
def test_pettingzoo_api_and_seed_tests_pass(rules: PlayableRules[Any]) -> None:
    api_test(RummyEnv(rules), num_cycles=200)
    seed_test(lambda: RummyEnv(rules), num_cycles=100)


def test_a_game_ends_with_every_agent_terminated_and_rewarded() -> None:
    env = RummyEnv(GinRummy(), max_steps=None)
    env.reset(seed=11)
    rng = random.Random(1)
    while not env.game.is_over:
        env.step(rng.choice(env.allowed()))
    winners = env.game.winners
    rewards = {
        agent: env._cumulative_rewards[agent]  # what last() reports to each agent
        for agent in env.agents
    }
    expected = {
        agent: (1.0 if seat in winners else -1.0) if winners else 0.0
        for seat, agent in enumerate(env.possible_agents)
    }
    assert rewards == expected
    assert all(env.terminations.values())
    while env.agents:
        env.step(None)


def test_max_steps_truncates() -> None:
    env = RummyEnv(EndOfThePage(), max_steps=5)
    env.reset(seed=1)
    for _ in range(5):
        env.step(env.allowed()[0])
    assert all(env.truncations.values())


def test_a_refused_action_changes_nothing() -> None:
    env = RummyEnv(GinRummy())
    env.reset(seed=1)
    before = env.game
    with pytest.raises(ValueError, match="is not allowed now"):
        env.step(int(Word.DRAW))
    assert env.game is before
    assert env.allowed() == [Word.TAKE, Word.PASS]


@pytest.mark.parametrize("cls", GAMES, ids=IDS)
def test_gymnasium_check_env_passes_with_defaults(
    cls: type[PlayableRules[Any]],
) -> None:
    """The checker steps with actions sampled from the whole space, as made."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        # Made directly, an environment has no spec for the checker to make
        # it again by (in every render mode): gymnasium.make gives one.
        warnings.filterwarnings("ignore", message=".*not having a spec")
        check_env(SingleAgentEnv(cls()))


@pytest.mark.parametrize("cls", GAMES, ids=IDS)
def test_gymnasium_make_passes_check_env_without_warnings(
    cls: type[PlayableRules[Any]],
) -> None:
    """Made by its id, with a spec: seeded resets are checked equal, and each render mode."""
    env = gymnasium.make(env_id(cls.__name__))
    assert env.spec is not None
    assert env.spec.id == f"rummyrules/{cls.__name__}-v0"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)


@pytest.mark.parametrize(
    ("name", "options", "rules"),
    [
        (
            "EndOfThePage",
            {"players": 3, "stock_out": "flip"},
            EndOfThePage(players=3, stock_out="flip"),
        ),
        ("FourteenHundred", {"players": 2}, FourteenHundred(players=2)),
        (
            "GoingOutRummy",
            {"wildcards": 4, "players": 3},
            GoingOutRummy(wildcards=4, players=3),
        ),
        ("GinRummy", {"knock_card": 8}, GinRummy(knock_card=8)),
    ],
)
def test_gymnasium_make_equals_the_direct_construction(
    name: str, options: dict[str, Any], rules: PlayableRules[Any]
) -> None:
    made = gymnasium.make(f"rummyrules/{name}-v0", seat=1, **options)
    direct = SingleAgentEnv(rules, seat=1)
    unwrapped = made.unwrapped
    assert isinstance(unwrapped, SingleAgentEnv)
    assert unwrapped.game_env.rules == rules
    assert unwrapped.seat == 1
    assert made.observation_space == direct.observation_space
    assert made.action_space == direct.action_space
    ours, _ = made.reset(seed=8)
    theirs, _ = direct.reset(seed=8)
    for _ in range(20):
        assert data_equivalence(ours, theirs, exact=True)
        assert unwrapped.game_env.game == direct.game_env.game
        action = int(np.flatnonzero(ours["action_mask"])[-1])
        ours, reward, terminated, truncated, _ = made.step(action)
        theirs, *rest = direct.step(action)
        assert [reward, terminated, truncated] == rest[:3]
        if terminated or truncated:
            break


def test_gymnasium_make_imports_rummyrules_rl_by_its_module_prefix() -> None:
    """A program that has not imported rummyrules.rl names it before the id."""
    code = (
        "import gymnasium; "
        "env = gymnasium.make('rummyrules.rl:rummyrules/GoingOutRummy-v0', players=4); "
        "print(env.unwrapped.game_env.rules.players)"
    )
    assert fresh_python(code) == "4"


def test_gymnasium_make_refuses_an_option_the_game_has_not() -> None:
    with pytest.raises(OptionError, match="GinRummy has no option 'players'"):
        gymnasium.make("rummyrules/GinRummy-v0", players=3)
    with pytest.raises(OptionError, match="knock_card"):
        gymnasium.make("rummyrules/GinRummy-v0", knock_card=11)


@pytest.mark.parametrize("cls", GAMES, ids=IDS)
def test_gymnasium_refused_action_is_penalised_and_changes_nothing(
    cls: type[PlayableRules[Any]],
) -> None:
    env = SingleAgentEnv(cls())
    observation, _ = env.reset(seed=6)
    game, taken = env.game_env.game, list(env.game_env.decision.taken)
    for _ in range(4):
        mask = observation["action_mask"]
        refused = int(np.flatnonzero(mask == 0)[0])
        after, reward, terminated, truncated, info = env.step(refused)
        assert (reward, terminated, truncated) == (-1.0, False, False)
        assert info == {"refused": refused}
        assert env.game_env.game is game
        assert env.game_env.decision.taken == taken
        assert data_equivalence(after, observation, exact=True)  # the mask too
        assert after["action_mask"] is not observation["action_mask"]
        allowed = [a for a in np.flatnonzero(mask) if a != Word.DROP]
        observation, *_ = env.step(int(allowed[0]))
        game, taken = env.game_env.game, list(env.game_env.decision.taken)


def test_gymnasium_refused_action_midway_through_a_move_keeps_it() -> None:
    env = SingleAgentEnv(FourteenHundred())
    env.reset(seed=6)
    for action in (Word.DRAW, Word.MELD):
        observation, *_ = env.step(int(action))
    decision = env.game_env.decision
    assert decision.taken == [int(Word.MELD)]
    pick = int(np.flatnonzero(observation["action_mask"])[0])
    after, reward, terminated, _, _ = env.step(int(Word.DRAW))
    assert (reward, terminated) == (-1.0, False)
    assert env.game_env.decision is decision
    assert decision.taken == [int(Word.MELD)]
    assert np.array_equal(after["action_mask"], observation["action_mask"])
    env.step(pick)
    assert decision.taken == [int(Word.MELD), pick]


def test_gymnasium_refused_action_raises_if_told_and_outside_the_space() -> None:
    strict = SingleAgentEnv(GinRummy(), refused_reward=None)
    strict.reset(seed=1)
    with pytest.raises(ValueError, match="is not allowed now"):
        strict.step(int(Word.DRAW))
    env = SingleAgentEnv(GinRummy(), refused_reward=-0.5)
    env.reset(seed=1)
    assert env.step(int(Word.DRAW))[1] == -0.5
    for outside in (-1, env.game_env.actions.size):
        with pytest.raises(ValueError, match="is not one of the 254 actions"):
            env.step(outside)


def test_gymnasium_ansi_render_is_the_position_read_back() -> None:
    rules = FourteenHundred()
    env = SingleAgentEnv(rules, render_mode="ansi")
    observation, _ = env.reset(seed=2)
    env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    text = env.render()
    assert isinstance(text, str)
    assert rules.position(text) == env.game_env.game
    with pytest.raises(ValueError, match="render_mode is 'human', 'ansi' or None"):
        SingleAgentEnv(rules, render_mode="rgb_array")


def test_gymnasium_human_render_prints_each_state_played(
    capsys: pytest.CaptureFixture[str],
) -> None:
    env = SingleAgentEnv(GinRummy(), render_mode="human")
    observation, _ = env.reset(seed=1)
    assert capsys.readouterr().out == env.game_env.game.position() + "\n"
    env.step(int(Word.DRAW))  # refused: nothing played, nothing shown
    assert capsys.readouterr().out == ""
    env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert capsys.readouterr().out == env.game_env.game.position() + "\n"


def test_gymnasium_wrapper_plays_whole_games_against_bots() -> None:
    env = SingleAgentEnv(
        FourteenHundred(),
        seat=2,
        opponents=[GreedyBot, RandomBot, GreedyBot],
    )
    rng = random.Random(2)
    observation, _ = env.reset(seed=4)
    total = 0.0
    for _ in range(100_000):
        allowed = np.flatnonzero(observation["action_mask"])
        assert env.game_env.agent_selection == "player_2"
        observation, reward, terminated, truncated, _ = env.step(
            int(rng.choice(allowed))
        )
        total += reward
        if terminated or truncated:
            break
    assert env.game_env.game.is_over
    assert total == (1.0 if 2 in env.game_env.game.winners else -1.0)


def test_gymnasium_wrapper_refuses_a_wrong_table() -> None:
    with pytest.raises(ValueError, match="needs 1 opponents"):
        SingleAgentEnv(GinRummy(), opponents=[RandomBot, RandomBot])
    with pytest.raises(ValueError, match="seat is 0 to 1"):
        SingleAgentEnv(GinRummy(), seat=2)


def test_random_masked_agents_play_whole_games() -> None:
    for rules in soak_rl.GAMES:
        assert soak_rl.soak(rules, 2, seed=9) > 0


CI_SOAK: tuple[PlayableRules[Any], ...] = (
    EndOfThePage(rounds=2),
    FourteenHundred(target=400),
    GoingOutRummy(),
    GinRummy(),
)
"""The games of CI's soak: End of the Page and 1400 shortened (their whole
games run to 1,200-1,500 actions, and 500 of each would take most of CI's
time); the 10,000-game soaks of the default games are run by hand
(benchmarks/README.md)."""


# One test a game: xdist runs the four soaks side by side, where one test of
# all four (a few minutes) would end CI's slow step on a single core.
@pytest.mark.slow
@pytest.mark.parametrize("rules", CI_SOAK, ids=lambda rules: type(rules).__name__)
def test_soak_500_games_per_game(rules: PlayableRules[Any]) -> None:
    """The issue's soak in CI: 500 games per game, no refused action, no exception."""
    assert soak_rl.soak(rules, 500) > 0
