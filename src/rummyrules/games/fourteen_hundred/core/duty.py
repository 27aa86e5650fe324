"""F14-9's duty during the plays: the card taken from the pile stays usable.

A player who took a card from the discard pile must use it before the turn
ends, so a play that leaves it unused is listed only if some plays could
still use it after (F14-9;
:func:`~rummyrules.games.fourteen_hundred.using.uses_card` is the rule,
and says why one look is all of it). Most plays are answered here on
integers:

- a play that uses the card, or leaves a meld it fits as it lies (a play
  changes one meld at most), keeps it usable;
- so does one after which the meld it lays or changes takes the card (a
  wild fits any set, and any run with room at an end);
- and, for a natural card, one after which two cards left in the hand make
  a meld of three with it (two more of its rank or wilds, or the two other
  places of three in a row around it in its suit, held or filled by wilds:
  no spacing rule, F14-11), or lay-offs of cards left reach it from the end
  of a run of its suit.

For a natural card that is the whole rule; a wild card no meld would take,
or a meld whose reading is the library's (wilds only, or a set of the wild
rank), is asked of the rule itself.

>>> from rummyrules import FourteenHundred
>>> from rummyrules.games.fourteen_hundred.core.codes import move_of
>>> from rummyrules.games.fourteen_hundred.core.listing import listed
>>> from rummyrules.games.fourteen_hundred.core.value import encode
>>> game = FourteenHundred(players=2).position(
...     "wild 3 | dealer 1 | to_move 0 play | turn taken 9H must_use 9H"
...     " | hands 9H 9S 9C 8H 4C / KS KD QC | melds 1: 5H 6H 7H"
... )
>>> [str(move_of(a)) for a in listed(encode(game), 0)]
['meld 9S 9H 9C', 'lay 8H on 1']
>>> [str(move) for move in game.legal_moves()]
['meld 9S 9H 9C', 'lay 8H on 1']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from rummyrules.core.cards import Card
from rummyrules.game.table import TableMeld
from rummyrules.games.fourteen_hundred import using
from rummyrules.games.fourteen_hundred.core.codes import (
    meld_holds,
    move_of,
)
from rummyrules.games.fourteen_hundred.core.laying import code_facts, table_facts
from rummyrules.games.fourteen_hundred.core.value import (
    HANDS,
    MELDS,
    RULES,
    TO_MOVE,
    WILD,
    Value,
    state_of,
)
from rummyrules.melds import MeldKind
from rummyrules.melds.codes import meld_code

__all__ = ["keeping_usable"]

_CARD_BITS: Final = 13  # a new meld action's bits a card (codes.py)
_PLACE: Final = (-1, 12, *range(12))  # no rank 0; the Ace (1) high, 2 at place 0
_SET: Final = list(MeldKind).index(MeldKind.SET)  # a meld code's kinds
_RUN: Final = list(MeldKind).index(MeldKind.RUN)
_RANK_BASE: Final = 64  # a meaning that is a rank: 64 plus the rank (melds/codes.py)
_TOP: Final = 12  # the ladder's last place, the Ace (F14-10)
_RANK: Final = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1)  # each place's rank
_WINDOWS: Final = tuple(
    tuple(
        (a, b)
        for a, b in ((p - 2, p - 1), (p - 1, p + 1), (p + 1, p + 2))
        if a >= 0 and b <= 12
    )
    for p in range(13)
)
"""The two other places of each three in a row around a place."""


def keeping_usable(
    core: Value, card: Card, melds: list[int], lay_offs: list[int]
) -> list[int]:
    """The new melds, then the lay-offs, after which the card taken could still be used."""
    fits_on = _fits_on(core, card)
    player = core[TO_MOVE]
    hand: tuple[Card, ...] = core[HANDS][player]
    wild_rank = int(core[WILD])
    natural = card >> 2 != wild_rank
    counts = [0] * 56
    for held in hand:
        counts[held] += 1
    counts[card] -= 1  # the card itself, to be used
    wilds = sum(counts[wild_rank * 4 + suit] for suit in range(4))
    # The runs of the card's suit on the table, by number: lay-offs on them
    # may reach the card once the play is made (each play changes one meld).
    table: tuple[TableMeld, ...] = core[MELDS]
    runs = [
        (number, low, high)
        for number, (suit, low, high) in table_facts(
            table, core[WILD], core[RULES].meld_rules
        )[2]
        if suit == card & 3
    ]
    ends = [(low, high) for _, low, high in runs]
    left = (counts, wilds, wild_rank)
    asked: list[Callable[[object], object]] = []  # the rule, once made
    kept: list[int] = []
    for action in melds:
        if fits_on or meld_holds(action, card):
            kept.append(action)
            continue
        facts = _action_facts(action, wild_rank)
        changed = None if facts is None else _changed(card, facts, wild_rank)
        if changed is not None and (natural or changed[0]):
            # Answered on integers: for a natural card, the whole rule.
            if changed[0] or _still_usable(
                card, left, _meld_cards(action), changed, ends
            ):
                kept.append(action)
            continue
        if _allowed(core, action, asked):
            kept.append(action)
    kept += _lay_offs_kept(core, card, lay_offs, (fits_on, left, runs), asked)
    return kept


def _lay_offs_kept(
    core: Value,
    card: Card,
    lay_offs: list[int],
    facts: tuple[int, tuple[list[int], int, int], list[tuple[int, int, int]]],
    asked: list[Callable[[object], object]],
) -> list[int]:
    """The lay-offs after which the card could still be used (see above)."""
    fits_on, left, runs = facts
    natural = card >> 2 != left[2]
    table: tuple[TableMeld, ...] = core[MELDS]
    kept: list[int] = []
    for action in lay_offs:
        laid_card = action >> 3 & 63
        number = action >> 9 & 0xFFFF
        if fits_on & ~(1 << number) or laid_card == card:
            kept.append(action)
            continue
        wild_rank = left[2]
        shown = code_facts(meld_code(table[number - 1].meld), wild_rank)
        if shown is not None and shown[0]:  # a run: the card laid extends it
            meaning = (action >> 25) - 1
            target = _PLACE[(meaning if meaning >= 0 else laid_card) >> 2]
            low, high = shown[2], shown[3]
            shown = (1, shown[1], min(low, target), max(high, target))
        changed = None if shown is None else _changed(card, shown, wild_rank)
        if changed is not None and (natural or changed[0]):
            # Answered on integers: for a natural card, the whole rule.
            if changed[0] or _still_usable(
                card,
                left,
                (laid_card,),
                changed,
                [(low, high) for at, low, high in runs if at != number],
            ):
                kept.append(action)
            continue
        if _allowed(core, action, asked):
            kept.append(action)
    return kept


def _allowed(core: Value, action: int, asked: list[Callable[[object], object]]) -> bool:
    """The rule's own answer for a play (made once a listing, kept in ``asked``)."""
    if not asked:
        asked.append(_rule(core))
    return asked[0](move_of(action)) is None


