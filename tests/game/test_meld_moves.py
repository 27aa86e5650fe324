"""Moves that put cards in melds (meld, lay, claim, out), set up from positions.

A refused move names the rule that :meth:`~rummyrules.Rules.check_meld`
names for the same cards (see "Which rule a refusal names" in the design),
and a wild may be declared in either form, a rank or a card, in every move
that declares one; the move the game lists and plays writes the canonical
form (MELD-5).
"""

from __future__ import annotations

import pytest

from rummyrules import EndOfThePage, FourteenHundred, GameState, GoingOutRummy
from rummyrules.game.notation import parse_move
from scenarios import listed, refused

EOP = EndOfThePage()
F14 = FourteenHundred(players=3)
GOR = GoingOutRummy(hand_size=6, wildcards=2)

# End of the Page, 3s wild: player 1 has laid 8s, player 0 the run
# 4C 3D=5C 6C, and player 0 holds 3C 9D, in the middle of a turn.
EOP_PLAY = (
    "EndOfThePage | wild 3 | to_move 0 play | hands 3C 9D / KC"
    " | melds 1: 8H 8D 8S / 0: 4C 3D=5C 6C | pile QD | had_turn 0 1"
)
# 1400 for three, 9s wild: player 1 has laid 5S 6S 7S, player 0 8H 8D 8C.
F14_PLAY = (
    "FourteenHundred players=3 | wild 9 | to_move 1 play"
    " | hands 4C / KC 9D AS 3S 5H 9S 10S / QD JH | melds 1: 5S 6S 7S / 0: 8H 8D 8C"
    " | pile 7D"
)
# The same table while player 2's discard may be claimed (F14-12).
F14_CLAIM = (
    "FourteenHundred players=3 | wild 9 | to_move 0 draw"
    " | hands 4C / KC 5H 9S / QD JH | melds 1: 5S 6S 7S / 0: 8H 8D 8C"
    " | pile {card} | claim {card}@2"
)
# Going Out Rummy: player 0 has drawn, and holds 7S 7H * 8C 9C 10C KD.
GOR_OUT = (
    "GoingOutRummy wildcards=2 hand_size=6 | to_move 0 play"
    " | hands 7S 7H * 8C 9C 10C KD / AS 2S 4H 6D 8S 10H"
)


def cited(game: GameState, move: str) -> str:
    return refused(game, move).rule


# --- A refusal names the rule check_meld names --------------------------------


def test_eop_8_a_wild_laid_off_too_close_to_another_breaks_the_spacing() -> None:
    game = EOP.position(EOP_PLAY)
    error = refused(game, "lay 3C=7C on 2")
    assert error.rule == "EOP-8"
    assert error.reason == (
        "3C does not fit meld 2 (4C 3D=5C 6C): wild cards 3D and 3C have only 1 "
        "natural card between them; End of the Page needs 2"
    )
    assert error.rule == EOP.check_meld("4C 3D=5C 6C 3C=7C", wild="3").rule


def test_eop_7_a_new_meld_cannot_declare_a_wild_as_a_2() -> None:
    game = EOP.position(
        "EndOfThePage | wild 9 | to_move 0 play | hands 9H 3S 4S / KC"
        " | pile QD | had_turn 0 1"
    )
    error = refused(game, "meld 9H=2S 3S 4S")
    assert (error.rule, error.reason) == (
        "EOP-7",
        "End of the Page runs use 3 to A, so 9H cannot stand for 2S",
    )


@pytest.mark.parametrize("move", ["lay AS on 1", "meld AS 3S 10S"], ids=["lay", "meld"])
def test_meld_3_an_ace_that_fits_neither_end_breaks_no_rule_of_1400(move: str) -> None:
    game = F14.position(F14_PLAY)
    assert cited(game, move) == "MELD-3"


def test_meld_3_a_claimed_ace_that_fits_neither_end() -> None:
    game = F14.position(F14_CLAIM.format(card="AS"))
    error = refused(game, "1: claim AS on 1")
    assert error.rule == F14.check_meld("5S 6S 7S AS").rule == "MELD-3"


def test_gor_going_out_with_a_meld_that_is_none_names_its_rule() -> None:
    game = GOR.position(GOR_OUT)
    error = refused(game, "out 7S 7H *=8S / 8C 9C 10C discard KD")
    assert error.rule == GOR.check_meld("7S 7H *=8S").rule == "MELD-5"
    error = refused(game, "out 7S 8C * / 7H 9C 10C discard KD")
    assert error.rule == GOR.check_meld("7S 8C *").rule == "MELD-3"


def test_f14_r8_a_wild_laid_on_an_open_meld_of_wilds_stays_undeclared() -> None:
    rules = FourteenHundred(all_wild_melds=True)
    game = rules.position(
        "FourteenHundred all_wild_melds=true | wild 5 | to_move 0 play"
        " | hands 7D 5H 9C / 4C / 8C / 9D | melds 0: 5S 5C 5D | pile 6C"
    )
    assert "lay 5H on 1" in listed(game)
    for move in ("lay 5H=7 on 1", "lay 5H=7C on 1"):
        error = refused(game, move)
        assert error.rule == "F14-R8"
        assert error.reason.endswith(
            "a wild card laid off on it leaves it so: 'lay 5H on 1'"
        )


# --- A wild declared in either form -------------------------------------------


def same_move(game: GameState, given: str, canonical: str) -> None:
    """Both texts are accepted as one move: the canonical one, which is listed."""
    player = parse_move(canonical).player
    assert canonical in listed(game, player)
    normal = game.rules.machine.resolve(game, parse_move(given))
    assert str(normal) == canonical
    assert game.apply(given) == game.apply(canonical)


@pytest.mark.parametrize(
    ("given", "canonical"),
    [
        ("meld KC 9S=KS 9D=KH", "meld KC 9S=K 9D=K"),  # a card of the set's rank
        ("meld 9S=3 9D=4 5H", "meld 9S=3H 9D=4H 5H"),  # bare ranks in a run
        ("lay 9D=8S on 2", "lay 9D=8 on 2"),
        ("lay 9D=4 on 1", "lay 9D=4S on 1"),
    ],
)
def test_meld_5_a_declaration_in_the_other_form_names_the_listed_move(
    given: str, canonical: str
) -> None:
    same_move(F14.position(F14_PLAY), given, canonical)


@pytest.mark.parametrize(
    ("given", "canonical"),
    [
        ("1: claim 9D=8 on 1", "1: claim 9D=8S on 1"),
        ("1: claim 9D=8C on 2", "1: claim 9D=8 on 2"),
    ],
)
def test_f14_12_a_claim_declares_its_wild_in_either_form(
    given: str, canonical: str
) -> None:
    game = F14.position(F14_CLAIM.format(card="9D"))
    same_move(game, given, canonical)


@pytest.mark.parametrize(
    "given",
    ["out 7S 7H *=7C / 8C 9C 10C discard KD", "out 7S 7H *=7 / 8C 9C 10C discard KD"],
)
def test_gor_7_going_out_declares_a_wildcard_in_either_form(given: str) -> None:
    game = GOR.position(GOR_OUT)
    normal = game.rules.machine.resolve(game, parse_move(given))
    assert str(normal) == "out 7S 7H *=7 / 8C 9C 10C discard KD"
    assert [str(meld) for meld in game.apply(given).melds] == ["7S 7H *=7", "8C 9C 10C"]
    run = "out 7S 7H 10C / 8C 9C *=10 discard KD"
    assert refused(game, run).rule == "MELD-2"
    run = "out 7S 7H *=7 / 8C 9C 10C KD"
    assert refused(game, run).rule == "MELD-3"
