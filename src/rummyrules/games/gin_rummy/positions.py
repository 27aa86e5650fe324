"""The sections of a Gin Rummy position that only Gin Rummy has: the knock card and the taken upcard.

>>> from rummyrules import GinRummy
>>> rules = GinRummy()
>>> game = rules.new_game(seed=3).apply("take")
>>> [key for section in rules.sections for key, _ in section.write(game)]
['seed', 'to_move', 'taken', 'hands', 'known', 'stock']
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from rummyrules.core.errors import PositionError
from rummyrules.formats.reader import Reader
from rummyrules.formats.sections import Section
from rummyrules.game.state import GameState
from rummyrules.games.gin_rummy.state import GinRummyState, options_of

__all__ = ["KnockCard", "Taken"]


@attrs.frozen
class KnockCard(Section):
    """``knock_card N``: the knock card, written under ``oklahoma`` and wherever it is not the option's (GIN-10).

    Under ``oklahoma`` the first upcard set it, and that card may be
    anywhere by now, so a position names it: one without it is refused,
    never given a guess.

    >>> from rummyrules import GinRummy
    >>> rules = GinRummy(hand_size=1, oklahoma=True)
    >>> game = rules.new_game(deck=rules.stacked_deck("2S 3S AS"))
    >>> list(KnockCard().write(game))
    [('knock_card', '0')]
    >>> rules.position("to_move 0 upcard | hands 2S / 3S | pile AS")
    Traceback (most recent call last):
    ...
    rummyrules.PositionError: knock_card: under oklahoma the first upcard sets the knock card, so give it, as in 'knock_card 7' (GIN-10)
    """

    keys: tuple[str, ...] = ("knock_card",)

    def write(self, state: GameState) -> Iterator[tuple[str, str]]:
        """The parts of the line this section writes for the state."""
        if not isinstance(state, GinRummyState):
            return
        rules = options_of(state.rules)
        if rules.oklahoma or state.knock_card != rules.knock_card:
            yield "knock_card", str(state.knock_card)

    def read(self, reader: Reader) -> None:
        """Read this section from the position into the reader's fields."""
        rules = options_of(reader.rules)
        if reader.get("knock_card") is not None:
            reader.fields["knock_card"] = reader.number("knock_card")
        elif rules.oklahoma:
            raise PositionError(
                "knock_card: under oklahoma the first upcard sets the knock card, "
                "so give it, as in 'knock_card 7' (GIN-10)"
            )
        else:
            reader.fields["knock_card"] = rules.knock_card


@attrs.frozen
class Taken(Section):
    """``taken C``: the upcard the player to move took this turn, now in their hand (GIN-9).

    >>> from rummyrules import GinRummy
    >>> list(Taken().write(GinRummy().new_game(seed=3).apply("take")))
    [('taken', 'QH')]
    """

    keys: tuple[str, ...] = ("taken",)

    def write(self, state: GameState) -> Iterator[tuple[str, str]]:
        """The parts of the line this section writes for the state."""
        if isinstance(state, GinRummyState) and state.taken is not None:
            yield "taken", str(state.taken)

    def read(self, reader: Reader) -> None:
        """Read this section from the position into the reader's fields."""
        text = reader.get("taken")
        if text is None:
            reader.fields["taken"] = None
            return
        # Whether the player to move holds it is checked with the whole state
        # (checks.py), which also sees a game loaded from JSON.
        reader.fields["taken"] = reader.card("taken", text)
