"""The move notation: reading a move from its text.

Each move's text is made by the move itself (``str(move)``,
:mod:`rummyrules.game.moves`); :func:`parse_move` reads it back to the same
value. The notation is short, case-free and forgiving of spaces:

=================================  ============================================
text                               move
=================================  ============================================
``draw``                           :class:`Draw` the top card of the stock
``take``, ``take 7H``              :class:`Take` the top discard, or the
                                   topmost 7H of the pile
``meld 7S 5H=8S 9S``               :class:`NewMeld`: lay a new meld; a wild may
                                   be declared, ``5H=8S`` in a run, ``3S=4``
                                   in a set (MELD-5)
``lay 3C on 1``                    :class:`LayOff` a card onto meld 1, 2, …;
                                   ``lay 3C=7C on 2`` declares a wild
``discard KC``                     :class:`Discard`, which ends the turn
``pass``                           :class:`Pass` the first upcard (1400)
``2: claim 7H on 3``               :class:`~rummyrules.Claim` the last discard out of turn
                                   and lay it on meld 3 (1400)
``out 7S 7H 7D / AH 2H *=3H``      :class:`~rummyrules.GoOut` with the whole
                                   hand as melds; a final ``discard KC``
                                   discards the card left over (Going Out)
``3: drop``                        :class:`~rummyrules.Drop` out (Going Out)
``done``                           :class:`Done`: end a turn with no discard
=================================  ============================================

A move made by a player other than the one to move starts with the player's
number and a colon (``2: claim 7H on 3``); a move without one is made by the
player to move. Melds are numbered from 1 in the order they were laid this
round.

>>> move = parse_move("  MELD 7s 5h=8S 9s ")
>>> move
NewMeld(player=None, cards=(Card(rank=Rank.SEVEN, suit=Suit.SPADES), Card(rank=Rank.FIVE, suit=Suit.HEARTS), Card(rank=Rank.NINE, suit=Suit.SPADES)), declared=(None, Card(rank=Rank.EIGHT, suit=Suit.SPADES), None))
>>> str(move)
'meld 7S 5H=8S 9S'
>>> str(parse_move("2:claim 7h on 3"))
'2: claim 7H on 3'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final

from rummyrules.core.cards import Card
from rummyrules.core.errors import CardParseError, MoveParseError
from rummyrules.core.inputs import brief, expect, whole_number
from rummyrules.game.moves import (
    Discard,
    Done,
    Draw,
    LayOff,
    Move,
    NewMeld,
    Pass,
    Take,
    TextForm,
)
from rummyrules.melds import Declaration, parse_declared

__all__ = ["parse_move", "register_bare_move", "register_move"]

_PLAYER: Final = re.compile(r"^\s*([0-9]+)\s*:\s*(.*)$", re.S)
_MOVES: Final[dict[str, type[Move]]] = {}
"""Every move the notation reads, by its verb, in the order registered."""


def register_move(move: type[Move]) -> type[Move]:
    """Make a kind of move readable: its :attr:`~rummyrules.Move.verb` is read as it.

    What follows the verb is read by its :attr:`~rummyrules.Move.form`
    (nothing, a card, a meld's cards, a card on a meld, melds). A game with
    a move of its own registers it from its own package, as it registers
    itself. Registering the same move again does nothing; a verb the
    notation already reads as another move is refused.

    >>> register_move(Done)  # already so: nothing changes
    <class 'rummyrules.game.moves.Done'>
    """
    verb = move.verb
    _check_verb(verb)
    known = _MOVES.get(verb)
    if known is not move:
        if known is not None:
            raise _already(verb, known)
        _MOVES[verb] = move
    return move


def register_bare_move(verb: str, move: type[Move]) -> None:
    """Make a game's own move without cards readable: ``verb`` is read as ``move()``.

    :func:`register_move` for a move whose text is its verb alone, which
    says the verb (it must be the move's own).

    >>> register_bare_move("done", Done)  # already so: nothing changes
    >>> register_bare_move("draw", Done)
    Traceback (most recent call last):
    ...
    ValueError: 'draw' is already the move Draw
    """
    _check_verb(verb)
    known = _MOVES.get(verb)
    if known is move:
        return
    if known is not None:
        raise _already(verb, known)
    if move.verb != verb or move.form != "word" or str(move()) != verb:
        message = (
            f"{move.__name__}() must read as {brief(verb)}, not {brief(str(move()))}"
        )
        raise ValueError(message)
    register_move(move)


def _check_verb(verb: str) -> None:
    if not (verb.isascii() and verb.isalpha() and verb.islower()):
        message = f"a move's verb is a word of small letters, not {brief(verb)}"
        raise ValueError(message)


def _already(verb: str, known: type[Move]) -> ValueError:
    name = f"the move {known.__name__}" if known.form == "word" else "a move with cards"
    return ValueError(f"{brief(verb)} is already {name}")


# The moves more than one game makes, in the order the notation's table lists
# them; a game's own kind of move is registered in its package (1400's Claim,
# Going Out Rummy's GoOut and Drop, Gin Rummy's Knock).
for _move in (Draw, Take, NewMeld, LayOff, Discard, Pass, Done):
    register_move(_move)


def parse_move(text: str) -> Move:
    """Read a move from its text; raises :class:`~rummyrules.MoveParseError` for text that is no move.

    Parsing knows nothing of the game: whether the move is legal is for the
    game state to say. Anything but text raises TypeError.

    >>> parse_move("take 7h")
    Take(player=None, card=Card(rank=Rank.SEVEN, suit=Suit.HEARTS))
    >>> parse_move("discard")
    Traceback (most recent call last):
    ...
    rummyrules.MoveParseError: 'discard' is not a move: discard needs one card, as in 'discard KC'
    """
    expect(text, str, name="move", what="a move's text")
    try:
        return _parse(text)
    except CardParseError as error:
        raise _not_a_move(text, str(error)) from None


def _parse(text: str) -> Move:
    player: int | None = None
    body = text
    numbered = _PLAYER.match(text)
    if numbered:
        player, body = whole_number(numbered.group(1)), numbered.group(2)
        if player is None:
            raise _not_a_move(text, "the player's number is too long")
    # Split at any whitespace, as the words after the verb are: "lay\t3C on 1"
    # and a no-break space after "lay" must not leave a verb of two words.
    words = body.split(maxsplit=1)
    if not words:
        raise _not_a_move(text, _unknown() if player is None else _NOTHING_AFTER)
    verb, rest = words[0].lower(), words[1].strip() if len(words) == 2 else ""
    move = _MOVES.get(verb)
    if move is not None:
        fields = _READERS[move.form](text, rest, verb)
        try:
            return move(player=player, **fields)
        except MoveParseError as error:
            raise _not_a_move(text, str(error)) from None
    if ":" in verb:
        raise _not_a_move(text, _PLAYER_HINT)
    raise _not_a_move(text, _unknown())


def _unknown() -> str:
    *verbs, last = _MOVES
    return f"a move is {', '.join(verbs)} or {last}"


_NOTHING_AFTER: Final = "the player's number needs a move after it, as in '2: draw'"
_PLAYER_HINT: Final = (
    "a move by another player starts with their number from 0 and a colon,"
    " as in '2: claim 7H on 3'"
)


def _not_a_move(text: str, why: str) -> MoveParseError:
    return MoveParseError(f"{brief(text.strip())} is not a move: {why}")


def _one_card(text: str, rest: str, verb: str) -> Card:
    tokens = rest.split()
    if len(tokens) != 1:
        raise _not_a_move(text, f"{verb} needs one card, as in '{verb} KC'")
    return Card.parse(tokens[0])


def _on_meld(text: str, rest: str, verb: str) -> tuple[Card, Declaration | None, int]:
    # Split from the right: a regular expression that looks for " on " from the
    # left takes quadratic time on a long run of spaces.
    words = rest.rsplit(maxsplit=2)
    # isdigit, not whole_number alone: a meld's number has no sign ("on +1").
    number = (
        whole_number(words[-1]) if len(words) == 3 and words[-1].isdigit() else None
    )
    if number is None or words[1].lower() != "on":
        raise _not_a_move(
            text, f"{verb} needs a card and a meld, as in '{verb} 3C on 1'"
        )
    cards, declared = parse_declared(words[0])
    if len(cards) != 1:
        raise _not_a_move(text, f"{verb} takes one card at a time")
    if number < 1:
        raise _not_a_move(text, "melds are numbered from 1")
    return cards[0], declared[0], number


def _discard_at_end(rest: str) -> tuple[str, str | None]:
    """What ``out`` lays, and the card that a ``discard KC`` at its end names, if any.

    Split from the right: a regular expression that looks for "discard" from
    the left takes quadratic time on a long run of spaces.
    """
    words = rest.rsplit(maxsplit=1)
    if len(words) == 2:
        laid, last = words[0].rstrip(), words[1]
        head, word = laid[:-7], laid[-7:]
        if word.lower() == "discard" and not (
            head[-1:].isalnum() or head.endswith("_")
        ):
            return head, last
    return rest, None


def _melds(text: str, rest: str, verb: str) -> dict[str, Any]:
    laid, last = _discard_at_end(rest)
    if not laid.strip():
        raise _not_a_move(text, _needs_melds(verb))
    if last is None and laid.rsplit(maxsplit=1)[-1].lower() == "discard":
        raise _not_a_move(text, "the discard at the end needs its card: 'discard KD'")
    discard = None if last is None else Card.parse(last)
    melds: list[NewMeld] = []
    for group in laid.split("/"):
        if not group.strip():
            raise _not_a_move(text, "each '/' must stand between two melds")
        cards, declared = parse_declared(group)
        melds.append(NewMeld(cards=cards, declared=declared))
    return {"melds": tuple(melds), "discard": discard}


def _needs_melds(verb: str) -> str:
    return f"{verb} needs the melds, as in '{verb} 7S 7H 7D / 8C 9C 10C discard KD'"


def _word(text: str, rest: str, verb: str) -> dict[str, Any]:
    if rest:
        raise _not_a_move(text, f"{verb} takes nothing after it")
    return {}


def _card(text: str, rest: str, verb: str) -> dict[str, Any]:
    return {"card": _one_card(text, rest, verb)}


def _optional_card(text: str, rest: str, verb: str) -> dict[str, Any]:
    return {"card": _one_card(text, rest, verb) if rest else None}


def _cards(text: str, rest: str, verb: str) -> dict[str, Any]:
    if not rest:
        raise _not_a_move(text, f"{verb} needs its cards, as in '{verb} 7S 8S 9S'")
    cards, declared = parse_declared(rest)
    return {"cards": cards, "declared": declared}


def _card_on_meld(text: str, rest: str, verb: str) -> dict[str, Any]:
    card, meaning, meld = _on_meld(text, rest, verb)
    return {"card": card, "declared": meaning, "meld": meld}


_READERS: Final[dict[TextForm, Callable[[str, str, str], dict[str, Any]]]] = {
    "word": _word,
    "card": _card,
    "optional_card": _optional_card,
    "cards": _cards,
    "card_on_meld": _card_on_meld,
    "melds": _melds,
}
"""How the notation reads what follows a verb, for each form of text: the fields
of the move."""
