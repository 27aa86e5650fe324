"""The published JSON Schema: everything dumps writes validates, and spoilt documents do not.

Over random games of every game of the library with random options: the
state, every player's view, every listed move and the rules; Going Out
Rummy's matches; moves of every kind. The schema is also held to the
library's own lists (the kinds of move, each game's phases and options), so
that it cannot fall behind them unnoticed, and the committed file to what
``python -m rummyrules.formats.schema`` generates from the classes.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import one_of_each
from extras import need
from rummyrules import (
    EndOfThePage,
    FourteenHundred,
    GameState,
    GinRummy,
    GoingOutRummy,
    Knock,
    Match,
    MeldKind,
    PlayableRules,
    StockSize,
    dumps,
    json_schema,
    parse_move,
)
from rummyrules.cli.reference import SCHEMA_COMMAND
from rummyrules.formats.schema.generate import generated_schema
from rummyrules.game.moves import Move
from rummyrules.game.registry import VARIANTS
from strategies import game_walks, matches, moves, some_states

jsonschema = need("jsonschema")  # [dev]: without it this module skips, saying so

SCHEMA = json_schema()
VALIDATOR = jsonschema.Draft202012Validator(
    SCHEMA, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER
)
GAMES: list[type[PlayableRules[Any]]] = [
    EndOfThePage,
    FourteenHundred,
    GoingOutRummy,
    GinRummy,
]
"""The library's games: the schema describes each of them."""

Json = Any


def problems(document: Json) -> list[str]:
    """What the schema finds wrong with a document, the likeliest cause first."""
    errors = sorted(
        VALIDATOR.iter_errors(document), key=jsonschema.exceptions.relevance
    )
    return [f"{error.message[:300]} @ {list(error.absolute_path)}" for error in errors]


def valid(value: object) -> None:
    """The value's saved text validates."""
    document = json.loads(dumps(value))
    assert problems(document) == [], document


def saved_of(game: GameState) -> Iterator[object]:
    """A state, its rules, every player's view, and a few moves listed on their own.

    Every listed move is validated inside its view; on their own, the first
    few of each view (validating hundreds of moves a state takes seconds).
    """
    yield game
    yield game.rules
    for player in range(game.players):
        view = game.view(player)
        yield view
        yield from view.legal_moves[:MOVES_ALONE]


MOVES_ALONE = 3
"""How many of a view's listed moves are also validated as documents of their own."""


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_json_schema_is_a_new_dict_each_call() -> None:
    schema = json_schema()
    schema["title"] = "changed"
    assert json_schema()["title"] != "changed"


@pytest.mark.parametrize("name", one_of_each.NAMES)
def test_a_value_of_every_kind_and_game_validates(name: str) -> None:
    """Each value of tests/one_of_each.py, as dumps writes it: quick, one of each."""
    valid(one_of_each.value(name))


