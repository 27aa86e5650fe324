"""What a search bot reads of the other hands off the table: ``hand_weights`` and ``WeighedDeal``."""

from __future__ import annotations

import math
from typing import Any

import pytest

from rummyrules import Card, EndOfThePage, GinRummy, OptionError, sample_state
from rummyrules.bots import reading
from rummyrules.bots.levels import hard_bot
from rummyrules.bots.reading import LET_GO, TAKEN, WeighedDeal, hand_weights
from rummyrules.game.strategy import strategy_of

# Player 1 took 2H face up; 4D and 7D lie in the pile.
POSITION = (
    "to_move 0 draw | hands AS 2S 3S 4S 5S 6S 7S 8S 9S 10S"
    " / AH 2H 3H 4H 5H 6H 7H 8H 9H 10H | pile 4D 7D | known - / 2H"
)


def weights_of(card: str) -> float:
    view = GinRummy().position(POSITION).view(0)
    return hand_weights(view)[1].get(Card.parse(card), 1.0)


@pytest.mark.parametrize(
    ("card", "weight"),
    [
        ("9D", LET_GO),  # two places above 7D
        ("7C", LET_GO),  # 7D's rank
        ("5D", LET_GO**2),  # close to 4D and to 7D
        ("10D", 1.0),  # three places from 7D: no run of three holds both
        ("3H", TAKEN),  # beside the 2H player 1 took
        ("2C", TAKEN),  # 2H's rank
        ("2D", TAKEN * LET_GO),  # 2H's rank, and two places below 4D
        ("4H", TAKEN * LET_GO),  # beside 2H, and 4D's rank
        ("KC", 1.0),
    ],
)
def test_cards_close_to_the_pile_weigh_less_and_close_to_a_take_more(
    card: str, weight: float
) -> None:
    """Each card in the pile close to a card makes it ``LET_GO`` times as likely in another hand, each card its holder took face up close to it ``TAKEN`` times."""
    assert weights_of(card) == pytest.approx(weight)


def test_a_take_weighs_only_its_takers_hand() -> None:
    """What player 1 took says nothing of player 2's hand: there, only the pile weighs."""
    game = GinRummy().position(POSITION)
    view = game.view(0)
    assert hand_weights(view).keys() == {1}
    assert hand_weights(game.view(1)).keys() == {0}
    assert Card.parse("3H") not in hand_weights(game.view(1))[0]


def test_wild_cards_keep_weight_one() -> None:
    """A wild card fits any meld: nothing on the table makes it likelier or less likely in a hand."""
    game = EndOfThePage().new_game(seed=4)
    for _ in range(6):
        game = game.apply(game.legal_moves()[0])
    view = game.view(game.to_move or 0)
    wild = strategy_of(view.rules).wild(view)
    assert wild is not None
    weights = hand_weights(view)
    assert weights
    assert all(
        card.rank is not wild for leaning in weights.values() for card in leaning
    )


def test_a_weighed_deal_is_sample_state_with_the_table_s_weights(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A ``WeighedDeal`` deals what ``sample_state`` deals with ``hand_weights``, and reads the weights once a view."""
    view = GinRummy().position(POSITION).view(0)
    calls = []

    def counted(seen: object, **knobs: float) -> dict[int, dict[Card, float]]:
        calls.append(seen)
        return hand_weights(view, **knobs)

    monkeypatch.setattr(reading, "hand_weights", counted)
    deal = WeighedDeal()
    for seed in range(4):
        assert deal(view, seed) == sample_state(
            view, seed=seed, weights=hand_weights(view)
        )
    assert calls == [view]


def test_the_hard_level_deals_by_the_table_s_weights() -> None:
    """The hard level's search leans its deals on the table (``WeighedDeal``)."""
    bot = hard_bot(seed=1)
    assert isinstance(getattr(bot, "deal", None), WeighedDeal)


@pytest.mark.parametrize(
    ("knobs", "error", "match"),
    [
        ({"let_go": 0}, OptionError, "let_go must be a finite number above 0, not 0.0"),
        ({"taken": -2.0}, OptionError, "taken must be a finite number above 0"),
        ({"taken": math.nan}, OptionError, "taken must be a finite number above 0"),
        ({"let_go": 10**400}, OptionError, "let_go is too large"),
        ({"let_go": "0.5"}, TypeError, "let_go must be a number, not str"),
    ],
)
def test_factors_that_are_no_factors_are_refused(
    knobs: dict[str, Any], error: type[Exception], match: str
) -> None:
    """The factors are finite numbers above 0, for ``hand_weights`` and ``WeighedDeal`` alike."""
    view = GinRummy().position(POSITION).view(0)
    with pytest.raises(error, match=match):
        hand_weights(view, **knobs)
    with pytest.raises(error, match=match):
        WeighedDeal(**knobs)


def test_hand_weights_reads_a_view() -> None:
    """A state is no view: TypeError, saying what was expected."""
    game = GinRummy().position(POSITION)
    with pytest.raises(TypeError, match="expected a View, not GinRummyState"):
        hand_weights(game)  # type: ignore[arg-type]  # the wrong type on purpose


def test_extreme_factors_keep_weights_a_deal_takes() -> None:
    """Factors so small or large that their powers leave a float give weights held within bounds, which ``sample_state`` takes."""
    view = GinRummy().position(POSITION).view(0)
    weights = hand_weights(view, let_go=1e-200, taken=1e200)[1]
    assert weights[Card.parse("5D")] == weights[Card.parse("9D")] == 1e-12
    assert weights[Card.parse("3H")] == 1e12
    assert sample_state(view, seed=1, weights={1: weights}).view(0) == view
