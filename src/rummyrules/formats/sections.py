"""The sections a position is made of, each a small reader and writer.

A game declares its position as a tuple of sections, in the order they are
written (``EndOfThePage.sections``); this module holds the kinds of section
every game may use. A section writes zero or more ``key value`` parts of the
line from a state, and reads them back into the fields of the game's state
class, through a :class:`~rummyrules.formats.positions.Reader` that knows the
rules, the deck and what was read before.

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=3, dealer=1)
>>> list(Count("turns").write(game.replace(turns=2)))
[('turns', '2')]
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Final

import attrs

from rummyrules.core.cards import Card
from rummyrules.core.errors import PositionError
from rummyrules.core.inputs import brief
from rummyrules.formats.reader import Reader
from rummyrules.game.rummy500 import Rummy500State
from rummyrules.game.state import GameState
from rummyrules.game.table import TableMeld

__all__ = [
    "MELDED",
    "ROUND",
    "SCORES",
    "Cards",
    "Count",
    "Dealer",
    "FaceUp",
    "Flags",
    "Hands",
    "Melds",
    "Pile",
    "Player",
    "Section",
    "Seed",
    "Settled",
    "Sheet",
    "Stock",
    "ToMove",
    "TurnWords",
    "Who",
    "Wild",
    "cards_text",
]


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as a position writes them: by their text, ``-`` for none.

    >>> from rummyrules import parse_cards
    >>> cards_text(parse_cards("7S 8S")), cards_text(())
    ('7S 8S', '-')
    """
    return " ".join(map(str, cards)) or "-"


def _dash(value: object) -> str:
    return "-" if value is None else str(value)


class Section(abc.ABC):
    """One kind of section of a position: the keys it owns, how it writes and reads."""

    keys: tuple[str, ...]

    @abc.abstractmethod
    def write(self, state: GameState) -> Iterator[tuple[str, str]]:
        """The ``key value`` parts of the line for this state (none at their default)."""

    @abc.abstractmethod
    def read(self, reader: Reader) -> None:
        """Read this section's parts (or their default) into ``reader.fields``."""

    def check(self, reader: Reader, state: GameState) -> None:
        """Refuse a part the rest of the position settles otherwise (most have none)."""
        del reader, state


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
class FaceUp(Section):
    """``face_up C``: the wild-rank card its holder still shows (EOP-3, F14-4).

    The holder is the player the deal gives it to; ``C@N`` may name them.

    >>> from rummyrules import EndOfThePage
    >>> list(FaceUp().write(EndOfThePage().new_game(seed=7)))
    [('face_up', '5H')]
    """

    keys: tuple[str, ...] = ("face_up",)

    def write(self, state: GameState) -> Iterator[tuple[str, str]]:
        """The parts of the line this section writes for the state."""
        card = getattr(state, "face_up", None)
        if card is not None:
            yield "face_up", str(card)

    def read(self, reader: Reader) -> None:
        """Read this section from the position into the reader's fields."""
        text = reader.get("face_up")
        if text is None:
            reader.fields["face_up"] = None
            return
        card_text, at, player_text = reader.closed(text).partition("@")
        cls = reader.state_class
        if not issubclass(
            cls, Rummy500State
        ):  # pragma: no cover - such games declare it
            raise TypeError(cls)
        seat = cls.dealt_face_up_seat(reader.rules, reader.fields["dealer"])
        if at and reader.player("face_up", player_text.strip()) != seat:
            raise PositionError(
                f"face_up: the face-up card is in the hand of the player the deal "
                f"gave it to, player {_dash(seat)} (EOP-3, F14-4)"
            )
        card = reader.card("face_up", card_text.strip())
        wild = reader.fields["wild"]
        if card.rank is not wild:
            raise PositionError(
                f"face_up: {card} is not of the wild rank {wild}; the face-up card "
                "is the one that set it (EOP-3, F14-4)"
            )
        reader.fields["face_up"] = card


