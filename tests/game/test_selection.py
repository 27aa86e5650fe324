"""Explaining a selection: the moves some cards of a hand make, and each candidate's refusal.

:func:`rummyrules.game.selection.explain_selection` asks the game itself,
through its notation and ``apply``: each scenario below names the rule whose
sentence reaches the player, on positions built from card text and stacked
decks. The property at the end holds it to the listing over random play of
every game.
"""

from __future__ import annotations

from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummyrules import (
    CardParseError,
    EndOfThePage,
    FourteenHundred,
    GameState,
    GinRummy,
    GoingOutRummy,
    Move,
)
from rummyrules.game.selection import (
    Selection,
    SelectionError,
    explain_selection,
    hand_cards,
    verb_of,
)
from scenarios import listed, play
from strategies import any_games, gin_tables, played_games

TWO = FourteenHundred(players=2)
THREE = FourteenHundred(players=3)

# PILE (as in tests/games/fourteen_hundred/conftest.py), two players, the
# dealer is player 1:
#   player 0 shows a 6: 6C JS KS AS 10D 10S, and is dealt 9D (9s are wild)
#   player 1 shows a 4: 4D 7C 7D QS; the upcard is 7H; the stock starts 7S 3H 10C
PILE = "6C JS KS AS 10D 10S  4D 7C 7D QS  9D  7H  7S 3H 10C"
# CLAIM (as in tests/games/fourteen_hundred/conftest.py), three players, the
# dealer is player 2; Queens are wild. Player 2 ends up discarding 7S, which
# fits player 0's 7s.
CLAIM = "4C 7C 7D KH  5D 2S 3S 4S JH  3D 7S 9H  QD  7H  AC 10H 5S"


def moves(found: Selection) -> list[str]:
    return [str(move) for move in found.moves]


def refusals(found: Selection) -> list[tuple[str, str]]:
    return [(str(refused.move), refused.rule) for refused in found.refusals]


# --- End of the Page ---------------------------------------------------------------


def test_eop_8_selection_explains_the_spacing_rule() -> None:
    game = EndOfThePage().position(
        "wild 5 | to_move 0 play | hands 9S 5H 5D QS KS 7S 8S / 3C 3D 4H"
        " | pile QH | had_turn 0"
    )
    found = explain_selection(game, 0, ["9S", "5H", "5D", "QS", "KS"])
    assert moves(found) == []
    assert refusals(found) == [("meld 5H 5D 9S QS KS", "EOP-8")]
    assert found.refusals[0].reason == (
        "wild cards 5H and 5D have only 0 natural cards between them; "
        "End of the Page needs 2"
    )
    assert (found.check.ok, found.check.rule) == (False, "EOP-8")
    assert [str(card) for card in found.cards] == ["9S", "5H", "5D", "QS", "KS"]


def test_eop_9_a_lay_off_before_melding_is_refused_and_the_discard_listed() -> None:
    game = EndOfThePage(players=2).position(
        "wild 5 | to_move 0 play | hands 10H 7S 8S KC / 3C 3D 4H"
        " | melds 1: 7H 8H 9H | pile QH | had_turn 0 1"
    )
    found = explain_selection(game, 0, "10H")
    assert moves(found) == ["discard 10H"]
    assert refusals(found) == [("lay 10H on 1", "EOP-9")]
    assert found.refusals[0].reason == (
        "you have not melded yet this round, so you cannot lay off on a meld"
    )
    assert [r.rule for r in explain_selection(game, 0, "7S 8S").refusals] == ["EOP-7"]


def test_eop_5_out_of_order_every_candidate_says_draw_first() -> None:
    game = EndOfThePage().new_game(seed=1)  # player 1 to draw
    card = str(game.hand(1)[0])
    assert refusals(explain_selection(game, 1, [card])) == [
        (f"discard {card}", "EOP-5")
    ]


# --- 1400 --------------------------------------------------------------------------