def _changed(
    card: int, facts: tuple[int, int, int, int], wild_rank: int
) -> tuple[bool, tuple[int, int] | None]:
    """Whether the card fits the meld a play lays or changes, and its ends if a run of its suit.

    A wild fits any set (not of the wild rank: those are the library's), and
    a run with room at either end (MELD-4, MELD-6).
    """
    kind, which, low, high = facts
    if card >> 2 == wild_rank:
        return (not kind or low > 0 or high < _TOP), None
    if not kind:
        return card >> 2 == which, None  # a set of the card's rank takes it
    if which != card & 3:
        return False, None
    place = _PLACE[card >> 2]
    return place in {low - 1, high + 1}, (low, high)


def _still_usable(
    card: int,
    left: tuple[list[int], int, int],
    played: list[int] | tuple[int, ...],
    changed: tuple[bool, tuple[int, int] | None],
    ends: list[tuple[int, int]],
) -> bool:
    """Whether the natural card can be used after the play (the player is down then).

    ``left`` is the hand's counts before the play (the card out), its wilds
    and the wild rank; ``changed`` whether the card fits the meld the play
    lays or changes, and that meld's ends if it is a run of the card's suit;
    ``ends`` the other runs of the card's suit.
    """
    fits, run = changed
    if fits:
        return True
    counts, wilds, wild_rank = left
    for code in played:
        counts[code] -= 1
        if code >> 2 == wild_rank:
            wilds -= 1
    try:
        if _melds_after(card, counts, wilds, wild_rank):
            return True
        if run is not None:
            ends = [*ends, run]
        return _reached(card, counts, wilds, wild_rank, ends)
    finally:
        for code in played:
            counts[code] += 1


