"""Saved values: ``dumps`` and ``loads`` of rules, states, moves, views and matches.

Every value the library writes reads back equal. Text that is not such a
value, however it was spoilt (a key dropped, a card changed or copied, a
number mistyped, another version, the text cut short, hands swapped, a
declaration or a phase changed), raises :class:`~rummyrules.LoadError` with
a message, and nothing else; a change that happens to leave a consistent
value reads back as that value.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import attrs
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from rummyrules import (
    EndOfThePage,
    FourteenHundred,
    GameState,
    GoingOutRummy,
    LoadError,
    Match,
    Phase,
    PlayableRules,
    dumps,
    loads,
)
from rummyrules.formats.json import READS, VERSION, Saved
from rummyrules.game.moves import Move
from rummyrules.game.notation import parse_move
from rummyrules.games.end_of_the_page.state import EndOfThePageState, EndOfThePageTurn
from rummyrules.games.fourteen_hundred.state import FourteenHundredState
from rummyrules.games.going_out.state import GoingOutState
from strategies import (
    ALL_CARDS,
    any_games,
    bad_tokens,
    eop_tables,
    f14_tables,
    gor_games,
    gor_tables,
    matches,
    moves,
    random_play,
    some_states,
    stock_moves,
    tables,
    walks,
)


def round_trip(value: Saved) -> Saved:
    """The value read back from its saved text, which must read back to the same text."""
    text = dumps(value)
    loaded = loads(text)
    assert dumps(loaded) == text
    return loaded


# --- Round trips ---------------------------------------------------------------


@given(tables())
def test_rules_read_back_equal(rules: PlayableRules[Any]) -> None:
    """Rules of every variant, with any options, read back equal from their saved text."""
    loaded = round_trip(rules)
    assert loaded == rules
    assert type(loaded) is type(rules)


@given(moves())
def test_moves_read_back_equal(move: Move) -> None:
    """Every move the notation can say reads back equal from its saved text."""
    assert round_trip(move) == move


ANY_WALKS = st.one_of(
    walks(eop_tables()),
    walks(f14_tables()),
    walks(gor_tables()),
    gor_games().map(lambda game: [game]),
)
"""Random play of every variant, and Going Out Rummy with its stock worn down."""


@pytest.mark.slow
@given(ANY_WALKS)
def test_states_and_views_read_back_equal(walk: list[GameState]) -> None:
    """Every state of random play, and every player's view of it, reads back equal from its saved text."""
    for game in some_states(walk, stride=5):
        event(f"{game.rules.name}, {game.phase.value}")
        loaded = round_trip(game)
        assert loaded == game
        assert isinstance(loaded, GameState)
        assert loaded.legal_moves() == game.legal_moves()
        for player in range(game.players):
            view = game.view(player)
            assert round_trip(view) == view


@given(matches())
def test_matches_read_back_equal(match: Match) -> None:
    """A match after random play, its later games perhaps under new options, reads back equal from its saved text."""
    event(f"games: {len(match.games)}")
    loaded = round_trip(match)
    assert loaded == match
    assert isinstance(loaded, Match)
    assert (loaded.wins, loaded.winner) == (match.wins, match.winner)
    if match.game.is_over and not match.is_over:
        assert loaded.next_game() == match.next_game()


S = TypeVar("S", bound=GameState)


def found(
    rules: PlayableRules[Any],
    kind: type[S],
    wanted: Callable[[S], bool],
    *,
    seeds: int = 50,
) -> S:
    """The first state of seeded random play that has what is wanted, a state of ``kind``."""
    for seed in range(seeds):
        for game in random_play(rules.new_game(seed=seed), random.Random(seed), 200):
            assert isinstance(game, kind)
            if wanted(game):
                return game
    raise AssertionError(f"no game of {rules} came to the state wanted")


def worn_down(rules: GoingOutRummy) -> GameState:
    """A Going Out Rummy game played past the end of its stock (GOR-9)."""
    game = rules.new_game(seed=3)
    worn = stock_moves(game, random.Random(3), 2 * len(game.stock) + 7)
    assert worn.reshuffles > 0
    return worn


