"""The move notation: every move is a value and a text, and they round-trip."""

import re
from typing import ClassVar

import attrs
import pytest
from hypothesis import given

from rummyrules import (
    Card,
    EndOfThePage,
    Meld,
    MeldKind,
    MoveParseError,
    Rank,
    parse_cards,
)
from rummyrules.core.inputs import brief
from rummyrules.game import notation as notation_module
from rummyrules.game.moves import (
    Discard,
    Done,
    Draw,
    LayOff,
    Move,
    NewMeld,
    Take,
)
from rummyrules.game.notation import parse_move, register_bare_move
from rummyrules.games.fourteen_hundred.state import Claim
from rummyrules.games.going_out.state import GoOut
from strategies import moves


@given(moves())
def test_str_of_a_move_parses_back_to_the_same_move(move: Move) -> None:
    """parse_move(str(move)) == move, for every move the notation can say."""
    assert parse_move(str(move)) == move


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("draw", Draw()),
        ("  DRAW  ", Draw()),
        ("take", Take()),
        ("take 7h", Take(card=parse_cards("7H")[0])),
        ("discard kc", Discard(card=parse_cards("KC")[0])),
        ("done", Done()),
        ("2:draw", Draw(player=2)),
        ("2 : draw", Draw(player=2)),
        ("lay 3c on 1", LayOff(card=parse_cards("3C")[0], meld=1)),
        (
            "lay   3C=7c   ON 12",
            LayOff(card=parse_cards("3C")[0], declared=parse_cards("7C")[0], meld=12),
        ),
        ("1: claim 7H on 3", Claim(player=1, card=parse_cards("7H")[0], meld=3)),
        ("meld 4h 4d 3s", NewMeld(cards=parse_cards("4H 4D 3S"))),
        (
            "lay 3D = 4 on 1",
            LayOff(card=parse_cards("3D")[0], declared=Rank.FOUR, meld=1),
        ),
        (
            "out 7S 7H 7D / AH 2H *=3H DISCARD KC",
            GoOut(
                melds=(
                    NewMeld(cards=parse_cards("7S 7H 7D")),
                    NewMeld(
                        cards=parse_cards("AH 2H *"),
                        declared=(None, None, parse_cards("3H")[0]),
                    ),
                ),
                discard=parse_cards("KC")[0],
            ),
        ),
        ("out * * *", GoOut(melds=(NewMeld(cards=parse_cards("* * *")),))),
    ],
)
def test_notation_reads_forgivingly(text: str, move: Move) -> None:
    assert parse_move(text) == move


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "a move is draw, take"),
        ("dance", "a move is draw, take"),
        ("draw 7H", "draw takes nothing after it"),
        ("discard", "discard needs one card"),
        ("discard 7H 8H", "discard needs one card"),
        ("take 7H 8H", "take needs one card"),
        ("meld", "meld needs its cards"),
        ("meld 7S 8X 9S", "'8X' is not a card"),
        ("lay 3C", "lay needs a card and a meld"),
        ("lay 3C 4C on 1", "lay takes one card at a time"),
        ("lay 3C on 0", "melds are numbered from 1"),
        ("out", "out needs the melds"),
        ("out discard KC", "out needs the melds"),
        ("out 7S 7H 7D / / 8C 9C 10C", "each '/' must stand between two melds"),
    ],
)
def test_text_that_is_no_move_is_refused_with_a_reason(text: str, why: str) -> None:
    with pytest.raises(MoveParseError) as caught:
        parse_move(text)
    assert why in str(caught.value)
    assert str(caught.value).startswith(repr(text.strip()) + " is not a move: ")


