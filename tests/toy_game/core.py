"""Toy Rummy's integer core: its turn over small integers, for the fast path.

The turn machine (``machine.py``) says what the rules are, and why a move is
refused; the core plays them fast, on integers, and the conformance suite
(``tests/conformance/test_fast_path.py``) checks it against the machine at
every state of random play. Read it beside the machine, top to bottom:

- a card is its code, ``4 * rank + suit`` (the :class:`~rummyrules.Card` is
  that int already), so a hand is one bit mask, and its cards in bit order are
  the hand as the library shows it (TOY-1: one pack, no card twice);
- a move is an int, an *action*, its kind in the low two bits: ``DRAW``,
  ``TAKE`` and ``BURN`` (TOY-3, TOY-8), a discard of card ``c`` (TOY-5) is
  ``c << 2 | 1``, a new meld of the cards in mask ``m`` (TOY-4) is
  ``m << 2 | 2``;
- a position, the *core value*, is a tuple (``HANDS`` … ``FIXED``), a new one
  each move; the state's fields are made from it when first read (``fields``).

>>> from toy_game import ToyRummy
>>> game = ToyRummy(burns=True).new_game(seed=7)
>>> game.legal_actions() == (DRAW, TAKE, BURN)
True
>>> after = game.apply_action(TAKE)
>>> after == game.apply("take"), str(after.action_to_move(after.legal_actions()[-1]))
(True, 'discard QS')
"""

from __future__ import annotations

from itertools import product
from typing import Any, Final

from rummyrules import (
    Card,
    Discard,
    Draw,
    Meld,
    MeldKind,
    Move,
    NewMeld,
    Phase,
    TableMeld,
    Take,
)
from rummyrules.authoring import BY_CODE

from .moves import Burn

__all__ = ["BURN", "CORE", "DRAW", "TAKE", "ToyCore"]

# --- Actions ----------------------------------------------------------------------

DRAW: Final = 0
"""Draw the top card of the stock (TOY-3)."""
TAKE: Final = 4
"""Take the top card of the discard pile (TOY-3)."""
BURN: Final = 8
"""Burn the top card of the stock onto the pile (TOY-8)."""
_DISCARD: Final = 1  # c << 2 | 1: discard card c (TOY-5)
_MELD: Final = 2  # m << 2 | 2: lay the cards of mask m as a new meld (TOY-4)

# --- The core value: a tuple, read by these indices ---------------------------------

HANDS: Final = 0  # each player's hand, a bit mask of card codes
STOCK: Final = 1  # the stock, top card first: its Cards, which are their codes
PILE: Final = 2  # the discard pile, top card first, as the stock
MELDS: Final = 3  # each meld on the table: (owner, its codes in table order...)
PHASE: Final = 4  # 0 draw, 1 play, 2 over
TO_MOVE: Final = 5  # the player to move; -1 once the game is over
TURNS: Final = 6  # turns ended (ALL-5)
RESHUFFLES: Final = 7  # times the pile was turned over (TOY-7)
KNOWN: Final = 8  # () for nobody known to hold anything, or each player's mask
WINNER: Final = 9  # who emptied their hand (TOY-6); -1 for nobody
# What play never changes: (seed, dealer, burns, the turn limit, round_results).
FIXED: Final = 10

_PHASES: Final = (Phase.DRAW, Phase.PLAY, Phase.OVER)
_PHASE_CODE: Final = {phase: code for code, phase in enumerate(_PHASES)}
_DRAW_PHASE, _PLAY_PHASE, _OVER = range(3)  # places in _PHASES
_NO_LIMIT: Final = 1 << 62  # max_turns None: a limit no game reaches (ALL-5)

# --- Melds over bits (TOY-4) ----------------------------------------------------------

# A rank's four cards are four bits in a row (S H D C), so a set is a choice
# among a rank's bits. The machine's search lists a rank's sets in the order
# of a product over its suits, the first suit changing slowest: worked out
# once for each of the 16 ways a hand can hold a rank.
_SETS_OF: Final = tuple(
    tuple(
        sum(chosen)
        for chosen in product(*[(0, bit) for bit in (1, 2, 4, 8) if held & bit])
        if sum(chosen).bit_count() >= 3
    )
    for held in range(16)
)

