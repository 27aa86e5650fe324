"""Settle the questions players ask about the three games, by asking the library.

Run it from the repository, with no arguments::

    python examples/settle_a_ruling.py

Each question comes from a game's rule text (End of the Page's "common
questions" and worked example above all) or from a point the rule book
settles as a ruling. The script answers each one in code: it checks the
meld, or sets up the position and tries the move, and prints the verdict,
the rule ID it rests on and the library's own sentence. A "no" is the
library's refusal, with the rule it cites; a "yes" names the rule that
allows it. Only the public API is used.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from rummyrules import (
    EndOfThePage,
    FourteenHundred,
    GameState,
    GoingOutRummy,
    IllegalMoveError,
    MeldKind,
    Rules,
)


class Verdict(NamedTuple):
    """An answer: yes or no, the rule it rests on, and why."""

    yes: bool
    rule: str
    why: str


class Question(NamedTuple):
    """A question in our own words, and the code that answers it."""

    game: str
    text: str
    answer: Callable[[], Verdict]


EOP = EndOfThePage(players=2)
F14 = FourteenHundred(players=2)
GOR = GoingOutRummy(players=2, wildcards=9)
KINDS = {MeldKind.SET: "set", MeldKind.RUN: "run", MeldKind.WILD: "all-wild meld"}


def meld(rules: Rules, cards: str, rule: str, wild: str | None = None) -> Verdict:
    """Is it a meld? If not, the library's reason; if so, how it reads."""
    result = rules.check_meld(cards, wild=wild)
    if not result:
        return Verdict(yes=False, rule=result.rule or rule, why=result.reason)
    readings = " or ".join(f"{KINDS[found.kind]} {found}" for found in result.melds)
    return Verdict(yes=True, rule=rule, why=f"it is the {readings}")


def move(game: GameState, text: str, rule: str) -> Verdict:
    """May this move be played here? If not, the library's reason."""
    try:
        after = game.apply(text)
    except IllegalMoveError as error:
        return Verdict(yes=False, rule=error.rule, why=error.reason)
    won = "".join(f", and player {player} wins" for player in after.winners)
    return Verdict(yes=True, rule=rule, why=f"'{text}' is accepted{won}")


def play(game: GameState, moves: str) -> GameState:
    """The game after the moves, separated by commas."""
    for text in moves.split(","):
        game = game.apply(text.strip())
    return game


# --- End of the Page -------------------------------------------------------


def last_card_must_play() -> Verdict:
    """Player 0 holds only 4C, and a set of 4s is on the table (3s wild)."""
    game = EOP.position(
        "wild 3 | to_move 0 play | hands 4C / 9D JD KC"
        " | melds 0: 4H 4D 3H=4 | pile 6C | had_turn 0 1"
    )
    return move(game, "discard 4C", "EOP-12")


def everyone_gets_a_turn() -> Verdict:
    """Player 0 goes out on the first turn of the round; player 1 deals."""
    deck = EOP.stacked_deck("5H 6H 7H 8H 9H  3S 5C 6C  QD  KH")
    game = play(
        EOP.new_game(deck=deck, dealer=1), "draw, meld 5H 6H 7H 8H 9H, discard KH"
    )
    return Verdict(
        yes=game.to_move == 1 and not game.score_sheet,
        rule="EOP-14",
        why=f"player 0 is out; player {game.to_move} is to move, nothing scored yet",
    )


def worked_example_score() -> Verdict:
    """The rule text's example round, replayed move by move (3s wild)."""
    deck = EOP.stacked_deck("4H 4D 3H 9S  3S KC 4C  QD  7D 3D 6C AC 10H")
    game = play(
        EOP.new_game(deck=deck, dealer=1),
        "draw, meld 4H 4D 3H, discard 9S,"  # mom: a set of 4s with a wild
        " draw, discard KC,"  # the dealer keeps both wilds
        " draw, discard 6C,"
        " take, meld 4C 3S=5C 6C, lay 3D=4 on 1,"  # W 4 4 W; the dealer floats
        " draw, discard AC,"
        " draw, discard 10H",  # the dealer goes out
    )
    mom, dealer = game.score_sheet[0]
    return Verdict(
        yes=(dealer, mom) == (210, 105),
        rule="EOP-16",
        why=f"replayed, the round scores {dealer} for the dealer and {mom} for mom",
    )


def discard_the_card_taken(rules: EndOfThePage) -> Verdict:
    """Player 0 takes the QD from the discard pile and throws it straight back."""
    game = rules.position(
        "wild 3 | to_move 0 draw | hands 4C 9D / 9S JD KC | pile QD | had_turn 1"
    )
    return move(game.apply("take"), "discard QD", "EOP-R3")


# --- 1400 ------------------------------------------------------------------


def ace_deals_fifteen() -> Verdict:
    """Three players, player 0 deals: player 1 turns up a 5, player 2 an Ace.

    Player 2 is not the dealer's left, so is not dealt the wild card too (F14-R3).
    """
    rules = FourteenHundred(players=3)
    game = rules.new_game(deck=rules.stacked_deck("5S 4S 6S 7S 8S  AS"), dealer=0)
    held = len(game.hand(2))
    return Verdict(
        yes=held == 15,
        rule="F14-R2",
        why=f"player 2 turned up the AS and holds {held} cards, the Ace among them",
    )


