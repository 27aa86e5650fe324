"""The melds on the table, and who played each card (MELD-6, EOP-9, EOP-16).

In End of the Page and 1400 a card laid off on someone else's meld still
scores for the player who laid it (the seeds say to keep it in front of
yourself). A :class:`TableMeld` therefore records, card by card, who played
it, while the meld itself stays one meld for the rules.

>>> from rummyrules import EndOfThePage
>>> rules = EndOfThePage()
>>> laid = TableMeld.laid(rules.check_meld("7S 8S 9S").melds[0], owner=0)
>>> after = laid.with_card(rules.check_meld("7S 8S 9S 10S").melds[0], player=1)
>>> str(after), after.owner, after.played_by
('7S 8S 9S 10S', 0, (0, 0, 0, 1))
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from rummyrules.core.cards import Card
from rummyrules.melds import Declaration, Meld

__all__ = ["TableMeld", "played_by_each"]


@attrs.frozen(kw_only=True)
class TableMeld:
    """A meld on the table: the meld, who laid it, and who played each card.

    ``played_by`` has one player number per card of ``meld.cards``, in the
    same order.

    >>> from rummyrules import GoingOutRummy
    >>> meld = GoingOutRummy(wildcards=1).check_meld("4C 5C *=6C").melds[0]
    >>> TableMeld.laid(meld, owner=2).played_by
    (2, 2, 2)
    """

    meld: Meld
    owner: int
    played_by: tuple[int, ...]

    @classmethod
    def laid(cls, meld: Meld, *, owner: int) -> TableMeld:
        """A meld just laid by ``owner``: every card is theirs.

        >>> from rummyrules import EndOfThePage
        >>> TableMeld.laid(
        ...     EndOfThePage().check_meld("QS KS AS").melds[0], owner=1
        ... ).owner
        1
        """
        return cls(meld=meld, owner=owner, played_by=(owner,) * len(meld.cards))

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards on the table, in table order (a run from low to high).

        >>> from rummyrules import EndOfThePage
        >>> meld = EndOfThePage().check_meld("KS QS JS").melds[0]
        >>> [str(card) for card in TableMeld.laid(meld, owner=0).cards]
        ['JS', 'QS', 'KS']
        """
        return self.meld.cards

    def with_card(self, after: Meld, *, player: int) -> TableMeld:
        """This meld after ``player`` laid one card off on it, reading ``after``.

        The cards already there keep who played them; the one new card is
        credited to ``player``.

        >>> from rummyrules import EndOfThePage
        >>> rules = EndOfThePage()
        >>> meld = TableMeld.laid(rules.check_meld("8S 9S 10S").melds[0], owner=1)
        >>> meld.with_card(
        ...     rules.check_meld("7S 8S 9S 10S").melds[0], player=0
        ... ).played_by
        (0, 1, 1, 1)
        """
        waiting = list(
            zip(self.meld.cards, self.meld.stands_for, self.played_by, strict=True)
        )
        credited: list[int] = []
        new_card_seen = False
        # A meld of wilds left open becomes a set or a run when a card decides
        # it, and its wilds gain meanings: then match the cards alone.
        loose = after.kind is not self.meld.kind
        for card, meaning in zip(after.cards, after.stands_for, strict=True):
            match = _take(waiting, card, meaning, loose=loose)
            if match is None:
                if new_card_seen:  # pragma: no cover - a lay-off adds one card
                    raise AssertionError(after)
                new_card_seen = True
                credited.append(player)
            else:
                credited.append(match)
        return attrs.evolve(self, meld=after, played_by=tuple(credited))

    def __str__(self) -> str:
        return str(self.meld)


def _take(
    waiting: list[tuple[Card, Declaration | None, int]],
    card: Card,
    meaning: Declaration | None,
    *,
    loose: bool,
) -> int | None:
    """Find (and remove) the old entry for this card: who played it."""
    for index, (old_card, old_meaning, player) in enumerate(waiting):
        if old_card == card and (loose or old_meaning == meaning):
            del waiting[index]
            return player
    return None


def played_by_each(
    melds: tuple[TableMeld, ...], players: int, value: Callable[[Card], int]
) -> list[int]:
    """What each player's cards on the table are worth, by who played them.

    >>> from rummyrules import EndOfThePage
    >>> rules = EndOfThePage()
    >>> meld = TableMeld.laid(rules.check_meld("AS KS QS").melds[0], owner=1)
    >>> played_by_each((meld,), 2, rules.card_value)
    [0, 120]
    """
    totals = [0] * players
    for meld in melds:
        for card, player in zip(meld.cards, meld.played_by, strict=True):
            totals[player] += value(card)
    return totals