# Every rank's nibble at once: bit 4r of each is set where rank r holds
# three cards or more (a popcount per nibble, then 3 or 4 tested).
_NIBBLE_LOW: Final = 0x1111_1111_1111_1111
_ONES: Final = 0x5555_5555_5555_5555
_TWOS: Final = 0x3333_3333_3333_3333

# A run goes up the ladder 2 … K A, the Ace high only (TOY-4): with the Aces'
# nibble (rank 1) moved above the Kings' (rank 14, codes 56 to 59), a run is
# bits 4 apart, and its first card is where three in a row begin.
_ACES: Final = 0xF << 4
_HIGH_ACES: Final = 0xF << 56


def _codes(mask: int) -> list[int]:
    """The codes of a mask's cards, lowest first: a hand in the order the library shows it."""
    codes = []
    while mask:
        low = mask & -mask
        codes.append(low.bit_length() - 1)
        mask ^= low
    return codes


def meld_masks(hand: int) -> list[int]:
    """Every meld the hand holds, as masks, in the order the machine lists them.

    Sets first, by rank (the Ace, rank 1, first), then runs, by suit, by their
    first place and their last (as :func:`~rummyrules.authoring.find_melds`).
    Most hands hold none, which two tests over the whole mask tell.

    >>> from rummyrules import parse_cards
    >>> hand = sum(1 << card for card in parse_cards("QH KH AH AS AD AC"))
    >>> [" ".join(str(BY_CODE[c]) for c in meld_codes(m)) for m in meld_masks(hand)]
    ['AH AD AC', 'AS AD AC', 'AS AH AC', 'AS AH AD', 'AS AH AD AC', 'QH KH AH']
    """
    found: list[int] = []
    pairs = hand - (hand >> 1 & _ONES)
    counts = (pairs & _TWOS) + (pairs >> 2 & _TWOS)  # each nibble: its rank's cards
    for start in _codes((counts >> 2 | counts & counts >> 1) & _NIBBLE_LOW):
        found.extend(chosen << start for chosen in _SETS_OF[hand >> start & 0xF])
    ladder = hand & ~_ACES | (hand & _ACES) << 52
    starts = ladder & ladder >> 4 & ladder >> 8
    if not starts:
        return found
    for suit in range(4):
        for start in _codes(starts & _NIBBLE_LOW << suit):
            run = 1 << start | 1 << start + 4
            end = start + 8
            while ladder >> end & 1:
                run |= 1 << end
                found.append(run & ~_HIGH_ACES | (run & _HIGH_ACES) >> 52)
                end += 4
    return found