# Issue 27, item 8: a move that lacks words once raised a bare IndexError.
MISSING_WORDS = [
    ("lay", "lay needs a card and a meld, as in 'lay 3C on 1'"),
    ("claim", "claim needs a card and a meld, as in 'claim 3C on 1'"),
    ("1: lay", "lay needs a card and a meld"),
    ("2: claim", "claim needs a card and a meld"),
    ("lay\u00a0", "lay needs a card and a meld"),
    ("\u00a0claim\t", "claim needs a card and a meld"),
    ("lay on", "lay needs a card and a meld"),
    ("lay 3C on", "lay needs a card and a meld"),
    ("lay 3C on -1", "lay needs a card and a meld"),
    ("lay 3C on +1", "lay needs a card and a meld"),
    ("lay 3C on " + "9" * 101, "lay needs a card and a meld"),
    ("1:", "the player's number needs a move after it"),
    ("1: ", "the player's number needs a move after it"),
    ("-1: draw", "their number from 0 and a colon"),
    (":draw", "their number from 0 and a colon"),
    ("knock now", "knock takes nothing after it"),
    ("drop 3", "drop takes nothing after it"),
    ("meld =", "'=' stands between a wild card and what it stands for"),
    ("meld 7S 8S=", "'=' stands between a wild card and what it stands for"),
    ("lay =7C on 1", "'=' stands between a wild card and what it stands for"),
    ("out 7S 7H 7D discard", "the discard at the end needs its card"),
]


@pytest.mark.parametrize(("text", "why"), MISSING_WORDS)
def test_i27_8_a_move_missing_its_words_says_what_it_lacks(text: str, why: str) -> None:
    with pytest.raises(MoveParseError) as caught:
        parse_move(text)
    assert why in str(caught.value)
    assert str(caught.value).startswith(brief(text.strip()) + " is not a move: ")


@pytest.mark.parametrize(("text", "why"), MISSING_WORDS)
def test_i27_8_a_state_refuses_a_move_missing_its_words(text: str, why: str) -> None:
    game = EndOfThePage(players=2).new_game(seed=1)
    with pytest.raises(MoveParseError, match=re.escape(why)):
        game.apply(text)


def test_a_meld_declares_each_card_or_none() -> None:
    with pytest.raises(MoveParseError, match="one declaration"):
        NewMeld(cards=parse_cards("7S 8S 9S"), declared=(None,))


@attrs.frozen(kw_only=True)
class _Shout(Move):
    """A move no library game has, for a game of the tests to add."""

    kind: ClassVar[str] = "shout"

    def _body(self) -> str:
        return "shout"


def test_a_kind_of_move_must_name_its_kind() -> None:
    with pytest.raises(TypeError, match="names its kind"):

        class _Nameless(Move):
            def _body(self) -> str:
                return "hum"


def test_a_game_adds_a_bare_move_to_the_notation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The registry is shared: the test works on a copy, so no other test sees it.
    monkeypatch.setattr(notation_module, "_MOVES", dict(notation_module._MOVES))
    with pytest.raises(MoveParseError, match="a move is draw"):
        parse_move("shout")
    register_bare_move("shout", _Shout)
    assert parse_move("2: shout") == _Shout(player=2)
    assert str(parse_move("SHOUT")) == "shout"
    with pytest.raises(
        MoveParseError, match=r"a move is draw, take, meld, lay, discard, .* or shout"
    ):
        parse_move("dance")


@pytest.mark.parametrize(
    ("verb", "message"),
    [
        ("draw", "already the move Draw"),
        ("meld", "already a move with cards"),
        ("Shout", "a word of small letters"),
        ("yell", "must read as 'yell'"),
    ],
)
def test_a_verb_the_notation_cannot_take_is_refused(
    monkeypatch: pytest.MonkeyPatch, verb: str, message: str
) -> None:
    monkeypatch.setattr(notation_module, "_MOVES", dict(notation_module._MOVES))
    with pytest.raises(ValueError, match=message):
        register_bare_move(verb, _Shout)
    assert "yell" not in notation_module._MOVES


def test_meld_5_a_wild_read_as_a_rank_is_not_a_wild_read_as_a_card() -> None:
    """The rank 6 and the card AD are both 6 as integers; as declarations they differ.

    Once a move declaring a rank and one declaring a card compared equal, so a
    listing that held both gave one of them the other's text.
    """
    as_rank = parse_move("lay 9S=6 on 2")
    as_card = parse_move("lay 9S=AD on 2")
    assert as_rank != as_card
    assert len({as_rank, as_card}) == 2
    assert parse_move("meld 9S=6 6H 6D") != parse_move("meld 9S=AD 6H 6D")
    rank_meld = Meld(kind=MeldKind.SET, cards=parse_cards("9S"), stands_for=(Rank.SIX,))
    card_meld = Meld(
        kind=MeldKind.SET, cards=parse_cards("9S"), stands_for=(Card.parse("AD"),)
    )
    assert rank_meld != card_meld
