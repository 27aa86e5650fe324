"""A selection explained from a seat's view alone answers as on the whole state (issue 42).

A page that holds only the server's view of its seat checks a selection
before sending it (clients/offline/served.html): the library reads the view
as the server sends it (``loads(dumps(view))``), deals the hidden cards at
random among the deals that fit it (:func:`rummyrules.sample_state`), and
explains the selection on that state. That answer must be the one the
server gives from the true state (its ``/selection`` calls
:func:`rummyrules.explain_selection` on it): the same moves, the same
refused candidates with the same sentences and rule IDs, the same meld
check, in every registered game, at positions of seeded random play, for
random selections of the seat's hand, whoever's turn it is.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conformance import GAMES, IDS, PER_GAME
from rummyrules import (
    PlayableRules,
    Selection,
    View,
    dumps,
    explain_selection,
    loads,
    sample_state,
)
from strategies import game_walks, selections, some_states


def answer(found: Selection) -> tuple[object, ...]:
    """Everything a selection says: its cards, moves, each refusal's move, sentence and rule, the meld check."""
    return (
        found.player,
        found.cards,
        found.moves,
        tuple(
            (refused.move, refused.reason, refused.rule) for refused in found.refusals
        ),
        found.check,
    )


@pytest.mark.parametrize("cls", GAMES, ids=IDS)
@PER_GAME
@given(data=st.data(), rng=st.randoms(use_true_random=False))
def test_a_selection_checked_from_the_view_is_the_one_on_the_whole_state(
    cls: type[PlayableRules[Any]], data: st.DataObject, rng: random.Random
) -> None:
    """explain_selection on a state sampled from the view sent as JSON equals it on the true state."""
    states = some_states(data.draw(game_walks(cls)))
    # A few positions a walk: sampling a state is the costly step.
    for game in rng.sample(states, min(3, len(states))):
        for player in {rng.randrange(game.players), game.to_move or 0}:
            hand = game.hand(player)
            if not hand:
                continue
            sent = loads(dumps(game.view(player)))  # the view as the page reads it
            assert isinstance(sent, View)
            local = sample_state(sent, seed=rng.randrange(2**32))
            for _ in range(3):
                cards = data.draw(selections(hand))
                assert answer(explain_selection(local, player, cards)) == answer(
                    explain_selection(game, player, cards)
                ), (str(game.rules), player, [str(card) for card in cards])
