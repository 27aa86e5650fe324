"""Saved text refused whole: a field missing, text that is no saved value, a version not read; and the library's bugs these tests found, pinned."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator

import attrs
import pytest

from rummyrules import (
    EndOfThePage,
    FourteenHundred,
    GameState,
    GoingOutRummy,
    LoadError,
    Match,
    dumps,
    loads,
)
from rummyrules.formats.json import READS, VERSION, Saved
from rummyrules.game.notation import parse_move
from rummyrules.games.end_of_the_page.state import EndOfThePageTurn
from rummyrules.games.fourteen_hundred.state import FourteenHundredState

from .conftest import BASES, Json, found, with_declared_wild

# --- Every field is required ------------------------------------------------------


def mid_turn_1400() -> GameState:
    """1400 with melds on the table, a card to use (F14-9) and the turn under way."""
    return found(
        FourteenHundred(players=3),
        FourteenHundredState,
        lambda g: bool(g.melds) and g.turn.must_use is not None,
    )


WHOLE: dict[str, Callable[[], Saved]] = {
    "rules": lambda: FourteenHundred(players=3),
    "eop state": with_declared_wild,
    "1400 state": mid_turn_1400,
    "view": lambda: mid_turn_1400().view(mid_turn_1400().to_move or 0),
    "match": lambda: Match.start(GoingOutRummy(max_turns=3), seed=3),
}
"""A value of each kind, with every nested value: turn, melds, options, the draw."""


def field_paths(node: Json, path: str = "data") -> Iterator[tuple[str, str]]:
    """Each field of every object in the data: (the object's path, the field)."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield path, key
            yield from field_paths(value, f"{path}.{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from field_paths(value, f"{path}[{index}]")


def without_field(document: Json, where: str, key: str) -> Json:
    """The document with one field of the object at ``where`` deleted."""
    node = document["data"]
    for name, index in re.findall(r"\.(\w+)|\[(\d+)\]", where[len("data") :]):
        node = node[name] if name else node[int(index)]
    del node[key]
    return document


MISSING = [
    pytest.param(kind, where, key, id=f"{kind}: {where}.{key}")
    for kind, make in WHOLE.items()
    for where, key in field_paths(json.loads(dumps(make()))["data"])
]


@pytest.mark.parametrize(("kind", "where", "key"), MISSING)
def test_a_saved_value_lacking_any_field_is_refused_naming_its_path(
    kind: str, where: str, key: str
) -> None:
    """Once filled in with the field's default: a missing turns reset the count,
    a missing option changed the rules."""
    document = json.loads(dumps(WHOLE[kind]()))
    with pytest.raises(LoadError) as refused:
        loads(json.dumps(without_field(document, where, key)))
    message = str(refused.value)
    # A meld, a move and rules are each written as one piece, refused whole.
    if where.endswith((".meld", ".move")) or "legal_moves[" in where:
        assert message.endswith(f"@ {where}"), message
    elif key in {"variant", "options"}:
        assert "rules are written as the variant's name and its options" in message
    else:
        assert f"required field missing @ {where}.{key}" in message, message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "this is not JSON text"),
        (
            '{"format": "rummyrules", "version": 1, "kind": "rules"',
            "this is not JSON text",
        ),
        ("[1, 2]", "a JSON object, not a list"),
        ('"draw"', "a JSON object, not a list or a value"),
        (b"\xff\xfe", "this is not JSON text"),
    ],
    ids=["empty", "truncated", "a list", "a string", "no text"],
)
def test_text_that_is_no_saved_value_is_refused(
    text: str | bytes, message: str
) -> None:
    with pytest.raises(LoadError, match=re.escape(message)):
        loads(text)


# --- One version read: the one written ---------------------------------------------

BEFORE_1_0 = {
    # Version 1: every game's state with the same 28 fields, melds as "table".
    1: {"rules": {"variant": "EndOfThePage", "options": {}}, "table": [], "out": None},
    # Version 2: lists of cards as one text, moves as their text alone.
    2: {"hand": "5H 5C 6C", "legal_moves": ["draw", "take"]},
}
"""The gist of what each format version before the current one wrote (until issue 30, read by converting it)."""