def test_f14_9_a_discard_is_refused_until_the_card_taken_is_used() -> None:
    game = TWO.new_game(deck=TWO.stacked_deck(PILE), dealer=1)
    game = play(game, "pass", "take", "meld 7C 7D 7H", "discard QS")
    game = play(game, "draw", "discard 6C", "draw", "discard 4D", "take QS")
    found = explain_selection(game, 0, ["6C"])
    assert moves(found) == []
    assert refusals(found) == [("lay 6C on 1", "MELD-2"), ("discard 6C", "F14-9")]
    assert found.refusals[1].reason == (
        "you took QS from the discard pile, so you must use it in a meld or "
        "lay-off before you discard"
    )
    assert moves(explain_selection(game, 0, ["KS", "JS", "QS"])) == ["meld JS QS KS"]


def test_f14_12_a_claim_plays_no_card_of_the_hand_and_out_of_turn_is_refused() -> None:
    game = THREE.new_game(deck=THREE.stacked_deck(CLAIM), dealer=2)
    game = play(game, "take", "meld 7C 7D 7H", "discard KH")
    game = play(game, "draw", "meld 2S 3S 4S", "discard JH", "draw", "discard 7S")
    assert listed(game, 1) == ["1: claim 7S on 1"]
    found = explain_selection(game, 1, ["AC"])
    assert moves(found) == []  # the claim lays the discard, not a card of the hand
    assert refusals(found) == [
        ("lay AC on 1", "ALL-2"),
        ("lay AC on 2", "ALL-2"),
        ("discard AC", "ALL-2"),
    ]
    assert found.refusals[0].reason == "it is player 0's turn, not player 1's"


def test_meld_5_selection_lists_each_reading_of_the_wild_and_refuses_none_declared() -> (
    None
):
    game = TWO.position(
        "wild 3 | to_move 0 play | hands 3S 9H 10H JH 4C / 2C 5C 6D | pile KD"
    )
    found = explain_selection(game, 0, ["9H", "3S", "10H"])
    assert moves(found) == ["meld 3S=8H 9H 10H", "meld 9H 10H 3S=JH"]
    assert refusals(found) == [("meld 3S 9H 10H", "MELD-5")]
    assert found.refusals[0].reason.startswith(
        "the wild cards can be read more than one way; declare them"
    )
    assert len(found.check.melds) == 2


# --- Gin Rummy ---------------------------------------------------------------------

GIN = GinRummy(hand_size=4)
KNOCK = "to_move 0 play | hands 7S 8S 9S 2C KD / AH 5D 10S JC | pile 4H"


def test_gin_5_a_selection_melds_only_once_knocked() -> None:
    game = GIN.position(KNOCK)
    found = explain_selection(game, 0, ["7S", "8S", "9S"])
    assert (moves(found), refusals(found)) == ([], [("meld 7S 8S 9S", "GIN-4")])
    assert found.check.ok
    laying = play(game, "knock", "discard KD")
    assert moves(explain_selection(laying, 0, ["9S", "8S", "7S"])) == ["meld 7S 8S 9S"]


def test_gin_5_a_card_selected_says_why_knock_is_refused() -> None:
    # Knocking plays no card but discards one next: with one card selected,
    # a knock the hand cannot make is explained beside the discard it lists.
    game = GIN.position(
        "to_move 0 play | hands 7S 8S 2C KD QH / AH 5D 10S JC | pile 4H"
    )
    found = explain_selection(game, 0, ["KD"])
    assert (moves(found), refusals(found)) == (["discard KD"], [("knock", "GIN-5")])
    assert "over the knock card, 10" in found.refusals[0].reason
    # A knock the hand can make is no refusal; after it, knock is no candidate.
    assert refusals(explain_selection(GIN.position(KNOCK), 0, ["KD"])) == []
    knocked = play(GIN.position(KNOCK), "knock")
    assert refusals(explain_selection(knocked, 0, ["7S"])) == [("discard 7S", "GIN-5")]


def test_gin_6_the_opponents_selection_lays_off_on_the_knockers_meld() -> None:
    game = play(GIN.position(KNOCK), "knock", "discard KD", "meld 7S 8S 9S", "done")
    assert moves(explain_selection(game, 1, ["10S"])) == ["lay 10S on 1"]
    found = explain_selection(game, 1, ["AH"])
    assert refusals(found) == [("lay AH on 1", "GIN-6"), ("discard AH", "GIN-6")]
    assert found.refusals[0].reason == "AH does not extend meld 1"


