"""F14-9 on integers: which cards of the spread pile a player could use this turn.

A player may take a card of the discard pile, with every card above it,
only if some plays this turn can use it (F14-8, F14-9;
:mod:`~rummyrules.games.fourteen_hundred.using` says why one look is all of
it, and :class:`~rummyrules.game.pile_reach.PileWalk` is the library's walk).
Here the walk goes down the pile on counts: the wilds held, the naturals of
each rank, and each suit's places on the ladder 2 … K A as bits, each card
added once it is answered. A natural card is usable when

- it fits a meld as the table lies, and the player may lay off (F14-R7);
- it makes a new meld of three with two held cards: two more of its rank or
  wilds (a set), or the two other places of three in a row around it held
  in its suit or filled by wilds (a run; no spacing rule, F14-11);
- the player may lay off and the places between a run of its suit on the
  table and the card are held, or filled by wilds (lay-offs first).

A wild card, or a player who must meld before laying off (F14-R7's
option), is answered by the library's walk: rare, and its search is the
full one.

>>> from rummyrules import FourteenHundred
>>> from rummyrules.games.fourteen_hundred.core.codes import move_of
>>> from rummyrules.games.fourteen_hundred.core.value import encode
>>> game = FourteenHundred(players=2).position(
...     "wild 3 | to_move 0 draw | hands 8H 4C / KS KD QC | melds 1: 5H 6H 7H"
...     " | pile 10S 9H"
... )
>>> [str(move_of(action)) for action in takes(encode(game), 0)]
['take 9H']
"""

from __future__ import annotations

from typing import Final

from rummyrules.core.cards import Card
from rummyrules.game.pile_reach import PileWalk
from rummyrules.game.table import TableMeld
from rummyrules.games.fourteen_hundred.core.codes import TAKE
from rummyrules.games.fourteen_hundred.core.laying import table_facts
from rummyrules.games.fourteen_hundred.core.value import (
    HANDS,
    MELDS,
    PILE,
    RULES,
    WILD,
    Value,
    state_of,
)

__all__ = ["takes"]

_PLACE: Final = (-1, 12, *range(12))  # no rank 0; the Ace (1) high, 2 at place 0
"""Each rank's place on 1400's ladder of runs, 2 … K A (F14-10), by the rank's int."""
_WINDOWS: Final = tuple(
    tuple(
        (1 << a) | (1 << b)
        for a, b in ((p - 2, p - 1), (p - 1, p + 1), (p + 1, p + 2))
        if a >= 0 and b <= 12
    )
    for p in range(13)
)
"""The two other places of each three in a row around a place, as bits."""
_BIT: Final = tuple(0 if place < 0 else 1 << place for place in _PLACE)
"""Each rank's place on the ladder as a bit, by the rank's int (none for rank 0)."""


def takes(core: Value, player: int) -> list[int]:
    """The take actions the player to move could use this turn, top first (F14-8, F14-9)."""
    pile: tuple[Card, ...] = core[PILE]
    rules = core[RULES]
    melds: tuple[TableMeld, ...] = core[MELDS]
    meld_first = rules.lay_off_needs_meld
    down = not meld_first or any(meld.owner == player for meld in melds)
    wild = core[WILD]
    wild_rank = int(wild)
    # The cards that fit as the table lies, and its runs' suits and ends.
    _, fitting, runs = table_facts(melds, wild, rules.meld_rules)
    run_ends = [ends for _, ends in runs]
    wilds = 0
    ranks = [0] * 14
    suits = [0, 0, 0, 0]
    for held in core[HANDS][player]:
        rank = held >> 2
        if rank == wild_rank:
            wilds += 1
        else:
            ranks[rank] += 1
            suits[held & 3] |= _BIT[rank]
    walk: PileWalk | None = None
    found: list[int] = []
    seen = 0
    usable: int  # a bool, or a bit of the fit mask
    for depth, card in enumerate(pile):
        rank = card >> 2
        if not seen >> card & 1:  # a card is taken at its topmost copy
            seen |= 1 << card
            if rank == wild_rank or not down:
                if walk is None:  # the library's walk, the full search
                    walk = PileWalk(
                        state_of(core), player, down=down, meld_first=meld_first
                    )
                usable = walk.usable(depth)
            else:
                # The commonest answers first, here: the card fits the table
                # as it lies, or makes a set of three (F14-9).
                usable = (
                    fitting >> card & 1
                    or wilds + ranks[rank] >= 2
                    or _usable(card, wilds, suits, run_ends)
                )
            if usable:
                found.append(TAKE | (card + 1) << 3 if depth else TAKE)
        if rank == wild_rank:
            wilds += 1
        else:
            ranks[rank] += 1
            suits[card & 3] |= _BIT[rank]
    return found


def _usable(
    code: int, wilds: int, suits: list[int], runs: list[tuple[int, int, int]]
) -> bool:
    """F14-9 of a natural card that neither fits the table nor makes a set: a run.

    For a player who may lay off, on the counts of the hand and the cards
    above it: a new run of three, or one of the table's runs reached.
    """
    rank, suit = code >> 2, code & 3
    place = _PLACE[rank]
    places = suits[suit]
    need = 2 - wilds
    for window in _WINDOWS[place]:
        if (places & window).bit_count() >= need:
            return True  # a run of three
    for run_suit, low, high in runs:
        if run_suit != suit:
            continue
        if place > high:
            gap = range(high + 1, place)
        elif place < low:
            gap = range(place + 1, low)
        else:
            continue
        if sum(not places >> at & 1 for at in gap) <= wilds:
            return True  # cards laid off first reach it
    return False