@attrs.frozen
class ToMove(Section):
    """``to_move N phase``, or ``over``: who moves next and in which phase.

    >>> from rummyrules import EndOfThePage
    >>> list(ToMove().write(EndOfThePage().new_game(seed=7)))
    [('to_move', '1 draw')]
    """

    keys: tuple[str, ...] = ("over", "to_move")

    def write(self, state: GameState) -> Iterator[tuple[str, str]]:
        """The parts of the line this section writes for the state."""
        if state.is_over:
            yield "over", ""
        else:
            yield "to_move", f"{_dash(state.to_move)} {state.phase.value}"

    def read(self, reader: Reader) -> None:
        """Read this section from the position into the reader's fields."""
        phases = reader.state_class.phases
        over = phases("over")
        text = reader.get("to_move")
        if reader.get("over") is not None:
            if text is not None:
                raise PositionError("over: a game over has nobody to move")
            if reader.get("over"):
                raise PositionError("over: the section takes nothing after it")
            reader.fields.update(phase=over, to_move=None)
            return
        if text is None:
            raise PositionError(
                "to_move: say who is to move and in which phase, as in "
                "'to_move 1 draw', or that the game is 'over'"
            )
        words = text.split()
        names = " or ".join(phase.value for phase in phases if phase != over)
        if len(words) != 2:
            raise PositionError(
                f"to_move: give the player and the phase ({names}), as in 'to_move 1 draw'"
            )
        player = reader.player("to_move", words[0])
        phase = next(
            (p for p in phases if p != over and p.value == words[1].lower()), None
        )
        if phase is None:
            raise PositionError(
                f"to_move: {brief(words[1])} is not a phase of {reader.rules.name}; "
                f"it has {names}"
            )
        reader.fields.update(phase=phase, to_move=player)


@attrs.frozen
class TurnWords(Section):
    """``turn …``: what has happened so far in the turn, field by field of the game's turn.

    A card field is its name and the card (``taken 7H``), a list of cards its
    name and the cards (``support 9D 10H``), a flag its name alone.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=7).apply("take")
    >>> list(TurnWords(type(game.turn)).write(game))
    [('turn', 'taken 5C')]
    """

    turn_class: type[Any]
    keys: tuple[str, ...] = ("turn",)

    def write(self, state: GameState) -> Iterator[tuple[str, str]]:
        """The parts of the line this section writes for the state."""
        turn = getattr(state, "turn")  # noqa: B009 - every game with turn words has it
        words: list[str] = []
        for field in attrs.fields(self.turn_class):
            value = getattr(turn, field.name)
            if isinstance(value, Card):
                words += [field.name, str(value)]
            elif isinstance(value, tuple) and value:
                words += [field.name, *map(str, value)]
            elif value is True:
                words.append(field.name)
        if words:
            yield "turn", " ".join(words)

    def read(self, reader: Reader) -> None:
        """Read this section from the position into the reader's fields."""
        text = reader.get("turn")
        fields = {field.name: field for field in attrs.fields(self.turn_class)}
        found: dict[str, list[str]] = {}
        current: list[str] | None = None
        for word in (text or "").split():
            key = word.lower()
            if key in fields:
                if key in found:
                    raise PositionError(f"turn: {key} is given twice")
                current = found[key] = []
            elif current is None:
                known = ", ".join(fields)
                raise PositionError(f"turn: {brief(word)} is not one of {known}")
            else:
                current.append(word)
        values: dict[str, object] = {}
        for key, words in found.items():
            default = fields[key].default
            if isinstance(default, bool):
                if words:
                    raise PositionError(f"turn: {key} takes nothing after it")
                values[key] = True
            elif isinstance(default, tuple):
                values[key] = tuple(reader.card("turn", word) for word in words)
            else:
                if len(words) != 1:
                    raise PositionError(f"turn: {key} names one card, as in '{key} 7H'")
                values[key] = reader.card("turn", words[0])
        reader.fields["turn"] = self.turn_class(**values)


@attrs.frozen
class Count(Section):
    """``key N``: a whole number of 0 or more, 0 when left out (``turns``, ``passes``).

    >>> from rummyrules import EndOfThePage
    >>> list(Count("turns").write(EndOfThePage().new_game(seed=7)))
    []
    """

    key: str
    field: str = ""

    keys: tuple[str, ...] = attrs.field(init=False)

    @keys.default
    def _one_key(self) -> tuple[str, ...]:
        return (self.key,)

    def write(self, state: GameState) -> Iterator[tuple[str, str]]:
        """The key of the section."""
        value = getattr(state, self.field or self.key)
        if value:
            yield self.key, str(value)

    def read(self, reader: Reader) -> None:
        """Read this section from the position into the reader's fields."""
        reader.fields[self.field or self.key] = reader.number(self.key)


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
        """The key of the section."""
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
        """The key of the section."""
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
        """The key of the section."""
        who: Sequence[int] = getattr(state, self.key)
        if who:
            yield self.key, " ".join(map(str, who))

    def read(self, reader: Reader) -> None:
        """Read this section from the position into the reader's fields."""
        reader.fields[self.key] = tuple(reader.who(self.key))


