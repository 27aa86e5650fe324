"""Saved text spoilt case by case: the :class:`~rummyrules.LoadError`'s message says what is wrong."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from rummyrules import EndOfThePage, GoingOutRummy, LoadError, dumps, loads

from .conftest import BASES, Json, Path, put

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
