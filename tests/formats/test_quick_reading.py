"""The quick reading of a save agrees with the detailed one (issue 40: saves read faster).

``loads`` reads a save with a quick converter first and, on any failure,
with the detailed one, which words the error (``json_converter.Reading``).
The quick one has its own hooks for the melds on the table
(``formats/json_quick.py``), and rules read once are shared: whatever the
quick reading accepts, it must read to the value the detailed one reads,
and it must refuse whatever the detailed one refuses.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given

from rummyrules import EndOfThePage, FourteenHundred, GameState, LoadError, dumps, loads
from rummyrules.formats.json_converter import READING
from strategies import tampered_saves

Data = dict[str, Any]

MELD_EDITS: list[tuple[str, Any]] = [
    ("kind", "RUN"),
    ("kind", "sequence"),
    ("kind", 1),
    ("cards", "7S 8S 9S"),
    ("cards", [7, 8, 9]),
    ("cards", []),
    ("card", "lower"),  # the first card in lower case: read as a player writes it
    ("card", " 7S"),
    ("card", "7S 8S"),
    ("card", None),
    ("card", "10H=10S" * 3),
    ("extra", "meld"),
    ("extra", "table"),
    ("owner", True),
    ("owner", "1"),
    ("owner", 1.0),
    ("owner", 10**40),
    ("owner", -1),
    ("played_by", [True, True, True]),
    ("played_by", "000"),
    ("played_by", None),
    ("meld", ["7S", "8S", "9S"]),
    ("meld", None),
]


def read(data: Data, converter: Any) -> GameState | None:
    """The state the data holds, read by ``converter`` unchecked; None if refused."""
    try:
        # GameState is abstract; the converter picks the game's own class.
        state: GameState = converter.structure(data, GameState)
    except Exception:  # noqa: BLE001 - each converter raises its own kinds; only refusal counts
        return None
    return state


def same(one: GameState, other: GameState) -> None:
    assert one == other
    assert one.events == other.events
    assert one.round_results == other.round_results
    assert [laid.meld.stands_for for laid in one.melds] == [
        laid.meld.stands_for for laid in other.melds
    ]


def agree(data: Data) -> None:
    """What the quick reading accepts the detailed one reads alike; loads' reading is the detailed one's."""
    quick, detailed = read(data, READING.fast), read(data, READING.detailed)
    if quick is not None:
        assert detailed is not None, "the quick reading took what the detailed refuses"
        same(quick, detailed)
    both = read(data, READING)
    assert (both is None) == (detailed is None)
    if both is not None and detailed is not None:
        same(both, detailed)


def edit_meld(data: Data, edit: tuple[str, Any]) -> None:
    """One edit of the first meld on the table."""
    laid = data["melds"][0]
    field, value = edit
    if field in ("kind", "cards"):
        laid["meld"][field] = value
    elif field == "card":
        first = laid["meld"]["cards"][0]
        laid["meld"]["cards"][0] = first.lower() if value == "lower" else value
    elif field == "extra":
        (laid["meld"] if value == "meld" else laid)["extra"] = 1
    else:
        laid[field] = value


def with_melds() -> GameState:
    return FourteenHundred(players=3).position(
        "to_move 1 play | wild 3 | melds 0:7S 8S 3D=9S / 2:QH QD QC 3C=Q"
        " | hands 4S 4D / 5S 5D 6C 6D / 8H 8D"
    )


@given(tampered_saves())
def test_i40_quick_and_detailed_readings_agree_on_a_tampered_save(
    case: tuple[GameState, Data],
) -> None:
    agree(case[1])


@pytest.mark.parametrize("edit", MELD_EDITS, ids=[f"{f}={v!r}" for f, v in MELD_EDITS])
def test_i40_quick_and_detailed_readings_agree_on_a_meld_edited(
    edit: tuple[str, Any],
) -> None:
    data: Data = json.loads(dumps(with_melds()))["data"]
    edit_meld(data, edit)
    agree(data)


def test_i40_a_meld_written_in_other_words_still_loads() -> None:
    """A card in lower case is no text dumps writes: the detailed reading reads it."""
    game = with_melds()
    document: Data = json.loads(dumps(game))
    document["data"]["melds"][0]["meld"]["cards"][0] = "7s"
    assert read(document["data"], READING.fast) is None
    assert loads(json.dumps(document)) == game


@pytest.mark.parametrize(
    ("option", "value", "said"),
    [
        ("players", True, "players"),
        ("rounds", "10", "rounds"),
        ("rounds", 10.0, "rounds"),
        ("colour", 1, "no option colour"),
    ],
)
def test_i40_rules_read_once_refuse_a_bad_option_each_time(
    option: str, value: object, said: str
) -> None:
    """Rules are built once for the same options; an option of the wrong type is never taken for them."""
    game = EndOfThePage().new_game(seed=3)
    assert loads(dumps(game)).rules is loads(dumps(game)).rules
    document: Data = json.loads(dumps(game))
    document["data"]["rules"]["options"][option] = value
    for _ in range(2):  # a refusal is not kept: the second read refuses too
        with pytest.raises(LoadError, match=said):
            loads(json.dumps(document))


def test_i40_a_number_is_no_flag_though_rules_with_the_flag_were_read() -> None:
    """1 == True, and rules with True are shared once read: 1 is still refused (EOP-R3)."""
    document: Data = json.loads(dumps(EndOfThePage().new_game(seed=3)))
    assert document["data"]["rules"]["options"]["discard_taken_card"] is True
    loads(json.dumps(document))
    document["data"]["rules"]["options"]["discard_taken_card"] = 1
    with pytest.raises(LoadError, match="must be True or False"):
        loads(json.dumps(document))