SITUATIONS: dict[str, Callable[[], GameState]] = {
    "F14-12 a discard that may be claimed": lambda: found(
        FourteenHundred(players=3), FourteenHundredState, lambda g: g.claim is not None
    ),
    "F14-13 the last plays after going out": lambda: found(
        FourteenHundred(players=3), FourteenHundredState, lambda g: g.phase == "last"
    ),
    "F14-6 the first upcard": lambda: FourteenHundred().new_game(seed=1),
    "F14-R3 the marker, melds on the table": lambda: found(
        FourteenHundred(wild_card_dealt=False),
        FourteenHundredState,
        lambda g: bool(g.melds),
    ),
    "F14-15 the game over": lambda: found(
        FourteenHundred(target=200, max_turns=10),
        FourteenHundredState,
        lambda g: g.is_over,
    ),
    "EOP-3 the face-up wild card, melds on the table": lambda: found(
        EndOfThePage(),
        EndOfThePageState,
        lambda g: g.face_up is not None and bool(g.melds),
    ),
    "EOP-6 a deep pickup to meld": lambda: found(
        EndOfThePage(players=3), EndOfThePageState, lambda g: bool(g.turn.support)
    ),
    "EOP-13 a player floating": lambda: found(
        EndOfThePage(), EndOfThePageState, lambda g: not g.is_over and not all(g.hands)
    ),
    "EOP-R4 the stock rebuilt": lambda: found(
        EndOfThePage(stock_out="reshuffle"),
        EndOfThePageState,
        lambda g: g.reshuffles > 0,
    ),
    "EOP-17 rounds on the score sheet": lambda: found(
        EndOfThePage(max_turns=6, rounds=3),
        EndOfThePageState,
        lambda g: len(g.score_sheet) >= 2 and not g.is_over,
    ),
    "GOR-10 players dropped out": lambda: found(
        GoingOutRummy(players=4),
        GoingOutState,
        lambda g: bool(g.dropped) and not g.is_over,
    ),
    "GOR-7 a player went out": lambda: found(
        GoingOutRummy(hand_size=3, wildcards=6),
        GoingOutState,
        lambda g: g.winner is not None,
    ),
    "GOR-9 the stock reshuffled": lambda: worn_down(GoingOutRummy(players=3)),
}


@pytest.mark.parametrize("situation", list(SITUATIONS))
def test_every_situation_reads_back_equal(situation: str) -> None:
    """A state in each rarer situation, and every view of it, reads back equal."""
    game = SITUATIONS[situation]()
    assert loads(dumps(game)) == game
    for player in range(game.players):
        assert loads(dumps(game.view(player))) == game.view(player)


# --- Spoilt text: only LoadError ---------------------------------------------

Json = Any
Path = tuple[str | int, ...]

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


def put(document: Json, path: Path, value: Json) -> None:
    """Replace the node at a (non-empty) path."""
    parent = document
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = value


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


# --- Spoilt text, case by case: the message says what is wrong -----------------

Edit = Callable[[Json], None]


def at(path: Path, change: Callable[[Json], Json]) -> Edit:
    """An edit that replaces the node at ``path`` with ``change`` of it."""

    def edit(document: Json) -> None:
        node = document
        for step in path:
            node = node[step]
        put(document, path, change(node))

    return edit


def set_at(path: Path, value: Json) -> Edit:
    """An edit that sets the node at ``path`` (a new key, perhaps)."""

    def edit(document: Json) -> None:
        put(document, path, value)

    return edit


def drop_at(path: Path) -> Edit:
    """An edit that removes the key at the end of ``path``."""

    def edit(document: Json) -> None:
        parent = document
        for step in path[:-1]:
            parent = parent[step]
        del parent[path[-1]]

    return edit


def first_card_again(cards: list[str]) -> list[str]:
    return [*cards, cards[0]]


def swap_first_two(items: list[Json]) -> list[Json]:
    return [items[1], items[0], *items[2:]]


def with_declared_wild() -> GameState:
    """End of the Page with a meld on the table whose wild is declared (MELD-5): 10C 9D=JC QC."""
    return found(
        EndOfThePage(),
        EndOfThePageState,
        lambda g: any(any(m is not None for m in t.meld.stands_for) for t in g.melds),
    )


BASES: dict[str, Callable[[], Saved]] = {
    "eop": lambda: EndOfThePage().new_game(seed=5).apply("draw"),
    "eop wild": with_declared_wild,
    "gor": lambda: GoingOutRummy().new_game(seed=2).apply("draw"),
    "eop view": lambda: EndOfThePage().new_game(seed=5).view(0),
    "gor view": lambda: GoingOutRummy().new_game(seed=2).apply("draw").view(0),
    "1400": lambda: FourteenHundred(players=3).new_game(seed=5),
    "match": lambda: Match.start(GoingOutRummy(), seed=3),
    "rules": lambda: EndOfThePage(players=3),
    "move": lambda: parse_move("discard KC"),
    "view": lambda: FourteenHundred(players=3).new_game(seed=5).view(1),
}
"""Values to spoil: End of the Page and Going Out Rummy mid-turn, 1400's opening, views, a match, rules, a move."""