def meld_codes(mask: int) -> tuple[int, ...]:
    """A meld's codes in table order: a set by suit, a run up the ladder (Ace last).

    >>> meld_codes(1 << 4 | 1 << 52 | 1 << 48)  # AS KS QS
    (48, 52, 4)
    """
    return tuple(sorted(_codes(mask), key=lambda code: (code // 4 - 2) % 13))


# --- The public values, made from codes once ----------------------------------------

_CARDS: Final[dict[int, Card]] = dict(BY_CODE)
_DISCARDS: Final = {code: Discard(card=card) for code, card in _CARDS.items()}
_FIXED_MOVES: Final[dict[int, Move]] = {DRAW: Draw(), TAKE: Take(), BURN: Burn()}
_NEW_MELDS: dict[int, NewMeld] = {}  # by mask: a game has few distinct melds
_TABLE_MELDS: dict[tuple[int, ...], TableMeld] = {}


# The cards of each byte of a mask, by the byte's place and value: a hand's
# cards are made in seven lookups, whatever it holds.
_BYTES: Final = tuple(
    tuple(
        tuple(_CARDS[code] for code in _codes(byte << 8 * place) if code in _CARDS)
        for byte in range(256)
    )
    for place in range(7)
)


def _cards(mask: int) -> tuple[Card, ...]:
    cards: tuple[Card, ...] = ()
    for table in _BYTES if mask else ():
        cards += table[mask & 255]
        mask >>= 8
    return cards


def _table_meld(record: tuple[int, ...]) -> TableMeld:
    found = _TABLE_MELDS.get(record)
    if found is None:  # a set's cards are all of one rank (code // 4), a run's not
        owner, *codes = record
        kind = MeldKind.SET if len({code >> 2 for code in codes}) == 1 else MeldKind.RUN
        meld = Meld(kind, tuple(map(_CARDS.__getitem__, codes)), (None,) * len(codes))
        found = _TABLE_MELDS[record] = TableMeld.laid(meld, owner=owner)
    return found


# --- Knowing who holds what ---------------------------------------------------------


def _known_taken(
    known: tuple[int, ...], players: int, player: int, code: int
) -> tuple[int, ...]:
    """A card taken face up is known to be in its taker's hand (TOY-3)."""
    masks = list(known) if known else [0] * players
    masks[player] |= 1 << code
    return tuple(masks)


def _known_played(known: tuple[int, ...], player: int, played: int) -> tuple[int, ...]:
    """A known card played is known no more; nobody known to hold anything is ``()``."""
    if not known or not known[player] & played:
        return known
    masks = list(known)
    masks[player] &= ~played
    return tuple(masks) if any(masks) else ()


class ToyCore:
    """Toy Rummy's :class:`~rummyrules.authoring.Core`: every option, listing and playing its moves.

    >>> from rummyrules.authoring import Core
    >>> isinstance(CORE, Core)
    True
    """

    def encode(self, state: Any) -> tuple[Any, ...]:
        """The core value of a state, read from its public fields.

        >>> from toy_game import ToyRummy
        >>> game = ToyRummy().new_game(seed=2)
        >>> CORE.fields(CORE.encode(game))["hands"] == game.hands
        True
        """
        rules = state.rules
        limit = _NO_LIMIT if rules.max_turns is None else rules.max_turns
        return (
            tuple(sum(1 << card for card in hand) for hand in state.hands),
            state.stock,
            state.discard_pile,
            tuple((meld.owner, *map(int, meld.cards)) for meld in state.melds),
            _PHASE_CODE[state.phase],
            -1 if state.to_move is None else state.to_move,
            state.turns,
            state.reshuffles,
            tuple(sum(1 << card for card in cards) for cards in state.known),
            -1 if state.winner is None else state.winner,
            (state.seed, state.dealer, rules.burns, limit, state.round_results),
        )

    def to_move(self, core: Any) -> int | None:
        """The player to move, None once the game is over.

        >>> from toy_game import ToyRummy
        >>> CORE.to_move(CORE.encode(ToyRummy().new_game(seed=2)))
        1
        """
        player: int = core[TO_MOVE]
        return None if player < 0 else player

    def legal_actions(self, core: Any, player: int) -> tuple[int, ...]:
        """The player's actions, in the machine's order; nobody moves out of turn.

        >>> from toy_game import ToyRummy
        >>> CORE.legal_actions(CORE.encode(ToyRummy().new_game(seed=2)), 1)
        (0, 4)
        """
        if player != core[TO_MOVE]:
            return ()
        phase = core[PHASE]
        if phase == _DRAW_PHASE:
            stock = core[STOCK]  # TOY-7: a state built by hand may have none
            burns = core[FIXED][2] and len(stock) >= 2  # TOY-8: one left to draw
            offered = ((DRAW, stock), (TAKE, core[PILE]), (BURN, burns))
            return tuple(action for action, allowed in offered if allowed)
        if phase != _PLAY_PHASE:
            return ()
        hand = core[HANDS][player]
        melds = [mask << 2 | _MELD for mask in meld_masks(hand)]
        discards = [code << 2 | _DISCARD for code in _codes(hand)]
        return (*melds, *discards)

    def action_to_move(self, core: Any, action: int, player: int) -> Move | None:
        """The move an action names (listed or not), or None for an int that names none.

        >>> CORE.action_to_move((), 48 << 2 | 1, 0), CORE.action_to_move((), 3, 0)
        (Discard(player=None, card=Card(rank=Rank.QUEEN, suit=Suit.SPADES)), None)
        """
        del core, player  # an action names the same move everywhere in Toy Rummy
        kind = action & 3
        if kind == 0:
            return _FIXED_MOVES.get(action)
        if kind == _DISCARD:
            return _DISCARDS.get(action >> 2)
        if kind != _MELD or action <= 0:
            return None
        mask = action >> 2
        found = _NEW_MELDS.get(mask)
        if found is None:
            codes = meld_codes(mask)
            if not all(code in _CARDS for code in codes):
                return None
            found = NewMeld(cards=tuple(_CARDS[code] for code in codes))
            if mask in meld_masks(mask):  # a meld: kept, and a game has few
                _NEW_MELDS[mask] = found
        return found

    def apply_action(self, core: Any, action: int, player: int) -> tuple[Any, ...]:
        """The core value after a listed action of the player to move.

        >>> from toy_game import ToyRummy
        >>> core = CORE.apply_action(CORE.encode(ToyRummy().new_game(seed=2)), DRAW, 1)
        >>> core[PHASE], len(core[STOCK])
        (1, 20)
        """
        if action == DRAW:
            return _drawn(core, player, STOCK)
        if action == TAKE:
            return _drawn(core, player, PILE)
        if action == BURN:  # TOY-8: the top card turned onto the pile
            stock = core[STOCK]
            return (core[HANDS], stock[1:], (stock[0], *core[PILE]), *core[MELDS:])
        return _played(core, action, player)

    def leaves_game(self, core: Any, action: int, player: int) -> bool:
        """Whether the action's move takes its player out of the game: never in Toy Rummy.

        >>> CORE.leaves_game((), 0, 0)
        False
        """
        del core, action, player
        return False

    def fields(self, core: Any) -> dict[str, Any]:
        """The state's public fields, by name, as the machine's state holds them.

        >>> from toy_game import ToyRummy
        >>> game = ToyRummy().new_game(seed=2).apply("take")
        >>> CORE.fields(CORE.encode(game))["known"] == game.known
        True
        """
        seed, dealer, _, _, round_results = core[FIXED]
        to_move = core[TO_MOVE]
        winner = core[WINNER]
        return {
            "seed": seed,
            "dealer": dealer,
            "hands": tuple(map(_cards, core[HANDS])),
            "stock": core[STOCK],
            "discard_pile": core[PILE],
            "melds": tuple(map(_table_meld, core[MELDS])),
            "phase": _PHASES[core[PHASE]],
            "to_move": None if to_move < 0 else to_move,
            "turns": core[TURNS],
            "reshuffles": core[RESHUFFLES],
            "known": tuple(map(_cards, core[KNOWN])),
            "round_results": round_results,
            "winner": None if winner < 0 else winner,
        }


def _drawn(core: tuple[Any, ...], player: int, source: int) -> tuple[Any, ...]:
    """The top card of the stock or the pile joins the hand (TOY-3); the turn goes on."""
    hands, stock, pile, melds, _, _, _, _, known, _, _ = core
    if source == STOCK:
        code, stock = stock[0], stock[1:]
    else:  # a card taken face up is known to be in the taker's hand
        code, pile = pile[0], pile[1:]
        known = _known_taken(known, len(hands), player, code)
    hand = list(hands)
    hand[player] |= 1 << code
    table = (tuple(hand), stock, pile, melds, _PLAY_PHASE)
    return (*table, *core[TO_MOVE:KNOWN], known, *core[WINNER:])


def _played(core: tuple[Any, ...], action: int, player: int) -> tuple[Any, ...]:
    """A new meld (TOY-4) or the discard (TOY-5), and what ends the turn or the game."""
    hands, stock, pile, melds, phase, _, turns, reshuffles, known, _, fixed = core
    mask = action >> 2
    if action & 3 == _MELD:
        melds = (*melds, (player, *meld_codes(mask)))
    else:
        pile = (_CARDS[mask], *pile)  # the card discarded tops the pile
        mask = 1 << mask
    hand = list(hands)
    hand[player] &= ~mask
    hands = tuple(hand)
    known = _known_played(known, player, mask)
    table = (hands, stock, pile, melds)
    if not hand[player]:  # TOY-6: the first to empty their hand wins, the game ends
        return (*table, _OVER, -1, turns + 1, reshuffles, known, player, fixed)
    if action & 3 == _MELD:  # the turn goes on
        return (*table, phase, player, turns, reshuffles, known, -1, fixed)
    turns += 1  # the discard ends the turn
    if turns >= fixed[3]:  # ALL-5: the turn limit ends the game with no winner
        return (*table, _OVER, -1, turns, reshuffles, known, -1, fixed)
    if not stock and len(pile) >= 2:  # TOY-7: the pile but its top, turned over
        table = (hands, pile[:0:-1], pile[:1], melds)
        reshuffles += 1
    to_move = (player + 1) % len(hands)
    return (*table, _DRAW_PHASE, to_move, turns, reshuffles, known, -1, fixed)


CORE: Final = ToyCore()
"""The one core every game of Toy Rummy plays; its options are in each core value."""
