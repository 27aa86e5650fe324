"""What reading a position needs of every section: players, cards, melds, the stock.

A :class:`Reader` holds the rules, the text of each section, and the fields
read so far; :mod:`rummyrules.formats.sections` reads each section with it.

>>> from rummyrules import EndOfThePage
>>> reader = Reader(EndOfThePage(), {"pile": "7S 8S"})
>>> [str(card) for card in reader.cards("pile", reader.get("pile") or "-")]
['7S', '8S']
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, Final

from rummyrules import melds
from rummyrules.core.cards import Card, Rank
from rummyrules.core.errors import PositionError, RummyRulesError
from rummyrules.core.hands import some_cards, sorted_hand
from rummyrules.core.inputs import brief, close_up, whole_number
from rummyrules.game.state import PlayableRules
from rummyrules.game.table import TableMeld
from rummyrules.melds import Declaration, Meld

__all__ = ["Reader", "in_deck_order"]

_OWNER: Final = re.compile(r"^\s*(\S+?)\s*:(.*)$", re.S)
_FILL: Final = frozenset({"+", "…", "..."})
_SHOWN: Final = 24  # the cards of a meld a message lists at most


class Reader:
    """Reads the sections of one position into the fields of the game's state.

    Each section (:mod:`rummyrules.formats.sections`) reads its own parts,
    in the order the game declares them, with these helpers; what it reads
    goes into ``fields``, and the cards it places are counted, so that
    the stock can be filled in with the rest of the deck.

    >>> from rummyrules import GoingOutRummy
    >>> reader = Reader(GoingOutRummy(), {"dealer": "1"})
    >>> reader.optional_player("dealer"), reader.players
    (1, 2)
    """

    def __init__(self, rules: PlayableRules[Any], sections: dict[str, str]) -> None:
        self.rules = rules
        self.state_class = rules.state_class
        self.sections = sections
        self.players = rules.players
        self.deck = rules.deck()
        self.copies = Counter(self.deck)
        self.on_table: Counter[Card] = Counter()
        self.placed: Counter[Card] = Counter()
        self.fields: dict[str, Any] = {"rules": rules}

    def place(self, cards: Iterable[Card]) -> None:
        """Count cards a section put somewhere: the stock holds the rest of the deck."""
        self.placed.update(cards)

    def closed(self, text: str) -> str:
        """The text with the spaces around ``=`` and ``@`` taken out."""
        return close_up(text, "=@")

    # -- Pieces ---------------------------------------------------------------

    def get(self, key: str) -> str | None:
        """The text of a section, or None when it is left out."""
        return self.sections.get(key)

    def number(self, key: str, *, signed: bool = False) -> int:
        """A section's whole number (0 or more, or any with ``signed``); 0 when left out."""
        text = self.get(key)
        if text is None:
            return 0
        number = whole_number(text)
        if number is None or (number < 0 and not signed):
            what = "a whole number" if signed else "a whole number of 0 or more"
            raise PositionError(f"{key}: {brief(text)} is not {what}")
        return number

    def numbers(self, key: str) -> tuple[int, ...]:
        """A whole number for each player (``scores``)."""
        numbers = [whole_number(word) for word in (self.get(key) or "").split()]
        if len(numbers) != self.players or None in numbers:
            raise PositionError(
                f"{key}: give {self.players} whole numbers, one for each player"
            )
        return tuple(number for number in numbers if number is not None)

    def player(self, key: str, text: str) -> int:
        """A player named in a section, or why there is no such player."""
        number = whole_number(text)
        if number is None or not 0 <= number < self.players:
            raise PositionError(
                f"{key}: there is no player {brief(text, quote=False)}: the players "
                f"are 0 to {self.players - 1}"
            )
        return number

    def optional_player(self, key: str) -> int | None:
        """The player a section names, or None when it is left out."""
        text = self.get(key)
        return None if text is None else self.player(key, text)

    def who(self, key: str) -> list[int]:
        """The players a section names (``-`` for none)."""
        text = self.get(key) or "-"
        return [] if text == "-" else [self.player(key, word) for word in text.split()]

    def card(self, key: str, text: str) -> Card:
        """A card of the deck named in a section, or why it is no such card."""
        try:
            card = Card.parse(text)
        except RummyRulesError as error:
            raise PositionError(f"{key}: {error}") from None
        return self.known(key, card)

    def known(self, key: str, card: Card) -> Card:
        """The card, once the deck has it."""
        if card not in self.copies:
            raise PositionError(
                f"{key}: there is no {card} in the {self.rules.name} deck"
            )
        return card

    def cards(self, key: str, text: str) -> tuple[Card, ...]:
        """The cards a section names (``-`` for none)."""
        words = text.replace(",", " ").split()
        if words == ["-"]:
            return ()
        return tuple(self.card(key, word) for word in words)

    def groups(self, key: str) -> list[str]:
        """The ``/``-separated groups of a section."""
        text = self.get(key)
        return [] if text is None else [group.strip() for group in text.split("/")]

    # -- The state ----------------------------------------------------------------

    def wild(self) -> Rank | None:
        """The wild rank, which every round of a game with one names."""
        text = self.get("wild")
        if text is None:
            if self.rules.wild_ranks:
                raise PositionError(
                    f"wild: a round of {self.rules.name} has a wild rank; name it, "
                    "as in 'wild 5'"
                )
            return None
        try:
            return self.rules.wild_rank(text)
        except RummyRulesError as error:
            raise PositionError(f"wild: {error}") from None

    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every player's hand, sorted as the library shows them."""
        groups = self.groups("hands")
        if not groups:
            raise PositionError(
                "hands: give every player's hand, separated by '/', '-' for an empty one"
            )
        if len(groups) != self.players:
            raise PositionError(
                f"hands: {len(groups)} hands for {self.players} players"
            )
        return tuple(sorted_hand(self.cards("hands", group or "-")) for group in groups)

    def meld(self, number: int, text: str, wild: Rank | None) -> TableMeld:
        """Meld ``number`` as written: its owner, its cards, who played each."""
        key = f"melds: meld {number}"
        owned = _OWNER.match(text)
        if owned is None:
            raise PositionError(f"{key} needs its owner, as in '0: 7S 8S 9S'")
        owner = self.player(key, owned.group(1))
        given: list[tuple[Card, Declaration | None, int]] = []
        for word in close_up(owned.group(2), "=@").replace(",", " ").split():
            card_text, at, by = word.partition("@")
            try:
                cards, declared = melds.parse_declared(card_text)
            except RummyRulesError as error:
                raise PositionError(f"{key}: {error}") from None
            if len(cards) != 1:
                raise PositionError(f"{key}: {brief(word)} is not a card")
            self.laid(key, self.known(key, cards[0]))
            player = self.player(key, by) if at else owner
            given.append((cards[0], declared[0], player))
        meld = self.reading(key, given, wild)
        return TableMeld(meld=meld, owner=owner, played_by=_credits(meld, given))

    def laid(self, key: str, card: Card) -> None:
        """Count a card of the melds: no more of it than the deck holds (ALL-1).

        Counted as each card is read, so that a position with more melds than
        any deck could make is refused before each is read (reading is what
        takes time).
        """
        self.on_table[card] += 1
        if self.on_table[card] > self.copies[card]:
            raise PositionError(
                f"{key} makes {self.on_table[card]} of {card} on the table, and the "
                f"{self.rules.name} deck has {self.copies[card]} (ALL-1)"
            )

    def reading(
        self,
        key: str,
        given: list[tuple[Card, Declaration | None, int]],
        wild: Rank | None,
    ) -> Meld:
        """The one reading of the meld that its declarations name (MELD-5)."""
        cards = [card for card, _, _ in given]
        declared = [meaning for _, meaning, _ in given]
        meld_rules = self.rules.meld_rules
        found = melds.readings(cards, meld_rules, wild=wild, declared=declared)
        exact = [m for m in found if _declares_every_wild(m, given)]
        if exact:
            return exact[0]
        if len(found) == 1:
            return found[0]
        words = [str(card) if d is None else f"{card}={d}" for card, d, _ in given]
        shown = " ".join(words[:_SHOWN])
        if len(words) > _SHOWN:  # a message stays short, however long the text
            shown += f" and {len(words) - _SHOWN} more"
        if not found:
            result = melds.check(cards, meld_rules, wild=wild, declared=declared)
            raise PositionError(
                f"{key} ({shown}) is no meld: {result.reason} ({result.rule})"
            )
        listed = " or ".join(f"'{meld}'" for meld in found)
        raise PositionError(
            f"{key} ({shown}) can be read more than one way; declare its wild cards: {listed}"
        )

    def sheet(self) -> tuple[tuple[int, ...], ...]:
        """The score sheet: a row of whole numbers per finished round."""
        rows: list[tuple[int, ...]] = []
        for number, group in enumerate(self.groups("sheet"), start=1):
            words = group.split()
            if len(words) != self.players:
                raise PositionError(
                    f"sheet: row {number} has {len(words)} scores for {self.players} players"
                )
            row: list[int] = []
            for word in words:
                score = whole_number(word)
                if score is None:
                    raise PositionError(f"sheet: {brief(word)} is not a whole number")
                row.append(score)
            rows.append(tuple(row))
        return tuple(rows)

    def flags(self, key: str) -> tuple[bool, ...]:
        """For each player, whether the section names them."""
        chosen = self.who(key)
        if len(set(chosen)) != len(chosen):
            raise PositionError(f"{key}: a player is named twice")
        return tuple(player in chosen for player in range(self.players))

    def stock(self) -> tuple[Card, ...]:
        """The stock as given, or filled in with the rest of the deck, in its order."""
        text = self.get("stock")
        words = (text or "+").replace(",", " ").split()
        fill = bool(words) and words[-1] in _FILL
        named = self.cards("stock", " ".join(words[:-1] if fill else words) or "-")
        have = self.placed + Counter(named)
        extra = have - self.copies
        if extra:  # every card is the deck's, but some are there too often
            card = next(iter(extra))
            raise PositionError(
                f"the position holds {have[card]} of {card}, and the {self.rules.name} "
                f"deck has {self.copies[card]} (ALL-1)"
            )
        rest = self.copies - have
        if fill:
            return (*named, *in_deck_order(self.deck, rest))
        if rest:
            raise PositionError(
                f"stock: the position lacks {some_cards(rest.elements())} of the deck (ALL-1); "
                "end the stock with '+' to fill in the rest"
            )
        return named


