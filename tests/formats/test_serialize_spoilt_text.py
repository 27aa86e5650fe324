"""Saved text spoilt at random raises only :class:`~rummyrules.LoadError`, with a message.

However the text was spoilt (a key dropped, a card changed or copied, a
number mistyped, another version, the text cut short, hands swapped, a
declaration or a phase changed), ``loads`` raises a ``LoadError`` with a
message, and nothing else; a change that happens to leave a consistent
value reads back as that value.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator

from hypothesis import event, given, settings
from hypothesis import strategies as st

from rummyrules import GameState, LoadError, Match, Phase, dumps, loads
from rummyrules.formats.json import Saved
from strategies import ALL_CARDS, any_games, bad_tokens, matches, moves, tables

from .conftest import Json, Path, put

# --- Spoilt text: only LoadError ---------------------------------------------


KINDS: list[Json] = ["rules", "state", "move", "view", "match", "game", "", 1, None]
VARIANTS: list[Json] = [
    "EndOfThePage",
    "FourteenHundred",
    "GoingOutRummy",
    "Canasta",
    None,
    3,
]
VERSIONS: list[Json] = [0, 1, 3, -1, 99, "1", "2", 1.5, None, [1], 10**30]
FORMATS: list[Json] = ["rummyrules!", "", None, 1]
HEADERS = [
    ("version", VERSIONS),
    ("kind", KINDS),
    ("variant", VARIANTS),
    ("format", FORMATS),
]
CARD_WORD = re.compile(r"^(\*|(?:10|[2-9AJQKT])[SHDC])(=.*)?$", re.IGNORECASE)
"""A word of a card list, a meld or a move that is a card, perhaps declared."""


def nodes(node: Json, path: Path = ()) -> Iterator[tuple[Path, Json]]:
    """Every node of parsed JSON with its path, the root first."""
    yield path, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from nodes(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from nodes(value, (*path, index))


def words_with_cards(document: Json) -> list[tuple[Path, list[str], int]]:
    """Every string holding a card: its path, its words and where a card stands."""
    places = []
    for path, node in nodes(document):
        if isinstance(node, str) and path:
            words = node.split(" ")
            places += [
                (path, words, index)
                for index, word in enumerate(words)
                if CARD_WORD.match(word)
            ]
    return places


def data_of(document: Json) -> list[Json]:
    """The game states a document holds: itself, or a match's games."""
    data = document.get("data") if isinstance(document, dict) else None
    if not isinstance(data, dict):
        return []
    games = data.get("games")
    return games if isinstance(games, list) else [data]


# Each mutation changes a document in place; it returns what it did (for events).
Mutation = Callable[[st.DataObject, Json], str]


def drop_key(data: st.DataObject, document: Json) -> str:
    """Remove a key anywhere: a header, a field, an option."""
    objects = [
        (path, node)
        for path, node in nodes(document)
        if node and isinstance(node, dict)
    ]
    _, node = data.draw(st.sampled_from(objects))
    key = data.draw(st.sampled_from(sorted(node)))
    del node[key]
    return "drop a key"


def change_card(data: st.DataObject, document: Json) -> str:
    """Change a card anywhere to another card, or to a word that is no card."""
    places = words_with_cards(document)
    if not places:
        return "no card"
    path, words, index = data.draw(st.sampled_from(places))
    _, equals, meaning = words[index].partition("=")
    new = data.draw(st.one_of(st.sampled_from(ALL_CARDS).map(str), bad_tokens()))
    words[index] = new + equals + meaning
    put(document, path, " ".join(words))
    return "change a card"


def duplicate_card(data: st.DataObject, document: Json) -> str:
    """Write a card of a hand, pile, meld or move twice: in its list, or in its text."""
    places = words_with_cards(document)
    if not places:
        return "no card"
    path, words, index = data.draw(st.sampled_from(places))
    parent = node_at(document, path[:-1])
    if len(words) == 1 and isinstance(parent, list):
        parent.insert(int(path[-1]), words[0])
        return "duplicate a card"
    words.insert(index, words[index])
    put(document, path, " ".join(words))
    return "duplicate a card"


def node_at(document: Json, path: Path) -> Json:
    """The node at a path."""
    node = document
    for step in path:
        node = node[step]
    return node


def card_count(cards: Json) -> int:
    """How many cards a list of cards holds: an array, or text where a mutation left text."""
    return len(cards) if isinstance(cards, list) else len(str(cards).split())


def change_number(data: st.DataObject, document: Json) -> str:
    """Make a number text, negative, huge, a fraction, a boolean, null or not a number."""
    numbers = [
        (path, node)
        for path, node in nodes(document)
        if path and type(node) in {int, float}
    ]
    if not numbers:
        return "no number"
    path, number = data.draw(st.sampled_from(numbers))
    new = data.draw(
        st.sampled_from(
            [
                *(str(number), -number - 1, number + 1, 10**30, -(10**30)),
                *(number + 0.5, float(number), True, False, None),
                *(float("inf"), float("nan")),
            ]
        )
    )
    put(document, path, new)
    return "change a number"


def change_header(data: st.DataObject, document: Json) -> str:
    """Another version, kind, variant or format."""
    key, values = data.draw(st.sampled_from(HEADERS))
    document[key] = data.draw(st.sampled_from(values))
    return f"change the {key}"


