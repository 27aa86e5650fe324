"""Hostile input is refused fast and in few words; wrong types get TypeErrors.

Every entry point that reads text or JSON is fed input of 100 KB to 1 MB in
the shapes that once stalled a parser or built a huge message: long runs of
card text, NUL bytes, runs of spaces inside a move, numbers of a million
digits, a list field holding a string. Each must raise its own ``ValueError``
subclass with a message of at most 500 characters. Nothing here is timed (the
machine is shared and noisy): the inputs are large enough that a parser that
is quadratic on them takes minutes instead of milliseconds. The property over
any text and JSON, and the timed checks, are in ``test_hostile_readers.py``.

Every public entry point that takes an argument from a caller is then fed
values of the wrong type, and must raise a ``TypeError`` whose message names
the argument.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from rummyrules import (
    Card,
    CardParseError,
    EndOfThePage,
    GoingOutRummy,
    IllegalMoveError,
    LoadError,
    Match,
    MoveParseError,
    OptionError,
    PositionError,
    Rank,
    RecordParseError,
    RummyRulesError,
    Suit,
    UnknownCardError,
    dumps,
    loads,
    make_deck,
    parse_cards,
    parse_move,
    parse_record,
    record_game,
    replay,
)
from rummyrules.game.registry import parse_rules

MB = 1024 * 1024
LONGEST_MESSAGE = 500

EOP = EndOfThePage()
GAME = EOP.new_game(seed=5).apply("draw")
POSITION = (
    "EndOfThePage | dealer 1 | wild 3 | face_up 3S | to_move 1 draw"
    " | hands 4C 9S KC / 3S 9D JD | pile 6C 10D"
)
RECORD = '[Variant "EndOfThePage"]\n[Seed "1"]\n'
MELD = EOP.check_meld("7S 8S 9S").melds[0]


def saved(value: Any, path: tuple[str | int, ...], hostile: object) -> str:
    """The value's saved text, with the node at ``path`` replaced by ``hostile``."""
    document = json.loads(dumps(value))
    node = document
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = hostile
    return json.dumps(document)


def random_text(size: int) -> str:
    """Seeded random characters from all over Unicode (no surrogates)."""
    rng = random.Random(size)
    return "".join(
        chr(rng.choice([rng.randrange(0x20), rng.randrange(0xD800)]))
        for _ in range(size)
    )