def _reached(
    card: int,
    counts: list[int],
    wilds: int,
    wild_rank: int,
    ends: list[tuple[int, int]],
) -> bool:
    """Whether held cards laid off first fill the places between a run's end and the card."""
    place, suit = _PLACE[card >> 2], card & 3
    for low, high in ends:
        if place > high:
            gap = range(high + 1, place)
        elif place < low:
            gap = range(place + 1, low)
        else:
            continue
        missing = 0
        for at in gap:
            rank = _RANK[at]
            if rank == wild_rank or not counts[rank * 4 + suit]:
                missing += 1
        if missing <= wilds:
            return True
    return False


def _rule(core: Value) -> Callable[[object], object]:
    """F14-9's own test of a play (there is one: a card waits to be used)."""
    test = using.uses_card(state_of(core))
    if test is None:  # pragma: no cover - asked only while a card waits
        return _keeps
    return test  # type: ignore[return-value]  # it takes the listed plays


def _keeps(move: object) -> None:  # pragma: no cover - see _rule
    """No rule refuses the play."""
    del move


def _fits_on(core: Value, card: Card) -> int:
    """The numbers of the melds the card fits as they lie, as bits."""
    meld_rules, wild = core[RULES].meld_rules, core[WILD]
    shapes, fitting, _ = table_facts(core[MELDS], wild, meld_rules)
    fits_on = 0
    if fitting >> card & 1:
        for number, (mask, _) in enumerate(shapes, start=1):
            if mask >> card & 1:
                fits_on |= 1 << number
    return fits_on


def _action_facts(action: int, wild_rank: int) -> tuple[int, int, int, int] | None:
    """:func:`~.laying.code_facts` of a new meld action, read off its bits (codes.py).

    >>> from rummyrules import FourteenHundred
    >>> from rummyrules.games.fourteen_hundred.core.codes import meld_action
    >>> rules = FourteenHundred()
    >>> texts = ["5H 3C 7H", "3D 8H 9H", "7S 7H 3C", "QH KH 3S"]
    >>> melds = [rules.check_meld(text, wild="3").melds[0] for text in texts]
    >>> codes = [meld_code(meld.wilds_in_order()) for meld in melds]
    >>> [_action_facts(meld_action(code), 3) for code in codes] == [
    ...     code_facts(code, 3) for code in codes
    ... ]
    True
    """
    packed = action >> 3
    kind = packed & 7
    size = packed >> 3 & 31
    rest = packed >> 8
    if kind == _RUN:
        first = rest & 8191
        last = rest >> _CARD_BITS * (size - 1) & 8191
        # A wild's place is its meaning (plus one, above the card's six bits).
        low = (first >> 6) - 1 if first >> 6 else first
        high = (last >> 6) - 1 if last >> 6 else last
        return (1, low & 3, _PLACE[low >> 2], _PLACE[high >> 2])
    if kind != _SET:
        return None
    rank = ((rest >> 6 & 127) - 1) - _RANK_BASE  # a set of wilds: what they stand for
    for _ in range(size):
        if not rest >> 6 & 127:  # the first natural card gives the rank
            rank = (rest & 63) >> 2
            break
        rest >>= _CARD_BITS
    return None if rank == wild_rank else (0, rank, 0, 0)


def _meld_cards(action: int) -> list[int]:
    """The codes of the cards a new meld action packs (codes.py's layout)."""
    rest = action >> 11
    found = []
    for _ in range(action >> 6 & 31):
        found.append(rest & 63)
        rest >>= _CARD_BITS
    return found


def _melds_after(card: int, counts: list[int], wilds: int, wild_rank: int) -> bool:
    """Whether the natural card makes a meld of three with two cards the counts hold."""
    rank, suit = card >> 2, card & 3
    same = sum(counts[rank * 4 + other] for other in range(4))
    if wilds + same >= 2:
        return True  # a set of three
    need = 2 - wilds
    for a, b in _WINDOWS[_PLACE[rank]]:
        # A card of the wild rank is a wild here, counted above.
        first, second = _RANK[a], _RANK[b]
        held = (first != wild_rank and counts[first * 4 + suit] > 0) + (
            second != wild_rank and counts[second * 4 + suit] > 0
        )
        if held >= need:
            return True  # a run of three
    return False
