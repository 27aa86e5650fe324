"""Version 2 of the saved format, read by converting its pieces to version 3's.

Version 2 wrote every list of cards as one string of card texts (``"5H 5C
6C"``, ``""`` for none), the hands as a list of such strings, a meld's cards
as one string (``"7S 5H=8S 9S"``) and every move as its text alone. Version
3 writes arrays of card texts and moves as objects; every other field is
the same in both. So a value of version 2 is read by the reader of version
3 with these four pieces read their old way (:data:`READING_V2`), and is
then the same value: nothing else to check. Version 1 is first converted to
version 2 (``rummyrules.formats.json_v1``), then read the same way.

>>> from rummyrules import Card
>>> [str(card) for card in READING_V2.structure("5H 10C", tuple[Card, ...])]
['5H', '10C']
"""

from __future__ import annotations

from typing import Final

import cattrs

from rummyrules.core.cards import Card, parse_cards
from rummyrules.core.errors import LoadError
from rummyrules.core.inputs import brief
from rummyrules.formats.json_converter import Reading
from rummyrules.game.moves import Move
from rummyrules.game.notation import parse_move
from rummyrules.melds import Meld, MeldKind, parse_declared

__all__ = ["READING_V2", "text_forms", "without_history"]


def _cards(value: object, _: object = None) -> tuple[Card, ...]:
    if not isinstance(value, str):
        raise LoadError(f"a list of cards is written as text, not {brief(value)}")
    return parse_cards(value)


def _hands(value: object, _: object) -> tuple[tuple[Card, ...], ...]:
    if not isinstance(value, list) or not all(isinstance(hand, str) for hand in value):
        raise LoadError(f"expected the hands as text in a list, not {brief(value)}")
    return tuple(parse_cards(hand) for hand in value)


def _meld(value: object, _: object) -> Meld:
    if not isinstance(value, dict) or set(value) != {"kind", "cards"}:
        raise LoadError(
            f"a meld is written as its kind and its cards, not {brief(value)}"
        )
    kind, cards = value["kind"], value["cards"]
    if not isinstance(kind, str) or not isinstance(cards, str):
        raise LoadError(f"a meld's kind and cards are text, not {brief(value)}")
    found, declared = parse_declared(cards)
    return Meld(kind=MeldKind(kind), cards=found, stands_for=declared)


def _move(value: object, _: object) -> Move:
    if not isinstance(value, str):
        raise LoadError(f"a move is written as text, not {brief(value)}")
    return parse_move(value)


def _is_move(kind: object) -> bool:
    return isinstance(kind, type) and issubclass(kind, Move)


def text_forms(converter: cattrs.Converter) -> None:
    """Make ``converter`` read lists of cards, hands, melds and moves as version 2 wrote them.

    >>> from rummyrules.formats.json_converter import Reading
    >>> Reading.of(text_forms).structure("meld 7S 8S 9S", Move).kind
    'meld'
    """
    cards, hands = tuple[Card, ...], tuple[tuple[Card, ...], ...]
    converter.register_structure_hook_func(lambda kind: kind == cards, _cards)
    converter.register_structure_hook_func(lambda kind: kind == hands, _hands)
    converter.register_structure_hook(Meld, _meld)
    converter.register_structure_hook_func(_is_move, _move)


def without_history(kind: str, data: object) -> object:
    """Version 2's state or view, with the history version 3 adds: none.

    Version 2 kept no events and no round results; a state or view read from
    it has none (as a state read from a position), and a match's games too.
    Either field written in version 2 is refused: it had neither.

    >>> without_history("view", {"hand_sizes": [7, 7]})
    {'hand_sizes': [7, 7], 'events': [], 'round_results': [], 'known': ['', '']}
    """
    if (
        kind == "match"
        and isinstance(data, dict)
        and isinstance(data.get("games"), list)
    ):
        return {**data, "games": [without_history("state", g) for g in data["games"]]}
    if kind not in {"state", "view"} or not isinstance(data, dict):
        return data
    if written := [name for name in _HISTORY if name in data]:
        raise LoadError(
            f"version 2 of the format has no {' or '.join(written)}: "
            "write the version this library writes (3)"
        )
    added: dict[str, list[str]] = {name: [] for name in _HISTORY}
    if kind == "view":  # nobody known to hold anything: no cards a player
        sizes = data.get("hand_sizes")
        added["known"] = ["" for _ in sizes] if isinstance(sizes, list) else []
    return {**data, **added}


_HISTORY: Final = ("events", "round_results", "known")
"""What version 3 keeps of how a game came to be, which version 2 did not:
a state's known cards are () in version 3 when nobody's are known."""


READING_V2: Final = Reading.of(text_forms)
"""How version 2 (and version 1, once converted to it) is read."""