SPACES = " " * MB
MILLION_DIGITS = "1" * 1_000_000
NULS = "\x00" * MB
CARD_TEXT = "7S " * (MB // 3)
VIEW = EOP.new_game(seed=5).view(0)
MATCH = Match.start(GoingOutRummy(), seed=3)

Make = Callable[[], str]

# Saved values with one field spoilt: the case first, a saved view's
# melds set to a long string (3.6 s for 30 KB, and a 2.2 MB message, once).
LOADS: dict[str, Make] = {
    "view-melds-text": lambda: saved(VIEW, ("data", "melds"), CARD_TEXT),
    "table-non-objects": lambda: saved(GAME, ("data", "table"), [1] * 200_000),
    "table-texts": lambda: saved(GAME, ("data", "table"), ["7S"] * 200_000),
    "hands-text": lambda: saved(GAME, ("data", "hands"), CARD_TEXT),
    "hand-nuls": lambda: saved(GAME, ("data", "hands"), [NULS]),
    "stock-nuls": lambda: saved(GAME, ("data", "stock"), NULS),
    "stock-numbers": lambda: saved(GAME, ("data", "stock"), [1] * 200_000),
    "seed-text": lambda: saved(GAME, ("data", "seed"), CARD_TEXT),
    "seed-4000-digits": lambda: saved(GAME, ("data", "seed"), 10**4000),
    "phase-text": lambda: saved(GAME, ("data", "phase"), CARD_TEXT),
    "scores-long": lambda: saved(GAME, ("data", "scores"), [*[1] * 200_000, "x"]),
    "sheet-row-long": lambda: saved(GAME, ("data", "score_sheet"), [[1] * 200_000]),
    "turn-text": lambda: saved(GAME, ("data", "turn"), CARD_TEXT),
    "long-extra-field": lambda: saved(GAME, ("data", "colour" * 100_000), 1),
    "many-extra-fields": lambda: saved(GAME, ("data", "rules", "options"), {f"o{n}": n for n in range(100_000)}),
    "format-nuls": lambda: saved(GAME, ("format",), NULS),
    "kind-text": lambda: saved(GAME, ("kind",), CARD_TEXT),
    "variant-text": lambda: saved(GAME, ("variant",), CARD_TEXT),
    "million-digits": lambda: saved(GAME, ("data", "seed"), 0).replace('"seed": 0', '"seed": ' + MILLION_DIGITS),
    "move-nuls": lambda: saved(parse_move("draw"), ("data",), NULS),
    "moves-numbers": lambda: saved(VIEW, ("data", "legal_moves"), [1] * 200_000),
    "games-text": lambda: saved(MATCH, ("data", "games"), CARD_TEXT),
    "dealt-text": lambda: saved(MATCH, ("data", "draw", "dealt"), CARD_TEXT),
    "dealt-item-text": lambda: saved(MATCH, ("data", "draw", "dealt"), [CARD_TEXT]),
    "nuls": lambda: NULS,
    "deep": lambda: "[" * MB,
}  # fmt: skip

POSITIONS: dict[str, Make] = {
    "nuls": lambda: NULS,
    "random": lambda: random_text(MB // 4),
    "rules-options": lambda: "EndOfThePage " + CARD_TEXT,
    "rules-digits": lambda: "EndOfThePage players=" + MILLION_DIGITS,
    "seed-digits": lambda: POSITION + " | seed " + MILLION_DIGITS,
    "player-digits": lambda: POSITION.replace("to_move 1", "to_move " + MILLION_DIGITS),
    "meld-spaces": lambda: POSITION + " | melds 0: 4H" + SPACES + "x",
    "face-up-spaces": lambda: POSITION.replace("face_up 3S", "face_up 3S" + SPACES + "x"),
    "many-melds": lambda: POSITION + " | melds " + "0: 4H 4D 4S / " * (MB // 14),
    "many-rows": lambda: POSITION + " | sheet " + "1 1 / " * (MB // 6),
    "many-sections": lambda: POSITION + " |" * (MB // 2) + " x",
    "long-token": lambda: POSITION + " | pile " + "x" * MB,
}  # fmt: skip

RECORDS: dict[str, Make] = {
    "nuls": lambda: NULS,
    "random": lambda: random_text(MB // 4),
    "variant-text": lambda: '[Variant "' + CARD_TEXT + '"]',
    "seed-digits": lambda: RECORD.replace('"1"', '"' + MILLION_DIGITS + '"'),
    "move-number-digits": lambda: RECORD + MILLION_DIGITS + ". draw",
    "move-spaces": lambda: RECORD + "lay 3C" + SPACES + "x on 1",
    "round-digits": lambda: RECORD + "[Round " + MILLION_DIGITS + "]",
    "open-brackets": lambda: RECORD + "[" * MB,
    "long-token": lambda: RECORD + "x" * MB,
}  # fmt: skip

CARDS: dict[str, Make] = {
    "nuls": lambda: NULS,
    "long-token": lambda: "x" * MB,
    "random": lambda: random_text(MB // 4),
    "then-long-token": lambda: CARD_TEXT + "x" * MB,
}

MOVES: dict[str, Make] = {
    "nuls": lambda: NULS,
    "random": lambda: random_text(MB // 4),
    "meld-spaces": lambda: "meld 7S" + SPACES + "x",
    "lay-spaces": lambda: "lay 3C" + SPACES + "x on 1",
    "lay-spaces-on": lambda: "lay 3C" + SPACES + "on" + SPACES + "x",
    "out-spaces": lambda: "out 7S" + SPACES + "x",
    "out-discard-spaces": lambda: "out 7S" + SPACES + "discardx",
    "out-slashes": lambda: "out " + "/" * MB,
    "player-digits": lambda: MILLION_DIGITS + ": draw",
    "meld-number-digits": lambda: "lay 3C on " + MILLION_DIGITS,
    "long-token": lambda: "take " + "x" * MB,
}

RULES: dict[str, Make] = {
    "digits": lambda: "EndOfThePage players=" + MILLION_DIGITS,
    "option-nuls": lambda: "EndOfThePage stock_out=" + NULS,
    "nuls": lambda: NULS,
}


def cases(
    read: Callable[[Any], object],
    error: type[RummyRulesError],
    name: str,
    makes: dict[str, Make],
) -> list[Any]:
    return [
        pytest.param(read, make, error, id=f"{name}-{case}")
        for case, make in makes.items()
    ]


HOSTILE: list[Any] = [
    *cases(loads, LoadError, "loads", LOADS),
    *cases(EOP.position, PositionError, "position", POSITIONS),
    *cases(parse_record, RecordParseError, "record", RECORDS),
    *cases(parse_cards, CardParseError, "cards", CARDS),
    *cases(Card.parse, CardParseError, "card", {"nuls": lambda: NULS}),
    *cases(Rank.parse, CardParseError, "rank", {"nuls": lambda: NULS}),
    *cases(Suit.parse, CardParseError, "suit", {"nuls": lambda: NULS}),
    *cases(parse_move, MoveParseError, "move", MOVES),
    *cases(GAME.apply, MoveParseError, "apply", MOVES),
    # Moves that read, but are far too long to be legal.
    *cases(GAME.apply, IllegalMoveError, "apply", {"meld-many-cards": lambda: "meld " + CARD_TEXT}),
    *cases(GAME.apply, IllegalMoveError, "apply", {"out-many-melds": lambda: "out " + "7S 8S 9S / " * (MB // 11) + "7S"}),
    *cases(parse_rules, OptionError, "rules", RULES),
    # A hand of more cards than the deck holds is refused before any search.
    *cases(EOP.find_melds, UnknownCardError, "find_melds", {"card-text": lambda: CARD_TEXT}),
    *cases(lambda hand: EOP.find_lay_offs(hand, MELD), UnknownCardError, "find_lay_offs", {"card-text": lambda: CARD_TEXT}),
    *cases(GoingOutRummy().find_going_out, UnknownCardError, "find_going_out", {"card-text": lambda: CARD_TEXT}),
    *cases(lambda text: EndOfThePage(stock_out=text), OptionError, "option", {"text": lambda: CARD_TEXT}),
    *cases(lambda text: GoingOutRummy(going_out=text), OptionError, "option", {"nuls": lambda: NULS}),
]  # fmt: skip


@pytest.mark.parametrize(("read", "make", "error"), HOSTILE)
def test_hostile_input_is_refused_with_its_own_error_in_few_words(
    read: Callable[[Any], object],
    make: Callable[[], object],
    error: type[RummyRulesError],
) -> None:
    with pytest.raises(error) as refused:
        read(make())
    assert len(str(refused.value)) <= LONGEST_MESSAGE, str(refused.value)[:3000]


# --- Wrong types: a TypeError that names the argument ---------------------------

WRONG: dict[str, object] = {
    "None": None,
    "list": [],
    "dict": {},
    "float": 1.0,
    "bool": True,
    "bytes": b"7S",
    "str": "0",
    "int": 7,
}
"""Values of the wrong type for most arguments: each entry below says which it refuses."""

TEXT = ("None", "list", "dict", "float", "bool", "bytes", "int")
NUMBER = ("None", "list", "dict", "float", "bool", "bytes", "str")
NUMBER_OR_NONE = ("list", "dict", "float", "bool", "bytes", "str")
CARDS_LIKE = ("None", "float", "bool", "bytes", "int")  # [] and {} hold no cards
RANK_OR_NONE = ("list", "dict", "float", "bool", "bytes", "int")
ANYTHING_ELSE = tuple(WRONG)

GOR = GoingOutRummy()
FINISHED = Match.start(GOR, seed=3).apply("1: drop")

Call = Callable[[Any], object]

ENTRIES: list[tuple[str, str, Call, tuple[str, ...]]] = [
    # (entry point, the argument its message names, the call, the wrong values)
    ("parse_cards", "cards", parse_cards, CARDS_LIKE),
    ("make_deck-decks", "decks", lambda v: make_deck(decks=v), NUMBER),
    ("make_deck-wildcards", "wildcards", lambda v: make_deck(wildcards=v), NUMBER),
    ("make_deck-ranks", "ranks", lambda v: make_deck(ranks=v), ("None", "float", "bool", "bytes", "str", "int")),
    ("Card.parse", "card", Card.parse, TEXT),
    ("Rank.parse", "rank", Rank.parse, TEXT),
    ("Suit.parse", "suit", Suit.parse, TEXT),
    ("parse_move", "move", parse_move, TEXT),
    ("check_meld", "cards", EOP.check_meld, CARDS_LIKE),
    ("check_meld-wild", "wild", lambda v: EOP.check_meld("7S 8S 9S", wild=v), RANK_OR_NONE),
    ("find_melds", "hand", EOP.find_melds, CARDS_LIKE),
    ("find_melds-wild", "wild", lambda v: EOP.find_melds("7S", wild=v), RANK_OR_NONE),
    ("find_lay_offs", "hand", lambda v: EOP.find_lay_offs(v, MELD), CARDS_LIKE),
    ("find_lay_offs-meld", "meld", lambda v: EOP.find_lay_offs("10S", v), ANYTHING_ELSE),
    ("find_lay_offs-wild", "wild", lambda v: EOP.find_lay_offs("10S", MELD, wild=v), RANK_OR_NONE),
    ("card_value", "card", EOP.card_value, TEXT),
    ("card_value-wild", "wild", lambda v: EOP.card_value("7S", wild=v), RANK_OR_NONE),
    ("wild_rank", "wild", EOP.wild_rank, RANK_OR_NONE),
    ("stacked_deck", "top", EOP.stacked_deck, CARDS_LIKE),
    ("find_going_out", "hand", GOR.find_going_out, CARDS_LIKE),
    ("new_game-seed", "seed", lambda v: EOP.new_game(seed=v), NUMBER),
    ("new_game-dealer", "dealer", lambda v: EOP.new_game(dealer=v), NUMBER),
    ("new_game-deck", "deck", lambda v: EOP.new_game(deck=v), ("float", "bool", "bytes", "str", "int")),
    ("position", "position", EOP.position, TEXT),
    ("apply", "move", GAME.apply, TEXT),
    ("apply-player", "player", lambda v: GAME.apply("discard 7S", player=v), NUMBER_OR_NONE),
    ("legal_moves", "player", GAME.legal_moves, NUMBER_OR_NONE),
    ("view", "player", GAME.view, NUMBER),
    ("hand", "player", GAME.hand, NUMBER),
    ("with_page", "rounds", GAME.with_page, NUMBER),
    ("dumps", "value", dumps, ANYTHING_ELSE),
    ("dumps-indent", "indent", lambda v: dumps(GAME, indent=v), NUMBER_OR_NONE),
    ("loads", "text", loads, ("None", "list", "dict", "float", "bool", "int")),
    ("parse_record", "record", parse_record, TEXT),
    ("parse_rules", "rules", parse_rules, TEXT),
    ("record_game", "rules", record_game, ANYTHING_ELSE),
    ("record_game-seed", "seed", lambda v: record_game(EOP, seed=v), NUMBER),
    ("record_game-dealer", "dealer", lambda v: record_game(EOP, dealer=v), NUMBER),
    ("record_game-deck", "deck", lambda v: record_game(EOP, deck=v), ("float", "bool", "bytes", "str", "int")),
    ("record_game-moves", "moves", lambda v: record_game(EOP, moves=v), (*CARDS_LIKE, "str")),
    ("record_game-move", "move 1", lambda v: record_game(EOP, moves=[v]), TEXT),
    ("record_game-pages", "pages", lambda v: record_game(EOP, pages=v), (*CARDS_LIKE, "str")),
    ("record_game-page", "each page", lambda v: record_game(EOP, pages=[v]), ANYTHING_ELSE),
    ("replay", "record", replay, ANYTHING_ELSE),
    ("Match.start", "rules", Match.start, ANYTHING_ELSE),
    ("Match.start-seed", "seed", lambda v: Match.start(GOR, seed=v), NUMBER),
    ("Match.start-shuffler", "shuffler", lambda v: Match.start(GOR, shuffler=v), NUMBER),
    ("Match.apply", "move", Match.start(GOR, seed=3).apply, TEXT),
    ("Match.next_game", "rules", FINISHED.next_game, NUMBER_OR_NONE),
    ("draw_for_dealer-seed", "seed", lambda v: GOR.draw_for_dealer(seed=v), NUMBER),
    ("draw_for_dealer-shuffler", "shuffler", lambda v: GOR.draw_for_dealer(shuffler=v), NUMBER),
    ("draw_for_dealer-deck", "deck", lambda v: GOR.draw_for_dealer(deck=v), ("float", "bool", "bytes", "int")),
]  # fmt: skip

# A sequence may hold only cards (or card text): each item is checked too.
ITEMS: list[tuple[str, str, Call]] = [
    ("parse_cards", "each card", lambda v: parse_cards(["7S", v])),
    ("check_meld", "each card", lambda v: EOP.check_meld(["7S", v])),
    (
        "new_game-deck",
        "each card of the deck",
        lambda v: EOP.new_game(deck=(*EOP.deck()[1:], v)),
    ),
]


@pytest.mark.parametrize(
    ("call", "argument", "value"),
    [
        pytest.param(call, argument, WRONG[kind], id=f"{entry}-{kind}")
        for entry, argument, call, kinds in ENTRIES
        for kind in kinds
    ]
    + [
        pytest.param(call, argument, value, id=f"{entry}-item-{kind}")
        for entry, argument, call in ITEMS
        for kind, value in WRONG.items()
        if not isinstance(value, str)
    ],
)
def test_a_wrong_type_raises_a_type_error_naming_the_argument(
    call: Call, argument: str, value: object
) -> None:
    with pytest.raises(TypeError) as refused:
        call(value)
    message = str(refused.value)
    assert message.startswith(f"{argument} must be "), message
    assert message.endswith(
        f"not {type(value).__name__}" + ("" if value is None else f" {value!r}")
    )


def test_bool_is_not_taken_for_a_player_or_a_seed() -> None:
    """Python makes True the int 1; as a player or a seed it is a mistake."""
    with pytest.raises(TypeError, match="player must be a player number"):
        GAME.legal_moves(player=True)
    with pytest.raises(TypeError, match="seed must be a whole number"):
        EOP.new_game(seed=False)