DATA = ("data",)
TABLE = ("data", "melds", 0)
CASES: list[tuple[str, str, Edit, str]] = [
    # (what is spoilt, the value, the edit, a part of the message)
    ("a card copied", "eop", at((*DATA, "hands", 0), first_card_again), "1 too many"),
    (
        "a card lost",
        "eop",
        at((*DATA, "stock"), lambda s: s[1:]),
        "1 missing",
    ),
    (
        "a card the deck lacks",
        "eop",
        at((*DATA, "stock"), lambda s: ["2S", *s]),
        "too many (2S)",
    ),
    (
        "no card",
        "eop",
        at((*DATA, "stock"), lambda s: ["1S", *s]),
        "'1S' is not a card",
    ),
    (
        "a list of cards as text",
        "eop",
        at((*DATA, "stock"), " ".join),
        "expected a list of cards, not '",
    ),
    ("a number for a card", "eop", at((*DATA, "stock"), lambda s: [7, *s]), "not 7"),
    (
        "a view's card copied",
        "eop view",
        at((*DATA, "hand"), first_card_again),
        "hand sizes say",
    ),
    ("version 4", "eop", set_at(("version",), 4), "this is version 4"),
    ("version 0", "move", set_at(("version",), 0), "this is version 0"),
    ("no version", "rules", drop_at(("version",)), "version None"),
    ("another format", "eop", set_at(("format",), "chess"), "its format is 'chess'"),
    ("an unknown kind", "eop", set_at(("kind",), "game"), "there is no kind 'game'"),
    (
        "another kind",
        "eop",
        set_at(("kind",), "view"),
        "required field missing @ data.hand",
    ),
    (
        "another variant",
        "eop",
        set_at(("variant",), "GoingOutRummy"),
        "labelled 'GoingOutRummy'",
    ),
    ("no variant", "match", drop_at(("variant",)), "lacks its variant"),
    (
        "an extra header",
        "move",
        set_at(("comment",), "hi"),
        "unknown fields beside the move: comment",
    ),
    (
        "a field missing",
        "eop",
        drop_at((*DATA, "stock")),
        "required field missing @ data.stock",
    ),
    (
        "an extra field",
        "eop",
        set_at((*DATA, "colour"), 1),
        "extra fields found (colour) @ data",
    ),
    ("text for a number", "eop", set_at((*DATA, "seed"), "5"), "not '5' @ data.seed"),
    (
        "true for a number",
        "eop",
        set_at((*DATA, "dealer"), value=True),
        "not True @ data.dealer",
    ),
    (
        "a float for a number",
        "eop",
        set_at((*DATA, "turns"), 1.0),
        "not 1.0 @ data.turns",
    ),
    ("a negative number", "eop", set_at((*DATA, "turns"), -1), "turns cannot be -1"),
    (
        "a negative count of passes",
        "1400",
        set_at((*DATA, "passes"), -1),
        "passes cannot be -1",
    ),
    (
        "a huge player",
        "eop",
        set_at((*DATA, "to_move"), 10**30),
        "the players are 0 to 1",
    ),
    (
        "a number for a bool",
        "eop",
        at((*DATA, "had_turn"), lambda m: [0] * len(m)),
        "expected true or false",
    ),
    (
        "a player too many",
        "eop",
        at((*DATA, "had_turn"), lambda h: [*h, True]),
        "had_turn has 3 entries",
    ),
    (
        "over, a player to move",
        "eop",
        set_at((*DATA, "phase"), "over"),
        "a game over has nobody to move",
    ),
    (
        "a phase of 1400 only",
        "eop",
        set_at((*DATA, "phase"), "opening"),
        "'opening' is not one of draw, play, over @ data.phase",
    ),
    (
        "an extra field in the turn",
        "eop",
        set_at((*DATA, "turn", "drew"), value=False),
        "extra fields found (drew) @ data.turn",
    ),
    (
        "a field of another game",
        "gor",
        set_at((*DATA, "passes"), 0),
        "extra fields found (passes) @ data",
    ),
    (
        "another game's rules",
        "eop",
        set_at((*DATA, "rules"), json.loads(dumps(GoingOutRummy()))["data"]),
        "the state is labelled 'EndOfThePage' but its rules are 'GoingOutRummy'",
    ),
    (
        "a view of another game's rules",
        "gor view",
        set_at((*DATA, "rules"), json.loads(dumps(EndOfThePage()))["data"]),
        "the view is labelled 'GoingOutRummy' but its rules are 'EndOfThePage'",
    ),
    (
        "another game's rules in a match",
        "match",
        set_at((*DATA, "games", 0, "rules"), json.loads(dumps(EndOfThePage()))["data"]),
        "a match is played under GoingOutRummy rules (GOR-12)",
    ),
    (
        "the rules left out",
        "eop",
        drop_at((*DATA, "rules")),
        "required field missing @ data.rules",
    ),
    ("no phase", "eop", set_at((*DATA, "phase"), "dance"), "@ data.phase"),
    (
        "scores not the sheet's",
        "eop view",
        set_at((*DATA, "scores"), [5, 0]),
        "not the totals of the score sheet",
    ),
    (
        "an option out of range",
        "eop",
        set_at((*DATA, "rules", "options", "players"), 9),
        "players must be from 2 to 8",
    ),
    (
        "an unknown option",
        "rules",
        set_at((*DATA, "options", "colour"), 2),
        "has no option colour",
    ),
    (
        "an unknown variant",
        "rules",
        set_at((*DATA, "variant"), "Canasta"),
        "there is no variant 'Canasta'",
    ),
    (
        "a declaration undone",
        "eop wild",
        set_at((*TABLE, "meld", "cards"), ["10C", "9D", "QC"]),
        "is not a run the rules allow",
    ),
    (
        "another declaration",
        "eop wild",
        set_at((*TABLE, "meld", "cards"), ["10C", "9D=KC", "QC"]),
        "is not a run the rules allow",
    ),
    (
        "a meld of another kind",
        "eop wild",
        set_at((*TABLE, "meld", "kind"), "set"),
        "is not a set the rules allow",
    ),
    (
        "a meld's owner",
        "eop wild",
        set_at((*TABLE, "owner"), 4),
        "the owner of meld 1 is player 4",
    ),
    (
        "who played a card",
        "eop wild",
        at((*TABLE, "played_by"), lambda p: p[1:]),
        "does not say who played",
    ),
    (
        "hands of other sizes swapped",
        "gor",
        at((*DATA, "hands"), swap_first_two),
        "player 0 holds 8 cards",
    ),
    (
        "a Going Out stock count",
        "gor view",
        set_at((*DATA, "stock_count"), 5),
        "neither the stock count",
    ),
    (
        "old discards shown",
        "gor view",
        set_at((*DATA, "discard_pile"), ["KS", "QS"]),
        "nor old discards (GOR-11)",
    ),
    (
        "a stock count and size apart",
        "eop view",
        set_at((*DATA, "stock_count"), 3),
        "do not agree",
    ),
    (
        "a game's seed",
        "match",
        at((*DATA, "games", 0, "seed"), lambda s: s + 1),
        "game 1 is not dealt",
    ),
    (
        "the draw for dealer",
        "match",
        at((*DATA, "draw", "dealer"), lambda d: 1 - d),
        "draw for first dealer",
    ),
    ("no game", "match", set_at((*DATA, "games"), []), "at least one game"),
    (
        "no move",
        "move",
        set_at((*DATA, "text"), "discard 1H"),
        "'1H' is not a card",
    ),
    ("a list for a move", "move", set_at(DATA, ["draw"]), "written as an object"),
    ("a move's text alone", "move", set_at(DATA, "discard KC"), "written as an object"),
    (
        "a move's kind not its text's",
        "move",
        set_at((*DATA, "kind"), "draw"),
        "the move 'discard KC' has 'discard' for its kind, not 'draw'",
    ),
    (
        "a move's cards not its text's",
        "move",
        set_at((*DATA, "cards"), ["KH"]),
        "has ['KC'] for its cards, not ['KH']",
    ),
    (
        "a move's player true",
        "move",
        set_at((*DATA, "player"), value=True),
        "has None for its player, not True",
    ),
    (
        "a move's text missing",
        "move",
        drop_at((*DATA, "text")),
        "a move is written with its text",
    ),
    (
        "a move's field unknown",
        "move",
        set_at((*DATA, "melds"), []),
        "extra fields found (melds) in the move 'discard KC'",
    ),
    (
        "a meld's cards as text",
        "eop wild",
        set_at((*TABLE, "meld", "cards"), "10C 9D=JC QC"),
        "its cards a list of card texts",
    ),
    (
        "two cards in one meld card",
        "eop wild",
        set_at((*TABLE, "meld", "cards"), ["10C 9D=JC", "QC"]),
        "each of a meld's cards is one card",
    ),
    (
        "a listed move whose meld is not its text's",
        "view",
        at((*DATA, "legal_moves"), lambda moves: [{**moves[0], "meld": 9}, *moves[1:]]),
        "for its meld, not 9 @ data.legal_moves[0]",
    ),
]


@pytest.mark.parametrize(
    ("base", "edit", "message"),
    [pytest.param(base, edit, message, id=name) for name, base, edit, message in CASES],
)
def test_spoilt_text_names_what_is_wrong(base: str, edit: Edit, message: str) -> None:
    document = json.loads(dumps(BASES[base]()))
    edit(document)
    with pytest.raises(LoadError) as refused:
        loads(json.dumps(document))
    assert message in str(refused.value)


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
