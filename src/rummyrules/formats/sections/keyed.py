"""The sections that hold one value each, under one key: numbers, players, cards.

Each is named by its key, which is also the field of the state it reads
and writes (``Count("turns")`` holds ``state.turns``), and a game declares
those it has. A :class:`Settled` section is never read into the state: the
rest of the position settles it, and it is checked when given.

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=3, dealer=1)
>>> [
...     part
...     for section in (Seed(), Dealer(), Count("turns"))
...     for part in section.write(game)
... ]
[('seed', '3'), ('dealer', '1')]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final, Literal

import attrs

from rummyrules.core.cards import Card
from rummyrules.core.errors import PositionError
from rummyrules.core.inputs import brief
from rummyrules.formats.reader import Reader
from rummyrules.formats.sections.base import Section, cards_text
from rummyrules.game.state import GameState

__all__ = [
    "ROUND",
    "SCORES",
    "Cards",
    "Count",
    "Dealer",
    "Flags",
    "Player",
    "Seed",
    "Settled",
    "Who",
    "Wild",
]


@attrs.frozen
class Seed(Section):
    """``seed N``: the seed of every shuffle; 0 when left out.

    >>> from rummyrules import EndOfThePage
    >>> list(Seed().write(EndOfThePage().new_game(seed=7)))
    [('seed', '7')]
    """

    keys: tuple[str, ...] = ("seed",)

    def write(self, state: GameState) -> Iterator[tuple[str, str]]:
        """The parts of the line this section writes for the state."""
        if state.seed:
            yield "seed", str(state.seed)

    def read(self, reader: Reader) -> None:
        """Read this section from the position into the reader's fields."""
        reader.fields["seed"] = reader.number("seed", signed=True)


@attrs.frozen
class Dealer(Section):
    """``dealer N``: who deals; 0 when left out.

    >>> from rummyrules import EndOfThePage
    >>> list(Dealer().write(EndOfThePage().new_game(seed=7, dealer=1)))
    [('dealer', '1')]
    """

    keys: tuple[str, ...] = ("dealer",)

    def write(self, state: GameState) -> Iterator[tuple[str, str]]:
        """The parts of the line this section writes for the state."""
        if state.dealer:
            yield "dealer", str(state.dealer)

    def read(self, reader: Reader) -> None:
        """Read this section from the position into the reader's fields."""
        reader.fields["dealer"] = reader.optional_player("dealer") or 0


@attrs.frozen
class Wild(Section):
    """``wild R``: the round's wild rank, which every round of the game has.

    >>> from rummyrules import EndOfThePage
    >>> list(Wild().write(EndOfThePage().new_game(seed=7)))
    [('wild', '5')]
    """

    keys: tuple[str, ...] = ("wild",)

    def write(self, state: GameState) -> Iterator[tuple[str, str]]:
        """The parts of the line this section writes for the state."""
        if state.wild is not None:
            yield "wild", str(state.wild)

    def read(self, reader: Reader) -> None:
        """Read this section from the position into the reader's fields."""
        reader.fields["wild"] = reader.wild()


@attrs.frozen
class Count(Section):
    """``key N``: a whole number of 0 or more, 0 when left out (``turns``, ``passes``).

    >>> from rummyrules import EndOfThePage
    >>> list(Count("turns").write(EndOfThePage().new_game(seed=7)))
    []
    """

    key: str

    keys: tuple[str, ...] = attrs.field(init=False)

    @keys.default
    def _one_key(self) -> tuple[str, ...]:
        return (self.key,)

    def write(self, state: GameState) -> Iterator[tuple[str, str]]:
        """The key and the value, unless the value is the default."""
        value = getattr(state, self.key)
        if value:
            yield self.key, str(value)

    def read(self, reader: Reader) -> None:
        """Read this section from the position into the reader's fields."""
        reader.fields[self.key] = reader.number(self.key)


@attrs.frozen
class Player(Section):
    """``key N``: a player, or nobody when left out (``out``, ``winner``).

    >>> from rummyrules import EndOfThePage
    >>> list(Player("out").write(EndOfThePage().new_game(seed=7)))
    []
    """

    key: str

    keys: tuple[str, ...] = attrs.field(init=False)

    @keys.default
    def _one_key(self) -> tuple[str, ...]:
        return (self.key,)

    def write(self, state: GameState) -> Iterator[tuple[str, str]]:
        """The key and the value, unless the value is the default."""
        value = getattr(state, self.key)
        if value is not None:
            yield self.key, str(value)

    def read(self, reader: Reader) -> None:
        """Read this section from the position into the reader's fields."""
        reader.fields[self.key] = reader.optional_player(self.key)


