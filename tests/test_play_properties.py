"""Properties of play that hold in every variant (ALL-1 … ALL-4), by random play."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from rummyrules import GameState, IllegalMoveError, PlayableRules
from rummyrules.moves import Move, parse_move
from strategies import moves, seeds, tables

STEPS = 150


def cards_in_play(game: GameState) -> Counter[object]:
    every = [card for hand in game.hands for card in hand]
    every += [*game.stock, *game.discard_pile]
    every += [card for meld in game.table for card in meld.cards]
    if game.marker is not None:
        every.append(game.marker)
    return Counter(every)


def outcome(game: GameState, move: Move) -> GameState | IllegalMoveError:
    """The state after the move, or the error that refused it."""
    try:
        return game.apply(move)
    except IllegalMoveError as error:
        return error


def walk(rules: PlayableRules, seed: int, rng: random.Random) -> list[GameState]:
    """Random legal play from a seeded deal, claims out of turn included."""
    game = rules.new_game(seed=seed)
    states = [game]
    for _ in range(STEPS):
        if game.is_over:
            break
        others = [m for p in range(game.players) for m in game.legal_moves(player=p)]
        game = game.apply(rng.choice([*game.legal_moves(), *others]))
        states.append(game)
    return states


@given(tables(), seeds, st.randoms(use_true_random=False))
def test_all_1_all_2_random_play_keeps_every_card_and_never_sticks(
    rules: PlayableRules, seed: int, rng: random.Random
) -> None:
    """No move creates, loses or copies a card; a game not over always has a move."""
    deck = Counter(rules.deck())
    for game in walk(rules, seed, rng):
        assert cards_in_play(game) == deck
        assert game.is_over or game.legal_moves()
        assert all(len(row) == game.players for row in game.score_sheet)


@given(tables(), seeds, st.randoms(use_true_random=False))
def test_all_2_every_listed_move_applies_and_reads_back(
    rules: PlayableRules, seed: int, rng: random.Random
) -> None:
    """Every listed move is accepted, and its text parses back to the same move."""
    deck = Counter(rules.deck())
    for game in walk(rules, seed, rng)[::7]:
        for move in game.legal_moves():
            assert parse_move(str(move)) == move
            after = game.apply(move)
            assert cards_in_play(after) == deck
            assert game.apply(str(move)) == after


@settings(max_examples=60)
@given(
    tables(),
    seeds,
    st.randoms(use_true_random=False),
    st.lists(moves(), max_size=25),
)
def test_all_3_unlisted_moves_are_refused_and_change_nothing(
    rules: PlayableRules, seed: int, rng: random.Random, tries: list[Move]
) -> None:
    """A move that is not listed raises IllegalMoveError naming a rule; the state stays."""
    states = walk(rules, seed, rng)
    for index, attempt in enumerate(tries):
        game = states[index % len(states)]
        listed = game.legal_moves()
        before = (game, listed)
        after = outcome(game, attempt)
        if isinstance(after, IllegalMoveError):
            assert after.rule
            assert after.rule != "ALL-2" or game.is_over
            assert after.reason
        else:
            # Accepted: it must be shorthand for one listed move.
            assert any(game.apply(move) == after for move in listed)
        assert (game, game.legal_moves()) == before


@given(tables(), seeds, st.randoms(use_true_random=False))
def test_all_4_same_seed_and_moves_give_the_same_game(
    rules: PlayableRules, seed: int, rng: random.Random
) -> None:
    """Replaying the moves of a game on the same seed gives equal states."""
    states = walk(rules, seed, rng)
    replay = rules.new_game(seed=seed)
    for game, following in itertools.pairwise(states):
        candidates = [*game.legal_moves()]
        candidates += [
            m for p in range(game.players) for m in game.legal_moves(player=p)
        ]
        move = next(m for m in candidates if game.apply(m) == following)
        replay = replay.apply(str(move))
        assert replay == following


@given(tables(), seeds, st.randoms(use_true_random=False))
def test_all_3_listed_moves_out_of_turn_are_refused(
    rules: PlayableRules, seed: int, rng: random.Random
) -> None:
    """Any listed move, made in the name of another player, is refused (EOP-5, F14-8)."""
    for game in walk(rules, seed, rng)[::5]:
        if game.is_over or game.to_move is None:
            continue
        other = (game.to_move + 1) % game.players
        for move in [m for m in game.legal_moves() if m.player is None][:5]:
            after = outcome(game, attrs.evolve(move, player=other))
            assert isinstance(after, IllegalMoveError), f"{move} accepted for {other}"
            assert after.rule in {"EOP-5", "F14-6", "F14-8", "F14-12", "F14-R9"}