@pytest.mark.parametrize("version", sorted(BEFORE_1_0))
@pytest.mark.parametrize("kind", ["state", "view", "rules", "move"])
def test_a_format_from_before_1_0_is_refused_naming_the_one_read(
    version: int, kind: str
) -> None:
    """A value of version 1 or 2, of any kind, is refused by its number, naming version 3 as the only one read."""
    document = {
        "format": "rummyrules",
        "version": version,
        "kind": kind,
        "variant": "EndOfThePage",
        "data": "draw" if kind == "move" else BEFORE_1_0[version],
    }
    with pytest.raises(LoadError) as refused:
        loads(json.dumps(document))
    assert str(refused.value) == (
        f"this is version {version} of the rummyrules format, from before 1.0; "
        "this library reads version 3 only"
    )


def test_the_library_reads_the_version_it_writes_and_no_other() -> None:
    """Before 1.0 there is one format: what dumps writes is the only version loads reads."""
    assert READS == {VERSION} == {json.loads(dumps(parse_move("draw")))["version"]}


# --- Library bugs this file found, fixed as they were found: pinned -------------


@pytest.mark.parametrize("kind", ["state", "view", "match"])
@pytest.mark.parametrize(
    "data", [[], "draw", 3, None], ids=["list", "text", "3", "null"]
)
def test_data_that_is_no_object_is_refused(kind: str, data: Json) -> None:
    """Once an AttributeError from cattrs."""
    document = {
        "format": "rummyrules",
        "version": VERSION,
        "kind": kind,
        "variant": None,
    }
    with pytest.raises(LoadError, match=kind):
        loads(json.dumps({**document, "data": data}))


@pytest.mark.parametrize(
    ("base", "field", "message"),
    [
        (
            "eop view",
            "winners",
            "so the winners are [], not [0, 0, 0, …] (100,000 items)",
        ),
        ("gor view", "dropped", "dropped: a player is named twice"),
        ("gor", "dropped", "dropped: a player is named twice"),
    ],
)
def test_a_long_list_of_players_is_refused_briefly(
    base: str, field: str, message: str
) -> None:
    """The checks each game makes of its own fields stay linear, their messages short."""
    document = json.loads(dumps(BASES[base]()))
    document["data"][field] = [0] * 100_000
    with pytest.raises(LoadError) as refused:
        loads(json.dumps(document))
    assert message in str(refused.value)
    assert len(str(refused.value)) < 200


@pytest.mark.parametrize("text", ["[" * 100_000, '{"a": ' * 100_000])
def test_deeply_nested_text_is_refused(text: str) -> None:
    """Once a RecursionError from json.loads."""
    with pytest.raises(LoadError, match="nested too deeply"):
        loads(text)


@pytest.mark.parametrize(
    "version",
    [True, 1.0, "1", 2.0, "2"],
    ids=["true", "1.0", "text 1", "2.0", "text 2"],
)
def test_a_version_that_is_not_a_whole_number_is_refused_by_name(version: Json) -> None:
    """Once true and 1.0 read as version 1, and the text "1" was named as version 1."""
    saved = dumps(parse_move("draw"))
    text = saved.replace(f'"version": {VERSION}', f'"version": {json.dumps(version)}')
    assert text != saved
    with pytest.raises(LoadError) as refused:
        loads(text)
    assert repr(version) in str(refused.value)


def opening_without_upcard() -> GameState:
    """1400's first upcard phase (F14-6) with the upcard put back on the stock."""
    game = FourteenHundred().new_game(seed=1)
    pile = game.discard_pile
    return attrs.evolve(game, stock=(*pile, *game.stock), discard_pile=())


def meld_due_but_not_held() -> GameState:
    """End of the Page mid-turn, owing a meld with a card the player does not hold (EOP-6)."""
    game = EndOfThePage().new_game(seed=5).apply("draw")
    mover = game.hand(game.to_move or 0)
    card = next(card for card in game.stock if card not in mover)
    return attrs.evolve(game, turn=EndOfThePageTurn(must_meld=card))


@pytest.mark.parametrize(
    "spoilt", [opening_without_upcard, meld_due_but_not_held], ids=["F14-6", "EOP-6"]
)
def test_a_state_that_loads_can_go_on(spoilt: Callable[[], GameState]) -> None:
    """Once accepted: legal_moves raised IndexError (F14-6), or listed nothing (EOP-6, ALL-2)."""
    try:
        game = loads(dumps(spoilt()))
    except LoadError:
        return
    assert isinstance(game, GameState)
    assert game.legal_moves()
