"""Observation arrays: what one player may see, as a flat array of one shape per game.

An observation is made from the player's :class:`~rummyrules.View` alone
(and the move the player is building, which is theirs), so it cannot show a
card the player may not see. Seats are counted from the player: seat 0 is
the player, seat 1 the next to the left, and so on. The layout is a list of
named sections (:meth:`Observations.sections`); the docs' tables are made
from it.

Besides what every view has, each game's view has fields of its own (the
wild rank, the score sheet, Gin Rummy's hands shown after a knock); they are
read by name and type (:data:`~rummyrules.rl.fields.OWN_FIELDS`), so a game whose view has a field
the observation does not know is refused when its observations are set up,
rather than silently left out. A field the view works out from the others
(:data:`~rummyrules.game.view.WORKED_OUT`: Gin Rummy's deadwood) is left
out: the fields it comes from are there.

>>> from rummyrules.rl import Observations
>>> from rummyrules import GinRummy
>>> observations = Observations(GinRummy())
>>> game = GinRummy().new_game(seed=1)
>>> array = observations.of(game.view(0))
>>> array.shape == (observations.size,), float(array[: observations.size].sum()) > 0
(True, True)
"""

from __future__ import annotations

import enum
import typing
from collections.abc import Sequence
from typing import Any, Final

import attrs
import numpy as np

from rummyrules.core.cards import Card, Rank
from rummyrules.game.playable_rules import PlayableRules
from rummyrules.game.state import GameState
from rummyrules.game.view import WORKED_OUT, StockSize, View
from rummyrules.melds import MeldKind
from rummyrules.rl.actions import (
    BUILDING_WORDS,
    CARD_SLOTS,
    Actions,
    Word,
    card_of_slot,
    card_slot,
)
from rummyrules.rl.fields import (
    BY_TYPE,
    OWN_FIELDS,
    Section,
    Vector,
    Writer,
    write_hands,
)

__all__ = ["Observations"]


_BASE_READ: Final = frozenset(
    {"hand", "hand_sizes", "dealer", "melds", "discard_pile", "stock_size",
     "stock_count", "phase", "to_move", "known"}
)  # fmt: skip
"""The fields every view has that the observation shows."""
_BASE_LEFT_OUT: Final = frozenset(
    {"rules", "player", "winners", "legal_moves", "events", "round_results"}
)
"""The fields every view has that it leaves out: the same in every state of a
game (rules, player), shown by the mask (legal moves), known once the game is
over (winners), or history (events, round results)."""

_MELD_FEATURES: Final = 1 + 3 + len(Rank) + 4 + 2
"""Per meld slot besides the owner seats: present, kind, ranks, suit, size, wilds."""


