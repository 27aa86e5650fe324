"""Moves: frozen values, each with one short text (the move notation).

Every move is a value and a line of text, and ``str(move)`` gives the text
that :func:`~rummyrules.parse_move` reads back to the same value. The notation is short,
case-free and forgiving of spaces:

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
``2: claim 7H on 3``               :class:`Claim` the last discard out of turn
                                   and lay it on meld 3 (1400)
``out 7S 7H 7D / AH 2H *=3H``      :class:`GoOut` with the whole hand as melds;
                                   a final ``discard KC`` discards the card
                                   left over (Going Out)
``3: drop``                        :class:`Drop` out (Going Out)
``done``                           :class:`Done`: end a turn with no discard
=================================  ============================================

A move made by a player other than the one to move starts with the player's
number and a colon (``2: claim 7H on 3``); a move without one is made by the
player to move. Melds are numbered from 1 in the order they were laid this
round.

>>> from rummyrules.game.moves import parse_move
>>> move = parse_move("  MELD 7s 5h=8S 9s ")
>>> move
NewMeld(player=None, cards=(Card(rank=Rank.SEVEN, suit=Suit.SPADES), Card(rank=Rank.FIVE, suit=Suit.HEARTS), Card(rank=Rank.NINE, suit=Suit.SPADES)), declared=(None, Card(rank=Rank.EIGHT, suit=Suit.SPADES), None))
>>> str(move)
'meld 7S 5H=8S 9S'
>>> str(parse_move("2:claim 7h on 3"))
'2: claim 7H on 3'
"""

from __future__ import annotations

import abc
import functools
import re
from typing import ClassVar, Final

import attrs

from rummyrules.core.cards import Card
from rummyrules.core.errors import CardParseError, MoveParseError
from rummyrules.core.inputs import brief, expect, whole_number
from rummyrules.melds import (
    Declaration,
    Meld,
    declaration_key,
    declarations_key,
    parse_declared,
)

__all__ = [
    "Claim",
    "Discard",
    "Done",
    "Draw",
    "Drop",
    "GoOut",
    "LayOff",
    "Move",
    "NewMeld",
    "Pass",
    "Take",
    "discard_of",
    "parse_move",
    "register_bare_move",
    "take_of",
]


def _declared_text(card: Card, meaning: Declaration | None) -> str:
    return str(card) if meaning is None else f"{card}={meaning}"


def _same_length(
    instance: NewMeld,
    _: attrs.Attribute[tuple[Declaration | None, ...]],
    declared: tuple[Declaration | None, ...],
) -> None:
    if len(declared) != len(instance.cards):
        message = "a meld needs one declaration (or None) for each of its cards"
        raise MoveParseError(message)


@attrs.frozen(kw_only=True)
class Move(abc.ABC):
    """What every move has: who makes it (None: the player to move), its kind, what it plays.

    Each kind of move names itself with :attr:`kind`, one word, and says
    which cards of the hand it plays or names (:meth:`played`) and onto
    which meld (:attr:`target_meld`): saved moves and grouped moves ask the
    move, never its class by name.

    >>> str(Draw(player=2)), Draw.kind
    ('2: draw', 'draw')
    """

    kind: ClassVar[str]
    """The kind of move, one word (``"meld"``, ``"lay_off"``), unique among the moves."""

    player: int | None = None

    def __init_subclass__(cls, **kwargs: object) -> None:
        # A move saved as JSON is written with its kind: a game's own kind of
        # move must name it, or it could not be saved.
        super().__init_subclass__(**kwargs)
        if not isinstance(cls.__dict__.get("kind"), str):
            message = f"{cls.__name__} names its kind: kind: ClassVar[str] = '...'"
            raise TypeError(message)

    def played(self) -> tuple[tuple[Card, Declaration | None], ...]:
        """The cards of the hand this move plays or names, each with what it stands for.

        A wild declared to stand for a card or a rank comes with it; any
        other card with None. A move that plays no card (draw, pass, drop)
        has none.

        >>> [
        ...     (str(card), str(meaning))
        ...     for card, meaning in parse_move("meld 5C 6C KC=7C").played()
        ... ]
        [('5C', 'None'), ('6C', 'None'), ('KC', '7C')]
        >>> Draw().played()
        ()
        """
        return ()

    @property
    def discarded(self) -> Card | None:
        """Which card this move discards, if any (a discard's, or going out's last card).

        >>> parse_move("discard 3C").discarded == Card.parse("3C"), Draw().discarded
        (True, None)
        """
        return None

    @property
    def target_meld(self) -> int | None:
        """The meld on the table (numbered from 1) this move lays a card on; None for others.

        >>> parse_move("lay 3C on 2").target_meld, parse_move("discard 3C").target_meld
        (2, None)
        """
        return None

    @abc.abstractmethod
    def _body(self) -> str:
        """The move's text, without the player's number."""

    def __str__(self) -> str:
        prefix = "" if self.player is None else f"{self.player}: "
        return prefix + self._body()


