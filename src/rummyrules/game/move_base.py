"""What every move has: its player, its kind, and what the shared layers ask of it.

A move class declares, as class variables, all that the notation's reader
(:mod:`rummyrules.game.notation`), the JSON converter and schema
(:mod:`rummyrules.formats`) and the RL actions (:mod:`rummyrules.rl`) need to
read, write and spell it: its :attr:`~Move.verb`, the :attr:`~Move.form` of
its text, its :attr:`~Move.action`, its :attr:`~Move.json_fields`. So those
layers ask the move, and a game's own kind of move lives in its package.

>>> from rummyrules.game.moves import LayOff
>>> LayOff.kind, LayOff.verb, LayOff.form
('lay_off', 'lay', 'card_on_meld')
"""

from __future__ import annotations

import abc
from typing import ClassVar, Literal

import attrs

from rummyrules.core.cards import Card
from rummyrules.melds import Declaration

__all__ = ["Exit", "JsonField", "Move", "TextForm", "declared_text"]

TextForm = Literal["word", "card", "optional_card", "cards", "card_on_meld", "melds"]
"""What follows a move's verb in its text, which the notation reads and the RL actions spell:
nothing, one card, maybe one card, a meld's cards, a card ``on`` a meld, melds
split by ``/`` with a ``discard`` at the end."""


JsonField = Literal["melds", "discard"]
"""A field a move's JSON object may have beyond every move's (going out's)."""

Exit = Literal["never", "maybe", "always"]
"""Whether making a move goes out: never, always, or when it leaves the hand empty."""


def declared_text(card: Card, meaning: Declaration | None) -> str:
    """A card as a move's text writes it: ``5H=8S`` for a declared wild.

    >>> (
    ...     declared_text(Card.parse("5H"), Card.parse("8S")),
    ...     declared_text(Card.parse("5H"), None),
    ... )
    ('5H=8S', '5H')
    """
    return str(card) if meaning is None else f"{card}={meaning}"


@attrs.frozen(kw_only=True)
class Move(abc.ABC):
    """What every move has: who makes it (None: the player to move), its kind, what it plays.

    Each kind of move names itself with :attr:`kind`, one word, and says
    which cards of the hand it plays or names (:meth:`played`) and onto
    which meld (:attr:`target_meld`): saved moves and grouped moves ask the
    move, never its class by name.

    >>> from rummyrules.game.moves import Draw
    >>> str(Draw(player=2)), Draw.kind
    ('2: draw', 'draw')
    """

    kind: ClassVar[str]
    """The kind of move, one word (``"meld"``, ``"lay_off"``), unique among the moves."""
    verb: ClassVar[str]
    """The first word of its text (``"lay"``); its :attr:`kind` unless it says otherwise."""
    form: ClassVar[TextForm] = "word"
    """What its text has after the verb, which the notation reads and the RL actions spell."""
    action: ClassVar[int | None] = None
    """The RL action of its verb, fixed for the library's moves (saved agents rely
    on them); None: the next free number in each game that lists it."""
    from_hand: ClassVar[bool] = True
    """Whether the cards it plays come from the hand (a take's and a claim's do not)."""
    going_out: ClassVar[Exit] = "never"
    """Whether making it goes out (never, always, or when it leaves the hand empty)."""
    json_fields: ClassVar[tuple[JsonField, ...]] = ()
    """The fields its JSON object has beyond every move's (going out's melds, discard)."""
    leaves_game: ClassVar[bool] = False
    """Whether making it takes its player out for good (a drop, which bots leave alone)."""

    player: int | None = None

    def __init_subclass__(cls, **kwargs: object) -> None:
        # A move saved as JSON is written with its kind: a game's own kind of
        # move must name it, or it could not be saved.
        super().__init_subclass__(**kwargs)
        if not isinstance(cls.__dict__.get("kind"), str):
            message = f"{cls.__name__} names its kind: kind: ClassVar[str] = '...'"
            raise TypeError(message)
        if "verb" not in cls.__dict__:
            cls.verb = cls.kind

    def groups(self) -> tuple[tuple[tuple[Card, Declaration | None], ...], ...]:
        """The cards it plays (:meth:`played`) meld by meld: one group, or none.

        >>> from rummyrules.game.notation import parse_move
        >>> [len(group) for group in parse_move("out 7S 7H 7D / AH 2H 3H").groups()]
        [3, 3]
        >>> parse_move("draw").groups()
        ()
        """
        played = self.played()
        return (played,) if played else ()

    def moved(self) -> tuple[Card, ...]:
        """Every card it moves: those it plays, then a card it discards apart from them.

        >>> from rummyrules.game.notation import parse_move
        >>> [str(card) for card in parse_move("out 7S 7H 7D discard KC").moved()]
        ['7S', '7H', '7D', 'KC']
        """
        return tuple(card for card, _ in self.played())

    def played(self) -> tuple[tuple[Card, Declaration | None], ...]:
        """The cards of the hand this move plays or names, each with what it stands for.

        A wild declared to stand for a card or a rank comes with it; any
        other card with None. A move that plays no card (draw, pass, drop)
        has none.

        >>> from rummyrules.game.notation import parse_move
        >>> [
        ...     (str(card), str(meaning))
        ...     for card, meaning in parse_move("meld 5C 6C KC=7C").played()
        ... ]
        [('5C', 'None'), ('6C', 'None'), ('KC', '7C')]
        >>> from rummyrules.game.moves import Draw
        >>> Draw().played()
        ()
        """
        return ()

    @property
    def discarded(self) -> Card | None:
        """Which card this move discards, if any (a discard's, or going out's last card).

        >>> from rummyrules.game.notation import parse_move
        >>> move = parse_move("discard 3C")
        >>> move.discarded == Card.parse("3C"), parse_move("draw").discarded
        (True, None)
        """
        return None

    @property
    def target_meld(self) -> int | None:
        """The meld on the table (numbered from 1) this move lays a card on; None for others.

        >>> from rummyrules.game.notation import parse_move
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