def swap_hands(data: st.DataObject, document: Json) -> str:
    """Swap two players' hands of different sizes."""
    games = [game for game in data_of(document) if isinstance(game.get("hands"), list)]
    if not games:
        return "no hands"
    hands = data.draw(st.sampled_from(games))["hands"]
    pairs = [
        (i, j)
        for i in range(len(hands))
        for j in range(i + 1, len(hands))
        if card_count(hands[i]) != card_count(hands[j])
    ]
    if not pairs:
        return "hands of one size"
    i, j = data.draw(st.sampled_from(pairs))
    hands[i], hands[j] = hands[j], hands[i]
    return "swap hands"


def change_declaration(data: st.DataObject, document: Json) -> str:
    """Change what a card of a meld is declared to stand for, or the meld's kind."""
    melds = [
        node
        for _, node in nodes(document)
        if isinstance(node, dict) and set(node) == {"kind", "cards"}
    ]
    if not melds:
        return "no meld"
    meld = data.draw(st.sampled_from(melds))
    if data.draw(st.booleans()):
        meld["kind"] = data.draw(st.sampled_from(["set", "run", "wild", "book", 3]))
        return "change a meld's kind"
    cards = meld["cards"]
    words = list(cards) if isinstance(cards, list) else str(cards).split(" ")
    if not words or not all(isinstance(word, str) for word in words):
        return "no meld"
    index = data.draw(st.integers(0, len(words) - 1))
    meanings = st.sampled_from([*map(str, ALL_CARDS), "A", "2", "10", "K", "", "="])
    card = words[index].partition("=")[0]
    words[index] = card + data.draw(st.sampled_from(["", "="])) + data.draw(meanings)
    meld["cards"] = words if isinstance(cards, list) else " ".join(words)
    return "change a declaration"


def change_turn(data: st.DataObject, document: Json) -> str:
    """Change the phase, or who is to move."""
    games = data_of(document)
    if not games:
        return "no phase"
    game = data.draw(st.sampled_from(games))
    if data.draw(st.booleans()):
        phases = [phase.value for phase in Phase]
        game["phase"] = data.draw(st.sampled_from([*phases, "dance", None, 0]))
        return "change the phase"
    game["to_move"] = data.draw(st.sampled_from([None, 0, 1, 2, 5, 9, -1, "0"]))
    return "change who is to move"


def swap_items(data: st.DataObject, document: Json) -> str:
    """Swap two items of a list: hands, scores, who played a card, melds."""
    lists = [
        (path, node)
        for path, node in nodes(document)
        if isinstance(node, list) and len(node) > 1
    ]
    if not lists:
        return "no list"
    _, items = data.draw(st.sampled_from(lists))
    i, j = data.draw(
        st.lists(st.integers(0, len(items) - 1), min_size=2, max_size=2, unique=True)
    )
    items[i], items[j] = items[j], items[i]
    return "swap two items"


def replace_node(data: st.DataObject, document: Json) -> str:
    """Put a value of another JSON type anywhere, often a header or the data itself."""
    places = [path for path, _ in nodes(document) if path]
    if data.draw(st.booleans()):
        places = [path for path in places if len(path) == 1]
    path = data.draw(st.sampled_from(places))
    put(
        document,
        path,
        data.draw(st.sampled_from([[], {}, "", 0, None, [[]], {"a": 1}, "x"])),
    )
    return "replace a node"


MUTATIONS: list[Mutation] = [
    drop_key,
    change_card,
    duplicate_card,
    change_number,
    change_header,
    swap_hands,
    change_declaration,
    change_turn,
    swap_items,
    replace_node,
]


@st.composite
def saved_texts(draw: st.DrawFn) -> str:
    """The saved text of a state, a player's view of it, a match, rules or a move."""
    other = draw(st.integers(0, 9))
    if other < 3:
        return dumps(draw([matches(max_games=2), tables(), moves()][other]))
    game = draw(any_games())
    if draw(st.booleans()):
        return dumps(game.view(draw(st.integers(0, game.players - 1))))
    return dumps(game)


def load_or_refuse(text: str) -> Saved | None:
    """What loads makes of the text: a value that reads back equal, or None for a LoadError.

    A state read (or a match's) also lists a legal move unless it is over (ALL-2).
    """
    try:
        value = loads(text)
    except LoadError as error:
        message = str(error)
    else:
        assert loads(dumps(value)) == value
        games = value.games if isinstance(value, Match) else [value]
        for game in games:
            if isinstance(game, GameState):  # no dead end either (ALL-2)
                assert game.is_over or game.legal_moves()
        return value
    assert message
    return None


@settings(max_examples=2 * settings().max_examples)  # cheap, and many ways to spoil
@given(saved_texts(), st.data())
def test_spoilt_text_is_refused_with_a_load_error_or_reads_as_a_value(
    text: str, data: st.DataObject
) -> None:
    """Saved text spoilt in any of many ways raises LoadError with a message, or reads as a value that reads back equal, and raises nothing else."""
    if data.draw(st.integers(0, 9)) == 0:
        cut = data.draw(st.integers(0, len(text) - 1), label="cut")
        event("truncate")
        assert load_or_refuse(text[:cut]) is None
        return
    document = json.loads(text)
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        mutation = data.draw(st.sampled_from(MUTATIONS), label="mutation")
        event(mutation(data, document))
    spoilt = json.dumps(document)
    event(f"read: {load_or_refuse(spoilt) is not None}")
