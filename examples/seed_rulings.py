"""Settle the meld questions of the three games' source texts, in all three games.

Run it from the repository::

    python examples/seed_rulings.py

For each question it prints one line per game: the cards checked, then the
verdict, with the reason and the rule ID when the cards are no meld. Going
Out Rummy has no wild rank, so there the question's wild cards are played as
WILDCARDs (``*``). Only the public API is used.
"""

from __future__ import annotations

from typing import NamedTuple

from rummyrules import (
    Card,
    EndOfThePage,
    FourteenHundred,
    GoingOutRummy,
    Rank,
    Rules,
    parse_cards,
)


class Question(NamedTuple):
    """One ruling to settle: the question, its cards and the round's wild rank."""

    text: str
    cards: str
    wild: str | None = None


QUESTIONS = (
    Question("With 5s wild, is this a run? (EOP-8)", "9S 5H 5D QS KS", "5"),
    Question("With 5s wild, is this a run? (EOP-8)", "7S 5H 9S", "5"),
    Question("With 5s wild, is this a run? (EOP-8)", "5D QS KS", "5"),
    Question(
        "With 3s wild, are three 3s a set? (EOP-8, F14-R8, GOR-6)", "3H 3D 3C", "3"
    ),
    Question("With 3s wild, W 4 4 W: is it a set? (EOP-8)", "3S 4H 4D 3C", "3"),
    Question(
        "With 3s wild, may a set hold five cards? (MELD-2)", "7S 7H 7D 7C 3H", "3"
    ),
    Question("With 9s wild, may the Ace play low? (EOP-7)", "AS 9H 3S", "9"),
    Question("May the Ace start a run? (F14-10, GOR-5)", "AH 2H 3H"),
    Question("May the Ace end a run? (EOP-7, F14-10, GOR-5)", "QD KD AD"),
    Question("May a run turn the corner? (MELD-3)", "KH AH 2H"),
    Question("May a set and a run be one meld? (MELD-2, MELD-3)", "5H 6H 7H 7S 7D"),
)

GAMES: tuple[Rules, ...] = (
    EndOfThePage(players=2),
    FourteenHundred(players=4),
    GoingOutRummy(players=2, wildcards=9),
)


def cards_for(game: Rules, question: Question) -> tuple[Card, ...]:
    """The question's cards as this game plays them.

    Going Out Rummy has no wild rank: a card of the question's wild rank is
    played there as a WILDCARD instead.
    """
    cards = parse_cards(question.cards)
    if question.wild is None or not isinstance(game, GoingOutRummy):
        return cards
    wild = Rank.parse(question.wild)
    joker = Card.parse("*")
    return tuple(joker if card.rank is wild else card for card in cards)


def verdict(game: Rules, question: Question) -> str:
    """One line: the game, the cards it checks, and its answer."""
    cards = cards_for(game, question)
    wild = None if isinstance(game, GoingOutRummy) else question.wild
    result = game.check_meld(cards, wild=wild)
    text = " ".join(str(card) for card in cards)
    return f"  {game.name:<16} {text:<18} {result}"


def main() -> int:
    """Print every question and the three games' verdicts."""
    for question in QUESTIONS:
        print(question.text)
        for game in GAMES:
            print(verdict(game, question))
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