class Observations:
    """The observation of one game: its layout, and the array of a view.

    >>> from rummyrules.rl import Observations
    >>> from rummyrules import EndOfThePage
    >>> observations = Observations(EndOfThePage())
    >>> [section.name for section in observations.sections()][:4]
    ['hand', 'building.word', 'building.cards', 'building.last']
    """

    def __init__(self, rules: PlayableRules[Any]) -> None:
        self.rules: Final = rules
        self.players: Final = rules.players
        self.actions: Final = Actions(rules)
        self.deck_size: Final = len(rules.deck())
        game: GameState = rules.new_game(seed=0)
        view_type = type(game.view(0))
        self._phases: Final[list[enum.StrEnum]] = list(game.phases)
        self._sections: list[Section] = []
        self._own: list[tuple[tuple[str, ...], int, Writer]] = []
        n = self.players
        self._add(
            "hand", CARD_SLOTS, "how many copies of each card slot the player holds"
        )
        self._add(
            "building.word",
            len(BUILDING_WORDS),
            "the move being built: meld, lay, claim, out (one-hot; none: all 0)",
        )
        self._add(
            "building.cards", CARD_SLOTS, "the cards picked into the move being built"
        )
        self._add(
            "building.last",
            CARD_SLOTS,
            "the card picked last (one-hot), which a declaration would be for",
        )
        self._add("building.declared", 1, "1 if the card picked last is declared")
        self._add("building.melds", 1, "melds closed so far in a going out")
        self._add(
            "pile.cards",
            CARD_SLOTS,
            "the discard pile as far as it may be seen: copies of each card slot",
        )
        self._add("pile.top", CARD_SLOTS, "the top card of the discard pile (one-hot)")
        self._add(
            "pile.size",
            1,
            "cards of the discard pile that may be seen, over the deck's size",
        )
        self._add(
            "stock.band",
            len(StockSize),
            "the stock's size by eye: empty, few, some, many (one-hot)",
        )
        self._add(
            "stock.count",
            1,
            "the stock's exact size over the deck's, where it may be counted (else 0)",
        )
        self._add("hand_sizes", n, "each seat's hand size, over 10")
        self._add(
            "to_move", n, "the seat to move (one-hot; none once the game is over)"
        )
        self._add(
            "phase",
            len(self._phases),
            "the phase: " + ", ".join(p.value for p in self._phases),
        )
        self._add(
            "table.cards",
            n * CARD_SLOTS,
            "per seat, copies of each card slot in the melds that seat owns",
        )
        self._add("table.melds", self.actions.meld_slots * (n + _MELD_FEATURES),
                  f"per meld slot (meld k + 1), {n + _MELD_FEATURES} numbers: present, owner seat "
                  "(one-hot), kind (set, run, wild), each rank it holds or stands for, suit, "
                  "cards over 13, wild cards over 13")  # fmt: skip
        self._add(
            "known",
            n * CARD_SLOTS,
            "per seat, copies of each card slot it is known to hold (taken face up from the pile, not played since)",
        )
        self._add("dealer", n, "the dealer's seat (one-hot)")
        unread = {f.name for f in attrs.fields(View)} - _BASE_READ - _BASE_LEFT_OUT
        if unread:  # a field every view gained: the observation must decide on it
            message = (
                f"the observation does not read the view's {', '.join(sorted(unread))}"
            )
            raise TypeError(message)
        self._add_own(view_type, (), n)
        self.size: Final = sum(section.size for section in self._sections)
        """The length of every observation of this game."""
        self._offsets: Final = {
            section.name: section.start for section in self._sections
        }
        at = self._offsets
        self._pile: Final = at["pile.cards"]
        self._top: Final = at["pile.top"]
        self._pile_size: Final = at["pile.size"]
        self._bands: Final = {
            band: at["stock.band"] + index for index, band in enumerate(StockSize)
        }
        self._stock_count: Final = at["stock.count"]
        self._hand_sizes: Final = at["hand_sizes"]
        self._to_move: Final = at["to_move"]
        self._known: Final = at["known"]
        self._dealer: Final = at["dealer"]
        self._phase_at: Final[dict[enum.StrEnum, int]] = {
            phase: at["phase"] + index for index, phase in enumerate(self._phases)
        }

    def _add(self, name: str, size: int, meaning: str) -> None:
        start = sum(section.size for section in self._sections)
        self._sections.append(Section(name, start, size, meaning))

    def _add_own(self, cls: type, path: tuple[str, ...], n: int) -> None:
        base = {field.name for field in attrs.fields(View)} if not path else set()
        hints = typing.get_type_hints(cls)
        for field in attrs.fields(cls):
            # What a view works out from its other fields (Gin Rummy's
            # deadwood, from the hand) adds nothing they do not show.
            if field.name in base or field.metadata.get(WORKED_OUT):
                continue
            where = (*path, field.name)
            kind = hints[field.name]
            found = OWN_FIELDS.get(field.name) or BY_TYPE.get(kind)
            if found is None and isinstance(kind, type) and attrs.has(kind):
                self._add_own(kind, where, n)
                continue
            if found is None:
                message = (
                    f"the observation cannot read the field {field.name!r} "
                    f"({kind}) of {cls.__name__}"
                )
                raise TypeError(message)
            unit, writer, meaning = found
            sizes = {"1": 1, "ranks": len(Rank), "cards": CARD_SLOTS, "seats": n}
            size = n * CARD_SLOTS if unit == "seat cards" else sizes[unit]
            self._own.append((where, sum(s.size for s in self._sections), writer))
            self._add(".".join(("view", *where)), size, meaning)

    def sections(self) -> list[Section]:
        """The layout: each section's name, place and meaning, in order.

        >>> from rummyrules.rl import Observations
        >>> from rummyrules import GoingOutRummy
        >>> print(Observations(GoingOutRummy()).sections()[-1])
        1798–1799  view.dropped: 1 for each seat that dropped out
        """
        return list(self._sections)

    def of(self, view: View, building: Sequence[int] = ()) -> Vector:
        """The observation of a view, with the actions taken so far towards a move.

        >>> from rummyrules.rl import Observations
        >>> from rummyrules import GoingOutRummy
        >>> observations = Observations(GoingOutRummy())
        >>> view = GoingOutRummy().new_game(seed=3).view(1)
        >>> int(observations.of(view)[:53].sum()) == len(view.hand)
        True
        """
        out = np.zeros(self.size, dtype=np.float32)
        player, n = view.player, self.players
        # Item by item: a hand or a pile is a few dozen cards, fewer than it
        # takes numpy to pay for a call on an array (measured).
        low = _LOWEST_CODE
        for card in view.hand:
            out[card - low] += 1.0
        if building:
            self._write_building(out, building)
        pile = view.discard_pile
        if pile:
            start = self._pile
            for card in pile:
                out[start + card - low] += 1.0
            out[self._top + pile[0] - low] = 1.0
            out[self._pile_size] = len(pile) / self.deck_size
        out[self._bands[view.stock_size]] = 1.0
        if view.stock_count is not None:
            out[self._stock_count] = view.stock_count / self.deck_size
        sizes = self._hand_sizes
        for seat, size in enumerate(view.hand_sizes):
            out[sizes + (seat - player) % n] = size / 10
        if view.to_move is not None:
            out[self._to_move + (view.to_move - player) % n] = 1.0
        out[self._phase_at[view.phase]] = 1.0
        if view.melds:
            self._write_table(out, view)
        write_hands(out, self._known, view.known, player, n)
        out[self._dealer + (view.dealer - player) % n] = 1.0
        for where, start, writer in self._own:
            value: object = view
            for name in where:
                value = getattr(value, name)
            writer(out, start, value, player, n)
        return out

    def _write_building(self, out: Vector, building: Sequence[int]) -> None:
        if not building:
            return
        at, actions = self._offsets, self.actions
        out[at["building.word"] + BUILDING_WORDS.index(Word(building[0]))] = 1.0
        last: int | None = None
        declared = False
        for action in building[1:]:
            if actions.pick <= action < actions.declare_rank:
                last, declared = action - actions.pick, False
                out[at["building.cards"] + last] += 1.0
            elif actions.declare_rank <= action < actions.onto:
                declared = True
            else:  # the end of a meld in a going out
                out[at["building.melds"]] += 1.0
                last, declared = None, False
        if last is not None:
            out[at["building.last"] + last] = 1.0
            out[at["building.declared"]] = float(declared)

    def _write_table(self, out: Vector, view: View) -> None:
        at, n, player = self._offsets, self.players, view.player
        cards, melds = at["table.cards"], at["table.melds"]
        width = n + _MELD_FEATURES
        kinds = (MeldKind.SET, MeldKind.RUN, MeldKind.WILD)
        for index, table_meld in enumerate(view.melds):
            seat = (table_meld.owner - player) % n
            base = melds + index * width
            out[base] = 1.0
            out[base + 1 + seat] = 1.0
            meld = table_meld.meld
            out[base + 1 + n + kinds.index(meld.kind)] = 1.0
            ranks = base + 1 + n + 3
            wilds = 0
            suit = None
            for card, meaning in zip(meld.cards, meld.stands_for, strict=True):
                out[cards + seat * CARD_SLOTS + card_slot(card)] += 1.0
                shown = card if meaning is None else meaning
                if meaning is not None:
                    wilds += 1
                rank = shown if isinstance(shown, Rank) else shown.rank
                if rank is not None:
                    out[ranks + rank - 1] = 1.0
                if isinstance(shown, Card) and shown.suit is not None:
                    suit = shown.suit
            if suit is not None:
                out[ranks + len(Rank) + _SUITS.index(suit)] = 1.0
            out[ranks + len(Rank) + 4] = len(meld.cards) / 13
            out[ranks + len(Rank) + 5] = wilds / 13


_LOWEST_CODE: Final = int(card_of_slot(0))  # the code of slot 0, the Ace of spades


_SUITS: Final = tuple(
    card.suit for card in map(Card.parse, ("AS", "AH", "AD", "AC")) if card.suit
)
