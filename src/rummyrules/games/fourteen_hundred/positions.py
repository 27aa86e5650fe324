"""The sections of a 1400 position that only 1400 has: the marker and the claim.

>>> from rummyrules import FourteenHundred
>>> rules = FourteenHundred(players=2, wild_card_dealt=False)
>>> game = rules.new_game(seed=3)
>>> [key for section in rules.sections for key, _ in section.write(game)][:5]
['seed', 'wild', 'marker', 'to_move', 'hands']
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from rummyrules.core.errors import PositionError
from rummyrules.formats.reader import Reader
from rummyrules.formats.sections import Section
from rummyrules.game.state import GameState
from rummyrules.games.fourteen_hundred.state import FourteenHundredState, options_of

__all__ = ["Claim", "Marker"]


@attrs.frozen
class Marker(Section):
    """``marker C``: the wild-rank card lying on the table when it is not dealt (F14-R3).

    >>> from rummyrules import FourteenHundred
    >>> game = FourteenHundred(players=2, wild_card_dealt=False).new_game(seed=3)
    >>> list(Marker().write(game))
    [('marker', '8C')]
    """

    keys: tuple[str, ...] = ("marker",)

    def write(self, state: GameState) -> Iterator[tuple[str, str]]:
        """The parts of the line this section writes for the state."""
        if isinstance(state, FourteenHundredState) and state.marker is not None:
            yield "marker", str(state.marker)

    def read(self, reader: Reader) -> None:
        """Read this section from the position into the reader's fields."""
        text = reader.get("marker")
        dealt = options_of(reader.rules).wild_card_dealt
        if text is None:
            if not dealt:
                raise PositionError(
                    "marker: with wild_card_dealt=false the wild-rank card lies on "
                    "the table; name it, as in 'marker 7H' (F14-R3)"
                )
            reader.fields["marker"] = None
            return
        if dealt:
            raise PositionError(
                "marker: the wild-rank card is dealt to a player under these rules, "
                "so there is no marker (F14-R3)"
            )
        card = reader.card("marker", text)
        wild = reader.fields["wild"]
        if card.rank is not wild:
            raise PositionError(
                f"marker: {card} is not of the wild rank {wild} (F14-R3)"
            )
        reader.place([card])
        reader.fields["marker"] = card


@attrs.frozen
class Claim(Section):
    """``claim C@N``: the last discard while it may be claimed, and who discarded it (F14-12).

    >>> from rummyrules import FourteenHundred
    >>> list(Claim().write(FourteenHundred(players=2).new_game(seed=3)))
    []
    """

    keys: tuple[str, ...] = ("claim",)

    def write(self, state: GameState) -> Iterator[tuple[str, str]]:
        """The parts of the line this section writes for the state."""
        if isinstance(state, FourteenHundredState) and state.claim is not None:
            yield "claim", f"{state.claim}@{state.discarder}"

    def read(self, reader: Reader) -> None:
        """Read this section from the position into the reader's fields."""
        text = reader.get("claim")
        if text is None:
            reader.fields.update(claim=None, discarder=None)
            return
        card_text, at, player_text = reader.closed(text).partition("@")
        if not at:
            raise PositionError(
                "claim: name the card and who discarded it, as in 'claim 7H@2' (F14-12)"
            )
        reader.fields.update(
            claim=reader.card("claim", card_text.strip()),
            discarder=reader.player("claim", player_text.strip()),
        )
