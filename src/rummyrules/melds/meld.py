"""What a meld is, as a value: its rules, its cards, its reading, its check.

A variant describes its melds with a small frozen :class:`MeldRules` (where
the Ace stands in a run, how many natural cards must separate two wilds, how
many natural cards a meld needs). A meld on the table is a :class:`Meld`: its
cards in table order (a run from low to high) and, for each wild card, what
it stands for (MELD-5): an exact card in a run, a rank in a set.

>>> from rummyrules import EndOfThePage
>>> meld = EndOfThePage().check_meld("7S 5H 9S", wild="5").melds[0]
>>> meld.kind, str(meld)
(<MeldKind.RUN: 'run'>, '7S 5H=8S 9S')
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from rummyrules.core.cards import BY_RANK_AND_SUIT, Card, Rank, Suit

__all__ = [
    "Declaration",
    "Meld",
    "MeldCheck",
    "MeldKind",
    "MeldRules",
    "declaration_key",
    "declarations_key",
    "is_wild",
]

Declaration = Card | Rank
"""What a wild card is declared to stand for (a card in a run, a rank in a set)."""


def declaration_key(meaning: Declaration | None) -> tuple[bool, int] | None:
    """What a declaration is compared by: a rank and a card are never the same.

    A card is a small integer (its code) and a rank is its face value, so
    ``Rank.SIX == Card.parse("AD")`` holds as integers; a wild declared to
    stand for the rank 6 and one declared to stand for AD are different
    declarations, and the values that hold them compare and hash by this key.

    >>> declaration_key(Rank.SIX) == declaration_key(Card.parse("AD"))
    False
    """
    if meaning is None:
        return None
    return type(meaning) is Rank, int(meaning)


def declarations_key(
    meanings: tuple[Declaration | None, ...],
) -> tuple[tuple[bool, int] | None, ...]:
    """:func:`declaration_key` of each declaration, for a field that holds several.

    >>> declarations_key((None, Rank.SIX)) == declarations_key((None, Card.parse("AD")))
    False
    """
    return tuple(map(declaration_key, meanings))


_CARD: Final = BY_RANK_AND_SUIT


def is_wild(card: Card, wild: Rank | None) -> bool:
    """Whether a card is wild this round (MELD-4).

    ``wild`` is the round's wild rank (End of the Page, 1400); a WILDCARD is
    always wild.

    >>> is_wild(Card.parse("5H"), Rank.FIVE), is_wild(Card.parse("*"), None)
    (True, True)
    """
    return card.rank is None or card.rank is wild


class MeldKind(enum.Enum):
    """A set (cards of one rank, MELD-2) or a run (one suit in sequence, MELD-3).

    >>> MeldKind.RUN.value
    'run'
    """

    SET = "set"
    """Cards of one rank (MELD-2)."""
    RUN = "run"
    """Cards of one suit in sequence (MELD-3)."""
    WILD = "wild"
    """Only wild cards, whose meaning is left open, so any set or run will do.

    Only where a variant allows such melds (GOR-6; 1400 with
    ``all_wild_melds``, F14-R8). Declaring the wilds makes it a set or a run.
    """


@attrs.frozen(cache_hash=True)
class MeldRules:
    """What one variant allows in a meld.

    Attributes:
        game: The variant's name, for messages.
        run_ranks: The ranks a run may use, low to high. An Ace at both ends
            means it may be low or high (never both in one run).
        meld_rule: The rule ID that defines the variant's melds.
        wild_gap: How many natural cards must stand between two wild cards
            (positions in a run; in a set, any order that works).
        min_naturals: How many natural cards a meld needs; 0 allows melds of
            wild cards only.
        wild_rule: The rule ID behind ``wild_gap`` and ``min_naturals``.
        ace_at_both_ends: Whether a run may hold the Ace low and high at
            once, as long as the whole ladder. No game allows it (GOR-5);
            explaining a refusal lifts it, to tell a run that is only too
            long.

    >>> from rummyrules import GoingOutRummy
    >>> GoingOutRummy().meld_rules.all_wild_allowed
    True
    """

    game: str
    run_ranks: tuple[Rank, ...]
    meld_rule: str
    wild_gap: int = 0
    min_naturals: int = 1
    wild_rule: str = "MELD-4"
    ace_at_both_ends: bool = False
    # Derived once, for speed: where each rank may stand in a run, and the
    # longest run (each rank at most once).
    places: dict[Rank, tuple[int, ...]] = attrs.field(
        init=False, eq=False, repr=False, hash=False
    )
    longest_run: int = attrs.field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        places = {
            rank: tuple(i for i, r in enumerate(self.run_ranks) if r is rank)
            for rank in Rank
        }
        object.__setattr__(self, "places", places)
        longest = len(self.run_ranks if self.ace_at_both_ends else set(self.run_ranks))
        object.__setattr__(self, "longest_run", longest)

    @property
    def all_wild_allowed(self) -> bool:
        """Whether a meld may be made of wild cards only.

        >>> from rummyrules import EndOfThePage
        >>> EndOfThePage().meld_rules.all_wild_allowed
        False
        """
        return self.min_naturals == 0

    @property
    def ace_low(self) -> bool:
        """Whether a run may start with the Ace (A-2-3).

        >>> from rummyrules import FourteenHundred
        >>> FourteenHundred().meld_rules.ace_low
        False
        """
        return self.run_ranks[0] is Rank.ACE

    def max_wilds_in_set(self, naturals: int) -> int | None:
        """How many wilds a set with this many natural cards may hold (None: any).

        With a gap of two, the wilds and naturals can be laid W N N W N N W,
        so ``n`` naturals allow ``n // 2 + 1`` wilds (EOP-8).

        >>> from rummyrules import EndOfThePage
        >>> EndOfThePage().meld_rules.max_wilds_in_set(2)
        2
        """
        if self.wild_gap == 0:
            return None
        return naturals // self.wild_gap + 1


@attrs.frozen
class Meld:
    """A valid meld as it lies on the table.

    ``cards`` are in table order (a run from low to high). ``stands_for`` has
    one entry per card: ``None`` for a card that stands for itself, and for a
    wild card what it stands for (MELD-5): a :class:`Card` in a run, a
    :class:`Rank` in a set. A meld of wild cards only, where a variant allows
    it, may leave its wilds' meaning open (all ``None``): its kind is then
    :attr:`MeldKind.WILD`.

    >>> from rummyrules import FourteenHundred, parse_cards
    >>> meld = FourteenHundred().check_meld("4C 5C 9H=6C", wild="9").melds[0]
    >>> meld.kind, str(meld), meld.suit
    (<MeldKind.RUN: 'run'>, '4C 5C 9H=6C', <Suit.CLUBS: 'C'>)
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    stands_for: tuple[Declaration | None, ...] = attrs.field(eq=declarations_key)
    # The meld as integers (melds/codes.py), made when first asked for: what
    # the meld layer's memos key on, and the hash. attrs' cached hash would be
    # an object the garbage collector walks; a tuple of integers it skips.
    _code: tuple[int, ...] | None = attrs.field(
        default=None, init=False, eq=False, repr=False
    )

    def __hash__(self) -> int:
        return hash(self._code or _encode(self))

    @property
    def rank(self) -> Rank | None:
        """A set's rank (None for a run, or for wild cards left open).

        >>> from rummyrules import EndOfThePage
        >>> EndOfThePage().check_meld("4H 4D 3S", wild="3").melds[0].rank
        <Rank.FOUR: 4>
        """
        if self.kind is not MeldKind.SET:
            return None
        for card, meaning in zip(self.cards, self.stands_for, strict=True):
            if isinstance(meaning, Rank):
                return meaning
            if meaning is None and card.rank is not None:
                return card.rank
        return None

    @property
    def suit(self) -> Suit | None:
        """A run's suit (None for a set).

        >>> from rummyrules import EndOfThePage
        >>> EndOfThePage().check_meld("JS QS KS").melds[0].suit
        <Suit.SPADES: 'S'>
        """
        if self.kind is not MeldKind.RUN:
            return None
        for card, meaning in zip(self.cards, self.stands_for, strict=True):
            if isinstance(meaning, Card):
                return meaning.suit
            if meaning is None:
                return card.suit
        return None  # pragma: no cover - a run always has a card with a suit

    def wilds_in_order(self) -> Meld:
        """The same meld with its wild cards in card order, place by place (MELD-5).

        Every card of the wild rank is wild and counts the same (MELD-4), and
        no rule asks which wild stands for which card: two wilds the other
        way round are one meld. Listing and playing a meld both lay it this
        way, so that a move with its wilds swapped is the listed move and
        leads to the same state (ALL-2), and the move list does not grow by
        every order of the wilds. One rule does ask: a wild taken from deep
        in End of the Page's pile stands beside the two naturals that let it
        be taken (EOP-R6), and the meld that pickup forces is laid by
        :func:`~rummyrules.melds.pickup.pickup_layout` instead.

        >>> from rummyrules.melds import parse_declared
        >>> cards, meanings = parse_declared("JC=3H 4H 5H JS=6H")
        >>> str(
        ...     Meld(
        ...         kind=MeldKind.RUN, cards=cards, stands_for=meanings
        ...     ).wilds_in_order()
        ... )
        'JS=3H 4H 5H JC=6H'
        """
        places = [
            at for at, meaning in enumerate(self.stands_for) if meaning is not None
        ]
        wilds = [self.cards[at] for at in places]
        ordered = sorted(wilds)  # a card's code is its order (card_key)
        if ordered == wilds:
            return self
        cards = list(self.cards)
        for at, card in zip(places, ordered, strict=True):
            cards[at] = card
        return attrs.evolve(self, cards=tuple(cards))

    def __str__(self) -> str:
        return " ".join(
            str(card) if meaning is None else f"{card}={meaning}"
            for card, meaning in zip(self.cards, self.stands_for, strict=True)
        )