@attrs.frozen
class Cards(Section):
    """``key C …``: cards set aside somewhere (``out_of_play``); none when left out.

    >>> from rummyrules import GoingOutRummy
    >>> list(
    ...     Cards("out_of_play", "dropped_cards").write(
    ...         GoingOutRummy().new_game(seed=7)
    ...     )
    ... )
    []
    """

    key: str
    field: str = ""

    keys: tuple[str, ...] = attrs.field(init=False)

    @keys.default
    def _one_key(self) -> tuple[str, ...]:
        return (self.key,)

    def write(self, state: GameState) -> Iterator[tuple[str, str]]:
        """The key of the section."""
        cards: Sequence[Card] = getattr(state, self.field or self.key)
        if cards:
            yield self.key, cards_text(cards)

    def read(self, reader: Reader) -> None:
        """Read this section from the position into the reader's fields."""
        cards = reader.cards(self.key, reader.get(self.key) or "-")
        reader.place(cards)
        reader.fields[self.field or self.key] = cards


@attrs.frozen
class Hands(Section):
    """``hands C … / C … / …``: every player's hand, ``-`` for an empty one.

    >>> from rummyrules import GoingOutRummy
    >>> list(Hands().write(GoingOutRummy(hand_size=2).new_game(seed=7)))
    [('hands', 'AD 6H / AS JC')]
    """

    keys: tuple[str, ...] = ("hands",)

    def write(self, state: GameState) -> Iterator[tuple[str, str]]:
        """The parts of the line this section writes for the state."""
        yield "hands", " / ".join(cards_text(hand) for hand in state.hands)

    def read(self, reader: Reader) -> None:
        """Read this section from the position into the reader's fields."""
        hands = reader.hands()
        for hand in hands:
            reader.place(hand)
        reader.fields["hands"] = hands


@attrs.frozen
class Melds(Section):
    """``melds N: C C=D C@P / …``: the melds on the table, each with its owner.

    A wild's declaration follows ``=``; a card laid off by another player
    than the owner is marked ``@`` that player.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
    >>> list(Melds().write(game))
    [('melds', '1: KH KD KC')]
    """

    keys: tuple[str, ...] = ("melds",)

    def write(self, state: GameState) -> Iterator[tuple[str, str]]:
        """The parts of the line this section writes for the state."""
        if state.melds:
            yield "melds", " / ".join(_meld_text(meld) for meld in state.melds)

    def read(self, reader: Reader) -> None:
        """Read this section from the position into the reader's fields."""
        wild = reader.fields.get("wild")
        table = tuple(
            reader.meld(number, group, wild)
            for number, group in enumerate(reader.groups("melds"), start=1)
        )
        for meld in table:
            reader.place(meld.cards)
        reader.fields["melds"] = table


def _meld_text(laid: TableMeld) -> str:
    words = []
    for card, meaning, player in zip(
        laid.meld.cards, laid.meld.stands_for, laid.played_by, strict=True
    ):
        word = str(card) if meaning is None else f"{card}={meaning}"
        words.append(word if player == laid.owner else f"{word}@{player}")
    return f"{laid.owner}: {' '.join(words)}"


@attrs.frozen
class Pile(Section):
    """``pile C …``: the discard pile, top card first; empty when left out.

    >>> from rummyrules import EndOfThePage
    >>> list(Pile().write(EndOfThePage().new_game(seed=7)))
    [('pile', '5C')]
    """

    keys: tuple[str, ...] = ("pile",)

    def write(self, state: GameState) -> Iterator[tuple[str, str]]:
        """The parts of the line this section writes for the state."""
        if state.discard_pile:
            yield "pile", cards_text(state.discard_pile)

    def read(self, reader: Reader) -> None:
        """Read this section from the position into the reader's fields."""
        pile = reader.cards("pile", reader.get("pile") or "-")
        reader.place(pile)
        reader.fields["discard_pile"] = pile


