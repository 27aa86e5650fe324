"""The sections of play: who is to move, the turn, the hands, the melds, the piles, the sheet.

Each reads a part of the position with more to it than one value: the
player and the phase, the turn's words, a card and its holder, groups of
cards separated by ``/``, the stock filled in with the rest of the deck.

>>> from rummyrules import EndOfThePage
>>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
>>> [part for section in (ToMove(), Melds()) for part in section.write(game)]
[('to_move', '1 play'), ('melds', '1: KH KD KC')]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import attrs

from rummyrules.core.cards import Card
from rummyrules.core.errors import PositionError
from rummyrules.core.hands import sorted_hand
from rummyrules.core.inputs import brief
from rummyrules.formats.reader import Reader
from rummyrules.formats.sections.base import Section, cards_text, dash
from rummyrules.game.state import GameState, PlayableRules
from rummyrules.game.table import TableMeld

__all__ = [
    "FaceUp",
    "Hands",
    "Melds",
    "Pile",
    "Sheet",
    "Stock",
    "ToMove",
    "TurnWords",
]


@attrs.frozen
class FaceUp(Section):
    """``face_up C``: the wild-rank card its holder still shows (EOP-3, F14-4).

    The holder is the player the deal gives it to, whom the game's ``seat``
    names (its state class's ``dealt_face_up_seat``); ``C@N`` may name them.

    >>> from rummyrules import EndOfThePage, EndOfThePageState
    >>> section = FaceUp(EndOfThePageState.dealt_face_up_seat)
    >>> list(section.write(EndOfThePage().new_game(seed=7)))
    [('face_up', '5H')]
    """

    seat: Callable[[PlayableRules[Any], int], int | None]
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
        seat = self.seat(reader.rules, reader.fields["dealer"])
        if at and reader.player("face_up", player_text.strip()) != seat:
            raise PositionError(
                f"face_up: the face-up card is in the hand of the player the deal "
                f"gave it to, player {dash(seat)} (EOP-3, F14-4)"
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
            yield "to_move", f"{dash(state.to_move)} {state.phase.value}"

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
class Hands(Section):
    """``hands C … / C … / …``: every player's hand, ``-`` for an empty one.

    ``known C … / …`` says which cards of each hand everyone knows are
    there, taken face up from the discard pile; left out when none are.

    >>> from rummyrules import GoingOutRummy
    >>> list(Hands().write(GoingOutRummy(hand_size=2).new_game(seed=7)))
    [('hands', 'AD 6H / AS JC')]
    >>> game = GoingOutRummy(hand_size=2).position(
    ...     "to_move 1 draw | hands 7S 8S / 9H 9D | pile KC"
    ... )
    >>> list(Hands().write(game.apply("take")))
    [('hands', '7S 8S / 9H 9D KC'), ('known', '- / KC')]
    """

    keys: tuple[str, ...] = ("hands", "known")

    def write(self, state: GameState) -> Iterator[tuple[str, str]]:
        """The parts of the line this section writes for the state."""
        yield "hands", " / ".join(cards_text(hand) for hand in state.hands)
        if state.known:
            yield "known", " / ".join(cards_text(cards) for cards in state.known)

    def read(self, reader: Reader) -> None:
        """Read this section from the position into the reader's fields."""
        hands = reader.hands()
        for hand in hands:
            reader.place(hand)
        reader.fields["hands"] = hands
        groups = reader.groups("known")
        if groups:
            if len(groups) != reader.players:
                raise PositionError(
                    f"known: {len(groups)} groups of cards for {reader.players} players"
                )
            known = tuple(
                sorted_hand(reader.cards("known", group or "-")) for group in groups
            )
            reader.fields["known"] = known if any(known) else ()


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
        melds = tuple(
            reader.meld(number, group, wild)
            for number, group in enumerate(reader.groups("melds"), start=1)
        )
        for meld in melds:
            reader.place(meld.cards)
        reader.fields["melds"] = melds


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
