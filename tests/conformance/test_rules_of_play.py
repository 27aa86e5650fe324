"""The rules of play that hold in every registered game (ALL-1 to ALL-5), by random play.

Each property runs for each registered game, on rules drawn by
:func:`strategies.game_tables`; the random play includes the moves players
make out of turn (1400's claims, Going Out Rummy's drops). A game's own rules
are pinned by its own tests (``test_play_properties.py`` for the library's).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance import GAMES, IDS, PER_GAME, every_listed_move
from rewrites import declares, rewritten
from rummyrules import GameState, IllegalMoveError, PlayableRules
from rummyrules.game.moves import Move
from rummyrules.game.notation import parse_move
from rummyrules.games.going_out.state import GoOut
from scenarios import every_card
from strategies import game_tables, moves, random_play, seeds

STEPS = 150
"""Random play stops after this many moves, if the game has not ended."""


def walk(rules: PlayableRules[Any], seed: int, rng: random.Random) -> list[GameState]:
    """Random legal play from a seeded deal, claims and drops out of turn included."""
    return random_play(rules.new_game(seed=seed), rng, STEPS)


def outcome(game: GameState, move: Move) -> GameState | IllegalMoveError:
    """The state after the move, or the error that refused it."""
    try:
        return game.apply(move)
    except IllegalMoveError as error:
        return error


def not_this_players_move(
    game: GameState, attempt: Move, error: IllegalMoveError
) -> bool:
    """Whether ALL-2 refused the move for what the skeleton checks before any rule.

    The game is over, the player named is not at the table or is not the
    one to move, or the game has no such move: nothing of the kind is ever
    listed. Every other refusal names the rule it breaks.
    """
    named = attempt.player
    return (
        game.is_over
        or (named is not None and named != game.to_move)
        or error.reason.endswith(f"is not a move in {game.rules.name}")
    )


def plays_as_listed(game: GameState, attempt: Move, after: GameState) -> bool:
    """Whether an accepted move plays as a listed one.

    It is shorthand for one (a wild left undeclared where it has one
    reading), so the state after it is the same; or, where a game lets the
    player show the cards they lay as they like (Going Out Rummy's going
    out, GOR-7), it plays as a listed move of its kind but for how those
    same cards lie in the melds on the table.
    """
    for move in every_listed_move(game):
        expected = game.apply(move)
        if after == expected:
            return True
        if (
            type(move) is type(attempt)
            and attrs.evolve(after, melds=expected.melds) == expected
        ):
            laid = Counter(card for meld in after.melds for card in meld.cards)
            if laid == Counter(card for meld in expected.melds for card in meld.cards):
                return True
    return False


@pytest.mark.parametrize("cls", GAMES, ids=IDS)
@PER_GAME
@given(data=st.data(), seed=seeds, rng=st.randoms(use_true_random=False))
def test_all_1_all_2_random_play_keeps_every_card_and_never_sticks(
    cls: type[PlayableRules[Any]], data: st.DataObject, seed: int, rng: random.Random
) -> None:
    """No move creates, loses or copies a card; a game not over always has a move."""
    rules = data.draw(game_tables(cls))
    deck = Counter(rules.deck())
    for game in walk(rules, seed, rng):
        assert every_card(game) == deck
        assert game.is_over or game.legal_moves()
        assert all(len(row) == game.players for row in game.score_sheet)


@pytest.mark.parametrize("cls", GAMES, ids=IDS)
@PER_GAME
@given(data=st.data(), seed=seeds, rng=st.randoms(use_true_random=False))
def test_all_2_every_listed_move_applies_and_reads_back(
    cls: type[PlayableRules[Any]], data: st.DataObject, seed: int, rng: random.Random
) -> None:
    """Every listed move, out-of-turn ones included, is accepted, and its text parses back to the same move."""
    rules = data.draw(game_tables(cls))
    deck = Counter(rules.deck())
    for game in walk(rules, seed, rng)[::7]:
        for move in every_listed_move(game):
            assert parse_move(str(move)) == move
            after = game.apply(move)
            assert every_card(after) == deck
            assert game.apply(str(move)) == after


@pytest.mark.parametrize("cls", GAMES, ids=IDS)
@PER_GAME
@given(
    data=st.data(),
    seed=seeds,
    rng=st.randoms(use_true_random=False),
    tries=st.lists(moves(), max_size=25),
)
def test_all_3_unlisted_moves_are_refused_and_change_nothing(
    cls: type[PlayableRules[Any]],
    data: st.DataObject,
    seed: int,
    rng: random.Random,
    tries: list[Move],
) -> None:
    """A move that is not listed is refused naming a rule, or plays as a listed one; the state stays as it was."""
    rules = data.draw(game_tables(cls))
    states = walk(rules, seed, rng)
    for index, attempt in enumerate(tries):
        game = states[index % len(states)]
        listed = every_listed_move(game)
        before = (game, listed)
        after = outcome(game, attempt)
        if isinstance(after, IllegalMoveError):
            assert after.rule
            assert after.rule != "ALL-2" or not_this_players_move(game, attempt, after)
            assert after.reason
        else:
            assert plays_as_listed(game, attempt, after), f"{attempt} accepted"
        assert (game, every_listed_move(game)) == before


@pytest.mark.parametrize("cls", GAMES, ids=IDS)
@PER_GAME
@given(data=st.data(), seed=seeds, rng=st.randoms(use_true_random=False))
def test_all_3_listed_moves_in_another_players_name_are_refused(
    cls: type[PlayableRules[Any]], data: st.DataObject, seed: int, rng: random.Random
) -> None:
    """The mover's listed moves, made in the name of the next player, are refused naming a rule, unless that player may make them too."""
    rules = data.draw(game_tables(cls))
    for game in walk(rules, seed, rng)[::5]:
        if game.to_move is None:
            continue
        other = (game.to_move + 1) % game.players
        for move in [m for m in game.legal_moves() if m.player is None][:5]:
            attempt = attrs.evolve(move, player=other)
            if attempt in game.legal_moves(player=other):
                continue  # anyone may make it (Going Out Rummy's drops, GOR-10)
            before = (game, every_listed_move(game))
            after = outcome(game, attempt)
            assert isinstance(after, IllegalMoveError), f"{attempt} accepted"
            assert after.rule
            assert after.reason
            assert (game, every_listed_move(game)) == before