def _as_written(
    meld: Meld, given: list[tuple[Card, Declaration | None, int]]
) -> list[tuple[Card, Declaration | None, int]]:
    """The cards as written, each declaration in the form the meld writes it.

    A set's wild may be written as a card of its rank and a run's as a bare
    rank (MELD-5); the meld reads both its own way.
    """
    return [
        (card, melds.canonical_declaration(meaning, meld), player)
        for card, meaning, player in given
    ]


def _declares_every_wild(
    meld: Meld, given: list[tuple[Card, Declaration | None, int]]
) -> bool:
    """Whether the cards as written name exactly this reading, every wild declared."""
    written = Counter((card, meaning) for card, meaning, _ in _as_written(meld, given))
    return written == Counter(zip(meld.cards, meld.stands_for, strict=True))


def _credits(
    meld: Meld, given: list[tuple[Card, Declaration | None, int]]
) -> tuple[int, ...]:
    """Who played each card of the meld, in table order, from the cards as written.

    Each card takes the first written card that matches it exactly, else the
    first same card written without a declaration. The reading agrees with
    every declaration written, so one of the two is always left.
    """
    # Who wrote each card, by what it was written as, the first written last.
    waiting: dict[tuple[Card, Declaration | None], list[int]] = {}
    for card, meaning, player in reversed(_as_written(meld, given)):
        waiting.setdefault((card, meaning), []).append(player)
    credited: list[int] = []
    for card, meaning in zip(meld.cards, meld.stands_for, strict=True):
        exact = waiting.get((card, meaning))
        credited.append((exact or waiting[card, None]).pop())
    return tuple(credited)


def in_deck_order(deck: Sequence[Card], rest: Counter[Card]) -> tuple[Card, ...]:
    """These cards in the deck's own order, as :meth:`~rummyrules.Rules.stacked_deck` leaves them.

    The cards named elsewhere are taken out of the deck, the first copies
    first, and what is left keeps its place.

    >>> from rummyrules import GoingOutRummy, parse_cards
    >>> from collections import Counter
    >>> deck = parse_cards("AS 2S 3S")
    >>> [str(card) for card in in_deck_order(deck, Counter(parse_cards("3S AS")))]
    ['AS', '3S']
    """
    removed = Counter(deck) - rest
    kept: list[Card] = []
    for card in deck:
        if removed[card] > 0:
            removed[card] -= 1
        else:
            kept.append(card)
    return tuple(kept)