_KIND_CODE: Final = {kind: index for index, kind in enumerate(MeldKind)}
_RANK_BASE: Final = 64  # above every card's code


def _meaning_code(meaning: Declaration | None) -> int:
    if meaning is None:
        return -1
    return _RANK_BASE + meaning if type(meaning) is Rank else int(meaning)


def _encode(meld: Meld) -> tuple[int, ...]:
    """The meld's code (see :data:`~rummyrules.melds.codes.MeldCode`), kept on it."""
    meanings = meld.stands_for
    tail = map(_meaning_code, meanings) if any(meanings) else (-1,) * len(meanings)
    code = (_KIND_CODE[meld.kind], *map(int, meld.cards), *tail)
    object.__setattr__(meld, "_code", code)
    return code


@attrs.frozen
class MeldCheck:
    """The answer to "is this a valid meld?", with the reason when it is not.

    Truthy exactly when valid. ``melds`` lists every reading of the cards
    (MELD-5), in table order; ``reason`` and ``rule`` say what is wrong.

    >>> from rummyrules import EndOfThePage
    >>> result = EndOfThePage().check_meld("3H 3D 3C", wild="3")
    >>> bool(result), result.rule
    (False, 'EOP-8')
    >>> print(EndOfThePage().check_meld("7S 5H 9S", wild="5"))
    valid: run 7S 5H=8S 9S
    """

    ok: bool
    reason: str = ""
    rule: str | None = None
    melds: tuple[Meld, ...] = ()

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        if not self.ok:
            return f"invalid: {self.reason} ({self.rule})"
        return "valid: " + " or ".join(f"{m.kind.value} {m}" for m in self.melds)
