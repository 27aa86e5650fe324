"""The sections of a Gin Rummy position that only Gin Rummy has: the knock card and the taken upcard.

>>> from rummyrules import GinRummy
>>> rules = GinRummy()
>>> game = rules.new_game(seed=3).apply("take")
>>> [key for section in rules.sections for key, _ in section.write(game)]
['seed', 'to_move', 'taken', 'hands', 'stock']
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
    """``knock_card N``: the knock card, written only where it is not the option's (GIN-10).

    >>> from rummyrules import GinRummy
    >>> rules = GinRummy(hand_size=1, oklahoma=True)
    >>> game = rules.new_game(deck=rules.stacked_deck("2S 3S AS"))
    >>> list(KnockCard().write(game))
    [('knock_card', '0')]
    """

    keys: tuple[str, ...] = ("knock_card",)

    def write(self, state: GameState) -> Iterator[tuple[str, str]]:
        """The parts of the line this section writes for the state."""
        if (
            isinstance(state, GinRummyState)
            and state.knock_card != options_of(state.rules).knock_card
        ):
            yield "knock_card", str(state.knock_card)

    def read(self, reader: Reader) -> None:
        """Read this section from the position into the reader's fields."""
        text = reader.get("knock_card")
        default = options_of(reader.rules).knock_card
        reader.fields["knock_card"] = (
            default if text is None else reader.number("knock_card")
        )


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
        card = reader.card("taken", text)
        hands = reader.fields.get("hands")
        player = reader.fields.get("to_move")
        if hands is not None and player is not None and card not in hands[player]:
            raise PositionError(
                f"taken: {card} is not in the hand of player {player}, who took it"
            )
        reader.fields["taken"] = card
