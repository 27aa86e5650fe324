"""What every rules class does the same way: melds, decks and card text.

Each variant's rules class derives from :class:`Rules` and says only what is
its own: its options, its deck, its :class:`~rummyrules.melds.MeldRules`,
which ranks may be wild and what each card is worth.

>>> from rummyrules import FourteenHundred
>>> rules = FourteenHundred()
>>> rules.check_meld("AH AD 9C", wild="9").ok
True
"""

from __future__ import annotations

import abc
import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import ClassVar

import attrs

from rummyrules import melds
from rummyrules.core.cards import Card, Rank, read_cards
from rummyrules.core.errors import OptionError, UnknownCardError
from rummyrules.core.inputs import expect
from rummyrules.melds import Meld, MeldCheck, MeldRules
from rummyrules.melds import search as meld_search
from rummyrules.melds.search import LayOffOption

__all__ = ["CardsLike", "Rules", "check_decks", "deck_counts"]

CardsLike = str | Iterable[Card | str]
"""Cards as text (``"7S 5H=8S 9S"``, declarations allowed) or as a sequence."""


@attrs.frozen(kw_only=True, cache_hash=True)
class Rules(abc.ABC):
    """The behaviour that every variant's rules class shares.

    :class:`EndOfThePage`, :class:`FourteenHundred` and :class:`GoingOutRummy`
    derive from it.

    >>> from rummyrules import EndOfThePage
    >>> isinstance(EndOfThePage(), Rules)
    True
    """

    name: ClassVar[str]
    """The variant's name, as the docs and messages write it."""
    deck_rule: ClassVar[str]
    """The rule ID that says which cards are in the deck."""
    wild_ranks: ClassVar[frozenset[Rank]]
    """The ranks that may be the round's wild rank."""
    wild_rule: ClassVar[str]
    """The rule ID that says which ranks may be wild."""
    keeps_score: ClassVar[bool] = True
    """Whether the game keeps a score (Going Out Rummy only has a winner)."""
    hides_piles: ClassVar[bool] = False
    """Whether players may not count the stock nor look back through the
    discard pile (Going Out Rummy, GOR-11)."""

    @property
    @abc.abstractmethod
    def meld_rules(self) -> MeldRules:
        """What this variant allows in a meld.

        >>> from rummyrules import EndOfThePage
        >>> EndOfThePage().meld_rules.meld_rule
        'EOP-7'
        """

    @abc.abstractmethod
    def deck(self) -> tuple[Card, ...]:
        """Every card of the game, in a fixed order (the order a seed shuffles).

        >>> from rummyrules import FourteenHundred
        >>> len(FourteenHundred(players=2).deck())
        52
        """

    def wild_rank(self, wild: Rank | str | None) -> Rank | None:
        """Read a wild rank (``"5"`` or ``Rank.FIVE``) and check this variant allows it.

        End of the Page never makes Aces wild (EOP-3); 1400 may (F14-4); Going
        Out Rummy has no wild rank at all, only WILDCARDs (MELD-4).

        >>> from rummyrules import EndOfThePage, FourteenHundred, GoingOutRummy
        >>> FourteenHundred().wild_rank("a")
        <Rank.ACE: 1>
        >>> EndOfThePage().wild_rank("A")
        Traceback (most recent call last):
        ...
        rummyrules.OptionError: A cannot be the wild rank in End of the Page; it may be one of 3 4 5 6 7 8 9 10 J Q K (EOP-3)
        >>> GoingOutRummy().wild_rank("5")
        Traceback (most recent call last):
        ...
        rummyrules.OptionError: Going Out Rummy has no wild rank; only WILDCARDs are wild (MELD-4)
        """
        if wild is None or (isinstance(wild, Rank) and wild in self.wild_ranks):
            return wild
        expect(wild, (Rank, str), name="wild", what=_WILD)
        rank = Rank.parse(wild)
        if not self.wild_ranks:
            message = f"{self.name} has no wild rank; only WILDCARDs are wild ({self.wild_rule})"
            raise OptionError(message)
        if rank not in self.wild_ranks:
            names = " ".join(str(r) for r in sorted(self.wild_ranks))
            message = (
                f"{rank} cannot be the wild rank in {self.name}; it may be one of "
                f"{names} ({self.wild_rule})"
            )
            raise OptionError(message)
        return rank

    @abc.abstractmethod
    def card_value(self, card: Card | str, *, wild: Rank | str | None = None) -> int:
        """What a card scores, played or left in hand, this round.

        >>> from rummyrules import EndOfThePage
        >>> EndOfThePage().card_value("5H", wild="5")
        100
        """

    def check_meld(
        self, cards: CardsLike, *, wild: Rank | str | None = None
    ) -> MeldCheck:
        """Is this a valid meld, and if not, why not (with the rule ID)?

        ``cards`` may be text with wild declarations (``"7S 5H=8S 9S"``) or a
        sequence of cards; their order does not matter. The result is truthy
        when valid and lists every reading of the wilds in ``.melds``.

        >>> from rummyrules import EndOfThePage
        >>> print(EndOfThePage().check_meld("9S 5H 5D QS KS", wild="5"))
        invalid: wild cards 5H and 5D have only 0 natural cards between them; End of the Page needs 2 (EOP-8)
        >>> print(EndOfThePage().check_meld("5D QS KS", wild="5"))
        valid: run 5D=JS QS KS or run QS KS 5D=AS
        """
        rank = self.wild_rank(wild)
        if isinstance(cards, str):
            hand, declared = melds.parse_declared(cards)
        else:
            hand, declared = read_cards(cards, name="cards"), None
        missing = self._not_in_deck(hand)
        if missing is not None:
            return MeldCheck(ok=False, reason=missing, rule=self.deck_rule)
        return melds.check(hand, self.meld_rules, wild=rank, declared=declared)

    def find_melds(
        self, hand: CardsLike, *, wild: Rank | str | None = None
    ) -> tuple[Meld, ...]:
        """Every valid meld that can be made from the hand (see :func:`~rummyrules.melds.search.find_melds`).

        A hand holding a card the deck lacks, or more copies than it has,
        raises :class:`~rummyrules.UnknownCardError`, as in
        :meth:`~rummyrules.GoingOutRummy.find_going_out`.

        >>> from rummyrules import EndOfThePage
        >>> [str(m) for m in EndOfThePage().find_melds("7S 8S 9S 9H")]
        ['7S 8S 9S']
        """
        cards = self._hand(hand)
        return meld_search.find_melds(cards, self.meld_rules, wild=self.wild_rank(wild))

    def find_lay_offs(
        self, hand: CardsLike, meld: Meld, *, wild: Rank | str | None = None
    ) -> tuple[LayOffOption, ...]:
        """Every valid lay-off of one card of the hand onto the meld (MELD-6).

        >>> from rummyrules import EndOfThePage
        >>> rules = EndOfThePage()
        >>> meld = rules.check_meld("4H 4D 3S=4", wild="3").melds[0]
        >>> [str(lay.meld) for lay in rules.find_lay_offs("4C 3D 9S", meld, wild="3")]
        ['4H 4D 3S=4 3D=4', '4H 4D 4C 3S=4']
        """
        expect(meld, Meld, name="meld", what="a Meld (a TableMeld holds one as .meld)")
        return meld_search.find_lay_offs(
            self._hand(hand), meld, self.meld_rules, wild=self.wild_rank(wild)
        )

    def stacked_deck(self, top: CardsLike) -> tuple[Card, ...]:
        """The game's whole deck with these cards on top, top card first.

        The cards not named follow in the deck's own fixed order, so a
        stacked game (``rules.new_game(deck=rules.stacked_deck("7S 7H"))``)
        needs only the cards its story turns on.

        >>> from rummyrules import GoingOutRummy
        >>> deck = GoingOutRummy().stacked_deck("KH KH")
        >>> [str(card) for card in deck[:4]], len(deck)
        (['KH', 'KH', 'AS', '2S'], 156)
        """
        named = read_cards(top, name="top")
        self._check_in_deck(named)
        rest = list(self.deck())
        for card in named:
            rest.remove(card)
        return (*named, *rest)

    def _hand(self, hand: CardsLike) -> tuple[Card, ...]:
        """Read a hand, refusing cards the deck cannot supply.

        Checked before any search: a search of a hand of thousands of cards
        (ten thousand 7S) takes time that grows with its square.
        """
        cards = read_cards(hand, name="hand")
        self._check_in_deck(cards)
        return cards

    def _not_in_deck(self, cards: Sequence[Card]) -> str | None:
        """Say which card this game's deck cannot supply, if any."""
        copies = deck_counts(self)
        distinct = set(cards)
        if len(distinct) == len(cards) and distinct.issubset(copies):
            return None  # the common case, and every deck has each card once
        counts: dict[Card, int] = {}
        for card in cards:
            counts[card] = count = counts.get(card, 0) + 1
            have = copies.get(card, 0)
            if count > have:
                if card.is_wildcard and have == 0:  # say how many the cards need
                    count = sum(other.is_wildcard for other in cards)
                return self._too_many(card, count, have)
        return None

    def _too_many(self, card: Card, count: int, have: int) -> str:
        """Why ``count`` copies of a card are more than the deck's ``have``."""
        if have == 0:
            if card.is_wildcard:
                return self._no_wildcards(needed=count)
            return f"there is no {card} in {self._deck_words()}"
        if card.is_wildcard:
            only = "one WILDCARD" if have == 1 else f"{have} WILDCARDs"
            return f"this game has only {only}, not {count}"
        game = f"a {self._packs()}-deck {self.name} game"
        if have == 1:
            return f"there is only one {card} in {game}, not {count}"
        return f"there are only {have} {card} in {game}, not {count}"

    def _check_in_deck(self, cards: Sequence[Card]) -> None:
        """Refuse cards this game's deck cannot supply, with the reason."""
        missing = self._not_in_deck(cards)
        if missing is not None:
            raise UnknownCardError(f"{missing} ({self.deck_rule})")

    def _deck_words(self) -> str:
        return f"the {self.name} deck"

    def _no_wildcards(self, *, needed: int = 1) -> str:
        """Why a WILDCARD is refused: none in this game, or none chosen at setup.

        Where an option puts WILDCARDs in the deck (Going Out Rummy's
        ``wildcards``, GOR-1), the refusal says the game was set up without
        them and how to choose some, rather than leave it to read as if the
        game had none at all. The option and its values are found by asking
        the rules class, so a game of one's own is read the same way. The
        example value is enough for the ``needed`` WILDCARDs of the cards
        refused.

        >>> from rummyrules import GoingOutRummy
        >>> GoingOutRummy()._no_wildcards(needed=3)  # doctest: +NORMALIZE_WHITESPACE
        'there is no * in this Going Out Rummy game: it was set up with no
        WILDCARDs; choose 1 to 9 with the option wildcards (wildcards=3 in code,
        --wildcards 3 on the command line)'
        """
        found = _wildcard_option(self)
        if found is None:
            return f"there is no * in {self._deck_words()}"
        name, low, high = found
        dashed = "--" + name.replace("_", "-")
        enough = min(max(low, needed), high)
        return (
            f"there is no * in this {self.name} game: it was set up with no WILDCARDs; "
            f"choose {low} to {high} with the option {name} ({name}={enough} in code, "
            f"{dashed} {enough} on the command line)"
        )

    def _packs(self) -> int:
        """How many standard packs the deck holds (for messages)."""
        return max(n for card, n in deck_counts(self).items() if not card.is_wildcard)

    def _card(self, card: Card | str) -> Card:
        """Read a card and make sure this game's deck has it."""
        if isinstance(card, str):
            card = Card.parse(card)
        expect(card, Card, name="card", what="a Card or its text")
        if card not in deck_counts(self):
            missing = (
                self._no_wildcards()
                if card.is_wildcard
                else f"there is no {card} in {self._deck_words()}"
            )
            raise UnknownCardError(f"{missing} ({self.deck_rule})")
        return card


