"""What the melds on a table allow, worked out once a table: lay-offs and the runs' ends.

In End of the Page and 1400 the same melds lie on the table for many turns
while hand after hand is offered to them. The last-card rule (EOP-12), a
claim of a discard (F14-12) and the reach of a card taken from the pile
(F14-9) all ask the same table the same questions: which cards fit a meld
as it lies, and where each run of a suit ends. One :class:`TableAnalysis`
answers them all for one table.

States of a round share the table (the same tuple of melds) from one meld
laid to the next; a rule that looks one play ahead makes a state or two with
another table and then comes back. The analyses of the last few tables are
kept, found by identity without hashing a meld, so the look ahead does not
throw away the table at hand.

>>> from rummyrules import EndOfThePage, parse_cards
>>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
>>> table = table_analysis(game)
>>> table is table_analysis(game.apply("discard 3H"))
True
>>> [table.fits_code(int(card)) for card in parse_cards("KS 7C")]
[True, False]
"""

from __future__ import annotations

from typing import Final

from rummyrules.core.cards import Card, Rank, Suit
from rummyrules.game.lay_off_tables import TableLayOffs, table_lay_offs
from rummyrules.game.rummy500 import Rummy500State
from rummyrules.game.table import TableMeld
from rummyrules.melds import Meld, MeldKind, MeldRules

__all__ = ["RunEnds", "TableAnalysis", "analysis_of", "run_ends", "table_analysis"]

RunEnds = tuple[Meld, int, int]
"""A run on the table, with the places of its first and last cards on the ladder."""


class TableAnalysis:
    """What one table's melds allow: which cards fit, and its runs by suit.

    What fits (:class:`~rummyrules.game.lay_off_tables.TableLayOffs`) is
    worked out card by card as cards are asked; the runs' ends the first time a
    card's reach is asked (1400's F14-9).
    """

    __slots__ = ("_runs", "lay_offs", "meld_rules", "melds", "wild")

    def __init__(
        self, melds: tuple[TableMeld, ...], meld_rules: MeldRules, wild: Rank | None
    ) -> None:
        self.melds = melds
        self.meld_rules = meld_rules
        self.wild = wild
        self.lay_offs: TableLayOffs = table_lay_offs(
            tuple([table_meld.meld for table_meld in melds]), meld_rules, wild
        )
        self._runs: dict[Suit | None, list[RunEnds]] | None = None

    def fits_code(self, code: int) -> bool:
        """Whether the card with this code fits some meld as the table lies (a bit test).

        >>> from rummyrules import EndOfThePage
        >>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
        >>> table_analysis(game).fits_code(int(Card.parse("KS")))
        True
        """
        return self.lay_offs.fits_code(code)

    def runs(self, suit: Suit | None) -> list[RunEnds]:
        """The runs of a suit on the table, each with its ends on the ladder.

        >>> from rummyrules import FourteenHundred
        >>> game = FourteenHundred(players=2).position(
        ...     "wild 3 | to_move 0 draw | hands 8H 4C / KS KD QC | melds 1: 5H 6H 7H"
        ...     " | pile 10S 9H"
        ... )
        >>> [
        ...     (str(meld), low, high)
        ...     for meld, low, high in table_analysis(game).runs(Suit.HEARTS)
        ... ]
        [('5H 6H 7H', 3, 5)]
        """
        runs = self._runs
        if runs is None:
            runs = {}
            for table_meld in self.melds:
                meld = table_meld.meld
                if meld.kind is MeldKind.RUN:
                    runs.setdefault(meld.suit, []).append(
                        run_ends(meld, self.meld_rules)
                    )
            self._runs = runs
        return runs.get(suit, [])


def table_analysis(state: Rummy500State) -> TableAnalysis:
    """The analysis of the state's table, made once and kept while the table is at hand.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw")
    >>> table_analysis(game).fits_code(int(Card.parse("KS")))
    False
    """
    return analysis_of(state.melds, state.rules.meld_rules, state.wild)


def analysis_of(
    melds: tuple[TableMeld, ...], meld_rules: MeldRules, wild: Rank | None
) -> TableAnalysis:
    """The analysis of these melds on a table, made once and kept while they are at hand.

    >>> from rummyrules import EndOfThePage
    >>> game = EndOfThePage().new_game(seed=3).apply("draw").apply("meld KH KD KC")
    >>> analysis_of(game.melds, game.rules.meld_rules, game.wild) is table_analysis(
    ...     game
    ... )
    True
    """
    kept = _KEPT[0]
    for found in kept:
        same = found.melds is melds and found.meld_rules is meld_rules
        if same and found.wild is wild:
            return found
    found = TableAnalysis(melds, meld_rules, wild)
    # One tuple, read and replaced whole, so threads never see half of one;
    # each entry holds its melds, so no other table can take its identity.
    _KEPT[0] = (found, *kept[: _KEEP - 1])
    return found


_KEEP: Final = 4
"""Tables kept: the one at hand, and the few a look one play ahead makes."""
_KEPT: list[tuple[TableAnalysis, ...]] = [()]


def run_ends(meld: Meld, meld_rules: MeldRules) -> RunEnds:
    """A run with the places of its first and last cards on the ladder.

    >>> from rummyrules import FourteenHundred
    >>> rules = FourteenHundred()
    >>> meld, low, high = run_ends(
    ...     rules.check_meld("QS KS AS").melds[0], rules.meld_rules
    ... )
    >>> low, high
    (10, 12)
    """
    return (meld, *_ends(meld, meld_rules))


def _ends(meld: Meld, meld_rules: MeldRules) -> tuple[int, int]:
    first = meld.stands_for[0] or meld.cards[0]
    last = meld.stands_for[-1] or meld.cards[-1]
    length = len(meld.cards)
    if not (isinstance(first, Card) and isinstance(last, Card)):  # pragma: no cover
        return -1, -1  # a run's ends stand for cards
    if first.rank is None or last.rank is None:  # pragma: no cover - as above
        return -1, -1
    for low in meld_rules.places[first.rank]:
        if low + length - 1 in meld_rules.places[last.rank]:
            return low, low + length - 1
    return -1, -1  # pragma: no cover - a run on the table lies on the ladder
