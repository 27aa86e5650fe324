"""How a view's fields are written into an observation array, by name and type.

A field of a game's own view is read by its type (:data:`BY_TYPE`: a number,
a flag, a rank, a card, cards, a player, a score sheet, a hand per player),
or by its name where the type alone does not say (:data:`OWN_FIELDS`). Seats
are counted from the player, as everywhere in the observation.

>>> import numpy as np
>>> from rummyrules import parse_cards
>>> out = np.zeros(2 * CARD_SLOTS, dtype=np.float32)
>>> write_hands(out, 0, (parse_cards("AS"), parse_cards("AS 2S")), 1, 2)
>>> int(out.sum()), str(Section("hand", 0, 52, "copies of each card slot"))
(3, '0–51  hand: copies of each card slot')
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Final

import attrs
import numpy as np
import numpy.typing as npt

from rummyrules.core.cards import Card, Rank
from rummyrules.rl.actions import CARD_SLOTS, card_slot

__all__ = ["BY_TYPE", "OWN_FIELDS", "Section", "Vector", "Writer", "write_hands"]

Vector = npt.NDArray[np.float32]


@attrs.frozen
class Section:
    """A named part of the observation: where it starts, how long it is, what it holds.

    >>> from rummyrules.rl import Observations
    >>> from rummyrules import GinRummy
    >>> print(Observations(GinRummy()).sections()[0])
    0–52  hand: how many copies of each card slot the player holds
    """

    name: str
    start: int
    size: int
    meaning: str

    def __str__(self) -> str:
        last = self.start + self.size - 1
        span = str(self.start) if self.size == 1 else f"{self.start}–{last}"
        return f"{span}  {self.name}: {self.meaning}"


def _squash(value: int) -> float:
    """A whole number of any size (a score) as a small one: sign(x) · log(1 + abs(x))."""
    return math.copysign(math.log1p(abs(value)), value)


Writer = Callable[[Vector, int, Any, int, int], None]
"""Writes one field: (array, start, value, player, players)."""


def _write_scalar(out: Vector, start: int, value: Any, _p: int, _n: int) -> None:
    out[start] = _squash(int(value))


def _write_rank(out: Vector, start: int, value: Any, _p: int, _n: int) -> None:
    if isinstance(value, Rank):
        out[start + value - 1] = 1.0


def _write_card(out: Vector, start: int, value: Any, _p: int, _n: int) -> None:
    if isinstance(value, Card):
        out[start + card_slot(value)] = 1.0


def _write_cards(out: Vector, start: int, value: Any, _p: int, _n: int) -> None:
    for card in value:
        out[start + card_slot(card)] += 1.0


def _write_seat(out: Vector, start: int, value: Any, player: int, n: int) -> None:
    if isinstance(value, int):
        out[start + (value - player) % n] = 1.0


def _write_seats(out: Vector, start: int, value: Any, player: int, n: int) -> None:
    for seat in value:
        out[start + (seat - player) % n] = 1.0


def _write_per_seat(out: Vector, start: int, value: Any, player: int, n: int) -> None:
    for seat, number in enumerate(value):
        out[start + (seat - player) % n] = _squash(number)


def _write_sheet(out: Vector, start: int, value: Any, player: int, n: int) -> None:
    for row in value:
        for seat, number in enumerate(row):
            out[start + (seat - player) % n] += number
    for seat in range(n):
        out[start + seat] = _squash(int(out[start + seat]))


def write_hands(out: Vector, start: int, value: Any, player: int, n: int) -> None:
    """Write a hand per player: per seat from the player, copies of each card slot."""
    for seat, hand in enumerate(value):
        base = start + ((seat - player) % n) * CARD_SLOTS
        for card in hand:
            out[base + card_slot(card)] += 1.0


# How each field of a game's own view is written, by its type (as the
# annotation reads): a size (in seats or card slots, 1 for a number), a
# writer and the meaning the docs show.
BY_TYPE: Final[dict[object, tuple[str, Writer, str]]] = {
    int: ("1", _write_scalar, "a number, as sign(x) · log(1 + abs(x))"),
    bool: ("1", _write_scalar, "1 if so, else 0"),
    Rank | None: ("ranks", _write_rank, "one-hot over the ranks, Ace first (none: all 0)"),
    Card | None: ("cards", _write_card, "one-hot over the card slots (none: all 0)"),
    tuple[Card, ...]: ("cards", _write_cards, "copies of each card slot"),
    int | None: ("seats", _write_seat, "a player, one-hot by seat from the player (none: all 0)"),
    tuple[tuple[int, ...], ...]: ("seats", _write_sheet, "each seat's total, as sign(x) · log(1 + abs(x))"),
    tuple[tuple[Card, ...], ...]: ("seat cards", write_hands, "per seat, copies of each card slot"),
}  # fmt: skip

OWN_FIELDS: Final[dict[str, tuple[str, Writer, str]]] = {
    "scores": (
        "seats",
        _write_per_seat,
        "each seat's total, as sign(x) · log(1 + abs(x))",
    ),
    "dropped": ("seats", _write_seats, "1 for each seat that dropped out"),
}
"""Fields of a game's own view whose type alone does not say how to read them.

Every other field is read by its type: a number, a flag, a rank, a card,
cards, a player (``int | None`` names a player in every game's view), a
score sheet, a hand per player; a record of the turn (``turn``) by its own
fields, each so.
"""
