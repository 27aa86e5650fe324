"""What a hand melds, on bits: its new melds (EOP-7, EOP-8) and the cards it supports (EOP-6).

The new melds are the library's meld search, piece by piece in its order
(a rank's sets, Aces first, then a suit's runs; :mod:`rummyrules.melds.pieces`):
each piece is read from the hand's bits as a small int key and its melds are
kept here as actions, so that a hand lists what the turn machine lists, in
its order. A piece met with new wild cards is made from its templates: the
search's melds with that many wilds, found once on integers
(:mod:`rummyrules.melds.code_search`), each an action with its wild cards'
places left empty, which the hand's own wild cards fill.

>>> from rummyrules import EndOfThePage, parse_cards
>>> from rummyrules.core.cards import Card, Rank
>>> from rummyrules.games.end_of_the_page.core.cards import hand_of
>>> from rummyrules.games.end_of_the_page.core.codes import move_of
>>> rules = EndOfThePage().meld_rules
>>> hand = hand_of(parse_cards("7H 7D 7C 9S"))
>>> [str(move_of(a)) for a in new_melds(hand, Rank.NINE, 9, rules)][:4]
['meld 7D 7C 9S=7', 'meld 7H 7C 9S=7', 'meld 7H 7D 9S=7', 'meld 7H 7D 7C']
"""

from __future__ import annotations

from typing import Final

from rummyrules.core.cards import Card, Rank
from rummyrules.game.rummy500_actions import packed_meld
from rummyrules.games.end_of_the_page.core.cards import ALL_RANKS, CARD, REPL, Hand
from rummyrules.melds import MeldRules
from rummyrules.melds.code_search import run_codes, set_codes, wild_subsets

__all__ = ["new_melds", "supported", "wild_supported"]

_SUIT_BITS: Final = REPL  # bit 0 of each suit's field
_SET_RANKS: Final = (
    14,
    *range(3, 14),
)  # the search's order of ranks: the Ace (1) first
_PIECES: dict[tuple[int, ...], tuple[int, ...]] = {}
"""Each piece's melds as actions, by the piece's key (integers only)."""
_ORDERS: dict[int, tuple[int, ...]] = {}
"""The ranks of a rank mask in the search's order (at most 2**15 masks, each made once)."""
Template = tuple[int, tuple[int, ...], int]
"""A meld of a piece for any rank or suit: its action with its wild cards, rank or suit
left out, where the wild cards go, and what one rank or suit adds (:func:`_templates`)."""
_TEMPLATES: dict[tuple[int, int, int], tuple[Template, ...]] = {}
"""The melds of a kind of piece with a number of wilds, by the kind, the naturals and that number."""
_PIECE_LIMIT: Final = 1 << 16
_STAND_IN: Final = 0  # no card's code: a wild's place in a template
_CARD_SHIFT: Final = (
    11  # a new meld action's first card, above its kind, meld kind and size
)
_CARD_BITS: Final = 13  # a card's code and meaning, in a new meld action
_MEANING_SHIFT: Final = 6  # a card's meaning plus one, above its code
_SETS: Final = 0  # the kinds of piece of rummyrules.melds.pieces
_RUNS: Final = 2


def supported(hand: Hand, wild: int) -> int:
    """EOP-6: the natural cards two natural cards of the hand make a set or run with, as bits.

    Two naturals of its rank (any suits, copies too), or the two places below
    it, around it or above it in its suit; wild cards play no part, and a
    wild card taken is :func:`wild_supported` (EOP-R6).

    >>> from rummyrules import parse_cards
    >>> from rummyrules.games.end_of_the_page.core.cards import CARD, hand_of
    >>> bits = supported(hand_of(parse_cards("9D JD 3S")), 3)
    >>> sorted(str(CARD[b]) for b in range(64) if bits >> b & 1)
    ['10D']
    """
    wilds = (1 << wild) * REPL
    first = hand[0] & ~wilds
    second = hand[1] & ~wilds
    pairs = _two_or_more(first, second)
    below = first << 1
    above = first >> 1
    beside = (below & (first << 2)) | (below & above) | (above & (first >> 2))
    return ((pairs * REPL) | beside) & ALL_RANKS & ~wilds


def wild_supported(hand: Hand, wild: int) -> bool:
    """EOP-R6: whether a wild taken from deep can stand for a card two naturals of the hand meld with.

    Two naturals of a rank (a set), or two of a suit one or two places apart
    with the wild's place beside or between them on the ladder (3 to Ace).

    >>> from rummyrules import parse_cards
    >>> from rummyrules.games.end_of_the_page.core.cards import hand_of
    >>> wild_supported(hand_of(parse_cards("KD AD 3S")), 3)  # 3S=QD KD AD
    True
    >>> wild_supported(hand_of(parse_cards("9D QD 3S 3H")), 3)
    False
    """
    wilds = (1 << wild) * REPL
    first = hand[0] & ~wilds
    if _two_or_more(first, hand[1] & ~wilds):
        return True
    below = first << 1
    above = first >> 1
    beside = (below & (first << 2)) | (below & above) | (above & (first >> 2))
    return bool(beside & ALL_RANKS)


def _two_or_more(first: int, second: int) -> int:
    """The ranks (as bits of one 16-bit field) of which the masks hold two cards or more."""
    a = first & 0xFFFF
    b = first >> 16 & 0xFFFF
    c = first >> 32 & 0xFFFF
    d = first >> 48
    pairs = (a & b) | (c & d) | ((a | b) & (c | d))  # two of the four fields
    if second:
        pairs |= (second | second >> 16 | second >> 32 | second >> 48) & 0xFFFF
    return pairs


