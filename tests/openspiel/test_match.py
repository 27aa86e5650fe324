"""Our bots against OpenSpiel's (rummyrules.peers): duplicate deals, our rule book the referee, D1 to D5 met and counted."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar

import attrs
import pytest

from extras import peer

pyspiel = peer("pyspiel")  # without OpenSpiel this module skips, saying so

from rummyrules import EndOfThePage, GinRummy, GinRummyState, Move, OptionError, View
from rummyrules.bots import GreedyBot
from rummyrules.peers import OpenSpielBot, play_openspiel_match
from rummyrules.peers.cards import card_id, meld_id_of
from rummyrules.peers.differences import word_of
from rummyrules.peers.lockstep import Tally, play_hand
from rummyrules.peers.openspiel import KNOCK, MELD_BASE, PASS
from rummyrules.peers.openspiel_bots import simple_bot
from rummyrules.peers.openspiel_gin import game_parameters
from rummyrules.simulation import game_seed

pytestmark = pytest.mark.peer


class Script:
    """Our bot: plays ``moves`` (OpenSpiel's words: a lay-off by its card) in order, then as the greedy bot."""

    def __init__(self, moves: Sequence[str]) -> None:
        self.moves = list(moves)
        self.greedy = GreedyBot()

    def choose(self, view: View) -> Move | None:
        if not self.moves:
            return self.greedy.choose(view)
        word = self.moves.pop(0)
        return next(move for move in view.legal_moves if word_of(move) == word)


@attrs.define
class TheirScript:
    """OpenSpiel's bot: plays ``actions`` in order, then ``done``/``pass`` where it may, else its first legal action."""

    actions: list[int]

    def restart(self) -> None:
        pass

    def step(self, state: Any) -> int:
        legal = list(state.legal_actions())
        if self.actions:
            return self.actions.pop(0)
        return PASS if PASS in legal else legal[0]


def meld(text: str) -> int:
    return MELD_BASE + meld_id_of([card_id(card) for card in text.split()])


def hand(
    rules: GinRummy, deck: str, ours: Any, theirs: OpenSpielBot, *, our_seat: int
) -> tuple[GinRummyState, Tally]:
    tally = Tally()
    game = play_hand(
        rules,
        rules.stacked_deck(deck),
        our_bot=ours,
        their_bot=theirs,
        our_seat=our_seat,
        tally=tally,
    )
    assert game.is_over
    assert "other" not in tally.differences
    return game, tally


def simple(rules: GinRummy, player: int) -> OpenSpielBot:
    return simple_bot(pyspiel.load_game("gin_rummy", game_parameters(rules)), player)


def test_gin_5_d1_a_knock_openspiel_misses_unmirrors_and_a_stand_in_lays_off() -> None:
    # 7H 7C 7D 7S 6C 8D 9S 8S 9C 9D with 5C taken: 7 to us after discarding
    # the best card, 8 to OpenSpiel, which drops the highest loose card of
    # its first best arrangement instead (D1); the knock card is 7.
    rules = GinRummy(knock_card=7)
    deck = "7H 7C 6C 8D 7D 9S 8S 9C 9D 7S  AH 2H 3D KH QD JC 10H 4S 2D KS  5C"
    game, tally = hand(
        rules, deck, Script(["take", "knock"]), simple(rules, 1), our_seat=0
    )
    assert game.knocker == 0
    assert tally.differences["D1"] == 1
    assert tally.unmirrored == Counter({"D1": 1})
    assert tally.stand_in_moves >= 2  # OpenSpiel's bot lays off and melds no more


def test_gin_6_d3_a_third_card_past_a_run_end_unmirrors_with_nothing_left_to_ask() -> (
    None
):
    # OpenSpiel's simple bot takes KS, knocks and lays 5S 6S 7S among its
    # melds; we lay off 4S and 3S, which OpenSpiel allows, then 2S, which it
    # does not (D3): the knocker is done, so nobody stands in for it.
    rules = GinRummy()
    deck = "5S 6S 7S 9H 9D 9C JH JD JC AH  2S 3S 4S KH KD QC 10C 8H 6D 2C  KS"
    game, tally = hand(
        rules,
        deck,
        Script(["lay 4S", "lay 3S", "lay 2S"]),
        simple(rules, 0),
        our_seat=1,
    )
    assert game.knocker == 0
    assert tally.differences["D3"] == 1
    assert tally.unmirrored == Counter({"D3": 1})
    assert tally.stand_in_moves == 0
    assert game.score_sheet[-1][0] > 0


def test_gin_r3_d2_openspiels_done_with_a_meld_in_hand_is_played_as_that_meld() -> None:
    # OpenSpiel's knocker lays 7H 7D 7C and 9H 9D 9C and says done with
    # AS 2S 3S 4H left (10, the knock card: OpenSpiel allows it, D2); the
    # rule book has AS 2S 3S laid first (GIN-R3), and the mirror holds.
    rules = GinRummy()
    deck = "AS 2S 3S 7H 7D 7C 9H 9D 9C KC  2H 3D KH QD JC 10H 5C 2D KS 6C  4H"
    script = [52, KNOCK, card_id("KC"), meld("7H 7D 7C"), meld("9H 9D 9C"), PASS]
    game, tally = hand(rules, deck, GreedyBot(), TheirScript(script), our_seat=1)
    assert game.knocker == 0
    assert tally.replaced == Counter({"D2": 1})
    assert tally.unmirrored == Counter()
    assert [str(table_meld) for table_meld in game.melds][:3] == [
        "7H 7D 7C",
        "9H 9D 9C",
        "AS 2S 3S",
    ]


def test_gin_6_d4_openspiels_lay_off_that_fits_no_meld_here_is_played_as_done() -> None:
    # We knock and lay 4S 4H 4D, then 5C 6C 7C. OpenSpiel's bot lays 4C off,
    # on the set of 4s for us; to OpenSpiel it extends the run too, so 3C
    # may follow (D4), which fits no meld here: it becomes "done", though 8C
    # could still go on the run.
    rules = GinRummy(hand_size=7)
    deck = "4S 4H 4D 5C 6C 7C AH  4C 3C 8C KH QD JS 9D  2S"
    ours = Script(
        ["take", "knock", "discard 2S", "meld 4S 4H 4D", "meld 5C 6C 7C", "done"]
    )
    theirs = TheirScript([card_id("4C"), card_id("3C")])
    game, tally = hand(rules, deck, ours, theirs, our_seat=0)
    assert tally.replaced == Counter({"D4": 1})
    assert tally.differences["D4"] == 1
    assert tally.unmirrored == Counter()
    assert {"3C", "8C"} <= set(map(str, game.hands[1]))


def test_gin_2_d5_our_long_run_is_laid_in_openspiel_as_two_and_the_mirror_holds() -> (
    None
):
    rules = GinRummy(hand_size=7)
    deck = "3S 4S 5S 6S 7S 8S 9S  AH 5D 10S JC 2C 3D 4H  KD"
    script = Script(["take", "knock", "discard KD", "meld 3S 4S 5S 6S 7S 8S 9S"])
    game, tally = hand(rules, deck, script, simple(rules, 1), our_seat=0)
    assert game.knocker == 0
    assert tally.differences["D5"] >= 1
    assert tally.unmirrored == Counter()
    assert tally.replaced == Counter()
    assert game.score_sheet[-1][0] > 0


def test_a_match_plays_each_deal_twice_and_the_same_given_its_seed() -> None:
    first = play_openspiel_match("greedy", "simple", deals=2, seed=7)
    again = play_openspiel_match("greedy", "simple", deals=2, seed=7)
    assert (first.deals, first.hands) == (2, 4)
    assert first.wins + first.losses + first.draws == 4
    assert attrs.evolve(first, our_seconds=0.0) == attrs.evolve(again, our_seconds=0.0)
    assert first.our_moves > 4 * 5
    assert first.points_error is not None


class Recorder:
    """Our bot: the greedy bot, writing down the hand it is dealt."""

    hands: ClassVar[list[str]] = []

    def __init__(self, *, seed: int = 0) -> None:
        del seed
        self.greedy = GreedyBot()
        self.first = True

    def choose(self, view: View) -> Move | None:
        if self.first:
            Recorder.hands.append(" ".join(map(str, view.hand)))
            self.first = False
        return self.greedy.choose(view)


def test_gin_1_deal_d_is_the_deal_new_game_makes_from_game_seed_and_both_seats_get_it() -> (
    None
):
    Recorder.hands.clear()
    play_openspiel_match(Recorder, "random", deals=2, seed=3)
    dealt = [GinRummy().new_game(seed=game_seed(3, deal)) for deal in range(2)]
    assert Recorder.hands == [
        " ".join(map(str, game.hands[seat])) for game in dealt for seat in (0, 1)
    ]


def test_the_greedy_bot_beats_openspiels_random_bot_by_far() -> None:
    result = play_openspiel_match("greedy", "random", deals=4, seed=1)
    assert result.wins >= 6
    assert result.points_error is not None
    assert result.points > max(20, 3 * result.points_error)
    assert result.win_rate is not None
    assert result.win_rate > 0.7


@pytest.mark.parametrize(
    ("arguments", "error", "words"),
    [
        ({"deals": 0}, OptionError, "at least 1 deal, not 0"),
        ({"deals": "2"}, TypeError, "deals must be a whole number"),
        ({"their_bot": "mcts"}, OptionError, "no OpenSpiel bot 'mcts'"),
        ({"their_bot": 3}, TypeError, "their_bot must be"),
        ({"their_bot": lambda *_: "bot"}, TypeError, "has no step"),
        ({"our_bot": "clever"}, OptionError, "there is no bot 'clever'"),
        ({"rules": GinRummy(target=100)}, OptionError, "target must be None"),
        ({"rules": EndOfThePage()}, TypeError, "rules must be Gin Rummy"),
    ],
)
def test_bad_arguments_are_refused_with_a_sentence(
    arguments: dict[str, Any], error: type[Exception], words: str
) -> None:
    given: dict[str, Any] = {"our_bot": "greedy", "their_bot": "simple", "deals": 1}
    with pytest.raises(error, match=words):
        play_openspiel_match(**(given | arguments))