@attrs.frozen(kw_only=True)
class Draw(Move):
    """Take the top card of the stock.

    >>> str(Draw())
    'draw'
    """

    kind: ClassVar[str] = "draw"

    def _body(self) -> str:
        return "draw"


@attrs.frozen(kw_only=True)
class Take(Move):
    """Take from the discard pile: the top card, or the topmost copy of ``card``.

    >>> str(Take()), str(Take(card=Card.parse("7H")))
    ('take', 'take 7H')
    """

    kind: ClassVar[str] = "take"

    card: Card | None = None

    def _body(self) -> str:
        return "take" if self.card is None else f"take {self.card}"

    def played(self) -> tuple[tuple[Card, Declaration | None], ...]:
        """The card named, if any: a bare ``take`` names none.

        >>> [str(card) for card, _ in Take(card=Card.parse("7H")).played()]
        ['7H']
        """
        return () if self.card is None else ((self.card, None),)


@attrs.frozen(kw_only=True)
class NewMeld(Move):
    """Lay a new meld; ``declared`` says what each wild stands for (None: undeclared).

    >>> from rummyrules import EndOfThePage
    >>> meld = EndOfThePage().check_meld("7S 5H 9S", wild="5").melds[0]
    >>> str(NewMeld.of(meld))
    'meld 7S 5H=8S 9S'
    """

    kind: ClassVar[str] = "meld"

    cards: tuple[Card, ...]
    declared: tuple[Declaration | None, ...] = attrs.field(
        default=attrs.Factory(lambda self: (None,) * len(self.cards), takes_self=True),
        validator=_same_length,
        eq=declarations_key,  # the rank 6 and the card AD are both 6 as integers
    )

    @classmethod
    def of(cls, meld: Meld, *, player: int | None = None) -> NewMeld:
        """The move that lays this meld, every wild declared.

        >>> from rummyrules import GoingOutRummy
        >>> meld = GoingOutRummy(wildcards=1).check_meld("4C 5C *=6C").melds[0]
        >>> str(NewMeld.of(meld, player=1))
        '1: meld 4C 5C *=6C'
        """
        return cls(player=player, cards=meld.cards, declared=meld.stands_for)

    def _body(self) -> str:
        return "meld " + self._cards_text()

    def played(self) -> tuple[tuple[Card, Declaration | None], ...]:
        """The meld's cards, each wild with what it stands for.

        >>> [str(meaning) for _, meaning in parse_move("meld 3S 2S=3 3D").played()]
        ['None', '3', 'None']
        """
        return tuple(zip(self.cards, self.declared, strict=True))

    def _cards_text(self) -> str:
        return " ".join(
            _declared_text(card, meaning)
            for card, meaning in zip(self.cards, self.declared, strict=True)
        )


@attrs.frozen(kw_only=True)
class LayOff(Move):
    """Lay one card off onto meld ``meld`` (numbered from 1) on the table (MELD-6).

    >>> str(LayOff(card=Card.parse("3C"), meld=1))
    'lay 3C on 1'
    >>> str(LayOff(card=Card.parse("5H"), declared=Card.parse("7C"), meld=2))
    'lay 5H=7C on 2'
    """

    kind: ClassVar[str] = "lay_off"

    card: Card
    declared: Declaration | None = attrs.field(default=None, eq=declaration_key)
    meld: int

    def _body(self) -> str:
        return f"lay {_declared_text(self.card, self.declared)} on {self.meld}"

    def played(self) -> tuple[tuple[Card, Declaration | None], ...]:
        """The card laid off, with what it stands for if it is a declared wild.

        >>> [(str(c), str(d)) for c, d in parse_move("lay 5H=7C on 2").played()]
        [('5H', '7C')]
        """
        return ((self.card, self.declared),)

    @property
    def target_meld(self) -> int:
        """The meld the card goes on.

        >>> parse_move("lay 5H on 2").target_meld
        2
        """
        return self.meld