@attrs.frozen
class Flags(Section):
    """``key N …``: the players for whom something holds (``had_turn``).

    >>> from rummyrules import EndOfThePage
    >>> list(Flags("had_turn").write(EndOfThePage().new_game(seed=7).apply("draw")))
    [('had_turn', '1')]
    """

    key: str

    keys: tuple[str, ...] = attrs.field(init=False)

    @keys.default
    def _one_key(self) -> tuple[str, ...]:
        return (self.key,)

    def write(self, state: GameState) -> Iterator[tuple[str, str]]:
        """The key and the value, unless the value is the default."""
        flags: Sequence[bool] = getattr(state, self.key)
        if any(flags):
            yield self.key, " ".join(str(p) for p, flag in enumerate(flags) if flag)

    def read(self, reader: Reader) -> None:
        """Read this section from the position into the reader's fields."""
        reader.fields[self.key] = reader.flags(self.key)


@attrs.frozen
class Who(Section):
    """``key N …``: players in an order (``dropped``).

    >>> from rummyrules import GoingOutRummy
    >>> list(
    ...     Who("dropped").write(
    ...         GoingOutRummy(players=3).new_game(seed=7).apply("2: drop")
    ...     )
    ... )
    [('dropped', '2')]
    """

    key: str

    keys: tuple[str, ...] = attrs.field(init=False)

    @keys.default
    def _one_key(self) -> tuple[str, ...]:
        return (self.key,)

    def write(self, state: GameState) -> Iterator[tuple[str, str]]:
        """The key and the value, unless the value is the default."""
        who: Sequence[int] = getattr(state, self.key)
        if who:
            yield self.key, " ".join(map(str, who))

    def read(self, reader: Reader) -> None:
        """Read this section from the position into the reader's fields."""
        reader.fields[self.key] = tuple(reader.who(self.key))


@attrs.frozen
class Cards(Section):
    """``key C …``: cards set aside somewhere (``dropped_cards``); none when left out.

    >>> from rummyrules import GoingOutRummy
    >>> game = GoingOutRummy(players=3).new_game(seed=7).apply("2: drop")
    >>> list(Cards("dropped_cards").write(game))
    [('dropped_cards', '4H 6H 7C 9C 10D 10C QH')]
    """

    key: str

    keys: tuple[str, ...] = attrs.field(init=False)

    @keys.default
    def _one_key(self) -> tuple[str, ...]:
        return (self.key,)

    def write(self, state: GameState) -> Iterator[tuple[str, str]]:
        """The key and the value, unless the value is the default."""
        cards: Sequence[Card] = getattr(state, self.key)
        if cards:
            yield self.key, cards_text(cards)

    def read(self, reader: Reader) -> None:
        """Read this section from the position into the reader's fields."""
        cards = reader.cards(self.key, reader.get(self.key) or "-")
        reader.place(cards)
        reader.fields[self.key] = cards


@attrs.frozen
class Settled(Section):
    """``key …``: a property of the state that the rest of the position settles.

    It is read from the state by its key and never read into it; when the
    position gives it, it must agree with what the state built makes it,
    which ``by`` names for the message. ``parse`` says how it is written: a
    whole number (``count``), one for each player (``numbers``), the players
    for whom it holds (``flags``) or a player (``player``). It is written
    only when ``written`` (Going Out Rummy's ``out``, settled by its winner).

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=7)
    >>> list(Settled("round", "the score sheet").write(game))
    []
    >>> list(Settled("round", "the score sheet", written=True).write(game))
    [('round', '1')]
    """

    key: str
    by: str
    parse: Literal["count", "numbers", "flags", "player"] = "count"
    written: bool = False

    keys: tuple[str, ...] = attrs.field(init=False)

    @keys.default
    def _one_key(self) -> tuple[str, ...]:
        return (self.key,)

    def write(self, state: GameState) -> Iterator[tuple[str, str]]:
        """The key and the value, if the section is written and has one."""
        if not self.written:
            return
        value = getattr(state, self.key)
        if value is not None:
            yield self.key, str(value)

    def read(self, reader: Reader) -> None:
        """Read this section from the position into the reader's fields."""
        del reader  # checked once the state is built

    def check(self, reader: Reader, state: GameState) -> None:
        """Refuse the section where the state built settles it otherwise."""
        text = reader.get(self.key)
        if text is None:
            return
        given: object
        if self.parse == "numbers":
            given = reader.numbers(self.key)
        elif self.parse == "flags":
            given = reader.flags(self.key)
        elif self.parse == "player":
            given = reader.optional_player(self.key)
        else:
            given = reader.number(self.key)
        if given != getattr(state, self.key):
            raise PositionError(
                f"{self.key}: {brief(text)} does not agree with {self.by}"
            )


SCORES: Final = Settled("scores", "the totals of the score sheet", "numbers")
"""``scores``: settled by the score sheet."""
ROUND: Final = Settled(
    "round", "the score sheet, which makes it the round after the last one scored"
)
"""``round``: settled by the score sheet."""
