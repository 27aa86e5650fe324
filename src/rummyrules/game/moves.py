"""Moves: frozen values, each with one short text (the move notation).

Every move is a value and a line of text: ``str(move)`` gives the text, and
:func:`~rummyrules.parse_move` (:mod:`rummyrules.game.notation`) reads it
back to the same value. The table of the notation is there.

>>> from rummyrules import parse_cards
>>> str(NewMeld(cards=parse_cards("7S 8S 9S")))
'meld 7S 8S 9S'
>>> str(LayOff(card=Card.parse("5H"), declared=Card.parse("7C"), meld=2))
'lay 5H=7C on 2'
"""

from __future__ import annotations

import functools
from typing import ClassVar

import attrs

from rummyrules.core.cards import Card
from rummyrules.core.errors import MoveParseError
from rummyrules.game.move_base import Exit, Move, TextForm, declared_text
from rummyrules.melds import (
    Declaration,
    Meld,
    declaration_key,
    declarations_key,
)

__all__ = [
    "Discard",
    "Done",
    "Draw",
    "LayOff",
    "Move",
    "NewMeld",
    "Pass",
    "Take",
    "TextForm",
    "discard_of",
    "take_of",
]


def _same_length(
    instance: NewMeld,
    _: attrs.Attribute[tuple[Declaration | None, ...]],
    declared: tuple[Declaration | None, ...],
) -> None:
    if len(declared) != len(instance.cards):
        message = "a meld needs one declaration (or None) for each of its cards"
        raise MoveParseError(message)


@attrs.frozen(kw_only=True)
class Draw(Move):
    """Take the top card of the stock.

    >>> str(Draw())
    'draw'
    """

    kind: ClassVar[str] = "draw"
    action: ClassVar[int | None] = 0

    def _body(self) -> str:
        return "draw"


@attrs.frozen(kw_only=True)
class Take(Move):
    """Take from the discard pile: the top card, or the topmost copy of ``card``.

    >>> str(Take()), str(Take(card=Card.parse("7H")))
    ('take', 'take 7H')
    """

    kind: ClassVar[str] = "take"
    form: ClassVar[TextForm] = "optional_card"
    action: ClassVar[int | None] = 1
    from_hand: ClassVar[bool] = False

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
    form: ClassVar[TextForm] = "cards"
    action: ClassVar[int | None] = 7
    going_out: ClassVar[Exit] = "maybe"

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

        >>> from rummyrules.game.notation import parse_move
        >>> [str(meaning) for _, meaning in parse_move("meld 3S 2S=3 3D").played()]
        ['None', '3', 'None']
        """
        return tuple(zip(self.cards, self.declared, strict=True))

    def _cards_text(self) -> str:
        return " ".join(
            declared_text(card, meaning)
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
    verb: ClassVar[str] = "lay"
    form: ClassVar[TextForm] = "card_on_meld"
    action: ClassVar[int | None] = 8
    going_out: ClassVar[Exit] = "maybe"

    card: Card
    declared: Declaration | None = attrs.field(default=None, eq=declaration_key)
    meld: int

    def _body(self) -> str:
        return f"lay {declared_text(self.card, self.declared)} on {self.meld}"

    def played(self) -> tuple[tuple[Card, Declaration | None], ...]:
        """The card laid off, with what it stands for if it is a declared wild.

        >>> from rummyrules.game.notation import parse_move
        >>> [(str(c), str(d)) for c, d in parse_move("lay 5H=7C on 2").played()]
        [('5H', '7C')]
        """
        return ((self.card, self.declared),)

    @property
    def target_meld(self) -> int:
        """The meld the card goes on.

        >>> from rummyrules.game.notation import parse_move
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
    form: ClassVar[TextForm] = "card"
    going_out: ClassVar[Exit] = "maybe"

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
    action: ClassVar[int | None] = 2

    def _body(self) -> str:
        return "pass"


@attrs.frozen(kw_only=True)
class Done(Move):
    """End a turn that has no discard (1400's last plays, F14-13).

    >>> str(Done())
    'done'
    """

    kind: ClassVar[str] = "done"
    action: ClassVar[int | None] = 3

    def _body(self) -> str:
        return "done"


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
