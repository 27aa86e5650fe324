"""The terminal's words for people: a seat as a person counts it, a wild where it stands in its meld.

Seats are numbered from 1 wherever a person reads them ("player 2"), while
the notation a player types and the library count from 0 ("1: claim 7H on
3"). A wild card in a meld is shown as the card it stands for, then the wild
itself, starred (``[5H ← 5C★]``), the form the browser table shows with suit
signs; a natural card, or a wild written as itself, keeps its plain name.

>>> seat_name(1, human=0), seat_name(0, human=0), seat_name(0)
('player 2', 'you', 'player 1')
>>> in_meld_words("meld 4H 5C=5H 6H")
'meld 4H [5H ← 5C★] 6H'
"""

from __future__ import annotations

from typing import Final

__all__ = ["card_in_meld", "in_meld_words", "seat_name", "seat_names_for"]

WILD_MARK: Final = "★"
"""The star after a wild card standing for another."""


def seat_name(seat: int, *, human: int | None = None) -> str:
    """A seat as a person reads it: "you" for the person playing, else "player N" counted from 1.

    >>> seat_name(0), seat_name(2, human=2)
    ('player 1', 'you')
    """
    return "you" if seat == human else f"player {seat + 1}"


def seat_names_for(players: int, *, human: int | None = None) -> list[str]:
    """Every seat's name, in seat order.

    >>> seat_names_for(3, human=1)
    ['player 1', 'you', 'player 3']
    """
    return [seat_name(seat, human=human) for seat in range(players)]


def card_in_meld(text: str) -> str:
    """A written card as it stands in its meld: "5C=5H" is ``[5H ← 5C★]``, "KC=5" is ``[5 ← KC★]``.

    >>> card_in_meld("5C=5H"), card_in_meld("KC=5"), card_in_meld("7S")
    ('[5H ← 5C★]', '[5 ← KC★]', '7S')
    >>> card_in_meld("JD=JD"), card_in_meld("*=9H")
    ('JD', '[9H ← *]')
    """
    card, _, meaning = text.partition("=")
    if not meaning or meaning.upper() == card.upper():
        return card
    star = "" if card == "*" else WILD_MARK
    return f"[{meaning} ← {card}{star}]"


def in_meld_words(text: str) -> str:
    """A move or a meld in notation with each declared wild shown where it stands.

    >>> in_meld_words("lay 7C=8H on 2"), in_meld_words("10S 10C 8D=10")
    ('lay [8H ← 7C★] on 2', '10S 10C [10 ← 8D★]')
    """
    return " ".join(card_in_meld(word) for word in text.split(" "))