@attrs.frozen(kw_only=True)
class Discard(Move):
    """Discard a card, which ends the turn.

    >>> str(Discard(card=Card.parse("KC")))
    'discard KC'
    """

    kind: ClassVar[str] = "discard"

    card: Card

    def _body(self) -> str:
        return f"discard {self.card}"

    def played(self) -> tuple[tuple[Card, Declaration | None], ...]:
        """The card discarded.

        >>> [str(card) for card, _ in Discard(card=Card.parse("KC")).played()]
        ['KC']
        """
        return ((self.card, None),)

    @property
    def discarded(self) -> Card:
        """The card discarded.

        >>> str(Discard(card=Card.parse("KC")).discarded)
        'KC'
        """
        return self.card


@attrs.frozen(kw_only=True)
class Pass(Move):
    """Decline the first upcard (1400, F14-6).

    >>> str(Pass())
    'pass'
    """

    kind: ClassVar[str] = "pass"

    def _body(self) -> str:
        return "pass"


@attrs.frozen(kw_only=True)
class Claim(Move):
    """Claim the last discard out of turn and lay it on a meld (1400, F14-12).

    >>> str(Claim(player=2, card=Card.parse("7H"), meld=3))
    '2: claim 7H on 3'
    """

    kind: ClassVar[str] = "claim"

    card: Card
    declared: Declaration | None = attrs.field(default=None, eq=declaration_key)
    meld: int

    def _body(self) -> str:
        return f"claim {_declared_text(self.card, self.declared)} on {self.meld}"

    def played(self) -> tuple[tuple[Card, Declaration | None], ...]:
        """The discard claimed, with what it stands for if it is a declared wild.

        >>> [(str(c), d) for c, d in parse_move("1: claim 7H on 3").played()]
        [('7H', None)]
        """
        return ((self.card, self.declared),)

    @property
    def target_meld(self) -> int:
        """The meld the claimed card goes on.

        >>> parse_move("1: claim 7H on 3").target_meld
        3
        """
        return self.meld


@attrs.frozen(kw_only=True)
class GoOut(Move):
    """Lay the whole hand down as melds, discarding the card left over (GOR-7).

    >>> print(parse_move("out 7S 7H 7D / AH 2H *=3H discard KC"))
    out 7S 7H 7D / AH 2H *=3H discard KC
    """

    kind: ClassVar[str] = "go_out"

    melds: tuple[NewMeld, ...]
    discard: Card | None = None

    def _body(self) -> str:
        text = "out " + " / ".join(meld._cards_text() for meld in self.melds)
        return text if self.discard is None else f"{text} discard {self.discard}"

    def played(self) -> tuple[tuple[Card, Declaration | None], ...]:
        """Every card the melds lay, meld by meld; the discard is no part of them.

        >>> len(parse_move("out 7S 7H 7D / AH 2H *=3H discard KC").played())
        6
        """
        return tuple(pair for meld in self.melds for pair in meld.played())

    @property
    def discarded(self) -> Card | None:
        """The card left over and discarded, if any.

        >>> str(parse_move("out 7S 7H 7D discard KC").discarded)
        'KC'
        """
        return self.discard


@attrs.frozen(kw_only=True)
class Drop(Move):
    """Drop out of the game, at any time (Going Out Rummy, GOR-10).

    >>> str(Drop(player=3))
    '3: drop'
    """

    kind: ClassVar[str] = "drop"

    def _body(self) -> str:
        return "drop"


@attrs.frozen(kw_only=True)
class Done(Move):
    """End a turn that has no discard (1400's last plays, F14-13).

    >>> str(Done())
    'done'
    """

    kind: ClassVar[str] = "done"

    def _body(self) -> str:
        return "done"


_PLAYER: Final = re.compile(r"^\s*([0-9]+)\s*:\s*(.*)$", re.S)
_BARE: Final[dict[str, type[Move]]] = {
    "draw": Draw,
    "pass": Pass,
    "drop": Drop,
    "done": Done,
}
_VERBS: Final = {"take", "meld", "lay", "discard", "claim", "out"}
"""The verbs of moves with cards, read by :func:`parse_move` itself."""