def new_melds(
    hand: Hand, wild: Rank, wild_rank: int, meld_rules: MeldRules
) -> list[int]:
    """Every new meld of the hand as actions, in the library's search order (EOP-7, EOP-8)."""
    first, second, third, _, _ = hand
    wilds = (1 << wild_rank) * REPL
    w1, w2, w3 = first & wilds, second & wilds, third & wilds
    wild_count = w1.bit_count() + w2.bit_count() + w3.bit_count()
    wild_key = (w1 | w2 << 1 | w3 << 2) >> wild_rank | wild_rank << 56
    first &= ~wilds
    second &= ~wilds
    third &= ~wilds
    found: list[int] = []
    pieces = _PIECES
    ranks = _two_or_more(first, second)
    if ranks:
        need = 2 if wild_count else 3
        order = _ORDERS.get(ranks)
        if order is None:
            order = _ORDERS[ranks] = tuple([r for r in _SET_RANKS if ranks >> r & 1])
        for rank in order:
            natural = (
                (first >> rank & _SUIT_BITS)
                | (second >> rank & _SUIT_BITS) << 1
                | (third >> rank & _SUIT_BITS) << 2
            )
            if natural.bit_count() < need:
                continue
            key = (_SETS, rank, natural, wild_key)
            melds = pieces.get(key)
            if melds is None:
                melds = _found(key, hand, wild, meld_rules)
            found += melds
    # Two naturals next to each other in a run lie one or two places apart (at
    # most one wild between them, EOP-8): a card with no other within two
    # places of it is in no run, and is left out of the piece's key.
    near = (first << 1) | (first << 2) | (first >> 1) | (first >> 2)
    runs = first & near
    for suit in range(4):
        held = runs >> (16 * suit) & 0xFFFF
        if held and held.bit_count() + wild_count >= 3:
            key = (_RUNS, suit, held, wild_key)
            melds = pieces.get(key)
            if melds is None:
                melds = _found(key, hand, wild, meld_rules)
            found += melds
    return found


def _card(bit: int) -> Card:
    card = CARD[bit]
    if card is None:  # pragma: no cover - a hand's bits are cards
        raise AssertionError(bit)
    return card


def _found(
    key: tuple[int, ...], hand: Hand, wild: Rank, meld_rules: MeldRules
) -> tuple[int, ...]:
    """A piece's melds as actions, its wild cards put in its templates' places (then kept)."""
    kind, place, natural, _ = key
    wilds = (1 << (key[3] >> 56)) * REPL
    wild_codes: list[int] = []
    for copies in hand[:3]:
        bits = copies & wilds
        while bits:
            low = bits & -bits
            bits ^= low
            wild_codes.append(int(_card(low.bit_length() - 1)))
    count = len(wild_codes)
    template_key = (kind, natural, count)
    templates = _TEMPLATES.get(template_key)
    if templates is None:
        templates = _templates(template_key, wild, meld_rules)
    # A set's rank (the library's, the Ace 1) or a run's suit: the templates'
    # one unknown, added in at each place it shows (see _templates).
    unit = (1 if place == 14 else place) if kind == _SETS else place
    subsets = wild_subsets(tuple(sorted(wild_codes)))
    found: list[int] = []
    for action, shifts, step in templates:
        made = action + unit * step
        if not shifts:
            found.append(made)
            continue
        for extra in subsets[len(shifts)]:
            filled = made
            for shift, code in zip(shifts, extra, strict=True):
                filled |= code << shift
            found.append(filled)
    if len(_PIECES) >= _PIECE_LIMIT:
        _PIECES.clear()  # forgetting costs only a fresh expansion
    melds = _PIECES[key] = tuple(found)
    return melds


def _templates(
    key: tuple[int, int, int], wild: Rank, meld_rules: MeldRules
) -> tuple[Template, ...]:
    """The melds of a kind of piece with ``count`` wilds, in the library's order, as templates.

    The search (:mod:`rummyrules.melds.code_search`) is asked once, for the
    spades' run or the Aces' set of these naturals, with that many copies of
    one stand-in code (0, no card's), so that each way to place the wilds
    comes once. Each meld is kept as its action less the spades' suit or the
    Aces' rank, with where its wild cards go and what one suit or rank adds
    (a natural's code, a wild's meaning): a suit is the low bits of a run's
    codes, a rank a set's codes over four, so no field carries into another.
    """
    kind, natural, count = key
    stand_ins = (_STAND_IN,) * count
    if kind == _SETS:
        copies = 0
        for suit in range(4):
            held = (natural >> (16 * suit)) & 7
            copies |= held.bit_count() << (4 * suit)
        codes = set_codes(1, copies, stand_ins, int(wild), meld_rules)
        card_step, meaning_step, unit = 4, 1, 1  # the Aces: rank 1
    else:
        held = (natural & 0x3FF8) | (2 if natural >> 14 & 1 else 0)
        codes = run_codes(0, held, stand_ins, meld_rules)
        card_step, meaning_step, unit = 1, 1, 0  # the spades: suit 0
    found: list[Template] = []
    for code in codes:
        size = len(code) >> 1
        shifts: list[int] = []
        step = 0
        for slot in range(size):
            shift = _CARD_SHIFT + _CARD_BITS * slot
            if code[1 + slot] == _STAND_IN:
                shifts.append(shift)
                step += meaning_step << (shift + _MEANING_SHIFT)
            else:
                step += card_step << shift
        found.append((packed_meld(code) - unit * step, tuple(shifts), step))
    if len(_TEMPLATES) >= _PIECE_LIMIT:
        _TEMPLATES.clear()
    templates = _TEMPLATES[key] = tuple(found)
    return templates