@pytest.mark.parametrize("cls", GAMES, ids=IDS)
@PER_GAME
@given(data=st.data(), seed=seeds, rng=st.randoms(use_true_random=False))
def test_all_4_same_seed_and_moves_give_the_same_game(
    cls: type[PlayableRules[Any]], data: st.DataObject, seed: int, rng: random.Random
) -> None:
    """Replaying the moves of a game on the same seed gives equal states."""
    rules = data.draw(game_tables(cls))
    states = walk(rules, seed, rng)
    replay = rules.new_game(seed=seed)
    for game, following in itertools.pairwise(states):
        move = next(m for m in every_listed_move(game) if game.apply(m) == following)
        replay = replay.apply(str(move))
        assert replay == following


@pytest.mark.parametrize("cls", GAMES, ids=IDS)
def test_all_5_every_game_takes_a_turn_limit_and_has_none_by_default(
    cls: type[PlayableRules[Any]],
) -> None:
    field = attrs.fields_dict(cls).get("max_turns")
    assert field is not None, f"{cls.__name__} takes no max_turns (ALL-5)"
    assert field.default is None


@pytest.mark.parametrize("cls", GAMES, ids=IDS)
@PER_GAME
@given(
    data=st.data(),
    seed=seeds,
    rng=st.randoms(use_true_random=False),
    limit=st.integers(min_value=1, max_value=12),
)
def test_all_5_a_round_ends_at_the_turn_limit(
    cls: type[PlayableRules[Any]],
    data: st.DataObject,
    seed: int,
    rng: random.Random,
    limit: int,
) -> None:
    """Under ``max_turns``, no round goes on past the limit but for the turns owed to players yet to play (EOP-14, F14-13)."""
    drawn: Any = data.draw(game_tables(cls))  # every game has max_turns (above)
    rules: PlayableRules[Any] = attrs.evolve(drawn, max_turns=limit)
    for game in walk(rules, seed, rng):
        assert game.turns <= limit + game.players - 1, (game.round, game.turns)


REWRITES = 12
"""Listed moves rewritten in each state looked at, those declaring most wilds first."""


@pytest.mark.parametrize("cls", GAMES, ids=IDS)
@PER_GAME
@given(data=st.data(), seed=seeds, rng=st.randoms(use_true_random=False))
def test_all_2_a_listed_move_written_another_way_is_refused_or_plays_as_listed(
    cls: type[PlayableRules[Any]], data: st.DataObject, seed: int, rng: random.Random
) -> None:
    """A listed move with its wilds the other way round, its cards reordered or a declaration changed is refused, or leads where a listed move leads.

    Nothing ``apply`` accepts leads to a state no listed move leads to:
    two wilds of one meld swapped are the listed meld (MELD-5). Only a
    going out may lay its cards as the player likes (GOR-7).
    """
    rules = data.draw(game_tables(cls))
    for game in walk(rules, seed, rng)[::5]:
        listed = every_listed_move(game)
        chosen = sorted(listed, key=declares, reverse=True)[:REWRITES]
        for move in chosen:
            attempt = rewritten(move, rng)
            after = outcome(game, attempt)
            if isinstance(after, IllegalMoveError):
                assert after.rule
                continue
            if after == game.apply(move):
                continue
            if isinstance(attempt, GoOut):  # the player's own layout (GOR-7)
                assert plays_as_listed(game, attempt, after), f"{attempt} accepted"
            else:
                leads = [game.apply(listed_move) for listed_move in listed]
                assert after in leads, f"{attempt} accepted, leading nowhere listed"