def register_bare_move(verb: str, move: type[Move]) -> None:
    """Make a game's own move without cards readable: ``verb`` is read as ``move()``.

    A game that has a move the shared notation lacks (Gin Rummy's
    ``knock``) registers it from its own package, as it registers itself;
    the move's text must be its verb. Registering the same move again does
    nothing; a verb the notation already uses for another move is refused.

    >>> register_bare_move("done", Done)  # already so: nothing changes
    >>> register_bare_move("draw", Done)
    Traceback (most recent call last):
    ...
    ValueError: 'draw' is already the move Draw
    """
    if not (verb.isascii() and verb.isalpha() and verb.islower()):
        message = f"a move's verb is a word of small letters, not {brief(verb)}"
        raise ValueError(message)
    known = _BARE.get(verb)
    if known is move:
        return
    if known is not None or verb in _VERBS:
        name = "a move with cards" if known is None else f"the move {known.__name__}"
        message = f"{brief(verb)} is already {name}"
        raise ValueError(message)
    if str(move()) != verb:
        message = (
            f"{move.__name__}() must read as {brief(verb)}, not {brief(str(move()))}"
        )
        raise ValueError(message)
    _BARE[verb] = move


@functools.cache
def take_of(card: Card | None) -> Take:
    """The move ``take`` (or ``take X``), made once and shared: moves are frozen values.

    The turn machines list these for every state; sharing them saves making
    the same value again and again.

    >>> take_of(None) is take_of(None), str(take_of(Card.parse("7H")))
    (True, 'take 7H')
    """
    return Take(card=card)


@functools.cache
def discard_of(card: Card) -> Discard:
    """The move ``discard X``, made once and shared (see :func:`take_of`).

    >>> discard_of(Card.parse("KC")) is discard_of(Card.parse("KC"))
    True
    """
    return Discard(card=card)


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
    verb, _, rest = body.strip().partition(" ")
    verb, rest = verb.lower(), rest.strip()
    if verb in _BARE and not rest:
        return _BARE[verb](player=player)
    if verb == "take":
        return Take(player=player, card=_one_card(text, rest, "take") if rest else None)
    if verb == "discard":
        return Discard(player=player, card=_one_card(text, rest, "discard"))
    if verb == "meld" and rest:
        cards, declared = parse_declared(rest)
        return NewMeld(player=player, cards=cards, declared=declared)
    if verb in {"lay", "claim"}:
        card, meaning, meld = _on_meld(text, rest, verb)
        kind = LayOff if verb == "lay" else Claim
        return kind(player=player, card=card, declared=meaning, meld=meld)
    if verb == "out" and rest:
        return _go_out(text, rest, player)
    raise _not_a_move(text, _HINTS.get(verb) or _unknown())


def _unknown() -> str:
    *verbs, last = [*_VERBS_IN_ORDER, *(v for v in _BARE if v not in _VERBS_IN_ORDER)]
    return f"a move is {', '.join(verbs)} or {last}"


_VERBS_IN_ORDER: Final = (
    "draw", "take", "meld", "lay", "discard", "pass", "claim", "out", "drop", "done"
)  # fmt: skip
_HINTS: Final = {
    "draw": "draw takes nothing after it",
    "pass": "pass takes nothing after it",
    "drop": "drop takes nothing after it",
    "done": "done takes nothing after it",
    "meld": "meld needs its cards, as in 'meld 7S 8S 9S'",
    "out": "out needs the melds, as in 'out 7S 7H 7D / 8C 9C 10C discard KD'",
}


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
    number = whole_number(words[-1]) if words[-1].isdigit() else None
    if len(words) != 3 or words[1].lower() != "on" or number is None:
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


def _go_out(text: str, rest: str, player: int | None) -> GoOut:
    laid, last = _discard_at_end(rest)
    if not laid.strip():
        raise _not_a_move(text, _HINTS["out"])
    discard = None if last is None else Card.parse(last)
    melds: list[NewMeld] = []
    for group in laid.split("/"):
        if not group.strip():
            raise _not_a_move(text, "each '/' must stand between two melds")
        cards, declared = parse_declared(group)
        melds.append(NewMeld(cards=cards, declared=declared))
    return GoOut(player=player, melds=tuple(melds), discard=discard)
