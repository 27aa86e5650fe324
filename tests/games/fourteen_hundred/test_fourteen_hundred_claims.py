"""1400's claims out of turn (F14-12, F14-R9): who may claim, until when, and a claim read as a lay-off."""

from collections import Counter

import pytest

from rummyrules import (
    FourteenHundred,
    FourteenHundredPhase,
    GameState,
    IllegalMoveError,
)
from scenarios import every_card, listed, play, refused, texts

from .conftest import THREE, claim_position, credits

# --- Claims out of turn ------------------------------------------------------------


def test_f14_12_a_player_who_is_down_claims_a_discard_out_of_turn() -> None:
    game = claim_position()
    assert listed(game, 1) == ["1: claim 7S on 1"]
    hand = game.hand(1)
    claimed = game.apply("1: claim 7S on 1")
    set_of_sevens = claimed.melds[0]
    assert credits(set_of_sevens) == [
        ("7S", 1),
        ("7H", 0),
        ("7D", 0),
        ("7C", 0),
    ]
    assert texts(claimed.discard_pile) == ["JH", "KH"]
    assert claimed.hand(1) == hand
    assert (claimed.to_move, claimed.phase) == (0, FourteenHundredPhase.DRAW)
    assert every_card(claimed) == Counter(THREE.deck())


def test_f14_12_not_the_discarder_nor_a_player_who_is_not_down() -> None:
    game = claim_position()
    assert listed(game, 2) == []
    error = refused(game, "2: claim 7S on 1")
    assert (error.rule, error.reason) == ("F14-12", "you cannot claim your own discard")
    assert refused(game, "1: claim 7S on 2").rule == "MELD-3"  # it does not fit there
    assert refused(game, "claim 7S on 1").rule == "F14-12"  # a claim names its player
    # player 0 discards 5S, which fits player 1's run; player 2 is not down
    game = play(game, "draw", "discard 5S")
    assert game.to_move == 1
    assert listed(game, 2) == []
    error = refused(game, "2: claim 5S on 2")
    assert error.rule == "F14-12"
    assert error.reason == "only a player who is down may claim a discard"
    assert listed(game, 0) == []
    assert listed(game, 1)[0] == "1: claim 5S on 2"


def test_f14_r9_the_next_player_may_claim_before_drawing() -> None:
    game = claim_position()
    assert listed(game)[0] == "0: claim 7S on 1"
    game = game.apply("0: claim 7S on 1")
    assert (game.to_move, game.phase) == (0, FourteenHundredPhase.DRAW)
    assert "draw" in listed(game)
    error = refused(game, "1: claim 7S on 1")  # the first claim won
    assert error.rule == "F14-R9"


def test_f14_r9_the_window_closes_when_the_next_player_draws() -> None:
    game = claim_position().apply("draw")
    assert listed(game, 1) == []
    error = refused(game, "1: claim 7S on 1")
    assert error.rule == "F14-R9"
    assert error.reason == "7S is not the last discard, or its claim has passed"


def test_f14_12_a_claimed_wild_is_declared_where_it_has_two_readings() -> None:
    # Player 1 melds 9S 10S JS and later claims the 2C discarded by player 2;
    # on the set of 8s it can only be an 8, on the run it could be 8S or QS.
    rules = FourteenHundred(players=3)
    deck = rules.stacked_deck(
        "5D 6H 6C QD KD  6S 8D 8C JH QH AH  4D 10S JS 8H  2C  8S  9S KH QS"
    )
    game = play(
        rules.new_game(deck=deck, dealer=2),
        "pass",
        "take",
        "meld 8S 8D 8C",
        "discard 6S",
        "draw",
        "meld 9S 10S JS",
        "discard 8H",
        "1: claim 8H on 1",
        "take",
        "meld 6S 6H 6C",
        "discard 2C",
    )
    assert str(game.apply("1: claim 2C on 1").melds[0]) == "8S 8H 8D 8C 2C=8"
    error = refused(game, "1: claim 2C on 2")
    assert error.rule == "MELD-5"
    assert "'1: claim 2C=8S on 2'" in error.reason
    assert "'1: claim 2C=QS on 2'" in error.reason


# Nines are wild. Player 1 owns the run 5H 6H 7H, player 2 the set of 8s.
CLAIM_TABLE = "wild 9 | melds 1: 5H 6H 7H / 2: 8S 8H 8C"


def outcome(game: GameState, move: str) -> tuple[str, ...]:
    """The melds after the move, or the rule and reason of its refusal (as for 'lay')."""
    try:
        after = game.apply(move)
    except IllegalMoveError as error:
        return (error.rule, error.reason.replace("2: claim", "lay"))
    return tuple(f"{meld} {meld.played_by}" for meld in after.melds)


@pytest.mark.parametrize(
    "on",
    [
        "9C on 1",
        "9C=8 on 1",
        "9C=8H on 1",
        "9C=4H on 1",
        "9C=10H on 1",
        "9C=8S on 1",
        "9C on 2",
        "9C=8 on 2",
        "9C=8S on 2",
        "9C=8H on 2",
        "9C=8C on 2",
        "9C=7 on 2",
        "9C on 3",
    ],
)
def test_f14_r9_a_claim_is_a_lay_off_with_its_declarations_and_reasons(on: str) -> None:
    # Player 0 discarded the wild 9C; player 2, who is down, claims it. The
    # claim must read the 9C exactly as laying it off in one's own turn does.
    claim = THREE.position(
        f"{CLAIM_TABLE} | to_move 1 draw | hands 2C 3D / 4S 5S KD / 6D JC"
        " | pile 9C QS | claim 9C@0"
    )
    lay = THREE.position(
        f"{CLAIM_TABLE} | to_move 2 play | hands 2C 3D / 4S 5S KD / 6D JC 9C | pile QS"
    )
    assert outcome(claim, f"2: claim {on}") == outcome(lay, f"lay {on}")


def test_f14_12_a_claim_sent_by_a_seat_is_made_in_its_name() -> None:
    """A front end passes the seat: 'claim 7S on 1' from seat 1 is player 1's claim."""
    game = claim_position()
    claimed = game.apply("claim 7S on 1", player=1)
    assert claimed == game.apply("1: claim 7S on 1")
    error = refused_for(game, "claim 7S on 1", seat=2)
    assert error.rule == "F14-12"
    prefixed = refused_for(game, "1: claim 7S on 1", seat=2)
    assert prefixed.rule == "ALL-3"


def refused_for(game: GameState, move: str, *, seat: int) -> IllegalMoveError:
    """The error a move sent by a seat raises; the state is unchanged (ALL-3)."""
    with pytest.raises(IllegalMoveError) as caught:
        game.apply(move, player=seat)
    return caught.value