_WILD = "a rank (a Rank or its text, as in '5') or None"


def check_decks(
    rules: Rules, *, decks: int, deal: tuple[int, str, int], per_deck: int, rule: str
) -> None:
    """Refuse too few decks for the table (EOP-1, F14-1).

    Four or more players need two decks, and the deal at its largest must
    never run out. ``deal`` is the players, then the largest deal as a sum in
    words and as a number.

    >>> from rummyrules import EndOfThePage
    >>> EndOfThePage(players=4, decks=1)
    Traceback (most recent call last):
    ...
    rummyrules.OptionError: 4 players need at least 2 decks in End of the Page (EOP-1)
    """
    players, how, needed = deal
    if players >= 4 and decks < 2:
        message = f"{players} players need at least 2 decks in {rules.name} ({rule})"
        raise OptionError(message)
    if needed > decks * per_deck:
        more = -(-needed // per_deck)
        hold = "deck holds" if decks == 1 else "decks hold"
        message = (
            f"{players} players need {more} decks in {rules.name}: the deal may take "
            f"{how} = {needed} cards and {decks} {hold} {decks * per_deck} ({rule})"
        )
        raise OptionError(message)


_MOST_WILDCARDS = 64
"""How far :func:`_wildcard_option` looks for an option's WILDCARD counts."""


def _wildcard_option(rules: Rules) -> tuple[str, int, int] | None:
    """The whole-number option that puts WILDCARDs in the deck, and its values that do.

    Asked only when a WILDCARD is refused: each whole-number option is tried
    at its first positive value the rules take; the option whose value puts a
    WILDCARD in the deck is the one, and its values are counted up from there
    until the rules refuse one.

    >>> from rummyrules import EndOfThePage, GoingOutRummy
    >>> _wildcard_option(GoingOutRummy()), _wildcard_option(EndOfThePage())
    (('wildcards', 1, 9), None)
    """
    giving: list[int] = []
    for field in attrs.fields(type(rules)):
        if type(getattr(rules, field.name)) is not int:
            continue
        for value in range(1, _MOST_WILDCARDS + 1):
            other = _other(rules, field.name, value)
            if other is None:
                if giving:
                    break  # past the option's range
                continue  # not yet in it (no game of one player)
            if not any(card.is_wildcard for card in other.deck()):
                break
            giving.append(value)
        if giving:
            return field.name, giving[0], giving[-1]
    return None


def _other(rules: Rules, name: str, value: int) -> Rules | None:
    """The rules with one option changed; None where the rules refuse the value."""
    try:
        return attrs.evolve(rules, **{name: value})
    except OptionError:
        return None


@functools.lru_cache(maxsize=256)
def deck_counts(rules: Rules) -> Counter[Card]:
    """How many copies of each card the game's deck holds (memoised per rules).

    >>> from rummyrules import GoingOutRummy, Card
    >>> deck_counts(GoingOutRummy(wildcards=2))[Card.parse("*")]
    2
    """
    return Counter(rules.deck())