@pytest.mark.slow  # jsonschema takes seconds over the many moves of 1400's views
@pytest.mark.parametrize("cls", GAMES, ids=[cls.__name__ for cls in GAMES])
# An eighth of the profile's examples (50 in CI): each walks a whole game's
# states, views and moves, and validating them is jsonschema's slow path.
@settings(max_examples=max(10, settings().max_examples // 8))
@given(data=st.data())
def test_every_state_view_move_and_rules_of_a_game_validates(
    cls: type[PlayableRules[Any]], data: st.DataObject
) -> None:
    for game in some_states(data.draw(game_walks(cls))):
        for value in saved_of(game):
            valid(value)


@given(matches(max_games=2))
def test_every_match_validates(match: Match) -> None:
    valid(match)


@given(moves())
def test_every_move_validates(move: Move) -> None:
    valid(move)


def test_a_knock_validates() -> None:
    valid(Knock(player=1))


# --- The schema keeps up with the library ------------------------------------

LIBRARY = [cls for cls in VARIANTS.values() if cls.__module__.startswith("rummyrules.")]
"""The library's registered games: the committed schema is theirs (not the tests' own)."""


def test_the_committed_schema_is_the_one_the_classes_make() -> None:
    """Adding a game, a kind of move or a field means generating the file again."""
    assert [cls.__name__ for cls in LIBRARY] == [cls.__name__ for cls in GAMES]
    assert generated_schema(LIBRARY) == SCHEMA, (
        f"rummyrules.schema.json is not what the classes make: run {SCHEMA_COMMAND}"
    )


def test_the_command_checks_the_committed_file_and_prints_the_same_schema() -> None:
    """In a process of its own, where only the library's games are registered."""
    command = [sys.executable, "-m", "rummyrules", "schema"]
    checked = subprocess.run(  # noqa: S603 - our own Python, our own module
        [*command, "--check"], capture_output=True, check=False
    )
    assert (checked.returncode, checked.stderr) == (0, b"")
    printed = subprocess.run(  # noqa: S603 - our own Python, our own module
        command, capture_output=True, check=True
    )
    assert json.loads(printed.stdout) == SCHEMA


def every_move_class(cls: type[Move] = Move) -> Iterator[type[Move]]:
    for sub in cls.__subclasses__():
        yield sub
        yield from every_move_class(sub)


def test_each_kind_of_move_has_its_own_word_and_the_schema_lists_them_all() -> None:
    """The library's moves; a game of the tests may add its own (tests/game/test_moves.py)."""
    ours = [
        cls for cls in every_move_class() if cls.__module__.startswith("rummyrules.")
    ]
    kinds = [cls.kind for cls in ours]
    assert len(kinds) == len(set(kinds))
    assert set(kinds) == set(SCHEMA["$defs"]["move"]["properties"]["kind"]["enum"])


@pytest.mark.parametrize("cls", GAMES, ids=[cls.__name__ for cls in GAMES])
def test_the_schema_lists_each_games_options_phases_and_fields(
    cls: type[PlayableRules[Any]],
) -> None:
    defs = SCHEMA["$defs"]
    rules = cls()
    name = cls.__name__
    options = defs[f"rules_{name}"]["properties"]["options"]["properties"]
    assert list(options) == [field.name for field in attrs.fields(cls)]
    for kind, base in (("state", "state_fields"), ("view", "view_fields")):
        own = defs[f"{kind}_{name}"]
        phases = defs[own["properties"]["phase"]["$ref"].rsplit("/", 1)[1]]["enum"]
        assert phases == [phase.value for phase in rules.state_class.phases]
        described = set(own["properties"]) | set(defs[base]["properties"])
        game = rules.new_game(seed=1)
        value = game if kind == "state" else game.view(0)
        assert described == set(json.loads(dumps(value))["data"])


def test_the_stock_sizes_and_meld_kinds_are_the_librarys() -> None:
    defs = SCHEMA["$defs"]
    assert defs["stock_size"]["enum"] == [size.value for size in StockSize]
    assert defs["meld"]["properties"]["kind"]["enum"] == [
        kind.value for kind in MeldKind
    ]


# --- Spoilt documents fail ---------------------------------------------------------

VIEW = FourteenHundred(players=3).new_game(seed=5).view(1)
STATE = EndOfThePage().new_game(seed=5).apply("draw")
GO_OUT = parse_move("out 7S 7H 7D / AH 2H *=3H discard KC")

Edit = Callable[[Json], None]


def setter(*path: str | int, value: Json) -> Edit:
    def edit(document: Json) -> None:
        node = document
        for step in path[:-1]:
            node = node[step]
        node[path[-1]] = value

    return edit


def dropper(*path: str | int) -> Edit:
    def edit(document: Json) -> None:
        node = document
        for step in path[:-1]:
            node = node[step]
        del node[path[-1]]

    return edit


SPOILT: list[tuple[str, object, Edit]] = [
    ("another version", STATE, setter("version", value=2)),
    ("no such kind", STATE, setter("kind", value="game")),
    ("another variant", STATE, setter("variant", value="GinRummy")),
    ("an extra header", STATE, setter("comment", value="hi")),
    ("an extra field", STATE, setter("data", "colour", value=1)),
    ("a field missing", STATE, dropper("data", "stock")),
    ("a field of another game", STATE, setter("data", "passes", value=0)),
    ("no card", STATE, setter("data", "stock", 0, value="1S")),
    ("a card in lower case", STATE, setter("data", "stock", 0, value="7s")),
    ("cards as text", STATE, setter("data", "stock", value="7S 8S")),
    ("hands as text", STATE, setter("data", "hands", value=["7S 8S", "9S"])),
    ("a phase of 1400 only", STATE, setter("data", "phase", value="opening")),
    ("a negative turn count", STATE, setter("data", "turns", value=-1)),
    ("a number as text", STATE, setter("data", "seed", value="5")),
    (
        "an option of another game",
        STATE,
        setter("data", "rules", "options", "target", value=1),
    ),
    ("a view's hand as text", VIEW, setter("data", "hand", value="7S 8S")),
    ("a stock size", VIEW, setter("data", "stock_size", value="lots")),
    ("a move as text", VIEW, setter("data", "legal_moves", 0, value="take")),
    ("a move of no kind", VIEW, setter("data", "legal_moves", 0, "kind", value="jump")),
    ("a move without cards", VIEW, dropper("data", "legal_moves", 0, "cards")),
    ("a move with melds", VIEW, setter("data", "legal_moves", 0, "melds", value=[])),
    ("a meld number 0", VIEW, setter("data", "legal_moves", 0, "meld", value=0)),
    ("a declaration of no card", GO_OUT, setter("data", "declared", 5, value="3X")),
    ("go out without its melds", GO_OUT, dropper("data", "melds")),
    ("a meld of no kind", GO_OUT, setter("data", "melds", 0, value=[])),
    ("a move of a variant", GO_OUT, setter("variant", value="GoingOutRummy")),
]


@pytest.mark.parametrize(
    ("value", "edit"),
    [pytest.param(value, edit, id=name) for name, value, edit in SPOILT],
)
def test_a_spoilt_document_fails_validation(value: object, edit: Edit) -> None:
    document = json.loads(dumps(value))
    assert problems(document) == []
    spoilt = copy.deepcopy(document)
    edit(spoilt)
    assert spoilt != document
    assert problems(spoilt)


def test_the_1400_view_shown_on_the_saving_page_is_what_dumps_writes() -> None:
    """docs/saving.rst quotes this view, shortened: its moves and its last event."""
    data = json.loads(dumps(one_of_each.value("1400_view_wilds")))["data"]
    moves = {move["text"]: move for move in data["legal_moves"]}
    assert len(moves) == 41
    assert moves["meld 9H 3S=10H JH"] == {
        "text": "meld 9H 3S=10H JH",
        "kind": "meld",
        "player": None,
        "cards": ["9H", "3S", "JH"],
        "declared": [None, "10H", None],
        "meld": None,
    }
    assert moves["lay 3S=A on 2"]["declared"] == ["A"]
    assert data["events"][0]["cards"] == ["QH"]
    assert (data["face_up"], data["face_up_holder"], data["stock_count"]) == (
        "3S",
        1,
        19,
    )