# --- Going Out Rummy ---------------------------------------------------------------


def test_gor_7_selection_goes_out_only_with_the_whole_hand() -> None:
    game = GoingOutRummy(hand_size=3).position(
        "to_move 1 play | hands 7S 8S 2C / 7H 7D 7C 9D"
    )
    found = explain_selection(game, 1, ["7H", "7D", "7C"])
    assert (moves(found), refusals(found)) == ([], [("out 7H 7D 7C", "GOR-7")])
    assert found.refusals[0].reason == (
        "going out lays down the whole hand but the one card discarded; "
        "9D would be left in your hand"
    )
    assert found.check.ok  # a meld, but Going Out Rummy lays none alone (GOR-4)
    whole = explain_selection(game, 1, ["7H", "7D", "7C", "9D"])
    assert moves(whole) == ["out 7H 7D 7C discard 9D"]
    assert [verb_of(move) for move in whole.moves] == ["out"]
    assert refusals(explain_selection(game, 0, ["2C"])) == [("discard 2C", "ALL-2")]


# --- What is no selection ----------------------------------------------------------


def test_all_1_a_card_not_in_the_hand_is_no_selection() -> None:
    game = GIN.position(KNOCK)
    with pytest.raises(SelectionError, match=r"^you do not hold AH \(ALL-1\)$"):
        explain_selection(game, 0, ["7S", "AH"])
    with pytest.raises(SelectionError, match=r"you do not hold 2 of 7S \(ALL-1\)"):
        explain_selection(game, 0, ["7S", "7S"])
    with pytest.raises(CardParseError, match="is not a card"):
        explain_selection(game, 0, ["7S", "1S"])
    with pytest.raises(SelectionError, match="select at least one card"):
        explain_selection(game, 0, [])


def test_a_selection_larger_than_the_hand_is_refused_before_reading_it() -> None:
    game = GIN.position(KNOCK)
    with pytest.raises(
        SelectionError, match="6 cards are selected, but the hand holds 5"
    ):
        explain_selection(game, 0, ["not a card"] * 6)
    with pytest.raises(SelectionError, match="1000000 cards are selected"):
        explain_selection(game, 1, ["7S"] * 1_000_000)


# --- The property ------------------------------------------------------------------


def _bare(move: Move) -> Move:
    """The move without its player's number: listed out of turn, it has one."""
    return attrs.evolve(move, player=None)


def _same_deal(before: GameState, after: GameState) -> bool:
    """Whether the move left the deal going on: no round counted, so the hands are the same hands."""
    return after.round_results == before.round_results


@settings(max_examples=60, deadline=None)
@given(
    game=st.one_of(any_games(), played_games(gin_tables())),
    data=st.data(),
)
def test_a_selections_moves_are_the_listed_moves_with_exactly_those_cards(
    game: GameState, data: st.DataObject
) -> None:
    """For any reachable state, seat and cards of its hand, the selection's moves are the seat's listed moves that take exactly those cards out of the hand, and no refused candidate is listed."""
    seat = data.draw(st.integers(0, game.players - 1), label="seat")
    hand = game.hand(seat)
    if not hand:
        return
    picked = data.draw(
        st.lists(st.sampled_from(range(len(hand))), min_size=1, unique=True),
        label="places",
    )
    cards = [hand[place] for place in picked]
    found = explain_selection(game, seat, cards)
    listing = game.legal_moves(seat)
    assert found.moves == tuple(
        move for move in listing if Counter(hand_cards(move)) == Counter(cards)
    )
    # What hand_cards says a move plays is what playing it takes from the hand
    # (a drop sets the whole hand aside and plays no card, GOR-10).
    for move in listing:
        after = game.apply(move, player=seat)
        if _same_deal(game, after) and verb_of(move) != "drop":
            left = Counter(game.hand(seat)) - Counter(after.hand(seat))
            assert left == Counter(hand_cards(move)), str(move)
    offered = {_bare(move) for move in listing}
    for refused in found.refusals:
        assert _bare(refused.move) not in offered
        assert f"({refused.rule})" not in refused.reason