@attrs.frozen
class Sheet(Section):
    """``sheet N N / N N / …``: the score sheet, a row a finished round.

    >>> from rummyrules import EndOfThePage
    >>> list(Sheet().write(EndOfThePage().new_game(seed=7)))
    []
    """

    keys: tuple[str, ...] = ("sheet",)

    def write(self, state: GameState) -> Iterator[tuple[str, str]]:
        """The parts of the line this section writes for the state."""
        sheet = state.score_sheet
        if sheet:
            yield "sheet", " / ".join(" ".join(map(str, row)) for row in sheet)

    def read(self, reader: Reader) -> None:
        """Read this section from the position into the reader's fields."""
        reader.fields["score_sheet"] = reader.sheet()


@attrs.frozen
class Settled(Section):
    """A section the rest of the position settles: never written, and checked when given.

    ``scores`` (the totals of the sheet), ``round`` (the round after the last
    one scored), ``melded`` (the owners of melds); with ``written``, also
    written from the state (Going Out Rummy's ``out``, settled by its winner).

    >>> from rummyrules import EndOfThePage
    >>> list(
    ...     Settled("round", lambda state: state.round, "the score sheet").write(
    ...         EndOfThePage().new_game(seed=7)
    ...     )
    ... )
    []
    """

    key: str
    settled: Callable[[GameState], object]
    by: str
    parse: str = "count"
    written: bool = False

    keys: tuple[str, ...] = attrs.field(init=False)

    @keys.default
    def _one_key(self) -> tuple[str, ...]:
        return (self.key,)

    def write(self, state: GameState) -> Iterator[tuple[str, str]]:
        """The key of the section."""
        value = self.settled(state)
        if self.written and value is not None:
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
        if given != self.settled(state):
            raise PositionError(
                f"{self.key}: {brief(text)} does not agree with {self.by}"
            )


@attrs.frozen
class Stock(Section):
    """``stock C … +``: the stock, top card first; ``+`` (or nothing) stands for the rest of the deck.

    The rest is in the deck's own order, as ``rules.stacked_deck`` leaves it;
    only the top of the stock that differs from that is written.

    >>> from rummyrules import GoingOutRummy
    >>> rules = GoingOutRummy(hand_size=2)
    >>> game = rules.new_game(deck=rules.stacked_deck("KS QH 7S 8S JD"))
    >>> list(Stock().write(game))
    [('stock', 'JD +')]
    """

    keys: tuple[str, ...] = ("stock",)

    def write(self, state: GameState) -> Iterator[tuple[str, str]]:
        """The parts of the line this section writes for the state."""
        text = _stock_text(state)
        if text is not None:
            yield "stock", text

    def read(self, reader: Reader) -> None:
        """Read this section from the position into the reader's fields."""
        reader.fields["stock"] = reader.stock()


def _stock_text(state: GameState) -> str | None:
    """The stock as written: None when it is all the rest of the deck in order.

    Only the top of the stock is written, down to where the rest lies in the
    deck's own order, which ``+`` stands for. Those cards are the last copies
    of each card in the deck, so going up from the bottom, each card must
    stand before the one below it.
    """
    stock = state.stock
    if not stock:
        return "-"
    deck = state.rules.deck()
    places: dict[Card, list[int]] = {}
    for place, card in enumerate(deck):
        places.setdefault(card, []).append(place)
    named, below = len(stock), len(deck)
    for card in reversed(stock):
        spots = places.get(card)
        if not spots or spots[-1] >= below:
            break
        below = spots.pop()
        named -= 1
    if named == 0:
        return None
    shown = cards_text(stock[:named])
    return shown if named == len(stock) else f"{shown} +"


SCORES: Final = Settled(
    "scores", lambda state: state.scores, "the totals of the score sheet", "numbers"
)
"""``scores``: settled by the score sheet."""
ROUND: Final = Settled(
    "round",
    lambda state: state.round,
    "the score sheet, which makes it the round after the last one scored",
)
"""``round``: settled by the score sheet."""
MELDED: Final = Settled(
    "melded",
    lambda state: getattr(state, "melded", None),
    "the melds, whose owners are the players who have melded (EOP-9)",
    "flags",
)
"""``melded``: settled by the owners of the melds on the table."""
