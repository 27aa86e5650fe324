"""Determinization in every registered game: a state sampled from a view fits it.

``sample_state(view, seed=)`` deals every card the player cannot see anew
and gives back a whole state of the game's own class. Whatever the game and
the position, the sample passes the checks on load, shows the player the
very view it was made from (legal moves, events and round results
included), keeps every card the view shows where it lies, and the hidden
cards do move. The distribution over deals is pinned on small decks in
``tests/formats/test_sampling.py``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance import GAMES, IDS, PER_GAME
from rummyrules import Card, GameState, PlayableRules, dumps, loads, sample_state
from rummyrules.bots.reading import hand_weights
from rummyrules.game.strategy import strategy_of
from scenarios import every_card
from strategies import game_walks, some_states


def in_sight(game: GameState, player: int) -> Counter[Card]:
    """The cards the player sees in other hands: known to be held, or face up there."""
    strategy = strategy_of(game.rules)
    view = game.view(player)
    seen: Counter[Card] = Counter()
    for other in range(game.players):
        if other != player:
            seen += strategy.held(view, other)
    return seen


@pytest.mark.parametrize("cls", GAMES, ids=IDS)
@PER_GAME
@given(data=st.data(), rng=st.randoms(use_true_random=False))
def test_a_sample_fits_the_view_it_was_made_from(
    cls: type[PlayableRules[Any]], data: st.DataObject, rng: random.Random
) -> None:
    """The sample is a state of the game's class the checks on load accept, with the same deck, whose view for the player is the view given; each other hand keeps the cards the view shows in it; with the weights a bot reads off the table as well."""
    # Walked on the fast path: a state it makes works out its fields when
    # read, and must sample as any other (issue 40).
    for game in some_states(data.draw(game_walks(cls, by_actions=True))):
        for player in {rng.randrange(game.players), game.to_move or 0}:
            view = game.view(player)
            # A deal leaned by a bot's weights fits the view as a uniform one does.
            weights = hand_weights(view) if rng.random() < 0.5 else None
            sample = sample_state(view, seed=rng.randrange(2**32), weights=weights)
            assert type(sample) is type(game)
            assert loads(dumps(sample)) == sample
            assert sample.view(player) == view
            assert every_card(sample) == every_card(game)
            strategy = strategy_of(game.rules)
            for other in range(game.players):
                shown = strategy.held(view, other)
                assert shown <= Counter(sample.hand(other))
                assert shown <= Counter(game.hand(other))
            assert in_sight(sample, player) == in_sight(game, player)


@pytest.mark.parametrize("cls", GAMES, ids=IDS)
def test_the_hidden_cards_vary_from_sample_to_sample(
    cls: type[PlayableRules[Any]],
) -> None:
    """From a new game's view, eight samples deal the other hands and the stock eight different ways, and one seed always the same way."""
    game = cls().new_game(seed=11)
    view = game.view(0)
    samples = [sample_state(view, seed=seed) for seed in range(8)]
    assert len({(sample.hands, sample.stock) for sample in samples}) == 8
    assert all(sample.hand(0) == game.hand(0) for sample in samples)
    assert sample_state(view, seed=3) == samples[3]
    assert sample_state(view, seed=3).seed == samples[3].seed != game.seed
