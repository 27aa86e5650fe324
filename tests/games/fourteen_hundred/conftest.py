"""The stacked deals and positions 1400's scenarios start from, shared by the files here."""

from rummyrules import FourteenHundred, FourteenHundredState
from rummyrules.game.table import TableMeld
from scenarios import play, texts

TWO = FourteenHundred(players=2)
THREE = FourteenHundred(players=3)


def new(rules: FourteenHundred, deck: str, *, dealer: int = 1) -> FourteenHundredState:
    return rules.new_game(deck=rules.stacked_deck(deck), dealer=dealer)


def credits(meld: TableMeld) -> list[tuple[str, int]]:
    """Each card of a meld on the table, with who played it (MELD-6)."""
    return list(zip(texts(meld.cards), meld.played_by, strict=True))


# BASE, two players, the dealer is player 1:
#   player 0 shows a 3: 3H 5H 6H, and is dealt the wild-rank card KS face up
#   player 1 shows a 4: 4C KH KD KC (Kings are wild: three wild cards)
#   the upcard is 7H; the stock starts 8H 2D 9C
BASE = "3H 5H 6H  4C KH KD KC  KS  7H  8H 2D 9C"

# PILE, two players, the dealer is player 1:
#   player 0 shows a 6: 6C JS KS AS 10D 10S, and is dealt 9D (9s are wild)
#   player 1 shows a 4: 4D 7C 7D QS
#   the upcard is 7H; the stock starts 7S 3H 10C
PILE = "6C JS KS AS 10D 10S  4D 7C 7D QS  9D  7H  7S 3H 10C"

# NOBODY: two players, the dealer is player 1; 9s are wild, and the upcard KH
# fits nobody: player 0 holds 2C 5S 9D (110), player 1 3D 8C JS (20).
NOBODY = "2C 5S  3D 8C JS  9D  KH"
# TIE: the same, but player 1 holds 3D 9C 8C (110 too).
TIE = "2C 5S  3D 9C 8C  9D  KH"

# CLAIM, three players, the dealer is player 2; Queens are wild:
#   player 0 shows a 4: 4C 7C 7D KH, and is dealt QD
#   player 1 shows a 5: 5D 2S 3S 4S JH
#   player 2 shows a 3: 3D 7S 9H
#   the upcard is 7H; the stock starts AC 10H 5S
CLAIM = "4C 7C 7D KH  5D 2S 3S 4S JH  3D 7S 9H  QD  7H  AC 10H 5S"


def base(rules: FourteenHundred = TWO) -> FourteenHundredState:
    return new(rules, BASE)


def base_after_opening(rules: FourteenHundred = TWO) -> FourteenHundredState:
    """Player 0 melds the upcard and discards 3H, keeping the wild KS."""
    return play(base(rules), "take", "meld 5H 6H 7H", "discard 3H")


def pile_after_opening(rules: FourteenHundred = TWO) -> FourteenHundredState:
    """Player 0 passes; player 1 melds 7C 7D 7H and discards QS."""
    return play(new(rules, PILE), "pass", "take", "meld 7C 7D 7H", "discard QS")


def pile_position() -> FourteenHundredState:
    """Player 0 to draw, with 4D 6C QS in the discard pile (top first)."""
    game = play(pile_after_opening(), "draw", "discard 6C", "draw", "discard 4D")
    assert texts(game.discard_pile) == ["4D", "6C", "QS"]
    assert texts(game.hand(0)) == ["AS", "7S", "9D", "10S", "10D", "JS", "KS"]
    return game


def claim_position() -> FourteenHundredState:
    """Player 2 has just discarded 7S, which fits player 0's set of 7s."""
    game = new(THREE, CLAIM, dealer=2)
    game = play(game, "take", "meld 7C 7D 7H", "discard KH")  # player 0
    game = play(game, "draw", "meld 2S 3S 4S", "discard JH")  # player 1
    assert game.legal_moves(player=0) == ()  # JH fits no meld: nothing to claim
    game = play(game, "draw", "discard 7S")  # player 2
    assert game.to_move == 0
    return game


def last_plays(rules: FourteenHundred = TWO) -> FourteenHundredState:
    """Player 0 goes out on the opening by melding every card, with no discard."""
    return play(base(rules), "take", "meld 3H KS=4H 5H 6H 7H")