def claim_when_not_down() -> Verdict:
    """Player 1 discarded 8H, which fits player 0's 8s; player 2 has no meld."""
    game = FourteenHundred(players=3).position(
        "wild 2 | to_move 2 draw | claim 8H@1"
        " | hands 5C 9D / 4S 6H KD / 3C 7D JS | melds 0: 8S 8D 8C | pile 8H QS"
    )
    return move(game, "2: claim 8H on 1", "F14-12")


# --- Going Out Rummy -------------------------------------------------------


def three_sevens_and_a_nine() -> GameState:
    """Three cards each; player 1 holds 7S 7H 7D and has just drawn the 9D."""
    small = GoingOutRummy(hand_size=3)
    deck = small.stacked_deck("7S 8H 7H 9C 7D KD  9D")
    return small.new_game(deck=deck, dealer=0).apply("draw")


QUESTIONS = (
    Question(
        EOP.name,
        "5s are wild. With 7 9 Q K of spades and two 5s, may I lay 9 5 5 Q K?",
        lambda: meld(EOP, "9S 5H 5D QS KS", "EOP-8", wild="5"),
    ),
    Question(
        EOP.name,
        "Then may I lay 7 5 9 as a run?",
        lambda: meld(EOP, "7S 5H 9S", "EOP-8", wild="5"),
    ),
    Question(
        EOP.name,
        "And 5 Q K as another?",
        lambda: meld(EOP, "5D QS KS", "EOP-8", wild="5"),
    ),
    Question(
        EOP.name,
        "3s are wild and I hold three of them. Are they a set?",
        lambda: meld(EOP, "3H 3D 3C", "EOP-8", wild="3"),
    ),
    Question(
        EOP.name,
        "May my Ace play low, with a wild (9s wild) standing in for the 2?",
        lambda: meld(EOP, "AS 9H 3S", "EOP-7", wild="9"),
    ),
    Question(
        EOP.name,
        "I laid a wild as a 7 and found all four natural 7s. May the set hold five?",
        lambda: meld(EOP, "7S 7H 7D 7C 3H", "MELD-2", wild="3"),
    ),
    Question(
        EOP.name,
        "3s wild: may a second wild join a set of 4 4 and a wild, as W 4 4 W?",
        lambda: meld(EOP, "3S 4H 4D 3C", "EOP-8", wild="3"),
    ),
    Question(
        EOP.name,
        "My last card plays on the table. May I discard it and go out anyway?",
        last_card_must_play,
    ),
    Question(
        EOP.name,
        "If I go out on my very first turn, do the others still get their turn?",
        everyone_gets_a_turn,
    ),
    Question(
        EOP.name,
        "In the rule text's example round, is it 210 for the dealer, 105 for mom?",
        worked_example_score,
    ),
    Question(
        EOP.name,
        "May I discard the card I just took from the pile? (a ruling)",
        lambda: discard_the_card_taken(EOP),
    ),
    Question(
        EOP.name,
        "And at a table that plays discard_taken_card=False?",
        lambda: discard_the_card_taken(EndOfThePage(discard_taken_card=False)),
    ),
    Question(
        F14.name,
        "May an Ace play low, in A 2 3?",
        lambda: meld(F14, "AH 2H 3H", "F14-10"),
    ),
    Question(
        F14.name,
        "5s wild: may two wilds sit side by side, as in 9 5 5 Q K?",
        lambda: meld(F14, "9S 5H 5D QS KS", "F14-11", wild="5"),
    ),
    Question(
        F14.name,
        "3s wild: are three 3s a meld on their own? (a ruling)",
        lambda: meld(F14, "3H 3D 3C", "F14-R8", wild="3"),
    ),
    Question(
        F14.name,
        "An Ace turned up in the deal: does it give 15 cards in all? (a ruling)",
        ace_deals_fifteen,
    ),
    Question(
        F14.name,
        "May I claim a discard out of turn before I have laid a meld?",
        claim_when_not_down,
    ),
    Question(
        GOR.name,
        "Is a group of nothing but WILDCARDs a meld?",
        lambda: meld(GOR, "* * *", "GOR-6"),
    ),
    Question(
        GOR.name,
        "May the Ace start a sequence, as in A 2 3?",
        lambda: meld(GOR, "AH 2H 3H", "GOR-5"),
    ),
    Question(
        GOR.name,
        "May a sequence turn the corner, as in K A 2?",
        lambda: meld(GOR, "KH AH 2H", "GOR-5"),
    ),
    Question(
        GOR.name,
        "May 5 6 7 of hearts and two more 7s make one meld?",
        lambda: meld(GOR, "5H 6H 7H 7S 7D", "MELD-2"),
    ),
    Question(
        GOR.name,
        "After drawing, may I go out with one card left over?",
        lambda: move(three_sevens_and_a_nine(), "out 7S 7H 7D discard 9D", "GOR-7"),
    ),
    Question(
        GOR.name,
        "May I play on instead of going out when I could? (a ruling)",
        lambda: move(three_sevens_and_a_nine(), "discard 9D", "GOR-R1"),
    ),
)


def main() -> int:
    """Ask every question and print the library's verdict."""
    game = None
    for question in QUESTIONS:
        if question.game != game:
            if game is not None:
                print()
            game = question.game
            print(game)
        verdict = question.answer()
        print(f"  Q: {question.text}")
        print(f"     {'Yes' if verdict.yes else 'No'} ({verdict.rule}): {verdict.why}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
